"""The Checkers screens, run headless under key scripts."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from retro.frontends.script import run
from retro.games.checkers import engine as E
from retro.games.checkers import rules as R
from retro.games.checkers.save import SAVE_NAME

STATE_KEYS = {"phase", "turn", "rows", "cols", "variant", "options", "fen", "scores", "level"}


def play(keys: str, home: Path, letters: str = "", fen: str | None = None, seed: int = 1):
    return run("checkers", seed=seed, keys=keys, letters=letters, home=home,
               params={"fen": fen} if fen else None)


# -- golden screens ---------------------------------------------------------------------------


@pytest.mark.parametrize("size,keys", [("8x8", "ENTER"), ("6x6", "R C ENTER"),
                                       ("6x8", "R ENTER"), ("8x6", "C ENTER")])
def test_start_of_each_board_size(assert_screen, tmp_path: Path, size: str, keys: str) -> None:
    result = play(keys, tmp_path)
    rows, cols = (int(x) for x in size.split("x"))
    assert (result.state["rows"], result.state["cols"]) == (rows, cols)
    assert result.state["phase"] == "input" and result.state["turn"] == "black"
    assert_screen(result, f"checkers/start_{size}")


def test_option_screen(assert_screen, tmp_path: Path) -> None:
    result = play("V V L +", tmp_path)
    assert result.state["variant"] == R.WECKERS_TWO
    assert result.state["options"]["lite"] is True
    assert result.state["options"]["game_point"] == 50
    assert_screen(result, "checkers/options")


def test_help_pages(assert_screen, tmp_path: Path) -> None:
    assert_screen(play("ENTER F5", tmp_path), "checkers/help")
    assert_screen(play("ENTER F5 PGDN", tmp_path), "checkers/help_weckers")


def test_multi_jump_typed_square_by_square(assert_screen, tmp_path: Path) -> None:
    # White on the keyboard too (F3), so the screen stays on the jump just made.
    result = play('F3 "234567"', tmp_path, fen="B:W10,19,30:B6,1")
    assert result.state["history"] == ["6x15x24"]
    assert result.state["turn"] == "white"
    assert_screen(result, "checkers/multi_jump")


def test_crowning(assert_screen, tmp_path: Path) -> None:
    result = play('F3 "7485"', tmp_path, fen="B:W20,29:B26,1")
    assert result.state["history"] == ["26-31"]
    assert "K31" in result.state["fen"]
    assert_screen(result, "checkers/crowning")


def test_weckers_capture_shows_its_score(assert_screen, tmp_path: Path) -> None:
    result = play('F3 "4365"', tmp_path, fen="B:W18/6,30/1:B14/2,1/1,3/4:VW")
    assert result.state["scores"] == {"black": 4, "white": 0}
    assert_screen(result, "checkers/weckers_capture")


def test_draw_offer_refused_by_the_computer_when_it_is_ahead(assert_screen,
                                                              tmp_path: Path) -> None:
    result = play("D", tmp_path, fen="B:W21,22,23,K30:B1")
    assert result.state["draw_watch"] == {"refuser": "white", "bar": 4, "moves": 0}
    assert result.state["result"] is None
    assert_screen(result, "checkers/draw_offer")


def test_draw_offer_accepted_in_an_even_game(tmp_path: Path) -> None:
    result = play("ENTER D", tmp_path)
    assert result.state["result"] == {"winner": None, "reason": "draw agreed"}
    assert result.state["phase"] == "over"


def test_mono_with_alternate_symbols(assert_screen, tmp_path: Path) -> None:
    result = play("V ENTER", tmp_path, letters="MA")
    assert result.screen.mono
    assert "(" in result.screen.read(3, 0, 46) or "(" in result.screen.read(4, 0, 46)
    assert_screen(result, "checkers/mono_alt")


# -- moves and messages ------------------------------------------------------------------------


def test_typed_light_square_is_refused_with_a_reason(tmp_path: Path) -> None:
    result = play('ENTER "33"', tmp_path)
    assert "light square" in result.state["message"]


def test_typed_square_off_the_board_is_refused(tmp_path: Path) -> None:
    result = play('R C ENTER "72"', tmp_path)
    assert "off the board" in result.state["message"]


def test_moving_when_a_capture_is_due_says_you_must_take(tmp_path: Path) -> None:
    result = play('F3 "12"', tmp_path, fen="B:W18:B14,1")
    assert "capture" in result.state["message"]
    assert result.state["history"] == []


def test_jump_given_by_start_and_end_only(tmp_path: Path) -> None:
    result = play('F3 "2367"', tmp_path, fen="B:W10,19,30:B6,1")
    assert result.state["history"] == ["6x15x24"]


def test_mouse_clicks_make_a_move(tmp_path: Path) -> None:
    # Row 3 column 2 is screen row 3+2*2, column 4+5*1; row 4 column 3 below it.
    result = play("ENTER click:8,11 click:10,16", tmp_path)
    assert result.state["history"][0] == "9-14"


def test_resign_and_abandon(tmp_path: Path) -> None:
    result = play("ENTER R Y", tmp_path)
    assert result.state["result"] == {"winner": "white", "reason": "Black resigned"}
    result = play("ENTER Q Y", tmp_path)
    assert result.state["result"] is None and result.state["phase"] == "over"


def test_state_has_the_documented_schema(tmp_path: Path) -> None:
    result = play('ENTER "3243"', tmp_path)
    state = result.state
    assert set(state) >= STATE_KEYS
    json.dumps(state)
    assert state["fen"] == R.to_fen(R.parse_fen(state["fen"]))
    assert state["level"] == 3 and len(state["history"]) == 2


def test_fen_parameter_starts_from_the_position(tmp_path: Path) -> None:
    fen = "6x8:B:W17,18:B1,2"
    result = play("", tmp_path, fen=fen)
    assert result.state["fen"] == fen and result.state["rows"] == 6


# -- the computer ---------------------------------------------------------------------------------


#: Black to move in a position no opening book holds (white has made two moves, black none),
#: so level 9 has to think about its answer to 9-14.
OUT_OF_BOOK = "B:W17,20,22,23,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12"


def test_escape_makes_the_computer_move_at_once(tmp_path: Path) -> None:
    result = play('F8 F8 F8 F8 F8 F8 "3243" wait:20 ESC', tmp_path, fen=OUT_OF_BOOK)
    assert result.state["level"] == 9
    assert len(result.state["history"]) == 2 and result.state["turn"] == "black"
    search = result.state["search"]
    assert search["stopped"] and search["nodes"] < E.LEVELS[9][1]


def test_bang_declares_a_draw_while_the_computer_thinks(tmp_path: Path) -> None:
    result = play('F8 F8 F8 F8 F8 F8 "3243" wait:20 !', tmp_path, fen=OUT_OF_BOOK)
    assert result.state["result"]["winner"] is None
    assert "draw" in result.state["result"]["reason"]


def test_computer_against_itself_finishes_a_game(tmp_path: Path) -> None:
    result = play("F4 F7 F7", tmp_path, fen="B:W29,30,31:BK1,K2,K3,5")
    assert result.state["players"] == {"black": "computer", "white": "computer"}
    assert result.state["result"] is not None


def test_level_and_players_keys(tmp_path: Path) -> None:
    result = play("F7 F7 F7 F8 F3 F4 ENTER", tmp_path)
    assert result.state["level"] == 1 + 1
    result = play("F3 ENTER", tmp_path)
    assert result.state["players"] == {"black": "keyboard", "white": "keyboard"}


# -- saving -------------------------------------------------------------------------------------


def test_f1_saves_and_the_next_start_resumes(tmp_path: Path) -> None:
    first = play('ENTER "3243" F1 Y', tmp_path)
    assert first.ended
    assert (tmp_path / SAVE_NAME).exists()
    second = play("", tmp_path)
    assert second.state["history"] == first.state["history"]
    assert second.state["fen"] == first.state["fen"]
    assert "saved game" in second.state["message"]


def test_finished_game_leaves_no_save(tmp_path: Path) -> None:
    play('ENTER "3243" F1 Y', tmp_path)
    play("R Y F1 Y", tmp_path)
    assert not (tmp_path / SAVE_NAME).exists()


def test_game_from_a_fen_leaves_the_saved_game_alone(tmp_path: Path) -> None:
    play('ENTER "3243" F1 Y', tmp_path)
    saved = (tmp_path / SAVE_NAME).read_bytes()
    play("R Y", tmp_path, fen="B:W18:B14,1")
    assert (tmp_path / SAVE_NAME).read_bytes() == saved


def test_corrupt_save_is_moved_aside_with_a_clear_message(tmp_path: Path) -> None:
    tmp_path.mkdir(exist_ok=True)
    (tmp_path / SAVE_NAME).write_bytes(b"{ not a saved game")
    result = play("", tmp_path)
    assert result.state["phase"] == "options"
    assert "could not be read" in result.state["message"]
    assert (tmp_path / f"{SAVE_NAME}.bad-1").read_bytes() == b"{ not a saved game"
    assert result.machine.notices


# -- monkey ---------------------------------------------------------------------------------------

KEYS = ["ENTER", "ESC", "BKSP", "UP", "DOWN", "F2", "F3", "F4", "F5", "F6", "F7", "F9",
        "F10", "PGDN", "D", "R", "F", "Q", "X", "Y", "N", "!", "V", "L", "T", "C", "7", "+",
        "LEFT", "RIGHT", "LEFT", "H", "P"]


@pytest.mark.parametrize("seed", range(4))
def test_monkey_never_crashes(tmp_path: Path, seed: int) -> None:
    rng = random.Random(seed)
    tokens = ["F7", "F7"]
    for _ in range(120):
        roll = rng.random()
        if roll < 0.5:
            tokens.append(str(rng.randint(1, 8)))
        elif roll < 0.6:
            tokens.append(f"click:{rng.randint(1, 25)},{rng.randint(1, 80)}")
        else:
            tokens.append(rng.choice(KEYS))
    result = play(" ".join(tokens), tmp_path, seed=seed)
    assert result.state is not None


def test_colour_keys_change_pieces_and_border(tmp_path: Path) -> None:
    result = play("ENTER F6 F9 F10 F10", tmp_path)
    s = result.screen
    assert s.border == 2
    # F6: white 15 -> 4 (red); F9: black 0 -> 15, free again now that white left it.
    assert s.attrs[3, 4 + 5 + 2] == 0xF0        # square 1 (row 1, column 2): black man
    assert s.attrs[13, 4 + 2] == 0x4F           # square 21 (row 6, column 1): white man


def test_colour_keys_on_mono_say_they_need_colour(tmp_path: Path) -> None:
    result = play("ENTER F6", tmp_path, letters="M")
    assert "colour screen" in result.state["message"]


def test_sound_and_speed_keys(tmp_path: Path) -> None:
    result = play("ENTER F2 UP UP DOWN DOWN DOWN", tmp_path)
    assert result.state["sound"] is False
    assert result.state["speed"] == 1.0
    assert "Delay 1.00s" in result.screen.read(24)
    assert "Sound on" in str(result.screen)      # the legend names what F2 would do now


def test_f1_then_n_keeps_playing(tmp_path: Path) -> None:
    result = play("ENTER F1 N", tmp_path)
    assert not result.ended and result.state["phase"] == "input"
    assert not (tmp_path / SAVE_NAME).exists()


# -- keys answered everywhere ------------------------------------------------------------------


def _elapsed(before: str, after: str, home: Path, **kw) -> float:
    """Virtual seconds the keys ``after`` take once ``before`` has been typed."""
    start = play(before, home / "a", **kw).machine.now()
    return play(f"{before} {after}", home / "b", **kw).machine.now() - start


def test_plain_step_waits_only_the_think_delay(tmp_path: Path) -> None:
    # Delay 3 s (down three times from 0.5 s): the computer's step takes 3 s, not 6.
    took = _elapsed("DOWN DOWN DOWN ENTER", '"3243"', tmp_path)
    assert 3.0 <= took < 3.5


def test_computer_jump_waits_a_hop_delay_between_hops(tmp_path: Path) -> None:
    # White's 30x23x14: the think delay, the first hop at once, one more delay, the second.
    took = _elapsed("DOWN DOWN DOWN", '"1221"', tmp_path, fen="B:W30:B26,18,1")
    assert 6.0 <= took < 6.5


def test_escape_during_the_think_delay_moves_at_once(tmp_path: Path) -> None:
    result = play('F7 F7 DOWN DOWN DOWN ENTER "3243" wait:500 ESC', tmp_path)
    assert result.state["level"] == 1
    assert len(result.state["history"]) == 2
    assert result.machine.now() < 2.0


def test_bang_during_the_think_delay_calls_a_draw_at_level_one(tmp_path: Path) -> None:
    result = play('F7 F7 DOWN DOWN DOWN ENTER "3243" wait:500 !', tmp_path)
    assert result.state["history"] == ["9-14"]
    assert result.state["result"] == {"winner": None,
                                      "reason": "draw called while the computer thought"}


def test_bang_during_the_hop_delay_calls_a_draw_after_the_move(tmp_path: Path) -> None:
    result = play('DOWN DOWN DOWN "1221" wait:4000 !', tmp_path, fen="B:W30:B26,18,1")
    assert result.state["history"] == ["1-5", "30x23x14"]
    assert result.state["result"]["reason"] == "draw called while the computer moved"


def test_function_keys_work_while_the_computer_waits(tmp_path: Path) -> None:
    result = play('DOWN DOWN DOWN ENTER "3243" wait:500 F8 F2', tmp_path)
    assert result.state["level"] == 4 and result.state["sound"] is False


def test_players_key_inside_the_help_hands_the_turn_over(tmp_path: Path) -> None:
    result = play("ENTER F5 F4 ESC", tmp_path)
    assert result.state["players"]["black"] == "computer"
    assert result.state["history"]                  # black's move was made by the computer


def test_help_is_closed_by_escape_not_by_any_key(tmp_path: Path) -> None:
    result = play("ENTER F5 X Y", tmp_path)
    assert result.state["phase"] == "help"
    assert play("ENTER F5 ESC", tmp_path).screen.to_bytes() == \
        play("ENTER", tmp_path).screen.to_bytes()


def test_help_pages_turn_and_hot_keys_work_inside(tmp_path: Path) -> None:
    assert "Page 2 of 5" in str(play("ENTER F5 PGDN", tmp_path).screen)
    result = play("ENTER F5 PGDN UP", tmp_path)     # the arrows page here, not the speed
    assert "Page 1 of 5" in str(result.screen) and result.state["speed"] == 0.5
    result = play("ENTER F5 F10 F8", tmp_path)
    assert result.state["phase"] == "help"
    assert result.screen.border == 1 and result.state["level"] == 4


def test_quit_question_is_asked_in_a_popup_and_escape_keeps_playing(tmp_path: Path) -> None:
    result = play("ENTER F1", tmp_path)
    assert "Quit and save this game?" in str(result.screen)
    assert "[ Yes ]" in str(result.screen)
    result = play("ENTER F1 ESC", tmp_path)
    assert not result.ended and result.state["phase"] == "input"


def test_function_keys_on_the_new_game_screen_show_what_they_did(tmp_path: Path) -> None:
    result = play("F8 F8 F3", tmp_path)
    text = str(result.screen)
    assert "Level    5 of 9" in text
    assert "Black keyboard, White keyboard" in text
    assert result.state["message"] == "White is played by the keyboard now."
    result = play("F7", tmp_path)
    assert result.state["message"] == "Level 2 of 9."


# -- the screen items ---------------------------------------------------------------------------


def _bg(result, row: int, col: int) -> int:
    """Background colour of the dark square at board (row, col)."""
    return int(result.screen.attrs[3 + (row - 1) * 2, 4 + (col - 1) * 5]) >> 4


def _reply_to_9_14() -> tuple[R.Move, str, str]:
    """The level-3 computer's answer to 9-14 (3,2-4,3), whatever move the engine of the day
    finds: the move, in PDN numbers, and in the players' row,column pairs."""
    game = R.new_game(R.Options(), random.Random(0))
    game = R.play(game, R.parse_move(game, "9-14"))
    move = E.best_move(game, 3).move
    g = game.position.geometry
    return move, R.format_move(move), "-".join("{},{}".format(*g.rc(s)) for s in move.path)


