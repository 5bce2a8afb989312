"""pytest plugin: golden screen tests for text-mode programs.

Installed with retro (entry point ``pytest11``), so any project can write::

    def test_title(assert_screen):
        screen = retro.frontends.script.run("charmap", keys="PGDN").screen
        assert_screen(screen)                        # named after the test
        assert_screen(screen, "charmap/attributes")  # or named by you

The golden file is a dump in the format of ``retro.screenfiles.dump``, in the golden folder:

- with a name: ``<golden dir>/<name>.txt`` (the name may hold ``/``; one that resolves
  outside the golden folder, through ``..``, an absolute path or a symbolic link, is
  refused);
- without one: ``<golden dir>/<module>/<test>.txt``.  ``<module>`` is the test file's path
  from the folder the golden folder is taken from (below) without ``.py``
  (``tests/ui/test_menu``); ``<test>`` is the test's name with its parameters, after any
  classes and a dot (``TestMenu.test_opens[mono]``).  Characters other than letters,
  digits and ``._-[]=,+@`` and space become ``_``; a part longer than 120 characters is cut
  and ends with ``~`` and a hash.  The second unnamed golden of one test is ``<test>-2``,
  then ``-3``.

Two tests using the same golden file in one run is an error naming both.

Where the golden folder is, wherever pytest is started from: the ``retro_golden_dir`` ini
option (default ``golden``) is taken relative to the folder of the ini file (``pytest.ini``,
``pyproject.toml``, ``tox.ini`` or ``setup.cfg`` that configures pytest).  With no ini file it
is taken relative to the project root: the nearest folder above the test module that holds a
``pyproject.toml``, ``setup.py``, ``setup.cfg`` or ``.git``; failing that, the test module's
own folder.  An absolute ``retro_golden_dir`` is used as it is.

Options (each works under pytest-xdist: workers send what they did to the controller):

``--update-golden``
    write the golden files instead of comparing (nothing else ever writes them); the run
    ends with a summary of what was written, changed and left unchanged, naming each test
    that changed its golden.
``--golden-unused``
    at the end, list the golden ``.txt`` files no test uses (see
    ``retro.testing.goldens.find_unused``): an unnamed golden when its module was collected and its
    test is gone or passed without using it; a named golden only in a whole run (no paths
    or node ids given, nothing deselected, every test passed, no module skipped).
``--golden-prune``
    delete what ``--golden-unused`` lists, and list what was deleted.
``--golden-report DIR``
    write ``DIR/index.html``: each failing screen as expected, actual and difference
    pictures side by side, with its changed cells (see ``retro.testing.golden_report``).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Generator
from pathlib import Path
from typing import Any

import pytest

from retro.testing.goldens import (
    GoldenLog,
    GoldenNameError,
    Unused,
    find_unused,
    golden_key,
    module_folder,
    project_base,
    prune,
    resolve_name,
)
from retro.testing.goldens import golden_folder as _golden_folder

_WORKER_KEY = "retro_golden_log"


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("retro")
    group.addoption("--update-golden", action="store_true", default=False,
                    help="rewrite golden screen dumps instead of comparing with them")
    group.addoption("--golden-unused", action="store_true", default=False,
                    help="list golden screen dumps that no test uses")
    group.addoption("--golden-prune", action="store_true", default=False,
                    help="delete the golden screen dumps --golden-unused lists")
    group.addoption("--golden-report", metavar="DIR", default=None,
                    help="write DIR/index.html with pictures of every failing screen")
    parser.addini("retro_golden_dir",
                  "folder of golden screen dumps (relative to the ini file's folder, or the "
                  "project root when there is no ini file)", default="golden")


_LOG = pytest.StashKey[GoldenLog]()
#: What --golden-unused found (and --golden-prune deleted), for the summary.
_UNUSED = pytest.StashKey[Unused]()


def pytest_configure(config: pytest.Config) -> None:
    config.stash[_LOG] = GoldenLog()
    config.pluginmanager.register(_Recorder(config), "retro-golden-recorder")
    report = _report_folder(config)
    if report is not None and not _is_worker(config):
        # numpy and the report load when a golden is compared: pytest starts quickly.
        from retro.testing.golden_report import clear

        clear(report)


def _report_folder(config: pytest.Config) -> Path | None:
    """The ``--golden-report`` folder, from where pytest was started (workers included)."""
    option = config.getoption("--golden-report")
    return None if option is None else config.invocation_params.dir / option


def golden_folder(config: pytest.Config, test_file: Path) -> Path:
    """The golden folder for a test in ``test_file`` (see the module docstring)."""
    return _golden_folder(config.getini("retro_golden_dir"), config.inipath, test_file)


def _module_goldens(config: pytest.Config, test_file: Path) -> Path:
    """The folder of the unnamed goldens of the tests in ``test_file``."""
    base = project_base(config.inipath, test_file)
    return golden_folder(config, test_file) / module_folder(base, test_file)


def _classes(node: pytest.Item | pytest.Collector) -> list[str]:
    return [parent.name for parent in node.listchain() if isinstance(parent, pytest.Class)]


def _is_worker(config: pytest.Config) -> bool:
    return hasattr(config, "workerinput")


# -- what the run collects and how each test ends (for --golden-unused) ----------------------

class _Recorder:
    """Notes, for ``--golden-unused``, every test of each module collected (selected by the
    command line or not, so an unnamed golden can be matched with its test), which tests
    were to run, which were deselected and which passed."""

    def __init__(self, config: pytest.Config) -> None:
        self.config = config
        self.log = config.stash[_LOG]
        self._folders: dict[Path, str] = {}

    def _folder(self, test_file: Path) -> str:
        if test_file not in self._folders:
            self._folders[test_file] = str(_module_goldens(self.config, test_file).resolve())
            # The golden folder is searched even if no test of the run compares a screen.
            self.log.folders.add(str(golden_folder(self.config, test_file).resolve()))
        return self._folders[test_file]

    @pytest.hookimpl(wrapper=True)
    def pytest_make_collect_report(
            self, collector: pytest.Collector) -> Generator[None, pytest.CollectReport,
                                                            pytest.CollectReport]:
        # Every collector's report, even one collected only to reach a node id given on
        # the command line (pytest_collectreport does not see those).
        report = yield
        self._note(report)
        return report

    def _note(self, report: pytest.CollectReport) -> None:
        if report.failed:
            self.log.collect_errors += 1
            return
        if report.skipped:
            self.log.skipped_modules += 1
            return
        for node in report.result:
            if not isinstance(node, pytest.Function):
                continue
            folder = self._folder(node.path)
            classes = _classes(node)
            self.log.modules[folder] = str(node.path)
            if classes:
                self.log.classes.add(f"{folder}::{'.'.join(classes)}")
            self.log.tests[node.nodeid] = (folder, golden_key([*classes, node.name]))

    def pytest_collection_finish(self, session: pytest.Session) -> None:
        self.log.selected.update(item.nodeid for item in session.items)

    def pytest_deselected(self, items: list[pytest.Item]) -> None:
        self.log.deselected += len(items)

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        if report.when == "call" and report.passed:
            self.log.passed.add(report.nodeid)


# -- the fixture ---------------------------------------------------------------------------

def _as_screen(value: Any) -> Any:
    __tracebackhide__ = True
    # numpy and the report load when a golden is compared: pytest starts quickly.
    from retro.pc.screen import Screen

    if isinstance(value, Screen):
        return value
    if isinstance(value, bytes | bytearray):
        return Screen.from_bytes(bytes(value))
    screen = getattr(value, "screen", None)
    if isinstance(screen, Screen):
        return screen
    raise TypeError(f"assert_screen takes a Screen, a run result or 4000 bytes, not {value!r}")


class GoldenMismatch(AssertionError):
    """A screen that differs from its golden dump."""


def _shown_path(path: Path) -> str:
    """A golden path for messages: relative to the working folder when it is below it."""
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(path)


@pytest.fixture
def assert_screen(request: pytest.FixtureRequest) -> Callable[..., None]:
    """Compare a screen with its golden dump (or write it with ``--update-golden``):
    ``assert_screen(screen)`` names it after the test, ``assert_screen(screen, name)`` is
    ``<golden dir>/<name>.txt``."""
    config = request.config
    test_file = Path(str(request.node.path))
    folder = golden_folder(config, test_file)
    update = config.getoption("--update-golden")
    report = _report_folder(config)
    log = config.stash[_LOG]
    log.folders.add(str(folder.resolve()))
    test = request.node.nodeid
    own_key = golden_key([*_classes(request.node), request.node.name])
    unnamed = [0]

    def check(value: Any, name: str | None = None) -> None:
        __tracebackhide__ = True
        # numpy and the report load when a golden is compared: pytest starts quickly.
        from retro.screenfiles.dump import DumpError, diff, from_text, to_text

        screen = _as_screen(value)
        if name is None:
            unnamed[0] += 1
            key = own_key if unnamed[0] == 1 else f"{own_key}-{unnamed[0]}"
            path = _module_goldens(config, test_file) / f"{key}.txt"
        else:
            path = resolve_name(folder, name)
        other = log.use(path, test)
        if other is not None:
            raise GoldenNameError(
                f"golden {_shown_path(path)} is used by two tests: {other} and {test}; "
                f"give one of them another name")
        text = to_text(screen)
        if update:
            if not path.exists():
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_text(text, encoding="utf-8")
                log.written.append((test, str(path)))
            elif path.read_text(encoding="utf-8") != text:
                path.write_text(text, encoding="utf-8")
                log.changed.append((test, str(path)))
            else:
                log.unchanged += 1
            return
        if not path.exists():
            if report is not None:
                _report(report, test, path, None, screen)
            raise GoldenMismatch(
                f"no golden screen {_shown_path(path)}; run pytest --update-golden to "
                f"create it. The screen was:\n{screen}")
        try:
            expected = from_text(path.read_text(encoding="utf-8"))
        except (DumpError, UnicodeDecodeError) as err:
            raise GoldenMismatch(f"golden {_shown_path(path)} is not a screen dump ({err}); "
                                 f"pytest --update-golden writes it anew") from None
        lines = diff(expected, screen)
        if lines:
            if report is not None:
                _report(report, test, path, expected, screen)
            raise GoldenMismatch(f"{lines[0]}, against {_shown_path(path)}\n"
                                 + "\n".join(lines[1:]))

    def _report(folder: Path, test: str, path: Path, expected: Any, actual: Any) -> None:
        # numpy and the report load when a golden is compared: pytest starts quickly.
        from retro.testing.golden_report import record_failure

        log.failures.append(record_failure(folder, test, _shown_path(path), expected, actual))

    return check


# -- the end of the run --------------------------------------------------------------------

@pytest.hookimpl(optionalhook=True)
def pytest_testnodedown(node: Any, error: Any) -> None:
    """pytest-xdist: a worker is done; add what it did to the controller's log."""
    data = getattr(node, "workeroutput", {}).get(_WORKER_KEY)
    if data is not None:
        node.config.stash[_LOG].merge(json.loads(data))


