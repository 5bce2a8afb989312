"""The README's example command line does what its words say: initials ABC, one roll, two
dice marked to roll again."""

from __future__ import annotations

import json
import shlex
from pathlib import Path

from retro.cli import main

README = Path(__file__).resolve().parents[2] / "games" / "yz" / "README.md"


def readme_run_command() -> list[str]:
    lines = [line for line in README.read_text(encoding="utf-8").splitlines()
             if line.startswith("retro run yz ")]
    assert len(lines) == 1, "the README shows one example run"
    return shlex.split(lines[0])


def test_readme_example_enters_the_initials_rolls_and_marks_two_dice(
        tmp_path: Path, retro_home: Path, seed_table) -> None:
    seed_table(retro_home)
    argv = readme_run_command()[1:]
    argv = [str(tmp_path / a) if a in ("out.json", "out.txt") else a for a in argv]
    assert main(argv) == 0
    state = json.loads((tmp_path / "out.json").read_text(encoding="utf-8"))
    assert state["players"] == ["ABC", "CPU"]
    assert state["roll"] == 1
    assert state["held"] == [True, False, True, False, True]     # dice 2 and 4 marked
    assert "ABC: roll 1 of 3" in (tmp_path / "out.txt").read_text(encoding="utf-8")
