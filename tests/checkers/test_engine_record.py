"""The compiled search against its recorded results: a speed-up must not change a search.

``search_record.json`` holds, for random positions of every board size and variant (reached
by random play from the start) and for middle games of the speed bench, the move, score,
depth and node count of searches at fixed levels, budget cuts included.  A change made for
speed alone must give them all exactly; a change meant to search differently records them
anew, on purpose and in its own commit:

    python -m tests.checkers.test_engine_record
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

import pytest

from retro.games.checkers import engine as E
from retro.games.checkers import rules as R

RECORD = Path(__file__).with_name("search_record.json")

#: (rows, cols, variant, lite, 7/11) of the random positions, four positions each.
KINDS = [(8, 8, R.STANDARD, False, False)] * 3 + [
    (6, 6, R.STANDARD, False, False), (6, 8, R.STANDARD, False, False),
    (8, 6, R.STANDARD, False, False), (8, 8, R.WECKERS, False, False),
    (8, 8, R.WECKERS, False, True), (6, 8, R.WECKERS, True, False),
    (8, 8, R.WECKERS_TWO, False, False), (8, 6, R.WECKERS_TWO, True, False)]


def _middle_games(count: int) -> list[R.Game]:
    """The speed bench's first middle games (``bench/checkers_engine.middle_games``)."""
    rng = random.Random(9)
    out: list[R.Game] = []
    while len(out) < count:
        game = R.new_game(R.Options(), rng)
        for _ in range(rng.randrange(14, 25)):
            if game.over:
                break
            game = R.play(game, rng.choice(game.legal_moves()))
        pos = game.position
        if not game.over and min(pos.black.bit_count(), pos.white.bit_count()) >= 8:
            out.append(game)
    return out


def searches() -> list[tuple[int, str]]:
    """(level, FEN) of every recorded search."""
    rng = random.Random("recorded searches")
    out: list[tuple[int, str]] = []
    i = 0
    for rows, cols, variant, lite, seven in KINDS:
        options = R.Options(rows, cols, variant, lite=lite, seven_eleven=seven)
        for _ in range(4):
            while True:
                game = R.new_game(options, rng)
                for _ in range(rng.randrange(6, 60)):
                    if game.over:
                        break
                    game = R.play(game, rng.choice(game.legal_moves()))
                if not game.over:
                    break
            fen = R.format_fen(game)
            out.append((6, fen))
            if i % 3 == 0:
                out.append((7, fen))
            if i % 11 == 0:
                out.append((8, fen))
            i += 1
    out += [(7, R.format_fen(game)) for game in _middle_games(3)]
    return out


def search(level: int, fen: str) -> list[object]:
    """What one search found: [level, FEN, move, score, depth, nodes]."""
    result = E.run(E.Searcher(R.parse_fen(fen), level, use_book=False).think())
    return [level, fen, R.format_move(result.move), result.score, result.depth,
            result.nodes]


def _recorded() -> list[list[object]]:
    return json.loads(RECORD.read_text())


def test_the_record_covers_every_kind_of_position_and_budget_cuts() -> None:
    rows = _recorded()
    assert [(r[0], r[1]) for r in rows] == searches()
    assert len({R.parse_fen(str(r[1])).options for r in rows}) == len(set(KINDS))
    budgets = {E.LEVELS[level][1] for level in (6, 7, 8)}
    assert sum(1 for r in rows if r[5] in budgets) >= 3      # cut by the budget
    assert max(int(str(r[5])) for r in rows) >= 1_000_000


@pytest.mark.parametrize("chunk", range(4))
def test_searches_find_what_was_recorded(chunk: int) -> None:
    """The same move, score, depth and node count, search by search."""
    rows = _recorded()
    for row in rows[chunk::4]:
        assert search(int(str(row[0])), str(row[1])) == row, row[1]


def record() -> None:
    rows = [search(level, fen) for level, fen in searches()]
    RECORD.write_text("[\n" + ",\n".join(json.dumps(r) for r in rows) + "\n]\n")
    print(f"{len(rows)} searches written to {RECORD}", file=sys.stderr)


if __name__ == "__main__":
    record()
