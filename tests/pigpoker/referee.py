"""An independent referee for Pig Poker, written from the manual alone.

Nothing here imports the game's rules, hands or computer modules: the poker ranking, the
manual's score formulas, the lines, Mud Puddle adjacency, Same Sex and the payout are all
worked out again from the manual's text (and, where it is unclear, from the decisions in
``games/pigpoker/README.md``).  The referee reads the game only through its published JSON
state (``--state``), so it checks the real program, not a copy of its code.

Cards are the state's notation: rank ``23456789TJQKA`` then suit ``CDHS``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

RANK_VALUE = {ch: v for v, ch in enumerate("23456789TJQKA", start=2)}
SUITS = "CDHS"

# Manual, "RANK OF HANDS" (high to low); the numbers only order them.
BUST, PAIR, TWO_PAIRS, THREE, STRAIGHT, FLUSH, FULL_HOUSE, FOUR, STRAIGHT_FLUSH = range(9)


@dataclass(frozen=True, order=True)
class Strength:
    """A hand under standard poker ranking: compare with < and ==; suits never count."""

    category: int
    ranks: tuple[int, ...]          # tie-breaking ranks, most significant first


def card_rank(card: str) -> int:
    return RANK_VALUE[card[0]]


def strength(cards: Sequence[str]) -> Strength:
    """Standard poker strength of five cards (the manual's rule 3: kickers included)."""
    assert len(cards) == 5 and len(set(cards)) == 5, cards
    ranks = sorted((card_rank(c) for c in cards), reverse=True)
    flush = len({c[1] for c in cards}) == 1
    counts = Counter(ranks)
    # Groups: bigger groups first, then higher rank (pairs before kickers, etc.).
    groups = sorted(counts.items(), key=lambda kv: (kv[1], kv[0]), reverse=True)
    by_group = tuple(rank for rank, n in groups for _ in range(n))
    straight_top = 0
    if len(counts) == 5:
        if ranks[0] - ranks[4] == 4:
            straight_top = ranks[0]
        elif ranks == [14, 5, 4, 3, 2]:
            straight_top = 5                      # ace low: 5-4-3-2-A, the lowest
    if straight_top:
        return Strength(STRAIGHT_FLUSH if flush else STRAIGHT, (straight_top,))
    if flush:
        return Strength(FLUSH, tuple(ranks))
    shape = tuple(n for _, n in groups)
    category = {(4, 1): FOUR, (3, 2): FULL_HOUSE, (3, 1, 1): THREE, (2, 2, 1): TWO_PAIRS,
                (2, 1, 1, 1): PAIR}.get(shape, BUST)
    return Strength(category, by_group)


def manual_score(cards: Sequence[str]) -> int:
    """The manual's "hand scoring system", formula by formula, as printed."""
    s = strength(cards)
    ranks = sorted((card_rank(c) for c in cards), reverse=True)
    counts = Counter(ranks)
    if s.category == STRAIGHT_FLUSH:
        return 25000 + s.ranks[0]                 # CH, the five in an ace-low straight
    if s.category == FOUR:
        spare = next(r for r, n in counts.items() if n == 1)
        return 20000 + 100 * spare                # CX: the spare card
    if s.category == FULL_HOUSE:
        c3 = next(r for r, n in counts.items() if n == 3)
        c2 = next(r for r, n in counts.items() if n == 2)
        return 15000 + 100 * c3 + c2
    if s.category == FLUSH:
        return 10000 + ranks[0]
    if s.category == STRAIGHT:
        return 9000 + s.ranks[0]
    if s.category == THREE:
        return 7000 + 100 * next(r for r, n in counts.items() if n == 3)
    if s.category == TWO_PAIRS:
        high, low = sorted((r for r, n in counts.items() if n == 2), reverse=True)
        return 2000 + 100 * high + low            # the manual's example: A-A-3-3-2 = 3403
    if s.category == PAIR:
        return 100 * next(r for r, n in counts.items() if n == 2)
    return ranks[0] if ranks[0] >= RANK_VALUE["J"] else 0    # C4


def at_least_a_jack(cards: Sequence[str]) -> bool:
    """Manual, pigging-out rule 2: a bust needs a jack or better; any pair will do."""
    s = strength(cards)
    return s.category > BUST or max(card_rank(c) for c in cards) >= RANK_VALUE["J"]


# -- the board -----------------------------------------------------------------------------

def board_lines() -> list[tuple[int, int, int, int]]:
    """Four in a row: horizontal, vertical, diagonal (squares 0-15 row by row)."""
    lines = [tuple(range(r * 4, r * 4 + 4)) for r in range(4)]
    lines += [tuple(range(c, 16, 4)) for c in range(4)]
    lines += [(0, 5, 10, 15), (3, 6, 9, 12)]
    return lines  # type: ignore[return-value]


LINES = board_lines()


def touching(i: int) -> list[int]:
    """Squares sharing a side with ``i`` (README: Mud Puddle adjacency is by sides)."""
    r, c = divmod(i, 4)
    return [rr * 4 + cc for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
            if 0 <= rr < 4 and 0 <= cc < 4]


def may_take(board: Sequence[dict], i: int, cards: Sequence[str],  # type: ignore[type-arg]
             mud_puddle: bool, same_sex: bool) -> bool:
    """Whether ``cards`` may be pigged out on square ``i`` of a state's board."""
    square = board[i]
    mine = strength(cards)
    if same_sex:
        if mine.category == BUST:                 # "bust hands, jack high or not, are not
            return False                          #  allowed"
    elif not at_least_a_jack(cards):
        return False
    if square["owner"] is None:
        if mud_puddle and any(sq["owner"] is not None for sq in board):
            return any(board[k]["owner"] is not None for k in touching(i))
        return True
    theirs = strength(square["hand"])
    if same_sex and theirs.category != mine.category:
        return False
    return mine > theirs                          # rule 3: higher, by standard poker rules


def legal_squares(board: Sequence[dict], cards: Sequence[str],  # type: ignore[type-arg]
                  mud_puddle: bool, same_sex: bool) -> list[int]:
    return [i for i in range(16) if may_take(board, i, cards, mud_puddle, same_sex)]


def completed_line(board: Sequence[dict], seat: int) -> tuple[int, ...] | None:  # type: ignore[type-arg]
    for line in LINES:
        if all(board[k]["owner"] == seat for k in line):
            return line
    return None


def pig_counts(board: Sequence[dict], players: int) -> list[int]:  # type: ignore[type-arg]
    counts = [0] * players
    for sq in board:
        if sq["owner"] is not None:
            counts[sq["owner"]] += 1
    return counts


def payout(pigs: Sequence[int], winner: int, chips: Sequence[int]) -> list[int]:
    """Manual, "GAME": each other player pays the winner the difference in pigs; one with
    more pigs than the winner is paid double by him.  README: nobody pays more than they
    hold; the losers pay first, then the winner pays the doubles in seat order."""
    change = [0] * len(pigs)
    for p, n in enumerate(pigs):
        if p != winner and n < pigs[winner]:
            owed = min(pigs[winner] - n, max(chips[p], 0))
            change[p] -= owed
            change[winner] += owed
    for p, n in enumerate(pigs):
        if p != winner and n > pigs[winner]:
            owed = min(2 * (n - pigs[winner]), max(chips[winner] + change[winner], 0))
            change[winner] -= owed
            change[p] += owed
    return change
