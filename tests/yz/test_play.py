"""YZ in play: each behaviour of the screens tried by name, with keys and clicks."""

from __future__ import annotations

from pathlib import Path

import pytest

from retro.frontends.host import Driver
from retro.frontends.script import make_machine, run
from retro.games.yz.board import MENUS
from retro.games.yz.layout import (
    BOX_ROW,
    BUTTON_ROW,
    DIE_COLS,
    DIE_TOP,
    PLAYER_COLS,
    ROLL_BUTTON,
    make_look,
)
from retro.games.yz.rules import Game, Rules, Scorecard, parse_dice, post
from retro.games.yz.scoreboard import BOARD_FILE
from retro.games.yz.solver import table_name
from retro.games.yz.ui import App

NEW_GAME = 'ENTER "ABC" ENTER'              # vs the computer, initials ABC
TWO_PLAYERS = '2 "ABC" ENTER "XYZ" ENTER'


@pytest.fixture(autouse=True)
def _table_in_home(seed_table, tmp_path: Path) -> None:
    seed_table(tmp_path)


def play(keys: str, home: Path, letters: str = "*", seed: int = 1, **kw):
    """Run YZ under a key script.  Keep the result while looking at its screen: once it
    is dropped the program is closed, and its pop-ups give the screen back."""
    return run("yz", seed=seed, keys=keys, letters=letters, home=home, **kw)


def screen_after(keys: str, home: Path, letters: str = "*", **kw) -> str:
    result = play(keys, home, letters, **kw)
    return str(result.screen)


def click(row: int, col: int, button: str = "click") -> str:
    """A script click on a 0-based cell (scripts count from 1)."""
    return f"{button}:{row + 1},{col + 1}"


def die(index: int, button: str = "click") -> str:
    return click(DIE_TOP + 2, DIE_COLS[index] + 3, button)


def posted(state: dict, player: int = 0) -> list[str]:
    return [b for b, v in state["scorecards"][player].items() if v is not None]


# -- a half-typed box code -------------------------------------------------------------------

@pytest.mark.parametrize("interruption", [
    "h",                # the hint
    "s",                # Select All
    die(0),             # a die click
    "F5 ESC",           # the help, opened and closed
    "F1 ESC",
    "b 9",              # a bad digit: there is no box B9
    "F10 ESC",          # the menus
])
def test_stray_box_letter_is_cancelled_by_any_other_action(tmp_path: Path,
                                                           interruption: str) -> None:
    result = play(f"{NEW_GAME} r a {interruption} 2", tmp_path)
    state = result.state
    assert state["phase"] == "roll" and posted(state) == []
    assert state["pending"] == ""


def test_pending_box_code_is_shown_and_esc_clears_it(tmp_path: Path) -> None:
    shown = play(f"{NEW_GAME} r a", tmp_path)
    assert shown.state["pending"] == "A"
    assert "Box A_" in str(shown.screen)
    cleared = play(f"{NEW_GAME} r a ESC 3", tmp_path)
    assert cleared.state["pending"] == ""
    assert "Box A_" not in str(cleared.screen)
    assert posted(cleared.state) == []
    assert cleared.state["held"][2] is False         # the 3 marked die 3 instead


AFTER_THE_COMPUTER_POSTS = f"{NEW_GAME} r b 7 r"   # you post Chance, R: CPU's whole turn


@pytest.mark.parametrize("dice_key", ["1", "s", die(2)])
def test_a_die_key_after_the_computer_posts_says_the_computer_has_posted(
        tmp_path: Path, dice_key: str) -> None:
    result = play(f"{AFTER_THE_COMPUTER_POSTS} {dice_key}", tmp_path)
    assert result.state["phase"] == "posted" and result.state["turn"] == 1
    text = str(result.screen)
    assert "The computer has posted." in text and "for your turn" in text
    assert "You have posted" not in text
    mine = play(f"{NEW_GAME} r b 7 {dice_key}", tmp_path)     # after your own posting
    assert "You have posted" in str(mine.screen)


def test_no_box_code_can_be_half_typed_over_the_computers_posting(tmp_path: Path) -> None:
    result = play(f"{AFTER_THE_COMPUTER_POSTS} a", tmp_path)
    assert result.state["pending"] == ""
    assert "Box A_" not in str(result.screen)
    assert "The computer's posting stands." in str(result.screen)
    # ...and the digit after it marks a die of your next roll, posting nothing.
    later = play(f"{AFTER_THE_COMPUTER_POSTS} a 3 r", tmp_path)
    assert posted(later.state, 1) == posted(result.state, 1)
    assert later.state["turn"] == 0 and later.state["phase"] == "roll"


