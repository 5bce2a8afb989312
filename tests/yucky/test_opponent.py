"""What the computer infers about the opponent's hidden hand from what it sees it do."""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Iterator

import pytest

from retro.games.yucky.ai import Computer, FirstFitPlayer, RandomPlayer, play_hand
from retro.games.yucky.opponent import (
    COLOR_MASK,
    HONEST_WRONG,
    MEMORY,
    SOFT_TRUST,
    WHIM_WRONG,
    WILD_MASK,
    HandModel,
    fill,
    fits_mask,
)
from retro.games.yucky.playout import KCOL, KIND, WILD_COLOR
from retro.games.yucky.rules import (
    COMPUTER,
    DECK,
    DRAW,
    PASS,
    YOU,
    Options,
    Play,
    Respond,
    Round,
    parse_card,
)

RED, GREEN, BLUE = 0, 1, 2


def arrange(you: str, computer: str, top: str, turn: int = YOU, **kw) -> Round:
    return Round.arrange(random.Random(0), (you, computer), top, turn=turn, **kw)


def model_of(r: Round) -> HandModel:
    """The computer's model of seat YOU after every event of ``r``."""
    model = HandModel.start(YOU, [], len(r.cards[YOU]), r.top, r.color, False)
    return model


def watch(r: Round, moves: list) -> HandModel:
    model = model_of(r)
    for move in moves:
        r.apply(move)
    model.observe(r.events, len(r.cards[YOU]))
    return model


def test_a_draw_on_the_turn_marks_every_held_card_as_not_fitting():
    r = arrange("G1 B2", "R5 R6", "R3", pile="V9")
    model = watch(r, [DRAW])                       # V9 does not fit: the turn passes
    assert len(model.slots) == 3
    for slot in model.slots:                       # the two held and the one kept
        assert slot.hard & fits_mask(RED, 3) == fits_mask(RED, 3)


def test_a_drawn_card_that_is_then_played_leaves_the_older_marks():
    r = arrange("G1 B2", "R5 R6", "R3", pile="R8")
    model = watch(r, [DRAW, Play(parse_card("R8"))])
    assert len(model.slots) == 2
    assert all(slot.hard & COLOR_MASK[RED] for slot in model.slots)


def test_a_change_of_colour_on_a_number_marks_the_old_colour_as_likely_missing():
    r = arrange("G3 B2 B5", "R5 R6", "R3")
    model = watch(r, [Play(parse_card("G3"))])
    assert all(slot.soft & COLOR_MASK[RED] == COLOR_MASK[RED] and not slot.hard
               for slot in model.slots)


def test_the_likely_marks_are_trusted_less_once_the_opponent_shows_them_wrong():
    r = arrange("G3 R2 B5", "R3 G6", "R3")
    model = watch(r, [Play(parse_card("G3"))])     # it held R2 all along
    trust = model.trust
    r.apply(Play(parse_card("R3")))                # the computer turns the colour back
    r.apply(Play(parse_card("R2")))
    model.observe(r.events, len(r.cards[YOU]))
    assert model.contradictions == 1
    # The odds that it changes colour only when it must fall by the ratio of how often the
    # two kinds of player prove a mark wrong.
    assert _odds(model.trust) == pytest.approx(_odds(trust) * HONEST_WRONG / WHIM_WRONG)
    assert not any(slot.soft for slot in model.slots)


def _odds(p: float) -> float:
    return p / (1 - p)


def test_the_likely_marks_are_trusted_more_while_they_hold():
    r = arrange("G3 B2 B5", "R5 R6", "R3")
    model = model_of(r)
    trust = model.trust
    assert trust == pytest.approx(SOFT_TRUST)
    r.apply(Play(parse_card("G3")))                # a change of colour: a likely mark
    model.observe(r.events, len(r.cards[YOU]))
    assert model.soft_marks == 1
    assert _odds(model.trust) == pytest.approx(_odds(trust) * math.exp(WHIM_WRONG
                                                                       - HONEST_WRONG))


