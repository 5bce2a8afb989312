"""Scaling the native frame to the window's picture: where it goes and how it is enlarged.

Pure functions and numpy work on (height, width) arrays of 32-bit pixels, with no pygame, so
each scaling can be tested on its own.  ``SCALINGS``:

- "sharp", the default, as DOSBox-Staging's sharp mode: the largest 4:3 picture that fits,
  with a whole vertical scale when that fills at least ``INTEGER_FILL`` of the height; every
  picture pixel inside a native pixel has exactly its palette colour, and only a pixel
  straddling the edge of two native pixels mixes them (``SharpScaler``);
- "integer": whole factors in both directions, letterboxed, chosen so the picture keeps the
  4:3 shape of the other modes (within ``ASPECT_SLACK``: 3x4 for the 738x415 colour frame,
  2x3 for the 720x350 mono one); only palette colours.  A window too small for such a
  picture shows the sharp one, so the shape never changes with the scaling;
- "smooth": columns enlarged by a whole factor (nearest) and then reduced to the width by
  averaging, scan lines repeated (``SmoothScaler``); the averaging works in exact integer
  shares that add up to a whole, so a flat area keeps exactly its palette colour.

A picture smaller than the frame (a tiny window) is always made by the smooth reduction.
"""

from __future__ import annotations

import math

import numpy as np

#: Use a whole-number vertical scale when it fills at least this much of the height.
INTEGER_FILL = 0.85
#: How the frame is enlarged to the picture: whole multiples with only the remaining
#: fraction mixed at pixel edges (the default), whole multiples only, or smooth.
SCALINGS = ("sharp", "integer", "smooth")
#: How far from 4:3 an "integer" picture may be: 3%, so the mono frame's 2x3 (1.37:1) is
#: taken, while the colour frame's 2x2 (16:9) is not.
ASPECT_SLACK = 0.03


# -- geometry (pure functions) -----------------------------------------------------------------

def picture_rect(window: tuple[int, int], frame: tuple[int, int],
                 scaling: str = "sharp") -> tuple[int, int, int, int]:
    """Where the picture of a ``frame`` (width, height) goes in a ``window``: x, y, w, h.

    "sharp" and "smooth" fill the largest 4:3 picture that fits, with a whole vertical
    scale when that fills at least ``INTEGER_FILL`` of its height (and, for "sharp", a
    whole width too when that is also 4:3 within a pixel); "integer" uses whole factors
    in both axes (``integer_factors``) when a 4:3 picture of them fits, else the sharp one.
    """
    win_w, win_h = window
    frame_w, frame_h = frame
    if scaling == "integer":
        factors = integer_factors(window, frame)
        if factors is not None:
            width, height = factors[0] * frame_w, factors[1] * frame_h
            return (win_w - width) // 2, (win_h - height) // 2, width, height
        scaling = "sharp"  # no whole factors give 4:3 here: the sharp 4:3 picture
    largest = min(win_h, win_w * 3 / 4)  # the tallest 4:3 picture that fits
    factor = math.floor(largest / frame_h)
    height = factor * frame_h if factor >= 1 and factor * frame_h >= INTEGER_FILL * largest \
        else math.floor(largest)
    height = max(1, height)
    width = max(1, min(win_w, round(height * 4 / 3)))
    across = round(height * 4 / 3 / frame_w)
    if scaling == "sharp" and height % frame_h == 0 and 1 <= across <= win_w // frame_w \
            and abs(across * frame_w - height * 4 / 3) <= 1:
        width = across * frame_w  # 720x400 at 3x4 is 4:3 to 0.03%: no pixel to mix
    return (win_w - width) // 2, (win_h - height) // 2, width, height


