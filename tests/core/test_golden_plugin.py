"""The golden-screen pytest plugin, run as a user runs it: pytest inside a project."""

from __future__ import annotations

import os
from pathlib import Path

import numpy as np
import pytest

from retro.pc.screen import Screen
from retro.screenfiles.dump import to_text
from retro.testing.goldens import GoldenLog, find_unused, is_golden_dump, prune

TEST_FILE = '''
from retro.pc.screen import Screen

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


def test_a_mismatch_counts_the_cells_then_groups_them_by_row_with_colours_named(
        pytester: pytest.Pytester) -> None:
    root = _project(pytester, ini=True)
    _run(pytester, root, "--update-golden", "tests").assert_outcomes(passed=1)
    (root / "tests" / "test_demo.py").write_text(
        TEST_FILE.replace('"hello"', '"jello world"'), encoding="utf-8")
    result = _run(pytester, root, "tests")
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines([
        "E * retro.testing.pytest_plugin.GoldenMismatch: 7 changed cells in 1 row, "
        "against golden/demo/hello.txt",
        "E       row 1: 7 changed cells",
        "E         expected |hello *|",
        "E         got      |jello world *|",
        "E                   ^    ^^^^^^",
        "E         col 1: expected 'h', got 'j', both white on blue (1F)",
        "E         cols 6-11: expected 6 × ' ' grey on black (07), got ' world' white on blue (1F)",
    ])
    # Only the test's own frame is shown, not the plugin's.
    assert "pytest_plugin.py" not in result.stdout.str()


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


UNNAMED_TESTS = '''
import numpy as np
import pytest
from retro.pc.screen import Screen

def _screen(text):
    s = Screen()
    s.put(0, 0, text, 0x1F)
    return s

def test_plain(assert_screen):
    assert_screen(_screen("one"))
    assert_screen(_screen("two"))

@pytest.mark.parametrize("kind", ["a/b", "c:d"])
def test_param(assert_screen, kind):
    assert_screen(_screen(kind))

class TestGroup:
    def test_in_class(self, assert_screen):
        assert_screen(_screen("class"))

def test_named(assert_screen):
    assert_screen(_screen("hello"), "demo/hello")
'''


def _write_tests(root: Path, source: str, name: str = "test_demo.py") -> None:
    (root / "tests" / name).write_text(source, encoding="utf-8")


def _goldens(root: Path) -> list[str]:
    return sorted(str(p.relative_to(root / "golden")) for p in (root / "golden").rglob("*.txt"))


def test_a_golden_without_a_name_is_named_after_module_test_and_parameters(
        pytester: pytest.Pytester) -> None:
    root = _project(pytester, ini=True)
    _write_tests(root, UNNAMED_TESTS)
    _run(pytester, root, "--update-golden").assert_outcomes(passed=5)
    assert _goldens(root) == [
        "demo/hello.txt",
        "tests/test_demo/TestGroup.test_in_class.txt",
        "tests/test_demo/test_param[a_b].txt",
        "tests/test_demo/test_param[c_d].txt",
        "tests/test_demo/test_plain-2.txt",
        "tests/test_demo/test_plain.txt",
    ]
    assert "two" in (root / "golden/tests/test_demo/test_plain-2.txt").read_text("utf-8")
    _run(pytester, root).assert_outcomes(passed=5)


TWO_TESTS_ONE_GOLDEN = '''
from retro.pc.screen import Screen

def test_first(assert_screen):
    assert_screen(Screen(), "shared/screen")

def test_second(assert_screen):
    assert_screen(Screen(), "shared/screen")
'''


def test_two_tests_writing_one_golden_is_an_error_naming_both(
        pytester: pytest.Pytester) -> None:
    root = _project(pytester, ini=True)
    _write_tests(root, TWO_TESTS_ONE_GOLDEN)
    result = _run(pytester, root, "--update-golden")
    result.assert_outcomes(passed=1, failed=1)
    result.stdout.fnmatch_lines([
        "*GoldenNameError: golden golden/shared/screen.txt is used by two tests: "
        "tests/test_demo.py::test_first and tests/test_demo.py::test_second*",
        "SHARED golden/shared/screen.txt  "
        "(tests/test_demo.py::test_first and tests/test_demo.py::test_second)"])


def test_two_tests_using_one_golden_on_two_xdist_workers_fail_the_run(
        pytester: pytest.Pytester) -> None:
    root = _project(pytester, ini=True)
    _write_tests(root, TWO_TESTS_ONE_GOLDEN)
    result = _run(pytester, root, "-n", "2", "--update-golden")
    assert result.ret == 1
    result.stdout.fnmatch_lines([
        "SHARED golden/shared/screen.txt  (tests/test_demo.py::test_*"
        " and tests/test_demo.py::test_*)"])


ESCAPING_NAMES = '''
import numpy as np
import pytest
from retro.pc.screen import Screen

