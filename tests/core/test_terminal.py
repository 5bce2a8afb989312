"""The terminal front end, driven for real in a pseudo-terminal and read back through pyte.

The interactive program runs in a child process whose standard input and output are the
slave side of a pty; the test types keys into the master side and feeds everything the
child writes to a ``pyte.Screen``.  The screen is compared with a headless run of the same
program, seed and keys, encoded by ``retro.screenfiles.ansi`` (whose own tests check it against the
buffer cell by cell).  Waiting is "until the screen shows X", with a generous limit that
only guards against a hang; nothing asserts on elapsed time.
"""

from __future__ import annotations

import fcntl
import os
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

from retro.frontends.terminal import (
    BEL,
    ENTER,
    FRAME_BEGIN,
    FRAME_END,
    MOUSE_ON,
    RESTORE,
    BellSpeaker,
    TerminalUnavailable,
    choose_colors,
    run_terminal,
    too_small_message,
)
from retro.pc.clock import VirtualClock
from retro.pc.machine import Flags, Machine, SilentSpeaker
from retro.screenfiles.ansi import encode_full

REPO = Path(__file__).resolve().parents[2]
HANG_GUARD_S = 60.0   # only a guard against a hung child; normal runs take a second or two

# A program that draws, waits for one key and then fails, as a game with a bug would.
CRASHING_PROGRAM = """
import sys
from retro.pc.clock import RealClock
from retro.pc.machine import Machine
from retro.frontends.terminal import run_terminal

async def main(m):
    m.screen.clear(0x1F)
    m.screen.put(0, 0, "about to fail", 0x4E)
    m.screen.move_cursor(5, 5, visible=True)
    await m.key()
    raise RuntimeError("the game fell over")

machine = Machine(clock=RealClock())
run_terminal(machine, main(machine), colors="24bit")
"""


def _winsize(fd: int, cols: int, rows: int) -> None:
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))


