"""Pop-ups give back exactly what was under them: characters, attributes and the cursor."""

from __future__ import annotations

import pytest

from retro import ui
from retro.pc.events import Quit
from retro.pc.machine import Machine

from .conftest import backdrop


def test_restore_is_byte_exact_on_a_normal_exit(kit_run) -> None:
    before: list[bytes] = []
    inside: list[bytes] = []

    async def main(m: Machine) -> None:
        backdrop(m)
        m.screen.move_cursor(3, 4, visible=True)
        before.append(m.screen.to_bytes())
        async with ui.popup(m, 4, 10, 8, 40, 0x1F, title="Options", shadow=True) as box:
            box.put(0, 0, "inside the box")
            inside.append(m.screen.to_bytes())
            await ui.key(m)

    result = kit_run(main, "x")
    assert inside[0] != before[0]
    assert result.screen.to_bytes() == before[0]
    assert (result.screen.cursor.row, result.screen.cursor.col) == (3, 4)


def test_restore_is_byte_exact_when_an_exception_leaves_the_block(kit_run) -> None:
    before: list[bytes] = []

    async def main(m: Machine) -> None:
        backdrop(m)
        before.append(m.screen.to_bytes())
        try:
            async with ui.popup(m, 0, 0, 25, 80, 0x4F):
                await ui.key(m)
                raise RuntimeError("boom")
        except RuntimeError:
            await ui.key(m)

    result = kit_run(main, "x")
    assert result.screen.to_bytes() == before[0]


def test_restore_is_byte_exact_when_quit_leaves_the_block(kit_run) -> None:
    before: list[bytes] = []
    caught: list[str] = []

    async def main(m: Machine) -> None:
        backdrop(m)
        before.append(m.screen.to_bytes())
        try:
            async with ui.popup(m, 10, 30, 5, 20, 0x2E, frame="single"):
                await ui.ask(m, "Nested?")
        except Quit:
            caught.append("quit")
            raise

    result = kit_run(main, "")
    assert result.driver is not None
    result.driver.quit()
    assert caught == ["quit"]
    assert result.screen.to_bytes() == before[0]


def test_a_box_writes_inside_its_frame_and_clips_at_its_edge() -> None:
    from retro.pc.clock import VirtualClock

    m = Machine(clock=VirtualClock())
    with ui.popup(m, 2, 2, 4, 10, 0x1F) as box:
        assert (box.row, box.col, box.height, box.width) == (3, 3, 2, 8)
        box.put(0, 5, "abcdef")
        assert m.screen.read(3, 2, 10) == "║     abc║"
        assert box.contains(3, 3) and not box.contains(2, 2)


@pytest.mark.parametrize("mono", [False, True])
def test_golden_popup(kit_run, assert_screen, mono: bool) -> None:
    from .conftest import calm

    async def main(m: Machine) -> None:
        calm(m)
        async with ui.popup(m, 6, 20, 9, 40, m.attr(0x1F, 0x07), title="Options",
                            shadow=True) as box:
            box.center(1, "A pop-up over the game")
            box.put(3, 2, "Its shadow falls on the right", m.attr(0x1E, 0x0F))
            await ui.key(m)

    result = kit_run(main, "", letters="M" if mono else "")
    assert_screen(result, f"ui/popup-{'mono' if mono else 'colour'}")
