"""Screen to pixels: VGA colour text (720x400, 9x16 cells) and MDA mono text (720x350, 9x14).

Pure numpy: no pygame here, so headless runs, PNG output and tests never need a display.

How a frame is made.  Every (attribute, character) pair has a pre-drawn 9-dot-wide tile of
32-bit pixels, kept in one table indexed by ``key = attr << 8 | char``.  Each scan line of a
tile (9 pixels, 36 bytes) is one item of a numpy ``void`` view, so a full frame is a single
``np.take`` of 25 x 16 x 80 items written straight into the frame in display order; tiles
are stored tile by tile so the lines of one tile sit together in the cache.  Tiles for an
attribute are drawn the first time that attribute appears, so start-up costs only what a
screen uses.  Blink needs no tiles of its own: in the phase where blinking characters are
hidden their key is swapped for a blank one, and with blink enabled bit 7 is cleared before
the lookup (so bit 7 in a tile key always means "bright background").  ``Raster`` remembers
the keys it drew and redraws only the cells whose key changed, plus the cursor cell.

Frames are kept as 32-bit ``0xFFRRGGBB`` pixels (B, G, R, A bytes in memory): ``frame``
returns an RGB view of them and a front end can hand ``Raster.pixels`` to its toolkit as a
BGRA image without a copy.

Timing follows the VGA at 70 frames a second: the blink phase flips every 16 frames and the
cursor every 8 frames.  Both start visible at machine time 0.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from os import PathLike
from typing import TYPE_CHECKING

import numpy as np

from retro.font import CELL_WIDTH, load_glyphs

if TYPE_CHECKING:
    from retro.screen import Screen

ROWS, COLS = 25, 80
#: Refresh rate of VGA text mode (and near enough the MDA's 50 Hz for blink purposes).
FRAME_HZ = 70
#: Frames per blink phase (attribute bit 7) and per cursor phase: the VGA's counters.
BLINK_FRAMES = 16
CURSOR_FRAMES = 8

# The 16 text colours as the VGA BIOS programs them: 6-bit DAC values (brown is 2A,15,00).
_DAC6 = np.array([
    (0x00, 0x00, 0x00), (0x00, 0x00, 0x2A), (0x00, 0x2A, 0x00), (0x00, 0x2A, 0x2A),
    (0x2A, 0x00, 0x00), (0x2A, 0x00, 0x2A), (0x2A, 0x15, 0x00), (0x2A, 0x2A, 0x2A),
    (0x15, 0x15, 0x15), (0x15, 0x15, 0x3F), (0x15, 0x3F, 0x15), (0x15, 0x3F, 0x3F),
    (0x3F, 0x15, 0x15), (0x3F, 0x15, 0x3F), (0x3F, 0x3F, 0x15), (0x3F, 0x3F, 0x3F),
], dtype=np.uint16)

#: The true VGA palette: 6-bit DAC values widened to 8 bits, i.e. steps of 00/55/AA/FF.
VGA_PALETTE: np.ndarray = ((_DAC6 << 2) | (_DAC6 >> 4)).astype(np.uint8)
VGA_PALETTE.flags.writeable = False


def _through_rgb565(rgb: np.ndarray) -> np.ndarray:
    """What a colour looks like after a round trip through 16-bit RGB565 (as DOSBox does)."""
    v = rgb.astype(np.uint16)
    r, g, b = v[:, 0] >> 3, v[:, 1] >> 2, v[:, 2] >> 3
    out = np.stack([(r << 3) | (r >> 2), (g << 2) | (g >> 4), (b << 3) | (b >> 2)], axis=1)
    return out.astype(np.uint8)


#: The colours DOSBox 0.74's ``machine=vgaonly`` screenshots contain (0000AD, 525552, ...):
#: the same palette passed through RGB565.  Only for comparing with those captures.
DOSBOX_VGAONLY_PALETTE: np.ndarray = _through_rgb565(VGA_PALETTE)
DOSBOX_VGAONLY_PALETTE.flags.writeable = False

#: Mono phosphors: (black, normal, intense) levels.  Green ~P39, amber ~P134, white ~P4.
PHOSPHORS: dict[str, np.ndarray] = {
    "green": np.array([(0x00, 0x00, 0x00), (0x00, 0xAA, 0x00), (0x66, 0xFF, 0x66)], np.uint8),
    "amber": np.array([(0x00, 0x00, 0x00), (0xC0, 0x78, 0x00), (0xFF, 0xB8, 0x20)], np.uint8),
    "white": np.array([(0x00, 0x00, 0x00), (0xAA, 0xAA, 0xAA), (0xFF, 0xFF, 0xFF)], np.uint8),
}
for _levels in PHOSPHORS.values():
    _levels.flags.writeable = False
# Level indices in a mono tile.
_DARK, _NORMAL, _INTENSE = 0, 1, 2

#: Overscan band around the 720x400 active area, in native pixels.  Vertically these are
#: the mode 3 CRTC values (display ends at line 399, blanking runs from 406 to 441 of 449:
#: 7 border lines below, 8 above).  Horizontally the CRTC leaves about one character clock
#: of border on each side; one 9-dot character is used.  The MDA has no overscan colour.
BAND_TOP, BAND_BOTTOM, BAND_LEFT, BAND_RIGHT = 8, 7, 9, 9


def _frame_number(t: float) -> int:
    # A hair of tolerance so that t = k/70 computed in floating point lands on frame k.
    return math.floor(t * FRAME_HZ + 1e-6)


def blink_visible(t: float) -> bool:
    """Whether blinking characters (attribute bit 7) show at machine time ``t`` seconds."""
    return (_frame_number(t) // BLINK_FRAMES) % 2 == 0


def cursor_visible(t: float) -> bool:
    """Whether the blinking cursor shows at machine time ``t`` seconds."""
    return (_frame_number(t) // CURSOR_FRAMES) % 2 == 0


# -- what a cell looks like ------------------------------------------------------------

@dataclass(frozen=True)
class Mode:
    """One display mode: cell size, how attributes read, the colours."""

    mono: bool
    cell_height: int
    palette: np.ndarray  # index -> RGB

    @property
    def name(self) -> str:
        return "mda" if self.mono else "vga"


def _mode(mono: bool, phosphor: str = "green") -> Mode:
    if not mono:
        return Mode(False, 16, VGA_PALETTE)
    if phosphor not in PHOSPHORS:
        raise ValueError(f"unknown phosphor {phosphor!r} (choose from {', '.join(PHOSPHORS)})")
    return Mode(True, 14, PHOSPHORS[phosphor])


def mda_attribute(attr: int) -> tuple[int, int, bool]:
    """How the MDA reads an attribute: (foreground level, background level, underline).

    Levels index a phosphor (0 dark, 1 normal, 2 intense).  Bit 7 here means "bright
    background" (the blink-disabled reading); blinking is handled before tiles are chosen.
    Only two backgrounds exist: 7 with foreground 0 is reverse video (70h), anything else
    is dark.  Foreground 0 on background 0 is invisible (00h, 08h, 80h, 88h); foreground 1
    underlines (01h, 09h); bit 3 makes the foreground intense.
    """
    fg, bg = attr & 0x07, (attr >> 4) & 0x07
    if fg == 0 and bg == 0:
        return _DARK, _DARK, False
    if fg == 0 and bg == 7:
        return _DARK, (_INTENSE if attr & 0x80 else _NORMAL), False
    return (_INTENSE if attr & 0x08 else _NORMAL), _DARK, fg == 1


def _attr_tiles(mode: Mode, attr: int) -> np.ndarray:
    """Palette-index tiles of all 256 characters in one attribute: (256, height, 9) uint8."""
    glyphs = load_glyphs(mode.cell_height)
    if mode.mono:
        fg, bg, underline = mda_attribute(attr)
        tiles = np.where(glyphs, np.uint8(fg), np.uint8(bg))
        if underline:
            tiles[:, -1, :] = fg  # the MDA underline is the cell's last scan line
        return tiles
    return np.where(glyphs, np.uint8(attr & 0x0F), np.uint8(attr >> 4))


def _cursor_level(mode: Mode, attr: int) -> int:
    """Palette index the cursor is drawn in: the cell's foreground colour."""
    if not mode.mono:
        return attr & 0x0F
    fg, _bg, _ul = mda_attribute(attr)
    return fg if fg != _DARK else _NORMAL


