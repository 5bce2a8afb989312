"""The terminal front end: play the 80x25 machine in any modern terminal.

``run_terminal`` puts the terminal in raw mode on the alternate screen, draws the buffer
through ``retro.screenfiles.ansi`` (only what changed, once a frame), reads keys and mouse clicks
through ``retro.frontends.termkeys``, rings the terminal bell for beeps, and gives the terminal back
exactly as it found it: on a normal end, an error inside the program, Ctrl+C, SIGTERM,
SIGINT or SIGHUP.  It uses only the standard library (termios, tty, select, signal): those
do the whole job on every Unix terminal, so no extra dependency is worth its weight.

A terminal smaller than 80x25 gets a short message saying what size is needed; the
program keeps waiting (keys are not passed on while it cannot be seen) and the screen is
redrawn as soon as the window is large enough.
"""

from __future__ import annotations

import contextlib
import io
import os
import select
import signal
import sys
import termios
import textwrap
import time
import tty
from collections.abc import Callable, Coroutine, Mapping
from types import FrameType
from typing import Any

from retro.frontends.host import Observer, run_realtime
from retro.frontends.termcaps import (
    EightColours,
    TermCaps,
    caps_for,
    read_terminfo,
    without_cursor_shape,
)
from retro.frontends.termkeys import Interrupt, KeyDecoder
from retro.pc.machine import Machine, SpeakerLike
from retro.pc.screen import COLS, ROWS
from retro.screenfiles.ansi import COLOR_MODES, AnsiEncoder

CSI = "\x1b["
#: Sent on entry: alternate screen, no autowrap (column 80 must not scroll), cursor hidden.
ENTER = f"{CSI}?1049h{CSI}?7l{CSI}?25l".encode()
#: Mouse reporting: button presses and releases, in the SGR form (any column, unambiguous),
#: or, for a terminal whose terminfo says it reports in the older X10 form, in that form.
MOUSE_ON = f"{CSI}?1000h{CSI}?1006h".encode()
MOUSE_OFF = f"{CSI}?1006l{CSI}?1000l".encode()
X10_MOUSE_ON = f"{CSI}?1000h".encode()
X10_MOUSE_OFF = f"{CSI}?1000l".encode()
#: Sent on exit whatever happened: colours, cursor shape and visibility, autowrap, screen.
RESTORE = f"{CSI}0m{CSI}0 q{CSI}?7h{CSI}?25h{CSI}?1049l".encode()
BEL = b"\a"
#: Synchronized output (DEC mode 2026): the terminal shows a frame only once it is complete,
#: so a large update never tears.  Sent only to xterm-like terminals (``retro.frontends.termcaps``).
FRAME_BEGIN = f"{CSI}?2026h".encode()
FRAME_END = f"{CSI}?2026l".encode()

#: The VGA blinks bit-7 text every 16 frames at 70 Hz; used when the encoder blinks itself.
BLINK_PERIOD_S = 32 / 70
#: Beeps closer together than this ring the bell once (a tune is one ring, not a buzz).
BELL_GAP_S = 0.2

QUIT_SIGNALS = (signal.SIGTERM, signal.SIGINT, signal.SIGHUP)


class TerminalUnavailable(RuntimeError):
    """The terminal front end cannot run here (no terminal, or one that cannot be used)."""


def choose_colors(colors: str = "auto", environ: Mapping[str, str] | None = None) -> str:
    """``"auto"``: 24-bit when COLORTERM says the terminal has it, else the 16 colours."""
    if colors == "auto":
        env = os.environ if environ is None else environ
        return "24bit" if env.get("COLORTERM", "").lower() in ("truecolor", "24bit") else "16"
    if colors not in COLOR_MODES:
        raise ValueError(f"colors must be auto, {', '.join(COLOR_MODES)}; not {colors!r}")
    return colors


def too_small_message(cols: int, rows: int) -> str:
    return (f"This needs a terminal at least {COLS} columns wide and {ROWS} rows high; "
            f"this one is {cols}x{rows}. Make the window larger to go on, or press Ctrl+C "
            "to quit.")


class BellSpeaker:
    """Wraps the machine's speaker: same durations, plus a terminal bell per beep or tune."""

    def __init__(self, inner: SpeakerLike) -> None:
        self.inner = inner
        self.rings: list[float] = []   # machine times at which a bell is due

    @property
    def enabled(self) -> bool:
        return self.inner.enabled

    @enabled.setter
    def enabled(self, on: bool) -> None:
        self.inner.enabled = on

    def tone(self, hz: float, seconds: float, at: float) -> float:
        if self.enabled:
            self.rings.append(at)
        return self.inner.tone(hz, seconds, at)

    def play(self, music: str, at: float) -> float:
        seconds = self.inner.play(music, at)
        if self.enabled and seconds > 0:
            self.rings.append(at)
        return seconds

    def stop(self, at: float) -> None:
        self.rings.clear()
        self.inner.stop(at)

    def pcm(self, rate: int = 44100, until: float | None = None) -> Any:
        return self.inner.pcm(rate, until)

    def recording(self, now: float, rate: int = 44100) -> Any:
        return self.inner.recording(now, rate)

    def due(self, now: float) -> bool:
        """Whether a bell is due by ``now`` (each queued ring is used up)."""
        if not self.rings or min(self.rings) > now:
            return False
        self.rings = [t for t in self.rings if t > now]
        return True

    def next_ring(self) -> float | None:
        return min(self.rings) if self.rings else None