def test_computer_move_is_reported_in_row_column_pairs(tmp_path: Path) -> None:
    result = play('ENTER "3243"', tmp_path)
    _move, pdn, pairs = _reply_to_9_14()
    assert result.state["history"] == ["9-14", pdn]            # PDN numbers in the list
    assert result.state["message"] == f"White played {pairs}."
    assert "1. 9-14" in str(result.screen) and pdn in str(result.screen)


def test_move_list_shows_the_moves_in_pdn_numbers(tmp_path: Path) -> None:
    result = play('F3 ENTER "3243" "6354" "3445" LEFT', tmp_path)
    lines = [result.screen.read(row, 46, 32) for row in range(8, 14)]
    assert "Moves, 1 to replay" in lines[0]
    assert lines[1].strip("│ ").split() == ["1.", "9-14", "22-18"]
    assert not lines[2].strip("│ ")


def test_last_move_is_highlighted_on_the_board(tmp_path: Path) -> None:
    result = play('ENTER "3243"', tmp_path)
    move, _pdn, _pairs = _reply_to_9_14()
    g = R.new_game(R.Options(), random.Random(0)).position.geometry
    marked = {_bg(result, *g.rc(move.start)), _bg(result, *g.rc(move.end))}
    assert len(marked) == 1 and marked != {2}               # not the plain green
    assert _bg(result, 4, 3) == 2 and _bg(result, 3, 2) == 2  # black's earlier move is not