def _paths_given(config: pytest.Config) -> bool:
    return bool(config.args_source == pytest.Config.ArgsSource.ARGS)


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    config = session.config
    log = config.stash[_LOG]
    if _is_worker(config):
        config.workeroutput[_WORKER_KEY] = json.dumps(log.to_json())  # type: ignore[attr-defined]
        return
    if log.shared() and session.exitstatus == 0:
        session.exitstatus = pytest.ExitCode.TESTS_FAILED
    if config.getoption("--golden-unused") or config.getoption("--golden-prune"):
        unused = find_unused(log, paths_given=_paths_given(config))
        if config.getoption("--golden-prune"):
            unused.files = prune(unused.files, log.folders)
        config.stash[_UNUSED] = unused
    report = _report_folder(config)
    if report is not None:
        # numpy and the report load when a golden is compared: pytest starts quickly.
        from retro.testing.golden_report import write_index

        compared = sum(len(users) for users in log.uses.values())
        write_index(report, log.failures, compared)


def pytest_terminal_summary(terminalreporter: Any, exitstatus: int,
                            config: pytest.Config) -> None:
    log = config.stash.get(_LOG, None)
    if log is None or _is_worker(config):
        return
    write = terminalreporter.write_line
    shared = log.shared()
    if shared:
        terminalreporter.section("retro golden screens used by two tests", red=True)
        for golden, users in sorted(shared.items()):
            write(f"SHARED {_shown_path(Path(golden))}  ({' and '.join(users)})")
    if config.getoption("--update-golden"):
        terminalreporter.section("retro golden screens")
        write(f"{len(log.written)} written, {len(log.changed)} changed, "
              f"{log.unchanged} unchanged")
        for test, written in log.written:
            write(f"WRITTEN {_shown_path(Path(written))}  ({test})")
        for test, changed in log.changed:
            write(f"CHANGED {_shown_path(Path(changed))}  ({test})")
    unused = config.stash.get(_UNUSED, None)
    if unused is not None:
        terminalreporter.section("retro golden screens not used")
        write(f"{len(unused.files)} golden screen(s) used by no test of this run")
        if unused.named_not_judged:
            write(f"{unused.named_not_judged} named golden screen(s) not judged: "
                  f"{unused.why_not_whole} (run the whole suite, without paths, to judge them)")
        word = "DELETED" if config.getoption("--golden-prune") else "UNUSED"
        for path in unused.files:
            write(f"{word} {_shown_path(path)}")
    report = _report_folder(config)
    if report is not None:
        write(f"golden screen report: {_shown_path(report / 'index.html')} "
              f"({len(log.failures)} failing screen(s))")
