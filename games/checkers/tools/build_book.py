"""Build the opening book by deep searches of the first plies of 8x8 checkers.

    nice python -m retro.games.checkers.tools.build_book [--plies 3] [--nodes 27000000]

Every position reached from the start within ``--plies`` plies is searched with ``--nodes``
nodes (level 9 begins no iteration after 6,000,000 and stops at 18,000,000) and the move
found is stored.  The search is the engine's own (book off, so nothing feeds on itself);
nothing comes from other programs.
"""

from __future__ import annotations

import argparse
import json
import sys
import time

from retro.games.checkers import rules as R
from retro.games.checkers.engine import book
from retro.games.checkers.engine.search import Searcher, run


def positions(plies: int) -> list[R.Game]:
    out: dict[str, R.Game] = {}
    layer = [R.parse_fen(R.START_FEN_8X8)]
    for _ in range(plies + 1):
        nxt: list[R.Game] = []
        for game in layer:
            fen = R.to_fen(game)
            if fen in out or game.over:
                continue
            out[fen] = game
            nxt.extend(R.play(game, mv) for mv in game.legal_moves())
        layer = nxt
    return list(out.values())


def parser() -> argparse.ArgumentParser:
    """The command line; its defaults are what the shipped book was built with."""
    p = argparse.ArgumentParser(description="Build the checkers opening book.")
    p.add_argument("--plies", type=int, default=3)
    p.add_argument("--nodes", type=int, default=27_000_000)
    return p


def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(argv)
    moves: dict[str, str] = {}
    for game in positions(args.plies):
        t0 = time.perf_counter()
        searcher = Searcher(game, 9, use_book=False, budget=args.nodes, depth=40)
        result = run(searcher.think())
        fen = R.to_fen(game)
        moves[fen] = R.format_move(result.move)
        print(f"{fen}  {moves[fen]}  score {result.score} depth {result.depth} "
              f"{time.perf_counter() - t0:.1f} s", flush=True)
    book.PATH.parent.mkdir(exist_ok=True)
    data = {"plies": args.plies, "nodes": args.nodes, "moves": moves}
    book.PATH.write_text(json.dumps(data, indent=0, sort_keys=True) + "\n")
    print(f"wrote {book.PATH} ({len(moves)} positions)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
