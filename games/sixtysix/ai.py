"""The computer players: the expert (sampling + exact solves) and two baselines.

``ExpertPlayer`` looks only at what its seat may know: its own hand, the cards played, the
turned-up trump card, the opponent's cards it has been shown (a declared marriage's partner,
the trump card taken by an exchange or by the last draw) and the sizes of the hand and stock.
Before the game is closed it deals the unseen cards out at random many times in ways that
agree with all of that, weighted by what the opponent's plays showed it did not hold
(``absences``; perfect-information Monte Carlo), searches each world with
``solver.Solver`` and plays the move with the best average.  Once the stock is used up the
opponent's hand is known exactly and one exact solve decides.  Search is bounded by depth
and sample count (a closing check's play-outs by solver positions, ``close_budget``), never
by the clock, so a seed gives the same move on every machine.
"""

from __future__ import annotations

import random
from collections.abc import Generator
from dataclasses import dataclass, field, replace

from retro.games.sixtysix.closing import closing_gain, world_deal
from retro.games.sixtysix.rules import (
    PACK,
    SUITS,
    Card,
    Close,
    Deal,
    Exchange,
    Move,
    Play,
    beats,
    card_from_index,
)
from retro.games.sixtysix.solver import Solver, Table, mask_of
from retro.kit.steps import drain as finish


@dataclass(frozen=True)
class ExpertConfig:
    """Search budget.  Depths are in plies (a trick is two)."""

    samples: int = 20            # worlds dealt per decision while cards are hidden
    open_depth: int = 2          # look this far ahead while the stock is open
    exact_stock: int = 2         # with this few cards left to draw, search to the end
    close_margin: float = -0.25  # closing may trail the (guessed) best play by this much
    close_sure: float = 0.9      # ... and win in this share of the sampled worlds
    close_hope: int = 45         # skip judging a close unless points + hand could reach this
    exact_roots: bool = False    # True: exact root values even when one world decides
    close_worlds: int = 24       # worlds played out to check a close by its outcome (0: none)
    close_gain: float = 0.0      # ... and closing must gain more than this on average
    close_samples: int = 3       # worlds per decision of the players in those play-outs
    close_depth: int = 2         # ... and how far they look ahead while the stock is open
    # Solver positions all the play-outs of one closing check may search (0: no bound),
    # counted, not timed, so a seed gives the same move on every machine.  Unbounded, the
    # heaviest checks (a close a few cards before the stock runs out, whose play-outs search
    # the last draws to the end) took over a CPU second: 153,185 positions for deal 108's.
    # At about 7 microseconds a position, 100,000 is some 0.7 s with room for the world
    # that crosses it (up to 12,000) and the decision's own search; 11 of 249 checks in 240
    # bench deals reach it, none of them with its verdict changed.
    close_budget: int = 100_000
    close_floor: int = 12        # ... but at least this many worlds are played out
    infer: bool = True           # weigh the worlds by what the opponent's play showed
    infer_doubt: float = 0.1     # ... the chance it held a card its play said it had not
    infer_tries: int = 20        # ... worlds dealt at most to find one that fits


#: An inference: the opponent lacked this card (its index) when it had drawn this many cards
#: (from the deal's start), and it could not have held it by the rules (True) or would
#: not have played as it did holding it (False).
Absence = tuple[int, int, bool]


def absences(deal: Deal, seat: int) -> tuple[list[Absence], int]:
    """What the opponent of ``seat`` showed it did not hold, replayed from the deal's moves,
    and how many cards it has drawn in all.

    * Once the game is closed a player must follow suit: a card of another suit means it
      holds none of the led suit (by the rules, and it draws no more).
    * Leading a king or queen without declaring the marriage: it lacked the partner (a
      marriage only ever adds points, so any player who sees that declares it).
    * Leading while it could have exchanged the trump 9 for the turned-up card (it had won
      a trick, the card was up, the game open), and not exchanging: it lacked the 9.
    """
    opp = 1 - seat
    nine = Card(suit=deal.trump, rank="9").index
    found: list[Absence] = []
    draws = tricks = won = 0
    closed = exchanged = False
    lead: tuple[int, Card] | None = None
    for p, move in deal.history:
        if isinstance(move, Exchange):
            exchanged = True
            continue
        may_exchange = not closed and not exchanged and won > 0
        if isinstance(move, Close):
            if p == opp and may_exchange:
                found.append((nine, draws, False))
            closed = True
            continue
        assert isinstance(move, Play)
        card = move.card
        if lead is None:
            if p == opp:
                if card.rank in "KQ" and not move.marriage:
                    partner = Card(suit=card.suit, rank="Q" if card.rank == "K" else "K")
                    found.append((partner.index, draws, False))
                if may_exchange:
                    found.append((nine, draws, False))
            lead = (p, card)
            continue
        leader, led = lead
        lead = None
        if p == opp and closed and card.suit != led.suit:
            found += [(c.index, draws, True) for c in PACK if c.suit == led.suit]
        trump_now = deal.trump if not closed or deal.options.trumps_after_closing else None
        winner = p if beats(led, card, trump_now) else leader
        won += winner == opp
        tricks += 1
        if not closed:
            draws += 1
            closed = tricks * 2 + 12 >= len(PACK)      # the stock is used up
    return found, draws


