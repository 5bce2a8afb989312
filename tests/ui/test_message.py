"""Message lines wrap at word boundaries, keep a history, and show the machine's notices."""

from __future__ import annotations

import pytest

from retro import ui
from retro.pc.clock import VirtualClock
from retro.pc.machine import Machine

from .conftest import calm

LONG = ("You must follow suit and, holding the ten of trumps, you had to play it: "
        "no 10 for the last trick")


def _machine() -> Machine:
    return Machine(clock=VirtualClock())


def test_a_message_wraps_at_spaces_and_keeps_its_end() -> None:
    m = _machine()
    log = ui.MessageLine(m, 22, 1, 3, 78, 0x07)
    assert log.say(LONG)
    text = " ".join(m.screen.read(r, 1, 78).strip() for r in (22, 23, 24)).strip()
    assert text == LONG.strip()
    assert m.screen.read(23, 1, 78).strip().endswith("trick")


def test_no_line_ends_inside_a_word() -> None:
    words = LONG.split()
    for width in range(10, 60):
        for line in ui.wrap(LONG, width):
            assert len(line) <= width
            assert all(word in words for word in line.split())


def test_only_a_word_longer_than_the_width_is_split() -> None:
    assert ui.wrap("an extraordinarily long word", 8) == ["an extra", "ordinari", "ly long",
                                                          "word"]


def test_history_and_no_stacking_of_a_repeated_message() -> None:
    m = _machine()
    log = ui.MessageLine(m, 24, 0, 1, 80, 0x07, scroll=False, keep=3)
    for text in ["one", "two", "two", "three", "four"]:
        log.say(text)
    assert list(log.history) == ["two", "three", "four"] and log.text == "four"


def test_an_event_log_scrolls_and_a_repeat_does_not_add_lines() -> None:
    m = _machine()
    log = ui.MessageLine(m, 20, 0, 3, 30, 0x07, scroll=True)
    for text in ["first", "second", "second", "third", "fourth"]:
        log.say(text)
    assert [m.screen.read(r, 0, 30).strip() for r in (20, 21, 22)] == [
        "second", "third", "fourth"]


def test_a_message_too_long_for_its_area_says_so_and_is_kept_whole() -> None:
    m = _machine()
    log = ui.MessageLine(m, 24, 0, 1, 30, 0x07)
    assert not log.fits(LONG) and not log.say(LONG)
    assert m.screen.read(24, 0, 30).rstrip().endswith("\u00bb")
    assert log.history[-1] == LONG


def test_the_machines_notices_show_once_on_the_message_line(kit_run) -> None:
    rows: list[str] = []

    async def main(m: Machine) -> None:
        ui.MessageLine(m, 24, 0, 1, 80, 0x07, notices=True)
        m.notice("Could not save YUCKY.SCR: disk full")
        await ui.key(m)
        rows.append(m.screen.read(24).strip())
        m.screen.fill(24, 0, 1, 80, " ")
        await ui.key(m)
        rows.append(m.screen.read(24).strip())

    kit_run(main, "a b")
    assert rows == ["Could not save YUCKY.SCR: disk full", ""]


@pytest.mark.parametrize("mono", [False, True])
def test_golden_message_lines(kit_run, assert_screen, mono: bool) -> None:
    async def main(m: Machine) -> None:
        calm(m)
        log = ui.MessageLine(m, 22, 1, 2, 78, m.attr(0x1E, 0x0F))
        events = ui.MessageLine(m, 3, 50, 6, 28, m.attr(0x30, 0x70), scroll=True, main=False)
        for text in ["The computer plays the ace of hearts.", "You win the trick.",
                     "Trumps are clubs; the jack of clubs is out."]:
            events.say(text)
        log.say(LONG)
        await ui.key(m)

    result = kit_run(main, "", letters="M" if mono else "")
    assert_screen(result, f"ui/message-{'mono' if mono else 'colour'}")
