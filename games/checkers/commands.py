"""Command-line entry points: ``retro perft checkers`` and ``retro move checkers``."""

from __future__ import annotations

import random

from games.checkers import rules as R


def perft_command(rows: int, cols: int, depth: int, fen: str | None) -> str:
    """The text ``retro perft checkers`` prints: one line per depth, then the total.

    Raises ``ValueError`` (a ``RulesError``) with a readable message for bad input.
    """
    if depth < 0:
        raise R.RulesError("depth must be 0 or more")
    if fen:
        game = R.parse_fen(fen)
        if (rows, cols) != (8, 8) and (game.options.rows, game.options.cols) != (rows, cols):
            raise R.RulesError(
                f"--rows/--cols say {rows}x{cols} but the FEN is "
                f"{game.options.rows}x{game.options.cols} (put the size in the FEN: 6x8:B:...)")
    else:
        game = R.new_game(R.Options(rows, cols), random.Random(0))
    lines = [f"position {R.to_fen(game)}"]
    for d in range(1, depth + 1):
        lines.append(f"depth {d} nodes {R.perft(game, d)}")
    return "\n".join(lines)


def move_command(fen: str, level: int) -> str:
    """The engine's move for a FEN at a level 1-9, in PDN numbers (``11-15``, ``9x18x27``)."""
    from games.checkers.engine import engine_move

    return engine_move(fen, level)
