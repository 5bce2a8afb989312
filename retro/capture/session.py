"""Running a program on an 80x25 pseudo-terminal and reading what it shows.

``capture`` starts the command on a pty in a clean environment (``clean_environment``),
feeds every byte it writes through one terminal model (``retro.screenfiles.ansiread.TerminalModel``,
which also answers the program's queries: cursor position, device status and attributes),
plays a key script into it on the real clock, and returns the final screen as the PC's
char+attr buffer.

Timing.  Before the first token and after each one, the capture waits until the program has
been quiet (written nothing) for ``settle_ms``, or ``timeout_s`` has passed.  Before the
first token the quiet time counts from the program's first output, so a slow start is not
mistaken for a finished screen.  ``wait:MS`` sleeps (reading output meanwhile);
``expect:"text"`` waits until the text is on the screen, and the capture fails if it is not
there within ``timeout_s``.  A ``"text"`` token is typed in one write.

The end.  Once the script is played the screen is taken, then the program gets SIGHUP (its
whole process group: a shell's children too) and, if it is still running after
``HANGUP_GRACE_S``, SIGKILL.  What it writes while it quits does not change the screen.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import select
import shlex
import shutil
import signal
import struct
import subprocess
import tempfile
import termios
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from retro.frontends.script import Chord, Expect, Step, Wait, parse_tokens
from retro.frontends.termkeys import encode_click, encode_key
from retro.pc.events import Click, Key
from retro.pc.screen import COLS, ROWS, Screen
from retro.screenfiles.ansiread import ByteTerminalStream, TerminalModel, cells_to_screen

#: DEC private mode 1, application cursor keys (DECCKM), as pyte stores private modes.
APPLICATION_CURSOR = 1 << 5

DEFAULT_SETTLE_MS = 150
DEFAULT_TIMEOUT_S = 10.0
#: How long a program has to quit after SIGHUP before it gets SIGKILL.
HANGUP_GRACE_S = 2.0

#: The environment every captured program gets (plus PATH, and HOME, see below).
CLEAN_ENVIRONMENT = {
    "TERM": "xterm-256color",
    "COLUMNS": str(COLS),
    "LINES": str(ROWS),
    "LANG": "C.UTF-8",
    "LC_ALL": "C.UTF-8",
    "TZ": "UTC",
}


class CaptureError(Exception):
    """A command that cannot be started; the message names it."""


@dataclass
class CaptureResult:
    """What a capture ends with: the screen, how the program ended, and whether the script
    was played to its end (``failure`` says why not, in one line)."""

    screen: Screen
    command: list[str]
    status: int | None        # exit status; -N when a signal N ended it
    hung_up: bool             # it was still running at the end and was sent SIGHUP
    failure: str | None = None

    @property
    def ok(self) -> bool:
        return self.failure is None

    def ended(self) -> str:
        """One line on how the program ended."""
        name = Path(self.command[0]).name
        if self.status is None:
            return f"{name} did not end"
        if self.status < 0:
            how = signal.Signals(-self.status).name
            return f"{name} ended by {how}" + (" after the script" if self.hung_up else "")
        return f"{name} exited with status {self.status}" + (
            " when hung up after the script" if self.hung_up else "")


def clean_environment(home: str | os.PathLike[str], extra: Mapping[str, str] | None = None
                      ) -> dict[str, str]:
    """``CLEAN_ENVIRONMENT`` with the caller's PATH and ``home`` as HOME (a fresh folder by
    default, so no dotfile of the user's changes what the program shows), then ``extra``."""
    env = dict(CLEAN_ENVIRONMENT)
    env["PATH"] = os.environ.get("PATH", os.defpath)
    env["HOME"] = str(home)
    env.update(extra or {})
    return env


