"""Computer players for Yucky Lucky You!: the strong one and three baselines.

Every player answers ``choose(round, seat) -> Move`` for the seat that must decide and
``wants_catch(round, seat) -> bool`` when the opponent sits at one card without the cry.
Players are deterministic for a given ``random.Random``.

``Computer`` scores each fitting card by a one-move look-ahead over what it can know:

* card counting: the unseen cards are the deck minus its own hand and the discard pile; what
  the opponent showed narrows down which of them it holds (``opponent.HandModel``: a draw on
  its turn says that nothing it held fitted, a wild draw four that stood says it had none of
  the colour, a change of colour on a number says it probably had none);
* colour control: it keeps the colour on one it holds, and names wild colours it is long in
  and the opponent is short of;
* timing: wilds are held as escapes until the hand is short or the opponent is about to go
  out; skips, reverses and draw twos are chained for a going-out run; high cards are shed
  when the opponent is close to going out; draw twos and wild draw fours are kept to stop
  an opponent on its last cards;
* whenever more than one play fits, every candidate (each card, a wild with each colour
  it holds) is played out on the same ``ROLLOUTS`` sampled deals (``playout``), the
  opponent's hand dealt to fit the hand model, both seats then playing the play-out policy
  (colour first, wilds last; the computer's own seat keeps its bridges, cards whose
  number it holds in another colour, for later); the share of play-outs won decides, with
  ``PRIOR`` times the one-move score added (a fluke of the sample does not spend a wild
  early), and the one-move score breaks ties.  The play-outs are cooperative work
  (``choose_steps``: the screen shows progress, Esc plays the best so far) bounded by
  ``ROLLOUTS`` deals and ``WORK_BUDGET`` cards scanned, never by the clock;
* a wild names a colour it holds (any, if it holds only wilds); a fitting card is always
  played rather than drawing;
* the cry: it cries (but forgets now and then, ``lapse`` of the time, as the manual
  promises), always calls a missing cry, never plays a wild draw four illegally and
  challenges exactly the illegal ones (the manual: the computer always catches a cheat).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Generator

from retro.games.yucky import playout
from retro.games.yucky.opponent import HandModel
from retro.games.yucky.playout import KIND
from retro.games.yucky.rules import (
    COLORS,
    DECK,
    DRAW,
    PASS,
    WILD,
    Card,
    Catch,
    ColorNamed,
    Drew,
    Move,
    NameColor,
    Phase,
    Play,
    Played,
    Respond,
    Round,
)
from retro.kit.steps import drain

_DECK_COUNT = Counter(DECK)


class Player:
    """A seat's decision maker; subclasses override ``choose``."""

    name = "player"

    def choose(self, r: Round, seat: int) -> Move:
        raise NotImplementedError

    def wants_catch(self, r: Round, seat: int) -> bool:
        """Call the missing cry of the opponent (everyone here does when it is due)."""
        return r.uncried is not None and r.uncried != seat


def _legal_plays(r: Round, seat: int) -> list[Card]:
    """Cards the seat may put down now without cheating with a wild draw four."""
    cards = r.playable(seat)
    if any(card.rank == "4" and card.color == WILD for card in cards) and not r.w4_legal(seat):
        cards = [card for card in cards if not (card.color == WILD and card.rank == "4")]
    return cards


def _cry(r: Round, seat: int) -> bool:
    return len(r.cards[seat]) == 2


def _most_held_color(hand: list[Card], rng: random.Random | None = None) -> str:
    counts = Counter(card.color for card in hand if card.color != WILD)
    if not counts:
        return rng.choice(COLORS) if rng else COLORS[0]
    return max(COLORS, key=lambda col: counts[col])


def _held_colors(hand: list[Card]) -> tuple[str, ...]:
    """The colours of the coloured cards in ``hand`` (a wild names one of them, if any:
    naming a colour one does not hold only hands the opponent a free choice)."""
    return tuple(col for col in COLORS if any(card.color == col for card in hand))


def _no_play(r: Round) -> Move:
    """Draw, or pass after drawing under the multiple-draw option."""
    return PASS if r.phase is Phase.DRAWN else DRAW


