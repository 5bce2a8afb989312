"""Property tests: whatever is played, the 108 cards are all still there."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from retro.games.yucky.rules import DECK, Catch, Options, Phase, Play, Round

DECK_COUNT = Counter(card.code for card in DECK)


def _accounted(r: Round) -> bool:
    return Counter(card.code for card in r.all_cards()) == DECK_COUNT


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), long_game=st.booleans(), multiple_draw=st.booleans(),
       choices=st.lists(st.integers(0, 1000), min_size=0, max_size=400))
def test_all_108_cards_are_always_accounted_for(seed, long_game, multiple_draw, choices):
    options = Options(long_game=long_game, multiple_draw=multiple_draw)
    r = Round.deal(random.Random(seed), dealer=seed % 2, options=options)
    assert _accounted(r)
    for pick in choices:
        if r.phase is Phase.OVER:
            break
        if r.uncried is not None and pick % 3 == 0:
            r.apply(Catch(1 - r.uncried))
        else:
            moves = r.legal_moves()
            move = moves[pick % len(moves)]
            if isinstance(move, Play) and pick % 2:
                move = Play(move.card, move.color, cry=True)
            r.apply(move)
        assert _accounted(r)
        assert all(len(hand) <= 72 for hand in r.cards)
        assert r.phase is Phase.OVER or r.color in ("R", "G", "B", "V") \
            or r.phase is Phase.START_COLOR


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_every_hand_ends_under_legal_random_play(seed):
    rng = random.Random(seed)
    r = Round.deal(random.Random(seed), dealer=seed % 2)
    for _ in range(20_000):
        if r.phase is Phase.OVER:
            break
        moves = [m for m in r.legal_moves() if type(m).__name__ != "GiveUp"]
        r.apply(rng.choice(moves))
    assert r.phase is Phase.OVER
    assert _accounted(r)
