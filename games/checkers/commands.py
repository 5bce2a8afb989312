"""The checkers program's own commands: ``retro perft checkers`` and ``retro move checkers``."""

from __future__ import annotations

import argparse
import random
import sys

from retro.games.checkers import rules as R
from retro.programs import BadOptionValue, UsageError

#: The deepest perft asked for: the published 8x8 counts stop near depth 28, and a count at
#: 30 would take this program longer than anyone waits.
MAX_PERFT_DEPTH = 30


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # type: ignore[override]
        raise UsageError(message)


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
    lines = [f"position {R.format_fen(game)}"]
    for d in range(1, depth + 1):
        lines.append(f"depth {d} nodes {R.perft(game, d)}")
    return "\n".join(lines)


def move_command(fen: str, level: int) -> str:
    """The engine's move for a FEN at a level 1-9, in PDN numbers (``11-15``, ``9x18x27``).

    The first time on a machine the engine is compiled first (several seconds): standard
    error says so, once, before it starts.
    """
    from retro.games.checkers.engine import cache, warmup

    R.parse_fen(fen)                    # a bad FEN is refused before any compiling
    compiled = cache.is_compiled()
    if not compiled:
        print(f"retro move: {warmup.PREPARING}", file=sys.stderr, flush=True)
    from retro.games.checkers.engine import engine_move

    move = engine_move(fen, level)
    if not compiled:
        cache.mark()
    return move


def perft_main(args: list[str]) -> int:
    """``retro perft checkers --rows R --cols C --depth D [--fen FEN]``."""
    parser = _Parser(prog="retro perft checkers", add_help=False)
    parser.add_argument("--rows", type=int, default=8, choices=(6, 8))
    parser.add_argument("--cols", type=int, default=8, choices=(6, 8))
    parser.add_argument("--depth", type=int, required=True)
    parser.add_argument("--fen")
    ns = parser.parse_args(args)
    if not 0 <= ns.depth <= MAX_PERFT_DEPTH:
        raise BadOptionValue(f"--depth {ns.depth} is out of range: it takes 0 to "
                             f"{MAX_PERFT_DEPTH}")
    try:
        print(perft_command(ns.rows, ns.cols, ns.depth, ns.fen))
    except ValueError as err:
        print(f"retro perft: {err}", file=sys.stderr)
        return 2
    return 0


def move_main(args: list[str]) -> int:
    """``retro move checkers --fen FEN --level N``."""
    parser = _Parser(prog="retro move checkers", add_help=False)
    parser.add_argument("--fen", required=True)
    parser.add_argument("--level", type=int, default=5, choices=range(1, 10))
    ns = parser.parse_args(args)
    try:
        print(move_command(ns.fen, ns.level))
    except ValueError as err:
        print(f"retro move: {err}", file=sys.stderr)
        return 2
    return 0
