"""What the player reads: the words fixed after trying the game as a new player would."""

from __future__ import annotations

import random

from retro.frontends.script import run
from retro.games.yucky.narrate import start_up_text
from retro.games.yucky.rules import COMPUTER, Round, parse_card


def play(keys: str, seed: int = 1, letters: str = "*", **kw):
    return run("yucky", seed=seed, keys=keys, letters=letters, **kw)


def _deal_with_top(code: str, dealer: int) -> Round:
    for seed in range(5000):
        r = Round.deal(random.Random(seed), dealer=dealer)
        if r.top is parse_card(code):
            return r
    raise AssertionError(code)


def test_start_up_wild_says_you_name_the_colour():
    r = _deal_with_top("WC", dealer=COMPUTER)
    text = start_up_text(r)
    assert text.endswith("you name the colour.") and "you names" not in text


def test_start_colour_question_offers_no_take_back():
    for seed in range(200):
        result = play("ENTER", seed=seed)
        if result.state["phase"] == "start_color":
            line = result.screen.read(23)
            assert "name the colour" in line and "take the card back" not in line
            return
    raise AssertionError("no start-up wild in 200 seeds")


def test_error_messages_keep_card_codes_in_capitals():
    from retro.games.yucky.ui import YuckyScreen

    class Probe(YuckyScreen):
        def __init__(self) -> None:
            self.said = ""

        def error(self, text: str) -> None:
            self.said = text

        def apply(self, move) -> None:
            from retro.games.yucky.rules import IllegalMove
            raise IllegalMove("a drawn card that fits must be played: BD")

    probe = Probe()
    probe.try_move(None)  # type: ignore[arg-type]
    assert probe.said == "A drawn card that fits must be played: BD."


def test_f1_message_is_not_overwritten_by_the_turn_prompt():
    result = play("ENTER F1", seed=3)
    assert "Sound off." in result.screen.read(23)
    again = play("ENTER F6", seed=3)
    assert "replay" in again.screen.read(23)


def test_game_point_error_is_shown_on_screen():
    result = play('"50" ENTER')
    line = result.screen.read(23)
    assert "100 to 9999" in line and result.state["phase"] == "game_point"


def _until_play_another() -> str:
    keys = '"100" ENTER'
    for _ in range(30):
        keys += " x y SPACE"
        if "Play another game?" in str(play(keys + " SPACE").screen):
            return keys + " SPACE"
    raise AssertionError("the game did not end")


def test_esc_at_play_another_game_is_not_yes():
    lose = _until_play_another()
    esc = play(lose + " ESC")
    assert esc.state["phase"] != "game_point" and esc.ended     # no: the program ends
    assert play(lose + " y").state["phase"] == "game_point"
    assert play(lose + " rclick:1,1").state["phase"] == "game_point"
    assert play(lose + " n").ended
    assert play(lose + " click:1,1").ended


def test_your_cry_jingle_sounds_once(play_arranged):
    from retro.games.yucky.layout import TUNE_CRY
    from retro.pc.speaker import Speaker

    once = Speaker()
    once.play(TUNE_CRY, 0.0)
    jingle = [seg.hz for seg in once.timeline]
    result = play_arranged('ENTER ENTER "R5"', "R5 G5", "B1 B2 B3 B4", "R7")
    assert result.state["hands"]["you"] == ["G5"]
    heard = [seg.hz for seg in result.machine.speaker.timeline]
    runs = sum(1 for i in range(len(heard)) if heard[i:i + len(jingle)] == jingle)
    assert runs == 1
