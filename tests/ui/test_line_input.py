"""The line input: editing keys, a validator whose error is shown on screen, Esc."""

from __future__ import annotations

import pytest

from retro import ui
from retro.pc.machine import Machine

from .conftest import calm


def _typed(kit_run, keys: str, **options: object) -> str | None:
    got: list[str | None] = []

    async def main(m: Machine) -> None:
        got.append(await ui.line_input(m, 5, 10, 20, 0x70, **options))  # type: ignore[arg-type]

    kit_run(main, keys)
    return got[0] if got else "still editing"


@pytest.mark.parametrize(("keys", "text"), [
    ('"hello" ENTER', "hello"),
    ('"hello" BKSP BKSP "p" ENTER', "help"),
    ('"hello" HOME DEL "j" ENTER', "jello"),
    ('"hello" LEFT LEFT "X" END "!" ENTER', "helXlo!"),
    ('"ab" LEFT LEFT BKSP RIGHT RIGHT RIGHT "c" ENTER', "abc"),
    ('"abc" F3 ENTER', "abc"),
    ('"hello" ESC', None),
])
def test_editing_keys(kit_run, keys: str, text: str | None) -> None:
    assert _typed(kit_run, keys) == text


def test_initial_text_and_the_length_limit(kit_run) -> None:
    assert _typed(kit_run, '"xyz" ENTER', initial="ab", max_length=4) == "abxy"


def test_allowed_filters_the_characters_typed(kit_run) -> None:
    assert _typed(kit_run, '"a1b2" ENTER', allowed=str.isdigit) == "12"


def _game_point(text: str) -> str | None:
    if not text.isdigit() or not 100 <= int(text) <= 1000:
        return "Game point: a number from 100 to 1000."
    return None


def test_the_validator_error_is_shown_on_screen_until_the_next_edit(kit_run) -> None:
    rows: list[str] = []

    async def main(m: Machine) -> None:
        async def watch(m: Machine) -> None:
            rows.append(m.screen.read(6, 10, 70).strip())

        keys = ui.HotKeys()
        keys.add("F12", watch)
        ui.install(m, keys)
        m.screen.put(6, 10, "under the error")
        text = await ui.line_input(m, 5, 10, 20, 0x70, validate=_game_point)
        rows.append(f"got {text}")
        rows.append(m.screen.read(6, 10, 70).strip())

    kit_run(main, '"50" ENTER F12 LEFT F12 "0" F12 ENTER')
    assert rows == ["Game point: a number from 100 to 1000.",
                    "Game point: a number from 100 to 1000.",   # moving is not an edit
                    "under the error",
                    "got 500", "under the error"]


def test_the_error_can_go_in_a_place_of_the_callers(kit_run) -> None:
    shown: list[str] = []

    async def main(m: Machine) -> None:
        async def watch(m: Machine) -> None:
            shown.append(m.screen.read(24).strip())

        keys = ui.HotKeys()
        keys.add("F12", watch)
        ui.install(m, keys)
        await ui.line_input(m, 5, 10, 20, 0x70, validate=_game_point,
                            error_at=(24, 0, 80))

    kit_run(main, '"7" ENTER F12 ESC')
    assert shown == ["Game point: a number from 100 to 1000."]


def test_the_cursor_shows_while_editing_and_is_put_back(kit_run) -> None:
    seen: list[tuple[int, int, bool]] = []

    async def main(m: Machine) -> None:
        async def watch(m: Machine) -> None:
            c = m.screen.cursor
            seen.append((c.row, c.col, c.visible))

        keys = ui.HotKeys()
        keys.add("F12", watch)
        ui.install(m, keys)
        await ui.line_input(m, 5, 10, 20, 0x70)
        await watch(m)

    kit_run(main, '"abc" F12 ENTER')
    assert seen == [(5, 13, True), (24, 0, False)]


