"""Fast play-outs for the computer player's look-ahead.

A stripped copy of the rules for one purpose: finish a hand quickly from a sampled deal,
both seats playing a simple greedy way (``PRIORITY``: the colour in play first, wilds last,
a wild naming the colour held most, ``plain_choice``), and say who went out.  The
computer's own seat (seat 0) plays that way but keeps its bridges (``own_choice``).  Cards
are small integers (kinds, see ``KINDS``); there are no events, cries, challenges or hand
limit, which do not change who wins a greedy race.
The rules engine stays the reference: ``tests/yucky/test_playout.py`` checks the two agree.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from retro.games.yucky.rules import ACTIONS, CARDS, COLORS, Card

KINDS: tuple[Card, ...] = tuple(CARDS.values())
KIND: dict[Card, int] = {card: i for i, card in enumerate(KINDS)}
WILD_COLOR = 4
SKIP, REVERSE, DRAW_TWO, WILD_CARD, WILD_FOUR = 10, 11, 12, 13, 14
_RANK = {**{str(n): n for n in range(10)}, "S": SKIP, "R": REVERSE, "D": DRAW_TWO}
KCOL: tuple[int, ...] = tuple(WILD_COLOR if c.is_wild else COLORS.index(c.color) for c in KINDS)
KRANK: tuple[int, ...] = tuple((WILD_FOUR if c.rank == "4" else WILD_CARD) if c.is_wild
                               else _RANK[c.rank] for c in KINDS)
KPTS: tuple[int, ...] = tuple(c.points for c in KINDS)
#: The play-out policy's preference among fitting cards (highest first): a card of the
#: colour in play (skips, reverses and draw twos first, as they keep the turn; then the
#: most points), then one that changes colour on the number, then a wild, then a wild draw
#: four.  Wilds last, since they fit anything later.  A simple first-fit player holding
#: wilds back beats the plain most-points-first policy (which spends wilds at once).
PRIORITY: tuple[int, ...] = tuple(
    (1 if c.rank == "C" else 0) if c.is_wild else 2000 + 100 * (c.rank in "SRD") + c.points
    for c in KINDS)
assert set(ACTIONS) == {"S", "R", "D"}


#: The computer's own seat keeps a *bridge*, a card whose number it also holds in another
#: colour (a way to change colour later without a wild), and plays the other fitting cards
#: first.  See ``bench/yucky_policy.py`` and the README for what it wins.
BRIDGE = 1000


#: How often a play-out turn of the opponent (seat 1 in ``after_play``) is a fitting card at
#: random instead of the policy's choice.  Players do not all play the policy's way (random
#: play least of all); play-outs that allow for it judge a candidate against more kinds of
#: answer.
OPPONENT_WHIM = 0.3


def color_index(color: str) -> int:
    return COLORS.index(color)


def _most_held(hand: list[int]) -> int:
    counts = [0, 0, 0, 0, 0]
    for k in hand:
        counts[KCOL[k]] += 1
    best = 0
    for c in (1, 2, 3):
        if counts[c] > counts[best]:
            best = c
    return best


#: A seat's play-out policy: (hand, colour in play, number or symbol on top or -1, the other
#: seat's card count) -> (the index of the card to play or -1 to draw, whether the hand
#: holds the colour in play, the cards scanned).
Policy = Callable[[list[int], int, int, int], tuple[int, bool, int]]


def plain_choice(hand: list[int], color: int, rank: int, other: int) -> tuple[int, bool, int]:
    """The plain policy (``PRIORITY``), in one pass: the best card of the colour, else the
    best change of colour on the number, else the first wild, else the first wild draw
    four; as ``own_choice``."""
    on_color = on_rank = wild = four = -1
    color_pts = rank_pts = -1
    for i, k in enumerate(hand):
        c = KCOL[k]
        if c == color:
            if PRIORITY[k] > color_pts:
                on_color, color_pts = i, PRIORITY[k]
        elif c == WILD_COLOR:
            if KRANK[k] == WILD_CARD:
                if wild < 0:
                    wild = i
            elif four < 0:
                four = i
        elif KRANK[k] == rank and PRIORITY[k] > rank_pts:
            on_rank, rank_pts = i, PRIORITY[k]
    have_color = on_color >= 0
    best = on_color if have_color else on_rank if on_rank >= 0 else \
        wild if wild >= 0 else four
    return best, have_color, len(hand) + 1


def own_choice(hand: list[int], color: int, rank: int, other: int) -> tuple[int, bool, int]:
    """The computer's own play-out move: the index of the card to play (-1: draw), whether
    the hand holds the colour in play (a drawn wild draw four is legal only without it) and
    the cards scanned.  As ``plain_choice``, but a bridge (``BRIDGE``) comes after the
    other cards of its kind of play (the colour in play, or a change on the number)."""
    held = [0] * 13                   # number or symbol -> bit mask of the colours held
    fitting: list[int] = []
    wild = four = -1
    for i, k in enumerate(hand):
        c = KCOL[k]
        if c == WILD_COLOR:
            if KRANK[k] == WILD_CARD:
                if wild < 0:
                    wild = i
            elif four < 0:
                four = i
            continue
        r = KRANK[k]
        held[r] |= 1 << c
        if c == color or r == rank:
            fitting.append(i)
    on_color = on_rank = -1
    color_pts = rank_pts = -BRIDGE - 1
    for i in fitting:
        k = hand[i]
        c = KCOL[k]
        pts = PRIORITY[k] - (BRIDGE if held[KRANK[k]] & ~(1 << c) else 0)
        if c == color:
            if pts > color_pts:
                on_color, color_pts = i, pts
        elif pts > rank_pts:
            on_rank, rank_pts = i, pts
    scanned = len(hand) + 1 + len(fitting)
    if on_color >= 0:
        return on_color, True, scanned
    if on_rank >= 0:
        return on_rank, False, scanned
    return (wild if wild >= 0 else four), False, scanned


def _give_penalty(hand: list[int], rank: int, pile: list[int], used: list[int],
                  rng: random.Random) -> tuple[list[int], list[int]]:
    """The victim of a draw two or wild draw four takes its cards (the pile turned over
    when it runs out, while there is anything under the top card); the new piles."""
    for _ in range(2 if rank == DRAW_TWO else 4):
        if not pile:
            if len(used) < 2:
                break
            pile = used[:-1]
            used = used[-1:]
            rng.shuffle(pile)
        hand.append(pile.pop())
    return pile, used


def play_out(hands: list[list[int]], pile: list[int], used: list[int], color: int, rank: int,
             turn: int, rng: random.Random, limit: int = 200, whim: float = 0.0,
             policies: tuple[Policy, Policy] = (own_choice, plain_choice)
             ) -> tuple[int, int]:
    """Play greedily to the end; the seat that goes out (-1 past ``limit`` moves) and the
    work done, in cards scanned (each move looks at every card of the hand to move, plus
    one; seat 0 looks at its fitting cards once more).  Each seat plays its policy of
    ``policies`` (the computer's own seat ``own_choice``, the other ``plain_choice``), and
    seat 1 a fitting card at random ``whim`` of its turns.

    ``pile`` is the draw pile (top at the end), ``used`` the discard pile under the top
    card, ``color``/``rank`` what the top card asks for (rank -1 after a wild).  The lists
    are consumed.
    """
    work = 0
    for _ in range(limit):
        hand = hands[turn]
        if turn == 1 and whim > 0.0 and rng.random() < whim:
            work += len(hand) + 1
            # At whim: any fitting card, each as likely.
            have_color = False
            for k in hand:
                if KCOL[k] == color:
                    have_color = True
                    break
            best = -1
            best_pts = -1.0
            for i, k in enumerate(hand):
                pts = rng.random()
                c = KCOL[k]
                if c == WILD_COLOR:
                    if KRANK[k] == WILD_FOUR and have_color:
                        continue
                elif c != color and KRANK[k] != rank:
                    continue
                if pts > best_pts:
                    best, best_pts = i, pts
        else:
            best, have_color, scanned = policies[turn](hand, color, rank, len(hands[turn ^ 1]))
            work += scanned
        if best < 0:
            if not pile:
                if len(used) < 2:
                    turn ^= 1           # nothing to draw: pass
                    continue
                pile = used[:-1]
                used = used[-1:]
                rng.shuffle(pile)
            k = pile.pop()
            c = KCOL[k]
            fits = (c == color or KRANK[k] == rank) if c != WILD_COLOR else \
                (KRANK[k] == WILD_CARD or not have_color)
            if not fits:
                hand.append(k)
                turn ^= 1
                continue
        else:
            k = hand.pop(best)
        used.append(k)
        if not hand:
            return turn, work
        c, r = KCOL[k], KRANK[k]
        if c == WILD_COLOR:
            color, rank = _most_held(hand), -1
        else:
            color, rank = c, r
        if r in (DRAW_TWO, WILD_FOUR):
            pile, used = _give_penalty(hands[turn ^ 1], r, pile, used, rng)
        elif r != SKIP and r != REVERSE:
            turn ^= 1
    return -1, work


def after_play(hands: list[list[int]], pile: list[int], used: list[int], index: int,
               color: int, rng: random.Random, limit: int = 200) -> tuple[int, int]:
    """Seat 0 plays ``hands[0][index]`` (naming ``color`` for a wild), then both play out;
    as ``play_out``."""
    hand = hands[0]
    k = hand.pop(index)
    used.append(k)
    if not hand:
        return 0, 0
    r = KRANK[k]
    if KCOL[k] != WILD_COLOR:
        color = KCOL[k]
    rank = -1 if KCOL[k] == WILD_COLOR else r
    turn = 1
    if r in (DRAW_TWO, WILD_FOUR):
        pile, used = _give_penalty(hands[1], r, pile, used, rng)
        turn = 0
    elif r in (SKIP, REVERSE):
        turn = 0
    return play_out(hands, pile, used, color, rank, turn, rng, limit, OPPONENT_WHIM)

