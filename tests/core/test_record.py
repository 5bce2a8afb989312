"""Record a session, replay it headless: the same final screen, byte for byte.

The sessions here run on the real-time host (``retro.frontends.host.run_realtime``) with a clock
that behaves like a real one: every step of the program costs a random bit of "CPU time", and a
key arrives at its own moment, often while the program is busy polling, sleeping or waiting
with a timeout.  The recording must still make the headless replay hand every key to the
same request that got it in the session.
"""

from __future__ import annotations

import os
import random
import subprocess
import sys
import time
from pathlib import Path

import pytest

from retro.cli import main
from retro.frontends.host import run_realtime
from retro.frontends.record import Recorder, header, read_header, token
from retro.frontends.script import make_machine, run
from retro.pc.events import Click, Event, Key
from retro.pc.machine import Machine, Program
from retro.pc.screen import Screen


class JitterClock:
    """Real-looking time: it moves when the host waits and when the program computes."""

    def __init__(self) -> None:
        self.t = 0.0

    def now(self) -> float:
        return self.t

    def advance(self, seconds: float) -> None:   # the real clock ignores the machine's advance
        pass


class ScheduledFrontend:
    """Types ``events`` at their times; ends the session at ``end_at``, keeping the screen."""

    def __init__(self, clock: JitterClock, events: list[tuple[float, Event]], end_at: float,
                 rng: random.Random) -> None:
        self.clock, self.events, self.end_at, self.rng = clock, list(events), end_at, rng
        self.final: Screen | None = None

    def pump(self, machine: Machine) -> bool:
        self.clock.t += self.rng.uniform(0.0, 0.004)          # the program's own work
        while self.events and self.events[0][0] <= self.clock.t:
            machine.push(self.events.pop(0)[1])
        if self.clock.t >= self.end_at:
            self.final = machine.screen.copy()
            return False
        return True

    def present(self, machine: Machine) -> None:
        pass

    def wait(self, seconds: float) -> None:
        self.clock.t += seconds


async def _searcher(m: Machine) -> None:
    """A computer "thinking": it polls between steps and stops on a key, showing where."""
    m.screen.put(0, 0, "press a key to think", 0x07)
    while True:
        await m.key()
        steps = 0
        while (event := await m.poll()) is None and steps < 5000:
            steps += 1
        m.screen.put(1, 0, f"stopped after {steps:5} steps by {event}      ", 0x1E)
        await m.sleep(0.3)
        if (late := await m.key(timeout=0.25)) is not None:
            m.screen.put(2, 0, f"typed in the pause: {late}   ", 0x1F)


SEARCHER = Program(name="searcher", title="Searcher", main=_searcher)


def _session(program: Program, letters: str, seed: int, events: list[tuple[float, Event]],
             end_at: float, tmp_path: Path, jitter_seed: int) -> tuple[Path, Screen]:
    clock = JitterClock()
    path = tmp_path / "session.keys"
    recorder = Recorder(path, header(program.name, letters, seed), clock)
    machine = make_machine(program.letters, letters, seed, tmp_path / "home", {}, recorder)
    frontend = ScheduledFrontend(clock, events, end_at, random.Random(jitter_seed))
    run_realtime(machine, program.main(machine), frontend, recorder)
    recorder.write()
    assert frontend.final is not None
    return path, frontend.final


def _replay(program: Program, path: Path) -> Screen:
    found, script = read_header(path.read_text(encoding="utf-8"))
    assert found is not None
    result = run(program, seed=found.seed or 0, keys=script, letters=found.letters,
                 stop_at_end=found.stop_at_end)
    # A copy while the run is alive: once it is collected, a pop-up still open at the end
    # closes and puts back what was under it.
    return result.screen.copy()


def _keys(rng: random.Random, names: list[str], count: int, span: float) -> list[tuple]:
    times = sorted(rng.uniform(0.05, span) for _ in range(count))
    return [(t, Key(rng.choice(names))) for t in times]


