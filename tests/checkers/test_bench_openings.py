"""The bench's ballot openings: each game's opening is one the ballot would deal on the start
that game is played from (the Weckers weights and Take-One's removed pieces change it)."""

from __future__ import annotations

import random

import pytest

from bench import checkers_engine as B
from retro.games.checkers import engine as E
from retro.games.checkers import rules as R


@pytest.mark.parametrize("variant,take_one", [
    ("checkers", False), ("checkers", True), ("weckers", True), ("lite", False)])
def test_every_opening_is_a_fair_ballot_on_its_own_start(variant: str, take_one: bool) -> None:
    options = B.options_for("8x8", variant, take_one)
    assert options.take_one == take_one
    specs = B.openings(options, 8, seed=3)
    assert len(specs) == 8 and [s.a_black for s in specs] == [True, False] * 4
    assert len({s.line for s in specs}) == 4        # a pair shares its ballot, pairs differ
    for spec in specs:
        game = R.new_game(options, random.Random(spec.weights_seed))
        for i in spec.line:
            moves = game.legal_moves()
            assert 0 <= i < len(moves)
            game = R.play(game, moves[i])
        assert len(spec.line) == B.BALLOT_PLIES and not game.over
        assert abs(E.best_move(game, 5).score) <= B.BALLOT_MARGIN
    if options.weighted or options.take_one:
        # the ballot was dealt on the start the pair plays from, not on another's
        for n, spec in enumerate(specs[::2]):
            assert [spec.line] == B.ballots(options, 1, 3 + n, spec.weights_seed)