class RandomPlayer(Player):
    """Any fitting card at random, a random colour, a coin-flip challenge; draws when stuck."""

    name = "random"

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, r: Round, seat: int) -> Move:
        if r.phase is Phase.START_COLOR:
            return NameColor(self.rng.choice(COLORS))
        if r.phase is Phase.CHALLENGE:
            return Respond(self.rng.random() < 0.5)
        cards = _legal_plays(r, seat)
        if not cards:
            return _no_play(r)
        card = self.rng.choice(cards)
        color = self.rng.choice(COLORS) if card.color == WILD else None
        return Play(card, color, _cry(r, seat))


class GreedyPlayer(Player):
    """The card worth most points first, its longest colour for wilds; never challenges."""

    name = "greedy"

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, r: Round, seat: int) -> Move:
        if r.phase is Phase.START_COLOR:
            return NameColor(_most_held_color(r.cards[seat], self.rng))
        if r.phase is Phase.CHALLENGE:
            return Respond(False)
        cards = _legal_plays(r, seat)
        if not cards:
            return _no_play(r)
        card = max(cards, key=lambda c: c.points)
        color = None
        if card.color == WILD:
            rest = list(r.cards[seat])
            rest.remove(card)
            color = _most_held_color(rest, self.rng)
        return Play(card, color, _cry(r, seat))


class FirstFitPlayer(Player):
    """A simple greedy player: the first card of its hand that matches the colour, else the
    first that matches the number or symbol, else a wild, else a wild draw four (then always
    a legal one); names the colour it holds most, never challenges, always cries."""

    name = "first-fit"

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, r: Round, seat: int) -> Move:
        hand = r.cards[seat]
        if r.phase is Phase.START_COLOR:
            return NameColor(_most_held_color(hand, self.rng))
        if r.phase is Phase.CHALLENGE:
            return Respond(False)
        cards = _legal_plays(r, seat)
        if not cards:
            return _no_play(r)
        in_order = [card for card in hand if card in cards]
        card = next((c for c in in_order if c.color == r.color),
                    next((c for c in in_order if c.color != WILD),
                         next((c for c in in_order if c.rank == "C"), in_order[0])))
        color = None
        if card.color == WILD:
            rest = list(hand)
            rest.remove(card)
            color = _most_held_color(rest, self.rng)
        return Play(card, color, _cry(r, seat))


# -- the computer ---------------------------------------------------------------------------

#: Weights of the look-ahead, tuned with bench/yucky_ai.py.
EXTRA_TURN = 1.0          # an opponent turn denied by skip, reverse, draw two or draw four
FOLLOW_UP = 0.6           # ...and a card to go on with in the extra turn
OPP_CARD = 0.45           # each card the opponent is made to draw
OPP_REPLY = 3.0           # the chance the opponent can answer the card left on top
CONTROL = 0.35            # each own card that will still fit (capped at CONTROL_CAP)
CONTROL_CAP = 3
HOLD_WILD = 4.5           # keeping a wild as an escape while the race is long
SHED_POINTS = 0.004       # prefer shedding points ...
SHED_POINTS_LATE = 0.03   # ... much more when the opponent is about to go out
LATE = 2                  # the opponent at this many cards or fewer is about to go out
MULTI_DRAW_LIMIT = 12     # multiple draw: give up looking after this many cards
HOLD_DRAW = 3.0           # keeping draw twos and draw fours for the opponent's last cards
ROLLOUTS = 800            # sampled deals played out per candidate (0: one-move scores only)
PRIOR = 0.02              # the one-move score's weight against the share of play-outs won
WORK_BUDGET = 120_000     # ... or fewer: a decision's play-outs stop past this many cards
                          # scanned (every move scans the hand to move; a deal shuffles
                          # the unseen cards, sets up each candidate, ``DEAL_SETUP``, and
                          # may replay the opponent's history, each slot at each step)
DEAL_SETUP = 40
WILD_COLORS_TRIED = 2     # a wild is played out naming its best colours by the one-move score
LAPSE = 0.04              # how often the computer forgets its cry in the game