def test_entering_another_own_piece_switches_to_it(tmp_path: Path) -> None:
    result = play('ENTER "32" "34"', tmp_path)
    assert result.state["message"] == ""
    assert "your move: 3,4" in str(result.screen)
    result = play('ENTER "32" "34" "43"', tmp_path)
    assert result.state["history"][0] == "10-14"


def test_selection_does_not_hide_a_blue_black_piece(tmp_path: Path) -> None:
    # F9 five times: black pieces 0 -> 4 -> 12 -> 14 -> 6 -> 1 (blue, 15 is white's).
    result = play('ENTER F9 F9 F9 F9 F9 "32"', tmp_path)
    top, left = 3 + 2 * 2, 4 + 1 * 5
    assert int(result.screen.attrs[top, left + 2]) >> 4 == 1       # the piece, blue
    assert int(result.screen.attrs[top, left]) >> 4 not in (1, 2)  # the square around it
    assert result.screen.read(top, left, 5)[0] == "►"


def test_messages_keep_proper_names_capitalised(tmp_path: Path) -> None:
    assert play("+", tmp_path).state["message"] == "The game point belongs to Weckers Two."
    assert play("7", tmp_path).state["message"] == "The 7/11 option belongs to Weckers only."


def test_game_over_screen_drops_the_move_entry_hint(tmp_path: Path) -> None:
    result = play("ENTER R Y", tmp_path)
    assert result.state["phase"] == "over"
    text = str(result.screen)
    assert "row & column" not in text and "your move" not in text
    assert "Enter new game" in result.screen.read(24)


