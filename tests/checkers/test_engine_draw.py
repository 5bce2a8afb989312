"""Draw offers judged by a real search, whatever the number of legal moves."""

from __future__ import annotations

from pathlib import Path

from retro.games.checkers import engine as E
from retro.games.checkers import rules as R
from retro.script import run

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
