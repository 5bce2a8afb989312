"""The cry in every case, through the rules and through the real program.

The window (README): a player left at one card without the cry can be caught until the
next move of anyone: a play, a draw, a pass or the answer to a wild draw four.  After a
skip, reverse or draw two the next move is the same player's own, and the catch comes
before it.
"""

from __future__ import annotations

import random

import pytest

from retro.games.yucky.rules import (
    COMPUTER,
    DRAW,
    YOU,
    Catch,
    Caught,
    IllegalMove,
    Phase,
    Play,
    Respond,
    Round,
    parse_card,
)


def arrange(you: str, computer: str, top: str, **kw) -> Round:
    return Round.arrange(random.Random(0), (you, computer), top, **kw)


# -- the rules ----------------------------------------------------------------------------

@pytest.mark.parametrize("card", ["R5", "RS", "RR", "RD", "WC", "W4"])
def test_cry_rule_any_card_to_one_without_the_cry_can_be_caught(card):
    r = arrange(f"{card} G5", "B1 B2 B3", "R7")
    r.apply(Play(parse_card(card), "G" if card.startswith("W") else None))
    assert r.uncried == YOU
    r.apply(Catch(COMPUTER))
    assert len(r.cards[YOU]) == 3 and Caught(YOU, COMPUTER) in r.events


@pytest.mark.parametrize("card", ["RS", "RR", "RD"])
def test_cry_rule_after_an_action_card_the_window_closes_with_the_own_next_move(card):
    r = arrange(f"{card} R5", "B1 B2 B3", "R7", pile="V9")
    r.apply(Play(parse_card(card)))
    assert r.turn == YOU and r.uncried == YOU       # plays again, still catchable
    r.apply(DRAW)                                   # the next move: too late now
    assert r.uncried is None
    with pytest.raises(IllegalMove):
        r.apply(Catch(COMPUTER))


def test_cry_rule_after_a_wild_draw_four_the_window_closes_with_the_answer():
    r = arrange("W4 G5", "B1 B2 B3", "R7")
    r.apply(Play(parse_card("W4"), "G"))
    assert r.phase is Phase.CHALLENGE and r.uncried == YOU
    r.apply(Respond(False))
    assert r.uncried is None


@pytest.mark.parametrize("card", ["R5", "RS", "RR", "RD", "WC", "W4"])
def test_cry_rule_a_cry_with_any_card_cannot_be_caught(card):
    r = arrange(f"{card} G5", "B1 B2 B3", "R7")
    r.apply(Play(parse_card(card), "G" if card.startswith("W") else None, cry=True))
    assert r.uncried is None


# -- the program: the computer catches you after every card ---------------------------

@pytest.mark.parametrize("card,keys", [("R5", '"R5"'), ("RS", '"RS"'), ("RR", '"RR"'),
                                       ("RD", '"RD"'), ("WC", '"WC" G'), ("W4", '"W4" G')])
def test_cry_rule_computer_catches_you_after_every_card(play_arranged, card, keys):
    result = play_arranged("ENTER " + keys, f"{card} G5", "B1 B2 B3 B4", "R7")
    state = result.state
    assert len(state["hands"]["you"]) == 3, state["message"]
    assert "Caught without the cry! You draw 2." in state["message"]


@pytest.mark.parametrize("card,keys", [("RS", '"RS"'), ("RD", '"RD"'), ("W4", '"W4" G')])
def test_cry_rule_with_the_cry_you_are_not_caught(play_arranged, card, keys):
    result = play_arranged("ENTER ENTER " + keys, f"{card} G5", "B1 B2 B3 B4",
                           "R7")
    assert result.state["hands"]["you"] == ["G5"]
    assert "Caught" not in result.state["message"]


def test_cry_armed_with_enter_does_not_survive_a_draw(play_arranged):
    # Enter, then a draw (R9 fits and is played): the cry was for a play that never came.
    caught = play_arranged("ENTER ENTER SPACE SPACE", "R5", "B1 B2 B3 B4", "R7",
                           pile="R9")
    assert len(caught.state["hands"]["you"]) == 3
    assert "Caught without the cry!" in caught.state["message"]
    cried = play_arranged("ENTER SPACE ENTER SPACE", "R5", "B1 B2 B3 B4", "R7",
                          pile="R9")
    assert cried.state["hands"]["you"] == ["R5"]


def test_cry_armed_is_dropped_by_a_draw_on_the_screen(play_arranged):
    result = play_arranged("ENTER ENTER SPACE", "R5", "B1 B2 B3 B4", "R7",
                           pile="R9")
    assert result.state["phase"] == "drawn" and result.state["cry_armed"] is False


# -- the program: you catch the computer after every card ----------------------------------

@pytest.mark.parametrize("card", ["R5", "RS", "RR", "RD", "WC", "W4"])
def test_cry_rule_you_catch_the_computer_after_every_card(play_arranged, card):
    # The computer always forgets; Enter a second after the game starts falls in the
    # window whatever the card: your turn, its own next turn, or your forced answer to W4.
    keys = "ENTER wait:1000 ENTER"
    result = play_arranged(keys, "B1 B2 B3 B4", f"{card} G5", "R7",
                           turn=COMPUTER, lapse=1.0)
    assert card in result.state["discard"]
    assert "Caught without the cry! The computer draws 2." in result.state["message"]


def test_cry_rule_computer_wild_draw_four_leaves_a_moment_to_catch(play_arranged):
    late = play_arranged("ENTER wait:1700 ENTER", "B1 B2 B3 B4", "W4 G5", "R7",
                         turn=COMPUTER, lapse=1.0)
    assert len(late.state["hands"]["you"]) == 8          # the four were taken
    assert "Caught" not in late.state["message"]         # and the moment had passed