@pytest.mark.parametrize("name", ["../outside", "/tmp/retro-absolute", "link/escape"])
def test_escape(assert_screen, name):
    assert_screen(Screen(), name)
'''


def test_a_name_that_resolves_outside_the_golden_folder_is_refused(
        pytester: pytest.Pytester) -> None:
    root = _project(pytester, ini=True)
    _write_tests(root, ESCAPING_NAMES)
    (root / "golden").mkdir()
    (root / "elsewhere").mkdir()
    (root / "golden" / "link").symlink_to(root / "elsewhere")
    result = _run(pytester, root, "--update-golden")
    result.assert_outcomes(failed=3)
    for name in ("../outside", "/tmp/retro-absolute", "link/escape"):
        result.stdout.fnmatch_lines([f"*GoldenNameError: golden name '{name}' resolves to *"
                                     f"outside the golden folder *"])
    assert not (root / "outside.txt").exists()
    assert not (root / "elsewhere" / "escape.txt").exists()
    assert "goldens.py" not in result.stdout.str()
    assert not Path("/tmp/retro-absolute.txt").exists()


def test_update_golden_summary_counts_the_tests_of_every_xdist_worker(
        pytester: pytest.Pytester) -> None:
    root = _project(pytester, ini=True)
    _write_tests(root, UNNAMED_TESTS)
    first = _run(pytester, root, "-n", "2", "--update-golden")
    first.assert_outcomes(passed=5)
    first.stdout.fnmatch_lines(["*6 written, 0 changed, 0 unchanged*"])
    assert len([line for line in first.stdout.lines if line.startswith("WRITTEN")]) == 6
    again = _run(pytester, root, "-n", "2", "--update-golden")
    again.stdout.fnmatch_lines(["*0 written, 0 changed, 6 unchanged*"])


STALE_TESTS = '''
from retro.pc.screen import Screen

def test_a(assert_screen):
    assert_screen(Screen())

def test_b(assert_screen):
    assert_screen(Screen())

def test_c(assert_screen):
    assert_screen(Screen(), "demo/named")
'''


def _stale_project(pytester: pytest.Pytester) -> Path:
    """Goldens of three tests, plus one of a test that is gone, a second one of test_b that
    it no longer asks for, and one named golden no test names any more."""
    root = _project(pytester, ini=True)
    _write_tests(root, STALE_TESTS)
    _run(pytester, root, "--update-golden").assert_outcomes(passed=3)
    module = root / "golden" / "tests" / "test_demo"
    (module / "test_gone.txt").write_text((module / "test_a.txt").read_text("utf-8"), "utf-8")
    # a second unnamed screen test_b no longer compares
    (module / "test_b-2.txt").write_text((module / "test_a.txt").read_text("utf-8"), "utf-8")
    (root / "golden" / "demo" / "old.txt").write_text(
        (module / "test_a.txt").read_text("utf-8"), "utf-8")
    return root


def _listed(result: pytest.RunResult, word: str) -> list[str]:
    return sorted(line.split()[1] for line in result.stdout.lines if line.startswith(word))


@pytest.mark.parametrize("workers", [[], ["-n", "2"]], ids=["one-process", "xdist"])
def test_golden_unused_judges_only_the_tests_that_ran(
        pytester: pytest.Pytester, workers: list[str]) -> None:
    root = _stale_project(pytester)
    whole = _run(pytester, root, *workers, "--golden-unused")
    whole.assert_outcomes(passed=3)
    assert _listed(whole, "UNUSED") == ["golden/demo/old.txt",
                                        "golden/tests/test_demo/test_b-2.txt",
                                        "golden/tests/test_demo/test_gone.txt"]
    subset = _run(pytester, root, *workers, "--golden-unused", "-k", "test_a")
    subset.assert_outcomes(passed=1)
    # test_b's golden is not judged (test_b did not run), nor the named ones (a subset)
    assert _listed(subset, "UNUSED") == ["golden/tests/test_demo/test_gone.txt"]
    subset.stdout.fnmatch_lines(["2 named golden screen(s) not judged: 2 test(s) deselected*"])
    by_id = _run(pytester, root, *workers, "--golden-unused", "tests/test_demo.py::test_a")
    by_id.assert_outcomes(passed=1)
    assert _listed(by_id, "UNUSED") == ["golden/tests/test_demo/test_gone.txt"]
    by_id.stdout.fnmatch_lines(["*not judged: paths or node ids were given*"])


def test_golden_unused_leaves_alone_the_golden_of_a_failing_test(
        pytester: pytest.Pytester) -> None:
    root = _stale_project(pytester)
    _write_tests(root, STALE_TESTS.replace("def test_b(assert_screen):",
                                           "def test_b(assert_screen):\n    assert False"))
    result = _run(pytester, root, "--golden-unused")
    result.assert_outcomes(passed=2, failed=1)
    assert _listed(result, "UNUSED") == ["golden/tests/test_demo/test_gone.txt"]
    result.stdout.fnmatch_lines(["*not judged: 1 test(s) did not pass*"])


def test_golden_prune_deletes_what_golden_unused_lists(pytester: pytest.Pytester) -> None:
    root = _stale_project(pytester)
    result = _run(pytester, root, "-n", "2", "--golden-prune")
    result.assert_outcomes(passed=3)
    assert _listed(result, "DELETED") == ["golden/demo/old.txt",
                                          "golden/tests/test_demo/test_b-2.txt",
                                          "golden/tests/test_demo/test_gone.txt"]
    assert _goldens(root) == ["demo/named.txt", "tests/test_demo/test_a.txt",
                              "tests/test_demo/test_b.txt"]


REPORT_TESTS = '''
from retro.pc.screen import Screen