def cursor_lines(screen: Screen) -> range:
    """Scan lines of the cell the cursor covers (empty if it starts below where it ends).

    Shapes are given in VGA terms (16 lines; the default underline is 14-15).  On the
    14-line MDA cell a shape reaching past line 13 is moved up to end on line 13, so the
    default underline becomes lines 12-13.
    """
    height = 14 if screen.mono else 16
    start, end = screen.cursor.start, screen.cursor.end
    if end >= height:
        shift = end - (height - 1)
        start, end = start - shift, end - shift
    start = max(0, start)
    return range(start, end + 1) if start <= end else range(0)


def _effective_keys(screen: Screen, blink_on: bool) -> np.ndarray:
    """(25, 80) tile keys ``attr << 8 | char`` after applying the blink rule."""
    chars = screen.chars
    attrs = screen.attrs
    if screen.blink:
        if not blink_on:
            hidden = attrs >= 0x80
            chars = np.where(hidden, np.uint8(0), chars)
            if screen.mono:
                # A hidden cell shows only its background: lit for reverse video, else dark.
                reverse = (attrs & 0x77) == 0x70
                attrs = np.where(hidden & ~reverse, np.uint8(0), attrs)
        attrs = attrs & np.uint8(0x7F)
    return (attrs.astype(np.intp) << 8) | chars