@pytest.mark.parametrize("mono", [False, True])
def test_golden_line_input_with_its_error(kit_run, assert_screen, mono: bool) -> None:
    async def main(m: Machine) -> None:
        calm(m)
        m.screen.put(10, 10, "Game point:", m.attr(0x1F, 0x0F))
        await ui.line_input(m, 10, 22, 8, m.attr(0x70, 0x70), validate=_game_point)

    result = kit_run(main, '"50" ENTER', letters="M" if mono else "")
    assert_screen(result, f"ui/line-input-{'mono' if mono else 'colour'}")


def test_printable_hot_keys_type_inside_the_field_and_f_keys_still_work(kit_run) -> None:
    log: list[str] = []
    got: list[str | None] = []

    async def main(m: Machine) -> None:
        keys = ui.HotKeys()
        keys.add("!", lambda _m: log.append("!"))
        keys.add("F2", lambda _m: log.append("F2"))
        ui.install(m, keys)
        got.append(await ui.line_input(m, 5, 10, 20, 0x70))
        await ui.key(m)

    kit_run(main, '"hi!" F2 ENTER !')
    assert got == ["hi!"] and log == ["F2", "!"]


def test_a_click_on_ok_accepts_the_text_as_enter_does(kit_run) -> None:
    # The field is at row 5 (script row 6), columns 10-29; OK follows at column 31.
    assert _typed(kit_run, '"hi" click:6,33') == "hi"


def test_a_click_on_ok_still_goes_through_the_validator(kit_run) -> None:
    assert _typed(kit_run, '"50" click:6,33', validate=_game_point) == "still editing"
    assert _typed(kit_run, '"500" click:6,33', validate=_game_point) == "500"


def test_a_click_on_cancel_is_esc_and_cancel_is_drawn_only_when_asked(kit_run) -> None:
    assert _typed(kit_run, '"hi" click:6,40', cancel=True) is None
    assert _typed(kit_run, '"hi" click:6,40') == "still editing"


def test_a_click_in_the_field_moves_the_cursor_there(kit_run) -> None:
    assert _typed(kit_run, '"hello" click:6,13 "X" click:6,33') == "heXllo"


def test_the_buttons_go_where_the_caller_says_and_leave_nothing_behind(kit_run) -> None:
    rows: list[str] = []

    async def main(m: Machine) -> None:
        async def watch(m: Machine) -> None:
            rows.append(m.screen.read(9, 0, 30).rstrip())

        keys = ui.HotKeys()
        keys.add("F12", watch)
        ui.install(m, keys)
        m.screen.put(9, 0, "under the buttons")
        rows.append(str(await ui.line_input(m, 5, 10, 20, 0x70, cancel=True,
                                            buttons_at=(9, 2))))
        await watch(m)

    kit_run(main, '"ok" F12 click:10,4')
    assert rows == ["un[ OK ]e[ Cancel ]", "ok", "under the buttons"]


def test_without_room_after_the_field_the_buttons_go_on_the_next_row(kit_run) -> None:
    seen: list[str] = []

    async def main(m: Machine) -> None:
        async def watch(m: Machine) -> None:
            seen.append(m.screen.read(6, 60, 20))

        keys = ui.HotKeys()
        keys.add("F12", watch)
        ui.install(m, keys)
        seen.append(str(await ui.line_input(m, 5, 60, 20, 0x70)))

    kit_run(main, 'F12 "x" click:7,78')
    assert seen == [" " * 14 + "[ OK ]", "x"]


def test_no_buttons_are_drawn_when_the_mouse_is_off(kit_run) -> None:
    seen: list[str] = []

    async def main(m: Machine) -> None:
        async def watch(m: Machine) -> None:
            seen.append(m.screen.read(5, 30, 20).strip())

        keys = ui.HotKeys()
        keys.add("F12", watch)
        ui.install(m, keys)
        await ui.line_input(m, 5, 10, 20, 0x70, cancel=True)

    kit_run(main, 'F12 ENTER', letters="D")
    assert seen == [""]
