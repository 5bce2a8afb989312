"""Yucky Lucky You! rules: the 108-card deck, one hand of play, the game and the match.

Pure and seeded: every shuffle comes from a ``random.Random`` handed in by the caller, and
nothing here knows about screens, keys or sound.  Two seats play: seat 0 is the person at
the keyboard ("you"), seat 1 the computer; the engine itself treats them alike.

Card notation is the manual's: a colour letter R/G/B/V then 0-9, ``S`` (skip), ``R``
(reverse) or ``D`` (draw two); the wilds are ``WC`` and ``W4``.

    >>> parse_card("G7").points, parse_card("BS").points, parse_card("W4").points
    (7, 20, 50)
    >>> format_cards(parse_cards("R0 VD WC"))
    'R0 VD WC'

A hand is a ``Round``: deal with ``Round.deal(rng, dealer, options)``, ask
``round.legal_moves()`` and ``round.apply(move)`` until ``round.phase is Phase.OVER``.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass, field
from enum import StrEnum

from retro.games.yucky.hand_events import (
    Caught,
    Challenged,
    ColorNamed,
    Cried,
    Drew,
    Ended,
    HandEvent,
    Passed,
    Played,
    Redealt,
    Reshuffled,
    Skipped,
    StartupW4,
    WentOut,
)
from retro.kit.rules import IllegalMoveError, NotationError, RulesError

__all__ = ["Caught", "Challenged", "ColorNamed", "Cried", "Drew", "Ended", "HandEvent",
           "Passed", "Played", "Redealt", "Reshuffled", "Skipped", "StartupW4", "WentOut"]

# -- cards -------------------------------------------------------------------------------

COLORS = ("R", "G", "B", "V")
COLOR_NAMES = {"R": "red", "G": "green", "B": "blue", "V": "violet"}
WILD = "W"
NUMERALS = "0123456789"
ACTIONS = "SRD"                # skip, reverse, draw two
WILD_RANKS = ("C", "4")        # WC wild, W4 wild draw four

SEATS = 2
YOU, COMPUTER = 0, 1
SEAT_NAMES = ("you", "computer")

HAND_SIZE = 7
#: The long game deals "half the deck": the manual says 52 cards each.
LONG_HAND_SIZE = 52
#: The manual caps either hand at 72 cards; draws beyond it are not taken.
HAND_LIMIT = 72
#: The cry penalty, the draw-two count, wild draw four and a failed challenge.
CRY_PENALTY = 2
DRAW_TWO = 2
DRAW_FOUR = 4
FALSE_CHALLENGE = 6
ACTION_POINTS = 20
WILD_POINTS = 50
DEFAULT_GAME_POINT = 500
MIN_GAME_POINT, MAX_GAME_POINT = 100, 9999
#: First to win this many games wins the match (best of 7).
MATCH_GAMES = 4


class YuckyError(RulesError):
    """Base of the rules' errors; the message is fit to show a player."""


class CardError(YuckyError, NotationError):
    """A card code that is not in the deck's notation."""


class IllegalMove(YuckyError, IllegalMoveError):
    """A move the rules do not allow right now."""


@dataclass(frozen=True, slots=True)
class Card:
    """One card: ``color`` R/G/B/V (``W`` for the two wilds) and ``rank``.

    Ranks are ``0``-``9``, ``S``, ``R``, ``D`` for coloured cards, ``C`` or ``4`` for wilds.
    """

    color: str
    rank: str

    @property
    def code(self) -> str:
        return self.color + self.rank

    @property
    def is_wild(self) -> bool:
        return self.color == WILD

    @property
    def points(self) -> int:
        """What the card scores for the winner when left in a loser's hand."""
        return _POINTS[self.code]

    def __str__(self) -> str:
        return self.code

    def __repr__(self) -> str:
        return f"Card({self.code})"


def _points(color: str, rank: str) -> int:
    if color == WILD:
        return WILD_POINTS
    return ACTION_POINTS if rank in ACTIONS else int(rank)


_POINTS: dict[str, int] = {}
CARDS: dict[str, Card] = {}
for _c in COLORS:
    for _r in NUMERALS + ACTIONS:
        CARDS[_c + _r] = Card(_c, _r)
        _POINTS[_c + _r] = _points(_c, _r)
