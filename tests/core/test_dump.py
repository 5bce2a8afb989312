"""Golden dump files: lossless round trip and readable diffs."""

from __future__ import annotations

import pytest

from retro.pc.screen import Screen
from retro.screenfiles.dump import (
    DIM,
    ITALIC,
    REPLACEMENT,
    STRIKE,
    STYLE_HEADER,
    UNDERLINE,
    DumpError,
    diff,
    from_text,
    to_text,
)


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
    assert lines[0] == "1 changed cell in 1 row"
    assert lines[1] == "row 3: 1 changed cell"
    assert any(line.startswith("  got      |         Q ") for line in lines)
    assert lines[-1] == "  col 10: expected ' ' grey on black (07), got 'Q' yellow on red (4E)"
    assert diff(a, a.copy()) == []


def test_diff_reports_settings() -> None:
    a, b = Screen(), Screen()
    b.border = 4
    assert diff(a, b) == ["the same cells, other settings (border)",
                          "border: expected 0, got 4"]


def test_diff_shows_a_run_of_cells_once_and_splits_it_where_colours_change() -> None:
    a, b = Screen(), Screen()
    b.put(0, 0, "x" * 30, 0x1E)
    b.put(0, 30, "abc", 0x1F)
    runs = [line for line in diff(a, b) if line.startswith("  col")]
    assert runs == [
        "  cols 1-30: expected 30 × ' ' grey on black (07), got 30 × 'x' yellow on blue (1E)",
        "  cols 31-33: expected '   ' grey on black (07), got 'abc' white on blue (1F)"]


def test_diff_of_colours_alone_names_both_colours_once() -> None:
    a, b = Screen(), Screen()
    a.put(4, 2, "hello", 0x07)
    b.put(4, 2, "hello", 0x9E)
    assert diff(a, b)[-1] == (
        "  cols 3-7: 'hello' expected grey on black (07), got blinking yellow on blue (9E)")
    b.blink = False   # bit 7 is then a bright background
    assert "got yellow on bright blue (9E)" in diff(a, b)[-1]


def test_diff_of_a_mono_screen_names_the_mda_looks() -> None:
    a, b = Screen(mono=True), Screen(mono=True)
    b.put(0, 0, "u", 0x01)
    b.put(0, 1, "r", 0x70)
    b.put(0, 2, "i", 0x0F)
    assert [line.split(", got ")[1] for line in diff(a, b)[-3:]] == [
        "'u' normal underline (01)", "'r' reverse (70)", "'i' intense (0F)"]


@pytest.mark.parametrize("damage", [
    lambda t: t.replace("retro-screen 1", "retro-screen 9"),
    lambda t: "\n".join(t.splitlines()[:-1]),
    lambda t: t.replace("07" * 80, "0G" + "07" * 79, 1),
    lambda t: t.replace("|", "!", 1),
])
def test_damaged_dump_is_a_clear_error(damage) -> None:
    with pytest.raises(DumpError):
        from_text(damage(to_text(Screen())))


# -- the optional layer of looks ---------------------------------------------------------

def test_a_screen_without_looks_has_no_layer_and_old_dumps_read_as_before() -> None:
    screen = Screen()
    screen.put(0, 0, "plain", 0x1E)
    text = to_text(screen)
    assert STYLE_HEADER not in text and len(text.splitlines()) == 51
    assert from_text(text).styles == {}


def test_the_layer_of_looks_round_trips_and_names_its_digits() -> None:
    screen = Screen()
    screen.put(3, 4, "looks")
    screen.styles = {(3, 4): DIM, (3, 5): ITALIC | STRIKE, (24, 79): UNDERLINE | DIM}
    lines = to_text(screen).splitlines()
    assert len(lines) == 77 and lines[51] == STYLE_HEADER
    assert lines[52 + 3][:6] == "....16" and lines[52 + 24][-1] == "H"
    assert from_text("\n".join(lines)).styles == screen.styles


@pytest.mark.parametrize("damage", [
    lambda t: t.replace(STYLE_HEADER, "styles"),
    lambda t: t.replace("....1", "....W", 1),
    lambda t: t.replace("....1", "...1", 1),
])
def test_a_damaged_layer_of_looks_is_a_clear_error(damage) -> None:
    screen = Screen()
    screen.styles = {(0, 4): DIM}
    with pytest.raises(DumpError, match=r"line 5[23]"):
        from_text(damage(to_text(screen)))


def test_a_changed_look_fails_the_diff_and_is_named() -> None:
    a, b = Screen(), Screen()
    a.put(2, 0, "warn")
    b.put(2, 0, "warn")
    b.styles = {(2, 0): DIM, (2, 1): DIM}
    lines = diff(a, b)
    assert lines[0] == "2 changed cells in 1 row"
    assert lines[-1] == ("  cols 1-2: 'wa' expected grey on black (07), "
                         "got grey on black (07) dim")
    b.styles = {(2, 0): DIM, (2, 1): ITALIC}
    assert diff(a, b)[-2:] == [
        "  col 1: 'w' expected grey on black (07), got grey on black (07) dim",
        "  col 2: 'a' expected grey on black (07), got grey on black (07) italic"]
    assert diff(b, a)[-2:] == [     # a run splits where either side's looks change
        "  col 1: 'w' expected grey on black (07) dim, got grey on black (07)",
        "  col 2: 'a' expected grey on black (07) italic, got grey on black (07)"]


def test_the_cursor_in_a_diff_counts_from_1_in_words() -> None:
    a, b = Screen(), Screen()
    b.cursor.row, b.cursor.col, b.cursor.visible = 0, 9, True
    assert diff(a, b)[1] == ("cursor: expected row 25 col 1 hidden (scan lines 14-15), "
                             "got row 1 col 10 shown (scan lines 14-15)")
    b.cursor.row, b.cursor.col, b.cursor.visible = 24, 0, False
    b.blink = False
    assert diff(a, b) == ["the same cells, other settings (blink)",
                          "blink: expected on, got off"]


def test_a_dump_cell_with_zero_width_characters_reads_back_whole() -> None:
    screen = Screen()
    screen.chars[0, 0] = REPLACEMENT
    screen.originals = {(0, 0): "\u26a0\ufe0f", (0, 1): "a\u200d"}
    screen.chars[0, 1] = ord("a")
    back = from_text(to_text(screen))
    assert back.originals == screen.originals and back.to_bytes() == screen.to_bytes()
