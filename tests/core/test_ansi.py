"""The ANSI encoder, checked cell by cell through pyte, a terminal emulator.

The expected look of each cell is worked out here from the buffer bytes alone (VGA and MDA
rules written out independently of ``retro.screenfiles.ansi``), then compared with what pyte shows
after it has been fed the encoder's bytes: character, colours, bold, underline, reverse,
blink, and the cursor.
"""

from __future__ import annotations

import random
import re

import numpy as np
import pyte
import pytest
from pyte import graphics

from retro.pc import cp437
from retro.pc.screen import COLS, ROWS, Screen
from retro.screenfiles.ansi import VGA_PALETTE, AnsiEncoder, ansi_index, encode_full

# -- the oracle: what a cell should look like ------------------------------------------------

PALETTE_HEX = ["000000", "0000aa", "00aa00", "00aaaa", "aa0000", "aa00aa", "aa5500", "aaaaaa",
               "555555", "5555ff", "55ff55", "55ffff", "ff5555", "ff55ff", "ffff55", "ffffff"]
# The ANSI colour (SGR 30 + n) of each VGA colour 0-7: the PC's bits are blue-green-red.
SGR_OF_VGA = (0, 4, 2, 6, 1, 5, 3, 7)


def colour_name(vga: int, *, background: bool, colors: str) -> str:
    """pyte's name for a VGA colour sent in ``colors`` mode."""
    if colors == "24bit":
        return PALETTE_HEX[vga]
    n = SGR_OF_VGA[vga & 7]
    if background:
        return graphics.BG_AIXTERM[100 + n] if vga & 8 else graphics.BG_ANSI[40 + n]
    return graphics.FG_AIXTERM[90 + n] if vga & 8 else graphics.FG_ANSI[30 + n]


def expected_cell(char: int, attr: int, *, mono: bool, blink: bool, colors: str,
                  blink_on: bool = True, phase: bool = False) -> tuple:
    """(data, fg, bg, bold, underscore, reverse, blink) as pyte should hold them."""
    data = cp437.char_for(char)
    bold = underline = reverse = blinking = False
    if mono:
        grey, white, black = 7, 15, 0
        if attr & 0x77 == 0:                        # 00 08 80 88: invisible
            data, fg, bg = " ", black, black
        elif attr & 0x77 == 0x70:                   # reverse video
            fg, bg, reverse = (white if attr & 0x80 and not blink else grey), black, True
            blinking = bool(attr & 0x80) and blink
        else:
            bold = bool(attr & 0x08)
            fg, bg = (white if bold else grey), black
            underline = attr & 0x07 == 1              # on any background, as the MDA does
            blinking = bool(attr & 0x80) and blink
    else:
        fg = attr & 0x0F
        bg = (attr >> 4) & 0x07 if blink else attr >> 4
        blinking = bool(attr & 0x80) and blink
    if phase:
        if blinking and not blink_on:
            data = " "
        blinking = False
    return (data, colour_name(fg, background=False, colors=colors),
            colour_name(bg, background=True, colors=colors), bold, underline, reverse, blinking)


def shown(cell: pyte.screens.Char) -> tuple:
    return (cell.data, cell.fg, cell.bg, cell.bold, cell.underscore, cell.reverse, cell.blink)


def assert_terminal_shows(term: pyte.Screen, screen: Screen, colors: str, *,
                          blink_on: bool = True, phase: bool = False) -> None:
    """Every cell and the cursor of ``term`` as the buffer implies; lists the bad cells."""
    bad = []
    for row in range(ROWS):
        line = term.buffer[row]
        for col in range(COLS):
            want = expected_cell(int(screen.chars[row, col]), int(screen.attrs[row, col]),
                                 mono=screen.mono, blink=screen.blink, colors=colors,
                                 blink_on=blink_on, phase=phase)
            got = shown(line[col])
            if got != want:
                bad.append(f"({row},{col}) {screen.chars[row, col]:02X}/"
                           f"{screen.attrs[row, col]:02X}: got {got}, want {want}")
    assert not bad, f"{len(bad)} cells differ:\n" + "\n".join(bad[:20])
    cursor = screen.cursor
    assert term.cursor.hidden == (not cursor.visible)
    if cursor.visible:
        assert (term.cursor.y, term.cursor.x) == (cursor.row, cursor.col)


