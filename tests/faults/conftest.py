"""The fault-injection suite: shared tally of cases tried and survived, shown after the run.

Every test here feeds damage to the real program (or the real save code) and records how
many cases it tried and how many the program survived as specified; the totals are printed
in the terminal summary of every ``pytest`` run that includes this folder.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

_TALLY: dict[str, list[int]] = {}


def record(category: str, tried: int, survived: int) -> None:
    counts = _TALLY.setdefault(category, [0, 0])
    counts[0] += tried
    counts[1] += survived


@pytest.fixture
def tally() -> Callable[[str, int, int], None]:
    """``tally(category, tried, survived)`` adds to the counts printed after the run."""
    return record


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    if not _TALLY:
        return
    terminalreporter.section("fault injection")
    total_tried = total_survived = 0
    for category, (tried, survived) in sorted(_TALLY.items()):
        terminalreporter.write_line(f"{category}: {tried} tried, {survived} survived")
        total_tried += tried
        total_survived += survived
    terminalreporter.write_line(f"all faults: {total_tried} tried, {total_survived} survived")
