"""Bit counting for the compiled core: the processor's own instructions, through LLVM.

``popcount(x)`` counts the set bits and ``lowest_bit(x)`` gives the index of the lowest set
bit (``x`` must not be 0).  Both are numba intrinsics: they compile to one instruction
where the processor has it, and numba caches them with the functions that call them.
"""

from __future__ import annotations

from typing import Any

from llvmlite import ir
from numba.core.extending import intrinsic


@intrinsic
def popcount(typingctx: Any, src: Any) -> Any:
    """The number of set bits of an integer."""
    sig = src(src)

    def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
        return builder.ctpop(args[0])

    return sig, codegen


@intrinsic
def lowest_bit(typingctx: Any, src: Any) -> Any:
    """The index of the lowest set bit (undefined for 0)."""
    sig = src(src)

    def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
        return builder.cttz(args[0], ir.Constant(ir.IntType(1), 1))

    return sig, codegen