def test_function_keys_on_the_game_over_screen_keep_its_prompt(tmp_path: Path) -> None:
    result = play("ENTER R Y F8", tmp_path)
    assert result.state["level"] == 4
    assert result.screen.read(21).strip().startswith("Game over.  Enter: new game")


def test_take_back_and_replay_against_the_computer(tmp_path: Path) -> None:
    result = play('ENTER "3243" LEFT', tmp_path)
    assert result.state["history"] == [] and result.state["turn"] == "black"
    assert "1 to replay" not in str(result.screen) and "2 to replay" in str(result.screen)
    result = play('ENTER "3243" LEFT RIGHT', tmp_path)
    assert result.state["history"] == ["9-14", _reply_to_9_14()[1]]


def test_take_back_in_a_two_player_game_goes_one_move(tmp_path: Path) -> None:
    result = play('F3 ENTER "3243" "6354" LEFT', tmp_path)
    assert result.state["history"] == ["9-14"] and result.state["turn"] == "white"


def test_take_back_after_the_game_is_over(tmp_path: Path) -> None:
    result = play("ENTER R Y LEFT", tmp_path)
    assert result.state["result"] is None and result.state["phase"] == "input"


def test_nothing_to_take_back_says_so(tmp_path: Path) -> None:
    assert play("ENTER LEFT", tmp_path).state["message"] == "There is no move to take back."