def integer_factors(window: tuple[int, int], frame: tuple[int, int]) -> tuple[int, int] | None:
    """Whole (horizontal, vertical) factors for a ``frame`` in a ``window`` whose picture is
    4:3 within ``ASPECT_SLACK``, the largest that fits; None if none fits.

    The frame's pixels are not square (720x400 is shown at 4:3), so the two factors differ:
    738x415 needs 3x4 (2214x1660, 4:3 to 0.03%), 720x350 2x3 (1440x1050, 1.37:1).  A
    window smaller than that has no such factors.
    """
    frame_w, frame_h = frame
    most_w, most_h = window[0] // frame_w, window[1] // frame_h
    fitting = [(across, down) for across in range(1, most_w + 1)
               for down in range(1, most_h + 1)
               if abs(across * frame_w * 3 / (down * frame_h * 4) - 1) <= ASPECT_SLACK]
    if not fitting:
        return None
    return max(fitting, key=lambda pair: pair[0] * pair[1])


def cell_at(pos: tuple[int, int], rect: tuple[int, int, int, int], frame: tuple[int, int],
            origin: tuple[int, int], cell: tuple[int, int]) -> tuple[int, int] | None:
    """The (row, col) under a window position, or None outside the 80x25 text area.

    ``rect`` is the picture's place in the window, ``frame`` the native (width, height),
    ``origin`` the text area's (y, x) in the frame and ``cell`` the (width, height) of a cell.
    """
    x, y = pos
    rx, ry, rw, rh = rect
    if not (rx <= x < rx + rw and ry <= y < ry + rh):
        return None
    fx = (x - rx) * frame[0] / rw - origin[1]
    fy = (y - ry) * frame[1] / rh - origin[0]
    col, row = math.floor(fx / cell[0]), math.floor(fy / cell[1])
    if 0 <= row < 25 and 0 <= col < 80:
        return row, col
    return None