class Terminal:
    """The pty of one running program and the terminal model that reads its output."""

    def __init__(self, command: list[str], env: dict[str, str], cwd: str | None,
                 mono: bool = False, tap: Callable[[bytes], None] | None = None) -> None:
        self.mono = mono
        #: Told of every piece of output as it is read (b"" once the screen is taken).
        self.tap = tap
        # The model's answers to queries are sent once a read has been fed, never from
        # inside the parser (writing may have to read, which would feed the parser again).
        self.replies: list[bytes] = []
        self.model = TerminalModel(COLS, ROWS, reply=self.replies.append)
        self.stream = ByteTerminalStream(self.model)
        self.last_output: float | None = None
        self.bytes_read = 0
        master, slave = os.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", ROWS, COLS, 0, 0))
        self.master = master
        try:
            self.process = subprocess.Popen(
                command, stdin=slave, stdout=slave, stderr=slave, env=env, cwd=cwd,
                start_new_session=True, preexec_fn=_take_terminal, close_fds=True)
        except OSError as err:
            os.close(master)
            raise CaptureError(f"cannot start {command[0]}: {err.strerror or err}") from None
        finally:
            os.close(slave)
        os.set_blocking(master, False)
        self.closed = False   # the program's side of the pty is closed: nothing more comes

    # -- output -------------------------------------------------------------------------

    def read(self, seconds: float) -> bool:
        """Read what the program writes for up to ``seconds``; True if anything came."""
        if self.closed:
            time.sleep(max(0.0, seconds))
            return False
        try:
            ready = select.select([self.master], [], [], max(0.0, seconds))[0]
        except InterruptedError:
            return False
        if not ready:
            return False
        try:
            data = os.read(self.master, 65536)
        except BlockingIOError:
            return False
        except OSError:     # EIO: every process holding the pty has closed it
            data = b""
        if not data:
            self.closed = True
            return False
        self.bytes_read += len(data)
        self.last_output = time.monotonic()
        if self.tap is not None:
            self.tap(data)
        self.stream.feed_bytes(data)
        while self.replies:
            self.write(self.replies.pop(0))
        return True

    def settle(self, quiet_s: float, timeout_s: float, *, first: bool = False) -> bool:
        """Read until nothing has come for ``quiet_s`` (counted from the first output when
        ``first``) or ``timeout_s`` has passed; True if it went quiet."""
        start = time.monotonic()
        deadline = start + timeout_s
        since = None if first else start
        while True:
            now = time.monotonic()
            if self.last_output is not None and (since is None or self.last_output > since):
                since = self.last_output
            if since is not None and now - since >= quiet_s:
                return True
            if now >= deadline or (self.closed and self.exited()):
                return self.closed
            wait = deadline - now if since is None else min(deadline, since + quiet_s) - now
            self.read(wait)

    def wait_for_text(self, text: str, timeout_s: float) -> bool:
        deadline = time.monotonic() + timeout_s
        while not self.shows(text):
            now = time.monotonic()
            if now >= deadline or (self.closed and self.exited()):
                return self.shows(text)
            self.read(min(0.05, deadline - now) if self.closed else deadline - now)
        return True

    def shows(self, text: str) -> bool:
        return any(text in line for line in self.model.display)

    def screen(self) -> Screen:
        return cells_to_screen(self.model, mono=self.mono)

    # -- input --------------------------------------------------------------------------

    def write(self, data: bytes) -> None:
        view = memoryview(data)
        deadline = time.monotonic() + 5.0
        while view and not self.closed:
            try:
                view = view[os.write(self.master, view):]
            except BlockingIOError:
                if time.monotonic() > deadline:
                    return   # the program reads nothing: the rest of the input is lost
                self.read(0.01)   # it may be blocked writing to us: keep reading
            except OSError:
                return

    def type(self, step: Step) -> None:
        match step:
            case Key(name):
                app = APPLICATION_CURSOR in self.model.mode
                self.write(encode_key(name, application_cursor=app))
            case Click(row, col, button):
                self.write(encode_click(row, col, button))
            case Chord():
                self.write(step.sequence())

    # -- the end ------------------------------------------------------------------------

    def exited(self) -> bool:
        return self.process.poll() is not None

    def hang_up(self, grace_s: float = HANGUP_GRACE_S) -> bool:
        """SIGHUP to the program's process group, SIGKILL after ``grace_s``; True if the
        program was still running."""
        if self.exited():
            self.close()
            return False
        self._signal(signal.SIGHUP)
        deadline = time.monotonic() + grace_s
        while not self.exited() and time.monotonic() < deadline:
            self.read(0.02)   # drain: a program blocked writing could not quit
        if not self.exited():
            self._signal(signal.SIGKILL)
        self.close()
        return True

    def close(self) -> None:
        with contextlib.suppress(OSError):
            os.close(self.master)
        self.closed = True
        try:
            self.process.wait(timeout=HANGUP_GRACE_S)
        except subprocess.TimeoutExpired:
            self._signal(signal.SIGKILL)
            self.process.wait()

    def _signal(self, signum: int) -> None:
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(self.process.pid, signum)


