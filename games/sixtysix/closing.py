"""Judging a close by its outcome, not by clairvoyant worlds.

The expert's sampling searches each sampled world with both hands in view.  That flatters
closing more than any other move: in every world the closer "knows" where each card is and
plays the closed game perfectly, although at the table it will not know (the strategy-fusion
error of perfect-information sampling).  So a close the sampling likes is checked by its
outcome: sampled worlds (the other hand and the stock order, dealt from what the closer may
know) are played to the end twice from the same cards, once closing now and once playing
the best card instead, both sides then choosing every move by the computer's own play, each
from its own seat's view (it samples the cards it cannot see, and never sees them), and the
game points are compared.  The computer closes only where closing gains on average.
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from typing import Protocol

from retro.games.sixtysix.rules import Card, Close, Deal, Move


class Chooser(Protocol):
    def choose(self, deal: Deal, carry: int = 0) -> Move: ...


#: ``(seat, seed) -> player``: who plays each seat in the play-outs.
PlayerFactory = Callable[[int, int], Chooser]


def world_deal(deal: Deal, seat: int, opponent: list[Card], stock: list[Card]) -> Deal:
    """The deal as ``seat`` sees it, with a sampled opponent hand and stock order."""
    world = deal.copy()
    world.hands[1 - seat] = list(opponent)
    world.stock = list(stock)
    return world


def play_out(world: Deal, first: Move, seat: int, carry: int, players: PlayerFactory,
             seed: int) -> int:
    """Game points for ``seat`` when ``first`` is played and ``players`` play on to the end
    (carried points go to the winner; a drawn game gives 0)."""
    deal = world.copy()
    deal.apply(first)
    seats = {s: players(s, seed * 2 + s) for s in (0, 1)}
    while not deal.over:
        deal.apply(seats[deal.turn].choose(deal, carry))
    res = deal.result
    assert res is not None
    if res.winner is None:
        return 0
    gp = res.game_points + carry
    return gp if res.winner == seat else -gp


def closing_gain(worlds: list[Deal], seat: int, play: Move, carry: int,
                 players: PlayerFactory, seed: int) -> Generator[int, object, float]:
    """Mean game points of closing now minus those of ``play``, over the same worlds (each
    world's two play-outs share their players' seeds too).

    Yields the number of worlds played out so far (cooperative work).
    """
    total = 0
    for done, world in enumerate(worlds):
        if done:
            yield done
        run_seed = seed + done
        total += (play_out(world, Close(), seat, carry, players, run_seed)
                  - play_out(world, play, seat, carry, players, run_seed))
    return total / len(worlds)
