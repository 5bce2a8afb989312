"""Where numba keeps the compiled core's machine code, and whether it is there yet.

numba checks a cached function against its own source file only, not the files of the
functions it calls (and compiles into itself), so an edit to ``core_moves`` alone would
leave ``core.run`` running old code.  The cache therefore lives in a folder named by a
digest of all the compiled modules' sources, in the user's cache folder (which also serves
an installation whose package folder cannot be written): any change to any of them starts
a fresh folder and a fresh compile.  Old folders are left for the user's cache cleaning (a
couple of megabytes each).  A ``NUMBA_CACHE_DIR`` set by the user is kept.

Whether the core is compiled is told by a mark (``mark``) left in the cache folder after a
search has run with the cache: its name is a digest of what numba checks before it uses a
cached function (each source file's path, size and time, numba's and Python's versions), so
a mark of another build is not this one's.  This module does not import numba: the program
asks before it decides where the compile happens (``warmup``).
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import sys
from importlib import metadata
from pathlib import Path

#: The modules whose functions are compiled (or whose constants are compiled in).
COMPILED_SOURCES = ("bits.py", "scores.py", "arrays.py", "core_moves.py", "core_eval.py",
                    "core.py")


def _here() -> Path:
    return Path(__file__).resolve().parent


def cache_folder() -> Path:
    """The folder for this version of the compiled core's sources."""
    import platformdirs

    here = _here()
    digest = hashlib.sha256()
    for name in COMPILED_SOURCES:
        digest.update((here / name).read_bytes())
    base = Path(platformdirs.user_cache_dir("retro", appauthor=False))
    return base / "numba" / f"checkers-{digest.hexdigest()[:16]}"


def cache_root() -> Path:
    """Where numba writes the core's cache: ``NUMBA_CACHE_DIR`` if set, else ours."""
    given = os.environ.get("NUMBA_CACHE_DIR")
    return Path(given) if given else cache_folder()


def _stamp() -> str:
    digest = hashlib.sha256(sys.version.encode())
    for dist in ("numba", "llvmlite"):
        with contextlib.suppress(metadata.PackageNotFoundError):
            digest.update(metadata.version(dist).encode())
    here = _here()
    for name in COMPILED_SOURCES:
        path = here / name
        st = path.stat()
        digest.update(f"{path}|{st.st_size}|{st.st_mtime_ns}|".encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def mark_path() -> Path:
    """The mark that says this build of the core is in the cache."""
    return cache_root() / f"checkers-ready-{_stamp()}"


def is_compiled() -> bool:
    """Whether a search has run with this build's cache (a later start only loads it)."""
    try:
        return mark_path().exists()
    except OSError:
        return False


def mark() -> None:
    """Leave the mark, after a search ran (so numba has written its cache); a folder that
    cannot be written is no error (the next start compiles again)."""
    try:
        path = mark_path()
        path.parent.mkdir(parents=True, exist_ok=True)
        path.touch()
    except OSError:
        pass


def files_written(since: float) -> int:
    """How many of the core's compiled functions numba has written since ``since`` (a
    time stamp): the compile's progress."""
    count = 0
    try:
        for path in cache_root().rglob("core*.nbc"):
            try:
                if path.stat().st_mtime >= since:
                    count += 1
            except OSError:
                pass
    except OSError:
        pass
    return count
