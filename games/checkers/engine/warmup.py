"""Getting the compiled core ready before the computer's first move.

The first run of the search on a machine compiles the core (several seconds; numba keeps
the machine code in its cache, next to the modules or in the user's cache folder when the
package folder cannot be written), and every later start loads it from there (a few
tenths of a second, with numba's import).  ``start`` does either in a background thread
when the checkers program starts, while the player reads the board, so the first move is
not held up.  It only runs a tiny search that nothing keeps: a game's moves never depend on
it, or on whether it has finished (a search that starts before it is done waits for the
compiler and then does exactly the same work).
"""

from __future__ import annotations

import threading

from retro.games.checkers import rules as R

#: A small position that reaches every compiled function (captures, kings, the databases).
WARM_FEN = "6x6:B:WK14,17,18:BK1,10,11"

_started = threading.Lock()
_thread: threading.Thread | None = None


def warm() -> None:
    """Compile (or load from the cache) the core by running a tiny search."""
    from retro.games.checkers.engine.search import Searcher, run

    run(Searcher(R.parse_fen(WARM_FEN), 2, use_book=False).think())


def start() -> threading.Thread:
    """Start warming the core in a daemon thread (once per process)."""
    global _thread
    with _started:
        if _thread is None:
            _thread = threading.Thread(target=warm, name="checkers-warmup", daemon=True)
            _thread.start()
        return _thread