class PtyProgram:
    """A child process on a pty, with everything it writes fed to a pyte screen."""

    def __init__(self, argv: list[str], tmp_path: Path, *, cols: int = 80, rows: int = 25,
                 colorterm: str | None = "truecolor",
                 extra_env: dict[str, str] | None = None) -> None:
        self.master, self.slave = os.openpty()
        _winsize(self.slave, cols, rows)
        self.termios_before = termios.tcgetattr(self.slave)
        env = {k: v for k, v in os.environ.items() if k != "COLORTERM"}
        env.update(TERM="xterm-256color", RETRO_HOME=str(tmp_path), PYTHONPATH=str(REPO),
                   SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
        if colorterm:
            env["COLORTERM"] = colorterm
        env.update(extra_env or {})
        env = {k: v for k, v in env.items() if v}  # an empty value removes the variable
        self.proc = subprocess.Popen(argv, stdin=self.slave, stdout=self.slave,
                                     stderr=subprocess.PIPE, env=env, cwd=REPO,
                                     start_new_session=True)
        self.term = pyte.Screen(cols, rows)
        self.stream = pyte.ByteStream(self.term)
        self.raw = bytearray()

    def _read(self, timeout: float) -> bool:
        ready, _, _ = select.select([self.master], [], [], timeout)
        if not ready:
            return False
        try:
            data = os.read(self.master, 65536)
        except OSError:
            return False
        self.raw += data
        self.stream.feed(data)
        return bool(data)

    def until(self, condition, what: str) -> None:
        """Read output until ``condition()`` holds; fail (naming ``what``) on a hang."""
        limit = time.monotonic() + HANG_GUARD_S
        while not condition():
            if time.monotonic() > limit:
                pytest.fail(f"the terminal never showed {what}:\n" + "\n".join(self.term.display))
            if not self._read(0.05) and self.proc.poll() is not None:
                # The child has ended: take whatever is still buffered, then decide.
                while self._read(0.05):
                    pass
                if not condition():
                    err = self.proc.stderr.read().decode(errors="replace")
                    pytest.fail(f"the program ended before showing {what}: {err}")
                return

    def send(self, data: bytes) -> None:
        os.write(self.master, data)

    def resize(self, cols: int, rows: int) -> None:
        _winsize(self.slave, cols, rows)
        self.term.resize(rows, cols)
        self.proc.send_signal(signal.SIGWINCH)

    def finish(self) -> tuple[int, str]:
        """Wait for the child to end; returns its status and standard error."""
        # Keep reading while waiting: a child blocked writing to a full pty never ends.
        limit = time.monotonic() + HANG_GUARD_S
        while self.proc.poll() is None:
            if time.monotonic() > limit:
                self.proc.kill()
                pytest.fail("the program did not end")
            self._read(0.05)
        while self._read(0.05):
            pass
        return self.proc.returncode, self.proc.stderr.read().decode(errors="replace")

    def close(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()
        self.proc.stderr.close()
        os.close(self.master)
        os.close(self.slave)

    def termios_now(self) -> list:
        return termios.tcgetattr(self.slave)


@pytest.fixture
def pty_program(tmp_path):
    started: list[PtyProgram] = []

    def start(argv: list[str], **kwargs) -> PtyProgram:
        program = PtyProgram(argv, tmp_path, **kwargs)
        started.append(program)
        return program

    yield start
    for program in started:
        program.close()


def retro_cli(*args: str) -> list[str]:
    return [sys.executable, "-m", "retro.cli", *args]


def expected_terminal(screen, colors: str) -> pyte.Screen:
    term = pyte.Screen(80, 25)
    pyte.ByteStream(term).feed(encode_full(screen, colors=colors))
    return term


def same_screen(a: pyte.Screen, b: pyte.Screen) -> bool:
    return (all(a.buffer[r][c] == b.buffer[r][c] for r in range(25) for c in range(80))
            and a.cursor.hidden == b.cursor.hidden
            and (a.cursor.hidden or (a.cursor.x, a.cursor.y) == (b.cursor.x, b.cursor.y)))


def assert_restored(program: PtyProgram) -> None:
    """The terminal modes are as before, and the stream ends by undoing every setting."""
    assert program.termios_now() == program.termios_before
    assert program.raw.endswith(RESTORE)


# -- the real program against a headless run ------------------------------------------------

KEYS = [("2", b"2"), ("b", b"b"), ("3", b"3"), ("PGUP", b"\x1b[5~"), ("F10", b"\x1b[21~"),
        ("LEFT", b"\x1b[D")]


@pytest.mark.parametrize(("colorterm", "colors", "letters"), [
    ("truecolor", "24bit", ""), (None, "16", ""), ("24bit", "24bit", "M"),
])
def test_interactive_charmap_matches_the_headless_run(pty_program, tmp_path, colorterm,
                                                      colors, letters):
    from retro.frontends.script import run

    argv = retro_cli("charmap", *([letters] if letters else []), "--tty", "--seed", "5")
    program = pty_program(argv, colorterm=colorterm)
    script = []
    for token, data in KEYS:
        script.append(token)
        expected = run("charmap", seed=5, keys=" ".join(script), letters=letters,
                       home=tmp_path).screen
        want = expected_terminal(expected, colors)
        program.send(data)
        program.until(lambda want=want: same_screen(program.term, want),
                      f"the screen after {' '.join(script)}")
    program.send(b"\x1b")   # Esc quits charmap (after the lone-Esc wait)
    status, err = program.finish()
    assert (status, err) == (0, "")
    assert_restored(program)


def test_first_frame_is_exactly_the_full_redraw_stream(pty_program, tmp_path):
    """What ``retro run ... --ansi`` writes is what the front end sends to draw a screen."""
    from retro.frontends.script import run

    program = pty_program(retro_cli("charmap", "--tty"))
    first = FRAME_BEGIN + encode_full(run("charmap", home=tmp_path).screen) + FRAME_END
    program.until(lambda: len(program.raw) >= len(ENTER + MOUSE_ON + first), "a first frame")
    assert program.raw.startswith(ENTER + MOUSE_ON + first)
    program.send(b"q")
    assert program.finish() == (0, "")


def test_ctrl_c_quits_cleanly_and_restores(pty_program):
    program = pty_program(retro_cli("charmap", "--tty"))
    program.until(lambda: "page 1 of 3" in program.term.display[0], "page 1")
    program.send(b"\x03")
    status, err = program.finish()
    assert (status, err) == (130, "")   # the status a shell expects after Ctrl+C
    assert_restored(program)


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGINT])
def test_signal_quits_cleanly_and_restores(pty_program, signum):
    program = pty_program(retro_cli("charmap", "--tty"))
    program.until(lambda: "page 1 of 3" in program.term.display[0], "page 1")
    program.proc.send_signal(signum)
    status, err = program.finish()
    assert (status, err) == (128 + signum, "")   # 143 for SIGTERM, 130 for SIGINT
    assert_restored(program)


