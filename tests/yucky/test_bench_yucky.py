"""The Yucky bench's ceilings (``bench/yucky_ai.py --sees``): what each is told of the
opponent's hand on top of the hand model's marks, and that the play-outs are dealt from
it."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from bench import yucky_ai as bench
from retro.games.yucky.playout import KCOL, KIND, KINDS, KRANK, SKIP
from retro.games.yucky.rules import DECK, Round
from retro.kit.steps import drain


def _deals(seed: int) -> tuple[list[int], list[int], random.Random]:
    """A true hand of 2 to 12 cards and the pool of unseen cards that holds it."""
    rng = random.Random(seed)
    pool = rng.sample([KIND[card] for card in DECK], 60)
    return pool[:rng.randint(2, 12)], pool, rng


def _colors(hand: list[int]) -> Counter[int]:
    return Counter(KCOL[kind] for kind in hand)


def _within(hand: list[int], pool: list[int]) -> bool:
    return not Counter(hand) - Counter(pool)


class Marks:
    """A stand-in for the hand model: every slot marked ``mask`` (the kinds it is not)."""

    def __init__(self, mask: int = 0) -> None:
        self.mask = mask

    def masks(self, rng: random.Random) -> list[int]:
        return [self.mask] * 12       # as many slots as the longest true hand here


#: Marks that say no seven and no skip.
NO_SEVEN_OR_SKIP = sum(1 << k for k in range(len(KINDS)) if KRANK[k] in (7, SKIP))


def _marked_deals(seed: int) -> tuple[list[int], list[int], random.Random]:
    """As ``_deals``, the true hand holding no seven and no skip."""
    true, pool, rng = _deals(seed)
    return [k for k in true if not NO_SEVEN_OR_SKIP >> k & 1] or pool[-1:], pool, rng


def test_the_ceiling_told_the_colours_deals_the_same_colours_in_the_same_numbers():
    changed = 0
    for seed in range(300):
        true, pool, rng = _deals(seed)
        hand = bench._same_colors(true, Marks(), pool, rng)
        assert _colors(hand) == _colors(true), seed
        assert _within(hand, pool), seed
        changed += sorted(hand) != sorted(true)
    assert changed > 250          # the cards themselves are not told


def test_the_ceiling_told_the_voids_deals_exactly_the_colours_held():
    counts_differ = 0
    for seed in range(300):
        true, pool, rng = _deals(seed)
        hand = bench._same_voids(true, Marks(), pool, rng)
        assert set(_colors(hand)) == set(_colors(true)), seed
        assert len(hand) == len(true), seed
        assert _within(hand, pool), seed
        counts_differ += _colors(hand) != _colors(true)
    assert counts_differ > 150    # how many of each is not told


@pytest.mark.parametrize("sees", ["colors", "voids"])
def test_the_ceilings_keep_the_hand_models_marks_where_the_colours_allow(sees):
    for seed in range(300):
        true, pool, rng = _marked_deals(seed)
        if NO_SEVEN_OR_SKIP >> true[0] & 1:
            continue
        hand = bench.SEES[sees](true, Marks(NO_SEVEN_OR_SKIP), pool, rng)
        assert not any(NO_SEVEN_OR_SKIP >> k & 1 for k in hand), seed
        assert len(hand) == len(true)


@pytest.mark.parametrize("sees", sorted(bench.SEES))
def test_the_ceilings_play_outs_are_dealt_from_the_opponents_real_hand(sees):
    for seed in range(5):
        r = Round.deal(random.Random(seed), dealer=0)
        seat = r.turn
        computer = bench.seeing(bench.SEES[sees])(random.Random(seed))
        drain(computer.choose_steps(r, seat))
        true = [KIND[card] for card in r.cards[1 - seat]]
        pool = [KIND[card] for card in DECK]
        hand, rest = computer._model.deal(list(pool), random.Random(seed))
        assert sorted(hand + rest) == sorted(pool)
        assert _colors(hand) == _colors(true) if sees != "voids" else \
            set(_colors(hand)) == set(_colors(true))
        if sees == "hand":
            assert hand == true


def test_the_bench_names_the_ceiling_it_measures(monkeypatch, capsys):
    monkeypatch.setattr("sys.argv", ["yucky_ai.py", "--sees", "colors", "--only", "first_fit",
                                     "--hands", "2"])
    monkeypatch.setattr(bench, "speed", lambda *args: 1.0)
    bench.main()
    lines = capsys.readouterr().out.splitlines()
    assert "sees = colors" in lines
    assert "hands_vs_first_fit = 2" in lines


@pytest.mark.parametrize("sees", ["colors", "voids"])
def test_the_ceilings_hold_to_what_they_are_told_where_the_marks_say_otherwise(sees):
    # The marks rule out every red card, but the real hand is all red: what the ceiling is
    # told wins, and it deals reds.
    reds = [k for k in range(len(KINDS)) if KCOL[k] == 0]
    no_red = sum(1 << k for k in reds)
    true = reds[:3]
    pool = [KIND[card] for card in DECK]
    hand = bench.SEES[sees](true, Marks(no_red), pool, random.Random(1))
    assert [KCOL[k] for k in hand] == [0, 0, 0]
