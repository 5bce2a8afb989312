"""Yucky Lucky You! screens, keys, mouse, options and the match file, run headless."""

from __future__ import annotations

import json
import random

import pytest

from retro.frontends.script import run
from retro.games.yucky import scorefile
from retro.games.yucky.rules import Match

# Seed 2: a whole hand won by typing cards (found by playing the first fitting card, the
# colour in play first); without the second ENTER you forget the cry on GR and are caught.
WIN_HAND = 'ENTER "B3" "B8" "W4" V "V8" "VS" "V9" "V4" "V0" "G5" ENTER "GR" "G4"'
FORGET_CRY = 'ENTER "B3" "B8" "W4" V "V8" "VS" "V9" "V4" "V0" "G5" "GR"'
# Seed 1: after your last draw here the computer plays down to one card.
COMPUTER_AT_ONE = 'ENTER SPACE SPACE SPACE SPACE SPACE SPACE SPACE'


def play(keys: str, seed: int = 1, letters: str = "*", **kw):
    return run("yucky", seed=seed, keys=keys, letters=letters, **kw)


# -- golden screens ------------------------------------------------------------------------

def test_start_screen(assert_screen):
    assert_screen(play("ENTER"), "yucky/start")


def test_wild_colour_prompt(assert_screen):
    result = play('ENTER "WC"', seed=11)
    assert "pick the colour" in str(result.screen)
    assert_screen(result, "yucky/wild_prompt")


def test_computer_challenges_an_illegal_wild_draw_four(assert_screen):
    result = play('ENTER "W4" R', seed=3)        # you still held green cards
    text = " ".join(str(result.screen).split())
    assert "The computer challenges the wild draw four: it was not allowed! You draw 4." in text
    assert len(result.state["hands"]["you"]) == 10
    assert_screen(result, "yucky/challenge")


def test_missing_cry_is_caught_by_the_computer(assert_screen):
    result = play(FORGET_CRY, seed=2)
    assert "Caught without the cry! You draw 2." in " ".join(str(result.screen).split())
    assert len(result.state["hands"]["you"]) == 3
    assert_screen(result, "yucky/caught_cry")


def test_you_catch_the_computers_missing_cry(assert_screen, monkeypatch):
    import retro.games.yucky.ui as ui

    monkeypatch.setattr(ui, "LAPSE", 1.0)          # the computer always forgets
    before = play(COMPUTER_AT_ONE)                  # it has just gone down to one card
    assert before.state["uncried"] == "computer"
    assert before.screen.attrs[8, 40] & 0x80         # the CRY! button blinks
    result = play(COMPUTER_AT_ONE + " ENTER")
    assert "Caught without the cry! The computer draws 2." in str(result.screen)
    assert len(result.state["hands"]["computer"]) == 3
    assert_screen(result, "yucky/you_catch")


def test_won_hand(assert_screen):
    result = play(WIN_HAND, seed=2)
    assert result.state["phase"] == "hand_over" and result.state["winner"] == "you"
    # The computer is left with G2 G1 R6 RS B3 B6: 2 + 1 + 6 + 20 + 3 + 6.
    assert result.state["hands"]["computer"] == ["G2", "G1", "R6", "RS", "B3", "B6"]
    assert result.state["scores"] == {"you": 38, "computer": 0}
    assert_screen(result, "yucky/won_hand")


def test_options_menu(assert_screen):
    result = play("ENTER F3 y")
    assert result.state["options"]["long_game"] is True
    assert_screen(result, "yucky/options")


def test_help_page(assert_screen):
    result = play("ENTER F5 PGDN")
    assert "2 of 5" in str(result.screen)
    assert_screen(result, "yucky/help")


def test_demo_mode(assert_screen):
    result = play("ENTER F2", seed=5, until_ms=8000)
    assert result.state["options"]["demo"] is True
    assert "DEMO" in result.screen.read(0)
    assert_screen(result, "yucky/demo")


def test_mono_screen(assert_screen):
    result = play("ENTER", letters="*M")
    assert result.screen.mono
    # cards in reverse video, no colour attributes anywhere
    assert set(result.screen.attrs.flatten()) <= {0x07, 0x0F, 0x70, 0x01, 0x09, 0xF0}
    assert_screen(result, "yucky/mono")


def test_startup_show_plays_a_tune_and_star_skips_it(assert_screen):
    assert_screen(play("", letters="", until_ms=3000), "yucky/show")
    shown = play("", letters="", until_ms=1000)
    assert shown.state["phase"] == "show" and "Y U C K Y" in str(shown.screen)
    assert play("", letters="*").state["phase"] == "game_point"
    assert play("a", letters="").state["phase"] == "game_point"   # any key ends the show