class Terminal:
    """A pyte screen fed through a byte stream, like a real terminal reading a pty."""

    def __init__(self) -> None:
        self.screen = pyte.Screen(COLS, ROWS)
        self.stream = pyte.ByteStream(self.screen)

    def feed(self, data: bytes) -> None:
        self.stream.feed(data)


def coverage_screens(*, mono: bool = False, blink: bool = True) -> list[Screen]:
    """Screens that hold every (character, attribute) pair: 65536 pairs over 33 screens."""
    screens = []
    cells = ROWS * COLS
    for first in range(0, 65536, cells):
        pairs = (np.arange(first, first + cells) % 65536).reshape(ROWS, COLS)
        s = Screen(mono=mono)
        s.blink = blink
        s.chars[:] = pairs & 0xFF
        s.attrs[:] = pairs >> 8
        screens.append(s)
    return screens


# -- every character with every attribute, frame after frame ---------------------------------

@pytest.mark.parametrize(("colors", "mono", "blink"), [
    ("24bit", False, True), ("24bit", False, False), ("16", False, True),
    ("16", True, True), ("24bit", True, False),
])
def test_every_char_and_attribute_shows_as_the_buffer_says(colors, mono, blink):
    encoder, term = AnsiEncoder(colors), Terminal()
    for screen in coverage_screens(mono=mono, blink=blink):
        term.feed(encoder.frame(screen))
        assert_terminal_shows(term.screen, screen, colors)


# -- the charmap pages, colour and mono ----------------------------------------------------

CHARMAP_PAGES = [
    ("", "page 1"), ("2", "page 2"), ("3", "page 3"), ("2 b", "page 2 bright backgrounds"),
]


@pytest.mark.parametrize("colors", ["24bit", "16"])
@pytest.mark.parametrize("letters", ["", "M"])
@pytest.mark.parametrize(("keys", "what"), CHARMAP_PAGES)
def test_charmap_page_full_redraw(tmp_path, colors, letters, keys, what):
    from retro.frontends.script import run

    screen = run("charmap", keys=keys, letters=letters, home=tmp_path).screen
    term = Terminal()
    term.feed(encode_full(screen, colors=colors))
    assert_terminal_shows(term.screen, screen, colors)


def test_charmap_pages_in_sequence_update_incrementally(tmp_path):
    """Turning pages (and the blink bit) sends only changes, and pyte follows each one."""
    from retro.frontends.script import run

    encoder, term = AnsiEncoder("24bit"), Terminal()
    keys = ""
    for step in ("", "2", "b", "3", "1", "b", "F10"):
        keys = f"{keys} {step}".strip()
        screen = run("charmap", keys=keys, home=tmp_path).screen
        term.feed(encoder.frame(screen))
        assert_terminal_shows(term.screen, screen, "24bit")


def test_reference_screens_show_as_the_buffer_says():
    """The DOSBox reference buffers (card table, boxes, charts) through the encoder."""
    from pathlib import Path

    folder = Path(__file__).resolve().parents[2] / ".." / "shared" / "reference" / "dosbox"
    if not folder.is_dir():
        pytest.skip(f"reference folder {folder} is missing")
    for path in sorted(folder.glob("*.bin")):
        screen = Screen.from_bytes(path.read_bytes())
        term = Terminal()
        term.feed(encode_full(screen))
        assert_terminal_shows(term.screen, screen, "24bit")


# -- incremental frames --------------------------------------------------------------------

def _random_screen(rng: random.Random) -> Screen:
    s = Screen()
    s.chars[:] = np.array([rng.randrange(256) for _ in range(ROWS * COLS)]).reshape(ROWS, COLS)
    s.attrs[:] = np.array([rng.randrange(256) for _ in range(ROWS * COLS)]).reshape(ROWS, COLS)
    return s


def test_unchanged_screen_sends_nothing():
    screen = _random_screen(random.Random(1))
    encoder = AnsiEncoder()
    assert encoder.frame(screen)
    assert encoder.frame(screen) == b""


