"""The numpy raster: palette, blink and cursor timing, border band, MDA attributes."""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from retro.pc.font import load_glyphs
from retro.pc.screen import Screen
from retro.pictures.png import read_png
from retro.pictures.raster import (
    BAND_BOTTOM,
    BAND_LEFT,
    BAND_RIGHT,
    BAND_TOP,
    DOSBOX_VGAONLY_PALETTE,
    PHOSPHORS,
    VGA_PALETTE,
    Raster,
    blink_visible,
    cursor_visible,
    render_indices,
    render_rgb,
    scale_aspect,
)
from retro.screenfiles.screenfile import render_file

REPO = Path(__file__).resolve().parents[2]


def _cell(frame: np.ndarray, row: int, col: int, height: int = 16,
          top: int = 0, left: int = 0) -> np.ndarray:
    y, x = top + row * height, left + col * 9
    return frame[y : y + height, x : x + 9]


# -- palette and timing ---------------------------------------------------------------------

def test_vga_palette_is_the_dac_with_brown() -> None:
    assert VGA_PALETTE.shape == (16, 3)
    assert set(VGA_PALETTE.ravel().tolist()) == {0x00, 0x55, 0xAA, 0xFF}
    assert tuple(VGA_PALETTE[6]) == (0xAA, 0x55, 0x00)
    assert tuple(VGA_PALETTE[8]) == (0x55, 0x55, 0x55)
    assert tuple(VGA_PALETTE[14]) == (0xFF, 0xFF, 0x55)


def test_dosbox_vgaonly_palette_is_the_rgb565_round_trip() -> None:
    # The colours read from DOSBox's vgaonly screenshots (reference README's table).
    table = ["000000", "0000AD", "00AA00", "00AAAD", "AD0000", "AD00AD", "AD5500", "ADAAAD",
             "525552", "5255FF", "52FF52", "52FFFF", "FF5552", "FF55FF", "FFFF52", "FFFFFF"]
    assert [bytes(c).hex().upper() for c in DOSBOX_VGAONLY_PALETTE] == table


@pytest.mark.parametrize(("frame", "visible"), [(0, True), (15, True), (16, False),
                                                 (31, False), (32, True), (70, True)])
def test_blink_phase_flips_every_16_vga_frames(frame: int, visible: bool) -> None:
    assert blink_visible(frame / 70) is visible


@pytest.mark.parametrize(("frame", "visible"), [(0, True), (7, True), (8, False),
                                                 (15, False), (16, True), (24, False)])
def test_cursor_phase_flips_every_8_vga_frames(frame: int, visible: bool) -> None:
    assert cursor_visible(frame / 70) is visible


# -- colour text ---------------------------------------------------------------------------

def test_colour_frame_is_720x400_and_band_adds_overscan() -> None:
    screen = Screen()
    assert render_rgb(screen, border_band=False).shape == (400, 720, 3)
    assert render_rgb(screen).shape == (400 + BAND_TOP + BAND_BOTTOM,
                                        720 + BAND_LEFT + BAND_RIGHT, 3)


def test_border_band_is_painted_in_the_border_colour() -> None:
    screen = Screen()
    screen.clear(0x1F)
    screen.border = 4
    frame = render_rgb(screen)
    red, blue = VGA_PALETTE[4], VGA_PALETTE[1]
    assert (frame[:BAND_TOP] == red).all()
    assert (frame[-BAND_BOTTOM:] == red).all()
    assert (frame[:, :BAND_LEFT] == red).all()
    assert (frame[:, -BAND_RIGHT:] == red).all()
    inner = frame[BAND_TOP:-BAND_BOTTOM, BAND_LEFT:-BAND_RIGHT]
    assert (inner == blue).all()


def test_border_change_repaints_the_band_in_an_incremental_raster() -> None:
    screen = Screen()
    raster = Raster()
    raster.render(screen)
    screen.border = 2
    assert (raster.render(screen)[0, 0] == VGA_PALETTE[2]).all()


