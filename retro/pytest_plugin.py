"""``retro.pytest_plugin``, the documented import path of ``retro.testing.pytest_plugin``.

The code lives in ``retro.testing.pytest_plugin``; this module only re-exports its public names,
so that what README.md and docs/ show keeps working.

pytest's ``pytest11`` entry point names this module, so the hooks and fixtures
are registered once, under the name they always had.
"""

from retro.testing.pytest_plugin import (
    GoldenMismatch,
    assert_screen,
    golden_folder,
    pytest_addoption,
    pytest_configure,
    pytest_sessionfinish,
    pytest_terminal_summary,
    pytest_testnodedown,
)

__all__ = [
    "GoldenMismatch",
    "assert_screen",
    "golden_folder",
    "pytest_addoption",
    "pytest_configure",
    "pytest_sessionfinish",
    "pytest_terminal_summary",
    "pytest_testnodedown",
]