for _r in WILD_RANKS:
    CARDS[WILD + _r] = Card(WILD, _r)
    _POINTS[WILD + _r] = WILD_POINTS
WC, W4 = CARDS["WC"], CARDS["W4"]


def _full_deck() -> tuple[Card, ...]:
    deck: list[Card] = []
    for c in COLORS:
        deck.append(CARDS[c + "0"])                    # one zero per colour
        for r in "123456789" + ACTIONS:
            deck += [CARDS[c + r]] * 2                 # two of everything else
    deck += [WC] * 4 + [W4] * 4
    return tuple(deck)


#: The 108 cards in a fixed order (shuffle a copy).
DECK: tuple[Card, ...] = _full_deck()


def parse_card(code: str) -> Card:
    """``"r7"`` -> the red seven; raises ``CardError`` for anything not in the deck."""
    card = CARDS.get(code.strip().upper())
    if card is None:
        raise CardError(f"{code.strip()!r} is not a card (try R7, GS, BR, VD, WC or W4)")
    return card


def format_card(card: Card) -> str:
    return card.code


def parse_cards(text: str) -> list[Card]:
    return [parse_card(code) for code in text.split()]


def format_cards(cards: Iterable[Card]) -> str:
    return " ".join(card.code for card in cards)


def hand_points(cards: Iterable[Card]) -> int:
    return sum(_POINTS[card.code] for card in cards)


# -- moves -------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Play:
    """Play ``card``; ``color`` names the new colour for a wild; ``cry`` issues the cry first."""

    card: Card
    color: str | None = None
    cry: bool = False


@dataclass(frozen=True, slots=True)
class Draw:
    """Draw one card from the draw pile."""


@dataclass(frozen=True, slots=True)
class Pass:
    """End the turn after drawing (only with the multiple-draw option)."""


@dataclass(frozen=True, slots=True)
class NameColor:
    """The starting player names the colour when the first upturned card is a wild."""

    color: str


@dataclass(frozen=True, slots=True)
class Respond:
    """The answer to a wild draw four: ``challenge`` it or take the four cards."""

    challenge: bool


@dataclass(frozen=True, slots=True)
class Catch:
    """``by`` calls the cry on the opponent who went down to one card without it."""

    by: int


@dataclass(frozen=True, slots=True)
class GiveUp:
    """The player to move gives the hand up; the opponent wins it (the manual's X)."""


Move = Play | Draw | Pass | NameColor | Respond | Catch | GiveUp
DRAW, PASS, GIVE_UP = Draw(), Pass(), GiveUp()


class Phase(StrEnum):
    START_COLOR = "start_color"   # first upturned card was a wild: the starter names a colour
    PLAY = "play"                 # play a matching card or draw
    DRAWN = "drawn"               # just drew: play that card (or, multiple draw, any card/pass)
    CHALLENGE = "challenge"       # a wild draw four waits for the victim's answer
    OVER = "over"


@dataclass(frozen=True, slots=True)
class Options:
    """Rules options (open hands and replay are the screen's business, not the rules')."""

    long_game: bool = False
    multiple_draw: bool = False

    @property
    def hand_size(self) -> int:
        return LONG_HAND_SIZE if self.long_game else HAND_SIZE


DEFAULT_OPTIONS = Options()


# -- one hand of play ------------------------------------------------------------------