def test_one_changed_cell_sends_only_that_cell():
    screen = _random_screen(random.Random(2))
    encoder, term = AnsiEncoder(), Terminal()
    term.feed(encoder.frame(screen))
    screen.put(12, 40, "A", 0x1E)
    data = encoder.frame(screen)
    assert data.startswith(b"\x1b[13;41H")   # the cursor is hidden already
    assert data.count(b"A") == 1 and len(data) < 60
    term.feed(data)
    assert_terminal_shows(term.screen, screen, "24bit")


def test_same_look_is_not_resent():
    """A change of bytes that does not change the look (00 vs space, mono invisible) is free."""
    screen = Screen(mono=True)
    screen.put(2, 0, "Y", 0x08)
    encoder = AnsiEncoder()
    encoder.frame(screen)
    screen.put(0, 0, b"\x00")            # a NUL shows as a blank, like the space it replaces
    screen.put(2, 0, "Z", 0x88)          # invisible before, invisible now
    assert encoder.frame(screen) == b""


@pytest.mark.parametrize("colors", ["24bit", "16"])
def test_random_edits_follow_frame_by_frame(colors):
    rng = random.Random(3)
    screen = _random_screen(rng)
    encoder, term = AnsiEncoder(colors), Terminal()
    term.feed(encoder.frame(screen))
    for _ in range(40):
        for _ in range(rng.randrange(1, 12)):
            row, col = rng.randrange(ROWS), rng.randrange(COLS)
            width = rng.randrange(1, COLS - col + 1)
            screen.fill(row, col, 1, width, rng.randrange(256), rng.randrange(256))
        if rng.random() < 0.15:
            screen.blink = not screen.blink
        if rng.random() < 0.1:
            screen.mono = not screen.mono
        if rng.random() < 0.3:
            screen.move_cursor(rng.randrange(ROWS), rng.randrange(COLS), rng.random() < 0.5)
        term.feed(encoder.frame(screen))
        assert_terminal_shows(term.screen, screen, colors)


def test_nearby_changes_go_in_one_run():
    screen = Screen()
    encoder = AnsiEncoder()
    encoder.frame(screen)
    screen.put(5, 10, "a")
    screen.put(5, 13, "b")   # three cells apart: cheaper to rewrite the gap than to move
    screen.put(5, 40, "c")
    data = encoder.frame(screen)
    assert re.findall(rb"\x1b\[(\d+;\d+)H", data) == [b"6;11", b"6;41"]


def test_blink_phase_mode_hides_blinking_glyphs_in_the_off_phase():
    screen = Screen()
    screen.put(3, 3, "blink", 0x8E)
    screen.put(4, 3, "still", 0x0E)
    encoder, term = AnsiEncoder(blink="phase"), Terminal()
    term.feed(encoder.frame(screen, blink_on=True))
    assert_terminal_shows(term.screen, screen, "24bit", phase=True, blink_on=True)
    off = encoder.frame(screen, blink_on=False)
    assert b"blink" not in off and b"still" not in off and b"\x1b[5" not in off
    term.feed(off)
    assert_terminal_shows(term.screen, screen, "24bit", phase=True, blink_on=False)
    term.feed(encoder.frame(screen, blink_on=True))
    assert term.screen.display[3][3:8] == "blink"


# -- the byte stream itself -------------------------------------------------------------------

def test_24bit_stream_uses_the_vga_dac_colours():
    screen = Screen()
    screen.put(0, 0, "x", 0x6E)   # yellow on brown
    data = encode_full(screen)
    assert b"38;2;255;255;85" in data and b"48;2;170;85;0" in data
    assert [f"{r:02x}{g:02x}{b:02x}" for r, g, b in VGA_PALETTE] == PALETTE_HEX


def test_16_colour_stream_uses_the_ansi_numbers():
    screen = Screen()
    screen.put(0, 0, "x", 0x1C)   # light red on blue
    screen.blink = False
    screen.put(1, 0, "y", 0xD1)   # blue on light magenta (bright background)
    data = encode_full(screen, colors="16")
    assert b"91;44m" in data and b"34;105m" in data
    assert [ansi_index(v) for v in range(8)] == list(SGR_OF_VGA)


def test_blink_bit_is_sgr_5_only_while_blink_is_enabled():
    screen = Screen()
    screen.put(0, 0, "x", 0x9F)
    assert b";5;" in encode_full(screen)
    screen.blink = False
    data = encode_full(screen)
    assert b";5;" not in data and b"48;2;85;85;255" in data