def test_long_game_hands_show_as_compact_codes(assert_screen):
    result = play("ENTER F3 y n ESC x y SPACE", seed=2)   # the long game from the next deal
    hand = result.state["hands"]["you"]
    assert len(hand) >= 52
    shown = " ".join(result.screen.read(row) for row in (2, 3, 4)).split()
    assert sorted(shown) == sorted(hand)
    assert_screen(result, "yucky/long_game")


# -- keys, mouse, rules through the screen ------------------------------------------------

def test_state_schema_has_the_documented_keys():
    state = play("ENTER").state
    for key in ("phase", "turn", "hands", "discard", "draw_pile", "color", "scores", "games",
                "options"):
        assert key in state
    assert set(state["hands"]) == {"you", "computer"}
    assert set(state["options"]) >= {"long_game", "open_hands", "multiple_draw", "replay_hand"}
    assert len(state["hands"]["you"]) + len(state["hands"]["computer"]) \
        + len(state["discard"]) + state["draw_pile"] == 108
    json.dumps(state)


def test_illegal_play_is_refused_with_a_message():
    before = play("ENTER", seed=3).state
    result = play('ENTER "R7"', seed=3)               # top is G2: red 7 does not fit
    assert "R7 does not fit" in result.screen.read(23)
    assert result.state["hands"] == before["hands"]


def test_illegal_play_beeps_unless_the_sound_is_off():
    from retro.pc.speaker import quantise

    def buzzes(result) -> bool:
        return any(seg.hz == quantise(150) for seg in result.machine.speaker.timeline)

    assert buzzes(play('ENTER "R7"', seed=3))
    assert not buzzes(play('ENTER F1 "R7"', seed=3))


def test_card_you_do_not_hold_is_refused():
    result = play('ENTER "B1"', seed=3)
    assert "You have no B1" in result.screen.read(23)


def test_typed_card_is_played():
    result = play('ENTER "GS"', seed=3)               # skip on G2: you play again
    assert result.state["discard"][-1] == "GS" and result.state["turn"] == "you"


def test_left_click_on_a_card_plays_it():
    # seed 3: shown sorted R7 RS G8 GS ...: GS is the 4th box, columns 14-17 (1-based)
    result = play("ENTER click:4,14", seed=3)
    assert result.state["discard"][-1] == "GS"


def test_space_and_right_click_draw():
    a = play("ENTER SPACE", seed=3).state
    b = play("ENTER rclick:12,40", seed=3).state
    assert a["draw_pile"] == b["draw_pile"] < play("ENTER", seed=3).state["draw_pile"]


def test_x_gives_the_hand_up_after_yes():
    result = play("ENTER x y", seed=3)
    assert result.state["phase"] == "hand_over" and result.state["winner"] == "computer"
    no = play("ENTER x n", seed=3)
    assert no.state["phase"] == "play"


def test_game_point_is_asked_and_checked():
    bad = play('"50" ENTER')
    assert "100 to 9999" in bad.screen.read(23) or bad.state["phase"] == "game_point"
    good = play('"150" ENTER')
    assert good.state["game_point"] == 150


def test_a_click_on_the_game_point_ok_button_takes_the_number_typed_or_the_default():
    asked = play("")
    ok_col = asked.screen.read(23).index("[ OK ]")
    del asked
    assert play(f'"150" click:24,{ok_col + 2}').state["game_point"] == 150
    default = play(f"click:24,{ok_col + 2}")
    assert default.state["game_point"] == 500 and default.state["phase"] != "game_point"


def test_f1_toggles_sound_and_the_legend_names_the_next_mode():
    result = play("ENTER F1")
    assert result.state["options"]["sound"] is False
    assert "F1 Sound" in result.screen.read(24)


def test_f6_toggles_the_replay_question_and_replay_deals_the_same_cards():
    first = play("ENTER x y").state["hands"]
    again = play("ENTER F6 x y SPACE y").state
    assert again["options"]["replay_hand"] is True
    assert again["hand_number"] == 2 and again["hands"] == first


