"""The capture's documentation is run: every shell example of docs/capture.md and the example
of ``retro capture --help`` ends with the exit status it states (a ``# exit N`` comment; 0
where there is none), and the Python API example does what its comments say.

The examples run in a fresh folder holding a copy of the project's README.md (what they
open), with ``retro`` the command of this Python's environment and this checkout first on
PYTHONPATH.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from retro.cli.help import command_help

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "capture.md"
_STATUS = re.compile(r"#\s*exit (\d)")


def shell_examples(markdown: str) -> list[str]:
    """The command lines of the ```sh blocks."""
    lines: list[str] = []
    for block in re.findall(r"```sh\n(.*?)```", markdown, re.S):
        lines += [line for line in block.splitlines() if line.strip()]
    return lines


def help_examples(text: str) -> list[str]:
    return [line.strip() for line in text.split("example:", 1)[1].splitlines()
            if line.strip()]


def stated_status(line: str) -> int:
    found = _STATUS.search(line)
    return int(found[1]) if found else 0


def run_example(line: str, folder: Path) -> subprocess.CompletedProcess[str]:
    bin_folder = Path(sys.executable).parent
    env = {**os.environ, "PATH": f"{bin_folder}{os.pathsep}{os.environ.get('PATH', '')}",
           "PYTHONPATH": f"{ROOT}{os.pathsep}{os.environ.get('PYTHONPATH', '')}"}
    return subprocess.run(["sh", "-c", line], cwd=folder, env=env, capture_output=True,
                          text=True, timeout=120, check=False)


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    if shutil.which("retro", path=str(Path(sys.executable).parent)) is None:
        pytest.skip("the retro command is not installed in this environment")
    shutil.copy(ROOT / "README.md", tmp_path / "README.md")
    return tmp_path


def test_the_docs_have_shell_examples_with_stated_outcomes() -> None:
    lines = shell_examples(DOC.read_text(encoding="utf-8"))
    assert len(lines) >= 5 and {stated_status(line) for line in lines} == {0, 1, 2}


def test_every_shell_example_of_the_capture_docs_runs_as_it_says(folder: Path) -> None:
    for line in shell_examples(DOC.read_text(encoding="utf-8")):
        if shutil.which(line.split()[0]) is None and not line.startswith("retro "):
            continue
        for program in ("less", "vim"):
            if f"-- {program}" in line and shutil.which(program) is None:
                pytest.skip(f"{program} is not installed")
        done = run_example(line, folder)
        assert done.returncode == stated_status(line), (line, done.stderr)
        if stated_status(line):
            assert len(done.stderr.strip().splitlines()) <= 2, done.stderr
    assert "(END)" in (folder / "less.txt").read_text(encoding="utf-8")
    assert (folder / "less.png").read_bytes().startswith(b"\x89PNG")


def test_the_help_example_runs_and_shows_what_it_waits_for(folder: Path) -> None:
    if shutil.which("less") is None:
        pytest.skip("less is not installed")
    (line,) = help_examples(command_help("capture"))
    done = run_example(line, folder)
    assert done.returncode == 0, done.stderr
    assert "(END)" in (folder / "less.txt").read_text(encoding="utf-8")


def test_the_python_example_runs_to_its_end(folder: Path, monkeypatch) -> None:
    if shutil.which("less") is None:
        pytest.skip("less is not installed")
    text = DOC.read_text(encoding="utf-8")
    section = text.split("## The Python API", 1)[1]
    code = re.search(r"```python\n(.*?)```", section, re.S)
    assert code is not None
    monkeypatch.chdir(folder)
    scope: dict[str, object] = {}
    exec(compile(code[1], str(DOC), "exec"), scope)
    result = scope["result"]
    assert result.ok, result.failure   # type: ignore[attr-defined]
    assert result.screen.find("Key scripts") is not None   # type: ignore[attr-defined]
    assert result.ended() == "less ended by SIGHUP after the script"  # type: ignore[attr-defined]


def test_the_diff_help_example_compares_a_golden_that_exists() -> None:
    (line,) = help_examples(command_help("diff"))
    expected = line.split()[2]
    assert (ROOT / expected).is_file(), f"retro diff --help names {expected}"
