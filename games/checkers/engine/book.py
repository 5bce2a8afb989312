"""Opening book (placeholder until built)."""

from __future__ import annotations

from retro.games.checkers import rules as R

MIN_LEVEL = 7


def lookup(game: R.Game) -> R.Move | None:
    return None