def _take_terminal() -> None:
    """In the child, after setsid: make the pty its controlling terminal (``less`` reads
    keys from /dev/tty, and a hangup must reach it)."""
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)


def capture(command: Sequence[str] | str, keys: str = "", *,
            settle_ms: int = DEFAULT_SETTLE_MS, timeout_s: float = DEFAULT_TIMEOUT_S,
            env: Mapping[str, str] | None = None, home: str | os.PathLike[str] | None = None,
            cwd: str | os.PathLike[str] | None = None, mono: bool = False,
            tap: Callable[[bytes], None] | None = None) -> CaptureResult:
    """Run ``command`` on an 80x25 pty, play ``keys`` into it, return the final screen.

    ``command`` is a list of arguments or one string split as a shell would.  ``env`` adds
    to the clean environment; ``home`` is HOME (default: a fresh empty folder, removed
    afterwards).  ``mono`` reads the cells as an MDA screen (so underlining counts).
    Raises ``retro.frontends.script.ScriptError`` for a bad key script and ``CaptureError`` for a
    command that cannot be started.  A program that fails, or an ``expect`` not met in
    time, is ``result.failure``.  ``tap`` is told of every piece of the program's output as
    it is read, and gets ``b""`` when the screen is taken (what comes later is not shown).
    """
    args = shlex.split(command) if isinstance(command, str) else list(command)
    if not args:
        raise CaptureError("no command to run")
    tokens = parse_tokens(keys)
    if not _findable(args[0], (env or {}).get("PATH", os.environ.get("PATH", os.defpath)),
                     cwd):
        raise CaptureError(f"no such command: {args[0]}")
    with contextlib.ExitStack() as stack:
        if home is None:
            home = stack.enter_context(tempfile.TemporaryDirectory(prefix="retro-capture-"))
        terminal = Terminal(args, clean_environment(home, env),
                            None if cwd is None else str(cwd), mono, tap)
        try:
            return _play(terminal, args, tokens, settle_ms / 1000.0, timeout_s)
        finally:
            terminal.hang_up()   # (at once if it has ended: an error left it running)


def _findable(program: str, path: str, cwd: str | os.PathLike[str] | None) -> bool:
    """Whether the program would be found as the child looks for it: a name with a slash
    from ``cwd``, any other name on the child's own PATH (``env`` may set it)."""
    if "/" in program:
        return (Path(cwd or ".") / program).is_file()
    return shutil.which(program, path=path) is not None


def _play(terminal: Terminal, args: list[str], tokens: list[list[Step]], settle_s: float,
          timeout_s: float) -> CaptureResult:
    failure = None
    ended_before = 0
    terminal.settle(settle_s, timeout_s, first=True)
    for number, steps in enumerate(tokens, start=1):
        if terminal.exited():
            ended_before = number
            break
        head = steps[0]
        if isinstance(head, Wait):
            end = time.monotonic() + head.ms / 1000.0
            while (left := end - time.monotonic()) > 0:
                terminal.read(left)
        elif isinstance(head, Expect):
            if not terminal.wait_for_text(head.text, timeout_s):
                failure = (f"expect:{head.text!r} (token {number}) was not on the screen "
                           f"after {timeout_s:g} s")
                break
        elif len(steps) > 1:          # "text": typed in one write, as a paste would be
            terminal.write(b"".join(encode_key(s.name) for s in steps
                                    if isinstance(s, Key)))
        else:
            terminal.type(head)
        terminal.settle(settle_s, timeout_s)
    screen = terminal.screen()
    if terminal.tap is not None:
        terminal.tap(b"")   # the screen is taken: what the program writes as it quits is not
        terminal.tap = None
    hung_up = terminal.hang_up()
    result = CaptureResult(screen, args, terminal.process.returncode, hung_up, failure)
    if ended_before:
        result.failure = f"{result.ended()} before token {ended_before} of the script"
    elif failure is None and not hung_up and result.status != 0:
        result.failure = f"{result.ended()}: it failed"
    return result