@dataclass
class ExpertPlayer:
    """Perfect-information Monte Carlo before closing, exact alpha-beta after."""

    seat: int
    rng: random.Random
    config: ExpertConfig = field(default_factory=ExpertConfig)
    _closed_tt: Table = field(default_factory=dict)
    _tt_for: tuple[int, str, int, int, bool] | None = None
    close_wins: float = 0.0      # share of sampled worlds where closing won, last evaluate
    close_gain: float = 0.0      # closing's mean gain played out, last time it was checked
    close_checks: int = 0        # how many closes were checked by their outcome
    close_cut: int = 0           # ... and how many of those the budget cut short
    close_played: int = 0        # worlds played out, last time a close was checked
    nodes: int = 0               # solver positions searched, all decisions together

    # -- what this seat knows ------------------------------------------------------------

    def _shown(self, deal: Deal) -> set[Card]:
        played = deal.played()
        return {c for c in deal.shown[1 - self.seat] if c not in played}

    def unseen(self, deal: Deal) -> list[Card]:
        """Cards whose place we do not know: the opponent's hidden cards and the stock."""
        # The turned-up card stays known wherever it goes: table, dead stock, a hand.
        seen = set(deal.hands[self.seat]) | deal.played() | self._shown(deal)
        seen.add(deal.trump_card)
        return [c for c in PACK if c not in seen]

    def sample_world(self, deal: Deal, rng: random.Random) -> tuple[list[Card], list[Card]]:
        """A guess at the opponent's hand and the stock order, consistent with what we saw."""
        known = sorted(self._shown(deal))
        need = len(deal.hands[1 - self.seat]) - len(known)
        order = self._deal_hidden([c.index for c in self.unseen(deal)], need,
                                  self.weights(deal, need), rng)
        cards = [card_from_index(c) for c in order]
        return known + cards[:need], cards[need:]

    def weights(self, deal: Deal, need: int) -> dict[int, float]:
        """For each hidden card the opponent's play spoke against, the weight of a world
        that puts it in the opponent's hand (one where it is elsewhere weighs 1).  A card
        it lacked ``d`` draws ago is in its hand now only if one of those draws brought it:
        about ``d / need`` of the chance a blind deal gives it (``need`` its hidden cards).
        Rules make a certainty (0); a play it would not have made, a doubt."""
        if not self.config.infer or need <= 0:
            return {}
        found, drawn = absences(deal, self.seat)
        doubt = self.config.infer_doubt
        out: dict[int, float] = {}
        for card, at, sure in found:
            w = min(1.0, (drawn - at) / need)
            if not sure:
                w = doubt + (1 - doubt) * w
            if w < out.get(card, 1.0):
                out[card] = w
        return out

    def _deal_hidden(self, unseen: list[int], need: int, weights: dict[int, float],
                     rng: random.Random) -> list[int]:
        """The hidden cards dealt: the opponent's ``need`` first, then the stock in drawn
        order.  Cards of weight 0 go to the stock; a world is kept with the product of the
        weights of the cards in the opponent's hand (rejection: the kept worlds are drawn
        in proportion to their weight), the last one dealt if none is kept in time."""
        order = list(unseen)
        for _ in range(max(1, self.config.infer_tries)):
            order = list(unseen)
            rng.shuffle(order)
            if not weights:
                return order
            hand = [c for c in order if weights.get(c, 1.0) > 0][:need]
            if len(hand) < need:                # cannot be: keep the blind deal
                return order
            taken = set(hand)
            order = hand + [c for c in order if c not in taken]
            w = 1.0
            for c in hand:
                w *= weights.get(c, 1.0)
            if w >= 1.0 or rng.random() < w:
                break
        return order

    def _close_hope(self, deal: Deal) -> int:
        """A cheap upper guess at what closing could bring: points, hand, marriages."""
        hand = deal.hands[self.seat]
        marriages = sum(deal.marriage_points(s) for s in deal.marriage_available(self.seat))
        return deal.points[self.seat] + sum(c.points for c in hand) + marriages

    # -- choosing ------------------------------------------------------------------------

    def choose(self, deal: Deal, carry: int = 0) -> Move:
        """The move for our seat (it must be our turn)."""
        return finish(self.choose_steps(deal, carry))

    def choose_steps(self, deal: Deal, carry: int = 0) -> Generator[int, object, Move]:
        """``choose`` as cooperative work: it yields after each sampled world (how many are
        done), so a screen can stay alive meanwhile; the move is what it returns.  What is
        sent in is ignored: the move never depends on when the caller looked."""
        if deal.turn != self.seat or deal.over:
            raise ValueError("it is not this player's turn")
        if deal.can_exchange():
            return Exchange()            # the trump card always outranks the 9
        legal = deal.legal_moves()
        plays = [m for m in legal if isinstance(m, Play)]
        if len(plays) == 1 and Close() not in legal:
            return plays[0]
        scores = yield from self.evaluate_steps(deal, carry)
        card = card_from_index(int(self._best_card(scores)))
        play = Play(card, marriage=deal.leading and deal.can_marry(self.seat, card))
        if self._close_looks_good(scores):
            if not self.config.close_worlds:
                return Close()          # the sampling alone decides (the old way, benches)
            # The sampled worlds flatter closing (the closer sees the other hand in each):
            # the same kind of worlds, played out without that sight, decide.
            worlds = [world_deal(deal, self.seat, *self.sample_world(deal, self.rng))
                      for _ in range(self.config.close_worlds)]
            checked = yield from closing_gain(
                worlds, self.seat, play, carry, self._play_out_player,
                self.rng.getrandbits(32), self.config.close_budget, self.config.close_floor)
            self.nodes += checked.nodes
            self.close_gain = checked.gain
            self.close_checks += 1
            self.close_played = checked.worlds
            self.close_cut += checked.worlds < len(worlds)
            if checked.gain > self.config.close_gain:
                return Close()
        return play

    def _play_out_player(self, seat: int, seed: int) -> ExpertPlayer:
        """The computer's own play, on a smaller budget, for checking a close: it samples
        what its seat cannot see and judges any later close by its sampling alone."""
        cfg = replace(self.config, samples=self.config.close_samples, close_worlds=0,
                      open_depth=self.config.close_depth)
        return ExpertPlayer(seat, random.Random(seed), cfg)

    def _best_card(self, scores: dict[str, float]) -> str:
        cards = {k: v for k, v in scores.items() if k != "close"}
        top = max(cards.values())
        # Among equal moves keep the cheapest card: it spends the least.
        tied = [k for k, v in cards.items() if v >= top - 1e-9]
        return min(tied, key=lambda k: (card_from_index(int(k)).points, int(k)))

    def _close_looks_good(self, scores: dict[str, float]) -> bool:
        """The sampling's verdict on closing: near the best play, winning in nearly every
        world.  Only a candidate: ``closing_gain`` then checks it by its outcome."""
        if "close" not in scores:
            return False
        top = max(v for k, v in scores.items() if k != "close")
        return (scores["close"] > top + self.config.close_margin
                and self.close_wins >= self.config.close_sure)

    def evaluate(self, deal: Deal, carry: int = 0) -> dict[str, float]:
        """Average value (game points for us) of each root move over the sampled worlds."""
        return finish(self.evaluate_steps(deal, carry))

    def evaluate_steps(self, deal: Deal,
                       carry: int = 0) -> Generator[int, object, dict[str, float]]:
        """``evaluate``, yielding the number of worlds searched after each one."""
        cfg = self.config
        seat = self.seat
        rule = deal.options.trumps_after_closing
        tt_key = (id(deal), deal.trump, deal.dealer, carry, rule)
        if self._tt_for != tt_key:
            self._closed_tt = {}
            self._tt_for = tt_key
        known = self._shown(deal)
        need = len(deal.hands[1 - seat]) - len(known)
        hidden = self.unseen(deal)
        perfect = need == 0 or (len(hidden) == need and deal.closed)
        samples = 1 if perfect else cfg.samples
        # An average over worlds needs every move's exact value in every world: an
        # alpha-beta bound (a move "at most this good") would pull the average wrong.  With
        # one world only the best move matters, and bounds on the others are enough.
        exact_roots = cfg.exact_roots or samples > 1
        stock_left = deal.stock_count
        exact = deal.closed or stock_left <= cfg.exact_stock
        depth = 99 if exact else cfg.open_depth - (0 if deal.leading else 1)
        led = deal.trick[0].index if deal.trick else -1
        totals: dict[str, float] = {}
        consider_close = deal.can_close() and self._close_hope(deal) >= cfg.close_hope
        wins = 0
        trump = SUITS.index(deal.trump)
        cb = -1 if deal.closed_by is None else deal.closed_by
        # ``sample_world`` by card indexes: the same shuffles of the same list, so the same
        # worlds, without building cards.
        known_mask = mask_of(known)
        unseen = [c.index for c in hidden]
        own = mask_of(deal.hands[seat])
        turned = deal.trump_card.index
        weights = self.weights(deal, need)
        for done in range(samples):
            if done:
                yield done
            order = self._deal_hidden(unseen, need, weights, self.rng)
            opp = known_mask
            for c in order[:need]:
                opp |= 1 << c
            stock: tuple[int, ...] = ()
            if not deal.closed:
                stock = (*order[need:], turned)
            hands = [own, opp] if seat == 0 else [opp, own]
            sv = Solver(trump, closed_by=cb, schwarz_at_close=deal.schwarz_at_close,
                        carry=carry, stock=stock, closed_tt=self._closed_tt,
                        trumps_after_closing=rule)
            vals = sv.root_values(hands[0], hands[1], deal.turn, led, deal.points[0],
                                  deal.points[1], int(deal.tricks_won[0] > 0),
                                  int(deal.tricks_won[1] > 0), 0, cb, deal.schwarz_at_close,
                                  depth, allow_close=consider_close, exact=exact_roots)
            self.nodes += sv.nodes
            if "close" in vals and (vals["close"] if seat == 0 else -vals["close"]) > 0:
                wins += 1
            for k, v in vals.items():
                totals[k] = totals.get(k, 0.0) + (v if seat == 0 else -v)
        self.close_wins = wins / samples
        return {k: v / samples for k, v in totals.items()}