@pytest.mark.parametrize(("attr", "sgr"), [
    (0x01, b"\x1b[0;4;38;2;170;170;170;48;2;0;0;0m"),
    (0x09, b"\x1b[0;1;4;38;2;255;255;255;48;2;0;0;0m"),
    (0x0F, b"\x1b[0;1;38;2;255;255;255;48;2;0;0;0m"),
    (0x70, b"\x1b[0;7;38;2;170;170;170;48;2;0;0;0m"),
    (0x87, b"\x1b[0;5;38;2;170;170;170;48;2;0;0;0m"),
    (0x71, b"\x1b[0;4;38;2;170;170;170;48;2;0;0;0m"),
    (0x78, b"\x1b[0;7;38;2;170;170;170;48;2;0;0;0m"),
])
def test_mono_attributes_as_sgr(attr, sgr):
    screen = Screen(mono=True)
    screen.put(0, 0, "m", attr)
    assert sgr + b"m" in encode_full(screen)


@pytest.mark.parametrize("attr", [0x00, 0x08, 0x80, 0x88])
def test_mono_invisible_attributes_draw_blank(attr):
    screen = Screen(mono=True)
    screen.put(0, 0, "SECRET", attr)
    term = Terminal()
    term.feed(encode_full(screen))
    assert term.screen.display[0].startswith("      ")
    assert b"SECRET" not in encode_full(screen)


def test_stream_has_no_control_bytes_but_escape_sequences():
    """Only ESC-led sequences and UTF-8 text: nothing a terminal could show as garbage."""
    for screen in coverage_screens()[:2]:
        data = encode_full(screen)
        text = data.decode("utf-8")
        stripped = re.sub(r"\x1b\[[0-9;?]*[ -/]*[@-~]", "", text)
        assert not [ch for ch in stripped if ord(ch) < 0x20 or 0x7F <= ord(ch) < 0xA0]
        assert len(stripped) == ROWS * COLS


def test_cp437_graphics_become_their_unicode_forms():
    screen = Screen()
    screen.put(0, 0, bytes([0x01, 0x03, 0x7F, 0xC9, 0xB0, 0xDB, 0x06, 0x00]), 0x07)
    term = Terminal()
    term.feed(encode_full(screen))
    assert term.screen.display[0][:8] == "☺♥⌂╔░█♠ "


def test_cursor_is_placed_shown_and_shaped():
    screen = Screen()
    screen.move_cursor(10, 20, visible=True)
    data = encode_full(screen)
    assert data.endswith(b"\x1b[3 q\x1b[11;21H\x1b[?25h")   # a blinking underline
    screen.cursor.start = 0                                  # a full block cursor
    assert b"\x1b[1 q" in encode_full(screen)
    encoder = AnsiEncoder()
    encoder.frame(screen)
    screen.move_cursor(11, 0)
    assert encoder.frame(screen) == b"\x1b[12;1H\x1b[?25h"
    screen.cursor.visible = False
    assert encoder.frame(screen) == b"\x1b[?25l"


def test_full_redraw_starts_from_a_clear_screen_and_ends_with_colours_reset():
    data = encode_full(Screen())
    assert data.startswith(b"\x1b[0m\x1b[2J")
    assert data.endswith(b"\x1b[0m\x1b[?25l")


def test_unknown_colour_mode_is_refused():
    with pytest.raises(ValueError, match="colors"):
        AnsiEncoder("256")


def test_an_ans_file_redraws_exactly_then_leaves_the_terminal_as_it_found_it(tmp_path):
    """``cat OUT.ans``: the screen as the buffer says, then default colours and a cursor."""
    from retro.cli import main
    from retro.screenfiles.ansi import FILE_END, encode_file

    out = tmp_path / "out.ans"
    assert main(["run", "charmap", "--keys", "2", "--ansi", str(out)]) == 0
    data = out.read_bytes()
    from retro.frontends.script import run

    screen = run("charmap", keys="2", home=tmp_path).screen
    assert data == encode_file(screen) == encode_full(screen) + FILE_END
    term = Terminal()
    term.feed(data[: -len(FILE_END)])
    assert_terminal_shows(term.screen, screen, "24bit")
    term.feed(FILE_END)
    cursor = term.screen.cursor
    assert not cursor.hidden
    assert (cursor.attrs.fg, cursor.attrs.bg, cursor.attrs.bold, cursor.attrs.blink) == (
        "default", "default", False, False)