class TerminalFrontend:
    """The ``retro.frontends.host.Frontend`` of a terminal: raw keys in, ANSI frames out."""

    def __init__(self, machine: Machine, *, in_fd: int, out_fd: int, colors: str,
                 blink: str = "sgr", bell: bool = True, caps: TermCaps | None = None) -> None:
        self.machine = machine
        self.in_fd, self.out_fd = in_fd, out_fd
        if caps is None:
            term = os.environ.get("TERM", "")
            caps = caps_for(term, read_terminfo(term, out_fd))
        self.caps = caps
        self.encoder = AnsiEncoder(colors, blink=blink)
        self._eight = EightColours() if colors == "16" and caps.colors < 16 else None
        self.decoder = KeyDecoder()
        self.bell: BellSpeaker | None = None
        self._bell_wanted = bell
        self._last_bell = -BELL_GAP_S
        self._saved_termios: list[Any] | None = None
        self._saved_handlers: dict[int, Any] = {}
        self._saved_speaker: SpeakerLike | None = None
        self._opened = False
        self._resized = False
        self._quit_signal: int | None = None
        self.interrupted = False  # Ctrl+C typed (raw mode turns it into a byte, not SIGINT)
        self._too_small: tuple[int, int] | None = None
        self.gone = False  # the terminal went away: nothing more is written

    # -- entering and leaving ------------------------------------------------------------

    def open(self) -> None:
        for fd, what in ((self.in_fd, "input"), (self.out_fd, "output")):
            if not os.isatty(fd):
                raise TerminalUnavailable(f"the {what} is not a terminal")
        if os.environ.get("TERM", "") == "dumb":
            raise TerminalUnavailable("TERM=dumb cannot place the cursor or show colours")
        try:
            self._saved_termios = termios.tcgetattr(self.in_fd)
            os.get_terminal_size(self.out_fd)
        except (termios.error, OSError) as err:
            raise TerminalUnavailable(f"cannot use the terminal ({err})") from None
        self._opened = True
        try:
            self._install_signals()   # first: a signal must never leave a raw terminal behind
            tty.setraw(self.in_fd, termios.TCSANOW)
            if self._bell_wanted:
                self._saved_speaker = self.machine.speaker
                self.bell = BellSpeaker(self.machine.speaker)
                self.machine.speaker = self.bell
            self._write(ENTER + self._mouse(on=True))
            self._check_size()
        except BaseException:
            self.close()
            raise

    def close(self) -> None:
        """Give the terminal back as it was; safe to call more than once."""
        if not self._opened:
            return
        self._opened = False
        if not self.gone:
            self._write(self._mouse(on=False) + RESTORE)
        if self._saved_termios is not None:
            # If the terminal hung up there is nothing left to restore.
            with contextlib.suppress(termios.error):
                termios.tcsetattr(self.in_fd, termios.TCSADRAIN, self._saved_termios)
        for signum, handler in self._saved_handlers.items():
            signal.signal(signum, handler)
        self._saved_handlers.clear()
        if self._saved_speaker is not None:
            self.machine.speaker = self._saved_speaker
            self._saved_speaker = None

    def _mouse(self, *, on: bool) -> bytes:
        """What turns the terminal's mouse reports on or off (nothing without a mouse)."""
        if not self.machine.flags.mouse or self.caps.mouse is None:
            return b""
        if self.caps.mouse == "x10":
            return X10_MOUSE_ON if on else X10_MOUSE_OFF
        return MOUSE_ON if on else MOUSE_OFF

    def _install_signals(self) -> None:
        handlers: dict[int, Callable[[int, FrameType | None], None]] = {
            signal.SIGWINCH: self._on_resize,
            **{s: self._on_quit for s in QUIT_SIGNALS},
        }
        try:
            for signum, handler in handlers.items():
                self._saved_handlers[signum] = signal.signal(signum, handler)
        except ValueError:
            pass  # not the main thread: no signal handling, the finally still restores

    def _on_resize(self, signum: int, frame: FrameType | None) -> None:
        self._resized = True

    def _on_quit(self, signum: int, frame: FrameType | None) -> None:
        if self._quit_signal is not None:
            # Asked twice: the program did not stop in time; unwind now (close() restores)
            # and leave with the status a shell expects of a process killed by a signal.
            raise SystemExit(128 + signum)
        self._quit_signal = signum
        if signum == signal.SIGHUP:
            self.gone = True

    # -- the Frontend protocol -----------------------------------------------------------

    def pump(self, machine: Machine) -> bool:
        if self._quit_signal is not None or self.gone:
            return False
        if self._resized:
            self._resized = False
            self._check_size()
        now = time.monotonic()
        events = []
        try:
            while select.select([self.in_fd], [], [], 0)[0]:
                data = os.read(self.in_fd, 4096)
                if not data:
                    self.gone = True
                    return False
                events += self.decoder.feed(data, now)
        except OSError:
            self.gone = True  # the terminal hung up
            return False
        events += self.decoder.expire(now)
        for event in events:
            if isinstance(event, Interrupt):
                self.interrupted = True
                return False
            if self._too_small is None:
                machine.push(event)
        return True

    def present(self, machine: Machine) -> None:
        if self.gone:
            return
        out = b""
        if self._too_small is None:
            blink_on = int(machine.now() / (BLINK_PERIOD_S / 2)) % 2 == 0
            frame = self.encoder.frame(machine.screen, blink_on)
            if frame and self._eight is not None:
                frame = self._eight(frame)
            out = FRAME_BEGIN + frame + FRAME_END if frame and self.caps.sync else frame
        if self.bell is not None and self.bell.due(machine.now()):
            now = time.monotonic()
            if machine.sound and now - self._last_bell >= BELL_GAP_S:
                out += BEL
                self._last_bell = now
        if out:
            self._write(out)

    def wait(self, seconds: float) -> None:
        now = time.monotonic()
        deadline = self.decoder.deadline
        if deadline is not None:
            seconds = min(seconds, max(0.0, deadline - now))
        if self.bell is not None and (ring := self.bell.next_ring()) is not None:
            seconds = min(seconds, max(0.0, ring - self.machine.now()))
        try:
            select.select([self.in_fd], [], [], seconds)
        except OSError:
            self.gone = True

    def exit_status(self) -> int:
        """What the shell should see: 0, 130 after Ctrl+C, 128 + N after signal N."""
        if self._quit_signal is not None:
            return 128 + self._quit_signal
        return 130 if self.interrupted else 0

    # -- helpers -------------------------------------------------------------------------

    def _check_size(self) -> None:
        try:
            cols, rows = os.get_terminal_size(self.out_fd)
        except OSError:
            self.gone = True
            return
        if cols >= COLS and rows >= ROWS:
            self._too_small = None
            self.encoder.reset()  # the terminal may have reflowed or cleared: redraw all
            return
        self._too_small = (cols, rows)
        width = max(10, cols - 1)
        lines = textwrap.wrap(too_small_message(cols, rows), width)[: max(1, rows - 1)]
        text = "".join(f"{CSI}{n + 1};1H{line}" for n, line in enumerate(lines))
        self._write(f"{CSI}0m{CSI}?25l{CSI}2J{text}".encode())
        self.encoder.reset()

    def _write(self, data: bytes) -> None:
        if self.gone:
            return
        if not self.caps.cursor_shape:
            data = without_cursor_shape(data)
        view = memoryview(data)
        try:
            while view:
                written = os.write(self.out_fd, view)
                view = view[written:]
        except OSError:
            self.gone = True  # EIO or EPIPE: the terminal is gone


