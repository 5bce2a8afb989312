"""The computer player: search, evaluation, endgame databases and the opening book.

The public face is unchanged from the single-module engine: ``Searcher(game, level).think()``
(a generator yielding node counts; send True to stop), ``best_move``, ``engine_move``,
``LEVELS`` and ``SearchResult``.
"""

from retro.games.checkers.engine.search import (
    LEVELS,
    POLL_EVERY,
    WIN,
    Searcher,
    SearchResult,
    best_move,
    engine_move,
    run,
)

__all__ = ["LEVELS", "POLL_EVERY", "WIN", "SearchResult", "Searcher", "best_move",
           "engine_move", "run"]