# -- the ANSI reader (retro.screenfiles.ansiread): .ans files and captures share it ----------

from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from retro.screenfiles.ansiread import (  # noqa: E402
    TerminalModel,
    TerminalStream,
    art_text,
    cells_to_screen,
    read_art,
)
from retro.screenfiles.dump import REPLACEMENT, from_text, to_text  # noqa: E402
from retro.screenfiles.screenfile import parse_ansi, render_file  # noqa: E402

_SEQUENCE_PARTS = [b"\x1b", b"[", b"?", b";", b"m", b"H", b"J", b"s", b"u", b"]", b"\x07",
                   b"38;5;", b"48;2;", b"99999", b"\r\n", b"\n", b"\xc4", b"\xe2\x96", b"\x9b",
                   "²".encode(), b"#8", b"%@", b"(0", b"\x0e", b"\x1a"]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.one_of(st.binary(max_size=12), st.sampled_from(_SEQUENCE_PARTS)),
                max_size=40))
def test_no_byte_stream_makes_the_reader_raise(parts: list[bytes]) -> None:
    data = b"".join(parts)
    screen = parse_ansi(data)
    assert screen.chars.shape == (ROWS, COLS)
    replies: list[bytes] = []
    term = TerminalModel(reply=replies.append)
    stream = TerminalStream(term)
    stream.feed(data.decode("utf-8", "replace"))
    cells_to_screen(term)
    assert from_text(to_text(screen)).to_bytes() == screen.to_bytes()


def test_unknown_private_modes_are_ignored_as_vim_sends_them(tmp_path) -> None:
    from retro.cli import main

    data = b"\x1b[?4m\x1b[?1049h\x1b[?2004hA\x1b[?999;5xB"
    screen = parse_ansi(data)
    assert screen.read(0)[:2] == "AB"
    (tmp_path / "vim.ans").write_bytes(data)
    assert main(["render", str(tmp_path / "vim.ans"), "-o", str(tmp_path / "v.png")]) == 0
    assert main(["diff", str(tmp_path / "vim.ans"), str(tmp_path / "vim.ans")]) == 0


def test_esc_s_and_esc_u_save_and_restore_the_cursor_position() -> None:
    screen = parse_ansi(b"\x1b[3;5H\x1b[sXY\x1b[10;1HZ\x1b[uW")
    assert screen.read(2)[4:6] == "WY" and screen.read(9)[0] == "Z"


def test_esc_2j_also_homes_the_cursor_in_a_file() -> None:
    screen = parse_ansi(b"\x1b[5;5Hold\x1b[2JX")
    assert screen.read(0)[0] == "X" and "old" not in str(screen)


def test_bold_alone_on_the_default_colour_is_bright_white() -> None:
    screen = parse_ansi(b"\x1b[1mB\x1b[0mN\x1b[1;31mR")
    assert [int(a) for a in screen.attrs[0, :3]] == [0x0F, 0x07, 0x0C]


def test_256_colour_codes_0_to_15_are_the_16_colours_and_the_rest_the_nearest() -> None:
    screen = parse_ansi(b"\x1b[38;5;3ma\x1b[38;5;12mb\x1b[38;5;196mc"
                        b"\x1b[38;2;250;250;90md\x1b[48;2;0;0;170;38;2;999;0;0me")
    # 3 is brown (not the yellow its xterm value is nearest to), 12 bright blue,
    # 196 (ff0000) is nearer the VGA's red (aa0000) than its bright red (ff5555),
    # (250,250,90) yellow, 999 clamped to ff: red on blue.
    assert [int(a) for a in screen.attrs[0, :5]] == [0x06, 0x09, 0x04, 0x0E, 0x14]


def test_a_sauce_record_means_cp437_even_when_the_bytes_are_valid_utf8() -> None:
    art = b"\xc4\xb3\xc4\xb3"                   # "─│─│" in CP437, "ĳĳ" in UTF-8
    sauce = b"SAUCE00" + b" " * 121
    assert parse_ansi(art + sauce).read(0)[:4] == "─│─│"


