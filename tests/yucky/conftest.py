"""Yucky test helpers: the real program on an arranged hand."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

import retro.games.yucky.ui as yucky_ui
from retro.frontends.script import RunResult, run
from retro.games.yucky.rules import YOU, Round


class _Fixed:
    """Stands in for ``Round`` in the screen module: every deal is the arranged hand."""

    def __init__(self, you: str, computer: str, top: str, turn: int = YOU, pile: str = ""):
        self.args = (you, computer, top, turn, pile)

    def deal(self, rng, dealer, options=None, deck=None):
        you, computer, top, turn, pile = self.args
        return Round.arrange(rng, (you, computer), top, turn=turn, pile=pile, dealer=dealer,
                             **({"options": options} if options else {}))


@pytest.fixture
def play_arranged(monkeypatch: pytest.MonkeyPatch) -> Callable[..., RunResult]:
    """``play_arranged(keys, you, computer, top, turn=, pile=, lapse=)``: run the program
    with every hand dealt as given (``lapse`` 1.0: the computer always forgets its cry)."""

    def play(keys: str, you: str, computer: str, top: str, turn: int = YOU, pile: str = "",
             lapse: float | None = None, **kw: Any) -> RunResult:
        monkeypatch.setattr(yucky_ui, "Round", _Fixed(you, computer, top, turn, pile))
        if lapse is not None:
            monkeypatch.setattr(yucky_ui, "LAPSE", lapse)
        return run("yucky", seed=1, keys=keys, letters="*", **kw)

    return play
