"""Endgame databases: the exact result of every plain-checkers position with few pieces.

``games/checkers/tools/build_egdb.py`` computes them by retrograde analysis and writes one
compressed file per board size (``games/checkers/data/egdb_RxC.npz``).  Each holds one array
per *material class* (black men, black kings, white men, white kings), two rows (black to
move, white to move), one byte per slot: ``WIN``, ``LOSS`` or ``DRAW`` for the side to move,
``NONE`` for slots that are no position (two pieces on one square).

A slot number is a mixed-radix number of four combination ranks, one per group of like
pieces: the squares of a group, sorted, numbered among the squares that group may stand on
(men never stand on their crowning row), ranked ``C(s1, 1) + C(s2, 2) + ...``.  The same
function ranks positions when the database is built and when the search probes it.

Nothing is read until the search first meets a small enough position, and then only that
class (numpy's ``.npz`` is read member by member), so starting the program costs nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from math import comb
from pathlib import Path
from typing import Any

from retro.games.checkers.board import Geometry

#: Each board's databases hold every position with up to this many pieces (the builder's
#: default): 6x6 has 18 squares, so its nine million five-piece slots take the builder about
#: a quarter of an hour; five pieces are over four times as many on 6x8 and 8x6, twenty
#: times on 8x8.
BUILT_PIECES = {(6, 6): 5}
DEFAULT_PIECES = 4
#: The most pieces any board's databases may hold: the compiled probe numbers a class by at
#: most four pieces of a kind, and each side has at least one piece.
MAX_PIECES = 5
NONE, WIN, LOSS, DRAW = 0, 1, 2, 3
DATA = Path(__file__).resolve().parents[1] / "data"

Class = tuple[int, int, int, int]           # black men, black kings, white men, white kings
Probe = Callable[[int, int, int, bool], "int | None"]


def path_for(g: Geometry) -> Path:
    return DATA / f"egdb_{g.rows}x{g.cols}.npz"


def class_name(c: Class) -> str:
    return "c" + "".join(str(n) for n in c)


def pieces(g: Geometry) -> int:
    """The most pieces of a position in this board's databases (0 when it has none): what
    the file holds, so the search probes exactly as deep as the file was built."""
    store = _store(path_for(g))
    if store is None:
        return 0
    return max((sum(int(d) for d in name[1:]) for name in store.names), default=0)


@cache
def layout(g: Geometry) -> tuple[dict[int, int], dict[int, int], dict[int, int]]:
    """Per one-bit mask: its number among black men's, white men's and kings' squares."""
    h = g.half
    n = g.nsquares
    bm: dict[int, int] = {}
    wm: dict[int, int] = {}
    kk: dict[int, int] = {}
    for i in range(n):
        mask = 1 << g.bit_of[i]
        kk[mask] = i
        if i < n - h:
            bm[mask] = i
        if i >= h:
            wm[mask] = i - h
    return bm, wm, kk


def group_sizes(g: Geometry, c: Class) -> tuple[int, int, int, int]:
    n, h = g.nsquares, g.half
    return (comb(n - h, c[0]), comb(n, c[1]), comb(n - h, c[2]), comb(n, c[3]))


def slots(g: Geometry, c: Class) -> int:
    a, b, cc, d = group_sizes(g, c)
    return a * b * cc * d


def _rank(mask: int, number: dict[int, int]) -> int:
    """Raises KeyError for a man on its crowning row (no such position in the tables)."""
    r = 0
    i = 1
    while mask:
        low = mask & -mask
        mask ^= low
        r += comb(number[low], i)
        i += 1
    return r


