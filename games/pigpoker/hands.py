"""Five-card poker hands: cards, one vectorised evaluator, and the manual's hand score.

A card is an ``int`` id ``rank_index * 4 + suit_index`` (rank index 0 = deuce ... 12 = ace,
suits ``C D H S``), the same numbering phevaluator uses.  Hands are numpy arrays whose last
axis holds five card ids.

Every five-card hand falls in one of 7,462 *classes* (hands that tie under standard poker
ranking; suits never break ties), plus 13 five-of-a-kind classes that only the manual's score
examples need.  Class numbers grow with strength, so comparing two hands is comparing two
ints.  The evaluator is a perfect hash: each card has a key whose rank part is a weight chosen
so that any five ranks sum to a different total, and whose suit part counts suits in 3-bit
fields; the sum of five card keys indexes one table.

    >>> format_hand(parse_hand("qs qh qd 7c 7s"))
    'QS QH QD 7C 7S'
    >>> int(score(parse_hand("QS QH QD 7C 7S")))
    16207
"""

from __future__ import annotations

import argparse
import itertools
import sys
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache

import numpy as np

from retro.kit.cards import CardError as _CardError
from retro.kit.cards import format_rank_suit, parse_rank_suit

RANKS = "23456789TJQKA"
SUITS = "CDHS"

# Categories, weakest first.  Five of a kind cannot occur with one 52-card deck; it exists
# because the manual's score table and first example use it.
BUST, PAIR, TWO_PAIRS, THREE, STRAIGHT, FLUSH, FULL_HOUSE, FOUR, STRAIGHT_FLUSH, FIVE = range(10)
CATEGORY_NAMES = (
    "Bust", "One pair", "Two pairs", "Three of a kind", "Straight", "Flush", "Full house",
    "Four of a kind", "Straight flush", "Five of a kind",
)

#: Rank weights (deuce first) such that every multiset of five ranks has its own sum: found
#: by a greedy search; ``tests/pigpoker`` checks the property over all 6,188 multisets.
RANK_WEIGHTS = (0, 1, 6, 31, 108, 366, 926, 2286, 5733, 12905, 27316, 44676, 94545)
_SUIT_BITS = 12          # suit counts live in the low 12 bits: 3 bits per suit
_FLUSH_FIELDS = tuple(5 << (3 * s) for s in range(4))
_MAX_RANK_SUM = 5 * RANK_WEIGHTS[-1]

#: The lowest class that may be pigged out: a jack-high bust (manual: "at least a jack").
JACK = RANKS.index("J") + 2


class CardError(_CardError):
    """A card or hand written in a way that cannot be read."""


# -- cards as values -------------------------------------------------------------------------

