"""Golden dump files: lossless round trip and readable diffs."""

from __future__ import annotations

import pytest

from retro.dump import DumpError, diff, from_text, to_text
from retro.screen import Screen


def _busy_screen() -> Screen:
    s = Screen(mono=True)
    s.load_bytes(bytes((i * 7 + i // 80) % 256 for i in range(4000)))
    s.border, s.blink = 5, False
    s.move_cursor(12, 40, visible=True)
    return s


def test_dump_round_trip_is_lossless_for_every_byte_and_setting() -> None:
    s = _busy_screen()
    back = from_text(to_text(s))
    assert back.to_bytes() == s.to_bytes()
    assert (back.mono, back.border, back.blink) == (True, 5, False)
    assert vars(back.cursor) == vars(s.cursor)


def test_dump_has_header_25_text_rows_and_25_attribute_rows() -> None:
    lines = to_text(Screen()).splitlines()
    assert lines[0].startswith("retro-screen 1 mode=colour border=0 blink=on cursor=")
    assert len(lines) == 51
    assert all(len(line) == 82 and line[0] == line[-1] == "|" for line in lines[1:26])
    assert all(line == "07" * 80 for line in lines[26:])


def test_nul_is_shown_distinctly_from_space() -> None:
    s = Screen()
    s.put(0, 0, bytes([0, 0x20, 0xFF]))
    row = to_text(s).splitlines()[1]
    assert row[1:4] == "␀ \u00a0"


def test_diff_names_changed_cells_as_text() -> None:
    a, b = Screen(), Screen()
    b.put(2, 9, "Q", 0x4E)
    lines = diff(a, b)
    assert lines[0] == "row  3 col 10: expected ' ' 07, got 'Q' 4E"
    assert any("got      |         Q" in line for line in lines)
    assert diff(a, a.copy()) == []


def test_diff_reports_settings() -> None:
    a, b = Screen(), Screen()
    b.border = 4
    assert diff(a, b) == ["border: expected 0, got 4"]


@pytest.mark.parametrize("damage", [
    lambda t: t.replace("retro-screen 1", "retro-screen 9"),
    lambda t: "\n".join(t.splitlines()[:-1]),
    lambda t: t.replace("07" * 80, "0G" + "07" * 79, 1),
    lambda t: t.replace("|", "!", 1),
])
def test_damaged_dump_is_a_clear_error(damage) -> None:
    with pytest.raises(DumpError):
        from_text(damage(to_text(Screen())))
