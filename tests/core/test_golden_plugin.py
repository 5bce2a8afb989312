"""The golden-screen pytest plugin, run as a user runs it: pytest inside a project."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

TEST_FILE = '''
from retro.screen import Screen

def _screen(text):
    s = Screen()
    s.put(0, 0, text, 0x1F)
    return s

def test_hello(assert_screen):
    assert_screen(_screen("hello"), "demo/hello")
'''


def _project(pytester: pytest.Pytester, *, ini: bool) -> Path:
    """A project with the test in ``tests/`` and, if ``ini``, a pytest section in its
    pyproject.toml; without one, only a ``.git`` folder marks the project root."""
    root = pytester.path
    (root / "tests").mkdir()
    (root / "tests" / "test_demo.py").write_text(TEST_FILE, encoding="utf-8")
    if ini:
        (root / "pyproject.toml").write_text("[tool.pytest.ini_options]\n", encoding="utf-8")
    else:
        (root / ".git").mkdir()
    return root


def _run(pytester: pytest.Pytester, cwd: Path, *args: str) -> pytest.RunResult:
    old = Path.cwd()
    os.chdir(cwd)
    try:
        return pytester.runpytest_subprocess(*args)
    finally:
        os.chdir(old)


def test_a_missing_golden_fails_and_says_how_to_make_it(pytester: pytest.Pytester) -> None:
    root = _project(pytester, ini=True)
    result = _run(pytester, root, "tests")
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(["*no golden screen*golden/demo/hello.txt*--update-golden*"])


@pytest.mark.parametrize("ini", [True, False], ids=["ini-file", "no-ini-file"])
def test_the_golden_folder_is_the_same_from_three_working_directories(
        pytester: pytest.Pytester, ini: bool) -> None:
    root = _project(pytester, ini=ini)
    written = _run(pytester, root, "--update-golden", "tests")
    written.assert_outcomes(passed=1)
    golden = root / "golden" / "demo" / "hello.txt"
    assert golden.is_file()
    outside = root.parent / f"{root.name}-elsewhere"
    outside.mkdir()
    for cwd, target in ((root, "tests"), (root / "tests", "."), (outside, str(root / "tests"))):
        result = _run(pytester, cwd, target)
        result.assert_outcomes(passed=1)
    assert sorted(p.relative_to(root) for p in root.rglob("*.txt")) == [
        Path("golden/demo/hello.txt")]
    assert not (outside / "golden").exists()


def test_a_mismatch_lists_every_changed_cell_and_the_rows(pytester: pytest.Pytester) -> None:
    root = _project(pytester, ini=True)
    _run(pytester, root, "--update-golden", "tests").assert_outcomes(passed=1)
    (root / "tests" / "test_demo.py").write_text(
        TEST_FILE.replace('"hello"', '"jello world"'), encoding="utf-8")
    result = _run(pytester, root, "tests")
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines([
        "*screen differs from*hello.txt*",
        "*row  1 col  1: expected 'h' 1F, got 'j' 1F*",
        "*row  1 col  7: expected ' ' 07, got 'w' 1F*",
        "*row  1 col 11: expected ' ' 07, got 'd' 1F*",
        "*row  1 expected |hello*",
        "*row  1 got      |jello world*",
    ])


def test_update_golden_reports_written_changed_and_unchanged(
        pytester: pytest.Pytester) -> None:
    root = _project(pytester, ini=True)
    first = _run(pytester, root, "--update-golden", "tests")
    first.stdout.fnmatch_lines(["*1 written, 0 changed, 0 unchanged*",
                                "WRITTEN *hello.txt*test_hello*"])
    again = _run(pytester, root, "--update-golden", "tests")
    again.stdout.fnmatch_lines(["*0 written, 0 changed, 1 unchanged*"])
    (root / "tests" / "test_demo.py").write_text(
        TEST_FILE.replace('"hello"', '"howdy"'), encoding="utf-8")
    changed = _run(pytester, root, "--update-golden", "tests")
    changed.stdout.fnmatch_lines(["*0 written, 1 changed, 0 unchanged*",
                                  "CHANGED *hello.txt*test_hello*"])
    assert "howdy" in (root / "golden" / "demo" / "hello.txt").read_text(encoding="utf-8")


def test_golden_unused_lists_dumps_no_test_used(pytester: pytest.Pytester) -> None:
    root = _project(pytester, ini=True)
    _run(pytester, root, "--update-golden", "tests").assert_outcomes(passed=1)
    stale = root / "golden" / "demo" / "old-screen.txt"
    stale.write_text((root / "golden" / "demo" / "hello.txt").read_text(encoding="utf-8"),
                     encoding="utf-8")
    result = _run(pytester, root, "--golden-unused", "tests")
    result.assert_outcomes(passed=1)
    result.stdout.fnmatch_lines(["*1 golden screen(s) used by no test of this run*",
                                 "UNUSED *old-screen.txt"])
    assert "hello.txt" not in "".join(line for line in result.stdout.lines
                                      if line.startswith("UNUSED"))
    assert stale.exists()   # reported, never deleted
