"""Cooperative work without a screen: run a step generator to its end at once.

A long decision (a search, a weighing of many choices) is written as a generator that
yields how far it has got and accepts True when asked to stop (see ``retro.ui.work``,
which runs it between key polls on screen).  Benches, tests and the plain ``choose``
of a player run it here instead, never asked to stop.

    >>> def count():
    ...     for n in range(3):
    ...         yield n / 3
    ...     return "done"
    >>> drain(count())
    'done'
"""

from __future__ import annotations

from collections.abc import Generator
from typing import Any, TypeVar

T = TypeVar("T")


def drain(steps: Generator[Any, Any, T]) -> T:
    """Run ``steps`` to its end and return what it returns."""
    try:
        while True:
            next(steps)
    except StopIteration as end:
        result: T = end.value
        return result