def test_the_byte_pattern_decides_cp437_over_utf8() -> None:
    assert parse_ansi(b"\xc4\xb3\xc4\xb3").read(0)[:4] == "─│─│"
    # UTF-8 holding only glyphs the PC has (what retro run --ansi writes) stays UTF-8.
    assert parse_ansi("╔═╗☺".encode()).read(0)[:4] == "╔═╗☺"
    assert art_text("é".encode()) == "é"


def test_a_utf8_capture_with_characters_cp437_lacks_stays_utf8() -> None:
    screen = parse_ansi("€ ≠ ─ ☺".encode())
    assert screen.read(0)[:7] == "€ ≠ ─ ☺" and int(screen.chars[0, 0]) == REPLACEMENT
    assert screen.originals == {(0, 0): "€", (0, 2): "≠"}


def test_a_file_with_no_cr_reads_lf_as_a_new_line() -> None:
    screen = parse_ansi(b"one\ntwo\nthree")
    assert [screen.read(r)[:5] for r in range(3)] == ["one  ", "two  ", "three"]
    crlf = parse_ansi(b"one\r\n  two\n")          # with a CR somewhere, LF only goes down
    assert crlf.read(1)[:5] == "  two"


def test_a_25_row_file_ending_in_crlf_keeps_its_first_row() -> None:
    data = b"".join(f"row {n + 1}".encode() + b"\r\n" for n in range(25))
    screen = parse_ansi(data)
    assert screen.read(0).startswith("row 1 ") and screen.read(24).startswith("row 25")


def test_art_taller_than_25_rows_keeps_every_row_and_top_picks_the_window(tmp_path) -> None:
    from retro.cli import main
    from retro.pictures.png import read_png

    data = b"".join(f"\x1b[3{n % 8}mline {n + 1}".encode() + b"\r\n" for n in range(40))
    art = read_art(data)
    assert art.rows == 40 and art.window(0).read(0).startswith("line 1 ")
    assert art.window(15).read(24).startswith("line 40")
    path = tmp_path / "tall.ans"
    path.write_bytes(data)
    whole = render_file(path, tmp_path / "tall.png", border_band=False)
    assert whole.shape == (40 * 16, 720, 3)
    window = render_file(path, tmp_path / "w.png", border_band=False, top=15)
    assert np.array_equal(window, whole[15 * 16:])
    banded = render_file(path, tmp_path / "b.png")
    assert banded.shape == (40 * 16 + 15, 720 + 18, 3)
    assert main(["render", str(path), "-o", str(tmp_path / "t.png"), "--top", "16",
                 "--no-border-band"]) == 0
    assert np.array_equal(read_png(tmp_path / "t.png"), window)
    assert main(["render", str(path), "-o", str(tmp_path / "t.png"), "--top", "17"]) == 2



def test_diff_of_tall_art_is_refused_without_top_and_compares_the_window_with_it(
        tmp_path, capsys) -> None:
    from retro.cli import main

    lines = [f"line {n + 1}" for n in range(30)]
    a, b = tmp_path / "a.ans", tmp_path / "b.ans"
    a.write_bytes("\r\n".join(lines).encode() + b"\r\n")
    lines[27] = "line 28 changed"                  # below the first 25 rows only
    b.write_bytes("\r\n".join(lines).encode() + b"\r\n")
    assert main(["diff", str(a), str(b)]) == 2
    assert "30 rows, more than the screen's 25: --top ROW" in capsys.readouterr().err
    assert main(["diff", str(a), str(b), "--top", "1"]) == 0
    assert main(["diff", str(a), str(b), "--top", "6"]) == 1
    assert "row 23: 7 changed cells" in capsys.readouterr().out   # row 28 of the art
    assert main(["diff", str(a), str(b), "--top", "0"]) == 2

def _terminal_screen(text: str) -> Screen:
    """What a terminal shows after ``text`` (as a capture reads it: UTF-8, xterm)."""
    term = TerminalModel()
    TerminalStream(term).feed(text)
    return cells_to_screen(term)