def test_cell_draws_glyph_in_foreground_on_background() -> None:
    screen = Screen()
    screen.put(3, 7, "A", 0x1E)
    cell = _cell(render_indices(screen), 3, 7)
    glyph = load_glyphs(16)[ord("A")]
    assert (cell[glyph] == 0x0E).all()
    assert (cell[~glyph] == 0x01).all()


def test_blinking_cell_shows_background_in_the_off_phase() -> None:
    screen = Screen()
    screen.put(0, 0, "\u2588", 0x9E)  # full block, blinking yellow on blue
    on = _cell(render_indices(screen, blink_on=True), 0, 0)
    off = _cell(render_indices(screen, blink_on=False), 0, 0)
    assert (on == 0x0E).all()  # DB is in C0-DF, so its 9th column is lit too
    assert (off == 0x01).all()


def test_bit_7_is_a_bright_background_when_blink_is_disabled() -> None:
    screen = Screen()
    screen.blink = False
    screen.put(0, 0, " ", 0xC0)
    for phase in (True, False):
        assert (_cell(render_indices(screen, blink_on=phase), 0, 0) == 0x0C).all()


def test_cursor_is_an_underline_in_the_cell_foreground_when_its_phase_is_on() -> None:
    screen = Screen()
    screen.put(10, 20, " ", 0x1A)
    screen.move_cursor(10, 20, visible=True)
    cell = _cell(render_indices(screen, cursor_on=True), 10, 20)
    assert (cell[14:16] == 0x0A).all()
    assert (cell[:14] == 0x01).all()
    assert (_cell(render_indices(screen, cursor_on=False), 10, 20) == 0x01).all()
    screen.cursor.visible = False
    assert (_cell(render_indices(screen, cursor_on=True), 10, 20) == 0x01).all()


# -- MDA mono ------------------------------------------------------------------------------

def _mono_cell(attr: int, char: int = 0xDB, blink_on: bool = True,
               blink: bool = True) -> np.ndarray:
    screen = Screen(mono=True)
    screen.blink = blink
    screen.put(5, 5, bytes([char]), attr)
    frame = render_indices(screen, blink_on=blink_on)
    assert frame.shape == (350, 720)
    return _cell(frame, 5, 5, height=14)


def test_mono_frame_is_720x350_without_a_band() -> None:
    screen = Screen(mono=True)
    screen.border = 3
    assert render_rgb(screen, border_band=True).shape == (350, 720, 3)


@pytest.mark.parametrize("attr", [0x01, 0x09, 0x81])
def test_mda_underline_is_only_the_last_scan_line(attr: int) -> None:
    cell = _mono_cell(attr, char=ord(" "))
    assert (cell[13] != 0).all()
    assert (cell[:13] == 0).all()


def test_mda_normal_text_has_no_underline() -> None:
    cell = _mono_cell(0x07, char=ord(" "))
    assert (cell == 0).all()


def test_mda_intense_is_the_bright_level() -> None:
    assert (_mono_cell(0x0F)[:, :8] == 2).all()
    assert (_mono_cell(0x07)[:, :8] == 1).all()


def test_mda_reverse_video_lights_the_background() -> None:
    screen = Screen(mono=True)
    screen.put(0, 0, "A", 0x70)
    cell = _cell(render_indices(screen), 0, 0, height=14)
    glyph = load_glyphs(14)[ord("A")]
    assert (cell[glyph] == 0).all()
    assert (cell[~glyph] == 1).all()


@pytest.mark.parametrize("attr", [0x00, 0x08, 0x80, 0x88])
def test_mda_invisible_attributes_show_nothing(attr: int) -> None:
    for phase in (True, False):
        assert (_mono_cell(attr, blink_on=phase) == 0).all()


def test_mda_blink_hides_the_character_and_its_underline() -> None:
    assert (_mono_cell(0x81, blink_on=True) != 0).any()
    assert (_mono_cell(0x81, blink_on=False) == 0).all()


def test_mda_blinking_reverse_keeps_its_lit_background() -> None:
    cell = _mono_cell(0xF0, char=ord("A"), blink_on=False)
    assert (cell == 1).all()


