"""The rules' and perft's view of the one move generator (``engine.moves``).

The rules of moving are written once, in ``engine.moves.move_functions``: men step and hop
forward diagonally (black down, white up), kings both ways; a capture must be taken when
one exists and a capture sequence must be followed until no more hops are possible, but
any sequence may be chosen (not necessarily the longest); a man that reaches the far row
during a capture is crowned and its move ends there; a piece cannot be hopped twice in one
move; in Lite a piece hops only enemies of its own weight or lighter.  The search wants a
move as three masks, ``(from, to, captured)``, and gives two capture paths with the same
end and the same captured pieces once.

Here those moves are turned into what the rules and perft count:

* ``generate``: every legal move as a *raw move*, the path and the hopped squares as padded
  bit indexes, where sequences that end in the same position by different paths are
  different moves (PDN writes the whole path).  ``capture_paths`` finds the paths of one
  engine capture: the hops over exactly its captured pieces from its start to its end.  No
  rule is needed there: a man's path with as many hops as pieces taken and its end as far
  ahead as the engine's must go forward every time, and a king's may go any way.
* ``perft``: leaf nodes of the move tree, counting the last ply in bulk (the number of
  moves of a position without making them), with a capture's paths counted one by one.
* ``make_masks`` / ``make_raw``: the masks after a move of plain checkers (a man reaching
  the far row is crowned), shared by the rules and perft.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from itertools import pairwise

from retro.games.checkers.board import Geometry
from retro.games.checkers.engine.moves import Move, move_functions, step_function
from retro.kit.bits import bits as bits  # the bench's frozen engine imports it from here

#: (path, hopped): padded bit indexes of every square visited and of every piece hopped.
RawMove = tuple[tuple[int, ...], tuple[int, ...]]


def _index(mask: int) -> int:
    return mask.bit_length() - 1


def generate(g: Geometry, black: int, white: int, kings: int, black_to_move: bool,
             weights: tuple[int, ...] | None = None, lite: bool = False) -> list[RawMove]:
    """All legal moves of the side to move.  ``weights`` is indexed by padded bit.

    Ordered by start square, then by the directions taken (down-left, down-right, up-right,
    up-left, the first step first): the order screens and saved games have always seen.
    """
    captures, quiet = move_functions(g)
    own, opp = (black, white) if black_to_move else (white, black)
    empty = g.valid & ~(black | white)
    lite_weights = None
    if lite and weights is not None:
        lite_weights = {1 << b: weights[b] for b in bits(black | white)}
    caps = captures(own, opp, kings, black_to_move, empty, lite_weights)
    dirs = _directions(g)
    if not caps:
        steps = [(frm.bit_length() - 1, to.bit_length() - 1)
                 for frm, to, _ in quiet(own, kings, black_to_move, empty)]
        steps.sort(key=lambda step: (step[0], dirs[step[1] - step[0]]))
        return [(step, ()) for step in steps]
    out: list[RawMove] = []
    for frm, to, cap in caps:
        out += capture_paths(g, frm, to, cap, empty | frm)
    out.sort(key=lambda mv: (mv[0][0], [dirs[b - a] for a, b in pairwise(mv[0])]))
    return out


@cache
def _directions(g: Geometry) -> dict[int, int]:
    """Rank of each step or hop (in padded bits) in the order moves are listed."""
    h = g.half
    order = (h, h + 1, -h, -h - 1)
    return {**{d: i for i, d in enumerate(order)}, **{2 * d: i for i, d in enumerate(order)}}


def capture_paths(g: Geometry, frm: int, to: int, cap: int, empty: int) -> list[RawMove]:
    """Every hop sequence from ``frm`` to ``to`` (one-bit masks) over exactly the pieces of
    ``cap``, landing only on ``empty`` squares (the start square counted as empty)."""
    h = g.half
    out: list[RawMove] = []
    stack: list[tuple[int, int, tuple[int, ...], tuple[int, ...]]] = [
        (frm, cap, (_index(frm),), ())]
    while stack:
        at, left, path, hopped = stack.pop()
        if not left:
            if at == to:
                out.append((path, hopped))
            continue
        for d in (h, h + 1):
            for mid, land in ((at << d, at << 2 * d), (at >> d, at >> 2 * d)):
                if mid & left and land & empty:
                    stack.append((land, left ^ mid, (*path, _index(land)),
                                  (*hopped, _index(mid))))
    return out


def _path_count(g: Geometry, frm: int, to: int, cap: int, empty: int) -> int:
    """How many paths one engine capture stands for.  Only a king taking three or more
    pieces can have two: a path of one or two hops is fixed by what it takes, and a man's
    path goes forward every time, so it takes its pieces row by row."""
    return len(capture_paths(g, frm, to, cap, empty))


def make_masks(g: Geometry, black: int, white: int, kings: int, black_to_move: bool,
               frm: int, to: int, cap: int) -> tuple[int, int, int]:
    """Masks after a move given as masks, for plain checkers (a man reaching the far row
    is crowned)."""
    # Not an exclusive-or of from|to: a king's capture may end on the square it started
    # from, and then the piece must stay.
    if black_to_move:
        black = (black & ~frm) | to
        white &= ~cap
        crown = g.black_crown
    else:
        white = (white & ~frm) | to
        black &= ~cap
        crown = g.white_crown
    if kings & frm:
        kings = (kings & ~(frm | cap)) | to
    else:
        kings &= ~cap
        if to & crown:
            kings |= to
    return black, white, kings


def make_raw(g: Geometry, black: int, white: int, kings: int, black_to_move: bool,
             move: RawMove) -> tuple[int, int, int]:
    """Masks after a raw move for plain checkers (a man reaching the far row is crowned)."""
    path, hopped = move
    cap = 0
    for x in hopped:
        cap |= 1 << x
    return make_masks(g, black, white, kings, black_to_move, 1 << path[0], 1 << path[-1], cap)


# -- perft -------------------------------------------------------------------------------

PerftFn = Callable[[int, int, int, bool, int], int]


@cache
def perft_function(g: Geometry) -> PerftFn:
    """A leaf counter for one board geometry, on the engine's move functions."""
    captures = move_functions(g)[0]
    steps = step_function(g)
    valid = g.valid
    bcrown, wcrown = g.black_crown, g.white_crown

    def perft(black_bb: int, white_bb: int, kings: int, black: bool, depth: int) -> int:
        if depth == 0:
            return 1
        empty = valid & ~(black_bb | white_bb)
        own = black_bb if black else white_bb
        opp = white_bb if black else black_bb
        moves: list[Move] = captures(own, opp, kings, black, empty, None)
        if moves:
            if depth == 1 and not kings & own:
                return len(moves)
            total = 0
            for frm, to, cap in moves:
                # Each path is a move of its own; only a king taking three or more pieces
                # can have more than one (see _path_count).
                n = 1
                if kings & frm and cap.bit_count() >= 3:
                    n = _path_count(g, frm, to, cap, empty | frm)
                if depth == 1:
                    total += n
                else:
                    b, w, k = make_masks(g, black_bb, white_bb, kings, black, frm, to, cap)
                    total += n * perft(b, w, k, not black, depth - 1)
            return total
        if depth == 1:
            s1, s2, s3, s4 = steps(own, kings, black, empty)
            return (s1[0].bit_count() + s2[0].bit_count() + s3[0].bit_count()
                    + s4[0].bit_count())
        # The steps made here rather than by make_masks: perft spends most of its time on
        # them, and a step is simple (nothing taken, a king moves its mark along).
        total = 0
        crown = bcrown if black else wcrown
        d1 = depth - 1
        for targets, d, down in steps(own, kings, black, empty):
            while targets:
                to = targets & -targets
                targets ^= to
                frm = (to >> d) if down else (to << d)
                nown = own ^ (frm | to)
                if kings & frm:
                    nk = kings ^ (frm | to)
                elif to & crown:
                    nk = kings | to
                else:
                    nk = kings
                if black:
                    total += perft(nown, opp, nk, False, d1)
                else:
                    total += perft(opp, nown, nk, True, d1)
        return total

    return perft


def perft(g: Geometry, black: int, white: int, kings: int, black_to_move: bool,
          depth: int) -> int:
    """Leaf nodes of the move tree ``depth`` plies deep (1 at depth 0)."""
    return perft_function(g)(black, white, kings, black_to_move, depth)
