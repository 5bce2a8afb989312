"""Getting the compiled core ready without ever holding up the screen.

The first search on a machine compiles the core: 7 to 21 CPU seconds, and far more wall
time on a busy machine.  Compiled in the program's own process, that stops the screen
(measured with an empty cache): numba compiles under one lock for the whole process, so a
search asked for meanwhile (the computer's first move, a hint) waited for the whole
compile with nothing on the screen (12 s on a quiet machine); and the compile makes so
many objects that Python's garbage collector stops every thread for up to 0.37 s at a time
(4 busy processes beside it).  So ``start`` compiles in a separate process
(``python -m retro.games.checkers.engine.warmup``), which fills numba's cache, and only
then loads the machine code into this process (a few tenths of a second), all in a
background thread.  Once the cache holds this build (``cache.is_compiled``) a start only
loads it.  If the separate process fails, the thread compiles here: slower for the screen,
but it still never waits on it.

``ready()`` says when searches can start without waiting; the screen waits for it
visibly (``waiting`` yields the compile's progress) and never calls the engine before.
Nothing here changes a search: the warm-up runs a tiny search that nothing keeps.
"""

from __future__ import annotations

import os
import subprocess
import sys
import threading
import time
from collections.abc import Generator

from retro.games.checkers import rules as R
from retro.games.checkers.engine import cache

#: A small position that reaches every compiled function (captures, kings, the databases).
WARM_FEN = "6x6:B:WK14,17,18:BK1,10,11"
#: How many compiled functions a compile writes to the cache (its progress counts them).
CORE_FILES = 10
#: How long ``waiting`` waits between two looks at the keyboard.
WAIT_STEP_S = 0.05
#: What the screen and ``retro move`` say while the core is compiled.
PREPARING = "Preparing the checkers engine (only the first time)..."
#: What the screen says while a compiled core is loaded (a start a moment before the move).
LOADING = "Loading the checkers engine..."
#: The name of the thread ``start`` starts (tests wait for it by this name).
THREAD_NAME = "checkers-warmup"

_started = threading.Lock()
_thread: threading.Thread | None = None
_ready = threading.Event()
_compile_began: float | None = None      # the time stamp of a compile in progress


def warm() -> None:
    """Compile (or load from the cache) the core by running a tiny search, and leave the
    mark that says the cache holds it."""
    from retro.games.checkers.engine.search import Searcher, run

    run(Searcher(R.parse_fen(WARM_FEN), 2, use_book=False).think())
    cache.mark()


def compile_elsewhere() -> bool:
    """Compile the core in a separate process (it fills the cache); True if it did."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(p for p in sys.path if p)
    try:
        done = subprocess.run([sys.executable, "-m", __name__], env=env,
                              stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL, check=False)
    except OSError:
        return False
    return done.returncode == 0


def _prepare() -> None:
    global _compile_began
    try:
        if not cache.is_compiled():
            _compile_began = time.time()
            compile_elsewhere()
        warm()          # loads what the other process compiled (or compiles, if it failed)
    except Exception:   # the first search meets the same trouble and says so (a thread's
        pass            # traceback would only scribble over the screen)
    finally:
        _compile_began = None
        _ready.set()


def start() -> threading.Thread:
    """Start getting the core ready in a daemon thread (once per process)."""
    global _thread
    with _started:
        if _thread is None:
            _thread = threading.Thread(target=_prepare, name=THREAD_NAME, daemon=True)
            _thread.start()
        return _thread


def ready() -> bool:
    """Whether a search can start without waiting for the core."""
    return _ready.is_set() or _thread is None


def compiling() -> bool:
    """Whether the core is being compiled now (not only loaded)."""
    return _compile_began is not None


def message() -> str:
    """What the screen says while it waits for the core."""
    return PREPARING if compiling() else LOADING


def progress() -> float:
    """How far the compile has got, 0-1 (0 while the core is only being loaded)."""
    began = _compile_began
    if began is None:
        return 0.0
    return min(0.99, cache.files_written(began) / CORE_FILES)


def waiting() -> Generator[float, bool | None, None]:
    """Wait for the core, yielding the compile's progress about every ``WAIT_STEP_S``
    seconds (for ``ui.work``: the keys are answered between the yields)."""
    while not _ready.is_set():
        yield progress()
        _ready.wait(WAIT_STEP_S)


def wait() -> None:
    """Wait for the core without looking at the keyboard (headless runs)."""
    if _thread is not None:
        _ready.wait()


if __name__ == "__main__":
    warm()
