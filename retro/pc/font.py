"""The VGA ROM fonts as glyph arrays, with the 9th dot column the hardware adds.

VGA text mode (and the MDA before it) draws each character 9 dots wide from an 8-dot font:
for the line-drawing codes C0h-DFh the 9th column repeats the 8th so that horizontal lines
join up; for every other code it is background.  That rule is applied here, once, so the
raster only ever sees 9-dot glyphs.
"""

from __future__ import annotations

from functools import cache

import numpy as np

from retro.fonts import FONT_DIR

#: Cell width in dots on the VGA and the MDA.
CELL_WIDTH = 9
#: Glyph heights shipped in ``fonts/``: 16 for VGA colour text, 14 for MDA mono text.
HEIGHTS = (16, 14)
#: Codes whose 9th column repeats the 8th (the line-graphics range).
LINE_GRAPHICS = range(0xC0, 0xE0)


def font_bytes(height: int) -> bytes:
    """The raw 256-glyph table for ``height`` (16 or 14) scan lines."""
    if height not in HEIGHTS:
        raise ValueError(f"no {height}-line font (have {HEIGHTS})")
    data = (FONT_DIR / f"VGA8x{height}.bin").read_bytes()
    if len(data) != 256 * height:
        raise ValueError(f"VGA8x{height}.bin is {len(data)} bytes, expected {256 * height}")
    return data


@cache
def load_glyphs(height: int) -> np.ndarray:
    """Glyphs as a read-only bool array of shape (256, height, 9): True where a dot is lit."""
    rows = np.frombuffer(font_bytes(height), dtype=np.uint8).reshape(256, height)
    glyphs = np.zeros((256, height, CELL_WIDTH), dtype=bool)
    glyphs[:, :, :8] = np.unpackbits(rows[:, :, None], axis=2)  # bit 7 is the left dot
    glyphs[LINE_GRAPHICS.start : LINE_GRAPHICS.stop, :, 8] = glyphs[
        LINE_GRAPHICS.start : LINE_GRAPHICS.stop, :, 7
    ]
    glyphs.flags.writeable = False
    return glyphs
