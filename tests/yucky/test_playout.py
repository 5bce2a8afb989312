"""The fast play-out agrees with the rules engine on hands played by its own policy."""

from __future__ import annotations

import random

import pytest

from retro.games.yucky import playout
from retro.games.yucky.ai import Player, _legal_plays, _most_held_color, play_hand
from retro.games.yucky.playout import KIND
from retro.games.yucky.rules import (
    DECK,
    DRAW,
    Card,
    Move,
    NameColor,
    Phase,
    Play,
    Reshuffled,
    Respond,
    Round,
    parse_card,
)


class PolicyPlayer(Player):
    """The play-out's policy written against the rules engine, apart from ``playout``:
    the colour in play first (skips, reverses, draw twos, then the most points), then a
    change of colour on the number, then a wild, then a (legal) wild draw four."""

    def preference(self, card: Card, r: Round, hand: list[Card]) -> int:
        if card.is_wild:
            return 1 if card.rank == "C" else 0
        first = 2000 if card.color == r.color else 1000
        return first + 100 * (card.rank in "SRD") + card.points

    def choose(self, r: Round, seat: int) -> Move:
        hand = r.cards[seat]
        if r.phase is Phase.START_COLOR:
            return NameColor(_most_held_color(hand))
        if r.phase is Phase.CHALLENGE:
            return Respond(False)
        cards = _legal_plays(r, seat)
        if not cards:
            return DRAW
        card = max(cards, key=lambda card: self.preference(card, r, hand))
        rest = list(hand)
        rest.remove(card)
        return Play(card, _most_held_color(rest) if card.is_wild else None, len(hand) == 2)


class OwnPolicyPlayer(PolicyPlayer):
    """The computer's own play-out seat, written against the rules engine apart from
    ``playout``: as ``PolicyPlayer``, but a card whose number the hand also holds in another
    colour comes after the other cards of its kind of play."""

    def preference(self, card: Card, r: Round, hand: list[Card]) -> int:
        bridge = not card.is_wild and any(
            other.rank == card.rank and other.color not in (card.color, "W") for other in hand)
        return super().preference(card, r, hand) - 500 * bridge


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
        players = (OwnPolicyPlayer(), PolicyPlayer())
        play_hand(r, players)
        if any(isinstance(e, Reshuffled) for e in r.events):
            continue          # the two shuffle the discard pile differently
        winner, _ = playout.play_out(hands, pile, [KIND[r.discard[0]]], color, rank, turn,
                                  random.Random(0))
        assert winner == r.winner, f"seed {seed}"
        compared += 1
    assert compared >= 50


def test_play_out_opponent_plays_a_fitting_card_at_random_at_its_whim():
    red5, green7, red7 = (KIND[parse_card(code)] for code in ("R5", "G7", "R7"))

    def first_answer(whim: float, seed: int) -> int:
        hands = [[KIND[parse_card("B1")]] * 3, [red5, green7]]
        used = [red7]
        playout.play_out(hands, [KIND[parse_card("V1")]] * 20, used, 0, 7, 1,
                         random.Random(seed), whim=whim)
        return used[1]

    assert {first_answer(0.0, seed) for seed in range(20)} == {red5}    # colour first
    assert {first_answer(1.0, seed) for seed in range(20)} == {red5, green7}


def kinds(codes: str) -> list[int]:
    return [KIND[parse_card(code)] for code in codes.split()]


@pytest.mark.parametrize("action", ["RS", "RR", "RD"])
def test_after_a_skip_reverse_or_draw_two_the_candidate_goes_again_and_out(action):
    # The computer's candidate leaves it R5, which fits after the action card; the opponent
    # holds R9, which would go out at once if it had the turn.  The action card keeps the
    # turn, so every play-out is won; a play-out that handed the turn over would lose all.
    for seed in range(10):
        hands = [kinds(f"{action} R5"), kinds("R9")]
        winner, _ = playout.after_play(hands, kinds("B1 B2 B3 B4"), kinds("R3"), 0, 0,
                                       random.Random(seed))
        assert winner == 0, seed


