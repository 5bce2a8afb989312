"""The function keys work at any time (the manual): inside the pop-ups, the show, the
questions and while the computer thinks; keys typed meanwhile are kept."""

from __future__ import annotations

from retro.frontends.script import run
from retro.games.yucky.rules import COMPUTER


def play(keys: str, seed: int = 3, letters: str = "*", **kw):
    return run("yucky", seed=seed, keys=keys, letters=letters, **kw)


def test_f1_and_f2_work_inside_the_options():
    result = play("ENTER F3 F1 F2")
    assert result.state["options"]["sound"] is False
    assert result.state["options"]["demo"] is True
    assert "Options" in str(result.screen)            # still in the options box
    assert "F1 Sound" in result.screen.read(24) and "DEMO" in result.screen.read(0)


def test_f10_works_inside_the_options():
    assert play("ENTER F3 F10").screen.border == 1


def test_f1_works_inside_the_help_and_esc_gives_the_screen_back():
    before = play("ENTER")
    inside = play("ENTER F5 F1")
    assert inside.state["options"]["sound"] is False and "Page 1 of" in str(inside.screen)
    after = play("ENTER F5 ESC")
    assert after.screen.to_bytes() == before.screen.to_bytes()


def test_f5_during_the_start_up_show_opens_the_help():
    shown = play("wait:500 F5", letters="")
    assert "Page 1 of" in str(shown.screen) and shown.state["phase"] == "show"


def test_f8_and_f9_ask_inside_the_options():
    result = play("ENTER F3 F9")
    assert "Quit the program?" in str(result.screen)
    assert play("ENTER F3 F9 y").ended


def test_keys_typed_while_the_computer_thinks_are_kept(play_arranged):
    # The computer moves first; Space typed while it thinks is your draw afterwards.
    kept = play_arranged("ENTER wait:300 SPACE", "B1 B2 B3", "R5 R6 R8", "R7", turn=COMPUTER)
    assert len(kept.state["hands"]["you"]) == 4
    assert kept.state["hands"]["you"][:3] == ["B1", "B2", "B3"]


def test_f2_during_your_turn_lets_the_computer_take_your_seat():
    result = play("ENTER F2", until_ms=3000)
    assert result.state["options"]["demo"] is True
    assert result.state["discard"] != play("ENTER").state["discard"]


def test_f2_at_the_start_colour_question_lets_the_computer_name_it():
    assert play("ENTER", seed=115).state["phase"] == "start_color"
    result = play("ENTER F2", seed=115, until_ms=3000)
    assert result.state["options"]["demo"] is True and result.state["color"] in "RGBV"
