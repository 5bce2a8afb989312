"""pytest plugin: golden screen tests for text-mode programs.

Installed with retro (entry point ``pytest11``), so any project can write::

    def test_title(assert_screen):
        screen = retro.script.run("charmap", keys="PGDN").screen
        assert_screen(screen, "charmap/attributes")

The golden file is ``<golden dir>/charmap/attributes.txt`` (the dump format of
``retro.dump``).  A mismatch fails with the changed cells as text.  ``pytest
--update-golden`` writes the files instead of comparing; nothing else ever writes them.  The
golden folder is the ``retro_golden_dir`` ini option (default ``golden`` beside the rootdir).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("retro")
    group.addoption("--update-golden", action="store_true", default=False,
                    help="rewrite golden screen dumps instead of comparing with them")
    parser.addini("retro_golden_dir", "folder of golden screen dumps (relative to rootdir)",
                  default="golden")


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
    """Compare a screen with ``golden/<name>.txt`` (or write it with ``--update-golden``)."""
    from retro.dump import diff, from_text, to_text

    config = request.config
    folder = Path(config.rootpath) / config.getini("retro_golden_dir")
    update = config.getoption("--update-golden")

    def check(value: Any, name: str) -> None:
        screen = _as_screen(value)
        path = folder / f"{name}.txt"
        text = to_text(screen)
        if update:
            path.parent.mkdir(parents=True, exist_ok=True)
            if not path.exists() or path.read_text(encoding="utf-8") != text:
                path.write_text(text, encoding="utf-8")
            return
        if not path.exists():
            raise GoldenMismatch(
                f"no golden screen {path}; run pytest --update-golden to create it. "
                f"The screen was:\n{screen}")
        lines = diff(from_text(path.read_text(encoding="utf-8")), screen)
        if lines:
            raise GoldenMismatch(f"screen differs from {path}:\n" + "\n".join(lines))

    return check
