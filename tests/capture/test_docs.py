"""The capture's documentation is run: the Python API example does what its comments say.
Its shell examples and the example of ``retro capture --help`` are run, with every other
example of the docs, by ``tests/docs/test_doc_examples.py``; here they are only held to
stating their outcomes.

The example runs in a fresh folder holding a copy of the project's README.md (what it
opens).
"""

from __future__ import annotations

import re
import shutil
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


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    if shutil.which("retro", path=str(Path(sys.executable).parent)) is None:
        pytest.skip("the retro command is not installed in this environment")
    shutil.copy(ROOT / "README.md", tmp_path / "README.md")
    return tmp_path


def test_the_docs_have_shell_examples_with_stated_outcomes() -> None:
    lines = shell_examples(DOC.read_text(encoding="utf-8"))
    assert len(lines) >= 5 and {stated_status(line) for line in lines} == {0, 1, 2}


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
