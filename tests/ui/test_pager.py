"""The help pager: keys and marks turn pages, nothing wraps, Esc gives the screen back."""

from __future__ import annotations

import pytest

from retro import ui
from retro.pc.machine import Machine

from .conftest import backdrop, calm

PAGES = [
    ("The idea", ["First page, first line.", "", "More of the first page."]),
    "Second page\nwith two lines",
    ["Third page, as a list of lines."],
]


def _pager_program(shown: list[str], last: list[int]):
    async def main(m: Machine) -> None:
        backdrop(m)
        shown.append(m.screen.to_bytes().hex())

        def spy(box: ui.Box) -> None:
            box.put(0, 2, "drawn by a function")

        async def watch(m: Machine) -> None:
            shown.append(str(m.screen))

        keys = ui.HotKeys()
        keys.add("F12", watch)
        ui.install(m, keys)
        last.append(await ui.page(m, [*PAGES, spy], title="How to play"))

    return main


def _pages_seen(keys: str) -> tuple[list[str], list[int], bytes, bytes]:
    from retro.frontends.script import run
    from retro.pc.machine import Program

    shown: list[str] = []
    last: list[int] = []
    result = run(Program(name="p", title="p", main=_pager_program(shown, last)),
                 keys=" ".join(f"{k} F12" for k in keys.split()))
    before = bytes.fromhex(shown[0])
    numbers = [line for text in shown[1:] for line in text.splitlines() if "Page " in line]
    return numbers, last, before, result.screen.to_bytes()


def _numbers(lines: list[str]) -> list[int]:
    import re

    return [int(re.search(r"Page (\d) of 4", line)[1]) for line in lines]  # type: ignore[index]


def test_forward_keys_turn_the_page_and_stop_at_the_end() -> None:
    lines, _last, _b, _a = _pages_seen("PGDN SPACE RIGHT PGDN DOWN ESC")
    assert _numbers(lines) == [2, 3, 4, 4, 4]


def test_back_keys_home_and_end() -> None:
    lines, _last, _b, _a = _pages_seen("END PGUP - LEFT LEFT HOME ESC")
    assert _numbers(lines) == [4, 3, 2, 1, 1, 1]


def test_esc_gives_the_screen_back_byte_exact_and_the_last_page() -> None:
    _lines, last, before, after = _pages_seen("PGDN PGDN ESC")
    assert after == before and last == [2]


def test_clicks_on_the_marks_and_nowhere_else(kit_run) -> None:
    texts: list[str] = []

    async def main(m: Machine) -> None:
        async def watch(m: Machine) -> None:
            texts.append(m.screen.read(24))

        keys = ui.HotKeys()
        keys.add("F12", watch)
        ui.install(m, keys)
        await ui.page(m, PAGES)

    # Row 25 is the bottom frame: "Next ►" at its right, "◄ Previous" at its left.
    kit_run(main, "click:25,74 F12 click:25,5 F12 click:10,40 F12 rclick:25,74 F12 "
                  "click:25,74 F12 click:25,74 F12 click:25,74 F12")
    pages = [int(t.split("Page ")[1][0]) for t in texts]
    assert pages == [2, 1, 1, 1, 2, 3, 3]  # no wrap past the last, nothing from elsewhere
    assert "Previous" not in texts[1] and "Next" not in texts[-1]


def test_the_close_mark_closes(kit_run) -> None:
    async def main(m: Machine) -> None:
        backdrop(m)
        await ui.page(m, PAGES)
        m.screen.put(0, 0, "closed")

    result = kit_run(main, "click:1,75")
    assert result.screen.read(0, 0, 6) == "closed" and result.ended


def test_a_long_page_goes_on_over_more_screens_never_cut() -> None:
    screens = ui.paginate([["word " * 40] + [f"line {n}" for n in range(30)]], 20, 10)
    text = " ".join(" ".join(s.lines) for s in screens)
    assert len(screens) == 4 and "line 29" in text and text.count("word") == 40
    assert all(len(line) <= 20 for s in screens for line in s.lines)


@pytest.mark.parametrize("mono", [False, True])
def test_golden_pager(kit_run, assert_screen, mono: bool) -> None:
    async def main(m: Machine) -> None:
        calm(m)
        await ui.page(m, PAGES, title="How to play", row=2, col=5, height=20, width=70)

    result = kit_run(main, "PGDN", letters="M" if mono else "")
    assert_screen(result, f"ui/pager-{'mono' if mono else 'colour'}")