def test_box_code_still_posts_when_typed_whole(tmp_path: Path) -> None:
    state = play(f"{NEW_GAME} r b 7", tmp_path).state
    assert posted(state) == ["B7"]


# -- initials ----------------------------------------------------------------------------------

def test_human_cannot_take_the_computers_initials(tmp_path: Path) -> None:
    refused = play('ENTER "cpu" ENTER', tmp_path)
    assert "CPU are the computer's initials: pick others." in str(refused.screen)
    assert refused.state["phase"] == "idle"
    fixed = play('ENTER "cpu" ENTER BKSP BKSP BKSP "ABC" ENTER', tmp_path)
    assert fixed.state["players"] == ["ABC", "CPU"]


# The initials box is centred, 50 wide and 7 high: OK at row 12, columns 28-33, and
# Cancel at columns 35-44 (0-based); each click lands inside its button.
INITIALS_OK, INITIALS_CANCEL = click(12, 29), click(12, 36)


def test_a_mouse_only_player_gets_past_the_initials_box_with_its_ok_button(
        tmp_path: Path) -> None:
    # The New game list is answered by a click too: its first item, then OK (empty: P1).
    menu = play("", tmp_path)
    row = next(r for r in range(25) if "Play against the computer" in menu.screen.read(r))
    col = menu.screen.read(row).index("Play against the computer")
    del menu
    started = play(f"{click(row, col)} {INITIALS_OK}", tmp_path)
    assert started.state["players"] == ["P1", "CPU"]
    assert started.state["phase"] != "idle"


def test_the_initials_box_cancel_button_starts_no_game(tmp_path: Path) -> None:
    box = play("ENTER", tmp_path)
    assert box.screen.read(12, 28, 6) == "[ OK ]"
    assert box.screen.read(12, 35, 10) == "[ Cancel ]"
    del box
    cancelled = play(f'ENTER "ABC" {INITIALS_CANCEL}', tmp_path)
    assert cancelled.state["phase"] == "idle" and cancelled.state["players"] == []


@pytest.mark.parametrize(("keys", "whole"), [
    ('ENTER "cpu" ENTER', "CPU are the computer's initials: pick others."),
    ('2 "ABC" ENTER "ABC" ENTER', "ABC are player 1's initials: pick others."),
])
def test_the_initials_error_fits_inside_the_box(tmp_path: Path, keys: str,
                                                 whole: str) -> None:
    refused = play(keys, tmp_path)
    row = next(r for r in range(25) if "initials:" in refused.screen.read(r)
               and "type your" not in refused.screen.read(r))
    line = refused.screen.read(row)
    assert whole in line
    # ...between the box's own frame lines, not over them.
    assert line.index("║") < line.index(whole) < line.index(whole) + len(whole) \
        < line.rindex("║")


def test_second_player_cannot_take_the_computers_or_the_first_players_initials(
        tmp_path: Path) -> None:
    same = play('2 "ABC" ENTER "ABC" ENTER', tmp_path)
    assert "ABC are player 1's initials" in str(same.screen)
    cpu = play('2 "ABC" ENTER "CPU" ENTER', tmp_path)
    assert "CPU are the computer's initials" in str(cpu.screen)
    assert cpu.state["phase"] == "idle"


# -- the mouse ----------------------------------------------------------------------------------

def test_right_click_does_not_act_as_left_click(tmp_path: Path) -> None:
    before = play(f"{NEW_GAME} r", tmp_path).state
    keys = " ".join([die(1, "rclick"), click(BOX_ROW["B7"], 5, "rclick"),
                     click(BUTTON_ROW + 1, ROLL_BUTTON[0] + 3, "rclick")])
    after = play(f"{NEW_GAME} r {keys}", tmp_path).state
    assert after["held"] == before["held"] == [True] * 5
    assert after["roll"] == 1 and posted(after) == []


def test_clicking_the_opponents_column_does_not_post(tmp_path: Path) -> None:
    result = play(f"{NEW_GAME} r {click(BOX_ROW['B7'], PLAYER_COLS[1] + 2)}", tmp_path)
    assert posted(result.state) == [] and posted(result.state, 1) == []
    assert "That is CPU's column" in str(result.screen)


def test_clicking_your_own_column_or_the_label_posts(tmp_path: Path) -> None:
    own = play(f"{NEW_GAME} r {click(BOX_ROW['B7'], PLAYER_COLS[0] + 2)}", tmp_path).state
    assert posted(own) == ["B7"]
    label = play(f"{NEW_GAME} r {click(BOX_ROW['A2'], 5)}", tmp_path).state
    assert posted(label) == ["A2"]


# -- the dice tumbling --------------------------------------------------------------------------