# -- baselines ---------------------------------------------------------------------------

@dataclass
class RandomPlayer:
    """Any legal move, uniformly (marriage, closing and exchange included)."""

    seat: int
    rng: random.Random

    def choose(self, deal: Deal, carry: int = 0) -> Move:
        return self.rng.choice(deal.legal_moves())


@dataclass
class GreedyPlayer:
    """Declares marriages at once, takes tricks as cheaply as it can, never closes."""

    seat: int
    rng: random.Random

    def choose(self, deal: Deal, carry: int = 0) -> Move:
        if deal.can_exchange():
            return Exchange()
        hand = deal.playable()
        trump = deal.trump
        if deal.leading:
            for suit in sorted(deal.marriage_available(), key=lambda s: s != trump):
                return Play(Card(suit=suit, rank="Q"), marriage=True)
            # Lead the cheapest card, keeping trumps back.
            return Play(min(hand, key=lambda c: (c.suit == trump, c.points, c.strength)))
        led = deal.trick[0]
        trump_now = deal.trick_trump()
        winners = [c for c in hand if beats(led, c, trump_now)]
        if winners:
            return Play(min(winners, key=lambda c: (c.suit == trump, c.points, c.strength)))
        return Play(min(hand, key=lambda c: (c.points, c.suit == trump, c.strength)))


def player(kind: str, seat: int, rng: random.Random,
           config: ExpertConfig | None = None) -> ExpertPlayer | RandomPlayer | GreedyPlayer:
    """``"expert"``, ``"greedy"`` or ``"random"``."""
    if kind == "expert":
        return ExpertPlayer(seat, rng, config or ExpertConfig())
    if kind == "greedy":
        return GreedyPlayer(seat, rng)
    if kind == "random":
        return RandomPlayer(seat, rng)
    raise ValueError(f"unknown player {kind!r}")
