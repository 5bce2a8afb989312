"""The terminal model (``retro.screenfiles.ansiread.TerminalModel``) where pyte is not xterm:
one test per workaround, each of which fails without it.

Every character a terminal shows is kept: a zero-width character joins the cell before it
(the dump keeps it in that cell's original), a wide character takes two cells, and nothing
after either is lost.  Looks the VGA cannot show are kept as ``Screen.styles``.
"""

from __future__ import annotations

import pytest

from retro.pc.screen import Screen
from retro.screenfiles.ansiread import ByteTerminalStream, TerminalModel, cells_to_screen
from retro.screenfiles.dump import (
    CONCEALED,
    DIM,
    ITALIC,
    REPLACEMENT,
    STRIKE,
    UNDERLINE,
    cells_of,
    from_text,
    to_text,
    zero_width,
)


def fed(data: str | bytes, *, mono: bool = False) -> Screen:
    model = TerminalModel(80, 25)
    ByteTerminalStream(model).feed_bytes(data.encode() if isinstance(data, str) else data)
    screen = cells_to_screen(model, mono=mono)
    back = from_text(to_text(screen))          # every screen survives its dump
    assert back.to_bytes() == screen.to_bytes()
    assert back.originals == screen.originals and back.styles == screen.styles
    return screen


@pytest.mark.parametrize(("joiner", "name"), [
    ("\ufe0f", "emoji variation selector"),
    ("\u200d", "zero-width joiner"),
    ("\u200b", "zero-width space"),
    ("\ufeff", "byte-order mark"),
    ("\u0301", "combining acute accent"),
    ("\u20e3", "combining enclosing keycap"),
])
def test_text_after_a_zero_width_character_is_kept(joiner: str, name: str) -> None:
    screen = fed(f"\u26a0{joiner} Warning: disk full")
    assert screen.read(0).startswith(f"\u26a0{joiner} Warning: disk full"), name
    assert screen.originals[(0, 0)] == f"\u26a0{joiner}"
    assert int(screen.chars[0, 0]) == REPLACEMENT and screen.read(0, 2, 7) == "Warning"


@pytest.mark.parametrize("control", ["\x7f", "\x80", "\x90", "\x9f"])
def test_a_character_xterm_does_not_draw_is_skipped_and_the_text_after_it_kept(
        control: str) -> None:
    screen = fed(f"ab{control}cd")
    assert screen.read(0, 0, 5) == "abcd "


def test_a_zero_width_character_on_a_cp437_letter_keeps_the_letter_in_the_buffer() -> None:
    screen = fed("a\u200bb")
    assert screen.read(0, 0, 2) == "a\u200bb"
    assert bytes(screen.chars[0, :2]) == b"ab" and screen.originals == {(0, 0): "a\u200b"}


def test_a_combining_accent_composes_where_cp437_has_the_letter() -> None:
    screen = fed("e\u0301x")
    assert screen.read(0, 0, 2) == "éx" and screen.originals == {}


def test_a_zero_width_character_after_a_wide_one_joins_the_wide_one() -> None:
    screen = fed("\u4e16\u200dz")
    assert screen.originals == {(0, 0): "\u4e16\u200d"}
    assert screen.read(0, 2, 1) == "z"


def test_a_zero_width_character_at_the_start_of_a_line_is_dropped_not_the_line() -> None:
    screen = fed("\u200bstart")
    assert screen.read(0, 0, 5) == "start" and screen.originals == {}


def test_a_wide_character_takes_two_cells_and_the_text_goes_on_after_them() -> None:
    screen = fed("\u4e16\u754cok")
    assert screen.read(0, 0, 6).replace(" ", "") == "\u4e16\u754cok"
    assert screen.read(0, 4, 2) == "ok"          # columns 5 and 6, after two wide ones


def test_a_wide_character_that_does_not_fit_goes_to_the_next_line() -> None:
    screen = fed("x" * 79 + "\u4e16y")
    assert screen.read(0) == "x" * 79 + " "
    assert screen.read(1, 0, 3) == "\u4e16 y"


def test_drawing_over_half_of_a_wide_character_blanks_the_other_half() -> None:
    screen = fed("\u4e16\u754c\r\x1b[Ca")      # over the right half of the first
    assert screen.read(0, 0, 4) == " a\u754c " and (0, 0) not in screen.originals
    left = fed("\u4e16\u754c\rb")               # over the left half of the first
    assert left.read(0, 0, 4) == "b \u754c "


def test_esc_e_goes_to_the_first_column_of_the_next_line() -> None:
    screen = fed("abc\x1bEdef")
    assert screen.read(0, 0, 3) == "abc" and screen.read(1, 0, 3) == "def"


