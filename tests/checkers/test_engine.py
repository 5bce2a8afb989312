"""The computer player, always at fixed levels (depth and node budgets, never the clock)."""

from __future__ import annotations

import random

import pytest

from retro.games.checkers import engine as E
from retro.games.checkers import rules as R
from retro.games.checkers.commands import move_command, perft_command


def test_engine_plays_the_only_legal_move_at_once() -> None:
    g = R.parse_fen("B:W18:B14,1")
    result = E.best_move(g, 9)
    assert R.format_move(result.move) == "14x23" and result.nodes == 0


@pytest.mark.parametrize("fen,shot", [
    ("B:WK2,21,22,23,24,26,27,28,30,32:B3,4,5,8,9,14,15", "14-18"),
    ("B:W17,21,22,24,25,26,28,31,32:B1,4,5,6,10,12,13,15", "15-18"),
])
@pytest.mark.parametrize("level", [4, 6])
def test_engine_finds_the_quiet_move_that_wins_material(fen: str, shot: str, level: int) -> None:
    """Positions where, by a plain 5-ply material minimax over the 2-D reference generator,
    exactly one quiet move wins material by force."""
    assert R.format_move(E.best_move(R.parse_fen(fen), level).move) == shot


def test_engine_finds_a_forced_win_in_the_endgame() -> None:
    # Two kings against one in a corner: the search sees the win.
    g = R.parse_fen("B:WK29:BK22,K23")
    result = E.best_move(g, 9)
    assert result.score > E.WIN - 100


def test_engine_prefers_the_capture_that_wins_more() -> None:
    g = R.parse_fen("B:W17,18,27,7:B14,1")       # 14x21 takes one, 14x23x32 takes two
    assert R.format_move(E.best_move(g, 4).move) == "14x23x32"


def test_same_position_same_level_same_move() -> None:
    rng = random.Random(5)
    g = R.new_game(R.Options(), rng)
    for _ in range(12):
        g = R.play(g, rng.choice(g.legal_moves()))
    first = E.best_move(g, 6)
    second = E.best_move(g, 6)
    assert first == second


@pytest.mark.parametrize("level", range(1, 7))
def test_level_never_exceeds_its_node_budget(level: int) -> None:
    g = R.parse_fen(R.START_FEN_8X8)
    result = E.best_move(g, level)
    assert result.nodes <= E.LEVELS[level][1]
    depths = [E.LEVELS[n][0] for n in range(1, 10)]
    budgets = [E.LEVELS[n][1] for n in range(1, 10)]
    assert depths == sorted(depths) and budgets == sorted(budgets)


def test_stopping_the_search_gives_the_best_move_so_far() -> None:
    g = R.parse_fen(R.START_FEN_8X8)
    search = E.Searcher(g, 9).think()
    polls = 0
    next(search)
    try:
        while True:
            polls += 1
            search.send(polls >= 3)         # Esc after the third look at the keys
    except StopIteration as done:
        result = done.value
    assert result.stopped
    assert result.move in g.legal_moves()
    assert result.nodes < E.LEVELS[9][1]


def test_weckers_engine_chooses_the_higher_scoring_hop() -> None:
    # The 6 may hop the 1 (scores 5) or the 5 (scores 1).
    g = R.parse_fen("B:W18/1,19/5,30/3:B15/6,1/2:VW")
    assert R.format_move(E.best_move(g, 2).move) == "15x22"


def test_weckers_two_engine_runs_for_the_game_point() -> None:
    g = R.parse_fen("B:W13/1,16/1:B26/5,5/1:VT:G10:S6,0")
    assert R.format_move(E.best_move(g, 3).move) in {"26-30", "26-31"}


def test_move_command_prints_pdn_numbers() -> None:
    assert move_command("B:W17,18,27,7:B14,1", 4) == "14x23x32"
    text = move_command(R.START_FEN_8X8, 1)
    assert text in {"9-13", "9-14", "10-14", "10-15", "11-15", "11-16", "12-16"}


def test_perft_command_prints_counts_per_depth() -> None:
    out = perft_command(8, 8, 3, None).splitlines()
    assert out[-1] == "depth 3 nodes 302"
    out = perft_command(6, 6, 2, None).splitlines()
    assert out[0] == "position 6x6:B:W13,14,15,16,17,18:B1,2,3,4,5,6"
    with pytest.raises(R.RulesError, match="FEN is 6x6"):
        perft_command(8, 6, 1, "6x6:B:W13:B1")


def test_game_over_has_no_engine_move() -> None:
    with pytest.raises(R.RulesError, match="over"):
        E.best_move(R.parse_fen("W:W29:B25,22"), 3)
