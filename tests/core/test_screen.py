"""The text buffer: layout, writing API and pop-up save/restore."""

from __future__ import annotations

import pytest

from retro.pc import cp437
from retro.pc.screen import SCREEN_BYTES, Screen


def test_buffer_is_b800_layout_char_then_attr_row_major() -> None:
    s = Screen()
    s.put(0, 0, "A", 0x1E)
    s.put(24, 79, "Z", 0x4F)
    data = s.to_bytes()
    assert len(data) == SCREEN_BYTES == 4000
    assert data[0:2] == b"A\x1e"
    assert data[-2:] == b"Z\x4f"
    assert data[2 * 81 : 2 * 81 + 2] == b" \x07"  # row 1, col 1: untouched blank in 07


def test_bytes_round_trip() -> None:
    data = bytes(range(256)) * 15 + bytes(160)
    assert Screen.from_bytes(data).to_bytes() == data


def test_put_clips_at_right_edge_without_wrapping() -> None:
    s = Screen()
    assert s.put(3, 77, "abcdef", 0x0F) == 3
    assert s.read(3, 77, 3) == "abc"
    assert s.read(4, 0, 3) == "   "


def test_put_without_attr_keeps_attributes() -> None:
    s = Screen()
    s.paint(2, 0, 1, 10, 0x70)
    s.put(2, 0, "hello")
    assert list(s.attrs[2, :5]) == [0x70] * 5


def test_unicode_text_becomes_cp437_codes() -> None:
    s = Screen()
    s.put(0, 0, "♥♦♣♠☺╔═█")
    assert bytes(s.chars[0, :8]) == bytes([3, 4, 5, 6, 1, 0xC9, 0xCD, 0xDB])


def test_text_outside_code_page_is_an_error_naming_the_character() -> None:
    with pytest.raises(cp437.NotInCodePage, match="'€'"):
        Screen().put(0, 0, "5€")


def test_box_styles_draw_corners_and_title() -> None:
    s = Screen()
    s.box(1, 1, 4, 10, 0x1F, "double", title="Hi")
    assert s.read(1, 1, 10) == "╔══ Hi ══╗"
    assert s.read(2, 1, 10) == "║        ║"
    assert s.read(4, 1, 10) == "╚════════╝"
    s.box(10, 0, 3, 4, 0x07, "single")
    assert s.read(10, 0, 4) == "┌──┐" and s.read(12, 0, 4) == "└──┘"


def test_scroll_up_and_down_blank_the_incoming_lines() -> None:
    s = Screen()
    for r in range(5):
        s.put(r, 0, str(r), 0x07)
    s.scroll(0, 0, 5, 10, 2, attr=0x1F)
    assert [s.read(r, 0, 1) for r in range(5)] == ["2", "3", "4", " ", " "]
    assert s.attrs[4, 0] == 0x1F
    s.scroll(0, 0, 5, 10, -1)
    assert [s.read(r, 0, 1) for r in range(5)] == [" ", "2", "3", "4", " "]


def test_save_restore_puts_back_what_a_popup_covered() -> None:
    s = Screen()
    s.put(5, 5, "underneath", 0x2A)
    before = s.to_bytes()
    saved = s.save(4, 3, 5, 20)
    s.box(4, 3, 5, 20, 0x4F, title="Pop")
    s.move_cursor(6, 6, visible=True)
    s.restore(saved)
    assert s.to_bytes() == before
    assert not s.cursor.visible


def test_rectangles_off_screen_are_refused() -> None:
    with pytest.raises(IndexError):
        Screen().fill(20, 70, 10, 5)
    with pytest.raises(IndexError):
        Screen().put(25, 0, "x")


def test_cp437_graphic_forms_round_trip_all_256_codes() -> None:
    text = cp437.decode(bytes(range(256)))
    assert text[1] == "☺" and text[3] == "♥" and text[0x7F] == "⌂" and text[0xDB] == "█"
    assert cp437.encode(text) == bytes(range(256))


@pytest.mark.parametrize("mono", [False, True])
def test_copy_keeps_every_setting_and_shares_nothing(mono: bool) -> None:
    screen = Screen(mono=mono)
    screen.put(3, 4, "text", 0x9E)
    screen.border, screen.blink = 5, not screen.blink
    screen.cursor.row, screen.cursor.col, screen.cursor.visible = 7, 9, True
    screen.cursor.start, screen.cursor.end = 0, 15
    other = screen.copy()
    assert other.to_bytes() == screen.to_bytes()
    assert (other.mono, other.border, other.blink) == (mono, 5, screen.blink)
    assert vars(other.cursor) == vars(screen.cursor)
    other.put(0, 0, "x", 0x01)
    other.cursor.row, other.border = 1, 2
    assert screen.read(0, 0, 1) != "x" and screen.cursor.row == 7 and screen.border == 5
