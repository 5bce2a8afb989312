"""Bit-set helpers shared by the games that keep sets as integers (checkers' boards, the
Sixty-Six solver's hands).

>>> bits(0b101001)
[0, 3, 5]
>>> list(iter_bits(0))
[]
"""

from __future__ import annotations

from collections.abc import Iterator

__all__ = ["bits", "iter_bits"]


def iter_bits(mask: int) -> Iterator[int]:
    """The set bit indexes of a non-negative mask, low to high."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def bits(mask: int) -> list[int]:
    """The set bit indexes of a non-negative mask, low to high, as a list."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out
