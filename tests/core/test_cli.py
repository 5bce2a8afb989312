"""The command line contract: exit codes, one-line errors, outputs of ``retro run``."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from retro.cli import main
from retro.screenfiles.dump import from_text


def _retro(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "retro.cli", *args], capture_output=True,
                          text=True, timeout=120)


def test_version_and_help() -> None:
    done = _retro("--version")
    assert done.returncode == 0 and done.stdout.startswith("retro ")
    assert _retro("--help").stdout.startswith("usage: retro")


def test_list_names_only_runnable_programs(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--list"]) == 0
    names = capsys.readouterr().out.split()
    assert names == ["yucky", "pigpoker", "sixtysix", "checkers", "yz", "charmap"]
    from retro.programs import find

    for name in names:  # every listed name really runs
        assert find(name).name == name


@pytest.mark.parametrize("argv", [["nosuchgame"], ["charmap", "Q"], ["charmap", "MC"],
                                  ["run", "charmap", "--keys", "F99"], ["--bogus"],
                                  ["run", "charmap", "Z"]])
def test_bad_command_line_is_one_line_error_the_help_to_read_and_status_2(
        argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err.splitlines()
    assert err[0].startswith("retro: ")
    assert err[1].startswith("see `retro") and err[1].endswith("`")
    assert len(err) == 2


def test_letters_any_case_combined(tmp_path: Path) -> None:
    out = tmp_path / "s.txt"
    assert main(["run", "charmap", "ms*", "--txt", str(out)]) == 0
    assert from_text(out.read_text(encoding="utf-8")).mono


def test_run_writes_bin_txt_and_state(tmp_path: Path) -> None:
    args = ["run", "charmap", "--seed", "3", "--keys", "PGDN F10",
            "--bin", str(tmp_path / "s.bin"), "--txt", str(tmp_path / "s.txt"),
            "--state", str(tmp_path / "s.json")]
    assert main(args) == 0
    data = (tmp_path / "s.bin").read_bytes()
    screen = from_text((tmp_path / "s.txt").read_text(encoding="utf-8"))
    assert data == screen.to_bytes() and len(data) == 4000
    assert screen.border == 1 and "page 2" in screen.read(0)
    assert json.loads((tmp_path / "s.json").read_text()) is None  # charmap keeps no state


def test_keys_file_is_appended_to_keys(tmp_path: Path) -> None:
    script = tmp_path / "keys.txt"
    script.write_text("PGDN\nPGDN\n")
    out = tmp_path / "s.txt"
    assert main(["run", "charmap", "--keys-file", str(script), "--txt", str(out)]) == 0
    assert "page 3" in from_text(out.read_text(encoding="utf-8")).read(0)


def test_error_inside_program_exits_1(monkeypatch: pytest.MonkeyPatch,
                                      capsys: pytest.CaptureFixture[str]) -> None:
    import retro.programs.charmap

    def broken(s: object) -> None:
        raise RuntimeError("drawing failed")

    monkeypatch.setattr(retro.programs.charmap, "DRAW", (broken, broken, broken))
    assert main(["run", "charmap"]) == 1
    assert "drawing failed" in capsys.readouterr().err


def test_import_retro_does_not_import_pygame() -> None:
    code = ("import sys, retro, retro.pc.machine, retro.pc.screen, retro.frontends.script, "
            "retro.cli;"
            "print('pygame' in sys.modules)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.stdout.strip() == "False"


def test_wav_holds_the_last_tone_of_a_run_played_to_its_end(tmp_path: Path) -> None:
    """A key that beeps as the script ends: its tone is in the WAV, whole."""
    import wave

    import numpy as np

    out = tmp_path / "end.wav"
    assert main(["run", "charmap", "--keys", "x", "--wav", str(out)]) == 0  # x: a 400 Hz beep
    with wave.open(str(out)) as handle:
        rate = handle.getframerate()
        samples = np.frombuffer(handle.readframes(handle.getnframes()), dtype="<i2")
    sounding = np.flatnonzero(samples)
    assert len(sounding) > 0, "the beep is missing"
    tone = samples[sounding[0]: sounding[-1] + 1]
    assert abs(len(tone) / rate - 0.060) < 0.002            # all 60 ms of it
    rises = np.count_nonzero((tone[:-1] < 0) & (tone[1:] >= 0)) + 1
    assert abs(rises / (len(tone) / rate) - 400) < 20        # and it is the 400 Hz beep


@pytest.mark.parametrize(("argv", "first", "example"), [
    (["run", "--help"], "usage: retro run [", "retro run charmap"),
    (["render", "-h"], "usage: retro render -o OUT.png", "retro render golden/"),
    (["diff", "--help"], "usage: retro diff [--top ROW] A B", "retro diff golden/"),
    (["tone", "--help"], "usage: retro tone -o OUT.wav HZ MS", "retro tone 440 1000"),
    (["perft", "checkers", "--help"], "usage: retro perft checkers", "--depth 8"),
    (["move", "checkers", "-h"], "usage: retro move checkers", "--level 9"),
    (["checkers", "--help"], "usage: retro checkers [LETTERS]", "--fen FEN"),
    (["yz", "--help"], "usage: retro yz [LETTERS]", "its own: U"),
])
def test_every_command_has_help_with_its_options_and_an_example(
        argv: list[str], first: str, example: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert out.startswith(first)
    assert example in out
    assert "options:" in out or "arguments:" in out or "exit status:" in out


def test_help_answers_without_loading_numpy() -> None:
    code = ("import sys; from retro.cli import main; main(['run', '--help']); "
            "print('numpy' in sys.modules, file=sys.stderr)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=60)
    assert done.stderr.strip() == "False"


def test_options_may_come_before_or_after_the_letters(tmp_path: Path) -> None:
    out = tmp_path / "s.txt"
    assert main(["run", "charmap", "--seed", "1", "M", "--txt", str(out)]) == 0
    assert from_text(out.read_text(encoding="utf-8")).mono


def test_play_takes_letters_after_its_options(monkeypatch: pytest.MonkeyPatch) -> None:
    import retro.cli.play

    seen: list[tuple[str, str, bool]] = []
    monkeypatch.setattr(retro.cli.play, "play", lambda name, letters, *, tty, **kw:
                        seen.append((name, letters, tty)) or 0)
    assert main(["yucky", "--tty", "MS"]) == 0
    assert main(["yucky", "MS", "--tty"]) == 0
    assert seen == [("yucky", "MS", True)] * 2
