"""Shared helpers for the checkers tests."""

from __future__ import annotations

from games.checkers import rules as R

from . import naive


def to_naive(game: R.Game) -> naive.Board:
    """The same position on the plain 2-D board of the reference generator."""
    pos = game.position
    g = pos.geometry
    grid = {}
    for sq in range(1, g.nsquares + 1):
        piece = pos.piece_at(sq)
        if piece:
            r, c = g.rc(sq)
            grid[(r - 1, c - 1)] = piece
    return naive.Board(g.rows, g.cols, grid, pos.turn, game.options.lite,
                       game.options.variant == R.WECKERS_TWO)
