"""Bit counting for the compiled core, and the cache folder set before numba sees it.

Every compiled module imports this one first, so ``_use_cache_folder`` runs before numba
sees any of their functions (``cache`` says where and why there).

``popcount(x)`` counts the set bits and ``lowest_bit(x)`` gives the index of the lowest set
bit (``x`` must not be 0).  Both are numba intrinsics: they compile to one instruction
where the processor has it, and numba caches them with the functions that call them.

``borrow(a)`` is the array ``a`` without its reference count: numba counts references to an
array with an atomic add and subtract every time it is passed to a function or a row of it
is taken, and in the search that counting took more than half the time.  An array borrowed
this way (and every row of it, and every function it is passed to) is not counted at all.
Only borrow an array that something else holds for as long as the borrowed one is used:
the search borrows the arrays it is given, which its caller holds.

``prefetch(a, row)`` asks the processor to fetch a row of a two-dimensional array into its
cache and goes on without waiting: the transposition table is far larger than the cache,
and a node fetches its row before it generates its moves, so the two overlap.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, cast

import numba
from llvmlite import ir
from numba.core import cgutils, types
from numba.core.extending import intrinsic

from retro.games.checkers.engine.cache import COMPILED_SOURCES as COMPILED_SOURCES
from retro.games.checkers.engine.cache import cache_folder


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


def _borrow(typingctx: Any, ary: Any) -> Any:
    """The same array (data, shape, strides) with no reference count and no Python owner."""
    sig = ary(ary)

    def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
        src = context.make_array(signature.args[0])(context, builder, value=args[0])
        out = context.make_array(signature.return_type)(context, builder)
        for name in ("nitems", "itemsize", "data", "shape", "strides"):
            setattr(out, name, getattr(src, name))
        out.meminfo = cgutils.get_null_value(out.meminfo.type)
        out.parent = cgutils.get_null_value(out.parent.type)
        return out._getvalue()

    return sig, codegen


def _prefetch(typingctx: Any, ary: Any, row: Any) -> Any:
    """Start fetching ``ary[row, 0]`` into the cache (for reading); nothing to wait for."""
    sig = types.void(ary, row)

    def codegen(context: Any, builder: Any, signature: Any, args: Any) -> None:
        aryty, rowty = signature.args
        array = context.make_array(aryty)(context, builder, value=args[0])
        index = context.cast(builder, args[1], rowty, types.intp)
        zero = ir.Constant(ir.IntType(64), 0)
        ptr = cgutils.get_item_pointer(context, builder, aryty, array, [index, zero])
        fnty = ir.FunctionType(ir.VoidType(), [ir.IntType(8).as_pointer(), ir.IntType(32),
                                               ir.IntType(32), ir.IntType(32)])
        # The name is LLVM's for an opaque pointer, which llvmlite has used since the numba
        # this project asks for (pyproject.toml); older LLVMs spelled it "llvm.prefetch.p0i8".
        fn = cgutils.get_or_insert_function(builder.module, fnty, "llvm.prefetch.p0")
        i32 = ir.IntType(32)
        builder.call(fn, [builder.bitcast(ptr, ir.IntType(8).as_pointer()), i32(0), i32(3),
                          i32(1)])

    return sig, codegen


# Typed as what they do in compiled code (called from Python they are not usable).
popcount = cast(Callable[[int], int], intrinsic(_popcount))
lowest_bit = cast(Callable[[int], int], intrinsic(_lowest_bit))
borrow = cast(Callable[[Any], Any], intrinsic(_borrow))
prefetch = cast(Callable[[Any, int], None], intrinsic(_prefetch))