class Computer(Player):
    """The strong computer player (see the module notes)."""

    name = "computer"

    def __init__(self, rng: random.Random, lapse: float = 0.0,
                 rollouts: int | None = None) -> None:
        self.rng = rng
        self.lapse = lapse
        # The sample budget of each decision (``ROLLOUTS`` unless given).
        self.rollouts = ROLLOUTS if rollouts is None else rollouts
        self._round: Round | None = None
        self._seen = 0
        self._void: dict[str, int] = {}    # colour -> cards the opponent got since it lacked it
        self._drawn_this_turn = 0
        self._model = HandModel(seat=1)

    # -- what the opponent showed ----------------------------------------------------------

    def _observe(self, r: Round, seat: int) -> None:
        if r is not self._round:
            past = (0.0, 0.0)
            if self._round is not None:
                # What the opponent showed in the hand before (its last moves too) carries
                # over: the computer lives through the match, and so does what it learnt.
                self._model.observe(self._round.events, None)
                past = self._model.evidence()
            self._round, self._seen, self._void = r, 0, {}
            start = r.discard[0] if r.events else r.top
            self._model = HandModel.start(
                1 - seat, r.events, len(r.cards[1 - seat]), start,
                (None if start.is_wild else start.color) if r.events else r.color,
                r.options.multiple_draw)
            self._model.past = past
        self._model.observe(r.events, len(r.cards[1 - seat]))
        events = r.events
        opp = 1 - seat
        color = r.color
        void = self._void
        for event in events[self._seen:]:
            if isinstance(event, Drew) and event.seat == opp:
                got = len(event.cards)
                for key in void:
                    void[key] += got
                if event.why == "turn" and color is not None and not r.options.multiple_draw:
                    # It drew rather than play: it had nothing of this colour, no wild and
                    # (if it passes) the drawn card does not fit either.
                    void[color] = 0
                    void[WILD] = 0
            elif isinstance(event, Played):
                color = event.color
                if event.seat == opp:
                    void.pop(event.card.color, None)
                    void.pop(event.color, None)   # it names colours it holds
            elif isinstance(event, ColorNamed):
                color = event.color
        self._seen = len(events)

    # -- estimates ------------------------------------------------------------------------

    def _unseen(self, r: Round, seat: int) -> Counter:
        unseen = _DECK_COUNT.copy()
        unseen.subtract(r.cards[seat])
        unseen.subtract(r.discard)
        return unseen

    def _p_reply(self, r: Round, unseen: Counter, total: int, opp_n: int,
                 color: str, rank: str | None) -> float:
        """Chance the opponent holds a card that fits ``color`` / ``rank``."""
        if total <= 0 or opp_n <= 0:
            return 0.0
        same_color = wild = other = 0
        for card, n in unseen.items():
            if n <= 0:
                continue
            if card.color == WILD:
                wild += n
            elif card.color == color:
                same_color += n
            elif rank is not None and card.rank == rank:
                other += n
        void = self._void
        k = void.get(WILD)
        p_none = (1 - wild / total) ** (opp_n if k is None else min(k, opp_n))
        p_none *= (1 - other / total) ** opp_n
        k = void.get(color)
        p_none *= (1 - same_color / total) ** (opp_n if k is None else min(k, opp_n))
        return 1.0 - p_none

    # -- decisions ------------------------------------------------------------------------

    def wants_catch(self, r: Round, seat: int) -> bool:
        return r.uncried is not None and r.uncried != seat

    def choose(self, r: Round, seat: int) -> Move:
        return drain(self.choose_steps(r, seat))

    def choose_steps(self, r: Round, seat: int) -> Generator[float, bool | None, Move]:
        """The decision as cooperative work (``retro.ui.work``): yields the share of the
        play-outs done; stopped early, it plays the best candidate so far."""
        self._observe(r, seat)
        hand = r.cards[seat]
        if r.phase is Phase.START_COLOR:
            return NameColor(self._best_color(r, seat, hand))
        if r.phase is Phase.CHALLENGE:
            # The manual's computer always catches a cheat and never challenges in vain.
            return Respond(r.w4_guilty)
        if r.phase is Phase.PLAY:
            self._drawn_this_turn = 0
        cards = _legal_plays(r, seat)
        if not cards:
            if r.phase is Phase.DRAWN and (not r.options.multiple_draw
                                           or self._drawn_this_turn >= MULTI_DRAW_LIMIT):
                return PASS
            self._drawn_this_turn += 1
            return _no_play(r)
        cry = len(hand) == 2 and self.rng.random() >= self.lapse
        if len(cards) > 1 or r.phase is Phase.DRAWN:
            win = self._going_out_run(r, seat, hand, cards)
            if win is not None:
                return Play(win[0], win[1], cry)
        best: tuple[float, Card, str | None] | None = None
        scored: list[tuple[float, Card, str | None]] = []
        unseen = self._unseen(r, seat)
        total = sum(n for n in unseen.values() if n > 0)
        opp_n = len(r.cards[1 - seat])
        held = _held_colors(hand)
        for card in cards:
            colors = (held or COLORS) if card.color == WILD else (None,)
            for color in colors:
                score = self._score(r, seat, hand, card, color, unseen, total, opp_n)
                scored.append((score, card, color))
                if best is None or score > best[0]:
                    best = (score, card, color)
        assert best is not None
        if self.rollouts:
            options = self._distinct(scored)
            if len(options) > 1:
                best = yield from self._rollout_steps(r, seat, options, unseen)
        # A fitting card is always played, a lone wild too: drawing to keep the wild for
        # later lost hands with the wild still held.
        return Play(best[1], best[2], cry)

    def _rollout_steps(self, r: Round, seat: int,
                       options: list[tuple[float, Card, str | None]], unseen: Counter
                       ) -> Generator[float, bool | None, tuple[float, Card, str | None]]:
        """Play each option out on sampled deals (the same deals for every option).

        The opponent's hand is dealt from the unseen cards to fit what it showed
        (``opponent.HandModel``), the draw pile shuffled; both seats then play the play-out
        policy.  ``rollouts`` deals, fewer if they reach ``WORK_BUDGET`` cards scanned (in
        the long game, where every move scans hands of up to 52 cards, fewer deals fit).
        The share of play-outs won decides, with ``PRIOR`` times the one-move score added,
        which also breaks ties.
        """
        pool = [KIND[card] for card, n in unseen.items() for _ in range(max(n, 0))]
        mine = [KIND[card] for card in r.cards[seat]]
        used = [KIND[card] for card in r.discard]
        index_of: dict[Card, int] = {}
        for _, card, _c in options:
            index_of.setdefault(card, mine.index(KIND[card]))
        wins = [0] * len(options)
        rng = self.rng
        work = 0
        # Each deal shuffles the unseen cards and copies the piles for every candidate.
        deal_work = len(pool) + DEAL_SETUP * len(options)
        model = self._model
        for deal in range(self.rollouts):
            replayed = model.work
            opp_hand, rest = model.deal(list(pool), rng)
            seed = rng.getrandbits(32)
            # ... and a new replay of the opponent's hand goes through its history.
            work += deal_work + model.work - replayed
            for i, (_, card, color) in enumerate(options):
                col = playout.color_index(color) if color else 0
                winner, scanned = playout.after_play([list(mine), list(opp_hand)], list(rest),
                                                     list(used), index_of[card], col,
                                                     random.Random(seed))
                work += scanned
                if winner == 0:
                    wins[i] += 1
            stop = yield (deal + 1) / self.rollouts
            if stop or work >= WORK_BUDGET:
                break
        played = deal + 1
        best = max(range(len(options)),
                   key=lambda i: (wins[i] / played + PRIOR * options[i][0], options[i][0]))
        return options[best]

    @staticmethod
    def _distinct(scored: list[tuple[float, Card, str | None]]
                  ) -> list[tuple[float, Card, str | None]]:
        """One entry per card, and for a wild its best ``WILD_COLORS_TRIED`` colours."""
        out: list[tuple[float, Card, str | None]] = []
        per_card: dict[Card, int] = {}
        for item in sorted(scored, key=lambda t: -t[0]):
            n = per_card.get(item[1], 0)
            if n < (WILD_COLORS_TRIED if item[1].color == WILD else 1):
                per_card[item[1]] = n + 1
                out.append(item)
        return out

    def _best_color(self, r: Round, seat: int, hand: list[Card]) -> str:
        unseen = self._unseen(r, seat)
        total = sum(n for n in unseen.values() if n > 0)
        opp_n = len(r.cards[1 - seat])
        counts = Counter(card.color for card in hand)
        return max(_held_colors(hand) or COLORS, key=lambda col: counts[col] * CONTROL
                   - OPP_REPLY * self._p_reply(r, unseen, total, opp_n, col, None))

    def _score(self, r: Round, seat: int, hand: list[Card], card: Card, color: str | None,
               unseen: Counter, total: int, opp_n: int) -> float:
        left = len(hand) - 1
        if left == 0:
            return 1000.0
        new_color = color or card.color
        wild = card.color == WILD
        rank = None if wild else card.rank
        fits = 0
        counted = False
        for other in hand:
            if other is card and not counted:
                counted = True          # the card itself (one copy of it) is gone
                continue
            if other.color == new_color or (rank is not None and other.rank == rank):
                fits += 1
        wilds_left = sum(1 for other in hand if other.color == WILD) - (1 if wild else 0)
        score = 0.0
        extra = (not wild and card.rank in "SRD") or (wild and card.rank == "4")
        if extra:
            score += EXTRA_TURN
            if fits or wilds_left:
                score += FOLLOW_UP
            if card.rank == "D":
                score += 2 * OPP_CARD
            elif wild:
                score += 4 * OPP_CARD
        else:
            score -= OPP_REPLY * self._p_reply(r, unseen, total, opp_n, new_color, rank)
        score += CONTROL * min(fits, CONTROL_CAP)
        late = opp_n <= LATE
        if wild and not late and left > 2:
            score -= HOLD_WILD
        if (card.rank == "D" or (wild and card.rank == "4")) and opp_n > LATE + 1 and left > 2:
            score -= HOLD_DRAW      # kept to stop the opponent on its last cards
        score += card.points * (SHED_POINTS_LATE if late else SHED_POINTS)
        return score

    def _going_out_run(self, r: Round, seat: int, hand: list[Card],
                       cards: list[Card]) -> tuple[Card, str | None] | None:
        """A first card from which the whole hand goes this turn, chaining extra turns."""
        if len(hand) > 5:
            return None
        for card in cards:
            rest = list(hand)
            rest.remove(card)
            if card.color == WILD:
                for color in COLORS:
                    if _chain(rest, card, color, None):
                        return card, color
            elif _chain(rest, card, card.color, card.rank):
                return card, None
        return None


