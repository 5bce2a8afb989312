"""The Pig Poker play-outs follow the rules: the squares a hand may take, and a four wins."""

from __future__ import annotations

import random

from retro.games.pigpoker import ai, playout
from retro.games.pigpoker import rules as r


def _boards(options: r.Options, games: int = 12):
    """Positions from real games between greedy players."""
    for seed in range(games):
        game = r.Game([r.Player("A", True), r.Player("B", True), r.Player("C", True)],
                      random.Random(seed), options)
        game.start_turn()
        while not game.over and game.turn_number < 40:
            yield game
            ai.play_turn(game, ai.GreedyPlayer())


def test_playout_squares_are_the_rules_squares_under_every_option():
    pool = playout.final_classes()
    checked = 0
    for options in (r.Options(), r.Options(mud_puddle=True), r.Options(same_sex=True)):
        for game in _boards(options):
            owners = [sq.owner for sq in game.board]
            classes = [sq.cls for sq in game.board]
            for cls in pool[:: len(pool) // 24]:
                assert playout.legal_squares(owners, classes, cls, options) == \
                    game.legal_squares(cls)
                checked += 1
    assert checked > 1000


def test_playout_ends_with_a_four_in_a_row_for_the_winner():
    pool = playout.final_classes()
    assert len(pool) == playout.POOL_SIZE and pool == playout.final_classes()
    for seed in range(30):
        owners: list[int | None] = [None] * r.SQUARES
        classes = [-1] * r.SQUARES
        winner = playout.play_out(owners, classes, seed % 3, 3, r.Options(),
                                  random.Random(seed), limit=400)
        assert winner is not None
        assert any(all(owners[k] == winner for k in line) for line in r.LINES)


def test_playout_policy_completes_a_four_before_anything_else():
    owners: list[int | None] = [0, 0, 0, None, 1, 1, 1, None] + [None] * 8
    classes = [5 if o is not None else -1 for o in owners]
    assert playout.policy_square(owners, classes, [3, 7, 9], 0) == 3
    # Seat 1 cannot win: it breaks seat 0's three (square 3 completes seat 0's row).
    assert playout.policy_square(owners, classes, [3, 9], 1) == 3
