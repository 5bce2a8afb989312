"""Starting with no display, and with no sound, in a pseudo-terminal as a user would.

Nothing forces an SDL driver here: SDL_VIDEODRIVER, DISPLAY and WAYLAND_DISPLAY are removed
from the child's environment, so SDL falls back to its invisible ``offscreen`` driver; retro
must say "no display" once and play in the terminal.  With a window asked for by name
(``SDL_VIDEODRIVER=dummy``) and an audio device that cannot open, the "no sound" notice
comes at start, once, with none of the audio library's own lines; SIGTERM ends it with 143.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import pty
import select
import signal
import struct
import subprocess
import sys
import termios
import time
from pathlib import Path

import pyte
import pytest

REPO = Path(__file__).resolve().parents[2]
#: What the audio and video libraries print by themselves (never retro's own words).
NOISE = ("ALSA lib", "XDG_RUNTIME_DIR", "pygame ", "Traceback")
LIMIT_S = 30.0  # guards against a hang only


class Child:
    """``python -m retro.cli ARGS`` on a pty (stdin, stdout) with stderr on a pipe."""

    def __init__(self, args: list[str], home: Path, **env: str) -> None:
        environ = {k: v for k, v in os.environ.items()
                   if k not in ("SDL_VIDEODRIVER", "DISPLAY", "WAYLAND_DISPLAY",
                                "SDL_AUDIODRIVER", "COLORTERM")}
        environ.update(TERM="xterm-256color", RETRO_HOME=str(home), PYTHONPATH=str(REPO),
                       **env)
        master, slave = pty.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 25, 80, 0, 0))
        self.proc = subprocess.Popen([sys.executable, "-m", "retro.cli", *args], stdin=slave,
                                     stdout=slave, stderr=subprocess.PIPE, env=environ,
                                     cwd=home, start_new_session=True)
        os.close(slave)
        self.master = master
        self.screen = pyte.Screen(80, 25)
        self.stream = pyte.ByteStream(self.screen)
        self.err = b""

    def _pump(self, timeout: float) -> None:
        assert self.proc.stderr is not None
        ready, _, _ = select.select([self.master, self.proc.stderr], [], [], timeout)
        if self.master in ready:
            with contextlib.suppress(OSError):  # the child has closed the terminal
                self.stream.feed(os.read(self.master, 65536))
        if self.proc.stderr in ready:
            self.err += os.read(self.proc.stderr.fileno(), 65536)

    def until(self, condition, what: str) -> None:
        end = time.monotonic() + LIMIT_S
        while not condition():
            assert time.monotonic() < end, f"waited for {what}; stderr: {self.err!r}"
            assert self.proc.poll() is None, f"ended before {what}; stderr: {self.err!r}"
            self._pump(0.1)

    def finish(self) -> tuple[int, str]:
        end = time.monotonic() + LIMIT_S
        while self.proc.poll() is None and time.monotonic() < end:
            self._pump(0.1)
        status = self.proc.wait(5)
        assert self.proc.stderr is not None
        self.err += self.proc.stderr.read()
        os.close(self.master)
        return status, self.err.decode(errors="replace")


def test_no_display_plays_in_the_terminal_after_one_notice(tmp_path: Path, tally) -> None:
    child = Child(["charmap"], tmp_path)
    child.until(lambda: "page 1 of 3" in "".join(child.screen.display), "the terminal screen")
    os.write(child.master, b"q")
    status, err = child.finish()
    lines = err.splitlines()
    ok = (status == 0 and len(lines) == 1 and lines[0].startswith("retro: no display (")
          and lines[0].endswith("playing in the terminal")
          and not any(word in err for word in NOISE))
    tally("no display, no sound", 1, int(ok))
    assert ok, (status, err)


def test_a_dead_display_is_named_and_play_goes_on_in_the_terminal(tmp_path: Path,
                                                                  tally) -> None:
    """DISPLAY set, but no X server there: the notice names the display that could not be
    opened, rather than asking for DISPLAY to be set."""
    child = Child(["charmap"], tmp_path, DISPLAY=":97")
    child.until(lambda: "page 1 of 3" in "".join(child.screen.display), "the terminal screen")
    os.write(child.master, b"q")
    status, err = child.finish()
    lines = err.splitlines()
    ok = (status == 0 and len(lines) == 1 and lines[0].startswith("retro: no display (")
          and "DISPLAY=:97 could not be opened" in lines[0] and "set DISPLAY" not in lines[0]
          and not any(word in err for word in NOISE))
    tally("no display, no sound", 1, int(ok))
    assert ok, (status, err)


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGINT], ids=["SIGTERM", "SIGINT"])
def test_no_sound_is_said_at_start_once_and_a_signal_closes_the_window(
        tmp_path: Path, tally, signum: int) -> None:
    """143 for SIGTERM, 130 for Ctrl+C in the terminal behind the window."""
    # A window by request (the dummy driver), and an ALSA card that does not exist: ALSA
    # prints its own complaints, which must not reach the terminal.
    child = Child(["charmap"], tmp_path, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="alsa",
                  ALSA_CARD="nosuchcard")
    # The notice is printed once the window is up and its signal handlers are in place.
    child.until(lambda: b"no sound" in child.err, "the no-sound notice while running")
    child.proc.send_signal(signum)
    status, err = child.finish()
    lines = err.splitlines()
    ok = (status == 128 + signum and err.count("no sound") == 1 and len(lines) == 1
          and lines[0].startswith("retro: no sound") and not any(word in err for word in NOISE))
    tally("no display, no sound", 1, int(ok))
    assert ok, (status, err)