def _chain(rest: list[Card], played: Card, color: str, rank: str | None) -> bool:
    """Whether ``rest`` can all be played in this turn after ``played`` left ``color``."""
    if not rest:
        return True
    keeps_turn = (played.color != WILD and played.rank in "SRD") or played is _W4
    if not keeps_turn:
        return False
    for i, card in enumerate(rest):
        if card.color == WILD:
            fits = card is not _W4 or not any(c.color == color for c in rest)
            if fits:
                others = rest[:i] + rest[i + 1:]
                for col in COLORS:
                    if _chain(others, card, col, None):
                        return True
        elif (card.color == color or (rank is not None and card.rank == rank)) \
                and _chain(rest[:i] + rest[i + 1:], card, card.color, card.rank):
            return True
    return False


_W4 = next(card for card in DECK if card.code == "W4")


# -- running hands ---------------------------------------------------------------------------

def play_hand(r: Round, players: tuple[Player, Player], max_moves: int = 20_000) -> Round:
    """Play a dealt hand to its end with two players; returns the finished round."""
    for _ in range(max_moves):
        if r.phase is Phase.OVER:
            return r
        if r.uncried is not None:
            catcher = 1 - r.uncried
            if players[catcher].wants_catch(r, catcher):
                r.apply(Catch(catcher))
        seat = r.turn
        r.apply(players[seat].choose(r, seat))
    raise RuntimeError("the hand did not end")