def test_f8_asks_then_abandons_the_game():
    result = play('ENTER "GS" F8 y', seed=3)
    assert result.state["phase"] == "game_point" and result.state["hand_number"] == 0
    kept = play('ENTER "GS" F8 n', seed=3)
    assert kept.state["phase"] == "play" and kept.state["discard"][-1] == "GS"
    esc = play('ENTER "GS" F8 ESC', seed=3)
    assert esc.state["phase"] == "play"
    assert "Abandon this game and start a new one?" in str(play('ENTER "GS" F8', seed=3).screen)


def test_f9_asks_before_quitting_a_game_in_progress():
    assert play("ENTER F9 y").ended
    assert not play("ENTER F9 n").ended
    assert not play("ENTER F9 ESC").ended
    assert play("F9").ended                 # at the game point question nothing is lost


def test_f10_changes_the_border_colour():
    assert play("ENTER F10 F10").screen.border == 2
    assert play("ENTER F10", letters="*M").screen.border == 0


def test_open_hands_shows_the_computers_cards():
    result = play("ENTER F3 n y ESC", seed=3)
    for code in result.state["hands"]["computer"]:
        assert code in result.screen.read(18)


def test_multiple_draw_switched_on_mid_hand_holds_from_the_next_hand_then_draws_and_passes():
    # Switched on during hand 1, it holds from hand 2 (the title says so meanwhile).
    during = play("ENTER F3 n n y ESC", seed=3)
    assert during.state["hand_options"]["multiple_draw"] is False
    assert "Multiple draw (next hand)" in during.screen.read(0)
    drawn = play("ENTER F3 n n y ESC x y SPACE SPACE SPACE", seed=3).state
    assert drawn["hand_number"] == 2 and drawn["hand_options"]["multiple_draw"]
    assert drawn["phase"] == "drawn" and drawn["turn"] == "you"
    passed = play("ENTER F3 n n y ESC x y SPACE SPACE SPACE p", seed=3).state
    assert passed["phase"] == "play" and passed["message"].startswith("The computer ")


def test_cry_button_click_issues_the_cry():
    # the CRY! box sits at rows 8-10, columns 37-48 (1-based)
    assert play("ENTER click:9,42", seed=3).state["cry_armed"] is True


def test_wild_colour_chosen_by_clicking_its_name():
    screen = play('ENTER "WC"', seed=11).screen
    row, col = screen.find("VIOLET")
    result = play(f'ENTER "WC" click:{row + 1},{col + 2}', seed=11)
    assert "WC for violet" in " ".join(str(result.screen).split())


def test_yes_no_prompts_take_right_button_yes_left_button_no():
    result = play("ENTER F3 rclick:1,1 click:1,1 rclick:1,1 ESC")
    assert result.state["options"]["long_game"] is True
    assert result.state["options"]["open_hands"] is False
    assert result.state["options"]["multiple_draw"] is True


def test_enter_arms_the_cry():
    result = play("ENTER ENTER", seed=3)
    assert result.state["cry_armed"] is True


# -- the match file --------------------------------------------------------------------------

def _lose_a_game(seed: int = 3) -> str:
    # Game point 100, then give up hands until the computer has it.
    return '"100" ENTER ' + " ".join(["x y SPACE"] * 12)


def test_match_is_saved_in_yucky_scr(retro_home):
    result = play(_lose_a_game())
    assert result.state["games"]["computer"] == 1
    saved = scorefile.parse((retro_home / "YUCKY.SCR").read_bytes())
    assert saved.games == [0, 1]


def test_fourth_game_wins_the_match_and_a_new_one_begins(retro_home, assert_screen):
    retro_home.mkdir(parents=True, exist_ok=True)
    (retro_home / "YUCKY.SCR").write_bytes(scorefile.dump(Match([0, 3])))
    result = play('"100" ENTER x y SPACE x y SPACE')
    assert result.state["phase"] == "match_over"
    assert result.state["games"] == {"you": 0, "computer": 4}
    assert "The computer wins the match, 4 games to 0!" in " ".join(str(result.screen).split())
    assert scorefile.parse((retro_home / "YUCKY.SCR").read_bytes()).games == [0, 0]
    assert_screen(result, "yucky/match_over")
    (retro_home / "YUCKY.SCR").write_bytes(scorefile.dump(Match([0, 3])))
    after = play('"100" ENTER x y SPACE x y SPACE SPACE')
    assert after.state["games"] == {"you": 0, "computer": 0}


def test_match_standing_is_read_back(retro_home):
    retro_home.mkdir(parents=True, exist_ok=True)
    (retro_home / "YUCKY.SCR").write_bytes(scorefile.dump(Match([2, 3])))
    assert play("ENTER").state["games"] == {"you": 2, "computer": 3}


