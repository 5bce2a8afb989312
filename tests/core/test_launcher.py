"""The launcher: a menu of every registered program; the chosen one starts."""

from __future__ import annotations

import pytest

from retro.frontends.script import run
from retro.pc.machine import Machine, Program
from retro.programs import all_programs, menu, registry
from retro.programs.launcher import TOP


def test_launcher_menu_matches_golden(assert_screen) -> None:
    assert_screen(run(menu()), "launcher/menu")


def test_the_five_games_come_first_in_menu_order_then_the_builtins() -> None:
    names = [program.name for program in all_programs()]
    assert names == ["yucky", "pigpoker", "sixtysix", "checkers", "yz", "charmap"]


def test_a_registered_third_party_program_appears_and_starts(
        monkeypatch: pytest.MonkeyPatch) -> None:
    async def tetris(m: Machine) -> None:
        m.screen.put(0, 0, "falling blocks", 0x07)
        await m.key()

    extra = Program(name="tetris", title="Falling Blocks", main=tetris, order=50)
    registered = registry.all_programs()
    monkeypatch.setattr(registry, "all_programs", lambda: (*registered[:5], extra,
                                                           *registered[5:]))
    screen = run(menu()).screen
    assert "Falling Blocks" in screen.read(TOP + 5)
    after = run(menu(), keys=" ".join(["DOWN"] * 5) + " ENTER").screen
    assert after.read(0).startswith("falling blocks")


def test_enter_starts_the_chosen_program_and_its_end_returns_to_the_menu() -> None:
    charmap_row = next(n for n, item in enumerate(all_programs()) if item.name == "charmap")
    moves = " ".join(["DOWN"] * charmap_row)
    inside = run(menu(), keys=f"{moves} ENTER").screen
    assert "retro charmap" in inside.read(0)
    back = run(menu(), keys=f"{moves} ENTER ESC").screen
    assert back.find("Games") is not None


def test_click_on_a_game_starts_it() -> None:
    charmap_row = next(n for n, item in enumerate(all_programs()) if item.name == "charmap")
    screen = run(menu(), keys=f"click:{TOP + charmap_row + 1},30").screen
    assert "retro charmap" in screen.read(0)


def test_escape_leaves() -> None:
    assert run(menu(), keys="ESC").ended


def test_a_programs_cursor_border_and_blink_do_not_leak_into_the_menu() -> None:
    """Back from a game that showed a blinking cursor (checkers' move entry), the menu looks
    exactly as it did before the game."""
    checkers_row = next(n for n, item in enumerate(all_programs()) if item.name == "checkers")
    moves = " ".join(["DOWN"] * checkers_row)
    before = run(menu(), keys=moves).screen
    inside = run(menu(), keys=f"{moves} ENTER ENTER").screen     # a game under way
    assert inside.cursor.visible, "checkers shows its input cursor"
    after = run(menu(), keys=f"{moves} ENTER F1 y").screen      # F1 then Y leaves checkers
    assert after.find("Games") is not None
    assert after.to_bytes() == before.to_bytes()
    assert (after.cursor.visible, after.border, after.blink) == (
        before.cursor.visible, before.border, before.blink)


def test_a_programs_hot_keys_do_not_follow_it_back_to_the_menu(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from retro import ui

    async def keyed(m: Machine) -> None:
        keys = ui.HotKeys()
        keys.add("F10", ui.border_cycler())
        ui.install(m, keys)
        await ui.key(m)

    extra = Program(name="keyed", title="Hot keys", main=keyed, order=0)
    monkeypatch.setattr(registry, "all_programs", lambda: (extra,))
    result = run(menu(), keys="ENTER x F10")     # in, out, then F10 at the menu
    assert result.machine.ui_state is None
    assert result.screen.border == 0
