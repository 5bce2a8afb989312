"""Screen to pixels: VGA colour text (720x400, 9x16 cells) and MDA mono text (720x350, 9x14).

Pure numpy: no pygame here, so headless runs, PNG output and tests never need a display.

Frames are palette indices, one byte a pixel, as the VGA's attribute controller produces them
before the DAC turns them into colours: VGA indices 0-15, MDA phosphor levels 0-2.  A front
end gives the bytes to its toolkit as an 8-bit palettised image (SDL maps the colours while
it blits); ``Raster.render`` and ``render_rgb`` apply the palette for PNG files and tests.

How a frame is made.  Every tile (a 9x``h`` cell picture of one character in one attribute) is
kept in a table, one 16-byte item per tile scan line (9 pixels and 7 unused bytes: numpy
copies 16-byte items with a fixed-size copy, 9-byte ones with a ``memmove`` call each).  The
table is stored scan line first, ``rows[line, key]``, so a single ``np.take`` along the key
axis gathers every scan line of all 2000 cells in one call, with no per-pixel index array.
That gather comes out as (line, row, col); one strided copy puts it in display order, writing
each 16-byte item 9 bytes after the previous one so the next cell overwrites the spare bytes
(checked once against a plain copy: see ``_overlapping_copy_works``).

A tile key is ``slot << 8 | char``.  Slots 0-255 are the attributes as drawn with blink
disabled (bit 7 a bright background); slots 256-383 are attributes 80h-FFh in the blink phase
where their characters are hidden.  Blink therefore costs nothing per pixel: a 256-entry table
per blink state maps an attribute to its slot (bit 7 ignored while blink is on, the hidden slot
in the off phase) and the keys are ``slot_of[attr] << 8 | char``.  Slots are drawn the first
time they are needed, so start-up costs only what a screen uses.  ``Raster`` remembers the
keys it drew and redraws only the cells whose key changed, plus the cursor cell.

Timing follows the VGA at 70 frames a second: the blink phase flips every 16 frames and the
cursor every 8 frames.  Both start visible at machine time 0.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING

import numpy as np

from retro.pc.font import CELL_WIDTH, load_glyphs

if TYPE_CHECKING:
    from retro.pc.screen import Screen

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
    raster = Raster(mono=screen.mono, border_band=border_band)
    raster.draw(screen, blink_on=blink_on, cursor_on=cursor_on)
    return raster.frame_indices()


def render_rgb(screen: Screen, *, blink_on: bool = True, cursor_on: bool = False,
               border_band: bool = True, phosphor: str = "green") -> np.ndarray:
    """The frame as RGB, shape (H, W, 3) uint8: 720x400 colour (plus band) or 720x350 mono."""
    raster = Raster(mono=screen.mono, phosphor=phosphor, border_band=border_band)
    return raster.render(screen, blink_on=blink_on, cursor_on=cursor_on)


# -- the tile table ---------------------------------------------------------------------

_ITEM = np.dtype((np.void, 16))  # one tile scan line: 9 index bytes and 7 spare
_LINE = np.dtype((np.void, CELL_WIDTH))
#: Slots 0-255: attributes with bit 7 as bright background.  Then one slot per look a hidden
#: (blinking, off phase) cell can have: its background alone, so 8 on the VGA; 2 on the MDA.
_HIDDEN = 256
_SLOTS = _HIDDEN + 8
#: Blink states: blink disabled, blink enabled and shown, blink enabled and hidden.
_BLINK_STATES = 3


def _blink_state(screen: Screen, blink_on: bool) -> int:
    if not screen.blink:
        return 0
    return 1 if blink_on else 2


def _hidden_attr(mode: Mode, attr: int) -> int:
    """The attribute a hidden cell is drawn in (as a blank): its background, blink read as blink.

    On the MDA only reverse video has a lit background; anything else hides to black.
    """
    if mode.mono:
        return 0x70 if (attr & 0x77) == 0x70 else 0x00
    return attr & 0x70


def _slot(mode: Mode, attr: int, state: int) -> int:
    """The tile slot an attribute is drawn from in a blink state."""
    if state == 0:
        return attr
    if state == 1 or attr < 0x80:
        return attr & 0x7F
    return _HIDDEN + (_hidden_attr(mode, attr) >> 4)


def _slot_tiles(mode: Mode, slot: int) -> np.ndarray:
    """Palette-index tiles of all 256 characters in one slot: (256, height, 9) uint8."""
    if slot < _HIDDEN:
        return _attr_tiles(mode, slot)
    blank = _attr_tiles(mode, (slot - _HIDDEN) << 4)[0]
    return np.broadcast_to(blank, (256, *blank.shape))


def _cursor_attr(mode: Mode, attr: int, state: int) -> int:
    """The attribute whose foreground colours the cursor, in a blink state."""
    if state == 2 and attr >= 0x80:
        return _hidden_attr(mode, attr)
    return attr if state == 0 else attr & 0x7F


class _TileTable:
    """Tile scan lines of every (slot, character) of one mode.

    The slots a blink state can use are all drawn the first time that state is used, so a
    frame never has to check for missing tiles.
    """

    def __init__(self, mode: Mode) -> None:
        self.mode = mode
        h = mode.cell_height
        # np.zeros maps untouched pages lazily: slots never drawn cost little or no memory.
        self.bytes = np.zeros((h, _SLOTS * 256, _ITEM.itemsize), dtype=np.uint8)
        self.rows = self.bytes.reshape(h, -1).view(_ITEM)  # (line, key) items
        self.drawn = np.zeros(_SLOTS, dtype=bool)
        #: Per blink state, attribute -> first key of its slot (``slot << 8``).
        self.bases = np.array([[_slot(mode, attr, state) << 8 for attr in range(256)]
                               for state in range(_BLINK_STATES)], dtype=np.intp)
        #: Whether every slot of a blink state is drawn.
        self.ready = [False] * _BLINK_STATES

    def prepare(self, state: int) -> None:
        """Draw every slot that blink ``state`` can use."""
        for slot in np.unique(self.bases[state] >> 8).tolist():
            if not self.drawn[slot]:
                start = slot * 256
                self.bytes[:, start : start + 256, :CELL_WIDTH] = \
                    _slot_tiles(self.mode, slot).transpose(1, 0, 2)
                self.drawn[slot] = True
        self.ready[state] = True


_TABLES: dict[bool, _TileTable] = {}


def _table(mono: bool) -> _TileTable:
    if mono not in _TABLES:
        _TABLES[mono] = _TileTable(_mode(mono))
    return _TABLES[mono]


def _line_views(buffer: np.ndarray, cell_height: int) -> tuple[np.ndarray, np.ndarray]:
    """(row, line, col) views of a text-area buffer: 16-byte items (overlapping) and 9-byte ones.

    ``buffer`` holds the text area row by row plus at least 7 spare bytes at the end, which
    the last 16-byte item runs into.
    """
    strides = (cell_height * COLS * CELL_WIDTH, COLS * CELL_WIDTH, CELL_WIDTH)
    shape = (ROWS, cell_height, COLS)
    wide = np.ndarray(shape, _ITEM, buffer=buffer, strides=strides)
    exact = np.ndarray(shape, _LINE, buffer=buffer, strides=strides)
    return wide, exact


@cache
def _overlapping_copy_works(cell_height: int) -> bool:
    """Whether copying 16-byte items 9 bytes apart leaves exactly the 9 bytes of each.

    That needs numpy to write them in address order, as it does when it walks a copy in the
    destination's memory order; rather than rely on that, it is checked once per cell height
    against a plain 9-byte copy, and ``Raster`` uses the plain copy if the check fails.
    """
    size = ROWS * cell_height * COLS * CELL_WIDTH
    rng = np.random.default_rng(0)
    source = rng.integers(0, 256, (cell_height, ROWS, COLS, _ITEM.itemsize), dtype=np.uint8)
    items = source.view(_ITEM)[..., 0].transpose(1, 0, 2)
    results = []
    for wide in (True, False):
        buffer = np.zeros(size + _ITEM.itemsize, dtype=np.uint8)
        views = _line_views(buffer, cell_height)
        try:
            if wide:
                np.copyto(views[0], items)
            else:
                np.copyto(views[1], source[..., :CELL_WIDTH].copy().view(_LINE)[..., 0]
                          .transpose(1, 0, 2))
        except (TypeError, ValueError):
            return False
        results.append(buffer[:size])
    return bool(np.array_equal(results[0], results[1]))


# -- the incremental renderer ----------------------------------------------------------

# Above this many changed cells one full gather beats scattering cell by cell; up to
# ``_FEW_CELLS`` they are copied one by one.
_FULL_REDRAW_CELLS = 150
_FEW_CELLS = 8


class Raster:
    """Turns a ``Screen`` into frames, redrawing only what changed since the last one.

    ``draw`` updates ``text``, the 80x25 text area as palette indices in the raster's own
    buffer (a front end may keep a view of it; it is replaced only when the mode changes).
    The border band, if any, is a plain colour: ``band``.  ``render`` and ``frame`` return
    whole RGB frames (new arrays).  The mode follows ``screen.mono`` (``mono`` only sets
    the initial mode).
    """

    def __init__(self, mono: bool = False, phosphor: str = "green",
                 border_band: bool = True) -> None:
        _mode(True, phosphor)  # reject an unknown phosphor now, not at the first mono frame
        self.phosphor = phosphor
        self.border_band = border_band
        self._setup(mono)

    def _setup(self, mono: bool) -> None:
        self.mono = mono
        self._tiles = _table(mono)
        #: RGB of each palette index the frames use.
        self.palette: np.ndarray = _mode(mono, self.phosphor).palette
        height, width, top, left = _frame_size(mono, self.border_band)
        self._shape = (height, width)
        self._origin = (top, left)
        self._cell_height = h = self._tiles.mode.cell_height
        size = ROWS * h * COLS * CELL_WIDTH
        self._buffer = np.zeros(size + _ITEM.itemsize, dtype=np.uint8)
        #: The text area as palette indices: (25 * cell height, 720) uint8.
        self.text: np.ndarray = self._buffer[:size].reshape(ROWS * h, COLS * CELL_WIDTH)
        self._cells = self.text.reshape(ROWS, h, COLS, CELL_WIDTH)  # a cell is [row, :, col]
        wide, exact = _line_views(self._buffer, h)
        self._wide = _overlapping_copy_works(h)
        self._lines = wide if self._wide else exact
        self._gathered = np.empty((h, ROWS, COLS), dtype=_ITEM)
        # The gather's items in display order (and, without the overlapping copy, cut to 9).
        self._gathered_lines = self._gathered.transpose(1, 0, 2) if self._wide else \
            self._gathered.view(np.uint8).reshape(h, ROWS, COLS, -1)[..., :CELL_WIDTH] \
            .view(_LINE)[..., 0].transpose(1, 0, 2)
        self._keys = np.full((ROWS, COLS), -1, dtype=np.intp)  # -1: never drawn
        self._next = np.empty((ROWS, COLS), dtype=np.intp)
        self._changed = np.empty((ROWS, COLS), dtype=bool)
        self._cursor: tuple[int, int, int, int] | None = None
        #: Palette index of the border band, or None for a frame without one.
        self.band: int | None = None
        #: Frame rows (first, end) repainted since a front end last cleared ``changed``.
        self.dirty: tuple[int, int] | None = (0, height)

    @property
    def shape(self) -> tuple[int, int]:
        """(height, width) of the frames this raster currently makes (band included)."""
        return self._shape

    @property
    def origin(self) -> tuple[int, int]:
        """(y, x) of the top-left of the text area inside the frame (the band's size)."""
        return self._origin

    def invalidate(self) -> None:
        """Forget what was drawn, so the next frame is drawn in full."""
        self._keys.fill(-1)
        self._cursor = None
        self.band = None
        self.changed = True

    def draw_at(self, screen: Screen, t: float) -> np.ndarray:
        """``draw`` for machine time ``t`` (which picks the blink and cursor phases)."""
        return self.draw(screen, blink_on=blink_visible(t), cursor_on=cursor_visible(t))

    def draw(self, screen: Screen, *, blink_on: bool = True,
             cursor_on: bool = False) -> np.ndarray:
        """Bring ``text`` (and ``band``) up to date with the screen; returns ``text``."""
        if screen.mono != self.mono:
            self._setup(screen.mono)
        if self._origin[0] and screen.border & 0x0F != self.band:
            self.band = screen.border & 0x0F
            self.changed = True  # the band surrounds everything: the whole frame
        tiles = self._tiles
        state = _blink_state(screen, blink_on)
        keys = self._next
        if not tiles.ready[state]:
            tiles.prepare(state)
        np.take(tiles.bases[state], screen.attrs, out=keys)
        keys += screen.chars
        cursor = self._wanted_cursor(screen, cursor_on)
        if self._cursor is not None and self._cursor != cursor:
            self._keys[self._cursor[0], self._cursor[1]] = -1  # redraw the cell it covered
        changed = np.not_equal(keys, self._keys, out=self._changed)
        count = int(np.count_nonzero(changed))
        full = count > _FULL_REDRAW_CELLS
        if full:
            np.take(tiles.rows, keys, axis=1, out=self._gathered, mode="clip")
            np.copyto(self._lines, self._gathered_lines)
            self._touch(0, ROWS)
        elif count:
            self._touch(*self._draw_cells(changed, keys, count))
        # The keys just drawn become the memory; the old array is next frame's scratch.
        self._keys, self._next = keys, self._keys
        if cursor is not None and (
                full or cursor != self._cursor or bool(changed[cursor[0], cursor[1]])):
            row, col, start, stop = cursor
            attr = _cursor_attr(tiles.mode, int(screen.attrs[row, col]), state)
            self._cells[row, start:stop, col] = _cursor_level(tiles.mode, attr)
            self._touch(row, row + 1)
        self._cursor = cursor
        return self.text

    def _draw_cells(self, changed: np.ndarray, keys: np.ndarray,
                    count: int) -> tuple[int, int]:
        """Draw the ``count`` cells marked in ``changed``; returns the text rows [first, end)."""
        lines = self._tiles.bytes
        if count <= _FEW_CELLS:
            # A few cells (typing, a moving piece): plain slicing beats fancy indexing.
            flat = np.flatnonzero(changed).tolist()
            for index in flat:
                row, col = divmod(index, COLS)
                self._cells[row, :, col] = lines[:, keys[row, col], :CELL_WIDTH]
            return flat[0] // COLS, flat[-1] // COLS + 1
        rows, cols = np.nonzero(changed)
        # Advanced indices around a slice put the cell axis first: (n, line, 9).
        self._cells[rows, :, cols] = np.moveaxis(lines[:, keys[rows, cols], :CELL_WIDTH], 1, 0)
        return int(rows[0]), int(rows[-1]) + 1

    def frame_indices(self) -> np.ndarray:
        """The last drawn frame as palette indices, band included: a new (H, W) uint8 array."""
        frame = np.full(self._shape, self.band or 0, dtype=np.uint8)
        top, left = self._origin
        frame[top : top + self.text.shape[0], left : left + self.text.shape[1]] = self.text
        return frame

    def render(self, screen: Screen, *, blink_on: bool = True,
               cursor_on: bool = False) -> np.ndarray:
        """The RGB frame (a new (H, W, 3) array) for explicit blink and cursor phases."""
        self.draw(screen, blink_on=blink_on, cursor_on=cursor_on)
        return self.palette[self.frame_indices()]

    def frame(self, screen: Screen, t: float) -> np.ndarray:
        """The RGB frame at machine time ``t`` (which picks the blink and cursor phases)."""
        return self.render(screen, blink_on=blink_visible(t), cursor_on=cursor_visible(t))

    @property
    def changed(self) -> bool:
        """Whether any pixel changed since this was last set to False."""
        return self.dirty is not None

    @changed.setter
    def changed(self, value: bool) -> None:
        self.dirty = (0, self._shape[0]) if value else None

    def _touch(self, first_row: int, end_row: int) -> None:
        """Add text rows [first_row, end_row) to the dirty span of frame rows."""
        top = self._origin[0]
        span = (top + first_row * self._cell_height, top + end_row * self._cell_height)
        if self.dirty is not None:
            span = (min(span[0], self.dirty[0]), max(span[1], self.dirty[1]))
        self.dirty = span

    def _wanted_cursor(self, screen: Screen,
                       cursor_on: bool) -> tuple[int, int, int, int] | None:
        """(row, col, first line, end line) of the cursor to show, or None."""
        if not (cursor_on and screen.cursor.visible):
            return None
        lines = cursor_lines(screen)
        if not lines:
            return None
        row, col = screen.cursor.row, screen.cursor.col
        return row, col, lines.start, lines.stop

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