def test_changed(assert_screen):
    s = Screen()
    s.put(2, 3, "new", 0x1E)
    assert_screen(s, "demo/changed")

def test_new(assert_screen):
    assert_screen(Screen(), "demo/never-written")

def test_same(assert_screen):
    assert_screen(Screen(), "demo/same")
'''


@pytest.mark.parametrize("workers", [[], ["-n", "2"]], ids=["one-process", "xdist"])
def test_golden_report_shows_each_failing_screen_as_three_pictures(
        pytester: pytest.Pytester, workers: list[str]) -> None:
    from retro.pc.screen import Screen
    from retro.pictures.png import decode_png
    from retro.screenfiles.dump import to_text
    from retro.testing.golden_report import OUTLINE

    root = _project(pytester, ini=True)
    _write_tests(root, REPORT_TESTS)
    (root / "golden" / "demo").mkdir(parents=True)
    for name in ("changed", "same"):
        (root / "golden" / "demo" / f"{name}.txt").write_text(to_text(Screen()), "utf-8")
    result = _run(pytester, root, *workers, "--golden-report", "report")
    result.assert_outcomes(passed=1, failed=2)
    result.stdout.fnmatch_lines(["golden screen report: report/index.html (2 failing screen(s))"])
    page = (root / "report" / "index.html").read_text("utf-8")
    assert "2 failing of 3 compared" in page
    assert page.count("<section>") == 2
    # the changed screen: expected, actual, difference; the missing golden: actual alone
    assert page.count('src="data:image/png;base64,') == 4
    assert "http" not in page.replace("http-equiv", "")
    assert "3 changed cells in 1 row" in page
    assert ("cols 4-6: expected &#x27;   &#x27; grey on black (07), got &#x27;new&#x27; "
            "yellow on blue (1E)") in page
    assert "no golden file yet" in page
    (difference,) = (root / "report").glob("*changed*.difference.png")
    picture = decode_png(difference.read_bytes())
    assert picture.shape == (400, 720, 3)
    outlined = np.all(picture == OUTLINE, axis=2)
    ys, xs = np.nonzero(outlined)
    # the outline hugs cells (3, 4)-(3, 6) in 1-based terms: rows 32-47, columns 27-53
    assert (ys.min(), ys.max(), xs.min(), xs.max()) == (30, 49, 25, 55)


# -- the naming rules on their own -------------------------------------------------------------

def test_a_name_part_is_filesystem_safe_and_a_long_one_stays_unique() -> None:
    from retro.testing.goldens import MAX_PART, safe_part

    assert safe_part('test_x[a/b:c*"d"]') == "test_x[a_b_c__d_]"
    assert safe_part(".hidden") == "_hidden"
    assert safe_part("ends with dots. .") == "ends with dots"
    one, two = (safe_part("test_long[" + "x" * 200 + end) for end in ("1]", "2]"))
    assert len(one) == len(two) == MAX_PART
    assert one != two and one.startswith("test_long[xxx")


def test_prune_removes_the_folders_it_empties_but_never_the_golden_folder(
        tmp_path: Path) -> None:
    golden = tmp_path / "golden"
    stale = golden / "tests" / "test_gone" / "test_a.txt"
    kept = golden / "demo" / "kept.txt"
    for path in (stale, kept):
        path.parent.mkdir(parents=True)
        path.write_text(to_text(Screen()), encoding="utf-8")
    assert prune([stale], {str(golden)}) == [stale]
    assert not (golden / "tests").exists()
    assert kept.exists()
    assert prune([kept], {str(golden)}) == [kept]
    assert golden.is_dir()


def test_golden_unused_finds_goldens_when_no_test_compares_a_screen_any_more(
        pytester: pytest.Pytester) -> None:
    root = _stale_project(pytester)
    _write_tests(root, "def test_other():\n    pass\n")
    result = _run(pytester, root, "--golden-unused")
    result.assert_outcomes(passed=1)
    assert _listed(result, "UNUSED") == [
        "golden/demo/named.txt", "golden/demo/old.txt", "golden/tests/test_demo/test_a.txt",
        "golden/tests/test_demo/test_b-2.txt", "golden/tests/test_demo/test_b.txt",
        "golden/tests/test_demo/test_gone.txt"]


def test_a_golden_that_is_no_dump_fails_with_one_line_naming_it(
        pytester: pytest.Pytester) -> None:
    root = _project(pytester, ini=True)
    (root / "golden" / "demo").mkdir(parents=True)
    (root / "golden" / "demo" / "hello.txt").write_text("not a dump\n", encoding="utf-8")
    result = _run(pytester, root)
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(["E * golden golden/demo/hello.txt is not a screen dump "
                                 "(a dump has 51 lines, this one 1); pytest --update-golden*"])
    assert "dump.py" not in result.stdout.str()


def test_golden_unused_leaves_alone_the_goldens_of_a_skipped_module(
        pytester: pytest.Pytester) -> None:
    root = _stale_project(pytester)
    _write_tests(root, "import pytest\npytest.skip('no device', allow_module_level=True)\n",
                 name="test_skipped.py")
    kept = root / "golden" / "tests" / "test_skipped" / "test_x.txt"
    kept.parent.mkdir(parents=True)
    kept.write_text("x", encoding="utf-8")
    result = _run(pytester, root, "--golden-prune")
    result.assert_outcomes(passed=3, skipped=1)
    assert kept.exists()
    result.stdout.fnmatch_lines(["*not judged: 1 module(s) skipped*"])


def _dump_log(golden: Path) -> GoldenLog:
    """The log of a whole run that used no golden of ``golden``."""
    log = GoldenLog()
    log.folders.add(str(golden.resolve()))
    return log


def test_golden_unused_and_prune_touch_only_golden_dumps(tmp_path: Path) -> None:
    golden = tmp_path / "golden"
    golden.mkdir()
    dump, readme = golden / "old.txt", golden / "README.txt"
    notes = golden / "menu" / "notes.txt"
    notes.parent.mkdir()
    dump.write_text(to_text(Screen()), encoding="utf-8")
    readme.write_text("What the golden screens are.\n", encoding="utf-8")
    notes.write_text("", encoding="utf-8")
    unused = find_unused(_dump_log(golden), paths_given=False)
    assert unused.files == [dump]
    assert prune([dump, readme, notes], {str(golden)}) == [dump]
    assert readme.exists() and notes.exists() and not dump.exists()


def test_a_golden_dump_is_known_by_its_first_line(tmp_path: Path) -> None:
    path = tmp_path / "a.txt"
    path.write_text("retro-screen 1 mode=colour\n", encoding="utf-8")
    assert is_golden_dump(path)
    path.write_text("retro-scree", encoding="utf-8")
    assert not is_golden_dump(path) and not is_golden_dump(tmp_path / "missing.txt")


@pytest.mark.parametrize("name", ["", "a\x00b", "\x00"])
def test_an_empty_golden_name_or_one_with_a_nul_is_refused_in_words(tmp_path: Path,
                                                                    name: str) -> None:
    from retro.testing.goldens import GoldenNameError, resolve_name

    with pytest.raises(GoldenNameError, match="empty or holds a NUL"):
        resolve_name(tmp_path, name)


def test_a_golden_name_through_a_link_that_leads_out_is_refused(tmp_path: Path) -> None:
    from retro.testing.goldens import GoldenNameError, resolve_name

    folder, outside = tmp_path / "golden", tmp_path / "elsewhere"
    folder.mkdir()
    outside.mkdir()
    (folder / "out").symlink_to(outside)
    assert resolve_name(folder, "sub/screen") == folder / "sub" / "screen.txt"
    for name in ("out/screen", "../screen", str(outside / "screen")):
        with pytest.raises(GoldenNameError, match="outside the golden folder"):
            resolve_name(folder, name)
