"""Endgame databases (placeholder until built)."""

from __future__ import annotations

from collections.abc import Callable

from retro.games.checkers.board import Geometry

MAX_PIECES = 4


def prober(g: Geometry) -> Callable[[int, int, int, bool], int | None] | None:
    return None