@pytest.mark.parametrize("jitter_seed", range(12))
def test_keys_pressed_while_a_program_polls_replay_to_the_same_poll(
        tmp_path: Path, jitter_seed: int) -> None:
    rng = random.Random(jitter_seed)
    events = _keys(rng, ["a", "b", "ESC", "ENTER"], 14, 12.0)
    path, final = _session(SEARCHER, "", 1, events, 13.0, tmp_path, jitter_seed)
    assert "stopped after" in final.read(1)
    assert _replay(SEARCHER, path).to_bytes() == final.to_bytes()


@pytest.mark.parametrize(("game", "letters", "names", "count"), [
    ("yucky", "*", ["ENTER", "1", "2", "3", "d", "F2", "r", "y", "n", "ESC"], 40),
    ("checkers", "", ["F3", "F4", "F8", "ESC", "!", "n", "ENTER"], 25),
    ("sixtysix", "*", ["1", "2", "3", "ENTER", "F2", " "], 30),
    ("charmap", "", ["2", "3", "b", "F10", "PGDN"], 20),
])
@pytest.mark.parametrize("jitter_seed", range(3))
def test_a_recorded_game_replays_to_its_final_screen(
        tmp_path: Path, game: str, letters: str, names: list[str], count: int,
        jitter_seed: int) -> None:
    from retro.programs import find

    program = find(game)
    rng = random.Random(100 + jitter_seed)
    events = _keys(rng, names, count, 40.0)
    path, final = _session(program, letters, 7 + jitter_seed, events, 42.0, tmp_path,
                           jitter_seed)
    assert _replay(program, path).to_bytes() == final.to_bytes()


def test_the_recording_is_a_key_script_with_the_run_on_its_first_line(tmp_path: Path) -> None:
    events = [(0.5, Key("a")), (1.25, Click(3, 9, "right")), (2.0, Key(" "))]
    path, _final = _session(SEARCHER, "MS", 42, events, 3.0, tmp_path, 0)
    lines = path.read_text(encoding="utf-8").splitlines()
    # The session ended while the searcher was busy thinking: the replay must stop there.
    assert lines[0] == "#!retro run searcher MS --seed 42 --stop-at-end"
    words = " ".join(lines[1:]).split()
    assert [w for w in words if not w.startswith("wait:")] == ["a", "rclick:4,10", "SPACE"]
    assert all(w.startswith("wait:") for w in words[::2])
    assert 500 <= int(words[0][5:]) <= 510    # idle before the first key: its real time


def test_tokens_and_header_round_trip() -> None:
    assert [token(e) for e in (Key("F1"), Key("x"), Key(" "), Key('"'), Click(0, 0))] == [
        "F1", "x", "SPACE", '"', "click:1,1"]
    found, rest = read_header(header("checkers", "", 9, {"fen": "B:W21:B1"}) + "\nF1\n")
    assert found is not None and rest == "F1\n"
    assert (found.program, found.letters, found.seed, found.options) == (
        "checkers", "", 9, {"fen": "B:W21:B1"})
    with pytest.raises(ValueError, match="first line"):
        read_header("#!bash run\nF1")


def test_retro_run_keys_file_takes_the_run_from_the_first_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    keys = tmp_path / "bug.keys"
    keys.write_text("#!retro run charmap M --seed 3\nwait:100 2 wait:50 b\n", encoding="utf-8")
    assert main(["run", "--keys-file", str(keys), "--txt", str(tmp_path / "a.txt")]) == 0
    want = run("charmap", letters="M", seed=3, keys="2 b").screen
    from retro.screenfiles.dump import from_text

    got = from_text((tmp_path / "a.txt").read_text(encoding="utf-8"))
    assert got.to_bytes() == want.to_bytes() and got.mono
    # The command line overrides: colour instead of the recorded M.
    assert main(["run", "charmap", "C", "--keys-file", str(keys),
                 "--txt", str(tmp_path / "b.txt")]) == 0
    assert not from_text((tmp_path / "b.txt").read_text(encoding="utf-8")).mono
    bad = tmp_path / "bad.keys"
    bad.write_text("#!retro run charmap --seed x\n", encoding="utf-8")
    assert main(["run", "--keys-file", str(bad)]) == 2
    assert "seed" in capsys.readouterr().err