def test_corrupt_match_file_is_moved_aside_and_the_match_starts_over(retro_home):
    retro_home.mkdir(parents=True, exist_ok=True)
    (retro_home / "YUCKY.SCR").write_bytes(b"\x00garbage")
    result = play("")
    assert result.state["games"] == {"you": 0, "computer": 0}
    assert (retro_home / "YUCKY.SCR.bad-1").exists()
    # One notice for one damaged file: the store's, which says where the file went.
    assert len(result.machine.notices) == 1 and "YUCKY.SCR.bad-1" in result.machine.notices[0]
    assert "damaged" in str(result.screen)


@pytest.mark.parametrize("data", [b"", b"YUCKY LUCKY YOU! MATCH\nyou x\ncomputer 1\n",
                                  b"YUCKY LUCKY YOU! MATCH\nyou 4\ncomputer 4\n"])
def test_score_file_parser_refuses_bad_data(data):
    with pytest.raises(ValueError):
        scorefile.parse(data)


# -- the monkey ---------------------------------------------------------------------------------

MONKEY_KEYS = ["SPACE", "ENTER", "ESC", "F1", "F3", "F5", "F6", "F8", "F10", "PGDN", "BKSP",
               "x", "y", "n", "p", *"RGBVW0123456789SDC4rgbv"]


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(8))
def test_monkey_random_keys_and_clicks_never_crash(seed, monkeypatch):
    import retro.games.yucky.ai as ai

    # Demo comes and goes: a small play-out budget keeps the computer's many moves quick
    # (the screens and keys are under test here, not the computer's strength).
    monkeypatch.setattr(ai, "ROLLOUTS", 8)
    rng = random.Random(seed)
    tokens = []
    for _ in range(600):
        k = rng.random()
        if k < 0.25:
            tokens.append(f"click:{rng.randint(1, 25)},{rng.randint(1, 80)}")
        elif k < 0.32:
            tokens.append(f"rclick:{rng.randint(1, 25)},{rng.randint(1, 80)}")
        elif k < 0.325:
            tokens.append("F2")               # demo on or off now and then
        else:
            tokens.append(rng.choice(MONKEY_KEYS))
    result = play(" ".join(tokens), seed=seed, until_ms=3000)
    state = result.state
    if state["phase"] not in ("game_point", "show"):
        total = len(state["hands"]["you"]) + len(state["hands"]["computer"]) \
            + len(state["discard"]) + state["draw_pile"]
        assert total == 108


def _give_up_until_the_game_is_won(seed: int):
    """Game point 100, every hand given up: the computer wins in a few hands."""
    keys = '"100" ENTER x y'
    for _ in range(10):
        result = play(keys, seed=seed)
        if max(result.state["scores"].values()) >= 100:
            return keys, result.state
        keys += " ENTER x y"
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 7, 8])   # 8: a random draw would repeat
def test_the_deal_alternates_across_the_games_of_a_match(seed: int):
    keys, last_hand = _give_up_until_the_game_is_won(seed)
    last_dealer = last_hand["dealer"]
    # A key for the game's end, a key after it, Y for another game, Enter for its point.
    nxt = play(f"{keys} ENTER ENTER y ENTER", seed=seed).state
    assert nxt["phase"] == "play" and nxt["hand_number"] == 1
    assert nxt["games"]["computer"] == 1
    assert nxt["dealer"] == {"you": "computer", "computer": "you"}[last_dealer]


@pytest.mark.parametrize("typed", ["10000", "99999", "123456789"])
def test_a_game_point_of_five_or_more_digits_is_refused_with_the_reason(typed: str):
    refused = play(f'"{typed}" ENTER')
    assert refused.state["phase"] == "game_point"
    assert "100 to 9999, please." in refused.screen.read(23)
    assert typed[-5:] in refused.screen.read(23)      # the field shows what was typed
    fixed = play(f'"{typed}" ' + "BKSP " * len(typed) + '"9999" ENTER')
    assert fixed.state["game_point"] == 9999


@pytest.mark.parametrize("keys", ["ENTER", "ENTER SPACE", "ENTER F3"])  # turn, drawn card, options
def test_with_the_d_letter_no_prompt_speaks_of_the_mouse(keys: str):
    mouse_words = ("click", "button", "mouse")
    with_mouse = str(play(keys).screen).lower()
    assert any(word in with_mouse for word in mouse_words)
    without = str(play(keys, letters="*D").screen).lower()
    assert not any(word in without for word in mouse_words), without