def test_esc_e_at_the_bottom_scrolls() -> None:
    screen = fed("\x1b[25;5Hlast\x1bEnew")
    assert screen.read(23, 4, 4) == "last" and screen.read(24, 0, 3) == "new"


@pytest.mark.parametrize(("sgr", "look"), [
    ("2", DIM), ("3", ITALIC), ("9", STRIKE), ("8", CONCEALED), ("4", UNDERLINE),
    ("4:3", UNDERLINE), ("2;3", DIM | ITALIC),
])
def test_looks_the_vga_cannot_show_are_kept_as_styles(sgr: str, look: int) -> None:
    screen = fed(f"\x1b[{sgr}mab\x1b[0mc")
    assert screen.styles == {(0, 0): look, (0, 1): look}
    assert screen.read(0, 0, 3) == "abc"         # concealed text is kept, not blanked


@pytest.mark.parametrize(("off", "ended"), [
    ("22", DIM), ("23", ITALIC), ("28", CONCEALED), ("29", STRIKE), ("24", UNDERLINE),
    ("0", DIM | ITALIC | CONCEALED | STRIKE | UNDERLINE)])
def test_each_look_ends_with_its_own_code(off: str, ended: int) -> None:
    screen = fed(f"\x1b[2;3;8;9;4m\x1b[{off}mx")
    everything = DIM | ITALIC | CONCEALED | STRIKE | UNDERLINE
    assert screen.styles.get((0, 0), 0) == everything & ~ended


def test_22_ends_bold_too_and_dim_does_not_brighten() -> None:
    screen = fed("\x1b[1;31ma\x1b[22mb\x1b[2mc")
    assert [int(a) for a in screen.attrs[0, :3]] == [0x0C, 0x04, 0x04]


def test_a_colour_index_that_reads_as_a_look_code_is_a_colour() -> None:
    # 38;5;2 and 48;5;8 are colours, not dim or concealed.
    screen = fed("\x1b[38;5;2;48;5;8mx")
    assert screen.styles == {} and int(screen.attrs[0, 0]) == 0x82


def test_underline_is_a_style_in_colour_and_the_attribute_in_mono() -> None:
    colour, mono = fed("\x1b[4mu"), fed("\x1b[4mu", mono=True)
    assert colour.styles == {(0, 0): UNDERLINE} and int(colour.attrs[0, 0]) == 0x07
    assert mono.styles == {} and int(mono.attrs[0, 0]) == 0x01


@pytest.mark.parametrize("char", ["\u0301", "\ufe0f", "\u200d", "\u200b", "\ufeff", "\u1161"])
def test_zero_width_characters_are_known(char: str) -> None:
    assert zero_width(char)


@pytest.mark.parametrize("char", ["a", " ", "\u00ad", "\u4e16", "\u26a0", "\u2500"])
def test_characters_with_a_cell_of_their_own_are_not_zero_width(char: str) -> None:
    assert not zero_width(char)


def test_a_dump_row_splits_into_cells_with_their_zero_width_characters() -> None:
    assert cells_of("a\u200bb\u0301c") == ["a\u200b", "b\u0301", "c"]


def test_a_secondary_device_attributes_query_is_answered_once() -> None:
    replies: list[bytes] = []
    model = TerminalModel(80, 25, reply=replies.append)
    ByteTerminalStream(model).feed_bytes(b"\x1b[>cA")
    assert len(replies) == 1 and replies[0].startswith(b"\x1b[") and replies[0].endswith(b"c")
    assert cells_to_screen(model).read(0, 0, 2) == "A "


@pytest.mark.parametrize("sequence", ["\x1b[>m", "\x1b[>0m", "\x1b[>4;2m"])
def test_a_modify_keys_sequence_leaves_the_colours_alone(sequence: str) -> None:
    screen = fed(f"\x1b[1;31m{sequence}B")
    assert screen.read(0, 0, 1) == "B" and int(screen.attrs[0, 0]) == 0x0C


def test_blinking_text_on_a_dark_background_keeps_the_blink_mode() -> None:
    screen = fed("plain \x1b[5mblinking\x1b[0m plain")
    assert screen.blink and int(screen.attrs[0, 6]) & 0x80 and not int(screen.attrs[0, 0]) & 0x80


def test_a_bright_background_turns_the_blink_bit_into_intensity() -> None:
    assert not fed("\x1b[105mX").blink


def test_the_cursor_is_shown_until_the_program_hides_it() -> None:
    assert fed("ab").cursor.visible
    hidden = fed("ab\x1b[?25l")
    assert not hidden.cursor.visible and hidden.cursor.col == 2