def run_terminal(machine: Machine, coroutine: Coroutine[Any, Any, None], *,
                 colors: str = "auto", blink: str = "sgr", bell: bool = True,
                 in_fd: int | None = None, out_fd: int | None = None,
                 observer: Observer | None = None) -> int:
    """Play ``coroutine`` on ``machine`` in the terminal until it ends or the player quits.

    ``colors`` is ``"auto"``, ``"24bit"`` or ``"16"``; ``blink`` ``"sgr"`` (the terminal
    blinks bit-7 text) or ``"phase"`` (the front end redraws it, for terminals that do not
    blink); ``bell`` rings the terminal bell for beeps while the sound is on.  Raises
    ``TerminalUnavailable`` if standard input or output is not a usable terminal.  The
    terminal is restored however the run ends.  Returns the exit status for the shell: 0,
    130 after Ctrl+C, 143 after SIGTERM (128 + the signal), as for a program it killed.
    """
    try:
        in_fd = sys.stdin.fileno() if in_fd is None else in_fd
        out_fd_used = sys.stdout.fileno() if out_fd is None else out_fd
    except (AttributeError, ValueError, io.UnsupportedOperation) as err:
        raise TerminalUnavailable(f"no terminal to play in ({err})") from None
    term = os.environ.get("TERM", "")
    caps = caps_for(term, read_terminfo(term, out_fd_used))
    chosen = choose_colors(colors)
    if colors == "auto" and caps.colors < 16:
        chosen = "16"  # COLORTERM inherited by a console that shows 8: it is not believed
    frontend = TerminalFrontend(machine, in_fd=in_fd, out_fd=out_fd_used, colors=chosen,
                                blink=blink, bell=bell, caps=caps)
    if out_fd is None:
        sys.stdout.flush()  # nothing Python buffered may land in the middle of a frame
    frontend.open()
    try:
        run_realtime(machine, coroutine, frontend, observer)
    finally:
        frontend.close()
    return frontend.exit_status()
