"""Running a program on an 80x25 pseudo-terminal and reading what it shows.

``capture`` starts the command on a pty in a clean environment (``clean_environment``),
feeds every byte it writes through one terminal model (``retro.screenfiles.ansiread.TerminalModel``,
which also answers the program's queries: cursor position, device status and attributes),
plays a key script into it on the real clock, and returns the final screen as the PC's
char+attr buffer.

Timing.  Before the first token and after each one, the capture waits until the screen is
settled: the program has written nothing for ``settle_ms``.  A query the terminal answered
(who it is, where the cursor is) counts as output, and the quiet after an answer lasts at
least ``AFTER_QUERY_MS``, since a program that asks often waits a moment for more answers
before it draws (vttest waits 200 ms).  Before the program's first output the processes of
its session must also have used no CPU time for ``settle_ms``, none of them waiting for a
processor all the while (on Linux, from /proc), so a slow start is not taken for a finished
screen, even on a machine so loaded that the program gets no CPU time for a while, while a
program that prints nothing and waits for a key gets its first key after ``settle_ms``.
When ``timeout_s`` runs out first the capture fails, saying which wait ran out and how long
the screen had been changing, unless ``allow_busy`` (a clock, a spinner: screens that never
settle).  A program that has ended
is collected at once.  ``wait:MS`` sleeps (reading output meanwhile); ``expect:"text"``
waits until the text is on the screen, and the capture fails if it is not there within
``timeout_s``.  A ``"text"`` token is typed in one write, as a bracketed paste when the
program has turned bracketed paste on (DEC private mode 2004).

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
#: DEC private mode 2004, bracketed paste, and what a terminal sends around a paste.
BRACKETED_PASTE = 2004 << 5
PASTE_START, PASTE_END = b"\x1b[200~", b"\x1b[201~"

#: The quiet that settles a screen (measured on real programs: docs/capture.md).
DEFAULT_SETTLE_MS = 300
DEFAULT_TIMEOUT_S = 10.0
#: The least quiet after the terminal answered a query (vttest waits 200 ms for more).
AFTER_QUERY_MS = 500
#: How often a wait looks at the program's processes and whether it has ended.
POLL_S = 0.02
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
    #: A wait that ran out with the screen still changing (with ``allow_busy`` only; else
    #: it is the ``failure``).
    busy: str | None = None

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
        #: When the quiet that settles the screen may start: after the last output, or
        #: ``AFTER_QUERY_MS`` after the last answer to a query.
        self.quiet_from: float | None = None
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
        """Read what the program writes for up to ``seconds``; True if anything came.  Once
        the pty is closed it waits only until the program has ended."""
        if self.closed:
            with contextlib.suppress(subprocess.TimeoutExpired):
                self.process.wait(timeout=max(0.0, seconds))
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
        if self.tap is not None:
            self.tap(data)
        self.stream.feed_bytes(data)
        # The quiet counts from when the output has been read into the screen: reading a
        # large write can take longer than the settle time on a loaded machine.
        self.last_output = now = time.monotonic()
        self.quiet_from = max(now, self.quiet_from or now)
        if self.replies:
            answered = time.monotonic()
            self.quiet_from = max(self.quiet_from, answered + AFTER_QUERY_MS / 1000.0)
            while self.replies:
                self.write(self.replies.pop(0))
        return True

    def settle(self, quiet_s: float, timeout_s: float) -> Busy | None:
        """Read until the screen is settled (see the module docstring) or ``timeout_s`` has
        passed; None once settled (or the program has ended), else how it was busy."""
        start = time.monotonic()
        deadline = start + timeout_s
        first_change: float | None = None
        seen = self.last_output
        cpu = _session_cpu(self.process.pid) if self.last_output is None else None
        cpu_at = start
        while True:
            now = time.monotonic()
            if self.last_output != seen:
                seen = self.last_output
                first_change = first_change or seen
            if self.last_output is None and cpu is not None:
                used = _session_cpu(self.process.pid)
                # Still starting: it used the processor, or waits for one (a loaded machine
                # can leave it without a tick for longer than the settle time).
                if used is not None and (used != cpu or _session_runnable(self.process.pid)):
                    cpu, cpu_at = used, now
                    first_change = first_change or now
                quiet_since = cpu_at
            else:
                quiet_since = max(start, self.quiet_from or start)
            if self.closed and self.exited():
                return None
            if now - quiet_since >= quiet_s and not self.read(0):   # (nothing waiting)
                return None
            if now >= deadline:
                return Busy(timeout_s, quiet_s, 0.0 if first_change is None
                            else (self.last_output or now) - first_change,
                            self.last_output is not None)
            limit = min(deadline, quiet_since + quiet_s) - now
            self.read(min(limit, POLL_S) if cpu is not None or self.closed else limit)

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

    def paste(self, text: bytes) -> None:
        """Text typed in one write: a bracketed paste if the program asked for them."""
        if BRACKETED_PASTE in self.model.mode:
            text = PASTE_START + text + PASTE_END
        self.write(text)

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


@dataclass
class Busy:
    """A settle that ran out: the timeout, the quiet it waited for, how long the screen had
    been changing (from the first change in that wait to the last), and whether the program
    had written anything at all."""

    timeout_s: float
    quiet_s: float
    changing_s: float
    wrote: bool

    def says(self, when: str) -> str:
        """One line: which wait ran out and how long the screen had been changing."""
        quiet = f"{self.quiet_s * 1000:g} ms of quiet"
        if not self.wrote:
            return (f"--timeout {self.timeout_s:g} s ran out waiting for {quiet} {when}: "
                    f"the program wrote nothing and kept busy for {self.changing_s:.1f} s")
        return (f"--timeout {self.timeout_s:g} s ran out waiting for {quiet} {when}: the "
                f"screen had been changing for {self.changing_s:.1f} s")


def _session_cpu(pid: int) -> int | None:
    """The CPU time (clock ticks) the process ``pid`` and its descendants have used, the
    ended ones included; None where /proc cannot tell."""
    total = 0
    todo = [pid]
    try:
        while todo:
            current = todo.pop()
            with open(f"/proc/{current}/stat", "rb") as stat:
                fields = stat.read().rsplit(b")", 1)[1].split()
            total += sum(int(f) for f in fields[11:15])   # utime stime cutime cstime
            with open(f"/proc/{current}/task/{current}/children", "rb") as children:
                todo += [int(child) for child in children.read().split()]
    except (OSError, ValueError, IndexError):
        return None if current == pid else total
    return total


def _session_runnable(pid: int) -> bool:
    """Whether a process of ``pid``'s tree is running or waiting for a processor (state R),
    or for the disk (D): starting, not waiting for input.  False where /proc cannot tell."""
    todo = [pid]
    try:
        while todo:
            current = todo.pop()
            with open(f"/proc/{current}/stat", "rb") as stat:
                if stat.read().rsplit(b")", 1)[1].split()[0] in (b"R", b"D"):
                    return True
            with open(f"/proc/{current}/task/{current}/children", "rb") as children:
                todo += [int(child) for child in children.read().split()]
    except (OSError, ValueError, IndexError):
        return False
    return False


#: Signals a terminal gives its program in their default state, whatever its own were: a
#: capture started under ``nohup`` (or from a pytest-xdist worker) would otherwise pass on
#: an ignored SIGHUP, and a shell cannot even trap a signal ignored when it starts.
DEFAULT_SIGNALS = (signal.SIGHUP, signal.SIGINT, signal.SIGQUIT, signal.SIGTERM,
                   signal.SIGTSTP, signal.SIGTTIN, signal.SIGTTOU)


def _take_terminal() -> None:
    """In the child, after setsid: make the pty its controlling terminal (``less`` reads
    keys from /dev/tty, and a hangup must reach it), with the signals as a terminal
    starts its program."""
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)
    for signum in DEFAULT_SIGNALS:
        signal.signal(signum, signal.SIG_DFL)


def capture(command: Sequence[str] | str, keys: str = "", *,
            settle_ms: int = DEFAULT_SETTLE_MS, timeout_s: float = DEFAULT_TIMEOUT_S,
            env: Mapping[str, str] | None = None, home: str | os.PathLike[str] | None = None,
            cwd: str | os.PathLike[str] | None = None, mono: bool = False,
            allow_busy: bool = False,
            tap: Callable[[bytes], None] | None = None) -> CaptureResult:
    """Run ``command`` on an 80x25 pty, play ``keys`` into it, return the final screen.

    ``command`` is a list of arguments or one string split as a shell would.  ``env`` adds
    to the clean environment; ``home`` is HOME (default: a fresh empty folder, removed
    afterwards).  ``mono`` reads the cells as an MDA screen (so underlining counts).
    ``allow_busy`` takes a screen that never settles (a clock) as it is when a settle's
    ``timeout_s`` runs out, instead of failing (``result.busy`` still says so).
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
            return _play(terminal, args, tokens, settle_ms / 1000.0, timeout_s, allow_busy)
        finally:
            terminal.hang_up()   # (at once if it has ended: an error left it running)


