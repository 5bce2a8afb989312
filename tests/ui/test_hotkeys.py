"""The hot-key table: live in every wait, never re-entered, legends that name the next mode."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

import pytest

from retro import ui
from retro.pc.events import Click, Event, Key
from retro.pc.machine import Machine

from .conftest import backdrop


def _counting_table(m: Machine, log: list[str]) -> ui.HotKeys:
    keys = ui.HotKeys()
    keys.add("F2", lambda _m: log.append("F2"), legend="Count")
    ui.install(m, keys)
    return keys


def test_a_hot_key_runs_inside_key_and_the_next_other_key_is_returned(kit_run) -> None:
    log: list[str] = []
    got: list[Event | None] = []

    async def main(m: Machine) -> None:
        _counting_table(m, log)
        got.append(await ui.key(m))

    kit_run(main, "F2 F2 a")
    assert log == ["F2", "F2"] and got == [Key("a")]


def test_key_with_a_timeout_gives_none(kit_run) -> None:
    got: list[Event | None] = []

    async def main(m: Machine) -> None:
        got.append(await ui.key(m, timeout=0.5))
        got.append(m.now())

    kit_run(main, "")
    assert got == [None, pytest.approx(0.5)]


async def _in_popup(m: Machine) -> None:
    async with ui.popup(m, 5, 5, 5, 20, 0x1F):
        await ui.key(m)


async def _in_ask(m: Machine) -> None:
    await ui.ask(m, "Sure?")


async def _in_line_input(m: Machine) -> None:
    await ui.line_input(m, 3, 3, 10, 0x70)


async def _in_choose(m: Machine) -> None:
    await ui.choose(m, ["One", "Two"])


async def _in_pager(m: Machine) -> None:
    await ui.page(m, ["page one", "page two"])


async def _in_sleep(m: Machine) -> None:
    await ui.sleep(m, 5.0)


def _long_work() -> object:
    for n in range(100_000):
        if (yield n):
            return n
    return -1


async def _in_work(m: Machine) -> None:
    await ui.work(m, _long_work())  # type: ignore[arg-type]


WIDGETS: dict[str, tuple[Callable[[Machine], Awaitable[None]], str]] = {
    "popup": (_in_popup, "F2 F2 x"),
    "ask": (_in_ask, "F2 F2 n"),
    "line_input": (_in_line_input, "F2 F2 ESC"),
    "choose": (_in_choose, "F2 F2 ESC"),
    "pager": (_in_pager, "F2 F2 ESC"),
    # In a delay or long work, keys reach the program only after virtual time passes.
    "sleep": (_in_sleep, "wait:100 F2 wait:100 F2"),
    "work": (_in_work, "wait:10 F2 wait:10 F2 wait:10 ESC"),
}


@pytest.mark.parametrize("widget", sorted(WIDGETS))
def test_hot_keys_are_live_inside_every_widget(kit_run, widget: str) -> None:
    log: list[str] = []
    inner, keys = WIDGETS[widget]

    async def main(m: Machine) -> None:
        _counting_table(m, log)
        await inner(m)
        log.append("done")

    result = kit_run(main, keys)
    assert log == ["F2", "F2", "done"], widget
    assert result.ended


def test_an_action_that_is_running_is_not_entered_again(kit_run) -> None:
    depth: list[int] = []
    running = 0

    async def help_action(m: Machine) -> None:
        nonlocal running
        running += 1
        depth.append(running)
        await ui.page(m, ["help"])
        running -= 1

    async def main(m: Machine) -> None:
        keys = ui.HotKeys()
        keys.add("F5", help_action, legend="Help")
        ui.install(m, keys)
        await ui.key(m)

    kit_run(main, "F5 F5 F5 ESC F5 ESC")
    assert depth == [1, 1]


def test_a_masked_hot_key_reaches_the_widget_as_a_plain_key(kit_run) -> None:
    log: list[str] = []
    got: list[Event | None] = []

    async def main(m: Machine) -> None:
        _counting_table(m, log)
        with ui.hotkeys_off(m, "F2"):
            got.append(await ui.key(m))
        got.append(await ui.key(m))

    kit_run(main, "F2 F2 x")
    assert got == [Key("F2"), Key("x")] and log == ["F2"]


def test_toggle_legends_name_the_mode_the_key_switches_to(kit_run) -> None:
    legends: list[str] = []

    async def main(m: Machine) -> None:
        keys = ui.HotKeys()
        keys.add("F1", ui.sound_toggle(quiet=True))
        keys.add("F2", lambda _m: None, legend=lambda: "Fast")
        ui.install(m, keys)
        legends.append(keys.legend_line(m))
        await ui.key(m)
        legends.append(keys.legend_line(m))

    kit_run(main, "F1 x")
    assert legends == ["F1 Sound off  F2 Fast", "F1 Sound on  F2 Fast"]


def test_the_status_line_shows_legends_follows_toggles_and_takes_clicks(kit_run) -> None:
    rows: list[str] = []

    async def main(m: Machine) -> None:
        keys = ui.HotKeys()
        keys.add("F1", ui.sound_toggle(quiet=True))
        keys.add("F10", ui.border_cycler())
        ui.install(m, keys)
        keys.draw_status(m, 24)
        rows.append(m.screen.read(24).rstrip())
        await ui.key(m)
        rows.append(m.screen.read(24).rstrip())
        await ui.key(m)

    result = kit_run(main, "F1 x click:25,16 y")
    assert rows == [" F1 Sound off  F10 Border", " F1 Sound on  F10 Border"]
    assert result.screen.border == 1  # the click on "F10 Border" pressed F10


def test_hot_keys_ignore_clicks_outside_the_status_line(kit_run) -> None:
    got: list[Event | None] = []

    async def main(m: Machine) -> None:
        backdrop(m)
        keys = ui.HotKeys()
        keys.add("F10", ui.border_cycler())
        ui.install(m, keys)
        got.append(await ui.key(m))

    result = kit_run(main, "click:3,3")
    assert got == [Click(2, 2)] and result.screen.border == 0


def test_the_status_line_leaves_out_masked_keys_while_they_are_masked(kit_run) -> None:
    rows: list[str] = []

    async def main(m: Machine) -> None:
        keys = ui.HotKeys()
        keys.add("F5", lambda _m: None, legend="Help")
        keys.add("F8", lambda _m: None, legend="New game")
        ui.install(m, keys)
        keys.draw_status(m, 24)
        with ui.hotkeys_off(m, "F8"):
            rows.append(m.screen.read(24).strip())
        rows.append(m.screen.read(24).strip())

    kit_run(main)
    assert rows == ["F5 Help", "F5 Help  F8 New game"]


def test_a_click_takes_a_legend_from_its_first_cell_to_its_last_and_no_further(
        kit_run) -> None:
    log: list[str] = []
    got: list[Event | None] = []

    async def main(m: Machine) -> None:
        keys = _counting_table(m, log)
        keys.draw_status(m, 24)
        assert m.screen.read(24, 0, 10) == " F2 Count "  # the legend is columns 1-8
        for _ in range(3):
            got.append(await ui.key(m))

    # 1-based columns: 1 is the blank before, 2 and 9 the first and last cells, 10 after.
    kit_run(main, "click:25,1 click:25,2 click:25,9 click:25,10 x")
    assert log == ["F2", "F2"]
    assert got == [Click(24, 0), Click(24, 9), Key("x")]


def test_masks_nest_a_key_stays_masked_until_the_outer_block_ends(kit_run) -> None:
    log: list[str] = []
    got: list[Event | None] = []

    async def main(m: Machine) -> None:
        _counting_table(m, log)
        with ui.hotkeys_off(m, "F2"):
            with ui.hotkeys_off(m, "F2"):
                got.append(await ui.key(m))
            got.append(await ui.key(m))   # the outer mask still holds
        got.append(await ui.key(m))       # live again: F2 runs, x is returned

    kit_run(main, "F2 F2 F2 x")
    assert got == [Key("F2"), Key("F2"), Key("x")] and log == ["F2"]