def _frame_size(mono: bool, border_band: bool) -> tuple[int, int, int, int]:
    """(height, width, top, left) of a frame."""
    cell_height = 14 if mono else 16
    if mono or not border_band:
        return ROWS * cell_height, COLS * CELL_WIDTH, 0, 0
    return (ROWS * cell_height + BAND_TOP + BAND_BOTTOM,
            COLS * CELL_WIDTH + BAND_LEFT + BAND_RIGHT, BAND_TOP, BAND_LEFT)


# -- simple renderers -----------------------------------------------------------------

def render_indices(screen: Screen, *, blink_on: bool = True, cursor_on: bool = False,
                   border_band: bool = False) -> np.ndarray:
    """The frame as palette indices, shape (H, W) uint8.

    Colour mode gives VGA palette indices 0-15 (the border band, if asked for, in
    ``screen.border & 15``); mono gives phosphor levels 0-2 and never has a band.
    """
    mode = _mode(screen.mono)
    keys = _effective_keys(screen, blink_on)
    height, width, top, left = _frame_size(screen.mono, border_band)
    out = np.full((height, width), screen.border & 0x0F if not screen.mono else 0, np.uint8)
    tiles = np.zeros((256 * 256, mode.cell_height, CELL_WIDTH), dtype=np.uint8)
    for attr in np.unique(keys >> 8):
        tiles[attr * 256 : attr * 256 + 256] = _attr_tiles(mode, int(attr))
    cells = tiles[keys]  # (25, 80, h, 9)
    active = cells.transpose(0, 2, 1, 3).reshape(ROWS * mode.cell_height, COLS * CELL_WIDTH)
    out[top : top + active.shape[0], left : left + active.shape[1]] = active
    if cursor_on and screen.cursor.visible:
        row, col = screen.cursor.row, screen.cursor.col
        level = _cursor_level(mode, int(keys[row, col] >> 8))
        for line in cursor_lines(screen):
            y = top + row * mode.cell_height + line
            out[y, left + col * CELL_WIDTH : left + (col + 1) * CELL_WIDTH] = level
    return out