def test_a_hand_passes_on_what_it_showed_faded_by_the_memory():
    model = HandModel(YOU, past=(10.0, 1.0))
    model.soft_marks, model.contradictions = 3, 2
    assert model.evidence() == pytest.approx((MEMORY * 13, MEMORY * 3))
    # Evidence of many marks that held makes the marks all but certain.
    assert HandModel(YOU, past=(40.0, 0.0)).trust > 0.99
    assert HandModel(YOU, past=(40.0, 6.0)).trust < 0.05


def test_the_computer_learns_over_the_match_how_far_the_likely_marks_hold():
    # One computer for the whole match, as in the program: against a player that changes
    # colour at whim it trusts the marks less hand after hand, against first fit more.
    trusts = {}
    for name, make in (("random", RandomPlayer), ("first_fit", FirstFitPlayer)):
        ai = Computer(random.Random(1), rollouts=0)
        for i in range(8):
            rng = random.Random(100 + i)
            play_hand(Round.deal(rng, dealer=i % 2), (make(random.Random(i)), ai))
        ai._observe(Round.deal(random.Random(0), dealer=0), COMPUTER)   # the next hand
        assert ai._model.past[0] > 10
        trusts[name] = ai._model.trust
    assert trusts["random"] < 0.3 < SOFT_TRUST < 0.9 < trusts["first_fit"]


def test_a_wild_draw_four_that_stands_marks_the_colour_it_was_played_on():
    r = arrange("W4 B2 B5", "R5 R6", "R3")
    model = watch(r, [Play(parse_card("W4"), "B"), Respond(False)])
    assert all(slot.hard & COLOR_MASK[RED] == COLOR_MASK[RED] for slot in model.slots)


def test_a_wild_draw_four_caught_by_a_challenge_marks_nothing():
    r = arrange("W4 R2 B5", "R5 R6", "R3")
    model = watch(r, [Play(parse_card("W4"), "B"), Respond(True)])
    assert not any(slot.hard & COLOR_MASK[RED] for slot in model.slots)


def test_deals_keep_the_certain_marks_while_the_unseen_cards_allow():
    r = arrange("G1 B2 V4 G7", "R5 R6", "R3", pile="V9")
    model = watch(r, [DRAW])
    pool = [KIND[card] for card in DECK][:60]
    for seed in range(20):
        hand, rest = model.deal(list(pool), random.Random(seed))
        assert len(hand) == 5 and len(rest) == len(pool) - 5
        assert not any(KCOL[k] in (RED, WILD_COLOR) for k in hand)
        assert sorted(hand + rest) == sorted(pool)


def test_deals_fall_back_to_any_card_when_the_marks_cannot_be_kept():
    only_blue = COLOR_MASK[RED] | COLOR_MASK[GREEN] | COLOR_MASK[3] | WILD_MASK
    reds = [KIND[parse_card("R1")]] * 5
    hand, rest = fill([only_blue] * 3, list(reds), random.Random(1))
    assert len(hand) == 3 and len(rest) == 2


def random_hand(seed: int, max_events: int) -> Iterator[tuple[Round, HandModel]]:
    """A hand between two random players, with the model of seat YOU after every move
    (fed the events alone, no card count)."""
    from retro.games.yucky.ai import RandomPlayer

    r = Round.deal(random.Random(seed), dealer=seed % 2)
    players = (RandomPlayer(random.Random(1)), RandomPlayer(random.Random(2)))
    start = r.discard[0]
    model = HandModel.start(YOU, r.events, len(r.cards[YOU]), start,
                            None if start.is_wild else start.color, False)
    while r.winner is None and len(r.events) < max_events:
        r.apply(players[r.turn].choose(r, r.turn))
        model.observe(r.events, None)
        yield r, model


def test_the_model_follows_the_opponent_card_count_through_a_whole_hand():
    for seed in range(20):
        for r, model in random_hand(seed, 600):
            assert len(model.slots) == len(r.cards[YOU])


def test_deals_fill_the_most_marked_slots_first():
    # One slot can only be green, the other green or blue: green goes to the first.
    masks = [COLOR_MASK[RED], COLOR_MASK[RED] | COLOR_MASK[BLUE]]
    pool = [KIND[parse_card(code)] for code in ("R1", "G1", "B1")]
    for seed in range(12):
        hand, _ = fill(list(masks), list(pool), random.Random(seed))
        assert sorted(KCOL[k] for k in hand) == [GREEN, BLUE]


