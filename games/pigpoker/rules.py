"""Pig Poker rules: a pure, seeded engine for 2 to 6 players on a 4x4 board.

A turn: five cards are dealt and the chance die (1-5) is rolled; the player may twiddle
(send back to the deck and redraw) up to that many cards, in one or several rounds, then must
pig out on a square if the hand can take one.  Four squares in a line win, and the others
settle up by the number of pigs on the board.  Randomness comes only from the
``random.Random`` given to ``Game``.

Squares are numbered 0-15, row by row from the top left.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from functools import cache
from typing import Any

import numpy as np

from retro.games.pigpoker import hands as hx
from retro.games.pigpoker.hands import Card
from retro.kit.rules import IllegalMoveError

SIZE = 4
SQUARES = SIZE * SIZE
MIN_PLAYERS, MAX_PLAYERS = 2, 6
HAND_SIZE = 5
DIE_FACES = 5                      # the chance die shows 1 to 5

#: The ten ways to hold four in a row: rows, columns, the two diagonals.
LINES: tuple[tuple[int, ...], ...] = (
    *(tuple(r * SIZE + c for c in range(SIZE)) for r in range(SIZE)),
    *(tuple(r * SIZE + c for r in range(SIZE)) for c in range(SIZE)),
    tuple(i * SIZE + i for i in range(SIZE)),
    tuple(i * SIZE + SIZE - 1 - i for i in range(SIZE)),
)

#: Mud Puddle adjacency: squares sharing a side (a decision; see README).
NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(
    tuple(rr * SIZE + cc for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
          if 0 <= rr < SIZE and 0 <= cc < SIZE)
    for r in range(SIZE) for c in range(SIZE))

# Phases of a game.
TWIDDLE = "twiddle"    # the player may redraw cards (twiddles_left > 0)
PLACE = "place"        # the hand is final: capture a square (or pass if none can be taken)
OVER = "over"          # someone holds four in a row; the payout is settled
DRAWN = "drawn"        # every player agreed to call the game off


class PigPokerError(IllegalMoveError):
    """A move the rules do not allow; the message says why, in the player's terms."""


class WrongPhase(PigPokerError):
    pass


class IllegalTwiddle(PigPokerError):
    pass


class IllegalCapture(PigPokerError):
    pass


@dataclass(frozen=True)
class Options:
    """Table options from the manual."""

    mud_puddle: bool = False   # an empty square must touch a controlled one (unless none are)
    same_sex: bool = False     # a held square falls only to a higher hand of the same type


@dataclass(frozen=True)
class Player:
    name: str
    is_computer: bool = False


@dataclass(frozen=True)
class Square:
    """One board square: who holds it and the hand pigged out on it."""

    owner: int | None = None
    hand: tuple[Card, ...] = ()
    cls: int = -1              # hand class (higher is stronger); -1 while empty

    @property
    def empty(self) -> bool:
        return self.owner is None

    @property
    def score(self) -> int:
        return hx.class_score(self.cls) if self.cls >= 0 else 0


@cache
def eligible_classes() -> np.ndarray:
    """Classes good enough to pig out at all: anything better than a bust below jack high."""
    t = hx.tables()
    return (t.category > hx.BUST) | (t.ranks[:, 0] >= hx.JACK)


def can_take(square: Square, cls: int, board_has_pigs: bool, touches_pig: bool,
             options: Options) -> bool:
    """Whether a hand of class ``cls`` may be pigged out on ``square``."""
    cat = hx.class_category(cls)
    if options.same_sex:
        if cat == hx.BUST:                       # busts are barred, jack high or not
            return False
    elif not eligible_classes()[cls]:
        return False
    if square.empty:
        return not (options.mud_puddle and board_has_pigs and not touches_pig)
    if options.same_sex and hx.class_category(square.cls) != cat:
        return False
    return cls > square.cls