def render_rgb(screen: Screen, *, blink_on: bool = True, cursor_on: bool = False,
               border_band: bool = True, phosphor: str = "green") -> np.ndarray:
    """The frame as RGB, shape (H, W, 3) uint8: 720x400 colour (plus band) or 720x350 mono."""
    raster = Raster(mono=screen.mono, phosphor=phosphor, border_band=border_band)
    return raster.render(screen, blink_on=blink_on, cursor_on=cursor_on).copy()


# -- the incremental renderer ----------------------------------------------------------

_PIXEL = np.dtype("<u4")  # 0xFFRRGGBB, stored little-endian as B, G, R, A


def _pack(palette: np.ndarray) -> np.ndarray:
    """Palette entries as opaque 32-bit pixels."""
    rgb = palette.astype(np.uint32)
    return ((0xFF << 24) | (rgb[:, 0] << 16) | (rgb[:, 1] << 8) | rgb[:, 2]).astype(_PIXEL)


def _line_items(pixels: np.ndarray) -> np.ndarray:
    """A view with one ``void`` item per 9-pixel tile scan line (last axis must be 9)."""
    return pixels.view(np.dtype((np.void, CELL_WIDTH * _PIXEL.itemsize)))[..., 0]


class _TileTable:
    """Tiles of every (attribute, character) as 32-bit pixels, drawn per attribute on demand."""

    def __init__(self, mode: Mode) -> None:
        self.mode = mode
        self.palette = _pack(mode.palette)
        # np.zeros maps untouched pages lazily, so attributes never used cost no memory.
        self.pixels = np.zeros((256 * 256, mode.cell_height, CELL_WIDTH), dtype=_PIXEL)
        self.lines = _line_items(self.pixels).reshape(-1)  # item key * height + line
        self.built = np.zeros(256, dtype=bool)

    def ensure(self, attrs: np.ndarray) -> None:
        """Draw the tiles of any attribute in ``attrs`` (tile-key high bytes) not drawn yet."""
        if self.built[attrs].all():
            return
        seen = np.bincount(attrs.ravel(), minlength=256).astype(bool)
        for attr in np.flatnonzero(seen & ~self.built):
            self.pixels[attr * 256 : attr * 256 + 256] = self.palette[
                _attr_tiles(self.mode, int(attr))]
            self.built[attr] = True


_TABLES: dict[tuple[bool, str], _TileTable] = {}


def _table(mono: bool, phosphor: str) -> _TileTable:
    key = (mono, phosphor if mono else "")
    if key not in _TABLES:
        _TABLES[key] = _TileTable(_mode(mono, phosphor))
    return _TABLES[key]


# Above this many changed cells one full gather beats scattering cell by cell.
_FULL_REDRAW_CELLS = 400