def index(g: Geometry, black: int, white: int, kings: int) -> tuple[Class, int]:
    """The class and slot of a position (masks in the padded layout).  A FEN may place an
    uncrowned man on its crowning row; such a position raises KeyError."""
    bmn, wmn, kn = layout(g)
    bm, bk, wm, wk = black & ~kings, black & kings, white & ~kings, white & kings
    c = (bm.bit_count(), bk.bit_count(), wm.bit_count(), wk.bit_count())
    _, sb, sc, sd = group_sizes(g, c)
    slot = ((_rank(bm, bmn) * sb + _rank(bk, kn)) * sc + _rank(wm, wmn)) * sd + _rank(wk, kn)
    return c, slot


class _Store:
    """The classes of one board, read from the file one at a time as the search asks."""

    def __init__(self, path: Path) -> None:
        import numpy as np  # only now: the program starts without numpy

        self.file: Any = np.load(path)
        self.names = set(self.file.files)
        self.loaded: dict[str, Any] = {}

    def table(self, c: Class) -> Any:
        name = class_name(c)
        table = self.loaded.get(name)
        if table is None:
            if name not in self.names:
                return None
            table = self.loaded[name] = self.file[name]
        return table


@cache
def _store(path: Path) -> _Store | None:
    return _Store(path) if path.exists() else None


def prober(g: Geometry) -> Probe | None:
    """A probe for one board size (None when its database is not there): gives 1 (the side
    to move wins), -1 (it loses), 0 (a draw) or None (not in the database)."""
    path = path_for(g)
    if not path.exists():
        return None
    values = {WIN: 1, LOSS: -1, DRAW: 0}

    def probe(black: int, white: int, kings: int, black_to_move: bool) -> int | None:
        if not black or not white:
            return None
        store = _store(path)
        if store is None:
            return None
        try:
            c, slot = index(g, black, white, kings)
        except KeyError:
            return None         # a man on its crowning row: not a position of the tables
        table = store.table(c)
        if table is None:
            return None
        return values.get(int(table[0 if black_to_move else 1, slot]))

    return probe


#: Arrays for the compiled probe (``core_eval.probe``): every class's bytes in one array,
#: per class (by ``((bm * 5 + bk) * 5 + wm) * 5 + wk``) its offset there (-1: none) and its
#: four group sizes, the squares' numbers (black men, white men, kings; -1: none) and the
#: binomial coefficients.
FlatTables = tuple[Any, Any, Any, Any]


@cache
def flat_tables(g: Geometry) -> FlatTables:
    """Every class of one board, read once per process when a search first may need it
    (``empty_tables`` otherwise): 15 MB for 8x8, read in a few hundredths of a second."""
    import numpy as np

    store = _store(path_for(g))
    index = np.full((625, 5), -1, dtype=np.int64)
    parts = []
    offset = 0
    if store is not None:
        for name in sorted(store.names):
            c = (int(name[1]), int(name[2]), int(name[3]), int(name[4]))
            table = store.table(c)
            cid = ((c[0] * 5 + c[1]) * 5 + c[2]) * 5 + c[3]
            index[cid] = (offset, *group_sizes(g, c))
            parts.append(np.ascontiguousarray(table, dtype=np.uint8).reshape(-1))
            offset += parts[-1].size
    data = np.concatenate(parts) if parts else np.zeros(1, dtype=np.uint8)
    return data, index, _numbers(g), _comb_table()


@cache
def empty_tables(g: Geometry) -> FlatTables:
    """The same arrays holding no class (every probe answers 'not found')."""
    import numpy as np

    return (np.zeros(1, dtype=np.uint8), np.full((625, 5), -1, dtype=np.int64), _numbers(g),
            _comb_table())


def _numbers(g: Geometry) -> Any:
    import numpy as np

    out = np.full((3, 64), -1, dtype=np.int64)
    for row, numbers in enumerate(layout(g)):
        for mask, number in numbers.items():
            out[row, mask.bit_length() - 1] = number
    return out


def _comb_table() -> Any:
    import numpy as np

    return np.array([[comb(n, i) for i in range(MAX_PIECES + 1)] for n in range(65)],
                    dtype=np.int64)
