"""Fast move generation on bitboards (Python ints) and perft.

Two generators share the padded layout of ``board.Geometry``:

* ``generate`` returns every legal move of a position as a *raw move*: the path and the
  hopped squares as padded bit indexes.  It knows weights (for Lite Weckers, where a piece
  may only hop enemies of its own weight or lighter).  The rules module and the engine use it.
* ``perft`` counts leaf nodes of the move tree for unweighted play.  It works on masks only
  and counts the last ply in bulk (the number of moves of a position without making them),
  the usual way to measure a generator.

Rules encoded here: men step forward diagonally (black down, white up), kings both ways; a
capture must be taken when one exists and a capture sequence must be followed until no more
hops are possible, but any sequence may be chosen (not necessarily the longest); a man that
reaches the far row during a capture is crowned and its move ends there; a piece cannot be
hopped twice in one move.  Sequences that end in the same position by different paths are
different moves.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

from retro.bits import bits
from retro.games.checkers.board import Geometry

#: (path, hopped): padded bit indexes of every square visited and of every piece hopped.
RawMove = tuple[tuple[int, ...], tuple[int, ...]]


def generate(g: Geometry, black: int, white: int, kings: int, black_to_move: bool,
             weights: tuple[int, ...] | None = None, lite: bool = False) -> list[RawMove]:
    """All legal moves of the side to move.  ``weights`` is indexed by padded bit."""
    h = g.half
    if black_to_move:
        own, opp, crown, man_dirs = black, white, g.black_crown, (h, h + 1)
    else:
        own, opp, crown, man_dirs = white, black, g.white_crown, (-h, -h - 1)
    king_dirs = (h, h + 1, -h, -h - 1)
    empty = g.valid & ~(black | white)
    nbits = g.nbits
    use_weights = lite and weights is not None

    jumps: list[RawMove] = []
    for sq in bits(own):
        is_king = (kings >> sq) & 1
        dirs = king_dirs if is_king else man_dirs
        if use_weights:
            assert weights is not None
            limit = weights[sq]
            hoppable = 0
            for o in bits(opp):
                if weights[o] <= limit:
                    hoppable |= 1 << o
        else:
            hoppable = opp
        _jump_paths(sq, hoppable, empty | (1 << sq), dirs, 0 if is_king else crown, nbits,
                    (sq,), (), jumps)
    if jumps:
        return jumps

    moves: list[RawMove] = []
    for sq in bits(own):
        dirs = king_dirs if (kings >> sq) & 1 else man_dirs
        for d in dirs:
            to = sq + d
            if 0 <= to < nbits and (empty >> to) & 1:
                moves.append(((sq, to), ()))
    return moves


def _jump_paths(sq: int, hoppable: int, empty: int, dirs: tuple[int, ...], crown: int,
                nbits: int, path: tuple[int, ...], hopped: tuple[int, ...],
                out: list[RawMove]) -> None:
    for d in dirs:
        land = sq + 2 * d
        if 0 <= land < nbits and (empty >> land) & 1 and (hoppable >> (sq + d)) & 1:
            mid = sq + d
            npath = (*path, land)
            nhopped = (*hopped, mid)
            if (crown >> land) & 1:
                out.append((npath, nhopped))        # crowned: the move ends here
                continue
            before = len(out)
            _jump_paths(land, hoppable & ~(1 << mid), empty, dirs, crown, nbits, npath,
                        nhopped, out)
            if len(out) == before:
                out.append((npath, nhopped))


def make_raw(g: Geometry, black: int, white: int, kings: int, black_to_move: bool,
             move: RawMove) -> tuple[int, int, int]:
    """Masks after a raw move for plain checkers (a man reaching the far row is crowned)."""
    path, hopped = move
    frm = 1 << path[0]
    to = 1 << path[-1]
    cap = 0
    for x in hopped:
        cap |= 1 << x
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


# -- perft -------------------------------------------------------------------------------

PerftFn = Callable[[int, int, int, bool, int], int]


@cache
def perft_function(g: Geometry) -> PerftFn:
    """A leaf counter specialised for one board geometry (constants bound as locals)."""
    h = g.half
    h1 = h + 1
    valid = g.valid
    bcrown = g.black_crown
    wcrown = g.white_crown

    def jump_count(sq: int, opp: int, empty: int, king: bool, black: bool) -> list[tuple]:
        """Complete jump sequences from one-bit mask ``sq``: list of (to, captured)."""
        out: list[tuple[int, int]] = []
        stack = [(sq, opp, 0)]
        while stack:
            at, o, cap = stack.pop()
            ended = True
            # down-left / down-right (black men, kings)
            if black or king:
                for d in (h, h1):
                    mid = at << d
                    if mid & o:
                        land = mid << d
                        if land & empty:
                            ended = False
                            if not king and land & bcrown:
                                out.append((land, cap | mid))
                            else:
                                stack.append((land, o ^ mid, cap | mid))
            if not black or king:
                for d in (h, h1):
                    mid = at >> d
                    if mid & o:
                        land = mid >> d
                        if land & empty:
                            ended = False
                            if not king and land & wcrown:
                                out.append((land, cap | mid))
                            else:
                                stack.append((land, o ^ mid, cap | mid))
            if ended and cap:
                out.append((at, cap))
        return out

    def captures(own: int, opp: int, kings: int, black: bool, empty: int) -> list[tuple]:
        """Every capture of the side to move as (from, to, captured) masks."""
        movers = []
        kown = own & kings
        if black:
            src = (((((own << h) & opp) << h) & empty) >> (2 * h)) | \
                  (((((own << h1) & opp) << h1) & empty) >> (2 * h1)) | \
                  (((((kown >> h) & opp) >> h) & empty) << (2 * h)) | \
                  (((((kown >> h1) & opp) >> h1) & empty) << (2 * h1))
        else:
            src = (((((own >> h) & opp) >> h) & empty) << (2 * h)) | \
                  (((((own >> h1) & opp) >> h1) & empty) << (2 * h1)) | \
                  (((((kown << h) & opp) << h) & empty) >> (2 * h)) | \
                  (((((kown << h1) & opp) << h1) & empty) >> (2 * h1))
        while src:
            sq = src & -src
            src ^= sq
            for to, cap in jump_count(sq, opp, empty | sq, bool(kings & sq), black):
                movers.append((sq, to, cap))
        return movers

    def perft(black_bb: int, white_bb: int, kings: int, black: bool, depth: int) -> int:
        if depth == 0:
            return 1
        empty = valid & ~(black_bb | white_bb)
        if black:
            own, opp = black_bb, white_bb
        else:
            own, opp = white_bb, black_bb
        caps = captures(own, opp, kings, black, empty)
        if caps:
            if depth == 1:
                return len(caps)
            total = 0
            for frm, to, cap in caps:
                nown = (own & ~frm) | to        # a king's loop may end where it began
                nopp = opp ^ cap
                if kings & frm:
                    nk = (kings & ~(frm | cap)) | to
                else:
                    nk = kings & ~cap
                    if to & (bcrown if black else wcrown):
                        nk |= to
                if black:
                    total += perft(nown, nopp, nk, False, depth - 1)
                else:
                    total += perft(nopp, nown, nk, True, depth - 1)
            return total
        kown = own & kings
        if black:
            tl = (own << h) & empty
            tr = (own << h1) & empty
            kl = (kown >> h) & empty
            kr = (kown >> h1) & empty
        else:
            tl = (own >> h) & empty
            tr = (own >> h1) & empty
            kl = (kown << h) & empty
            kr = (kown << h1) & empty
        if depth == 1:
            return tl.bit_count() + tr.bit_count() + kl.bit_count() + kr.bit_count()
        total = 0
        crown = bcrown if black else wcrown
        d1 = depth - 1
        # forward steps (shift by h / h1 in the forward direction)
        for targets, d, fwd in ((tl, h, True), (tr, h1, True), (kl, h, False), (kr, h1, False)):
            while targets:
                to = targets & -targets
                targets ^= to
                frm = (to >> d) if fwd == black else (to << d)
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
