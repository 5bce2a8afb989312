"""The launcher: a menu of every game, runnable ones start, unbuilt ones say so."""

from __future__ import annotations

import pytest

import games
from retro.launcher import PROGRAM, TOP, lineup
from retro.script import run


def test_launcher_menu_matches_golden(assert_screen) -> None:
    assert_screen(run(PROGRAM), "launcher/menu")


def test_every_game_of_the_lineup_is_listed_then_the_builtins() -> None:
    names = [name for name, _, _ in lineup()]
    assert names[: len(games.LINEUP)] == [name for name, _ in games.LINEUP]
    assert "charmap" in names


def test_unbuilt_game_is_shown_as_such_and_does_not_start(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(games, "LINEUP", (("tetris", "Falling Blocks"), *games.LINEUP))
    screen = run(PROGRAM).screen
    assert "Falling Blocks" in screen.read(TOP) and "(not built)" in screen.read(TOP)
    after = run(PROGRAM, keys="UP ENTER").screen  # the first item is the unbuilt one
    assert after.find("not built yet") is not None


def test_enter_starts_the_chosen_program_and_its_end_returns_to_the_menu() -> None:
    charmap_row = next(n for n, item in enumerate(lineup()) if item[0] == "charmap")
    moves = " ".join(["DOWN"] * charmap_row)
    inside = run(PROGRAM, keys=f"{moves} ENTER").screen
    assert "retro charmap" in inside.read(0)
    back = run(PROGRAM, keys=f"{moves} ENTER ESC").screen
    assert back.find("Games") is not None


def test_click_on_a_game_starts_it() -> None:
    charmap_row = next(n for n, item in enumerate(lineup()) if item[0] == "charmap")
    screen = run(PROGRAM, keys=f"click:{TOP + charmap_row + 1},30").screen
    assert "retro charmap" in screen.read(0)


def test_escape_leaves() -> None:
    assert run(PROGRAM, keys="ESC").ended
