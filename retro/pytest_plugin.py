"""pytest plugin: golden screen tests for text-mode programs.

Installed with retro (entry point ``pytest11``), so any project can write::

    def test_title(assert_screen):
        screen = retro.script.run("charmap", keys="PGDN").screen
        assert_screen(screen, "charmap/attributes")

The golden file is ``<golden dir>/charmap/attributes.txt`` (the dump format of
``retro.dump``).  A mismatch fails with every changed cell as text.

Where the golden folder is, wherever pytest is started from: the ``retro_golden_dir`` ini
option (default ``golden``) is taken relative to the folder of the ini file (``pytest.ini``,
``pyproject.toml``, ``tox.ini`` or ``setup.cfg`` that configures pytest).  With no ini file it
is taken relative to the project root: the nearest folder above the test module that holds a
``pyproject.toml``, ``setup.py``, ``setup.cfg`` or ``.git``; failing that, the test module's
own folder.  An absolute ``retro_golden_dir`` is used as it is.

Options:

``--update-golden``
    write the golden files instead of comparing (nothing else ever writes them); the run
    ends with a summary of what was written, changed and left unchanged, naming each test
    that changed its golden.
``--golden-unused``
    at the end, list the golden ``.txt`` files under the golden folder that no test of this
    run used (run the whole suite for a full report); with ``--update-golden`` too, they are
    only listed, never deleted.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

ROOT_MARKERS = ("pyproject.toml", "setup.py", "setup.cfg", ".git")


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("retro")
    group.addoption("--update-golden", action="store_true", default=False,
                    help="rewrite golden screen dumps instead of comparing with them")
    group.addoption("--golden-unused", action="store_true", default=False,
                    help="list golden screen dumps that no test of this run used")
    parser.addini("retro_golden_dir",
                  "folder of golden screen dumps (relative to the ini file's folder, or the "
                  "project root when there is no ini file)", default="golden")


@dataclass
class GoldenLog:
    """What the golden fixture did during one run (kept on the config)."""

    used: set[Path] = field(default_factory=set)
    folders: set[Path] = field(default_factory=set)
    written: list[tuple[str, Path]] = field(default_factory=list)
    changed: list[tuple[str, Path]] = field(default_factory=list)
    unchanged: int = 0


_LOG = pytest.StashKey[GoldenLog]()


def pytest_configure(config: pytest.Config) -> None:
    config.stash[_LOG] = GoldenLog()


def golden_folder(config: pytest.Config, test_file: Path) -> Path:
    """The golden folder for a test in ``test_file`` (see the module docstring)."""
    setting = Path(config.getini("retro_golden_dir"))
    if setting.is_absolute():
        return setting
    if config.inipath is not None:
        return config.inipath.parent / setting
    for folder in test_file.resolve().parents:
        if any((folder / marker).exists() for marker in ROOT_MARKERS):
            return folder / setting
    return test_file.resolve().parent / setting


def _as_screen(value: Any) -> Any:
    from retro.screen import Screen

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


@pytest.fixture
def assert_screen(request: pytest.FixtureRequest) -> Callable[[Any, str], None]:
    """Compare a screen with ``<golden dir>/<name>.txt`` (or write it with ``--update-golden``)."""
    from retro.dump import diff, from_text, to_text

    config = request.config
    folder = golden_folder(config, Path(str(request.node.path)))
    update = config.getoption("--update-golden")
    log = config.stash[_LOG]
    log.folders.add(folder)
    test = request.node.nodeid

    def check(value: Any, name: str) -> None:
        screen = _as_screen(value)
        path = folder / f"{name}.txt"
        log.used.add(path.resolve())
        text = to_text(screen)
        if update:
            if not path.exists():
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_text(text, encoding="utf-8")
                log.written.append((test, path))
            elif path.read_text(encoding="utf-8") != text:
                path.write_text(text, encoding="utf-8")
                log.changed.append((test, path))
            else:
                log.unchanged += 1
            return
        if not path.exists():
            raise GoldenMismatch(
                f"no golden screen {path}; run pytest --update-golden to create it. "
                f"The screen was:\n{screen}")
        lines = diff(from_text(path.read_text(encoding="utf-8")), screen, limit=None)
        if lines:
            raise GoldenMismatch(f"screen differs from {path}:\n" + "\n".join(lines))

    return check


def unused_goldens(log: GoldenLog) -> list[Path]:
    """Golden ``.txt`` dumps under the folders used this run that no test asked for."""
    found: list[Path] = []
    for folder in sorted(log.folders):
        if folder.is_dir():
            found += [p for p in sorted(folder.rglob("*.txt")) if p.resolve() not in log.used]
    return found


def pytest_terminal_summary(terminalreporter: Any, exitstatus: int,
                            config: pytest.Config) -> None:
    log = config.stash.get(_LOG, None)
    if log is None:
        return
    write = terminalreporter.write_line
    if config.getoption("--update-golden"):
        terminalreporter.section("retro golden screens")
        write(f"{len(log.written)} written, {len(log.changed)} changed, "
              f"{log.unchanged} unchanged")
        for test, path in log.written:
            write(f"WRITTEN {path}  ({test})")
        for test, path in log.changed:
            write(f"CHANGED {path}  ({test})")
    if config.getoption("--golden-unused"):
        unused = unused_goldens(log)
        terminalreporter.section("retro golden screens not used")
        write(f"{len(unused)} golden screen(s) used by no test of this run")
        for path in unused:
            write(f"UNUSED {path}")