def test_recording_in_the_terminal_then_replaying_gives_the_screen_of_the_session(
        tmp_path: Path) -> None:
    """As a tester does it: play in a terminal with --record, leave, replay the file."""
    from retro.screenfiles.dump import from_text
    from tests.core.test_terminal import PtyProgram, expected_terminal, retro_cli

    keys = tmp_path / "played.keys"
    program = PtyProgram(retro_cli("checkers", "--tty", "--seed", "5", "--record", str(keys)),
                         tmp_path)
    try:
        program.until(lambda: "New game" in "\n".join(program.term.display),
                      "the checkers screen")
        # F10 (border), F8 (harder), Enter (play), a move typed while the screen redraws.
        for data in (b"\x1b[21~", b"\x1b[19~", b"\r", b"3", b"2", b"4", b"3"):
            program.send(data)
            program._read(0.15)
        program.until(lambda: "Black, your move" in "\n".join(program.term.display)
                      and "Move 2" in "\n".join(program.term.display), "the computer's reply")
        time.sleep(0.3)
        while program._read(0.3):
            pass
        session = [[program.term.buffer[r][c] for c in range(80)] for r in range(25)]
        program.proc.terminate()
        program.finish()
    finally:
        program.close()
    text = keys.read_text(encoding="utf-8")
    assert text.startswith("#!retro run checkers --seed 5\n")
    done = subprocess.run([sys.executable, "-m", "retro.cli", "run", "--keys-file", str(keys),
                           "--txt", str(tmp_path / "replay.txt")], capture_output=True,
                          text=True, timeout=120,
                          env={**os.environ, "RETRO_HOME": str(tmp_path / "replay-home")})
    assert done.returncode == 0, done.stderr
    replay = from_text((tmp_path / "replay.txt").read_text(encoding="utf-8"))
    assert "Move 2" in str(replay)
    shown = expected_terminal(replay, "24bit")
    bad = [(r, c) for r in range(25) for c in range(80) if shown.buffer[r][c] != session[r][c]]
    assert not bad, (text, bad[:5])


def test_replay_of_a_recording_file_in_a_test(tmp_path: Path) -> None:
    from retro.frontends.record import replay

    keys = tmp_path / "bug.keys"
    keys.write_text("#!retro run charmap --seed 3\nwait:100 2 wait:50 b\n", encoding="utf-8")
    result = replay(keys, home=tmp_path / "home")
    assert result.screen.to_bytes() == run("charmap", seed=3, keys="2 b").screen.to_bytes()
    keys.write_text("2 b\n", encoding="utf-8")
    with pytest.raises(ValueError, match="first line"):
        replay(keys)


def test_a_recording_that_cannot_be_written_is_one_notice_and_the_session_ends(
        tmp_path: Path) -> None:
    from retro.frontends.record import Recorder, header
    from retro.pc.clock import VirtualClock

    notices: list[str] = []
    blocked = tmp_path / "file"
    blocked.write_text("a file, not a folder")
    Recorder(blocked / "game.keys", header("yucky", "*", 1), VirtualClock()).write_and_tell(
        notices.append)
    assert len(notices) == 1 and notices[0].startswith(f"cannot write the recording {blocked}")
    written = tmp_path / "game.keys"
    Recorder(written, header("yucky", "*", 1), VirtualClock()).write_and_tell(notices.append)
    assert notices[1] == (f"session recorded in {written}; replay it with "
                          f"retro run --keys-file {written}")
    assert written.read_text().startswith("#!retro run yucky")
