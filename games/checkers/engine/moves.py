"""The one move generator, in masks: a move is ``(from, to, captured)``.

The rules (through ``movegen``) and perft use it, and the tests check it against a plain
reference, so a rule of moving is written here.  The search runs a compiled copy
(``core_moves``), which the tests hold to this one move for move, in the same order.  A move
is three masks and no path, the form the search needs: two capture paths with the same end
and the same captured pieces lead to the same position and are given once (``movegen``
finds the paths again for the rules).  A king may end a capture on the square it started
from (``from == to``): the search's make step keeps such a king (it sets the end square
after clearing the start).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

from retro.games.checkers.board import Geometry

Move = tuple[int, int, int]
CaptureFn = Callable[[int, int, int, bool, int, "dict[int, int] | None"], list[Move]]
QuietFn = Callable[[int, int, bool, int], list[Move]]
Steps = tuple[tuple[int, int, bool], ...]
StepFn = Callable[[int, int, bool, int], Steps]


@cache
def step_function(g: Geometry) -> StepFn:
    """The step rule for one board size: for each of the four directions, the empty
    squares the side to move can step to, the shift and whether it goes down the board
    (men forward only, kings both ways).  ``quiet`` lists these steps; perft counts them."""
    h = g.half
    h1 = h + 1

    def steps(own: int, kings: int, black: bool, empty: int) -> Steps:
        kown = own & kings
        if black:
            return (((own << h) & empty, h, True), ((own << h1) & empty, h1, True),
                    ((kown >> h) & empty, h, False), ((kown >> h1) & empty, h1, False))
        return (((own >> h) & empty, h, False), ((own >> h1) & empty, h1, False),
                ((kown << h) & empty, h, True), ((kown << h1) & empty, h1, True))

    return steps


@cache
def move_functions(g: Geometry) -> tuple[CaptureFn, QuietFn]:
    """(captures, quiet) for one board size, its constants bound as closure locals."""
    h = g.half
    h1 = h + 1
    h2, h12 = 2 * h, 2 * h1
    bcrown = g.black_crown
    wcrown = g.white_crown

    def jumps(sq: int, opp: int, empty: int, king: bool, black: bool, out: list[Move]) -> None:
        stack = [(sq, opp, 0)]
        pop = stack.pop
        push = stack.append
        while stack:
            at, o, cap = pop()
            ended = True
            if black or king:
                mid = at << h
                if mid & o:
                    land = mid << h
                    if land & empty:
                        ended = False
                        if not king and land & bcrown:
                            out.append((sq, land, cap | mid))
                        else:
                            push((land, o ^ mid, cap | mid))
                mid = at << h1
                if mid & o:
                    land = mid << h1
                    if land & empty:
                        ended = False
                        if not king and land & bcrown:
                            out.append((sq, land, cap | mid))
                        else:
                            push((land, o ^ mid, cap | mid))
            if king or not black:
                mid = at >> h
                if mid & o:
                    land = mid >> h
                    if land & empty:
                        ended = False
                        if not king and land & wcrown:
                            out.append((sq, land, cap | mid))
                        else:
                            push((land, o ^ mid, cap | mid))
                mid = at >> h1
                if mid & o:
                    land = mid >> h1
                    if land & empty:
                        ended = False
                        if not king and land & wcrown:
                            out.append((sq, land, cap | mid))
                        else:
                            push((land, o ^ mid, cap | mid))
            if ended and cap:
                mv = (sq, at, cap)
                if mv not in out:
                    out.append(mv)

    def captures(own: int, opp: int, kings: int, black: bool, empty: int,
                 lite_weights: dict[int, int] | None) -> list[Move]:
        """Every capture of the side to move.  ``lite_weights``: Lite (hop only lighter)."""
        kown = own & kings
        if black:
            src = (((((own << h) & opp) << h) & empty) >> h2) | \
                  (((((own << h1) & opp) << h1) & empty) >> h12) | \
                  (((((kown >> h) & opp) >> h) & empty) << h2) | \
                  (((((kown >> h1) & opp) >> h1) & empty) << h12)
        else:
            src = (((((own >> h) & opp) >> h) & empty) << h2) | \
                  (((((own >> h1) & opp) >> h1) & empty) << h12) | \
                  (((((kown << h) & opp) << h) & empty) >> h2) | \
                  (((((kown << h1) & opp) << h1) & empty) >> h12)
        out: list[Move] = []
        while src:
            sq = src & -src
            src ^= sq
            hoppable = opp
            if lite_weights is not None:
                limit = lite_weights[sq]
                o = opp
                while o:
                    x = o & -o
                    o ^= x
                    if lite_weights[x] > limit:
                        hoppable ^= x
                if not hoppable:
                    continue
            jumps(sq, hoppable, empty | sq, bool(kings & sq), black, out)
        return out

    steps = step_function(g)

    def quiet(own: int, kings: int, black: bool, empty: int) -> list[Move]:
        """Every plain step of the side to move (call only when no capture exists)."""
        out: list[Move] = []
        for targets, d, down in steps(own, kings, black, empty):
            while targets:
                to = targets & -targets
                targets ^= to
                out.append(((to >> d) if down else (to << d), to, 0))
        return out

    return captures, quiet