def _app_with_a_roll(home: Path) -> App:
    m = make_machine("U", "*", 1, home, None, __import__("retro.pc.clock").pc.clock.VirtualClock())
    app = App(m, Rules())
    app.game = Game(players=("ABC", "CPU"))
    app.game.dice, app.game.roll = parse_dice("2 2 2 5 5"), 1
    return app


def test_scorecard_shows_no_scores_while_the_dice_tumble(tmp_path: Path) -> None:
    app = _app_with_a_roll(tmp_path)
    preview_at = (BOX_ROW["B3"], PLAYER_COLS[0])
    driver = Driver(app.animate([0, 1, 2, 3, 4]))
    driver.start()                          # the first frame of the tumble: a delay
    assert app.m.screen.read(*preview_at, 5).strip() == ""
    while not driver.ended:
        app.m.clock.advance(1.0)
        driver.resume(None)
    assert app.m.screen.read(*preview_at, 5).strip() == "25"


# -- looks -------------------------------------------------------------------------------------

def test_mono_menus_show_their_hot_letters_bright(tmp_path: Path) -> None:
    result = play(f"{NEW_GAME} F10", tmp_path, letters="*M")
    screen = result.screen
    bar_options = MENUS[1][1]
    assert screen.attrs[0, bar_options] == 0x0F          # the O of Options
    assert screen.attrs[0, bar_options + 1] == 0x07
    # The open GAME menu: Exit (not selected) has its X bright.
    row, col = 3, screen.read(3).index("Exit")
    assert screen.attrs[row, col + 1] == 0x0F and screen.attrs[row, col] == 0x07


def test_gray_scheme_dice_and_buttons_stand_out_from_the_board() -> None:
    gray = make_look(3, mono=False)
    board_bg = gray.board >> 4
    for attr in (gray.die, gray.die_marked, gray.button, gray.button_off):
        assert attr >> 4 != board_bg
    assert gray.die != gray.die_marked


def test_error_messages_on_screen_are_sentences(tmp_path: Path) -> None:
    result = play(f"{NEW_GAME} r a 8", tmp_path)
    assert result.machine.screen.find("There is no box A8: the boxes are A1-A6")
    assert result.machine.screen.find("and B1-B7.")


def test_usage_text_mentions_the_u_letter() -> None:
    from retro.cli import usage

    assert "retro yz [LETTERS]   its own letters: U" in usage()


# -- help ----------------------------------------------------------------------------------------

@pytest.mark.parametrize("key", ["F1", "F5"])
def test_f1_and_f5_open_the_help_and_close_it_again(tmp_path: Path, key: str) -> None:
    before = play(f"{NEW_GAME} r", tmp_path).screen.to_bytes()
    opened = screen_after(f"{NEW_GAME} r {key}", tmp_path)
    assert "YZ help" in opened and "Page 1 of 5" in opened
    for close in (key, "ESC"):
        assert play(f"{NEW_GAME} r {key} {close}", tmp_path).screen.to_bytes() == before


def test_help_pages_turn_and_a_click_does_not_wrap_them(tmp_path: Path) -> None:
    assert "Page 2 of 5" in screen_after(f"{NEW_GAME} F1 PGDN", tmp_path)
    last = screen_after(f"{NEW_GAME} F1 END {click(12, 40)} {click(12, 40)}", tmp_path)
    assert "Page 5 of 5" in last


def test_help_is_open_inside_the_new_game_dialog(tmp_path: Path) -> None:
    assert "YZ help" in screen_after("F1", tmp_path)


# -- leaving or restarting a game in progress ------------------------------------------------

def test_exit_asks_before_dropping_a_game_in_progress(tmp_path: Path) -> None:
    asked = play(f"{NEW_GAME} r F10 g x", tmp_path)
    assert not asked.ended and "Abandon this game and leave YZ?" in str(asked.screen)
    kept = play(f"{NEW_GAME} r F10 g x n", tmp_path)
    assert not kept.ended and kept.state["roll"] == 1
    assert play(f"{NEW_GAME} r F10 g x ESC", tmp_path).state["roll"] == 1
    assert play(f"{NEW_GAME} r F10 g x y", tmp_path).ended


def test_exit_without_a_game_in_progress_does_not_ask(tmp_path: Path) -> None:
    assert play("F10 g x", tmp_path).ended


def test_start_asks_before_dropping_a_game_in_progress(tmp_path: Path) -> None:
    kept = play(f"{NEW_GAME} r b 7 F10 g s n", tmp_path).state
    assert posted(kept) == ["B7"]
    fresh = play(f'{NEW_GAME} r b 7 F10 g s y 2 "DEF" ENTER "GHI" ENTER', tmp_path).state
    assert fresh["players"] == ["DEF", "GHI"] and posted(fresh) == []


