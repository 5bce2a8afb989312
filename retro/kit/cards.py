"""Rank-and-suit card notation shared by the games played with French cards (Pig Poker,
Sixty-Six): a rank letter then a suit letter, ``AS TD 9H``, any case, ``10`` for ``T``.

Each game passes the ranks and suits its own deck has; the reading and the words are here
once.

>>> parse_rank_suit("10h", "9TJQKA")
('T', 'H')
>>> format_rank_suit("Q", "S")
'QS'
>>> card_words("A", "H")
'ace of hearts'
"""

from __future__ import annotations

from retro.kit.rules import NotationError

__all__ = ["RANK_WORDS", "SUITS", "SUIT_WORDS", "CardError", "card_words",
           "format_rank_suit", "parse_rank_suit"]

SUITS = "CDHS"
RANK_WORDS = {"2": "two", "3": "three", "4": "four", "5": "five", "6": "six", "7": "seven",
              "8": "eight", "9": "nine", "T": "ten", "J": "jack", "Q": "queen", "K": "king",
              "A": "ace"}
SUIT_WORDS = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}


class CardError(NotationError):
    """A card written in a way that cannot be read, or not in this game's deck."""


def parse_rank_suit(text: str, ranks: str, suits: str = SUITS) -> tuple[str, str]:
    """``"QS"``, ``"td"``, ``"10H"`` -> (rank letter, suit letter), upper case.

    Raises ``CardError`` naming the text when it is no card of a deck with these ranks
    and suits.
    """
    t = text.strip().upper()
    if t.startswith("10"):
        t = "T" + t[2:]
    if len(t) != 2 or t[0] not in ranks or t[1] not in suits:
        example = f"{ranks[-1]}{suits[-1]} or {ranks[0]}{suits[0]}"
        raise CardError(f"{text.strip()!r} is not a card of this pack: write rank then "
                        f"suit, like {example}")
    return t[0], t[1]


def format_rank_suit(rank: str, suit: str) -> str:
    return rank + suit


def card_words(rank: str, suit: str) -> str:
    """The card in words, as messages name it: ``ace of hearts``."""
    return f"{RANK_WORDS[rank]} of {SUIT_WORDS[suit]}"
