"""Every modal widget gives the screen back byte-exact: when it ends, and when Quit ends it."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

import pytest

from retro import ui
from retro.pc.machine import Machine

from .conftest import backdrop


def _validate(text: str) -> str | None:
    return None if text == "ok" else "Type ok, please."


WIDGETS: dict[str, tuple[Callable[[Machine], Awaitable[object]], str]] = {
    "ask": (lambda m: ui.ask(m, "Sure?"), "n"),
    "choose": (lambda m: ui.choose(m, ["One", "Two", "Three"]), "DOWN ENTER"),
    "pager": (lambda m: ui.page(m, ["one", "two"], row=3, col=3, height=15, width=60),
              "PGDN ESC"),
    "line_input error": (
        lambda m: ui.line_input(m, 10, 10, 20, 0x70, validate=_validate, restore=True),
        '"no" ENTER ESC'),
    "announce": (lambda m: ui.announce(m, "Speed: fast"), ""),
    "progress": (lambda m: ui.work(m, iter([0.1, 0.5, 0.9]),  # type: ignore[arg-type]
                                   progress=ui.Progress(24, 0, 80, 0x70)), ""),
}


@pytest.mark.parametrize("widget", sorted(WIDGETS))
def test_the_screen_comes_back_byte_exact_when_it_ends(kit_run, widget: str) -> None:
    show, keys = WIDGETS[widget]
    before: list[bytes] = []

    async def main(m: Machine) -> None:
        backdrop(m)
        m.screen.move_cursor(7, 7, visible=True)
        before.append(m.screen.to_bytes())
        await show(m)
        m.screen.put(0, 0, "Z")  # proof the widget ended
        m.screen.put(0, 0, bytes([1]), before[0][1])

    result = kit_run(main, keys)
    assert result.ended, widget
    assert result.screen.to_bytes() == before[0], widget
    assert (result.screen.cursor.row, result.screen.cursor.col) == (7, 7)


@pytest.mark.parametrize("widget", ["ask", "choose", "pager", "line_input error"])
def test_the_screen_comes_back_byte_exact_when_quit_ends_it(kit_run, widget: str) -> None:
    show, keys = WIDGETS[widget]
    before: list[bytes] = []

    async def main(m: Machine) -> None:
        backdrop(m)
        before.append(m.screen.to_bytes())
        await show(m)

    # Stop the run inside the widget (the last key left out), then close the window.
    inside = keys.rsplit(" ", 1)[0] if " " in keys else ""
    result = kit_run(main, inside)
    assert not result.ended and result.screen.to_bytes() != before[0]
    assert result.driver is not None
    result.driver.quit()
    assert result.screen.to_bytes() == before[0], widget


def test_f5_help_then_f10_inside_it_then_esc(kit_run) -> None:
    """The cross-game rule on the kit alone: F5 opens the help, PgDn turns its page, F10
    inside it changes the border, Esc gives back the same screen bytes."""
    before: list[bytes] = []
    pages: list[str] = []

    async def main(m: Machine) -> None:
        async def show_help(m: Machine) -> None:
            with ui.hotkeys_off(m, "F5"):
                await ui.page(m, ["first page", "second page"], close_keys=("ESC", "F5"))

        keys = ui.HotKeys()
        keys.add("F5", show_help, legend="Help")
        keys.add("F10", ui.border_cycler())
        keys.add("F12", lambda m: pages.append(m.screen.read(1, 2, 20).strip()))
        ui.install(m, keys)
        backdrop(m)
        before.append(m.screen.to_bytes())
        while True:
            await ui.key(m)

    result = kit_run(main, "F5 F12 PGDN F12 F10 F10 ESC")
    assert pages == ["first page", "second page"]
    assert result.screen.border == 2
    assert result.screen.to_bytes() == before[0]
    again = kit_run(main, "F5 F5")  # F5 masked inside its own help closes it
    assert again.screen.to_bytes() == before[-1]
