"""The terminal front end under terminals that are not xterm: a real pty, a real TERM.

A VT100 or the Linux console does not take xterm's bright colours (SGR 90-97, 100-107),
its SGR mouse mode (1006), synchronized output (2026) or cursor shapes (``CSI n SP q``);
each is sent only where the terminal takes it (``retro.frontends.termcaps``), and play goes on.
"""

from __future__ import annotations

import fcntl
import os
import re
import select
import struct
import subprocess
import sys
import termios
import time
from pathlib import Path

import pyte
import pytest

REPO = Path(__file__).resolve().parents[2]
LIMIT_S = 30.0


def _session(term: str, home: Path, **extra: str) -> tuple[bytes, list[str]]:
    """charmap in a pty with ``TERM=term``: page 2 (every attribute), then quit; returns
    everything it wrote and the screen pyte read from it before quitting."""
    env = {k: v for k, v in os.environ.items()
           if k not in ("COLORTERM", "SDL_VIDEODRIVER", "DISPLAY", "WAYLAND_DISPLAY")}
    env.update(TERM=term, RETRO_HOME=str(home), PYTHONPATH=str(REPO), **extra)
    master, slave = os.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 25, 80, 0, 0))
    proc = subprocess.Popen([sys.executable, "-m", "retro.cli", "charmap", "--tty"],
                            stdin=slave, stdout=slave, stderr=subprocess.DEVNULL, env=env,
                            start_new_session=True)
    os.close(slave)
    screen = pyte.Screen(80, 25)
    stream = pyte.ByteStream(screen)
    raw = bytearray()
    shown: list[str] = []

    def pump() -> None:
        if select.select([master], [], [], 0.05)[0]:
            try:
                data = os.read(master, 65536)
            except OSError:
                return
            raw.extend(data)
            stream.feed(data)

    try:
        end = time.monotonic() + LIMIT_S
        for wanted, then in (("page 1 of 3", b"\x1b[6~"), ("page 2 of 3", b"q")):
            while wanted not in screen.display[0]:
                assert time.monotonic() < end and proc.poll() is None, (term, bytes(raw[-300:]))
                pump()
            shown = list(screen.display)
            os.write(master, then)
        while proc.poll() is None:
            assert time.monotonic() < end, term
            pump()
        for _ in range(5):
            pump()
    finally:
        if proc.poll() is None:
            proc.kill()
        proc.wait()
        os.close(master)
    assert proc.returncode == 0, (term, proc.returncode)
    return bytes(raw), shown


def _sgr_codes(raw: bytes) -> set[int]:
    return {int(p or 0) for params in re.findall(rb"\x1b\[([0-9;]*)m", raw)
            for p in params.split(b";")}


@pytest.mark.parametrize("term", ["vt100", "linux", "xterm-256color"])
def test_each_terminal_gets_only_what_it_takes(term: str, tmp_path: Path, tally) -> None:
    raw, shown = _session(term, tmp_path)
    codes = _sgr_codes(raw)
    bright = codes & (set(range(90, 98)) | set(range(100, 108)))
    sgr_mouse, x10_mouse = b"\x1b[?1006h" in raw, b"\x1b[?1000h" in raw
    sync, shape = b"\x1b[?2026h" in raw, re.search(rb"\x1b\[[0-9]* q", raw) is not None
    if term == "xterm-256color":
        ok = bool(bright) and sgr_mouse and sync and shape
    else:
        ok = (not bright and 1 in codes and not sgr_mouse and not sync and not shape
              and x10_mouse == (term == "linux"))   # linux reports X10-form clicks; vt100 none
    ok = ok and "Attributes" in shown[0]
    tally("terminals that are not xterm", 1, int(ok))
    assert ok, (term, sorted(codes), sgr_mouse, x10_mouse, sync, shape)


def test_a_console_with_8_colours_gets_8_even_when_colorterm_says_truecolor(
        tmp_path: Path, tally) -> None:
    """COLORTERM is passed on to programs started from a truecolor terminal; a Linux console
    reached from one still shows 8 colours."""
    raw, shown = _session("linux", tmp_path, COLORTERM="truecolor")
    codes = _sgr_codes(raw)
    ok = (b"38;2;" not in raw and b"48;2;" not in raw   # no 24-bit colour
          and not codes & (set(range(90, 98)) | set(range(100, 108)))
          and "Attributes" in shown[0])
    tally("terminals that are not xterm", 1, int(ok))
    assert ok, sorted(codes)