@pytest.mark.parametrize("action", ["RS", "RR", "RD"])
def test_in_the_play_out_a_skip_reverse_or_draw_two_keeps_the_turn(action):
    # Either seat, on its own turn: the policy leads the action card (colour in play,
    # actions first), goes again and sheds R5 before the other seat's R9 comes down.
    for seat in (0, 1):
        for seed in range(10):
            hands = [kinds("R9"), kinds("R9")]
            hands[seat] = kinds(f"{action} R5")
            winner, _ = playout.play_out(hands, kinds("B1 B2 B3 B4"), kinds("R3"), 0, 3,
                                         seat, random.Random(seed))
            assert winner == seat, (seat, seed)


def test_the_play_out_counts_its_work_in_cards_scanned():
    # Each move scans the hand to move, plus one, and seat 0 its fitting cards once more:
    # R1 (3 + 1 + 3), a draw that does not fit (2 + 1), R2 (2 + 1 + 2), another draw
    # (3 + 1), R3 and out (1 + 1 + 1).
    hands = [kinds("R1 R2 R3"), kinds("B5 B6")]
    winner, work = playout.play_out(hands, kinds("G8 G7"), kinds("V9"), 0, 9, 0,
                                    random.Random(0))
    assert (winner, work) == (0, 7 + 3 + 5 + 4 + 3)


RED, GREEN = 0, 1


def own_card(hand: str, color: int, rank: int, other: int = 7) -> str:
    """The code of the card the computer's own play-out seat plays ("draw" for none)."""
    cards = kinds(hand)
    best, _, _ = playout.own_choice(cards, color, rank, other)
    return "draw" if best < 0 else playout.KINDS[cards[best]].code


def test_the_computers_play_out_seat_keeps_a_bridge_to_another_colour():
    # R9 is worth more, but with G9 it is the way to green later: R2 goes first.
    assert own_card("R9 G9 R2", RED, 5) == "R2"
    assert own_card("G9 R9 R2", RED, 5) == "R2"
    # Without the green nine there is no bridge, and the most points go first.
    assert own_card("R9 B3 R2", RED, 5) == "R9"
    # A second red nine is not a bridge (the same colour), nor a wild.
    assert own_card("R9 R9 R2", RED, 5) == "R9"
    assert own_card("R9 WC R2", RED, 5) == "R9"
    # A bridge is still played when it is the only card of the colour.
    assert own_card("R9 G9 B2", RED, 5) == "R9"
    # Skips, reverses and draw twos stay first among the cards that are not bridges.
    assert own_card("RS R9 G9 R2", RED, 5) == "RS"
    assert own_card("RS GS R2", RED, 5) == "R2"


def test_the_plain_play_out_policy_keeps_no_bridge():
    # The other seat plays the plain policy: R9 first, bridge or not.
    hands = [kinds("B1 B1 B1"), kinds("R9 G9 R2")]
    used = kinds("R5")
    playout.play_out(hands, kinds("V1") * 20, used, RED, 5, 1, random.Random(0))
    assert playout.KINDS[used[1]].code == "R9"


@pytest.mark.parametrize("wild", ["WC", "W4"])
def test_the_computers_play_out_seat_spends_a_wild_when_nothing_else_fits(wild):
    # Holding the wild back (drawing instead) while the hand was long lost the long game:
    # 0.25 of its hands against the plain policy.  A wild that is the only play is played,
    # however long the race.
    assert own_card(f"{wild} B1 B2 B3 B4 B5", RED, 7, other=7) == wild
    assert own_card(f"{wild} " + "B1 " * 40 + "V1", RED, 7, other=50) == wild
    # A card that fits still goes before the wild, and a number change before the wild.
    assert own_card(f"{wild} B1 B2 B3 B4 R5", RED, 7) == "R5"
    assert own_card(f"{wild} B1 B2 B3 B4 G7", RED, 7) == "G7"
    # The plain wild goes before the wild draw four.
    assert own_card("W4 WC B1 B2", RED, 7) == "WC"


def test_the_computers_play_out_seat_says_whether_it_holds_the_colour_in_play():
    # A wild draw four drawn is legal only without a card of the colour in play.
    assert playout.own_choice(kinds("R1 B2"), RED, 9, 7)[1] is True
    assert playout.own_choice(kinds("G9 B2"), RED, 9, 7)[1] is False
    assert playout.own_choice(kinds("B1 B2 B3 B4 B5 B6"), GREEN, 9, 7)[:2] == (-1, False)