def test_characters_cp437_lacks_keep_their_original_in_the_dump() -> None:
    euro, yen_sign_like = _terminal_screen("a€b"), _terminal_screen("a₿b")
    assert int(euro.chars[0, 1]) == REPLACEMENT and euro.originals == {(0, 1): "€"}
    text = to_text(euro)
    assert text.splitlines()[1].startswith("|a€b ")
    back = from_text(text)
    assert back.originals == {(0, 1): "€"} and back.to_bytes() == euro.to_bytes()
    assert to_text(back) == text
    from retro.screenfiles.dump import diff

    # Both cells hold the replacement code, yet they are two glyphs and differ.
    assert euro.to_bytes() == yen_sign_like.to_bytes()
    assert any("'€'" in line and "'₿'" in line for line in diff(euro, yen_sign_like))
    assert euro.read(0)[:3] == "a€b" and euro.find("€b") == (0, 1)


def test_erasing_the_screen_paints_every_cell_in_the_current_colours() -> None:
    screen = parse_ansi(b"\x1b[44m\x1b[2J\x1b[0mX")
    assert int(screen.attrs[0, 0]) == 0x07 and set(screen.attrs[12].tolist()) == {0x17}
    below = _terminal_screen("\x1b[5;1H\x1b[41m\x1b[J")
    assert set(below.attrs[3].tolist()) == {0x07} and set(below.attrs[24].tolist()) == {0x47}
    assert set(below.attrs[4, :].tolist()) == {0x47}


def test_a_clear_screen_in_a_tall_file_clears_only_the_screens_rows() -> None:
    data = b"".join(b"x\r\n" for _ in range(30)) + b"\x1b[44m\x1b[2J\x1b[0mtop"
    art = read_art(data)
    assert art.rows == 25 and art.window(0).read(0).startswith("top")
    assert set(art.window(0).attrs[24, 1:].tolist()) == {0x17}


def _fed(data: bytes, *, mono: bool = False, piecewise: bool = False) -> Screen:
    """The screen a capture shows after the program wrote ``data`` (byte by byte when
    ``piecewise``: every sequence cut by the end of a read)."""
    from retro.screenfiles.ansiread import ByteTerminalStream

    term = TerminalModel()
    stream = ByteTerminalStream(term)
    for piece in ([data[i:i + 1] for i in range(len(data))] if piecewise else [data]):
        stream.feed_bytes(piece)
    return cells_to_screen(term, mono=mono)


@pytest.mark.parametrize("piecewise", [False, True])
@pytest.mark.parametrize("sequence", [
    b"\x1b[=7h", b"\x1b[0%m", b"\x1b[!p", b"\x1b[>1u", b"\x1b[<u", b"\x1b[?1;2$p",
    b"\x1bP+q436f\x1b\\", b"\x1b_application\x1b\\", b"\x1b^privacy\x1b\\",
])
def test_sequences_pyte_cannot_read_are_ignored_not_drawn(sequence: bytes,
                                                          piecewise: bool) -> None:
    screen = _fed(b"a" + sequence + b"b", piecewise=piecewise)
    assert screen.read(0)[:4] == "ab  " and screen.cursor.col == 2


@pytest.mark.parametrize("sequence", [b"\x1b[?4m", b"\x1b[>4;2m", b"\x1b[>4;m"])
def test_private_sgr_sequences_leave_the_attribute_alone(sequence: bytes) -> None:
    # vim sends ESC[>4;2m (modifyOtherKeys) at start-up: read as SGR 4 it underlined the
    # whole mono screen, read as SGR 0 it reset the colours.
    screen = _fed(b"\x1b[1;31m" + sequence + b"ab", mono=True)
    assert screen.attrs[0, 0] == 0x0F
    assert _fed(b"\x1b[1;31m" + sequence + b"ab").attrs[0, 0] == 0x0C


def test_sgr_with_colon_sub_parameters_reads_as_the_semicolon_form() -> None:
    screen = _fed(b"\x1b[38:2::255:0:0mR\x1b[0;48:5:4mB\x1b[0;4:3mU\x1b[4:0mN"
                  b"\x1b[0;58:2::1:2:3;1mW\x1b[0;58;5;9;1mV", mono=False)
    assert screen.read(0)[:6] == "RBUNWV"
    assert list(screen.attrs[0, :2]) == [0x04, 0x17]
    assert list(screen.attrs[0, 4:6]) == [0x0F, 0x0F]   # an underline colour changes nothing
    mono = _fed(b"\x1b[4:3mU\x1b[4:0mN", mono=True)
    assert list(mono.attrs[0, :2]) == [0x01, 0x07]


