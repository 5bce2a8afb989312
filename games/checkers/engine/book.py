"""The opening book: the engine's own deep searches of the first moves of 8x8 checkers.

``games/checkers/tools/build_book.py`` searches every position of the first plies from the
start (far beyond the level 9 budget) and writes the chosen moves to
``games/checkers/data/book_8x8.json`` (position in PDN FEN -> move in PDN numbers).  Levels
``MIN_LEVEL`` and up play a book move at once when the position is in it; lower levels
search, so they stay weaker.  The file is read on first use.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

from retro.games.checkers import rules as R

MIN_LEVEL = 7
PATH = Path(__file__).resolve().parents[1] / "data" / "book_8x8.json"


@cache
def _book() -> dict[str, str]:
    if not PATH.exists():
        return {}
    data = json.loads(PATH.read_text())
    return dict(data["moves"])


def lookup(game: R.Game) -> R.Move | None:
    """The book move of a standard 8x8 position, or None."""
    opts = game.options
    if opts.variant != R.STANDARD or (opts.rows, opts.cols) != (8, 8):
        return None
    text = _book().get(R.to_fen(game))
    if text is None:
        return None
    try:
        return R.parse_move(game, text)
    except R.RulesError:
        return None