def test_hangup_ends_the_program_and_resets_the_modes(pty_program):
    program = pty_program(retro_cli("charmap", "--tty"))
    program.until(lambda: "page 1 of 3" in program.term.display[0], "page 1")
    program.proc.send_signal(signal.SIGHUP)
    status, _err = program.finish()
    assert status == 128 + signal.SIGHUP
    assert program.termios_now() == program.termios_before


def test_terminal_restored_after_a_crash_inside_the_game(pty_program):
    program = pty_program([sys.executable, "-c", CRASHING_PROGRAM])
    # The game's screen, with its cursor shown, while it runs.
    program.until(lambda: "about to fail" in program.term.display[0]
                  and not program.term.cursor.hidden, "the program's screen and cursor")
    program.send(b"x")
    status, err = program.finish()
    assert status == 1
    assert "RuntimeError: the game fell over" in err
    assert_restored(program)
    # Mouse reporting is switched off again, and the alternate screen left last of all.
    tail = bytes(program.raw[-len(RESTORE) - 20 :])
    assert b"\x1b[?1000l" in tail and tail.endswith(b"\x1b[?1049l")


# -- beeps, size, mouse ---------------------------------------------------------------------

def test_beep_rings_the_terminal_bell(pty_program):
    program = pty_program(retro_cli("charmap", "--tty"))
    program.until(lambda: "page 1 of 3" in program.term.display[0], "page 1")
    assert BEL not in program.raw
    program.send(b"x")   # not a charmap key: it beeps
    program.send(b"2")
    program.until(lambda: "page 2 of 3" in program.term.display[0], "page 2")
    program.send(b"q")
    assert program.finish()[0] == 0   # all the output is in once the program has ended
    assert program.raw.count(BEL) == 1


def test_no_bell_when_the_sound_is_off(pty_program):
    program = pty_program(retro_cli("charmap", "S", "--tty"))
    program.until(lambda: "page 1 of 3" in program.term.display[0], "page 1")
    program.send(b"x2")
    program.until(lambda: "page 2 of 3" in program.term.display[0], "page 2")
    program.send(b"q")
    assert program.finish()[0] == 0
    assert BEL not in program.raw


def test_small_terminal_is_refused_politely_then_redrawn_after_resize(pty_program, tmp_path):
    from retro.frontends.script import run

    program = pty_program(retro_cli("charmap", "--tty"), cols=60, rows=20)
    program.until(lambda: "60x20" in "".join(program.term.display), "the size message")
    text = " ".join(line.strip() for line in program.term.display)
    assert "80 columns" in text and "25 rows" in text
    program.resize(100, 30)   # larger than needed: the game sits in the top-left corner
    want = expected_terminal(run("charmap", home=tmp_path).screen, "24bit")

    def top_left_matches() -> bool:
        term = program.term
        return all(term.buffer[r][c] == want.buffer[r][c] for r in range(25) for c in range(80))

    program.until(top_left_matches, "page 1 after the resize")
    assert all(line.strip() == "" for line in program.term.display[25:])
    assert all(line[80:].strip() == "" for line in program.term.display[:25])
    program.send(b"q")
    assert program.finish()[0] == 0


def test_mouse_click_in_the_launcher_matches_the_headless_run(pty_program, tmp_path):
    """An SGR mouse report on the charmap line of the menu starts charmap, as click:R,C does."""
    from retro.frontends.host import Driver
    from retro.frontends.script import drive, make_machine, parse
    from retro.programs import menu

    machine = make_machine("", "", 0, tmp_path, None, VirtualClock())
    driver = Driver(menu().main(machine))
    driver.start()
    drive(machine, driver, [])
    menu = expected_terminal(machine.screen, "24bit")
    found = machine.screen.find("charmap")
    assert found is not None
    row, col = found
    drive(machine, driver, parse(f"click:{row + 1},{col + 1}"))
    want = expected_terminal(machine.screen, "24bit")
    drive(machine, driver, parse("q"))
    back = expected_terminal(machine.screen, "24bit")   # charmap now the chosen line

    program = pty_program(retro_cli("--tty"))
    program.until(lambda: same_screen(program.term, menu), "the menu")
    program.send(f"\x1b[<0;{col + 1};{row + 1}M\x1b[<0;{col + 1};{row + 1}m".encode())
    program.until(lambda: same_screen(program.term, want), "charmap started by the click")
    program.send(b"q")
    program.until(lambda: same_screen(program.term, back), "the menu again")
    program.send(b"q")
    assert program.finish() == (0, "")


