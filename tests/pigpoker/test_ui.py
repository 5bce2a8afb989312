"""The Pig Poker screens: golden dumps, keys, mouse, F-keys, the bank and a monkey test."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from retro.frontends.script import run
from retro.games.pigpoker import ai, layout
from retro.games.pigpoker.bank import BANK_FILE, MAX_CHIPS

ROOT = Path(__file__).resolve().parents[2]
START = '"Ann" ENTER "computer" ENTER ENTER n n'       # Ann against the computer
TWO_HUMANS = '"Ann" ENTER "Bob" ENTER ENTER n n'
SEED = 1


def play(keys: str, letters: str = "*", seed: int = SEED, home: Path | None = None,
         until_ms: int = 600_000):  # type: ignore[no-untyped-def]
    return run("pigpoker", seed=seed, keys=keys, letters=letters, home=home,
               until_ms=until_ms)


def prompt_cell(col: int) -> str:
    """A click token on the prompt row at a 0-based column."""
    return f"click:{layout.PROMPT_ROW + 1},{col + 1}"


# -- golden screens ----------------------------------------------------------------------------

def test_golden_startup_show(assert_screen) -> None:  # type: ignore[no-untyped-def]
    assert_screen(play("", letters=""), "pigpoker/show")


def test_golden_player_entry(assert_screen) -> None:  # type: ignore[no-untyped-def]
    result = play('"Ann" ENTER "computer" ENTER "Gr"')
    assert result.state["phase"] == "entry"
    assert [p["name"] for p in result.state["players"]] == ["Ann", "COMPUTER"]
    assert_screen(result, "pigpoker/entry")


def test_a_mouse_only_player_seats_and_starts_with_the_entry_ok_button() -> None:
    asked = play("")
    ok = prompt_cell(asked.screen.read(layout.PROMPT_ROW).index("[ OK ]") + 1)
    del asked
    seated = play(f'"Ann" {ok} "computer" {ok}')
    assert [p["name"] for p in seated.state["players"]] == ["Ann", "COMPUTER"]
    started = play(f'"Ann" {ok} "computer" {ok} {ok}')      # OK alone: the options next
    assert "Play with the Mud Puddle option?" in str(started.screen)


def test_golden_turn(assert_screen) -> None:  # type: ignore[no-untyped-def]
    result = play(START)
    s = result.state
    assert s["phase"] == "twiddle" and s["turn"] == 0 and len(s["hand"]) == 5
    assert s["twiddles_left"] == s["die"] and 1 <= s["die"] <= 5
    assert_screen(result, "pigpoker/turn")


def test_golden_twiddle_marks(assert_screen) -> None:  # type: ignore[no-untyped-def]
    result = play(START + " 1 3")
    assert result.state["marked"] == [1, 3]
    assert_screen(result, "pigpoker/twiddle")


def test_golden_capture(assert_screen) -> None:  # type: ignore[no-untyped-def]
    result = play(START + " 1 3 5 ESC F")
    board = result.state["board"]
    assert board[5]["owner"] == 0 and board[5]["score"] == 8000     # three tens on F
    assert result.state["turn"] == 0 and result.state["turn_number"] == 3
    assert_screen(result, "pigpoker/capture")


def test_golden_win_with_payout(assert_screen) -> None:  # type: ignore[no-untyped-def]
    result = play('"computer" ENTER "computer" ENTER ENTER n n')
    s = result.state
    assert s["phase"] == "over" and s["winner"] is not None
    assert sum(s["payout"]) == 0 and sum(p["chips"] for p in s["players"]) == 200
    assert result.screen.find("Payout") is not None
    assert_screen(result, "pigpoker/win")


def test_golden_bank_popup(assert_screen) -> None:  # type: ignore[no-untyped-def]
    assert_screen(play('"Ann" ENTER "computer" ENTER F6'), "pigpoker/bank")


def test_golden_hands_popup(assert_screen) -> None:  # type: ignore[no-untyped-def]
    assert_screen(play(START + " F3"), "pigpoker/hands")


def test_golden_help(assert_screen) -> None:  # type: ignore[no-untyped-def]
    assert_screen(play(START + " F5"), "pigpoker/help")


def test_golden_mono(assert_screen) -> None:  # type: ignore[no-untyped-def]
    result = play(START + " 1 3 5 ESC F 2", letters="*M")
    assert result.screen.mono
    assert_screen(result, "pigpoker/mono")


# -- keys, mouse and function keys -------------------------------------------------------------

def test_pop_ups_restore_the_screen() -> None:
    base = play(START).screen
    for keys in (" F3 x", " F5 ESC", " F6 ESC"):
        after = play(START + keys).screen
        assert (after.chars == base.chars).all() and (after.attrs == base.attrs).all(), keys


def test_twiddle_by_mouse_matches_keys() -> None:
    by_keys = play(START + " 1 3 5 ESC").state
    cols = layout.TWIDDLE_DIGIT_COLS
    clicks = " ".join(prompt_cell(cols[i]) for i in (0, 2, 4))
    by_mouse = play(START + f" {clicks} {prompt_cell(layout.TWIDDLE_DONE_COL)}").state
    assert by_mouse["hand"] == by_keys["hand"] and by_mouse["phase"] == "place"


def test_twiddle_more_than_die_allows_is_refused() -> None:
    result = play(START + " 1 2 3 4 5")
    s = result.state
    assert len(s["marked"]) == s["die"] and "may be twiddled" in s["message"]


def test_square_chosen_by_click_and_by_arrows() -> None:
    row, col = layout.square_origin(5)
    clicked = play(START + f" 1 3 5 ESC click:{row + 1},{col + 1}").state
    arrows = play(START + " 1 3 5 ESC ENTER").state        # the cursor starts on F
    assert clicked["board"][5]["owner"] == 0 and arrows["board"][5]["owner"] == 0


def test_function_keys_sound_speed_border() -> None:
    result = play(START + " F1 F8 F9 F9 F10")
    s = result.state
    assert s["sound"] is False and s["delay"] == layout.DELAYS[layout.DEFAULT_DELAY - 1]
    assert result.screen.border == 1
    assert result.screen.find("F1 Sound") is not None      # the legend names what F1 does next
    assert result.screen.read(24, 67, 11).strip() == "F8/F9 0.25s"


def test_f7_then_y_quits_and_f7_then_n_goes_on() -> None:
    assert play(START + " F7 Y").ended
    goes_on = play(START + " F7 N")
    assert not goes_on.ended and goes_on.state["phase"] == "twiddle"


def test_f2_demo_lets_the_computer_play_every_seat() -> None:
    result = play(START + " F2", until_ms=30_000)
    assert result.state["demo"] is True and result.state["turn_number"] > 3


def test_draw_when_the_computer_agrees() -> None:
    result = play(START + " Q")
    assert result.state["phase"] == "drawn" and result.state["payout"] == [0, 0]


def test_no_draw_when_a_player_refuses() -> None:
    result = play(TWO_HUMANS + " X N")
    assert result.state["phase"] == "twiddle" and "No draw" in result.state["message"]
    agreed = play(TWO_HUMANS + " X Y")
    assert agreed.state["phase"] == "drawn"


def test_players_drop_out_and_join_between_games() -> None:
    result = play(TWO_HUMANS + ' Q Y N "2" ENTER "Cy" ENTER')
    assert [p["name"] for p in result.state["players"]] == ["Ann", "Cy"]


def test_names_are_one_account_whatever_the_case(tmp_path: Path) -> None:
    play('"Ann" ENTER', home=tmp_path)
    result = play('"ANN" ENTER', home=tmp_path)
    assert result.state["players"][0]["name"] == "Ann"
    assert (tmp_path / BANK_FILE).read_text().count("Ann") == 1


def test_payout_reaches_the_bank_file(tmp_path: Path) -> None:
    result = play('"computer" ENTER "computer" ENTER ENTER n n', home=tmp_path)
    text = (tmp_path / BANK_FILE).read_text()
    for player in result.state["players"]:
        assert f"{player['chips']:>8} {player['name']}" in text


def test_full_bank_says_so_at_player_entry(tmp_path: Path) -> None:
    rows = "".join(f"{100:>8} P{i}\n" for i in range(100))
    (tmp_path / BANK_FILE).write_text("PIG POKER BANK\n" + rows)
    result = play('"Newcomer" ENTER', home=tmp_path)
    assert result.state["players"] == [] and "bank is full" in result.state["message"]
    assert (tmp_path / BANK_FILE).read_text().count("\n") == 101


def test_a_full_bank_still_seats_the_computer(tmp_path: Path) -> None:
    rows = "".join(f"{100:>8} P{i}\n" for i in range(100))
    (tmp_path / BANK_FILE).write_text("PIG POKER BANK\n" + rows)
    result = play('"P7" ENTER "computer" ENTER "computer" ENTER', home=tmp_path)
    assert [(p["name"], p["is_computer"]) for p in result.state["players"]] == [
        ("P7", False), ("COMPUTER", True), ("COMPUTER 2", True)]
    assert "already knows" not in str(result.screen)
    text = (tmp_path / BANK_FILE).read_text()
    assert f"{100:>8} COMPUTER\n" in text and text.count("\n") == 103
    del result
    # A new person is still refused, with the reason.
    refused = play('"Newcomer" ENTER', home=tmp_path)
    assert "bank is full" in refused.state["message"] and refused.state["players"] == []


def test_damaged_bank_file_is_reported_and_kept(tmp_path: Path) -> None:
    (tmp_path / BANK_FILE).write_text("PIG POKER BANK\n     150 Ann\n%%%%\n")
    result = play('"ann" ENTER', home=tmp_path)
    assert "damaged" in result.state["message"]
    assert result.state["players"][0]["chips"] == 150
    assert (tmp_path / f"{BANK_FILE}.bad-1").read_text().endswith("%%%%\n")


def test_several_computers_each_have_their_own_pig() -> None:
    result = play('"computer" ENTER "computer" ENTER "computer" ENTER')
    names = [p["name"] for p in result.state["players"]]
    assert names == ["COMPUTER", "COMPUTER 2", "COMPUTER 3"]
    screen = str(result.screen)
    assert all(shape in screen for shape in layout.PIG_SHAPES[:3])


def test_mud_puddle_and_same_sex_options_reach_the_rules() -> None:
    result = play('"Ann" ENTER "computer" ENTER ENTER y y')
    assert result.state["options"] == {"mud_puddle": True, "same_sex": True}


def test_state_file_from_the_command_line(tmp_path: Path) -> None:
    out = tmp_path / "state.json"
    done = subprocess.run(
        [sys.executable, "-m", "retro.cli", "run", "pigpoker", "*", "--seed", "1", "--keys",
         START, "--state", str(out)], cwd=ROOT, capture_output=True, text=True,
        env={"RETRO_HOME": str(tmp_path), "PATH": "/usr/bin:/bin"}, timeout=60)
    assert done.returncode == 0, done.stderr
    state = json.loads(out.read_text())
    assert {"phase", "players", "turn", "hand", "die", "twiddles_left", "board",
            "options"} <= state.keys()
    assert state["players"][1] == {"name": "COMPUTER", "is_computer": True, "chips": 100,
                                   "pigs": 0}


# -- monkey --------------------------------------------------------------------------------------

TOKENS = ("1", "2", "3", "4", "5", "0", "ESC", "ENTER", "UP", "DOWN", "LEFT", "RIGHT", "a",
          "f", "k", "p", "q", "x", "y", "n", " ", "-", "BKSP", "F1", "F3", "F5", "F6",
          "F8", "F9", "F10")


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_monkey_random_keys_and_clicks_never_crash(seed: int) -> None:
    rng = random.Random(seed)
    keys = [START] + [
        rng.choice(TOKENS) if rng.random() < 0.7
        else f"click:{rng.randint(1, 25)},{rng.randint(1, 80)}" for _ in range(250)]
    result = play(" ".join(keys), until_ms=2_000)
    s = result.state
    assert s is not None and sum(p["chips"] for p in s["players"]) == 100 * len(s["players"])


def test_help_pages_fit_their_box() -> None:
    from retro.games.pigpoker import help as helptext
    for title, lines in helptext.PAGES:
        assert len(lines) <= 18 and all(len(line) <= 73 for line in lines), title


def test_bank_popup_pages_with_space_and_minus(tmp_path: Path) -> None:
    rows = "".join(f"{100 + i:>8} Name{i:02d}\n" for i in range(30))
    (tmp_path / BANK_FILE).write_text("PIG POKER BANK\n" + rows)
    forward_run = play('"Ann" ENTER F6 SPACE', home=tmp_path)     # kept: the pager stays open
    forward = forward_run.screen
    assert forward.find("Page 2 of 3") is not None and forward.find("Name14") is not None
    back_run = play('"Ann" ENTER F6 SPACE SPACE -', home=tmp_path)
    assert back_run.screen.find("Page 2 of 3") is not None
    left = play('"Ann" ENTER F6 SPACE ESC', home=tmp_path).screen
    assert left.find("The bank") is None and left.find("Players at the table") is not None


def test_f10_in_mono_leaves_the_border_alone() -> None:
    assert play(START + " F10", letters="*M").screen.border == 0


# -- seats: computer names, pigs --------------------------------------------------------------

def test_typing_computer_2_seats_the_computer_not_a_person() -> None:
    players = play('"Computer 2" ENTER "computer" ENTER').state["players"]
    assert [(p["name"], p["is_computer"]) for p in players] == [
        ("COMPUTER 2", True), ("COMPUTER", True)]


def test_names_beginning_with_computer_are_kept_for_the_computer() -> None:
    result = play('"Computer Bob" ENTER')
    assert result.state["players"] == [] and result.screen.find("belong to the computer")


def test_a_player_keeps_their_pig_when_someone_drops_out() -> None:
    def pig_at_entry(result, row: int) -> tuple[str, int]:  # type: ignore[no-untyped-def]
        return result.screen.read(9 + row, 18, 1), int(result.screen.attrs[9 + row, 18])
    three = play('"Ann" ENTER "Bob" ENTER "Cy" ENTER')
    bob, cy = pig_at_entry(three, 1), pig_at_entry(three, 2)
    after = play('"Ann" ENTER "Bob" ENTER "Cy" ENTER "1" ENTER')
    assert [p["name"] for p in after.state["players"]] == ["Bob", "Cy"]
    assert pig_at_entry(after, 0) == bob and pig_at_entry(after, 1) == cy
    # A newcomer takes the free pig (Ann's), not one already in use.
    joined = play('"Ann" ENTER "Bob" ENTER "Cy" ENTER "1" ENTER "Di" ENTER')
    assert pig_at_entry(joined, 2) == pig_at_entry(three, 0)


# -- the Players box: every count, the longest names, the largest balances --------------------

@pytest.mark.parametrize("count", [2, 3, 4, 5, 6])
def test_players_box_fits_every_count_longest_names_largest_balances(
        count: int, tmp_path: Path) -> None:
    names = [f"Player{n}-abcdefgh"[:16] for n in range(count)]
    assert all(len(name) == 16 for name in names)
    # The largest balances the bank keeps, both ways (the widest is the negative one).
    balances = [MAX_CHIPS if n % 2 else -MAX_CHIPS for n in range(count)]
    rows = "".join(f"{chips:>8} {name}\n" for chips, name in zip(balances, names, strict=True))
    (tmp_path / BANK_FILE).write_text("PIG POKER BANK\n" + rows)
    keys = " ".join(f'"{name}" ENTER' for name in names) + " ENTER n n"
    result = play(keys, home=tmp_path)
    assert result.state["phase"] == "twiddle" and len(result.state["players"]) == count
    screen = result.screen
    left, width = layout.PANEL_COL, layout.PANEL_W
    bottom = layout.PLAYERS_ROW + layout.PLAYERS_H - 1
    assert screen.read(bottom, left, width) == "└" + "─" * (width - 2) + "┘"
    assert screen.read(layout.PLAYERS_ROW, left, width).startswith("┌─ Players ─")
    for p, name in enumerate(names):
        line = screen.read(layout.PLAYERS_ROW + 1 + p, left, width)
        assert line[0] == "│" and line[-1] == "│", line
        # The balance is shown whole, inside the box.
        assert name in line and f" {balances[p]} " in line, line


def test_fit_number_shortens_rounding_down() -> None:
    assert layout.fit_number(100, 5) == "  100"
    assert layout.fit_number(1_234_567, 5) == "1234k"
    assert layout.fit_number(-1_234_567, 5) == "-1M".rjust(5)


# -- the square cursor ------------------------------------------------------------------------

CURSOR_ON_F = START + " 1 3 5 ESC"            # the cursor starts on F, square 5


def letter_attr(result, i: int) -> int:  # type: ignore[no-untyped-def]
    row, col = layout.square_origin(i)
    return int(result.screen.attrs[row - 1, col])


def test_square_cursor_does_not_light_the_letter_below_it() -> None:
    result = play(CURSOR_ON_F)
    assert result.state["phase"] == "place"
    row, col = layout.square_origin(5)
    look_cursor = int(result.screen.attrs[row, col - 1])
    assert letter_attr(result, 9) != look_cursor          # J, below F
    moved = play(CURSOR_ON_F + " DOWN")                   # the cursor on J: F is left alone
    assert letter_attr(moved, 9) == look_cursor and letter_attr(moved, 13) != look_cursor


def test_mono_cursor_and_legal_letters_differ_by_more_than_brightness() -> None:
    result = play(CURSOR_ON_F, letters="*M")
    legal = [i for i in range(16) if i != 5 and result.state["board"][i]["owner"] is None]
    row, col = layout.square_origin(5)
    cursor = int(result.screen.attrs[row, col - 1])
    letter = letter_attr(result, legal[0])
    assert cursor & 0x70 != letter & 0x70                 # reverse video against bright


# -- demo mode costs nothing ------------------------------------------------------------------

def test_demo_games_never_touch_the_bank(tmp_path: Path) -> None:
    result = play(TWO_HUMANS + " F9 F9 F9 F2", home=tmp_path, until_ms=5_000)
    s = result.state
    assert s["demo"] is True and s["demo_game"] is True
    text = (tmp_path / BANK_FILE).read_text()
    assert f"{100:>8} Ann" in text and f"{100:>8} Bob" in text


def test_demo_game_played_to_the_end_leaves_balances_alone(tmp_path: Path) -> None:
    # Long enough for the first demo game to end and the next to begin.
    result = play(TWO_HUMANS + " F9 F9 F9 F2", home=tmp_path, until_ms=30_000)
    assert result.state["turn_number"] >= 1
    assert all(line.startswith("     100 ") for line in
               (tmp_path / BANK_FILE).read_text().splitlines()[1:])


def test_demo_game_says_so_on_screen() -> None:
    result = play(START + " F2", until_ms=1_000)
    assert result.screen.find("Demo game: off the bank so far.") is not None


def test_f2_twice_at_the_start_leaves_the_game_on_the_bank(tmp_path: Path) -> None:
    # F2 hands Ann's first turn to the computer, F2 again (while it plays) gives her seat
    # back: she stands and takes a square by hand, then demo plays the game out.  A person
    # played, so the game pays through the bank.
    keys = START + " F2 wait:100 F2 0 ENTER F9 F9 F9 F2"
    result = play(keys, home=tmp_path, until_ms=5_000)
    balances = [int(line.split()[0]) for line in
                (tmp_path / BANK_FILE).read_text().splitlines()[1:]]
    assert sum(balances) == 200 and balances != [100, 100], balances
    del result
    # Until Ann's own move, the game was off the bank so far; her move puts it back on.
    before = play(START + " F2 wait:100 F2", home=tmp_path / "before").state
    assert before["demo"] is False and before["demo_game"] is True
    after = play(START + " F2 wait:100 F2 0", home=tmp_path / "after").state
    assert after["demo_game"] is False


def test_a_game_the_computer_played_for_every_person_stays_off_the_bank(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ai, "RETRIES", False)      # the game this script was timed on
    # The second F2 comes only at the question after the game: demo played it all.  A key
    # typed while the program is busy arrives when ``until_ms`` has passed: the first game
    # (11 turns) ends after about 29 s of the virtual clock; the F2 lands in the pause after.
    result = play(START + " F2 F2", home=tmp_path, until_ms=29_600)
    assert result.state["screen"] == "over" and result.state["demo_game"] is True
    text = (tmp_path / BANK_FILE).read_text()
    assert f"{100:>8} Ann" in text and f"{100:>8} COMPUTER" in text


def test_the_players_box_shows_what_the_bank_holds_after_a_demo_game(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ai, "RETRIES", False)      # the game this script was timed on
    # Seed 22: the demo game ends with chips that would change hands (with seed 1 it is a
    # tie, and a tie could not tell the bank's balances from the would-be ones).
    # The second F2 lands in the pause after the first game (9 turns, about 21 s of the
    # virtual clock: a key typed while the program is busy arrives after ``until_ms``).
    result = play(START + " F2 F2", seed=22, home=tmp_path, until_ms=21_400)
    assert result.state["screen"] == "over" and result.state["demo_game"] is True
    assert result.state["payout"] != [0, 0]         # the payout box shows what it would be
    for p, name in enumerate(("Ann", "COMPUTER")):
        row = layout.PLAYERS_ROW + 1 + p
        assert name in result.screen.read(row, layout.PANEL_COL, layout.PANEL_W)
        assert result.screen.read(row, layout.PANEL_COL + 22, 10).strip() == "100"


def test_game_without_demo_still_pays_through_the_bank(tmp_path: Path) -> None:
    result = play('"computer" ENTER "computer" ENTER ENTER n n', home=tmp_path)
    assert result.state["demo_game"] is False
    assert sorted(p["chips"] for p in result.state["players"]) != [100, 100]


# -- the end-of-game question -----------------------------------------------------------------

DRAWN = TWO_HUMANS + " Q Y"                  # both agree: the game ends as a draw


def test_after_a_game_y_plays_again_with_the_same_players() -> None:
    assert play(DRAWN).state["screen"] == "over"
    again = play(DRAWN + " Y").state
    assert again["screen"] == "game" and again["phase"] == "twiddle"
    assert [p["name"] for p in again["players"]] == ["Ann", "Bob"]


@pytest.mark.parametrize("answer", ["N", "n", "ESC"])
def test_after_a_game_no_and_esc_go_to_the_players_list(answer: str) -> None:
    result = play(DRAWN + f" {answer}")
    assert result.state["screen"] == "entry" and not result.ended
    assert [p["name"] for p in result.state["players"]] == ["Ann", "Bob"]


@pytest.mark.parametrize("key", ["Q", "x"])
def test_after_a_game_q_and_x_ask_to_leave(key: str) -> None:
    asked = play(DRAWN + f" {key}")
    assert asked.screen.find("Leave Pig Poker?") is not None and not asked.ended
    assert play(DRAWN + f" {key} Y").ended
    stays = play(DRAWN + f" {key} N")
    assert not stays.ended and stays.state["screen"] == "over"


def test_after_a_game_the_question_says_what_the_answers_mean() -> None:
    result = play(DRAWN)                           # kept: the question stays open
    assert result.screen.find("Play another game with the same players?") is not None
    assert result.screen.find("players join") is not None


# -- the hands pigged out on the board --------------------------------------------------------

AFTER_TWO_CAPTURES = START + " 1 3 5 ESC F"    # Ann on F, then the computer on D


def test_v_shows_every_hand_on_the_board_with_its_cards() -> None:
    base = play(AFTER_TWO_CAPTURES)
    board = base.state["board"]
    popup = play(AFTER_TWO_CAPTURES + " V")        # kept: the pop-up stays open meanwhile
    shown = popup.screen
    assert shown.find("Hands on the board") is not None
    for i in (3, 5):
        ranks = sorted(card[0] for card in board[i]["hand"])
        line = next(shown.read(row, 0, 80) for row in range(25)
                    if shown.read(row, 6, 1) == "ABCDEFGHIJKLMNOP"[i])
        assert sorted(ch for ch in line[28:42] if ch in "23456789TJQKA") == ranks, line
    closed = play(AFTER_TWO_CAPTURES + " V ESC").screen
    assert (closed.chars == base.screen.chars).all() and (closed.attrs == base.screen.attrs).all()


def test_right_click_on_a_square_shows_its_hand_in_poker_order() -> None:
    row, col = layout.square_origin(3)
    result = play(AFTER_TWO_CAPTURES + f" rclick:{row + 1},{col + 1}")
    text = result.state["message"]
    assert text.startswith("D: COMPUTER") and "pair" in text.lower(), text
    assert message_on_screen(result) == " ".join(text.split())


def test_square_cursor_shows_the_hand_under_it() -> None:
    result = play(AFTER_TWO_CAPTURES + " ESC")                  # Ann stands: pick a square
    s = result.state
    assert s["phase"] == "place" and s["turn"] == 0
    cursor = s["cursor"]
    assert result.state["message"].startswith(f"{'ABCDEFGHIJKLMNOP'[cursor]}: ")
    for moves in ("UP", "DOWN", "LEFT", "RIGHT"):
        moved = play(AFTER_TWO_CAPTURES + f" ESC {moves}")
        sq = moved.state["board"][moved.state["cursor"]]
        text = message_on_screen(moved)
        expected = "empty" if sq["owner"] is None else moved.state["players"][sq["owner"]]["name"]
        assert expected in text, (moves, text)


def test_ordered_cards_put_the_set_before_the_kickers() -> None:
    from retro.games.pigpoker import hands as hx
    assert layout.ordered_cards(hx.parse_hand("9C AD KS 5S KH")) == "K♠ K♥ A♦ 9♣ 5♠"


def message_on_screen(result, area: tuple[int, int, int, int] = layout.GAME_LOG) -> str:  # type: ignore[no-untyped-def]
    """A message area read back as one line."""
    row, col, height, width = area
    return " ".join(" ".join(result.screen.read(row + k, col, width).split())
                    for k in range(height)).strip()


# -- on the kit: hot keys in every wait, messages never cut ---------------------------------

def test_f5_then_esc_gives_back_the_same_screen_and_pgdn_turns_the_page() -> None:
    base = play(START).screen
    after = play(START + " F5 ESC").screen
    assert (after.chars == base.chars).all() and (after.attrs == base.attrs).all()
    pager = play(START + " F5 PGDN")                       # kept: the pager stays open
    assert pager.screen.find("Page 2 of 5") is not None


def test_hot_keys_work_inside_the_help_pages() -> None:
    inside = play(START + " F5 F10 F1")
    assert inside.screen.border == 1 and inside.state["sound"] is False
    assert inside.screen.find("Page 1 of 5") is not None   # the pager is still open


def test_f8_and_f9_stop_at_the_slowest_and_fastest_speed() -> None:
    assert play(START + " F8 F8 F8 F8 F8").state["delay"] == layout.DELAYS[-1]
    assert play(START + " F9 F9 F9 F9 F9").state["delay"] == layout.DELAYS[0]


def test_a_long_message_wraps_whole_in_the_message_area(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ai, "RETRIES", False)      # the computer's queens on D, as scripted
    # Ann's jack-high bust cannot take D (the computer's queens): the reason and the hand
    # on D make a message longer than a line of the area.
    result = play(AFTER_TWO_CAPTURES + " ESC D")
    text = result.state["message"]
    assert text.startswith("Not D: the hand must beat") and "Q♠ Q♥ A♣ 6♠ 5♦" in text
    assert len(text) > layout.GAME_LOG[3]
    assert message_on_screen(result) == " ".join(text.split())


def test_damaged_bank_message_is_shown_whole(tmp_path: Path) -> None:
    (tmp_path / BANK_FILE).write_bytes(b"PIG POKER BANK\n     150 Ann\n\xff\xfe%%%%\n")
    result = play('"ann" ENTER', home=tmp_path)
    history = " ".join(result.state["message"].split())
    shown = message_on_screen(result, layout.ENTRY_LOG)
    assert "damaged" in (history + shown).lower()
    # Whatever was said last is on screen whole: the area wraps it, never cuts it.
    assert shown == history