def payout(pigs: Sequence[int], winner: int, chips: Sequence[int]) -> list[int]:
    """Chip changes when ``winner`` takes the game (they sum to zero).

    Each other player pays the winner the difference in pigs on the board; a player with more
    pigs than the winner is paid double that difference by the winner.  Nobody pays more
    chips than they hold (a decision; see README): debts are first collected from the losers,
    then the winner pays out of what he then holds, in seat order.
    """
    deltas = [0] * len(pigs)
    for p, count in enumerate(pigs):
        if p != winner and count < pigs[winner]:
            amount = min(pigs[winner] - count, max(chips[p], 0))
            deltas[p] -= amount
            deltas[winner] += amount
    for p, count in enumerate(pigs):
        if p != winner and count > pigs[winner]:
            purse = max(chips[winner] + deltas[winner], 0)
            amount = min(2 * (count - pigs[winner]), purse)
            deltas[winner] -= amount
            deltas[p] += amount
    return deltas


def new_deck() -> list[Card]:
    return [Card.from_id(i) for i in range(52)]


@dataclass
class Game:
    """One game of Pig Poker; call ``start_turn`` after creating it."""

    players: Sequence[Player]
    rng: random.Random
    options: Options = field(default_factory=Options)
    chips: list[int] = field(default_factory=list)
    first: int = 0
    board: list[Square] = field(default_factory=lambda: [Square()] * SQUARES)
    turn: int = 0                  # whose turn (seat index)
    turn_number: int = 0           # turns started so far
    hand: list[Card] = field(default_factory=list)
    deck: list[Card] = field(default_factory=list)
    die: int = 0
    twiddles_left: int = 0
    phase: str = TWIDDLE
    winner: int | None = None
    line: tuple[int, ...] = ()     # the winning four squares
    deltas: list[int] = field(default_factory=list)   # the payout once the game is over

    def __post_init__(self) -> None:
        if not MIN_PLAYERS <= len(self.players) <= MAX_PLAYERS:
            raise PigPokerError(f"Pig Poker takes {MIN_PLAYERS} to {MAX_PLAYERS} players")
        self.players = tuple(self.players)
        if not self.chips:
            self.chips = [0] * len(self.players)
        if len(self.chips) != len(self.players):
            raise PigPokerError("one chip balance per player is needed")
        self.turn = self.first % len(self.players)
        self.turn_number = 0

    # -- the turn ------------------------------------------------------------------------

    def start_turn(self) -> None:
        """Deal five cards from a freshly shuffled deck and roll the chance die."""
        if self.phase in (OVER, DRAWN):
            raise WrongPhase("the game has ended")
        self.deck = new_deck()
        self.rng.shuffle(self.deck)
        self.hand = [self.deck.pop() for _ in range(HAND_SIZE)]
        self.die = self.rng.randint(1, DIE_FACES)
        self.twiddles_left = self.die
        self.phase = TWIDDLE
        self.turn_number += 1

    def twiddle(self, positions: Iterable[int]) -> list[Card]:
        """Send the cards at ``positions`` (0-4) back into the deck and redraw them.

        The cards go back before the deck is shuffled, so a card may come back.  Twiddling
        no cards means standing.  Returns the new hand.
        """
        self._need(TWIDDLE)
        picks = sorted(set(positions))
        if any(not 0 <= p < HAND_SIZE for p in picks):
            raise IllegalTwiddle("cards are numbered 1 to 5")
        if len(picks) > self.twiddles_left:
            raise IllegalTwiddle(f"only {self.twiddles_left} more card(s) may be twiddled")
        if not picks:
            self.stand()
            return list(self.hand)
        self.deck.extend(self.hand[p] for p in picks)
        self.rng.shuffle(self.deck)
        for p in picks:
            self.hand[p] = self.deck.pop()
        self.twiddles_left -= len(picks)
        if self.twiddles_left == 0:
            self.phase = PLACE
        return list(self.hand)

    def stand(self) -> None:
        """Keep the hand as it is (any twiddles left are given up)."""
        self._need(TWIDDLE)
        self.phase = PLACE

    @property
    def hand_class(self) -> int:
        return hx.class_of(self.hand)

    def legal_squares(self, cls: int | None = None) -> list[int]:
        """Squares the current hand (or a hand of class ``cls``) may be pigged out on."""
        c = self.hand_class if cls is None else cls
        has_pigs = any(not s.empty for s in self.board)
        return [i for i, sq in enumerate(self.board)
                if can_take(sq, c, has_pigs, any(not self.board[n].empty
                                                 for n in NEIGHBOURS[i]), self.options)]

    def capture(self, square: int) -> None:
        """Pig out the hand on ``square``; ends the turn (and maybe the game)."""
        self._need(PLACE)
        if not 0 <= square < SQUARES:
            raise IllegalCapture("squares are numbered 1 to 16")
        if square not in self.legal_squares():
            raise IllegalCapture(self._why_not(square))
        self.board[square] = Square(self.turn, tuple(self.hand), self.hand_class)
        for line in LINES:
            if square in line and all(self.board[i].owner == self.turn for i in line):
                self._finish(line)
                return
        self._next_player()

    def pass_turn(self) -> None:
        """End the turn without a capture; only allowed when no square can be taken."""
        self._need(PLACE)
        if self.legal_squares():
            raise IllegalCapture("a square can be taken with this hand, so one must be taken")
        self._next_player()

    def agree_draw(self, votes: Sequence[bool]) -> bool:
        """Call the game a draw if every player agrees; returns whether it was drawn."""
        if self.phase in (OVER, DRAWN):
            raise WrongPhase("the game has ended")
        if len(votes) != len(self.players):
            raise PigPokerError("every player must be asked")
        if all(votes):
            self.phase = DRAWN
            self.deltas = [0] * len(self.players)
        return self.phase == DRAWN

    # -- questions -----------------------------------------------------------------------

    def pigs(self) -> list[int]:
        counts = [0] * len(self.players)
        for sq in self.board:
            if sq.owner is not None:
                counts[sq.owner] += 1
        return counts

    @property
    def over(self) -> bool:
        return self.phase in (OVER, DRAWN)

    def state(self) -> dict[str, Any]:
        """The documented JSON state (see README)."""
        return {
            "phase": self.phase,
            "players": [{"name": p.name, "is_computer": p.is_computer, "chips": c, "pigs": n}
                        for p, c, n in zip(self.players, self.chips, self.pigs(), strict=True)],
            "turn": self.turn,
            "turn_number": self.turn_number,
            "hand": [hx.format_card(c) for c in self.hand],
            "hand_score": hx.class_score(self.hand_class) if self.hand else 0,
            "die": self.die,
            "twiddles_left": self.twiddles_left,
            "board": [{"owner": sq.owner, "hand": [hx.format_card(c) for c in sq.hand],
                       "score": sq.score} for sq in self.board],
            "options": {"mud_puddle": self.options.mud_puddle,
                        "same_sex": self.options.same_sex},
            "winner": self.winner,
            "line": list(self.line),
            "payout": list(self.deltas),
        }

    # -- inside --------------------------------------------------------------------------

    def _need(self, phase: str) -> None:
        if self.phase != phase:
            raise WrongPhase(f"that is not possible now (the game is in its {self.phase} step)")

    def _why_not(self, square: int) -> str:
        sq, cls = self.board[square], self.hand_class
        cat = hx.class_category(cls)
        if self.options.same_sex and cat == hx.BUST:
            return "with Same Sex play a bust hand cannot take any square"
        if not eligible_classes()[cls]:
            return "the hand must be at least jack high to take a square"
        if sq.empty:
            return "with Mud Puddle play an empty square must touch a held one"
        if self.options.same_sex and hx.class_category(sq.cls) != cat:
            return "with Same Sex play the hand must be of the same kind as the square's"
        return "the hand must beat the one already on that square"

    def _next_player(self) -> None:
        self.turn = (self.turn + 1) % len(self.players)
        self.start_turn()

    def _finish(self, line: tuple[int, ...]) -> None:
        self.phase = OVER
        self.winner = self.turn
        self.line = line
        self.deltas = payout(self.pigs(), self.turn, self.chips)
        self.chips = [c + d for c, d in zip(self.chips, self.deltas, strict=True)]
        self.twiddles_left = 0


def with_board(game: Game, squares: dict[int, tuple[int, str]]) -> Game:
    """Place hands on a game's board, for tests and demos: ``{square: (owner, "AS KD ...")}``."""
    for i, (owner, text) in squares.items():
        cards = hx.parse_hand(text)
        game.board[i] = replace(Square(), owner=owner, hand=cards, cls=hx.class_of(cards))
    return game
