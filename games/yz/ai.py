"""The computer player: the optimal solitaire strategy applied to its own card.

In the two-player game the computer maximises its own expected final score, ignoring the
opponent's card; that is the strategy the solver proves optimal for solitaire play.  Its
choices are deterministic: the same card, dice and roll give the same move.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from retro.games.yz.rules import Game, Phase, Rules
from retro.games.yz.solver import Advice, Solver


@dataclass
class ComputerPlayer:
    """Plays a turn of ``Game`` for the player to move, one step at a time."""

    solver: Solver

    @property
    def rules(self) -> Rules:
        return self.solver.rules

    def advise(self, game: Game) -> Advice:
        """The optimal step for the player to move (after at least one roll)."""
        return self.solver.advise(game.card, game.dice, game.roll)

    def play_turn(self, game: Game, rng: random.Random) -> str:
        """Roll, keep and post a whole turn; returns the box posted to."""
        if game.phase is Phase.POSTED or game.roll == 0:
            game.roll_dice(rng)
        while True:
            advice = self.advise(game)
            if advice.box is not None:
                game.post(advice.box)
                return advice.box
            game.keep(advice.held, rng)


def play_solitaire(seed: int, player: ComputerPlayer) -> int:
    """One seeded solitaire game by the computer; returns its final score."""
    rules = player.rules
    rng = random.Random(seed)
    game = Game(players=("CPU",), rules=rules)
    while game.phase is not Phase.OVER:
        player.play_turn(game, rng)
    return game.card.total(rules)