def _taps(size_in: int, size_out: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """How ``size_out`` output pixels (at least ``size_in``) cover ``size_in`` source pixels.

    Output pixel i spans source [i * size_in / size_out, (i + 1) * size_in / size_out),
    less than one source pixel, so it lies in one source pixel or straddles one edge.
    Returns, per output pixel, the source pixel it starts in, the one after it, and the
    next one's share in 256ths: 0 inside a source pixel, 256 only if it starts exactly on
    the edge.  Integer arithmetic, so whole multiples come out with no blended pixel at all.
    """
    start = np.arange(size_out, dtype=np.int64) * size_in  # in 1/size_out source pixels
    first = start // size_out
    over = np.maximum(start + size_in - (first + 1) * size_out, 0)
    weight = (over * 256 + size_in // 2) // size_in
    return first, np.minimum(first + 1, size_in - 1), weight


#: Rows mixed at a time, so that the intermediate values stay in the processor's cache.
_MIX_ROWS = 32
_LOW, _HIGH, _HALF = np.uint32(0xFF00FF), np.uint32(0xFF00FF00), np.uint32(0x800080)


def _mix(a: np.ndarray, b: np.ndarray, weight: np.ndarray,
         scratch: np.ndarray | None = None) -> np.ndarray:
    """``a * (256 - weight) + b * weight`` in 256ths, for 32-bit pixels of four 8-bit channels.

    ``a`` and ``b`` are (rows, columns) uint32 arrays with contiguous rows, and are
    overwritten: the result is ``a``.  ``weight`` (0-256) is (rows, 1) or (1, columns).
    ``scratch``, if given, is a (2, ``_MIX_ROWS``, columns) uint32 work area.  Two channels
    are worked at once in the 16-bit halves of a 32-bit word; a pixel mixed with itself
    comes back unchanged, so a flat colour stays exactly a palette colour.
    """
    keep_all = np.uint32(256) - weight
    per_row = weight.shape[0] != 1
    if scratch is None:
        scratch = np.empty((2, _MIX_ROWS, a.shape[1]), dtype=np.uint32)
    for start in range(0, len(a), _MIX_ROWS):
        rows = slice(start, start + _MIX_ROWS)
        x, y = a[rows], b[rows]
        keep, share = (keep_all[rows], weight[rows]) if per_row else (keep_all, weight)
        low, low_b = scratch[0, :len(x)], scratch[1, :len(x)]
        np.bitwise_and(x, _LOW, out=low)        # red and blue of a ...
        low *= keep
        np.bitwise_and(y, _LOW, out=low_b)      # ... and of b
        low_b *= share
        low += low_b
        low += _HALF
        low >>= 8
        low &= _LOW
        x >>= 8                                 # alpha and green of a and b
        x &= _LOW
        x *= keep
        y >>= 8
        y &= _LOW
        y *= share
        x += y
        x += _HALF
        x &= _HIGH
        x |= low
    return a


class SharpScaler:
    """DOSBox-Staging's "sharp" scaling of a frame up to a picture size, as numpy work.

    Each output pixel shows the source pixel it lies in (nearest neighbour, so a whole
    multiple of a source pixel is one flat colour); only an output pixel that straddles
    the edge between two source pixels is their mix, weighted by how much of it lies in
    each: at most one such column per column edge and one row per scan-line edge.  Columns
    are done first, on the native rows (mixing with weight 0 copies), then picture rows:
    rows that need no mixing are copies of a column-scaled row.
    """

    def __init__(self, frame: tuple[int, int], picture: tuple[int, int]) -> None:
        (frame_w, frame_h), (width, height) = frame, picture
        self.frame, self.picture = frame, picture
        self._col_a, self._col_b, weight = _taps(frame_w, width)
        self._col_weight = weight.astype(np.uint32)[None, :]
        self._cols_copied = not weight.any()  # a whole multiple: nothing to mix
        first, second, weight = _taps(frame_h, height)
        self._row_first = first
        self._row_last = np.where(weight > 0, second, first)  # the last frame row it shows
        self._row_pick = np.where(weight == 256, second, first)
        self._row_mixed = (weight > 0) & (weight < 256)
        self._row_a, self._row_b = first, second
        self._row_weight = weight.astype(np.uint32)[:, None]
        #: The frame with its columns scaled: (frame height, picture width) pixels.
        self.wide = np.zeros((frame_h, width), dtype=np.uint32)
        # Work areas, kept: fresh large arrays on every frame would cost page faults.
        mixed_rows = int(np.count_nonzero(self._row_mixed))
        self._next_cols = np.empty((frame_h, width), dtype=np.uint32)
        self._rows_a = np.empty((mixed_rows, width), dtype=np.uint32)
        self._rows_b = np.empty((mixed_rows, width), dtype=np.uint32)
        self._scratch = np.empty((2, _MIX_ROWS, width), dtype=np.uint32)

    def lines_showing(self, first: int, end: int) -> tuple[int, int]:
        """The picture rows [top, bottom) that show any of the frame rows [first, end)."""
        top = int(np.searchsorted(self._row_last, first, side="left"))
        bottom = int(np.searchsorted(self._row_first, end, side="left"))
        return top, max(top, bottom)

    def scale(self, frame: np.ndarray, picture: np.ndarray, first: int, end: int
              ) -> tuple[int, int]:
        """Scale frame rows [first, end) of ``frame`` (height, width) uint32 into ``picture``
        (picture height, width); returns the picture rows [top, bottom) that were redrawn."""
        rows, wide = frame[first:end], self.wide[first:end]
        after = self._next_cols[:end - first]
        # np.take keeps the gathered columns in row order (rows[:, index] would not).
        np.take(rows, self._col_a, axis=1, out=wide, mode="clip")
        if not self._cols_copied:
            np.take(rows, self._col_b, axis=1, out=after, mode="clip")
            _mix(wide, after, self._col_weight, self._scratch)
        top, bottom = self.lines_showing(first, end)
        lines = np.arange(top, bottom)
        mixed = self._row_mixed[top:bottom]
        plain = lines[~mixed]
        picture[plain] = self.wide[self._row_pick[plain]]
        blend = lines[mixed]
        if blend.size:
            above, below = self._rows_a[:blend.size], self._rows_b[:blend.size]
            np.take(self.wide, self._row_a[blend], axis=0, out=above, mode="clip")
            np.take(self.wide, self._row_b[blend], axis=0, out=below, mode="clip")
            picture[blend] = _mix(above, below, self._row_weight[blend], self._scratch)
        return top, bottom


def _area_taps(size_in: int, size_out: int) -> tuple[np.ndarray, np.ndarray]:
    """How ``size_out`` output pixels average ``size_in`` source pixels, in exact shares.

    Output pixel i covers source [i * size_in / size_out, (i + 1) * size_in / size_out);
    returns, per output pixel, the source pixels it overlaps (a (size_out, k) index array)
    and their shares in 256ths, which add up to exactly 256 in every row (the rounding
    left over goes to the largest remainders), so a flat area averages to itself.
    """
    taps = -(-size_in // size_out) + 1
    start = np.arange(size_out, dtype=np.int64)[:, None] * size_in  # in 1/size_out pixels
    index = start // size_out + np.arange(taps, dtype=np.int64)[None, :]
    low = np.maximum(start, index * size_out)
    high = np.minimum(start + size_in, (index + 1) * size_out)
    overlap = np.maximum(high - low, 0)          # each row adds up to size_in
    share = overlap * 256 // size_in
    remainder = overlap * 256 - share * size_in
    missing = 256 - share.sum(axis=1, keepdims=True)
    rank = np.argsort(np.argsort(-remainder, axis=1, kind="stable"), axis=1)
    share += rank < missing
    return np.minimum(index, size_in - 1), share.astype(np.uint32)


class SmoothScaler:
    """The "smooth" scaling as numpy work: columns averaged, scan lines repeated.

    Enlarging the columns by a whole factor (nearest) and reducing them to the picture width
    by averaging is the same as averaging, for each picture column, the frame columns it
    covers, weighted by how much of each; that is done here in 256ths that add up to a whole
    (``_area_taps``), for each 8-bit channel.  Picture line i shows frame line
    ``i * frame height // picture height``.
    """

    def __init__(self, frame: tuple[int, int], picture: tuple[int, int]) -> None:
        (frame_w, frame_h), (width, height) = frame, picture
        self.frame, self.picture = frame, picture
        self._index, share = _area_taps(frame_w, width)
        self._shares = [share[None, :, k].copy() for k in range(share.shape[1])]
        self._lines = np.arange(height, dtype=np.int64) * frame_h // height
        #: The frame with its columns scaled: (frame height, picture width) pixels.
        self.wide = np.zeros((frame_h, width), dtype=np.uint32)
        self._work = np.empty((3, frame_h, width), dtype=np.uint32)  # kept: no page faults

    def lines_showing(self, first: int, end: int) -> tuple[int, int]:
        """The picture rows [top, bottom) that show any of the frame rows [first, end)."""
        top, bottom = np.searchsorted(self._lines, (first, end))
        return int(top), int(bottom)

    def scale(self, frame: np.ndarray, picture: np.ndarray, first: int, end: int
              ) -> tuple[int, int]:
        """Scale frame rows [first, end) of ``frame`` (height, width) uint32 into ``picture``
        (picture height, width); returns the picture rows [top, bottom) that were redrawn."""
        # Two channels at once in the 16-bit halves of a 32-bit word, as ``_mix`` does: a
        # channel times its share is at most 255 * 256, and the shares add up to 256, so
        # a half never overflows, rounding included.
        low, high, tap = self._work[0, :end - first], self._work[1, :end - first], \
            self._work[2, :end - first]
        rows = frame[first:end]
        low[:] = 0
        high[:] = 0
        for k in range(self._index.shape[1]):
            np.take(rows, self._index[:, k], axis=1, out=tap, mode="clip")
            share = self._shares[k]
            high += (tap >> 8 & _LOW) * share
            tap &= _LOW
            tap *= share
            low += tap
        low += _HALF
        low >>= 8
        low &= _LOW
        high += _HALF
        high &= _HIGH
        high |= low
        self.wide[first:end] = high
        top, bottom = self.lines_showing(first, end)
        picture[top:bottom] = self.wide[self._lines[top:bottom]]
        return top, bottom