class Raster:
    """Turns a ``Screen`` into RGB frames, redrawing only what changed since the last one.

    ``frame`` returns a view of the raster's own buffer: it stays valid until the next
    call; copy it to keep it.  The mode follows ``screen.mono`` (``mono`` only sets the
    initial mode).
    """

    def __init__(self, mono: bool = False, phosphor: str = "green",
                 border_band: bool = True) -> None:
        _mode(True, phosphor)  # reject an unknown phosphor now, not at the first mono frame
        self.phosphor = phosphor
        self.border_band = border_band
        self._setup(mono)

    def _setup(self, mono: bool) -> None:
        self.mono = mono
        self._tiles = _table(mono, self.phosphor)
        height, width, top, left = _frame_size(mono, self.border_band)
        self._cell_height = h = self._tiles.mode.cell_height
        self.pixels = np.zeros((height, width), dtype=_PIXEL)
        self._rgb = self.pixels.view(np.uint8).reshape(height, width, 4)[:, :, 2::-1]
        active = self.pixels[top : top + ROWS * h, left : left + COLS * CELL_WIDTH]
        # (row, line, col, 9): a cell is [row, :, col]; as items, one per tile scan line.
        self._cells = active.reshape(ROWS, h, COLS, CELL_WIDTH)
        self._cell_lines = _line_items(self._cells)
        self._index = np.empty((ROWS, h, COLS), dtype=np.intp)
        self._line_offsets = np.arange(h, dtype=np.intp)[None, :, None]
        self._keys = np.full((ROWS, COLS), -1, dtype=np.intp)  # -1: never drawn
        self._cursor: tuple[int, int, int, int, int] | None = None
        self._border: int | None = None
        self._origin = (top, left)
        #: Frame rows (first, end) repainted since a front end last cleared ``changed``.
        self.dirty: tuple[int, int] | None = (0, height)

    @property
    def shape(self) -> tuple[int, int]:
        """(height, width) of the frames this raster currently makes."""
        return self.pixels.shape[0], self.pixels.shape[1]

    @property
    def origin(self) -> tuple[int, int]:
        """(y, x) of the top-left of the text area inside the frame (the band's size)."""
        return self._origin

    def invalidate(self) -> None:
        """Forget what was drawn, so the next frame is drawn in full."""
        self._keys[:] = -1
        self._cursor = None
        self._border = None
        self.changed = True

    def frame(self, screen: Screen, t: float) -> np.ndarray:
        """The RGB frame at machine time ``t`` (which picks the blink and cursor phases)."""
        return self.render(screen, blink_on=blink_visible(t), cursor_on=cursor_visible(t))

    def render(self, screen: Screen, *, blink_on: bool = True,
               cursor_on: bool = False) -> np.ndarray:
        """The RGB frame (an (H, W, 3) view) for explicit blink and cursor phases."""
        if screen.mono != self.mono:
            self._setup(screen.mono)
        if self._origin[0] and screen.border & 0x0F != self._border:
            self._paint_band(screen.border & 0x0F)
            self.changed = True  # the band surrounds everything: the whole frame
        keys = _effective_keys(screen, blink_on)
        cursor = self._wanted_cursor(screen, keys, cursor_on)
        if self._cursor is not None and self._cursor != cursor:
            self._keys[self._cursor[0], self._cursor[1]] = -1  # redraw the cell it covered
        changed = keys != self._keys
        count = int(np.count_nonzero(changed))
        full = count > _FULL_REDRAW_CELLS
        if full:
            self._tiles.ensure(keys >> 8)
            np.add((keys * self._cell_height)[:, None, :], self._line_offsets, out=self._index)
            np.take(self._tiles.lines, self._index, out=self._cell_lines, mode="clip")
            self._keys[...] = keys
        elif count:
            rows, cols = np.nonzero(changed)
            new = keys[rows, cols]
            self._tiles.ensure(new >> 8)
            # Advanced indices around a slice put the cell axis first: (n, line, 9).
            self._cells[rows, :, cols] = self._tiles.pixels[new]
            self._keys[rows, cols] = new
        draw_cursor = cursor is not None and (
            full or cursor != self._cursor or bool(changed[cursor[0], cursor[1]]))
        if cursor is not None and draw_cursor:
            row, col, start, stop, key = cursor
            level = _cursor_level(self._tiles.mode, key >> 8)
            self._cells[row, start:stop, col] = self._tiles.palette[level]
        if full:
            self._touch(0, ROWS)
        elif count:
            self._touch(int(rows.min()), int(rows.max()) + 1)
        if draw_cursor and cursor is not None:
            self._touch(cursor[0], cursor[0] + 1)
        self._cursor = cursor
        return self._rgb

    @property
    def changed(self) -> bool:
        """Whether any pixel changed since this was last set to False."""
        return self.dirty is not None

    @changed.setter
    def changed(self, value: bool) -> None:
        self.dirty = (0, self.pixels.shape[0]) if value else None

    def _touch(self, first_row: int, end_row: int) -> None:
        """Add text rows [first_row, end_row) to the dirty span of frame rows."""
        top = self._origin[0]
        span = (top + first_row * self._cell_height, top + end_row * self._cell_height)
        if self.dirty is not None:
            span = (min(span[0], self.dirty[0]), max(span[1], self.dirty[1]))
        self.dirty = span

    def _wanted_cursor(self, screen: Screen, keys: np.ndarray,
                       cursor_on: bool) -> tuple[int, int, int, int, int] | None:
        """(row, col, first line, end line, cell key) of the cursor to show, or None."""
        if not (cursor_on and screen.cursor.visible):
            return None
        lines = cursor_lines(screen)
        if not lines:
            return None
        row, col = screen.cursor.row, screen.cursor.col
        return row, col, lines.start, lines.stop, int(keys[row, col])

    def _paint_band(self, colour: int) -> None:
        rgb = self._tiles.palette[colour]
        top, left = self.origin
        bottom, right = top + ROWS * self._cell_height, left + COLS * CELL_WIDTH
        self.pixels[:top] = rgb
        self.pixels[bottom:] = rgb
        self.pixels[top:bottom, :left] = rgb
        self.pixels[top:bottom, right:] = rgb
        self._border = colour