@dataclass
class Round:
    """One hand: the two holdings, the piles, the colour in play and whose decision it is.

    ``events`` records what happened (``HandEvent`` values: ``Played``, ``Drew``...) for
    screens and card-counting players.

    The cry window: a seat that goes down to one card without the cry is ``uncried`` and
    can be caught until the next move of anyone (a play, a draw, a pass, the answer to a
    wild draw four).  After a skip, reverse or draw two that next move is the same seat's
    own: the opponent may still call the cry before it.
    """

    rng: random.Random
    dealer: int
    options: Options
    cards: list[list[Card]]
    draw_pile: list[Card]             # the top of the pile is the end of the list
    discard: list[Card]               # bottom to top
    color: str | None
    turn: int
    phase: Phase = Phase.PLAY
    drawn: Card | None = None         # the card drawn this turn (normal draw rule)
    uncried: int | None = None        # a seat at one card that did not cry, until caught/too late
    w4_player: int | None = None
    w4_guilty: bool = False
    winner: int | None = None
    points: int = 0
    ended_by: str = ""                # "out", "giveup" or "blocked"
    stuck: int = 0                    # consecutive turns passed with nothing to draw
    events: list[HandEvent] = field(default_factory=list)

    # -- dealing -------------------------------------------------------------------------

    @classmethod
    def deal(cls, rng: random.Random, dealer: int, options: Options = DEFAULT_OPTIONS,
             deck: Iterable[Card] | None = None) -> Round:
        """Shuffle, deal one at a time starting left of the dealer, turn up the first card.

        ``deck`` (tests) gives the order of the 108 cards instead of a shuffle; the deal
        takes cards from its end.
        """
        pile = list(DECK if deck is None else deck)
        if deck is None:
            rng.shuffle(pile)
        elif sorted(c.code for c in pile) != sorted(c.code for c in DECK):
            raise CardError("a deck must hold exactly the 108 cards")
        first = 1 - dealer
        cards: list[list[Card]] = [[], []]
        for _ in range(options.hand_size):
            cards[first].append(pile.pop())
            cards[dealer].append(pile.pop())
        r = cls(rng=rng, dealer=dealer, options=options, cards=cards, draw_pile=pile,
                discard=[], color=None, turn=first)
        if all(card is W4 for card in pile):
            # The long game leaves four cards; were they the four wild draw fours, no other
            # card could ever be turned up: gather and deal again.
            r = cls.deal(rng, dealer, options)
            r.events.insert(0, Redealt())
            return r
        r._start_up()
        return r

    @classmethod
    def arrange(cls, rng: random.Random, hands: tuple[str, str], top: str,
                color: str | None = None, pile: str = "", turn: int = YOU, dealer: int = 1,
                options: Options = DEFAULT_OPTIONS) -> Round:
        """A hand in a chosen position, for tests and teaching.

        ``hands`` and ``top`` are card codes; ``pile`` lists the next cards to be drawn, first
        drawn first.  The rest of the 108 cards go under them, shuffled, so the deck stays
        whole.  Raises ``CardError`` if the codes ask for more copies than the deck has.
        """
        rest = list(DECK)
        chosen = [parse_cards(hands[0]), parse_cards(hands[1]), [parse_card(top)],
                  parse_cards(pile)]
        for group in chosen:
            for card in group:
                if card not in rest:
                    raise CardError(f"the deck has no more copies of {card}")
                rest.remove(card)
        rng.shuffle(rest)
        draw_pile = rest + list(reversed(chosen[3]))
        top_card = chosen[2][0]
        return cls(rng=rng, dealer=dealer, options=options, cards=[chosen[0], chosen[1]],
                   draw_pile=draw_pile, discard=[top_card],
                   color=color or (None if top_card.is_wild else top_card.color), turn=turn)

    def _start_up(self) -> None:
        first, dealer = 1 - self.dealer, self.dealer
        top = self.draw_pile.pop()
        while top is W4:
            # A wild draw four is shuffled back and another card turned up.
            self.draw_pile.append(top)
            self.rng.shuffle(self.draw_pile)
            self.events.append(StartupW4())
            top = self.draw_pile.pop()
        self.discard.append(top)
        self.color = None if top.is_wild else top.color
        self.turn = first
        if top is WC:
            self.phase = Phase.START_COLOR
        elif top.rank == "D":
            self._give(first, DRAW_TWO, "startup")
            self.events.append(Skipped(first))
            self.turn = dealer
        elif top.rank in "SR":
            # Skip: the starter passes; reverse makes the dealer start, the same for two.
            self.events.append(Skipped(first))
            self.turn = dealer

    # -- queries -------------------------------------------------------------------------

    @property
    def top(self) -> Card:
        return self.discard[-1]

    def can_play(self, card: Card) -> bool:
        """Whether ``card`` matches the discard pile (a wild always does).

        A wild draw four is always *playable*; whether it was *legal* is settled by a
        challenge (see ``w4_legal``).
        """
        if card.color == WILD:
            return True
        if card.color == self.color:
            return True
        top = self.discard[-1]
        return top.color != WILD and card.rank == top.rank

    def w4_legal(self, seat: int) -> bool:
        """A wild draw four is legal only while ``seat`` holds no card of the colour in play."""
        color = self.color
        return not any(c.color == color for c in self.cards[seat])

    def playable(self, seat: int | None = None) -> list[Card]:
        """The distinct cards ``seat`` (default: the player to move) could put down now."""
        seat = self.turn if seat is None else seat
        if self.phase is Phase.DRAWN and not self.options.multiple_draw:
            return [self.drawn] if self.drawn is not None else []
        can_play = self.can_play
        seen: set[int] = set()   # cards are shared instances: one entry per kind
        out = []
        for card in self.cards[seat]:
            if can_play(card):
                key = id(card)
                if key not in seen:
                    seen.add(key)
                    out.append(card)
        return out

    def legal_moves(self) -> list[Move]:
        """Every move the player to decide may make (cries and catches are left out:
        a cry rides on a ``Play``, and a ``Catch`` may come at any time it is due)."""
        phase = self.phase
        if phase is Phase.OVER:
            return []
        if phase is Phase.START_COLOR:
            return [NameColor(c) for c in COLORS]
        if phase is Phase.CHALLENGE:
            return [Respond(True), Respond(False)]
        moves: list[Move] = []
        for card in self.playable():
            if card.is_wild:
                moves += [Play(card, c) for c in COLORS]
            else:
                moves.append(Play(card))
        if phase is Phase.PLAY:
            moves.append(DRAW)
            moves.append(GIVE_UP)
        elif self.options.multiple_draw:
            moves.append(DRAW)
            moves.append(PASS)
        return moves

    def all_cards(self) -> list[Card]:
        """Every card of the hand, wherever it is (always the 108 of the deck)."""
        return [*self.cards[0], *self.cards[1], *self.draw_pile, *self.discard]

    # -- applying moves ------------------------------------------------------------------

    def apply(self, move: Move) -> None:
        """Carry out ``move`` for the seat to decide (``Catch`` names its own seat).

        Raises ``IllegalMove`` with a message for the player, leaving the state unchanged.
        """
        if self.phase is Phase.OVER:
            raise IllegalMove("the hand is over")
        if isinstance(move, Catch):
            self._catch(move.by)
            return
        if isinstance(move, Play):
            self._play(move)
        elif isinstance(move, Draw):
            self._draw_move()
        elif isinstance(move, Pass):
            self._pass()
        elif isinstance(move, Respond):
            self._respond(move.challenge)
        elif isinstance(move, NameColor):
            self._name_color(move.color)
        elif isinstance(move, GiveUp):
            self._give_up()
        else:
            raise IllegalMove(f"unknown move {move!r}")

    def _start_turn_action(self) -> None:
        # The next player has started: a missing cry can no longer be called.
        self.uncried = None

    def _play(self, move: Play) -> None:
        phase, seat, card = self.phase, self.turn, move.card
        if phase is not Phase.PLAY and phase is not Phase.DRAWN:
            raise IllegalMove(self._phase_message())
        hand = self.cards[seat]
        if phase is Phase.DRAWN and not self.options.multiple_draw and card != self.drawn:
            raise IllegalMove(f"after drawing only the drawn card {self.drawn} may be played")
        if card not in hand:
            raise IllegalMove(f"{card} is not in the hand")
        if not self.can_play(card):
            raise IllegalMove(f"{card} does not match {self._top_text()}")
        if card.color == WILD and move.color not in COLORS:
            raise IllegalMove("a wild card needs a colour: R, G, B or V")
        self._start_turn_action()
        previous = self.color
        hand.remove(card)
        self.discard.append(card)
        self.drawn = None
        self.stuck = 0
        self.events.append(Played(seat, card, move.color or card.color))
        if len(hand) == 1:
            if move.cry:
                self.events.append(Cried(seat))
            else:
                self.uncried = seat
        other = 1 - seat
        if card.color == WILD:
            assert move.color is not None
            self.color = move.color
            self.events.append(ColorNamed(seat, move.color))
            if card.rank == "4":
                self.w4_player = seat
                self.w4_guilty = any(c.color == previous for c in hand)
                self.phase = Phase.CHALLENGE
                self.turn = other
                return
        else:
            self.color = card.color
        self.phase = Phase.PLAY
        rank = card.rank
        if card.color != WILD and rank in ACTIONS:
            if rank == "D":
                self._give(other, DRAW_TWO, "draw_two")
            self.events.append(Skipped(other))
            self.turn = seat
        else:
            self.turn = other
        if not hand:
            self._finish(seat, "out")

    def _draw_move(self) -> None:
        phase, seat = self.phase, self.turn
        if phase is Phase.DRAWN:
            if not self.options.multiple_draw:
                raise IllegalMove(f"you already drew; play {self.drawn}")
        elif phase is not Phase.PLAY:
            raise IllegalMove(self._phase_message())
        self._start_turn_action()
        got = self._give(seat, 1, "turn")
        if not got:
            # Nothing left to draw (or the hand is at the limit): the turn passes.
            self.stuck += 1
            self.events.append(Passed(seat))
            if self.stuck >= 2 * SEATS and not self._anyone_can_play():
                self._finish_blocked()
                return
            self._next_turn()
            return
        self.stuck = 0
        card = got[0]
        if self.options.multiple_draw:
            self.phase = Phase.DRAWN
            self.drawn = card
            return
        if self.can_play(card) and (card is not W4 or self.w4_legal(seat)):
            self.phase = Phase.DRAWN
            self.drawn = card
        else:
            self.events.append(Passed(seat))
            self._next_turn()

    def _anyone_can_play(self) -> bool:
        return any(self.can_play(c) for hand in self.cards for c in hand)

    def _pass(self) -> None:
        if self.phase is not Phase.DRAWN or not self.options.multiple_draw:
            if self.phase is Phase.DRAWN:
                raise IllegalMove(f"a drawn card that fits must be played: {self.drawn}")
            raise IllegalMove("draw a card first (Space)")
        self._start_turn_action()
        self.events.append(Passed(self.turn))
        self._next_turn()

    def _next_turn(self) -> None:
        self.phase = Phase.PLAY
        self.drawn = None
        self.turn = 1 - self.turn

    def _respond(self, challenge: bool) -> None:
        if self.phase is not Phase.CHALLENGE:
            raise IllegalMove("there is no wild draw four to answer")
        self._start_turn_action()
        victim, player = self.turn, self.w4_player
        assert player is not None
        self.w4_player = None
        self.phase = Phase.PLAY
        if not challenge:
            self._give(victim, DRAW_FOUR, "draw_four")
            self.events.append(Skipped(victim))
            self.turn = player
        elif self.w4_guilty:
            # Caught: the player draws the four and the challenger plays on.
            self.events.append(Challenged(victim, True))
            self._give(player, DRAW_FOUR, "challenge")
            self.turn = victim
        else:
            self.events.append(Challenged(victim, False))
            self._give(victim, FALSE_CHALLENGE, "challenge")
            self.events.append(Skipped(victim))
            self.turn = player
        if not self.cards[player]:
            self._finish(player, "out")

    def _name_color(self, color: str) -> None:
        if self.phase is not Phase.START_COLOR:
            raise IllegalMove("no colour is being asked for")
        if color not in COLORS:
            raise IllegalMove(f"{color!r} is not a colour (R, G, B or V)")
        self.color = color
        self.events.append(ColorNamed(self.turn, color))
        self.phase = Phase.PLAY

    def _catch(self, by: int) -> None:
        target = self.uncried
        if target is None or target == by:
            raise IllegalMove("nobody is there to catch")
        self.uncried = None
        self.events.append(Caught(target, by))
        self._give(target, CRY_PENALTY, "cry")

    def _give_up(self) -> None:
        if self.phase is Phase.CHALLENGE or self.phase is Phase.OVER:
            raise IllegalMove("you can give up only on your own turn")
        self._finish(1 - self.turn, "giveup")

    # -- helpers ---------------------------------------------------------------------------

    def _give(self, seat: int, n: int, why: str) -> list[Card]:
        """Move up to ``n`` cards from the draw pile to ``seat``, reshuffling as needed."""
        hand = self.cards[seat]
        got: list[Card] = []
        short = ""
        for _ in range(n):
            if len(hand) >= HAND_LIMIT:
                short = "limit"
                break
            if not self.draw_pile:
                if len(self.discard) <= 1:
                    short = "empty"
                    break
                self._reshuffle()
            card = self.draw_pile.pop()
            hand.append(card)
            got.append(card)
        self.events.append(Drew(seat, tuple(got), why, short))
        return got

    def _reshuffle(self) -> None:
        top = self.discard.pop()
        pile = self.discard
        self.rng.shuffle(pile)
        self.draw_pile = pile
        self.discard = [top]
        self.events.append(Reshuffled(len(pile)))

    def _finish(self, winner: int, how: str) -> None:
        self.phase = Phase.OVER
        self.winner = winner
        self.points = hand_points(self.cards[1 - winner])
        self.ended_by = how
        self.uncried = None
        self.events.append(WentOut(winner) if how == "out" else Ended(winner, how))

    def _finish_blocked(self) -> None:
        # Nobody can play and nothing is left to draw: the lighter hand wins the other's points.
        a, b = hand_points(self.cards[0]), hand_points(self.cards[1])
        self.phase = Phase.OVER
        self.ended_by = "blocked"
        self.uncried = None
        if a == b:
            self.winner, self.points = None, 0
        else:
            self.winner = 0 if a < b else 1
            self.points = max(a, b)
        self.events.append(Ended(self.winner, "blocked"))

    def _top_text(self) -> str:
        top = self.discard[-1]
        if top.is_wild:
            return f"the colour {COLOR_NAMES[self.color or 'R']}"
        return f"{top} (colour {COLOR_NAMES[self.color or top.color]})"

    def _phase_message(self) -> str:
        match self.phase:
            case Phase.START_COLOR:
                return "name the starting colour first (R, G, B or V)"
            case Phase.CHALLENGE:
                return "the wild draw four must be answered first"
            case _:
                return "that is not possible now"

    # -- snapshots -------------------------------------------------------------------------

    def state(self) -> dict:
        """A JSON-ready picture of the hand in the documented ``--state`` schema."""
        return {
            "phase": str(self.phase),
            "turn": SEAT_NAMES[self.turn],
            "dealer": SEAT_NAMES[self.dealer],
            "hands": {SEAT_NAMES[s]: [c.code for c in self.cards[s]] for s in range(SEATS)},
            "discard": [c.code for c in self.discard],
            "draw_pile": len(self.draw_pile),
            "color": self.color,
            "drawn": self.drawn.code if self.drawn else None,
            "uncried": SEAT_NAMES[self.uncried] if self.uncried is not None else None,
            "winner": SEAT_NAMES[self.winner] if self.winner is not None else None,
            "points": self.points,
        }


