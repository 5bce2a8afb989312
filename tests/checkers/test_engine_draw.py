"""Draw offers judged by a real search, whatever the number of legal moves."""

from __future__ import annotations

from pathlib import Path

from retro.frontends.script import run
from retro.games.checkers import engine as E
from retro.games.checkers import rules as R
from retro.games.checkers.save import SAVE_NAME, Saved, Settings, dump
from retro.games.checkers.turns import QUIET_PLIES_FOR_OFFER

#: Black (on the keyboard) has one man on 4, whose only move is 4-8; White has five men.
ONE_MOVE_FEN = "B:W21,22,23,24,25:B4"


def test_draw_offer_from_a_side_with_one_move_is_searched() -> None:
    game = R.parse_fen(ONE_MOVE_FEN)
    assert len(game.legal_moves()) == 1
    result = E.best_move(game, 3)
    assert result.nodes > 0
    assert -result.score > 300        # White's view: far ahead


def test_computer_refuses_a_draw_offer_from_a_side_with_one_move(tmp_path: Path) -> None:
    result = run("checkers", seed=1, keys="D", home=tmp_path, params={"fen": ONE_MOVE_FEN})
    assert result.state["result"] is None
    assert result.state["draw_watch"] is not None
    assert result.state["draw_watch"]["refuser"] == "white"


# -- the Weckers games settle a draw on the scores: the computer weighs that ----------------

#: The 8x8 start with every piece weighed: only the scores (the last field) differ below.
WECKERS_START = ("B:W21/1,22/2,23/3,24/4,25/5,26/6,27/1,28/2,29/3,30/4,31/5,32/6"
                 ":B1/6,2/5,3/4,4/3,5/2,6/1,7/6,8/5,9/4,10/3,11/2,12/1")


def test_computer_refuses_a_weckers_draw_that_would_lose_it(tmp_path: Path) -> None:
    # White (the computer) trails 0-1 at the start: agreed now, the draw is Black's win.
    result = run("checkers", seed=1, keys="D", home=tmp_path,
                 params={"fen": WECKERS_START + ":VW:S1,0"})
    assert result.state["result"] is None
    assert result.state["draw_watch"] == {"refuser": "white", "bar": -1, "moves": 0}
    assert "refuses the draw" in result.state["message"]


def test_computer_accepts_a_weckers_two_draw_that_wins_it(tmp_path: Path) -> None:
    # White leads 6-0: the draw settles on the scores and gives White the game.
    result = run("checkers", seed=1, keys="D", home=tmp_path,
                 params={"fen": WECKERS_START + ":VT:G40:S0,6"})
    assert result.state["result"] == {"winner": "white",
                                      "reason": "draw agreed; higher score wins"}
    assert "White wins" in result.state["message"]


def test_computer_accepts_an_even_weckers_draw_and_refuses_when_it_expects_to_win(
        tmp_path: Path) -> None:
    even = run("checkers", seed=1, keys="D", home=tmp_path / "even",
               params={"fen": WECKERS_START + ":VW"})
    assert even.state["result"] == {"winner": None, "reason": "draw agreed; scores equal"}
    # Level with Black on the scores, but a whole army against one king: play on.
    ahead = run("checkers", seed=1, keys="D", home=tmp_path / "ahead",
                params={"fen": "B:W21/1,22/2,23/3,24/4,25/5:BK1/6:VW:S3,3"})
    assert ahead.state["result"] is None and ahead.state["draw_watch"] is not None


def _resume(home: Path, fen: str, quiet: int) -> None:
    """A saved game the next start resumes, after ``quiet`` plies without a man moving."""
    home.mkdir(parents=True, exist_ok=True)
    saved = Saved(R.parse_fen(fen), Settings(), quiet)
    (home / SAVE_NAME).write_bytes(dump(saved))


def test_computer_offers_no_draw_that_would_settle_as_its_loss(tmp_path: Path) -> None:
    # A long quiet spell, White (the computer) to move, level on the board but 0-2 down:
    # a draw now would be Black's win, so it plays on instead of offering one.
    _resume(tmp_path, "W:WK30/1:BK3/1:VW:S2,0", QUIET_PLIES_FOR_OFFER)
    result = run("checkers", seed=1, keys="", home=tmp_path)
    assert "offers a draw" not in str(result.screen)
    assert result.state["phase"] != "draw-offer"
    assert len(result.state["history"]) == 1            # it moved


def test_state_says_draw_offer_while_the_player_is_asked_to_accept(tmp_path: Path) -> None:
    # Kings only, even, after a long quiet spell: the computer offers, and the screen asks.
    _resume(tmp_path, "W:WK30:BK3", QUIET_PLIES_FOR_OFFER)
    result = run("checkers", seed=1, keys="", home=tmp_path)
    assert "White offers a draw" in str(result.screen)
    assert result.state["phase"] == "draw-offer"
    answered = run("checkers", seed=1, keys="N", home=tmp_path)
    assert answered.state["phase"] == "input"
    assert answered.state["draw_watch"]["refuser"] == "black"


def test_bang_in_weckers_settles_the_called_draw_on_the_scores(tmp_path: Path) -> None:
    # ! while the computer thinks calls the draw at once; White leads 6-0, so White wins.
    result = run("checkers", seed=1, keys='F7 F7 DOWN DOWN DOWN "3243" wait:500 !',
                 home=tmp_path, params={"fen": WECKERS_START + ":VW:S0,6"})
    assert result.state["history"] == ["9-14"]
    assert result.state["result"] == {
        "winner": "white", "reason": "draw called while the computer thought; higher score wins"}
