"""Helpers for the kit's tests: small programs run under key scripts, as games are."""

from __future__ import annotations

from collections.abc import Callable, Coroutine
from typing import Any

import pytest

from retro.frontends.script import RunResult, run
from retro.pc.machine import Machine, Program

Main = Callable[[Machine], Coroutine[Any, Any, None]]


def backdrop(m: Machine) -> None:
    """A screen where every cell differs from its neighbours, so a wrong restore shows."""
    s = m.screen
    for row in range(25):
        for col in range(80):
            s.put(row, col, bytes([(row * 80 + col) % 254 + 1]), (row * 7 + col * 3) % 256)
    s.border = 0


def calm(m: Machine) -> None:
    """A quiet game-like backdrop for golden screens."""
    s = m.screen
    s.clear(m.attr(0x17, 0x07))
    s.fill(1, 0, 22, 80, "\u2591", m.attr(0x17, 0x07))
    s.put(0, 1, "A game screen", m.attr(0x1F, 0x0F))


@pytest.fixture
def kit_run() -> Callable[..., RunResult]:
    """``kit_run(main, keys, letters="")``: run a test program headless."""

    def go(main: Main, keys: str = "", letters: str = "", until_ms: int = 600_000) -> RunResult:
        return run(Program(name="kit-probe", title="kit probe", main=main), keys=keys,
                   letters=letters, until_ms=until_ms)

    return go