def test_hint_key_shows_the_engines_move_at_the_level(tmp_path: Path) -> None:
    result = play("ENTER H", tmp_path)
    game = R.new_game(R.Options(), random.Random(0))
    best = E.best_move(game, 3).move
    g = game.position.geometry
    want = "-".join("{},{}".format(*g.rc(s)) for s in best.path)
    assert result.state["message"] == f"Hint (level 3): {want}."
    assert result.state["history"] == []
    row, col = g.rc(best.start)
    assert _bg(result, row, col) not in (2,)


def test_pdn_key_saves_the_game_to_a_new_file(tmp_path: Path) -> None:
    result = play('ENTER "3243" P P', tmp_path)
    assert result.state["message"] == "The game is saved as CHECK002.PDN in the save folder."
    text = (tmp_path / "CHECK001.PDN").read_text()
    assert '[Black "Keyboard"]' in text and '[White "Computer (level 3)"]' in text
    assert f"1. 9-14 {_reply_to_9_14()[1]} *" in text


def test_pdn_option_loads_a_game(tmp_path: Path) -> None:
    path = tmp_path / "game.pdn"
    path.write_text('[Event "x"]\n1. 9-14 24-20 2. 11-15 *\n')
    result = run("checkers", seed=1, keys="", home=tmp_path, params={"pdn": str(path)})
    # The game goes on from there: white, the computer, has the move.
    assert result.state["history"][:3] == ["9-14", "24-20", "11-15"]
    assert len(result.state["history"]) == 4