def _findable(program: str, path: str, cwd: str | os.PathLike[str] | None) -> bool:
    """Whether the program would be found as the child looks for it: a name with a slash
    from ``cwd``, any other name on the child's own PATH (``env`` may set it)."""
    if "/" in program:
        return (Path(cwd or ".") / program).is_file()
    return shutil.which(program, path=path) is not None


def _play(terminal: Terminal, args: list[str], tokens: list[list[Step]], settle_s: float,
          timeout_s: float, allow_busy: bool) -> CaptureResult:
    failure = None
    ended_before = 0
    busy: str | None = None   # the first settle that ran out, in words

    def settle(when: str) -> None:
        nonlocal busy
        ran_out = terminal.settle(settle_s, timeout_s)
        if ran_out is not None and busy is None:
            busy = ran_out.says(when)

    settle("before the first token" if tokens else "before the screen was taken")
    for number, steps in enumerate(tokens, start=1):
        if busy is not None and not allow_busy:
            break
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
        elif len(steps) > 1:          # "text": typed in one write, as a paste
            terminal.paste(b"".join(encode_key(s.name) for s in steps if isinstance(s, Key)))
        else:
            terminal.type(head)
        settle(f"after token {number} of {len(tokens)}")
    screen = terminal.screen()
    if terminal.tap is not None:
        terminal.tap(b"")   # the screen is taken: what the program writes as it quits is not
        terminal.tap = None
    hung_up = terminal.hang_up()
    result = CaptureResult(screen, args, terminal.process.returncode, hung_up, failure, busy)
    if ended_before:
        result.failure = f"{result.ended()} before token {ended_before} of the script"
    elif failure is None and busy is not None and not allow_busy:
        result.failure = f"{busy} (--allow-busy takes such a screen)"
    elif result.failure is None and not hung_up and result.status != 0:
        result.failure = f"{result.ended()}: it failed"
    return result