@pytest.mark.parametrize("phosphor", sorted(PHOSPHORS))
def test_phosphors_give_dark_normal_and_intense_levels(phosphor: str) -> None:
    screen = Screen(mono=True)
    screen.put(0, 0, "\u2588", 0x07)
    screen.put(0, 1, "\u2588", 0x0F)
    frame = render_rgb(screen, phosphor=phosphor)
    levels = PHOSPHORS[phosphor]
    assert (frame[0, 0] == levels[1]).all()
    assert (frame[0, 9] == levels[2]).all()
    assert (frame[0, 18] == levels[0]).all()
    assert levels[2].sum() > levels[1].sum() > levels[0].sum() == 0


def test_unknown_phosphor_is_refused() -> None:
    with pytest.raises(ValueError, match="phosphor"):
        Raster(phosphor="blue")


def test_mono_cursor_sits_on_the_bottom_two_lines() -> None:
    screen = Screen(mono=True)
    screen.move_cursor(1, 1, visible=True)
    cell = _cell(render_indices(screen, cursor_on=True), 1, 1, height=14)
    assert (cell[12:14] == 1).all()
    assert (cell[:12] == 0).all()


# -- incremental drawing -------------------------------------------------------------------

def test_incremental_frames_equal_fresh_renders_under_random_edits() -> None:
    rng = random.Random(5)
    screen = Screen()
    raster = Raster()
    for step in range(60):
        for _ in range(rng.choice([0, 1, 3, 40, 900])):
            screen.chars[rng.randrange(25), rng.randrange(80)] = rng.randrange(256)
            screen.attrs[rng.randrange(25), rng.randrange(80)] = rng.randrange(256)
        if step % 7 == 0:
            screen.move_cursor(rng.randrange(25), rng.randrange(80), rng.random() < 0.7)
        if step % 11 == 0:
            screen.border = rng.randrange(16)
        if step % 13 == 0:
            screen.blink = not screen.blink
        t = rng.random() * 3
        got = raster.frame(screen, t)
        want = render_rgb(screen, blink_on=blink_visible(t), cursor_on=cursor_visible(t))
        assert np.array_equal(got, want), f"step {step}"


def test_raster_follows_the_screen_into_mono() -> None:
    raster = Raster()
    assert raster.render(Screen()).shape == (415, 738, 3)
    assert raster.render(Screen(mono=True)).shape == (350, 720, 3)


# -- files, aspect, imports -----------------------------------------------------------------

def test_render_file_writes_the_native_png(tmp_path: Path) -> None:
    screen = Screen()
    screen.put(0, 0, "Hello", 0x4E)
    src = tmp_path / "s.bin"
    src.write_bytes(screen.to_bytes())
    rgb = render_file(src, tmp_path / "s.png", border=1)
    assert np.array_equal(read_png(tmp_path / "s.png"), rgb)
    assert rgb.shape == (415, 738, 3)
    mono = render_file(src, tmp_path / "m.png", mono=True, phosphor="amber")
    assert mono.shape == (350, 720, 3)


def test_scale_aspect_makes_a_4_by_3_picture_without_new_colours() -> None:
    frame = np.zeros((400, 720, 3), dtype=np.uint8)
    frame[:200] = 255
    scaled = scale_aspect(frame)
    assert scaled.shape == (1080, 1440, 3)
    assert (scaled[:530] == 255).all() and (scaled[550:] == 0).all()


def test_importing_retro_and_the_raster_does_not_import_pygame() -> None:
    code = ("import sys, retro, retro.pictures.raster, retro.pc.font, retro.pictures.png, "
            "retro.pc.speaker; "
            "print('pygame' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True,
                         text=True, check=True)
    assert out.stdout.strip() == "False"


def test_raster_reports_whether_a_frame_changed() -> None:
    screen = Screen()
    raster = Raster()
    raster.render(screen)
    raster.changed = False
    raster.render(screen)
    assert not raster.changed
    screen.put(0, 0, "x")
    raster.render(screen)
    assert raster.changed
    raster.changed = False
    screen.move_cursor(1, 1, visible=True)
    raster.render(screen, cursor_on=True)
    assert raster.changed
    raster.changed = False
    raster.render(screen, cursor_on=True)  # the same cursor again: nothing to redraw
    assert not raster.changed
    raster.render(screen, cursor_on=False)
    assert raster.changed