def test_a_control_string_that_never_ends_holds_a_bounded_buffer() -> None:
    from retro.screenfiles.ansiread import _MAX_HELD, ByteTerminalStream

    term = TerminalModel()
    stream = ByteTerminalStream(term)
    stream.feed_bytes(b"a\x1bP")
    for _ in range(100):
        stream.feed_bytes(b"x" * 1000)
    assert len(stream._held) <= _MAX_HELD
    stream.feed_bytes(b"\x1b\\b")
    assert cells_to_screen(term).read(0)[:3] == "ab "


@pytest.mark.parametrize("mode", [b"1049", b"1047", b"47"])
def test_the_alternate_screen_gives_back_the_screen_it_found(mode: bytes) -> None:
    # What vim, less and every curses program do: a real terminal shows the shell's screen
    # again once they have quit.
    data = (b"before\x1b[?" + mode + b"h\x1b[Hduring\x1b[5;5Hmore\x1b[?" + mode + b"l")
    screen = _fed(data)
    assert screen.read(0).rstrip() == "before" and screen.read(4).strip() == ""
    assert (screen.cursor.row, screen.cursor.col) == ((0, 6) if mode == b"1049" else (4, 8))
    during = _fed(data[:-len(b"\x1b[?" + mode + b"l")])
    assert during.read(0).rstrip() == "during" and during.read(4).strip() == "more"


def test_the_132_column_mode_is_ignored_as_xterm_ignores_it() -> None:
    screen = _fed(b"kept\x1b[?3h" + b"x" * 81 + b"\x1b[?3l")
    assert screen.read(0) == "keptx" + "x" * 75 and screen.read(1).startswith("xxxxx ")


def test_many_control_string_starts_are_read_in_linear_time() -> None:
    # Each ESC P began a search to the end of the read: 64 KB of them took 85 s.
    import time

    from retro.screenfiles.ansiread import ByteTerminalStream

    stream = ByteTerminalStream(TerminalModel())
    began = time.perf_counter()
    stream.feed_bytes(b"\x1bP" * 50_000 + b"\x1b\\ok")
    stream.feed_bytes(b"\x1b_" * 50_000)
    assert time.perf_counter() - began < 5.0
    assert cells_to_screen(stream.listener).read(0)[:3] == "ok "


@pytest.mark.parametrize("piecewise", [False, True])
def test_the_dec_line_drawing_set_draws_the_lines(piecewise: bool) -> None:
    # ncurses draws a box on an xterm as ESC ( 0 lqqk ESC ( B: read as letters, every
    # curses program's frame was "lqqqk".
    screen = _fed(b"\x1b(0lqk\x1b(Bq \x1b)0\x0eqx\x0fq", piecewise=piecewise)
    assert screen.read(0)[:9] == "┌─┐q ─│q " and screen.originals == {}
    assert _fed(b"\x0eq\x0f", piecewise=piecewise).read(0)[:2] == "q "   # G1 is ASCII


def test_scroll_up_down_and_repeat_as_ncurses_sends_them() -> None:
    # terminfo's indn (ESC[nS), rin (ESC[nT) and rep (ESC[nb) for xterm-256color: pyte
    # knew none of them, so a scrolled curses region stayed put.
    lines = b"".join(b"\x1b[%d;1Hline %d" % (row + 1, row) for row in range(24))
    screen = _fed(lines + b"\x1b[3;11r\x1b[5;1H\x1b[3S\x1b[r")
    assert [screen.read(row)[:7].strip() for row in range(1, 12)] == [
        "line 1", "line 5", "line 6", "line 7", "line 8", "line 9", "line 10", "", "", "",
        "line 11"]
    down = _fed(lines + b"\x1b[2;4r\x1b[2T\x1b[r")
    assert [down.read(row)[:7].strip() for row in range(5)] == [
        "line 0", "", "", "line 1", "line 4"]
    assert _fed(b"ab\x1b[3bc\x1b[1;2;3;4;5T").read(0)[:7] == "abbbbc "


def test_hpa_moves_to_the_column() -> None:
    # HPA's final byte is a backquote; pyte took an apostrophe for it.
    assert _fed(b"ab\x1b[10`X").read(0)[:11] == "ab       X "