@dataclass(frozen=True, order=True, slots=True)
class Card:
    """One playing card; ``rank`` 2-14 (ace high), ``suit`` one of ``C D H S``."""

    rank: int
    suit: str

    @property
    def id(self) -> int:
        return (self.rank - 2) * 4 + SUITS.index(self.suit)

    @classmethod
    def from_id(cls, card_id: int) -> Card:
        if not 0 <= card_id < 52:
            raise CardError(f"card number {card_id} is not in 0-51")
        return cls(card_id // 4 + 2, SUITS[card_id % 4])

    def __str__(self) -> str:
        return format_card(self)


def parse_card(text: str) -> Card:
    """``"QS"``, ``"td"``, ``"10H"`` -> a Card (rank then suit)."""
    try:
        rank, suit = parse_rank_suit(text, RANKS, SUITS)
    except _CardError as err:
        raise CardError(str(err)) from None
    return Card(RANKS.index(rank) + 2, suit)


def format_card(card: Card) -> str:
    return format_rank_suit(RANKS[card.rank - 2], card.suit)


def parse_hand(text: str | Iterable[str]) -> tuple[Card, ...]:
    """Five distinct cards from ``"QS QH QD 7C 7S"`` (or a list of card strings)."""
    words = text.replace(",", " ").split() if isinstance(text, str) else list(text)
    cards = tuple(parse_card(w) for w in words)
    if len(cards) != 5:
        raise CardError(f"a hand has 5 cards, not {len(cards)}")
    if len(set(cards)) != 5:
        raise CardError("a hand cannot hold the same card twice")
    return cards


def format_hand(cards: Iterable[Card]) -> str:
    return " ".join(format_card(c) for c in cards)


def ids(cards: Iterable[Card]) -> np.ndarray:
    """Card values -> an int array of card ids."""
    return np.array([c.id for c in cards], dtype=np.int64)


# -- hand classes: built once from the 6,188 rank multisets --------------------------------

@dataclass(frozen=True)
class _Tables:
    lookup: np.ndarray      # (rank_sum << 1 | flush) -> class, int16, -1 where impossible
    flush_bit: np.ndarray   # suit field (12 bits) -> 1 if all five cards share a suit
    card_key: np.ndarray    # card id -> rank weight << 12 | 1 << 3 * suit
    category: np.ndarray    # class -> category
    score: np.ndarray       # class -> the manual's score
    ranks: np.ndarray       # class -> the five ranks, most significant first (2-14)


def _describe(ranks: Sequence[int], flush: bool) -> tuple[int, tuple[int, ...]]:
    """Category and tie-break ranks of five ranks (2-14) under standard poker ranking."""
    counts: dict[int, int] = {}
    for r in ranks:
        counts[r] = counts.get(r, 0) + 1
    # Most of a kind first, then higher rank: the usual tie-break order.
    order = sorted(counts, key=lambda r: (counts[r], r), reverse=True)
    shape = sorted(counts.values(), reverse=True)
    tiebreak = tuple(r for r in order for _ in range(counts[r]))
    distinct = sorted(counts, reverse=True)
    straight_high = 0
    if len(distinct) == 5:
        if distinct[0] - distinct[4] == 4:
            straight_high = distinct[0]
        elif distinct == [14, 5, 4, 3, 2]:
            straight_high = 5    # the wheel: the ace counts low, the five is the top card
    if straight_high:
        tie = tuple(range(straight_high, straight_high - 5, -1)) if straight_high > 5 \
            else (5, 4, 3, 2, 14)
        return (STRAIGHT_FLUSH if flush else STRAIGHT), tie
    if flush:
        return FLUSH, tiebreak
    category = {
        (5,): FIVE, (4, 1): FOUR, (3, 2): FULL_HOUSE, (3, 1, 1): THREE,
        (2, 2, 1): TWO_PAIRS, (2, 1, 1, 1): PAIR,
    }.get(tuple(shape), BUST)
    return category, tiebreak


def manual_score(category: int, tiebreak: Sequence[int]) -> int:
    """The manual's numeric score, formulas exactly as printed (quirks included).

    ``tiebreak`` lists the five ranks, most of a kind first, higher first; for straights the
    top card first (5 in an ace-low straight).
    """
    t = tiebreak
    match category:
        case 9:                      # five of a kind: 30000 + 100*C5
            return 30000 + 100 * t[0]
        case 8:                      # straight flush: 25000 + CH
            return 25000 + t[0]
        case 7:                      # four of a kind: 20000 + 100*CX, CX the SPARE card
            return 20000 + 100 * t[4]
        case 6:                      # full house: 15000 + 100*C3 + C2
            return 15000 + 100 * t[0] + t[3]
        case 5:                      # flush: 10000 + CH
            return 10000 + t[0]
        case 4:                      # straight: 9000 + CH
            return 9000 + t[0]
        case 3:                      # three of a kind: 7000 + 100*C3
            return 7000 + 100 * t[0]
        case 2:                      # two pairs: 2000 + 100*CP1 + CP2 (higher pair first)
            return 2000 + 100 * t[0] + t[2]
        case 1:                      # one pair: 100*C2
            return 100 * t[0]
        case _:                      # bust: C4, the top card if jack or better, else 0
            return t[0] if t[0] >= JACK else 0


@cache
def tables() -> _Tables:
    """Build the lookup tables (about 10 ms, once per process)."""
    weights = np.array(RANK_WEIGHTS, dtype=np.int64)
    described: list[tuple[int, tuple[int, ...], int, bool]] = []  # cat, tie, rank_sum, flush
    for combo in itertools.combinations_with_replacement(range(13), 5):
        rank_sum = int(weights[list(combo)].sum())
        ranks = [r + 2 for r in combo]
        described.append((*_describe(ranks, False), rank_sum, False))
        if len(set(combo)) == 5:
            described.append((*_describe(ranks, True), rank_sum, True))
    # The wheel's tie-break (5, 4, 3, 2, 14) sorts below (6, 5, 4, 3, 2) as it should.
    kinds = sorted({(cat, tie) for cat, tie, _, _ in described})
    index = {k: i for i, k in enumerate(kinds)}
    lookup = np.full(2 * (_MAX_RANK_SUM + 1), -1, dtype=np.int16)
    for cat, tie, rank_sum, flush in described:
        lookup[rank_sum << 1 | int(flush)] = index[(cat, tie)]
    flush_bit = np.zeros(1 << _SUIT_BITS, dtype=np.int64)
    flush_bit[list(_FLUSH_FIELDS)] = 1
    card_key = np.array([(RANK_WEIGHTS[c // 4] << _SUIT_BITS) | (1 << 3 * (c % 4))
                         for c in range(52)], dtype=np.int32)
    category = np.array([k[0] for k in kinds], dtype=np.int8)
    score_arr = np.array([manual_score(*k) for k in kinds], dtype=np.int32)
    ranks_arr = np.array([k[1] for k in kinds], dtype=np.int8)
    for arr in (lookup, flush_bit, card_key, category, score_arr, ranks_arr):
        arr.setflags(write=False)
    return _Tables(lookup, flush_bit, card_key, category, score_arr, ranks_arr)


def n_classes() -> int:
    return len(tables().category)


# -- the vectorised evaluator ----------------------------------------------------------------

def keys_of(hands: np.ndarray) -> np.ndarray:
    """Sum of the five card keys of each hand (last axis = 5 card ids)."""
    key = tables().card_key
    h = np.asarray(hands)
    # Column-wise adds beat ``key[h].sum(-1)``: numpy reduces short rows slowly.
    return key[h[..., 0]] + key[h[..., 1]] + key[h[..., 2]] + key[h[..., 3]] + key[h[..., 4]]


def classes_of_keys(keys: np.ndarray) -> np.ndarray:
    """Hand classes from summed card keys (see ``keys_of``)."""
    t = tables()
    k = np.asarray(keys)
    return t.lookup[((k >> _SUIT_BITS) << 1) | t.flush_bit[k & ((1 << _SUIT_BITS) - 1)]]


def classify(hands: np.ndarray) -> np.ndarray:
    """Hand class of each hand: higher is stronger, equal means a tie."""
    return classes_of_keys(keys_of(hands))


def category(hands: np.ndarray) -> np.ndarray:
    return tables().category[classify(hands)]


def score(hands: np.ndarray | Sequence[Card]) -> np.ndarray:
    """The manual's hand score of each hand (a Card sequence counts as one hand)."""
    if not isinstance(hands, np.ndarray):
        hands = ids(hands)
    return tables().score[classify(hands)]


def evaluate(hands: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(class, category, score) of each hand, in one pass."""
    t = tables()
    cls = classify(hands)
    return cls, t.category[cls], t.score[cls]


def class_of(cards: Sequence[Card]) -> int:
    """Class of one hand of Card values."""
    return int(classify(ids(cards)))


def rank_class(ranks: Sequence[int], flush: bool = False) -> int:
    """Class of five ranks (2-14) without suits; allows five of a kind for the score table."""
    if len(ranks) != 5 or not all(2 <= r <= 14 for r in ranks):
        raise CardError("five ranks from 2 to 14 are needed")
    rank_sum = sum(RANK_WEIGHTS[r - 2] for r in ranks)
    cls = int(tables().lookup[rank_sum << 1 | int(flush)])
    if cls < 0:
        raise CardError("a flush needs five different ranks")
    return cls


def class_category(cls: int) -> int:
    return int(tables().category[cls])


def class_score(cls: int) -> int:
    return int(tables().score[cls])


def class_ranks(cls: int) -> tuple[int, ...]:
    """The five ranks of a class, most significant first (the wheel lists the ace last)."""
    return tuple(int(r) for r in tables().ranks[cls])


def describe_class(cls: int) -> str:
    """A short name such as ``"Full house, queens over sevens"``."""
    cat = class_category(cls)
    r = class_ranks(cls)
    name = CATEGORY_NAMES[cat]
    word = {2: "twos", 3: "threes", 4: "fours", 5: "fives", 6: "sixes", 7: "sevens",
            8: "eights", 9: "nines", 10: "tens", 11: "jacks", 12: "queens", 13: "kings",
            14: "aces"}
    top = RANKS[r[0] - 2]
    match cat:
        case 6:
            return f"{name}, {word[r[0]]} over {word[r[3]]}"
        case 7 | 3 | 1 | 9:
            return f"{name}, {word[r[0]]}"
        case 2:
            return f"{name}, {word[r[0]]} and {word[r[2]]}"
        case _:
            return f"{name}, {top} high"


def all_hands() -> np.ndarray:
    """Every one of the 2,598,960 five-card hands as a (N, 5) uint8 array of card ids."""
    return _all_hands()


@cache
def _all_hands() -> np.ndarray:
    out = np.fromiter(itertools.chain.from_iterable(itertools.combinations(range(52), 5)),
                      dtype=np.uint8, count=2_598_960 * 5).reshape(-1, 5)
    out.setflags(write=False)
    return out


# -- command line ----------------------------------------------------------------------------

FIVE_OF_A_KIND_NOTE = (
    "note: five of a kind cannot be dealt from one 52-card deck and never occurs in the "
    "game; this is the manual's formula 30000 + 100 x rank, as in its first example")


def five_of_a_kind(text: str) -> int | None:
    """The class of five cards of one rank (the manual's A-A-A-A-A example), else None.

    Such a hand needs a card twice, so ``parse_hand`` refuses it; the score command accepts it
    only so the manual's formula example can be checked.
    """
    words = text.replace(",", " ").split()
    if len(words) != 5:
        return None
    cards = [parse_card(w) for w in words]
    if len({c.rank for c in cards}) != 1:
        return None
    return rank_class([c.rank for c in cards])


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m retro.games.pigpoker.hands",
                                     description="Score a five-card poker hand.")
    parser.add_argument("--score", metavar="HAND", required=True,
                        help='five cards, rank then suit, e.g. "QS QH QD 7C 7S"; five of '
                             'one rank ("AS AH AD AC AS") gives the manual\'s five-of-a-kind '
                             'formula')
    parser.add_argument("--name", action="store_true", help="also print the hand's name")
    args = parser.parse_args(argv)
    note = ""
    try:
        cls = class_of(parse_hand(args.score))
    except CardError as exc:
        try:
            five = five_of_a_kind(args.score)
        except CardError:
            five = None
        if five is None:
            print(f"error: {exc}", file=sys.stderr)
            return 2
        cls, note = five, FIVE_OF_A_KIND_NOTE
    print(class_score(cls))
    if args.name:
        print(describe_class(cls))
    if note:
        print(note, file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