def test_start_during_the_computers_turn_is_confirmed_then_starts_afresh(
        tmp_path: Path) -> None:
    state = play(f'{NEW_GAME} r b 7 r F10 g s y 2 "DEF" ENTER "GHI" ENTER', tmp_path).state
    assert state["players"] == ["DEF", "GHI"] and state["phase"] == "roll"


# -- the start ------------------------------------------------------------------------------------

def test_startup_new_game_dialog_does_not_block_f10_or_menu_clicks(tmp_path: Path) -> None:
    """The program opens on the New game questions; the menus answer over them."""
    assert "New game" in screen_after("", tmp_path)
    assert "Scoreboard" in screen_after("F10 RIGHT", tmp_path)
    options_title = MENUS[1][1]
    assert "Scoreboard" in screen_after(click(0, options_title), tmp_path)
    # GAME / Exit chosen over the dialog leaves the program.
    assert play(f"{click(0, MENUS[0][1])} x", tmp_path).ended


def test_a_right_click_on_the_menu_bar_does_nothing(tmp_path: Path) -> None:
    assert "Scoreboard" not in screen_after(
        f"ESC rclick:1,{MENUS[1][1] + 1}", tmp_path)


def test_f10_works_inside_the_new_game_dialog(tmp_path: Path) -> None:
    result = play("F10", tmp_path)
    inside = result.screen
    assert "Start" in inside.read(2) and "Exit" in inside.read(3)
    assert "New game" in str(inside)
    back = play("F10 ESC 1 \"ABC\" ENTER", tmp_path).state
    assert back["players"] == ["ABC", "CPU"]


# -- the posting message and the strategy table ---------------------------------------------------

def test_posting_message_says_the_yz_bonus(tmp_path: Path) -> None:
    app = _app_with_a_roll(tmp_path)
    g = app.game
    assert g is not None
    g.cards[0] = post(Scorecard(), "B6", parse_dice("3 3 3 3 3"))
    g.dice = parse_dice("6 6 6 6 6")
    app.yz_count = [0, 0]
    Driver(app.post("A6")).start()
    assert " ".join(app.messages).startswith("ABC posts A6 Sixes: 30, and a YZ bonus of 100.")


def test_first_game_builds_the_table_with_progress_on_screen(tmp_path: Path,
                                                             retro_home: Path) -> None:
    home = tmp_path / "fresh"
    during = play(NEW_GAME, home, until_ms=40)
    assert "Strategy" in str(during.screen) and "%" in str(during.screen)
    done = play(NEW_GAME, home)
    assert (home / table_name(Rules())).exists()
    assert not retro_home.exists() or not list(retro_home.glob("YZ-*"))
    assert done.machine.notices == []
    assert "press R or click ROLL to start" in str(done.screen)


def test_hot_keys_work_while_the_table_is_built(tmp_path: Path) -> None:
    assert "YZ help" in screen_after(f"{NEW_GAME} F1", tmp_path / "fresh", until_ms=40)


def test_store_notice_of_a_bad_scoreboard_is_given_once(tmp_path: Path) -> None:
    (tmp_path / BOARD_FILE).write_bytes(b"this is not a scoreboard\n")
    result = play(f"{NEW_GAME} F10 o s", tmp_path)
    assert sum(BOARD_FILE in n for n in result.machine.notices) == 1


def test_first_game_under_the_u_letter_builds_its_table_on_screen_not_on_stderr(
        tmp_path: Path, capfd: pytest.CaptureFixture[str]) -> None:
    during = play(NEW_GAME, tmp_path / "fresh", letters="*U", until_ms=40)
    screen = str(during.screen)
    assert "Working out the best strategy" in screen and "Strategy" in screen
    assert during.machine.notices == []
    assert capfd.readouterr().err == ""


def test_click_on_your_column_after_the_computer_posted_says_its_posting_stands(
        tmp_path: Path) -> None:
    keys = f"{NEW_GAME} r b 7 r {click(BOX_ROW['A1'], PLAYER_COLS[0] + 2)}"
    result = play(keys, tmp_path)
    assert result.state["turn"] == 1 and result.state["phase"] == "posted"
    assert "posting stands" in str(result.screen)


def test_computer_turn_interrupted_by_a_cancelled_start_is_taken_up_again(
        tmp_path: Path) -> None:
    # F10 in the middle of the computer's turn (after 0.5 s of it), Start confirmed, then
    # Esc in the New game questions: the old game goes on, and R lets the computer finish.
    keys = f"{NEW_GAME} r b 7 r wait:500 F10 g s y ESC r"
    state = play(keys, tmp_path).state
    assert state["players"] == ["ABC", "CPU"]
    assert posted(state) == ["B7"] and len(posted(state, 1)) == 1
    assert state["turn"] == 1 and state["phase"] == "posted"