def test_mouse_reporting_follows_the_d_letter(pty_program):
    with_mouse = pty_program(retro_cli("charmap", "--tty"))
    with_mouse.until(lambda: "page 1 of 3" in with_mouse.term.display[0], "page 1")
    with_mouse.send(b"q")
    with_mouse.finish()
    assert b"\x1b[?1000h\x1b[?1006h" in with_mouse.raw
    no_mouse = pty_program(retro_cli("charmap", "D", "--tty"))
    no_mouse.until(lambda: "page 1 of 3" in no_mouse.term.display[0], "page 1")
    no_mouse.send(b"q")
    no_mouse.finish()
    assert b"\x1b[?1000h" not in no_mouse.raw


# -- in-process pieces ------------------------------------------------------------------------

def test_not_a_terminal_is_unavailable():
    read_end, write_end = os.pipe()
    machine = Machine(clock=VirtualClock())

    async def main(m):
        await m.key()

    coroutine = main(machine)
    try:
        with pytest.raises(TerminalUnavailable, match="not a terminal"):
            run_terminal(machine, coroutine, in_fd=read_end, out_fd=write_end)
    finally:
        coroutine.close()
        os.close(read_end)
        os.close(write_end)


def test_dumb_terminal_is_unavailable(monkeypatch):
    master, slave = os.openpty()
    monkeypatch.setenv("TERM", "dumb")
    machine = Machine(clock=VirtualClock())

    async def main(m):
        await m.key()

    coroutine = main(machine)
    before = termios.tcgetattr(slave)
    try:
        with pytest.raises(TerminalUnavailable, match="dumb"):
            run_terminal(machine, coroutine, in_fd=slave, out_fd=slave)
        assert select.select([master], [], [], 0)[0] == []   # nothing was sent
        assert termios.tcgetattr(slave) == before
    finally:
        coroutine.close()
        os.close(master)
        os.close(slave)


@pytest.mark.parametrize(("environ", "colors"), [
    ({"COLORTERM": "truecolor"}, "24bit"), ({"COLORTERM": "24bit"}, "24bit"),
    ({"COLORTERM": "yes"}, "16"), ({}, "16"),
])
def test_auto_colours_follow_colorterm(environ, colors):
    assert choose_colors("auto", environ) == colors


def test_colour_mode_can_be_forced():
    assert choose_colors("16", {"COLORTERM": "truecolor"}) == "16"
    with pytest.raises(ValueError, match="colors"):
        choose_colors("mono")


def test_too_small_message_says_what_is_needed():
    message = too_small_message(70, 20)
    assert "80 columns" in message and "25 rows" in message and "70x20" in message


def test_bell_speaker_keeps_durations_and_queues_rings():
    inner = SilentSpeaker()
    bell = BellSpeaker(inner)
    assert bell.tone(440, 0.25, at=1.0) == 0.25
    assert bell.next_ring() == 1.0
    assert not bell.due(0.5)
    assert bell.due(1.0)
    assert not bell.due(1.0)   # each ring is used once
    bell.enabled = False
    assert inner.enabled is False
    bell.tone(440, 0.25, at=2.0)
    assert bell.next_ring() is None   # sound off: nothing to ring


def test_machine_flags_unchanged_by_the_bell_wrapper():
    # The wrapper reads and writes the wrapped speaker's switch, as Machine.sound does.
    machine = Machine(clock=VirtualClock(), flags=Flags(sound=False))
    bell = BellSpeaker(machine.speaker)
    machine.speaker = bell
    assert machine.sound is False
    machine.sound = True
    assert bell.inner.enabled is True


def test_play_falls_back_to_the_terminal_with_one_notice_when_no_display_opens(pty_program):
    # SDL told to use X11 with no X server: the window cannot open.
    program = pty_program(retro_cli("charmap"),
                          extra_env={"SDL_VIDEODRIVER": "x11", "DISPLAY": ""})
    program.until(lambda: "page 1 of 3" in program.term.display[0], "page 1 in the terminal")
    program.send(b"q")
    status, err = program.finish()
    assert status == 0
    notices = [line for line in err.splitlines() if line.strip()]
    assert len(notices) == 1 and "playing in the terminal" in notices[0]
