"""Judging a close by its outcome, not by clairvoyant worlds.

The expert's sampling searches each sampled world with both hands in view.  That flatters
closing more than any other move: in every world the closer "knows" where each card is and
plays the closed game perfectly, although at the table it will not know (the strategy-fusion
error of perfect-information sampling).  So a close the sampling likes is checked by its
outcome: the same sampled worlds are played out twice, once closing now and once playing the
best card instead, both sides then playing by a policy that sees only its own hand and the
cards that have been shown (``informed_move``), and the game points are compared.  The
computer closes only where closing gains on average.

The policy is a plain, honest one (it holds no search): while the stock is open it plays as
``GreedyPlayer`` does (exchange the 9, declare marriages, cheap leads, cheapest winning
follow); once the game is closed it cashes cards no unplayed card can beat, wins what it can
as cheaply as it can, and otherwise gives the cheapest card.  It never closes.
"""

from __future__ import annotations

from collections.abc import Generator, Iterable

from retro.games.sixtysix.rules import (
    PACK,
    Card,
    Close,
    Deal,
    Exchange,
    Move,
    Play,
    beats,
)


def _cheap(card: Card) -> tuple[int, int]:
    return (card.points, card.strength)


def _unaccounted(deal: Deal, player: int) -> set[Card]:
    """Cards ``player`` cannot place for sure: not in its hand and not played yet."""
    return set(PACK) - set(deal.hands[player]) - deal.played()


def _boss(card: Card, unaccounted: Iterable[Card]) -> bool:
    """No card still out of sight ranks above ``card`` in its suit."""
    return not any(c.suit == card.suit and c.strength > card.strength for c in unaccounted)


def informed_move(deal: Deal) -> Move:
    """The move of the player to move, from what that player may know."""
    p = deal.turn
    if deal.can_exchange():
        return Exchange()
    hand = deal.playable()
    trump = deal.trump
    if deal.leading:
        marriages = deal.marriage_available()
        if marriages:
            suit = max(marriages, key=lambda s: (s == trump, s))
            return Play(Card(suit=suit, rank="Q"), marriage=True)
        if deal.closed:
            out = _unaccounted(deal, p)
            sure = [c for c in hand if _boss(c, out)]
            if sure:
                return Play(max(sure, key=lambda c: (c.points, c.suit)))
            return Play(min(hand, key=_cheap))
        return Play(min(hand, key=lambda c: (c.suit == trump, c.points, c.strength)))
    led = deal.trick[0]
    trump_now = deal.trick_trump()
    winners = [c for c in hand if beats(led, c, trump_now)]
    if winners:
        return Play(min(winners, key=lambda c: (c.suit == trump, c.points, c.strength)))
    return Play(min(hand, key=lambda c: (c.points, c.suit == trump, c.strength)))


def play_out(deal: Deal, first: Move, seat: int, carry: int) -> int:
    """Game points for ``seat`` when ``first`` is played and both sides then follow
    ``informed_move`` to the end (carried points go to the winner; a drawn game gives 0)."""
    deal = deal.copy()
    deal.apply(first)
    while not deal.over:
        deal.apply(informed_move(deal))
    res = deal.result
    assert res is not None
    if res.winner is None:
        return 0
    gp = res.game_points + carry
    return gp if res.winner == seat else -gp


def world_deal(deal: Deal, seat: int, opponent: list[Card], stock: list[Card]) -> Deal:
    """The deal as ``seat`` sees it, with a sampled opponent hand and stock order."""
    world = deal.copy()
    world.hands[1 - seat] = list(opponent)
    world.stock = list(stock)
    return world


def closing_gain(worlds: list[Deal], seat: int, play: Move,
                 carry: int) -> Generator[int, object, float]:
    """Mean game points of closing now minus those of ``play``, over the same worlds.

    Yields the number of worlds played out so far (cooperative work).
    """
    total = 0
    for done, world in enumerate(worlds):
        if done:
            yield done
        total += play_out(world, Close(), seat, carry) - play_out(world, play, seat, carry)
    return total / len(worlds)