def test_dirty_span_covers_just_the_repainted_text_rows() -> None:
    screen = Screen()
    raster = Raster()
    raster.render(screen)
    raster.changed = False
    screen.put(5, 10, "x")
    screen.put(7, 0, "y")
    raster.render(screen)
    top = raster.origin[0]
    assert raster.dirty == (top + 5 * 16, top + 8 * 16)


# -- the indexed frame and its fast paths ------------------------------------------------------

def _busy_screen(seed: int) -> Screen:
    rng = np.random.default_rng(seed)
    screen = Screen()
    screen.chars[:] = rng.integers(0, 256, (25, 80), dtype=np.uint8)
    screen.attrs[:] = rng.integers(0, 256, (25, 80), dtype=np.uint8)
    return screen


def test_draw_gives_the_text_area_as_palette_indices_in_one_reused_buffer() -> None:
    raster = Raster()  # with a band: the text area itself has none
    text = raster.draw(_busy_screen(1))
    assert text is raster.text
    assert text.shape == (400, 720) and text.dtype == np.uint8
    assert np.array_equal(text, render_indices(_busy_screen(1)))
    assert raster.draw(_busy_screen(2)) is text  # a front end may keep a view of it
    assert np.array_equal(text, render_indices(_busy_screen(2)))


def test_frame_indices_put_the_band_around_the_text_area() -> None:
    screen = _busy_screen(3)
    screen.border = 5
    raster = Raster()
    raster.draw(screen)
    frame = raster.frame_indices()
    assert np.array_equal(frame, render_indices(screen, border_band=True))
    assert raster.band == 5 and frame[0, 0] == 5


@pytest.mark.parametrize("mono", [False, True])
def test_plain_copy_fallback_draws_the_same_frames(mono: bool,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """Without the overlapping 16-byte copy (if numpy ever reorders it) frames are the same."""
    import retro.pictures.raster as raster_module

    assert raster_module._overlapping_copy_works(14 if mono else 16)  # the fast path is used
    fast = Raster(mono=mono)
    monkeypatch.setattr(raster_module, "_overlapping_copy_works", lambda height: False)
    plain = Raster(mono=mono)
    assert plain._lines.dtype.itemsize == 9
    for seed in range(3):
        screen = _busy_screen(seed)
        screen.mono = mono
        assert np.array_equal(fast.draw(screen), plain.draw(screen))


def test_blink_phase_change_repaints_only_the_rows_with_blinking_cells() -> None:
    screen = Screen()
    screen.put(3, 0, "still", 0x1E)
    screen.put(9, 5, "blink", 0x9E)
    screen.put(11, 5, "blink", 0xCE)
    raster = Raster(border_band=False)
    raster.draw(screen, blink_on=True)
    raster.changed = False
    raster.draw(screen, blink_on=False)
    assert raster.dirty == (9 * 16, 12 * 16)
    assert np.array_equal(raster.text, render_indices(screen, blink_on=False))
    raster.changed = False
    screen.blink = False  # bit 7 becomes bright background: the same cells change again
    raster.draw(screen, blink_on=False)
    assert raster.dirty == (9 * 16, 12 * 16)
    assert (_cell(raster.text, 9, 5)[0, 0]) == 0x09  # light blue background


def test_mono_cursor_on_a_hidden_blinking_cell_is_drawn_at_the_normal_level() -> None:
    screen = Screen(mono=True)
    screen.put(2, 2, "\u2588", 0x8F)  # intense, blinking
    screen.move_cursor(2, 2, visible=True)
    cell = _cell(render_indices(screen, blink_on=False, cursor_on=True), 2, 2, height=14)
    assert (cell[12:14] == 1).all()
    assert (cell[:12] == 0).all()
    shown = _cell(render_indices(screen, blink_on=True, cursor_on=True), 2, 2, height=14)
    assert (shown[:, :8] == 2).all()
