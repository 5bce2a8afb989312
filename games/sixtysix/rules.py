"""Sixty-Six rules: the 24-card pack, one deal (``Deal``) and the match to 7 (``Match``).

Pure and seeded: every shuffle and coin flip comes from a ``random.Random`` passed in; nothing
here knows about screens or keys.  Players are seats ``0`` and ``1`` (the screen puts you in
seat 0).  Cards are written rank + suit, ``AS TD 9H``, ranks ``A T K Q J 9`` and suits
``C D H S``.

Decisions where the manual is unclear (see README.md, each has a test):

* Each player holds 6 cards (3 + 3 dealt twice), not the 8 the manual mentions once.
* After the game is closed (by order, or because the stock is used up) there is no trump: the
  highest card of the suit led wins, and a player who cannot follow loses the trick whatever
  he plays (the manual's rule).  ``Options(trumps_after_closing=True)`` keeps the standard
  rule instead, where a void follower's trump still takes the trick.  Marriages in the suit
  turned up still score 40 either way.
* Following suit after closing is forced; heading the trick or trumping when void is not.
* Closing penalty: 2 game points to the closer's opponent, 3 if that opponent had taken no
  trick at the moment of closing (the Schnapsen reading of "if he was schwarz").
* The carry-forward point accumulates (two drawn games in a row carry 2) and goes to the
  next player to score game points, whether by 66 or by a closing penalty.
* The trump 9 may be exchanged, and the game closed, only by the player about to lead.
* A marriage scores at once, even before its owner has taken a trick.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from retro.kit.cards import CardError, card_words, format_rank_suit, parse_rank_suit
from retro.kit.rules import IllegalMoveError, NotationError, RulesError

SUITS = "CDHS"
RANKS = "9JQKTA"  # low to high
RANK_POINTS = {"9": 0, "J": 2, "Q": 3, "K": 4, "T": 10, "A": 11}
SUIT_SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
SUIT_NAMES = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}

HAND_SIZE = 6          # 3 + 3, dealt twice
WIN_POINTS = 66        # the first to reach it wins the deal at once
SCHNEIDER_BELOW = 33   # a loser under this pays an extra game point
LAST_TRICK_BONUS = 10  # only when nobody ordered the game closed
MARRIAGE_POINTS = 20
TRUMP_MARRIAGE_POINTS = 40
MATCH_POINTS = 7
CLOSE_PENALTY = 2
CLOSE_PENALTY_SCHWARZ = 3
TOTAL_CARD_POINTS = 120


@dataclass(frozen=True)
class Options:
    """Rule variants.  The default is Tommy's Sixty-Six as its manual plays it.

    ``trumps_after_closing``: False (the manual): once the game is closed "there is no trump
    card now and so the highest card of the led suit wins", so trumps lose their power.
    True: the standard rule, where a trump still beats the other suits after closing.
    """

    trumps_after_closing: bool = False

    @property
    def name(self) -> str:
        """How the closed-game rule is written on the command line and in save files."""
        return CLOSED_TRUMPS if self.trumps_after_closing else CLOSED_LED_SUIT


#: The two closed-game rules by name (``retro sixtysix --closed trumps``).
CLOSED_LED_SUIT = "led-suit"
CLOSED_TRUMPS = "trumps"


def options_named(name: str) -> Options:
    """``"led-suit"`` (the manual) or ``"trumps"`` (the standard rule); ValueError otherwise."""
    key = name.strip().lower()
    if key == CLOSED_LED_SUIT:
        return Options(trumps_after_closing=False)
    if key == CLOSED_TRUMPS:
        return Options(trumps_after_closing=True)
    raise ValueError(f"unknown closed-game rule {name!r} (use {CLOSED_LED_SUIT} or "
                     f"{CLOSED_TRUMPS})")


class SixtySixError(RulesError):
    """Base class of every Sixty-Six rules error; the message is fit to show a player."""


class BadCard(SixtySixError, NotationError):
    """A card code that is not one of the 24 (``AS TD 9H`` ...)."""


class IllegalMove(SixtySixError, IllegalMoveError):
    """A move the rules do not allow now."""


class MustFollowSuit(IllegalMove):
    """After closing, the follower played off-suit while holding the suit led."""


@dataclass(frozen=True, order=True)
class Card:
    """One card of the 24; ``index`` orders cards by suit then rank (0-23)."""

    suit: str
    rank: str

    def __post_init__(self) -> None:
        if self.suit not in SUITS or self.rank not in RANKS:
            raise BadCard(f"no such card: {self.rank}{self.suit}")

    @property
    def code(self) -> str:
        return self.rank + self.suit

    @property
    def points(self) -> int:
        return RANK_POINTS[self.rank]

    @property
    def strength(self) -> int:
        return RANKS.index(self.rank)

    @property
    def index(self) -> int:
        return SUITS.index(self.suit) * 6 + RANKS.index(self.rank)

    @property
    def words(self) -> str:
        """``ace of hearts``: the card as sentences name it."""
        return card_words(self.rank, self.suit)

    def __str__(self) -> str:
        return self.code


def parse_card(code: str) -> Card:
    """``"AS"`` -> ace of spades; ``"10H"`` is accepted for ``"TH"``; any case."""
    try:
        rank, suit = parse_rank_suit(code, RANKS, SUITS)
    except CardError as err:
        raise BadCard(str(err)) from None
    return Card(suit=suit, rank=rank)


def format_card(card: Card) -> str:
    return format_rank_suit(card.rank, card.suit)


def parse_cards(text: str) -> list[Card]:
    """Whitespace-separated card codes."""
    return [parse_card(t) for t in text.split()]


def format_cards(cards: list[Card] | tuple[Card, ...] | set[Card] | frozenset[Card]) -> str:
    return " ".join(c.code for c in cards)


def card_from_index(i: int) -> Card:
    return Card(suit=SUITS[i // 6], rank=RANKS[i % 6])


PACK: tuple[Card, ...] = tuple(card_from_index(i) for i in range(24))


def hand_order(card: Card) -> tuple[int, int]:
    """Sort key for showing a hand: by suit, high card first."""
    return (SUITS.index(card.suit), -card.strength)


def beats(lead: Card, follow: Card, trump: str | None) -> bool:
    """Whether the second card of a trick beats the card led."""
    if follow.suit == lead.suit:
        return follow.strength > lead.strength
    return trump is not None and follow.suit == trump


# -- moves ------------------------------------------------------------------------------

@dataclass(frozen=True)
class Play:
    """Play a card; ``marriage`` declares K+Q of its suit first (leader only, K or Q)."""

    card: Card
    marriage: bool = False


@dataclass(frozen=True)
class Close:
    """The leader closes the game: the stock is turned down and no more cards are drawn."""


@dataclass(frozen=True)
class Exchange:
    """The leader swaps the trump 9 from hand for the turned-up trump card."""


Move = Play | Close | Exchange


def format_move(move: Move) -> str:
    """``AS``, ``KH+`` (king of hearts with the marriage), ``close``, ``exchange``."""
    match move:
        case Play(card, True):
            return card.code + "+"
        case Play(card, False):
            return card.code
        case Close():
            return "close"
        case Exchange():
            return "exchange"
    raise TypeError(move)


def parse_move(text: str) -> Move:
    t = text.strip()
    if t.lower() == "close":
        return Close()
    if t.lower() == "exchange":
        return Exchange()
    if t.endswith("+"):
        return Play(parse_card(t[:-1]), marriage=True)
    return Play(parse_card(t))


@dataclass(frozen=True)
class DealResult:
    """How a deal ended: ``winner`` None means nobody reached 66 (a point carries forward)."""

    winner: int | None
    game_points: int          # before adding any carried points
    reason: str               # "66", "marriage", "closing failed", "no winner"
    schneider: bool = False
    schwarz: bool = False


def game_points_for(loser_points: int, loser_tricks: int) -> tuple[int, bool, bool]:
    """1 game point, +1 schneider (loser under 33), +1 schwarz (loser took no trick)."""
    schneider = loser_points < SCHNEIDER_BELOW
    schwarz = loser_tricks == 0
    return 1 + schneider + schwarz, schneider, schwarz


# -- one deal ---------------------------------------------------------------------------

@dataclass
class Deal:
    """One game of Sixty-Six from the deal to 66 (or to the last trick).

    ``stock`` holds the face-down cards, next card to draw first; ``trump_card`` is the
    turned-up card under it, taken by the player who draws after the stock runs out.
    """

    hands: list[list[Card]]
    stock: list[Card]
    trump_card: Card
    dealer: int
    trump: str = ""
    leader: int = 0
    turn: int = 0
    trick: list[Card] = field(default_factory=list)
    points: list[int] = field(default_factory=lambda: [0, 0])
    tricks_won: list[int] = field(default_factory=lambda: [0, 0])
    taken: list[list[Card]] = field(default_factory=lambda: [[], []])
    trump_card_up: bool = True            # the turned-up card is still on the table
    closed_by: int | None = None          # who ordered the game closed
    exhausted: bool = False               # the stock ran out (closed without an order)
    schwarz_at_close: bool = False        # the closer's opponent had no trick when closed
    marriages: list[tuple[int, str]] = field(default_factory=list)
    exchanges: list[tuple[int, Card]] = field(default_factory=list)
    #: Cards each player holds that the other has seen (marriage partner, exchanged trump).
    shown: list[set[Card]] = field(default_factory=lambda: [set(), set()])
    history: list[tuple[int, Move]] = field(default_factory=list)
    last_trick: tuple[int, Card, Card, int] | None = None   # leader, led, followed, winner
    result: DealResult | None = None
    options: Options = field(default_factory=Options)

    def __post_init__(self) -> None:
        if not self.trump:
            self.trump = self.trump_card.suit
        self.leader = self.turn = 1 - self.dealer
        cards = [c for h in self.hands for c in h] + self.stock + self.trick \
            + self.taken[0] + self.taken[1]
        if len(set(cards)) != len(cards) or self.trump_card in self.stock:
            raise SixtySixError("a card appears twice in the deal")

    # -- construction ------------------------------------------------------------------

    @classmethod
    def new(cls, rng: random.Random, dealer: int, options: Options | None = None) -> Deal:
        """Shuffle and deal: 3 to the other player, 3 to the dealer, again; turn the trump."""
        pack = list(PACK)
        rng.shuffle(pack)
        other = 1 - dealer
        hands: list[list[Card]] = [[], []]
        pos = 0
        for _ in range(2):
            for seat in (other, dealer):
                hands[seat].extend(pack[pos:pos + 3])
                pos += 3
        trump_card = pack[pos]
        return cls(hands=hands, stock=pack[pos + 1:], trump_card=trump_card, dealer=dealer,
                   options=options or Options())

    @classmethod
    def from_codes(cls, hand0: str, hand1: str, stock: str, trump_card: str,
                   dealer: int = 1, options: Options | None = None) -> Deal:
        """A prepared deal for tests and puzzles (``stock`` lists the next card first)."""
        return cls(hands=[parse_cards(hand0), parse_cards(hand1)], stock=parse_cards(stock),
                   trump_card=parse_card(trump_card), dealer=dealer,
                   options=options or Options())

    def copy(self) -> Deal:
        return Deal(
            hands=[list(h) for h in self.hands], stock=list(self.stock),
            trump_card=self.trump_card, dealer=self.dealer, trump=self.trump,
            leader=self.leader, turn=self.turn, trick=list(self.trick),
            points=list(self.points), tricks_won=list(self.tricks_won),
            taken=[list(t) for t in self.taken], trump_card_up=self.trump_card_up,
            closed_by=self.closed_by, exhausted=self.exhausted,
            schwarz_at_close=self.schwarz_at_close, marriages=list(self.marriages),
            exchanges=list(self.exchanges), shown=[set(s) for s in self.shown],
            history=list(self.history), last_trick=self.last_trick, result=self.result,
            options=self.options,
        )._restore_turn(self.leader, self.turn)

    def _restore_turn(self, leader: int, turn: int) -> Deal:
        self.leader, self.turn = leader, turn
        return self

    # -- questions ---------------------------------------------------------------------

    @property
    def closed(self) -> bool:
        """Closed by order or because the stock ran out: follow suit, no more drawing."""
        return self.closed_by is not None or self.exhausted

    @property
    def over(self) -> bool:
        return self.result is not None

    @property
    def stock_count(self) -> int:
        """Cards left to draw, the turned-up trump card included (0 once closed)."""
        if self.closed:
            return 0
        return len(self.stock) + (1 if self.trump_card_up else 0)

    @property
    def leading(self) -> bool:
        return not self.trick and not self.over

    def trick_trump(self) -> str | None:
        """The suit that beats the others in the trick now: None once closed (the manual)."""
        if self.closed and not self.options.trumps_after_closing:
            return None
        return self.trump

    def marriage_points(self, suit: str) -> int:
        return TRUMP_MARRIAGE_POINTS if suit == self.trump else MARRIAGE_POINTS

    def can_marry(self, player: int, card: Card) -> bool:
        if card.rank not in "KQ":
            return False
        partner = Card(suit=card.suit, rank="Q" if card.rank == "K" else "K")
        return partner in self.hands[player]

    def can_exchange(self, player: int | None = None) -> bool:
        p = self.turn if player is None else player
        return (self.leading and p == self.turn and not self.closed and self.trump_card_up
                and self.tricks_won[p] > 0
                and Card(suit=self.trump, rank="9") in self.hands[p])

    def can_close(self, player: int | None = None) -> bool:
        p = self.turn if player is None else player
        return self.leading and p == self.turn and not self.closed and self.trump_card_up

    def playable(self, player: int | None = None) -> list[Card]:
        """Cards the player to move may play (follow suit is forced once closed)."""
        p = self.turn if player is None else player
        hand = self.hands[p]
        if self.over or p != self.turn:
            return []
        if self.trick and self.closed:
            same = [c for c in hand if c.suit == self.trick[0].suit]
            if same:
                return same
        return list(hand)

    def legal_moves(self) -> list[Move]:
        if self.over:
            return []
        p = self.turn
        moves: list[Move] = []
        if self.leading:
            if self.can_exchange():
                moves.append(Exchange())
            if self.can_close():
                moves.append(Close())
        for card in sorted(self.playable(), key=hand_order):
            moves.append(Play(card))
            if self.leading and self.can_marry(p, card):
                moves.append(Play(card, marriage=True))
        return moves

    def marriage_available(self, player: int | None = None) -> list[str]:
        """Suits in which the player could declare a marriage now."""
        p = self.turn if player is None else player
        if not self.leading or p != self.turn:
            return []
        return [s for s in SUITS
                if Card(suit=s, rank="K") in self.hands[p]
                and Card(suit=s, rank="Q") in self.hands[p]]

    # -- moves ---------------------------------------------------------------------------

    def apply(self, move: Move) -> None:
        """Make a move for the player whose turn it is; ``IllegalMove`` says why not."""
        if self.over:
            raise IllegalMove("this game is over")
        p = self.turn
        match move:
            case Exchange():
                self._exchange(p)
            case Close():
                self._close(p)
            case Play(card, marriage):
                self._play(p, card, marriage)
            case _:
                raise TypeError(move)

    def _exchange(self, p: int) -> None:
        nine = Card(suit=self.trump, rank="9")
        if not self.leading:
            raise IllegalMove("you may exchange the 9 only when it is your lead")
        if self.closed or not self.trump_card_up:
            raise IllegalMove("the game is closed: there is no trump card to take")
        if self.tricks_won[p] == 0:
            raise IllegalMove("you must win a trick before exchanging the trump nine")
        if nine not in self.hands[p]:
            raise IllegalMove(f"you do not hold the {nine.words}")
        self.hands[p].remove(nine)
        self.hands[p].append(self.trump_card)
        self.shown[p].add(self.trump_card)
        self.exchanges.append((p, self.trump_card))
        self.trump_card = nine
        self.history.append((p, Exchange()))

    def _close(self, p: int) -> None:
        if not self.leading:
            raise IllegalMove("only the player about to lead may close")
        if self.closed:
            raise IllegalMove("the game is already closed")
        self.closed_by = p
        self.schwarz_at_close = self.tricks_won[1 - p] == 0
        # The stock and the turned-up card are turned down: nothing left to exchange.
        self.trump_card_up = False
        self.history.append((p, Close()))

    def _play(self, p: int, card: Card, marriage: bool) -> None:
        if card not in self.hands[p]:
            raise IllegalMove(f"you do not hold the {card.words}")
        if marriage:
            if not self.leading:
                raise IllegalMove("a marriage may be declared only when leading")
            if not self.can_marry(p, card):
                raise IllegalMove("a marriage needs the king and queen of one suit")
        if self.trick and self.closed and card.suit != self.trick[0].suit \
                and any(c.suit == self.trick[0].suit for c in self.hands[p]):
            raise MustFollowSuit(
                f"the game is closed: you must follow {SUIT_NAMES[self.trick[0].suit]}")
        self.history.append((p, Play(card, marriage)))
        if marriage:
            self.marriages.append((p, card.suit))
            partner = Card(suit=card.suit, rank="Q" if card.rank == "K" else "K")
            self.shown[p].add(partner)
            self.points[p] += self.marriage_points(card.suit)
            if self.points[p] >= WIN_POINTS:
                self._finish(p, "marriage")
                return
        self.hands[p].remove(card)
        self.shown[p].discard(card)
        self.trick.append(card)
        if len(self.trick) == 1:
            self.turn = 1 - p
            return
        self._end_trick()

    def _end_trick(self) -> None:
        lead, follow = self.trick
        leader = self.leader
        winner = 1 - leader if beats(lead, follow, self.trick_trump()) else leader
        self.last_trick = (leader, lead, follow, winner)
        self.trick = []
        self.taken[winner] += [lead, follow]
        self.tricks_won[winner] += 1
        self.points[winner] += lead.points + follow.points
        last = not self.hands[0] and not self.hands[1]
        if last and self.closed_by is None:
            self.points[winner] += LAST_TRICK_BONUS
        self.leader = self.turn = winner
        if self.points[winner] >= WIN_POINTS:
            self._finish(winner, "66")
            return
        if last:
            self._finish(None, "no winner")
            return
        if not self.closed:
            self._draw(winner)

    def _draw(self, winner: int) -> None:
        loser = 1 - winner
        self.hands[winner].append(self.stock.pop(0))
        if self.stock:
            self.hands[loser].append(self.stock.pop(0))
        else:
            # The stock is used up: the trump card goes to the other player; now closed.
            self.hands[loser].append(self.trump_card)
            self.shown[loser].add(self.trump_card)
            self.trump_card_up = False
            self.exhausted = True

    def _finish(self, winner: int | None, reason: str) -> None:
        closer = self.closed_by
        if closer is not None and winner != closer:
            # The closer failed to reach 66: the opponent collects the closing penalty.
            gp = CLOSE_PENALTY_SCHWARZ if self.schwarz_at_close else CLOSE_PENALTY
            self.result = DealResult(1 - closer, gp, "closing failed",
                                     schwarz=self.schwarz_at_close)
            return
        if winner is None:
            self.result = DealResult(None, 0, reason)
            return
        loser = 1 - winner
        gp, schneider, schwarz = game_points_for(self.points[loser], self.tricks_won[loser])
        self.result = DealResult(winner, gp, reason, schneider=schneider, schwarz=schwarz)

    # -- views -----------------------------------------------------------------------------

    def played(self) -> set[Card]:
        """Every card that has left the hands face up (tricks taken and the trick in play)."""
        return set(self.taken[0]) | set(self.taken[1]) | set(self.trick)


# -- the match ---------------------------------------------------------------------------

@dataclass
class Match:
    """Deals until a player has 7 game points; the first dealer is chosen by a coin flip."""

    rng: random.Random
    game_points: list[int] = field(default_factory=lambda: [0, 0])
    carry: int = 0
    dealer: int = -1
    deal: Deal | None = None
    deals_played: int = 0
    last_award: tuple[int | None, int] = (None, 0)   # (player, game points incl. carry)
    options: Options = field(default_factory=Options)

    def __post_init__(self) -> None:
        if self.dealer < 0:
            self.dealer = self.rng.randrange(2)   # the coin flip

    @property
    def winner(self) -> int | None:
        for p in (0, 1):
            if self.game_points[p] >= MATCH_POINTS:
                return p
        return None

    def new_deal(self) -> Deal:
        """Deal the next game; the deal alternates after the first."""
        if self.winner is not None:
            raise SixtySixError("the match is over")
        if self.deal is not None:
            if not self.deal.over:
                raise SixtySixError("the current game is not over")
            self.dealer = 1 - self.dealer
        self.deal = Deal.new(self.rng, self.dealer, self.options)
        return self.deal

    def score_deal(self) -> tuple[int | None, int]:
        """Book the finished deal's game points (with carried points); returns the award."""
        d = self.deal
        if d is None or d.result is None:
            raise SixtySixError("no finished game to score")
        res = d.result
        self.deals_played += 1
        if res.winner is None:
            self.carry += 1
            self.last_award = (None, 0)
        else:
            gp = res.game_points + self.carry
            self.carry = 0
            self.game_points[res.winner] += gp
            self.last_award = (res.winner, gp)
        return self.last_award
