"""The README's record-and-test recipe works as written, in a folder outside any project."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


def recipe() -> tuple[list[str], str]:
    """The recipe's shell lines after the recording, and its test file."""
    text = (REPO / "README.md").read_text(encoding="utf-8")
    section = text.split("## Record a session, replay it, make it a test", 1)[1]
    shell = re.search(r"```sh\n(.*?)```", section, re.S)
    code = re.search(r"```python\n(.*?)```", section, re.S)
    assert shell and code
    lines = [line.split("#")[0].strip() for line in shell[1].splitlines()]
    return [line for line in lines if line and "--record" not in line], code[1]


def test_the_record_and_test_recipe_runs_outside_the_repository(tmp_path: Path) -> None:
    commands, test_code = recipe()
    # What the first line's session leaves: a recording of a few keys.
    (tmp_path / "bug.keys").write_text("#!retro run checkers --seed 3\nwait:500 ENTER\n",
                                       encoding="utf-8")
    bin_folder = Path(sys.executable).parent
    env = {**os.environ, "PATH": f"{bin_folder}{os.pathsep}{os.environ.get('PATH', '')}",
           "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    for command in commands:
        done = subprocess.run(command, shell=True, cwd=tmp_path, env=env, capture_output=True,
                              text=True, timeout=300)
        assert done.returncode == 0, (command, done.stderr)
    assert (tmp_path / "golden" / "checkers" / "bug.txt").is_file()
    (tmp_path / "test_bug.py").write_text(test_code, encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                           "test_bug.py"], cwd=tmp_path, env=env, capture_output=True,
                          text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "1 passed" in done.stdout
