"""The shipped VGA fonts and the 9th-column rule."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from retro.fonts import FONT_DIR
from retro.fonts.extract import TABLES, extract, read_bios
from retro.pc.font import LINE_GRAPHICS, load_glyphs

VGABIOS = Path("/usr/share/vgabios/vgabios.bin")


@pytest.mark.skipif(not VGABIOS.exists(), reason="Debian's vgabios package is not installed")
@pytest.mark.parametrize(("name", "offset", "lines"), TABLES)
def test_font_files_equal_the_vgabios_tables(name: str, offset: int, lines: int) -> None:
    bios = VGABIOS.read_bytes()
    assert (FONT_DIR / name).read_bytes() == bios[offset : offset + 256 * lines]


@pytest.mark.skipif(not VGABIOS.exists(), reason="Debian's vgabios package is not installed")
def test_extract_script_reproduces_the_shipped_files() -> None:
    fonts = extract(read_bios(VGABIOS))
    for name, data in fonts.items():
        assert (FONT_DIR / name).read_bytes() == data


def test_extract_refuses_an_image_without_the_font() -> None:
    with pytest.raises(ValueError, match="0x2578"):
        extract(bytes(0x4000))


@pytest.mark.parametrize("height", [16, 14])
def test_glyphs_have_nine_columns_and_every_code(height: int) -> None:
    glyphs = load_glyphs(height)
    assert glyphs.shape == (256, height, 9)
    assert glyphs.dtype == bool
    assert not glyphs.flags.writeable


@pytest.mark.parametrize("height", [16, 14])
def test_ninth_column_repeats_eighth_for_line_graphics_only(height: int) -> None:
    glyphs = load_glyphs(height)
    line = np.zeros(256, dtype=bool)
    line[LINE_GRAPHICS.start : LINE_GRAPHICS.stop] = True
    assert (glyphs[line, :, 8] == glyphs[line, :, 7]).all()
    assert not glyphs[~line, :, 8].any()
    # The rule matters: the horizontal line C4 reaches the cell edge so lines join up.
    assert glyphs[0xC4, :, 8].any()


def test_glyph_bits_run_left_to_right_from_bit_7() -> None:
    raw = (FONT_DIR / "VGA8x16.bin").read_bytes()
    row = raw[0xDD * 16 + 5]  # left half block: the four left dots lit
    assert row == 0xF0
    assert list(load_glyphs(16)[0xDD, 5, :8]) == [True] * 4 + [False] * 4


def test_glyphs_are_cached() -> None:
    assert load_glyphs(16) is load_glyphs(16)


def test_unknown_height_is_refused() -> None:
    with pytest.raises(ValueError, match="12-line"):
        load_glyphs(12)
