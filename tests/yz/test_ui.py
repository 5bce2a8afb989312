"""YZ screens: golden dumps, keys and mouse, the scoreboard file, a monkey run."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from retro.frontends.script import run
from retro.games.yz.layout import BOX_ROW, DIE_COLS, DIE_TOP, ROLL_BUTTON, SELECT_BUTTON
from retro.games.yz.scoreboard import (
    BOARD_FILE,
    SETTINGS_FILE,
    Scoreboard,
    dump_board,
    parse_board,
)

NEW_GAME = 'ENTER "ABC" ENTER'              # vs the computer, initials ABC
TWO_PLAYERS = '2 "ABC" ENTER "XYZ" ENTER'
ALL_BOXES = ("A1", "A2", "A3", "A4", "A5", "A6", "B1", "B2", "B3", "B4", "B5", "B6", "B7")


@pytest.fixture(autouse=True)
def _table_in_every_home(seed_table, tmp_path: Path) -> None:
    for home in (tmp_path, tmp_path / "a", tmp_path / "b"):
        seed_table(home)


def play(keys: str, home: Path, letters: str = "*", seed: int = 1):
    return run("yz", seed=seed, keys=keys, letters=letters, home=home)


def whole_game_keys() -> str:
    """Against the computer: roll once, post in order A1..B7, let the computer play."""
    return NEW_GAME + "".join(f" r {b[0].lower()} {b[1]} r" for b in ALL_BOXES)


# -- golden screens ------------------------------------------------------------------------

def test_startup_show(assert_screen, tmp_path: Path) -> None:
    assert_screen(play("", tmp_path, letters=""), "yz/startup")


def test_start_dialog(assert_screen, tmp_path: Path) -> None:
    assert_screen(play("", tmp_path), "yz/start")


def test_roll_with_dice_marked(assert_screen, tmp_path: Path) -> None:
    result = play(NEW_GAME + " r 2 4", tmp_path)
    assert result.state["held"] == [True, False, True, False, True]
    assert_screen(result, "yz/roll_marked")


@pytest.mark.parametrize(("keys", "name"), [
    ("F10", "menu_game"), ("F10 RIGHT", "menu_options"), ("F10 h", "menu_help"),
])
def test_menus(assert_screen, tmp_path: Path, keys: str, name: str) -> None:
    assert_screen(play(NEW_GAME + " r " + keys, tmp_path), f"yz/{name}")


def test_help(assert_screen, tmp_path: Path) -> None:
    assert_screen(play(NEW_GAME + " F5", tmp_path), "yz/help")


def test_mono(assert_screen, tmp_path: Path) -> None:
    assert_screen(play(NEW_GAME + " r 1 5", tmp_path, letters="*M"), "yz/mono")


def test_scoreboard(assert_screen, tmp_path: Path) -> None:
    board = Scoreboard().add("ABC", 240, True, 1).add("CPU", 201, False, 0)
    board = board.add("ABC", 180, False, 0).add("CPU", 260, True, 2)
    (tmp_path / BOARD_FILE).write_bytes(dump_board(board))
    assert_screen(play(NEW_GAME + " F10 o s", tmp_path), "yz/scoreboard")


def test_finished_game(assert_screen, tmp_path: Path) -> None:
    result = play(whole_game_keys(), tmp_path, seed=3)
    assert result.state["phase"] == "over"
    assert_screen(result, "yz/finished")


def test_colors_menu(assert_screen, tmp_path: Path) -> None:
    assert_screen(play(NEW_GAME + " F10 o c", tmp_path), "yz/colors")


# -- keys and mouse -----------------------------------------------------------------------

def test_post_by_label_keys(tmp_path: Path) -> None:
    state = play(NEW_GAME + " r b 7", tmp_path).state
    assert state["phase"] == "posted"
    assert state["scorecards"][0]["B7"] == sum(state["dice"])


def test_repost_by_clicking_another_box(tmp_path: Path) -> None:
    keys = NEW_GAME + f" r b 7 click:{BOX_ROW['A1'] + 1},10"
    state = play(keys, tmp_path).state
    assert state["scorecards"][0]["B7"] is None
    assert state["scorecards"][0]["A1"] == state["dice"].count(1)


def test_click_die_marks_it_and_roll_button_rolls_it(tmp_path: Path) -> None:
    die = f"click:{DIE_TOP + 2},{DIE_COLS[2] + 3}"
    roll = f"click:{13 + 1},{ROLL_BUTTON[0] + 3}"
    first = play(NEW_GAME + " r " + die, tmp_path).state
    assert first["held"] == [True, True, False, True, True]
    second = play(NEW_GAME + " r " + die + " " + roll, tmp_path).state
    assert second["roll"] == 2
    assert [d for i, d in enumerate(second["dice"]) if i != 2] == \
        [d for i, d in enumerate(first["dice"]) if i != 2]


def test_select_all_button_marks_every_die(tmp_path: Path) -> None:
    button = f"click:{13 + 1},{SELECT_BUTTON[0] + 4}"
    assert play(NEW_GAME + " r " + button, tmp_path).state["held"] == [False] * 5
    assert play(NEW_GAME + " r s", tmp_path).state["held"] == [False] * 5


def test_third_roll_must_be_posted(tmp_path: Path) -> None:
    result = play(NEW_GAME + " r s r s r s", tmp_path)
    assert result.state["roll"] == 3
    assert "Three rolls are up" in str(result.screen)


def test_computer_turn_follows_the_roll_after_posting(tmp_path: Path) -> None:
    state = play(NEW_GAME + " r b 7 r", tmp_path).state
    assert state["turn"] == 1 and state["phase"] == "posted"
    assert sum(v is not None for v in state["scorecards"][1].values()) == 1


def test_two_players_take_turns(tmp_path: Path) -> None:
    state = play(TWO_PLAYERS + " r a 1 r b 7", tmp_path).state
    assert state["players"] == ["ABC", "XYZ"] and state["computer"] == []
    assert state["scorecards"][0]["A1"] is not None
    assert state["scorecards"][1]["B7"] is not None


def test_hint_key_names_a_move(tmp_path: Path) -> None:
    screen = str(play(NEW_GAME + " r h", tmp_path).screen)
    assert "Hint: keep" in screen or "Hint: post" in screen


def test_dice_speed_does_not_change_the_dice(tmp_path: Path) -> None:
    fast = play(NEW_GAME + " F10 o d 1 r", tmp_path / "a").state
    slow = play(NEW_GAME + " F10 o d 3 r", tmp_path / "b").state
    assert fast["dice"] == slow["dice"]
    assert fast["options"]["dice_speed"] == "Fast" and slow["options"]["dice_speed"] == "Slow"


def test_colors_are_remembered(tmp_path: Path) -> None:
    play(NEW_GAME + " F10 o c 2", tmp_path)
    assert (tmp_path / SETTINGS_FILE).read_text() == "colors=1\nspeed=1\n"
    assert play(NEW_GAME, tmp_path).state["options"]["colors"] == "Blue"


def test_sound_menu_toggles_the_speaker(tmp_path: Path) -> None:
    assert play(NEW_GAME + " F10 o n", tmp_path).state["options"]["sound"] is False


def test_game_exit_ends_the_program(tmp_path: Path) -> None:
    assert play(NEW_GAME + " F10 g x", tmp_path).ended


def test_finished_game_goes_on_the_scoreboard(tmp_path: Path) -> None:
    result = play(whole_game_keys(), tmp_path, seed=3)
    board = parse_board((tmp_path / BOARD_FILE).read_bytes())
    totals = result.state["totals"]
    assert board.players["ABC"].games == 1 and board.players["CPU"].games == 1
    assert board.players["ABC"].high == totals[0]
    assert board.players["CPU"].wins == int(totals[1] > totals[0])


def test_corrupt_scoreboard_is_moved_aside_with_a_clear_message(tmp_path: Path) -> None:
    (tmp_path / BOARD_FILE).write_bytes(b"this is not a scoreboard\n")
    result = play(NEW_GAME + " F10 o s", tmp_path)
    assert "could not be read" in str(result.screen)
    assert (tmp_path / f"{BOARD_FILE}.bad-1").exists()
    assert any(BOARD_FILE in n for n in result.machine.notices)


def test_state_schema(tmp_path: Path) -> None:
    state = play(NEW_GAME + " r", tmp_path).state
    for key in ("phase", "turn", "roll", "dice", "held", "scorecards", "yz_bonus", "options"):
        assert key in state
    assert 1 <= state["roll"] <= 3
    assert set(state["scorecards"][0]) == set(ALL_BOXES)


def test_upper_bonus_letter(tmp_path: Path) -> None:
    state = play(TWO_PLAYERS, tmp_path, letters="*U").state
    assert state["options"]["upper_bonus"] is True


# -- monkey ---------------------------------------------------------------------------------

KEYS = ["r", "r", "r", "s", "1", "2", "3", "4", "5", "a", "b", "6", "7", "h", "ESC", "ENTER",
        "F10", "LEFT", "RIGHT", "UP", "DOWN", "F5", "PGDN", "x", "SPACE", "?"]


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_monkey_never_crashes(tmp_path: Path, seed: int) -> None:
    rng = random.Random(seed)
    tokens = [NEW_GAME]
    for _ in range(250):
        if rng.random() < 0.3:
            tokens.append(f"click:{rng.randint(1, 25)},{rng.randint(1, 80)}")
        else:
            tokens.append(rng.choice(KEYS))
    result = play(" ".join(tokens), tmp_path, seed=seed)
    assert result.state is not None


def test_every_help_line_is_shown_whole_on_its_page_with_no_word_wrapped_alone(
        tmp_path: Path) -> None:
    from retro.games.yz.help import PAGES
    for number, (_, lines) in enumerate(PAGES):
        shown = play("F5" + " PGDN" * number, tmp_path)
        rows = [shown.screen.read(r) for r in range(25)]
        del shown
        for line in lines:
            if line:
                assert any(line in row for row in rows), (number + 1, line)
