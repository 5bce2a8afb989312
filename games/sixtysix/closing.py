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

The play-outs' cost is bounded by a budget of solver positions, never by the clock (a seed
gives the same move on every machine): the positions the play-out players search are summed
world by world, and once the budget is spent (after at least ``floor`` worlds, each played
out both ways) the gain is the mean over the worlds done.  A cheap check plays every world.
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from typing import NamedTuple, Protocol

from retro.games.sixtysix.rules import Card, Close, Deal, Move


class Chooser(Protocol):
    #: Solver positions searched so far by this player (all its decisions together).
    nodes: int

    def choose(self, deal: Deal, carry: int = 0) -> Move: ...


#: ``(seat, seed) -> player``: who plays each seat in the play-outs.
PlayerFactory = Callable[[int, int], Chooser]


def world_deal(deal: Deal, seat: int, opponent: list[Card], stock: list[Card]) -> Deal:
    """The deal as ``seat`` sees it, with a sampled opponent hand and stock order."""
    world = deal.copy()
    world.hands[1 - seat] = list(opponent)
    world.stock = list(stock)
    return world


class Checked(NamedTuple):
    """A closing check's verdict and what it cost."""

    gain: float       # mean game points of closing over the other play, the worlds done
    worlds: int       # worlds played out (both ways): fewer than asked if the budget ran out
    nodes: int        # solver positions the play-out players searched in all


def play_out(world: Deal, first: Move, seat: int, carry: int, players: PlayerFactory,
             seed: int) -> tuple[int, int]:
    """Game points for ``seat`` when ``first`` is played and ``players`` play on to the end
    (carried points go to the winner; a drawn game gives 0), and the solver positions the
    players searched on the way."""
    deal = world.copy()
    deal.apply(first)
    seats = {s: players(s, seed * 2 + s) for s in (0, 1)}
    while not deal.over:
        deal.apply(seats[deal.turn].choose(deal, carry))
    res = deal.result
    assert res is not None
    nodes = seats[0].nodes + seats[1].nodes
    if res.winner is None:
        return 0, nodes
    gp = res.game_points + carry
    return (gp if res.winner == seat else -gp), nodes


def closing_gain(worlds: list[Deal], seat: int, play: Move, carry: int,
                 players: PlayerFactory, seed: int, budget: int = 0,
                 floor: int = 1) -> Generator[int, object, Checked]:
    """Mean game points of closing now minus those of ``play``, over the same worlds (each
    world's two play-outs share their players' seeds too).

    ``budget`` (0: none) bounds the solver positions of all the play-outs: checked after
    each world, once that many have been searched and at least ``floor`` worlds are done,
    the worlds left are not played and the mean is over those done.

    Yields the number of worlds played out so far (cooperative work).
    """
    total = nodes = played = 0
    for world in worlds:
        if played:
            if budget and nodes >= budget and played >= floor:
                break
            yield played
        run_seed = seed + played
        closed, closed_nodes = play_out(world, Close(), seat, carry, players, run_seed)
        other, other_nodes = play_out(world, play, seat, carry, players, run_seed)
        total += closed - other
        nodes += closed_nodes + other_nodes
        played += 1
    return Checked(total / max(1, played), played, nodes)
