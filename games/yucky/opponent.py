"""What the computer can tell of the opponent's hidden hand, and deals drawn to match it.

The opponent's hand is kept as one *slot* per card, each slot with the card kinds it cannot
be (bit masks over ``playout.KINDS``).  The events of the hand fill the masks in:

* *certain* (``hard``): a player draws on its turn only when nothing fits, so every card it
  held then fits neither the colour in play, nor the number or symbol on top, nor is a
  wild; a drawn card that it then keeps (it passes) does not fit either; a wild draw four
  that stood unchallenged, or survived a challenge, was legal, so it held none of the
  colour in play;
* *likely* (``soft``): a player that changes colour on a number or symbol, or plays a plain
  wild, usually does so because it has nothing of the colour in play.  Players differ
  here, so a deal uses these marks only ``trust`` of the time: the chance, learnt from the
  marks made and shown wrong (the opponent plays a card they said it could not hold) in
  this hand and the ones before (``past``), that the opponent changes colour only when it
  must.

Cards the opponent draws or is given add empty slots.  Which slot a card it plays came
from is often not known: a card drawn after a draw on the turn is unmarked, the older ones
are marked, and a card that fits both could have been either.  The model keeps the history
of marks, new slots and played cards, and each deal replays it, taking every played card
from a slot that could have held it, chosen at random with the odds of that slot holding
that card (``replay``).  Deciding once for all deals (say, always the least-marked slot)
would keep marks on a card that was in fact drawn later: against random play that left
the opponent's true hand outside the marks at a third of the computer's decisions.
``deal`` then fills the replayed slots from the unseen cards, the most-marked first, each
with a card its mask allows (any card, when none does).

``slots`` is one such replay made without chance (the least-marked slot gives each played
card): it keeps the count of cards and tells when the likely marks prove wrong.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass, field

from retro.games.yucky import playout
from retro.games.yucky.playout import KCOL, KIND, KINDS, KRANK, WILD_COLOR
from retro.games.yucky.rules import (
    COLORS,
    Card,
    Challenged,
    ColorNamed,
    Drew,
    HandEvent,
    Passed,
    Played,
)

#: How often the likely masks are used in a deal, before the opponent has shown anything.
SOFT_TRUST = 0.75

#: The likely marks proved wrong, per mark, by two kinds of player: one that changes colour
#: only when it must (a first-fit player: 0.025 over 400 hands) and one that does so at whim
#: (random play 0.14, most points first 0.20, the computer itself 0.18).  ``trust`` is the
#: chance that the opponent is of the first kind, given the marks made and proved wrong so
#: far (in this hand and, through ``past``, the hands before it).
HONEST_WRONG = 0.03
WHIM_WRONG = 0.15

#: How much of the earlier hands' evidence a new hand keeps (a memory of about ten hands,
#: should the opponent change its ways).
MEMORY = 0.9

#: The operations of the history that ``deal`` replays: marks on every slot held then
#: (hard, soft), new slots (count), a played card (kind), a slot dropped to match the count.
MARK, ADD, PLAY, DROP = range(4)

#: Replays kept for the deals of one decision (each deal still shuffles its own cards).
REPLAYS = 40


def _mask(test: Callable[[int], bool]) -> int:
    return sum(1 << k for k in range(len(KINDS)) if test(k))


def _color_mask(color: int) -> int:
    return _mask(lambda k: KCOL[k] == color)


def _rank_mask(rank: int) -> int:
    return _mask(lambda k: KCOL[k] != WILD_COLOR and KRANK[k] == rank)


ALL_KINDS = (1 << len(KINDS)) - 1
COLOR_MASK: tuple[int, ...] = tuple(_color_mask(c) for c in range(4))
WILD_MASK = _color_mask(WILD_COLOR)
RANK_MASK: dict[int, int] = {rank: _rank_mask(rank) for rank in range(playout.DRAW_TWO + 1)}


def fits_mask(color: int | None, rank: int) -> int:
    """The kinds that could be played on ``color`` with ``rank`` on top (-1: a wild)."""
    mask = WILD_MASK
    if color is not None:
        mask |= COLOR_MASK[color]
    if rank >= 0:
        mask |= RANK_MASK[rank]
    return mask


@dataclass
class Slot:
    hard: int = 0       # kinds the card certainly is not
    soft: int = 0       # kinds it is probably not


@dataclass
class HandModel:
    """The opponent's hand as slots (see the module notes); fed with ``observe``."""

    seat: int                                   # the opponent's seat
    multiple_draw: bool = False
    slots: list[Slot] = field(default_factory=list)
    color: int | None = None                    # the colour in play as the events go
    rank: int = -1                              # the number or symbol on top (-1: a wild)
    contradictions: int = 0                     # times the likely masks proved wrong
    soft_marks: int = 0                         # likely marks made (one per event)
    work: int = 0                               # slots gone through by the replays so far
    past: tuple[float, float] = (0.0, 0.0)      # (marks, proved wrong) in earlier hands
    history: list[tuple[int, int, int]] = field(default_factory=list)
    _replays: tuple[list[list[int]], list[list[int]]] = field(
        default_factory=lambda: ([], []))       # kept replays, without and with soft marks
    _replays_at: int = -1
    _pending_w4: int | None = None              # the colour a wild draw four was played on
    _seen: int = 0

    @classmethod
    def start(cls, seat: int, events: list[HandEvent], hand_size: int, top: Card,
              color: str | None, multiple_draw: bool) -> HandModel:
        """A model for a hand whose events so far are ``events`` and whose opponent now
        holds ``hand_size`` cards; ``top`` and ``color`` are the start-up card and colour
        (the top card and colour in play now, if nothing happened yet)."""
        gained = sum(len(e.cards) for e in events if isinstance(e, Drew) and e.seat == seat)
        played = sum(1 for e in events if isinstance(e, Played) and e.seat == seat)
        model = cls(seat, multiple_draw)
        model._add(max(hand_size - gained + played, 0))
        model.color = COLORS.index(color) if color else None
        model.rank = -1 if top.is_wild else KRANK[KIND[top]]
        return model

    @property
    def trust(self) -> float:
        """The chance that the likely marks hold: that the opponent changes colour only
        when it must (see ``HONEST_WRONG``), from the marks made and proved wrong."""
        marks = self.past[0] + self.soft_marks
        wrong = self.past[1] + self.contradictions
        log_odds = (math.log(SOFT_TRUST / (1 - SOFT_TRUST))
                    + wrong * math.log(HONEST_WRONG / WHIM_WRONG)
                    + marks * (WHIM_WRONG - HONEST_WRONG))
        return 1 / (1 + math.exp(-min(max(log_odds, -30.0), 30.0)))

    def evidence(self) -> tuple[float, float]:
        """What this hand tells a later one about the opponent: (marks, proved wrong),
        the earlier hands' share faded by ``MEMORY``."""
        return (MEMORY * (self.past[0] + self.soft_marks),
                MEMORY * (self.past[1] + self.contradictions))

    def observe(self, events: list[HandEvent], hand_size: int | None) -> None:
        """Take in the events not seen yet; ``hand_size`` is the opponent's card count now
        (the slots are made to match it, should the events not tell the whole story)."""
        for event in events[self._seen:]:
            self._event(event)
        self._seen = len(events)
        if hand_size is None:
            return
        slots = self.slots
        if len(slots) < hand_size:             # only if the events were not all seen
            self._add(hand_size - len(slots))
        while len(slots) > hand_size:
            slots.remove(min(slots, key=_marks))
            self.history.append((DROP, 0, 0))

    def _add(self, count: int) -> None:
        self.slots.extend(Slot() for _ in range(count))
        self.history.append((ADD, count, 0))

    def _mark_all(self, hard: int = 0, soft: int = 0) -> None:
        if soft and self.slots:
            self.soft_marks += 1
        for slot in self.slots:
            slot.hard |= hard
            slot.soft |= soft
        self.history.append((MARK, hard, soft))

    def _event(self, event: HandEvent) -> None:
        opp = self.seat
        if isinstance(event, Played):
            kind = KIND[event.card]
            before, before_rank = self.color, self.rank
            if event.seat == opp:
                self._take(kind)
                if event.card.is_wild:
                    if KRANK[kind] == playout.WILD_FOUR:
                        self._pending_w4 = before
                    elif before is not None:
                        self._mark_all(soft=fits_mask(before, before_rank) & ~WILD_MASK)
                elif before is not None and KCOL[kind] != before:
                    self._mark_all(soft=COLOR_MASK[before])
            self.color = COLORS.index(event.color)
            self.rank = -1 if event.card.is_wild else KRANK[kind]
        elif isinstance(event, ColorNamed):
            self.color = COLORS.index(event.color)
        elif isinstance(event, Challenged):
            if event.guilty:
                self._pending_w4 = None
            else:
                self._settle_w4()
        elif isinstance(event, Drew):
            if event.seat != opp:
                if event.why == "draw_four":
                    self._settle_w4()      # the wild draw four stood unchallenged
                return
            self._pending_w4 = None
            if event.why == "turn" and not self.multiple_draw:
                self._mark_all(hard=fits_mask(self.color, self.rank))
            self._add(len(event.cards))
        elif isinstance(event, Passed) and event.seat == opp and not self.multiple_draw:
            self._mark_all(hard=fits_mask(self.color, self.rank))

    def _settle_w4(self) -> None:
        if self._pending_w4 is not None:
            self._mark_all(hard=COLOR_MASK[self._pending_w4])
            self._pending_w4 = None

    def _take(self, kind: int) -> None:
        """Empty the least-marked slot that could have held the played card."""
        self.history.append((PLAY, kind, 0))
        bit = 1 << kind
        slots = self.slots
        if not slots:
            return
        fits = [s for s in slots if not (s.hard | s.soft) & bit]
        if not fits:
            fits = [s for s in slots if not s.hard & bit]
            if fits:
                # The likely masks were wrong for this opponent: trust them less.
                self.contradictions += 1
                for slot in slots:
                    slot.soft = 0
            else:
                fits = slots
        slots.remove(min(fits, key=_marks))

    def deal(self, pool: list[int], rng: random.Random) -> tuple[list[int], list[int]]:
        """A hand for the opponent from ``pool`` (card kinds, shuffled here) and the rest,
        filled (``fill``) into the masks of one replay (``masks``)."""
        return fill(self.masks(rng), pool, rng)

    def masks(self, rng: random.Random) -> list[int]:
        """The masks of the opponent's cards from one replay, with the likely marks
        ``trust`` of the time.

        Up to ``REPLAYS`` replays (with and without the likely marks) are kept while the
        history stays the same, so that 800 deals do not replay a long hand 800 times."""
        soft = rng.random() < self.trust
        if self._replays_at != len(self.history):
            self._replays_at = len(self.history)
            self._replays = ([], [])
        kept = self._replays[soft]
        if len(kept) < REPLAYS:
            kept.append(self.replay(rng, soft))
            return kept[-1]
        return kept[rng.randrange(REPLAYS)]

    def replay(self, rng: random.Random, soft: bool) -> list[int]:
        """The masks of the opponent's cards now, from one random replay of the history
        (with the likely marks if ``soft``).  A played card leaves a slot that could have
        held it, each with odds in proportion to one over the kinds its mask allows."""
        hard: list[int] = []
        likely: list[int] = []
        work = 0
        for op, a, b in self.history:
            work += 1 + len(hard)
            if op == MARK:
                hard = [m | a for m in hard]
                if soft:
                    likely = [m | b for m in likely]
            elif op == ADD:
                hard += [0] * a
                likely += [0] * a
            elif op == PLAY:
                if not hard:
                    continue
                bit = 1 << a
                could = [i for i, m in enumerate(hard) if not (m | likely[i]) & bit]
                if not could:
                    # Often a slot chosen earlier in this replay was the wrong one; the
                    # likely marks stay (``trust`` answers for how far they hold).
                    could = [i for i, m in enumerate(hard) if not m & bit]
                    if not could:
                        could = list(range(len(hard)))
                at = could[0] if len(could) == 1 else _pick(could, hard, likely, rng)
                del hard[at], likely[at]
            elif hard:                            # DROP
                at = min(range(len(hard)), key=lambda i: (hard[i] | likely[i]).bit_count())
                del hard[at], likely[at]
        self.work += work
        return [m | likely[i] for i, m in enumerate(hard)]


def _pick(could: list[int], hard: list[int], likely: list[int], rng: random.Random) -> int:
    """One of the slots ``could``, in proportion to one over the kinds each allows."""
    weights = [1.0 / max((ALL_KINDS & ~(hard[i] | likely[i])).bit_count(), 1) for i in could]
    x = rng.random() * sum(weights)
    for i, w in zip(could, weights, strict=True):
        x -= w
        if x < 0:
            return i
    return could[-1]


def fill(masks: list[int], pool: list[int], rng: random.Random
         ) -> tuple[list[int], list[int]]:
    """A hand of ``len(masks)`` cards from ``pool`` (shuffled here) and the rest: the
    most-marked mask first, each given the first card it allows (any card, if none)."""
    masks = sorted(masks, key=lambda m: -m.bit_count())
    rng.shuffle(pool)
    hand: list[int] = []
    for mask in masks:
        if not pool:
            break
        at = 0
        if mask:
            at = next((i for i, k in enumerate(pool) if not mask >> k & 1), 0)
        hand.append(pool.pop(at))
    return hand, pool


def _marks(slot: Slot) -> int:
    return (slot.hard | slot.soft).bit_count()