def test_a_played_card_that_an_old_or_a_new_card_could_be_leaves_either_in_the_deals():
    # The opponent drew on red (its three cards then: no red, no 3, no wild), was given two
    # unmarked cards by a draw two, and then played B5, which any of its five could be.
    r = arrange("G1 B5", "RD R5 G9", "R3", pile="V9 B7 G4")
    model = watch(r, [DRAW, Play(parse_card("RD")), Play(parse_card("R5")),
                      Play(parse_card("B5"))])
    assert sum(1 for slot in model.slots if slot.hard) == 3  # the summary: a new card went
    marked = Counter(sum(1 for mask in model.replay(random.Random(seed), soft=False) if mask)
                     for seed in range(60))
    assert set(marked) == {2, 3}
    assert marked[2] > marked[3]          # three old cards against two new ones, and an old
                                          # one allows fewer kinds, so it is likelier B5


def test_the_opponent_true_hand_keeps_the_certain_marks_of_some_deal_through_whole_hands():
    def fits(masks: list[int], hand: list[int]) -> bool:
        """Whether the cards can be given to the masks one each (a bipartite matching)."""
        owner: dict[int, int] = {}

        def place(slot: int, seen: set[int]) -> bool:
            for j, kind in enumerate(hand):
                if masks[slot] >> kind & 1 or j in seen:
                    continue
                seen.add(j)
                if j not in owner or place(owner[j], seen):
                    owner[j] = slot
                    return True
            return False
        return all(place(slot, set()) for slot in range(len(masks)))

    shares = []
    for seed in range(12):
        for r, model in random_hand(seed, 400):
            hand = [KIND[card] for card in r.cards[YOU]]
            rng = random.Random(len(r.events))
            kept = sum(fits(model.replay(rng, soft=False), hand) for _ in range(40))
            assert kept > 0
            shares.append(kept / 40)
    assert sum(shares) / len(shares) > 0.85


def test_under_multiple_draw_drawing_and_passing_marks_nothing():
    # With multiple draw a player may draw and pass while holding a fitting card (here it
    # keeps R2 on a red 3), so neither the draws nor the pass say anything of its hand.
    options = Options(multiple_draw=True)
    r = arrange("R2 G5", "R5 R6", "R3", pile="V9 B7", options=options)
    model = HandModel.start(YOU, [], len(r.cards[YOU]), r.top, r.color, True)
    for move in (DRAW, DRAW, PASS):
        r.apply(move)
        model.observe(r.events, len(r.cards[YOU]))
        assert len(model.slots) == len(r.cards[YOU])
        assert not any(slot.hard for slot in model.slots), move
    red = 0
    pool = [KIND[card] for card in DECK if card.color == "R"] * 2 + \
        [KIND[card] for card in DECK if card.color != "R"]
    for seed in range(40):
        hand, _ = model.deal(list(pool), random.Random(seed))
        red += any(KCOL[k] == RED for k in hand)
    assert red > 20                               # reds are dealt to it as to anyone


def test_the_computer_watching_a_multiple_draw_hand_marks_nothing_missing():
    # The same through the computer's eyes: its model and its void table stay clean, so
    # it does not count on the opponent lacking red.
    options = Options(multiple_draw=True)
    r = arrange("R2 G5", "R5 R6 G9", "R3", pile="V9 B7", options=options)
    ai = Computer(random.Random(0))
    for move in (DRAW, DRAW, PASS):
        r.apply(move)
        ai._observe(r, COMPUTER)
    assert ai._model.multiple_draw
    assert not any(slot.hard for slot in ai._model.slots)
    assert ai._void == {}


def test_each_replay_of_the_history_counts_its_steps_and_the_slots_it_goes_through():
    # The computer's budget counts this work too: a long game replays long histories.
    r = arrange("G1 B2", "R5 R6", "R3", pile="V9")
    model = watch(r, [DRAW])       # history: 2 slots, a mark, 1 slot more, a mark (the pass)
    before = model.work
    model.replay(random.Random(0), soft=True)
    assert model.work - before == (1 + 0) + (1 + 2) + (1 + 2) + (1 + 3)