# -- the game and the match --------------------------------------------------------------

def check_game_point(value: int) -> int:
    if not MIN_GAME_POINT <= value <= MAX_GAME_POINT:
        raise YuckyError(f"the game point must be {MIN_GAME_POINT} to {MAX_GAME_POINT}")
    return value


@dataclass
class Game:
    """Hands until someone reaches the game point; the deal alternates."""

    target: int = DEFAULT_GAME_POINT
    scores: list[int] = field(default_factory=lambda: [0, 0])
    next_dealer: int = 0
    winner: int | None = None

    @classmethod
    def start(cls, rng: random.Random, target: int = DEFAULT_GAME_POINT) -> Game:
        """A new game; the first dealer is chosen at random."""
        return cls(target=check_game_point(target), next_dealer=rng.randrange(SEATS))

    def new_round(self, rng: random.Random, options: Options = DEFAULT_OPTIONS) -> Round:
        """Deal the next hand and pass the deal on."""
        if self.winner is not None:
            raise IllegalMove("the game is over")
        r = Round.deal(rng, self.next_dealer, options)
        self.next_dealer = 1 - self.next_dealer
        return r

    def record(self, r: Round) -> None:
        """Score a finished hand; sets ``winner`` once someone reaches the game point."""
        if r.phase is not Phase.OVER:
            raise IllegalMove("the hand is not over")
        if r.winner is not None:
            self.scores[r.winner] += r.points
            if self.scores[r.winner] >= self.target:
                self.winner = r.winner


@dataclass
class Match:
    """Games won by each seat; the first to ``MATCH_GAMES`` wins the match (best of 7)."""

    games: list[int] = field(default_factory=lambda: [0, 0])

    @property
    def winner(self) -> int | None:
        for seat in range(SEATS):
            if self.games[seat] >= MATCH_GAMES:
                return seat
        return None

    def record(self, game_winner: int) -> None:
        if self.winner is not None:
            raise IllegalMove("the match is over")
        self.games[game_winner] += 1
