"""The fast play-out agrees with the rules engine on greedy hands."""

from __future__ import annotations

import random

from retro.games.yucky import playout
from retro.games.yucky.ai import GreedyPlayer, play_hand
from retro.games.yucky.playout import KIND
from retro.games.yucky.rules import DECK, Phase, Reshuffled, Round


def test_kinds_cover_the_deck():
    assert len(playout.KINDS) == 54
    assert sum(playout.KPTS[KIND[c]] for c in DECK) == sum(c.points for c in DECK)


def test_playout_finds_the_same_winner_as_the_engine():
    compared = 0
    for seed in range(400):
        r = Round.deal(random.Random(seed), dealer=seed % 2)
        if r.phase is not Phase.PLAY or r.top.is_wild or r.events:
            continue
        hands = [[KIND[c] for c in h] for h in r.cards]
        pile = [KIND[c] for c in r.draw_pile]
        color, rank = playout.KCOL[KIND[r.top]], playout.KRANK[KIND[r.top]]
        turn = r.turn
        players = (GreedyPlayer(random.Random(1)), GreedyPlayer(random.Random(2)))
        play_hand(r, players)
        if any(isinstance(e, Reshuffled) for e in r.events):
            continue          # the two shuffle the discard pile differently
        winner = playout.play_out(hands, pile, [KIND[r.discard[0]]], color, rank, turn,
                                  random.Random(0))
        assert winner == r.winner, f"seed {seed}"
        compared += 1
    assert compared >= 50
