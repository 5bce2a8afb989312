"""The IBM VGA ROM fonts as raw bytes (see README.md for where they come from).

``FONT_DIR`` is the folder holding ``VGA8x16.bin`` (256 glyphs x 16 rows) and
``VGA8x14.bin`` (256 glyphs x 14 rows), one byte per glyph row, bit 7 leftmost.
"""

from pathlib import Path

FONT_DIR = Path(__file__).resolve().parent

__all__ = ["FONT_DIR"]
