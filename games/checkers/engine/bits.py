"""Bit counting for the compiled core, and where numba keeps the core's machine code.

Every compiled module imports this one first, so ``_use_cache_folder`` runs before numba
sees any of their functions.  numba checks a cached function against its own source file
only, not the files of the functions it calls (and compiles into itself), so an edit to
``core_moves`` alone would leave ``core.run`` running old code.  The cache therefore lives
in a folder named by a digest of all the compiled modules' sources, in the user's cache
folder (which also serves an installation whose package folder cannot be written): any
change to any of them starts a fresh folder and a fresh compile.  Old folders are left for
the user's cache cleaning (a couple of megabytes each).  A ``NUMBA_CACHE_DIR`` set by the
user is kept.

``popcount(x)`` counts the set bits and ``lowest_bit(x)`` gives the index of the lowest set
bit (``x`` must not be 0).  Both are numba intrinsics: they compile to one instruction
where the processor has it, and numba caches them with the functions that call them.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from pathlib import Path
from typing import Any, cast

import numba
from llvmlite import ir
from numba.core.extending import intrinsic

#: The modules whose functions are compiled (or whose constants are compiled in).
COMPILED_SOURCES = ("bits.py", "scores.py", "arrays.py", "core_moves.py", "core_eval.py",
                    "core.py")


def cache_folder() -> Path:
    """The folder for this version of the compiled core's sources."""
    import platformdirs

    here = Path(__file__).resolve().parent
    digest = hashlib.sha256()
    for name in COMPILED_SOURCES:
        digest.update((here / name).read_bytes())
    base = Path(platformdirs.user_cache_dir("retro", appauthor=False))
    return base / "numba" / f"checkers-{digest.hexdigest()[:16]}"


def _use_cache_folder() -> None:
    settings: Any = numba.config        # its settings are made at run time: untyped
    if not settings.CACHE_DIR:
        settings.CACHE_DIR = str(cache_folder())


_use_cache_folder()


def _popcount(typingctx: Any, src: Any) -> Any:
    """The number of set bits of an integer."""
    sig = src(src)

    def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
        return builder.ctpop(args[0])

    return sig, codegen


def _lowest_bit(typingctx: Any, src: Any) -> Any:
    """The index of the lowest set bit (undefined for 0)."""
    sig = src(src)

    def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
        return builder.cttz(args[0], ir.Constant(ir.IntType(1), 1))

    return sig, codegen


# Typed as what they do in compiled code (called from Python they are not usable).
popcount = cast(Callable[[int], int], intrinsic(_popcount))
lowest_bit = cast(Callable[[int], int], intrinsic(_lowest_bit))