# -- aspect and files ------------------------------------------------------------------

def to_indices(rgb: np.ndarray, palette: np.ndarray) -> np.ndarray:
    """Map an RGB image back to palette indices; raises ``ValueError`` on a foreign colour."""
    packed = (rgb[..., 0].astype(np.uint32) << 16) | (rgb[..., 1].astype(np.uint32) << 8) \
        | rgb[..., 2]
    codes = (palette[:, 0].astype(np.uint32) << 16) | (palette[:, 1].astype(np.uint32) << 8) \
        | palette[:, 2]
    order = np.argsort(codes)
    pos = np.clip(np.searchsorted(codes[order], packed), 0, len(codes) - 1)
    found = codes[order][pos] == packed
    if not found.all():
        y, x = np.argwhere(~found)[0]
        raise ValueError(f"pixel ({x}, {y}) has colour {tuple(int(v) for v in rgb[y, x])} "
                         "that is not in the palette")
    return order[pos].astype(np.uint8)


def scale_aspect(rgb: np.ndarray, width: int | None = None) -> np.ndarray:
    """The frame stretched to a 4:3 picture, as a monitor showed it.

    Columns are repeated (``width`` defaults to twice the native width) and rows are
    resampled by area averaging, so no scan line is dropped or visibly doubled.
    """
    height_in, width_in = rgb.shape[:2]
    width = width or 2 * width_in
    height = round(width * 3 / 4)
    cols = (np.arange(width) * width_in) // width
    wide = rgb[:, cols].astype(np.float32)
    # Output row i covers input rows [i*s, (i+1)*s) with s = height_in/height < 1, which
    # straddles at most one boundary between input rows.
    scale = height_in / height
    start = np.arange(height) * scale
    first = np.floor(start).astype(int)
    boundary = first + 1
    weight_next = np.clip((start + scale - boundary) / scale, 0.0, 1.0)
    second = np.minimum(boundary, height_in - 1)
    w = weight_next[:, None, None].astype(np.float32)
    out = wide[first] * (1 - w) + wide[second] * w
    return np.clip(np.rint(out), 0, 255).astype(np.uint8)


def render_file(in_path: str | PathLike[str], out_path: str | PathLike[str], *,
                mono: bool = False, border: int = 0, blink: bool = True,
                blink_phase_on: bool = True, border_band: bool = True,
                phosphor: str = "green") -> np.ndarray:
    """``retro render``: a 4000-byte B800 image to a native-resolution PNG; returns the RGB.

    The cursor is not drawn (a .bin holds no cursor).  ``blink`` is the blink-enable bit
    (False: bit 7 means bright background); ``blink_phase_on`` picks the phase in which
    blinking characters are shown.  Mono frames never have a border band.
    """
    from retro.png import write_png
    from retro.screen import Screen

    with open(in_path, "rb") as handle:
        data = handle.read()
    screen = Screen.from_bytes(data, mono=mono)
    screen.border = border
    screen.blink = blink
    rgb = render_rgb(screen, blink_on=blink_phase_on, cursor_on=False,
                     border_band=border_band, phosphor=phosphor)
    write_png(out_path, rgb)
    return rgb
