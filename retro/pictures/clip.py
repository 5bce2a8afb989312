"""A run as a moving picture: frames on the machine's clock, written as GIF or APNG.

Timing.  The clip is what a camera taking one picture every ``TICK_MS`` (10 ms, GIF's unit
of time) of machine time sees: at tick ``k`` it takes the picture ``retro run --png`` writes
for machine time ``T = k * TICK_MS / 1000`` (the screen as it shows from the moment it was
last drawn, the border band, the blink and cursor phases of ``T``).  Ticks that take the same
picture make one frame, so a frame lasts as long as the screen stayed so, counted in ticks,
and a frame's start time is the moment its picture shows.  The run's last screen takes the
last tick, so the durations add up to the run's machine time rounded up to a tick.

Two exceptions.  A picture that lasted a single tick (a flash of 10 ms, which browsers would
hold for 100 ms) is left out and the frame before it lasts a tick longer (``MIN_FRAME_TICKS``).
The blank screen before a program first draws is left out, so the first frame is a picture.

``idle_cap_ms`` shortens long pauses, as VHS and agg do: once the screen (its cells and
registers, not the blink phases) has not changed for that long, the ticks until it next
changes are not filmed.

Encoding is Pillow's: GIF frames hold the rectangle that changed since the frame before,
in a global palette of the machine's own colours (16 VGA colours, or the phosphor's levels),
written as they come.  APNG frames are the changed rectangle too (replacing what was there),
written as they come to a temporary file: the frame count comes first in an APNG, so the
file is put together at the end, with only one frame ever in memory.
"""

from __future__ import annotations

import shutil
import struct
import tempfile
import zlib
from dataclasses import dataclass
from pathlib import Path
from typing import IO, TYPE_CHECKING, Protocol

import numpy as np

from retro.pc.screen import Screen
from retro.pictures.raster import Raster, blink_visible, cursor_lines, cursor_visible

if TYPE_CHECKING:
    from PIL import Image

#: GIF's unit of time, and the camera's period, in milliseconds of machine time.
TICK_MS = 10
#: A frame is at least this many ticks: browsers show a GIF frame of 0 or 10 ms for 100 ms.
MIN_FRAME_TICKS = 2
#: Scales a clip can be drawn at (crisp: each pixel a square of that many).
SCALES = (1, 2)
#: GIF's longest delay, in ticks (a 16-bit count of 10 ms).
_GIF_MAX_TICKS = 0xFFFF


class ClipError(Exception):
    """A run that cannot be made into a clip (it changed between colour and mono)."""


class Sink(Protocol):
    """Where finished frames go: palette indices, how long they show, the palette."""

    def add(self, picture: np.ndarray, ms: int, palette: np.ndarray) -> None: ...

    def close(self) -> None: ...


@dataclass
class _Frame:
    key: tuple[bytes, bool, bool]
    picture: np.ndarray
    ticks: int


def content(screen: Screen) -> bytes:
    """What the screen holds (cells and registers), the blink phases aside."""
    c = screen.cursor
    registers = bytes([screen.mono, screen.border & 0xFF, screen.blink, c.row, c.col,
                       c.start & 0xFF, c.end & 0xFF, c.visible])
    return screen.chars.tobytes() + screen.attrs.tobytes() + registers


def phases_matter(screen: Screen) -> tuple[bool, bool]:
    """Whether the blink phase and the cursor phase change the picture of this screen."""
    blinks = bool(screen.blink and (screen.attrs >= 0x80).any())
    return blinks, bool(screen.cursor.visible and cursor_lines(screen))


def tick_time(tick: int) -> float:
    """The machine time of a tick, in seconds (as ``retro run --stop-at`` computes it)."""
    return (tick * TICK_MS) / 1000.0


def first_tick(t: float) -> int:
    """The first tick at or after machine time ``t`` (the tick whose picture shows ``t``'s
    screen first)."""
    k = max(0, int(t * 1000.0 / TICK_MS))
    while k > 0 and tick_time(k - 1) >= t:
        k -= 1
    while tick_time(k) < t:
        k += 1
    return k


class Film:
    """Takes the pictures of a run and hands finished frames to its sinks.

    The host calls ``hold(screen, t0, t1)`` before machine time passes from ``t0`` to ``t1``
    (the screen as it is shows all that time), and ``finish(screen, t)`` when the run is over.
    ``start`` films from that moment on (the ticks before it are not taken): a clip of the
    end of a run, its ticks still those of the run's clock.
    """

    def __init__(self, sinks: list[Sink], *, phosphor: str = "green",
                 border_band: bool = True, idle_cap_ms: int | None = None,
                 start: float = 0.0) -> None:
        self._sinks = sinks
        self._raster = Raster(phosphor=phosphor, border_band=border_band)
        self._cap = None if idle_cap_ms is None else max(1, idle_cap_ms // TICK_MS)
        self._next = first_tick(start)   # the next tick to take
        self._prev: _Frame | None = None   # finished, not yet handed on (it may grow)
        self._cur: _Frame | None = None    # the frame the ticks go to now
        self._content: bytes | None = None
        self._still = 0                  # ticks the content has stayed the same
        self._last_filmed = False        # the last tick taken went into ``_cur``
        self._blank: tuple[bytes, bool, bool] | None = None
        #: Ticks left out: the blank start, and by the idle cap; frames and their ticks
        #: handed to the sinks.
        self.lead_ticks = 0
        self.capped_ticks = 0
        self.frames = 0
        self.ticks = 0

    def hold(self, screen: Screen, t0: float, t1: float) -> None:
        """The screen as it is shows from machine time ``t0`` until ``t1``."""
        k = self._next
        if tick_time(k) >= t1:
            return
        held = content(screen)
        blinks, cursor = phases_matter(screen)
        while (t := tick_time(k)) < t1:
            self._take(screen, held, t, blinks, cursor)
            k += 1
        self._next = k

    def finish(self, screen: Screen, t: float) -> None:
        """The run ended at machine time ``t`` on ``screen``: it takes the last tick."""
        if self._last_filmed and self._cur is not None:
            self._cur.ticks -= 1
            if self._cur.ticks == 0:
                self._cur = None
        blinks, cursor = phases_matter(screen)
        key = (content(screen), blinks and blink_visible(t), cursor and cursor_visible(t))
        if self._cur is not None and key == self._cur.key:
            self._cur.ticks += 1
        else:
            self._start(_Frame(key, self._picture(screen, t), 1))
        if self._cur is not None:
            self._complete(last=True)
        if self._prev is not None:
            self._emit(self._prev)
            self._prev = None
        for sink in self._sinks:
            sink.close()

    def _take(self, screen: Screen, held: bytes, t: float, blinks: bool,
              cursor: bool) -> None:
        self._last_filmed = False
        if held == self._content:
            self._still += 1
        else:
            self._content, self._still = held, 1
        if self._cap is not None and self._still > self._cap:
            self.capped_ticks += 1
            return
        # A phase that changes nothing on this screen is left out of the key.
        key = (held, blinks and blink_visible(t), cursor and cursor_visible(t))
        cur = self._cur
        if cur is not None and key == cur.key:
            cur.ticks += 1
            self._last_filmed = True
            return
        if key == self._blank:
            self.lead_ticks += 1
            return
        picture = self._picture(screen, t)
        if cur is None and self._prev is None and picture.min() == picture.max():
            self._blank = key   # nothing drawn yet: the clip starts at the first picture
            self.lead_ticks += 1
            return
        self._blank = None
        if cur is not None and np.array_equal(picture, cur.picture):
            cur.key = key       # another phase, the same picture (nothing blinks)
            cur.ticks += 1
        else:
            self._start(_Frame(key, picture, 1))
        self._last_filmed = True

    def _picture(self, screen: Screen, t: float) -> np.ndarray:
        self._raster.draw(screen, blink_on=blink_visible(t), cursor_on=cursor_visible(t))
        return self._raster.frame_indices()

    def _start(self, frame: _Frame) -> None:
        if self._cur is not None:
            self._complete(last=False)
        prev = self._prev
        if self._cur is None and prev is not None and np.array_equal(prev.picture,
                                                                       frame.picture):
            # The flash before it was left out: the picture before it goes on.
            self._prev, self._cur = None, prev
            prev.key = frame.key
            prev.ticks += frame.ticks
            return
        self._cur = frame

    def _complete(self, *, last: bool) -> None:
        cur, prev = self._cur, self._prev
        assert cur is not None
        self._cur = None
        if prev is not None and cur.ticks < MIN_FRAME_TICKS and not last:
            prev.ticks += cur.ticks   # too short to show: the frame before lasts longer
            return
        if prev is not None:
            self._emit(prev)
        self._prev = cur

    def _emit(self, frame: _Frame) -> None:
        self.frames += 1
        self.ticks += frame.ticks
        for sink in self._sinks:
            sink.add(frame.picture, frame.ticks * TICK_MS, self._raster.palette)


def scaled(picture: np.ndarray, scale: int) -> np.ndarray:
    """Each pixel a ``scale`` x ``scale`` square."""
    if scale == 1:
        return picture
    return np.repeat(np.repeat(picture, scale, axis=0), scale, axis=1)


def _image(picture: np.ndarray, palette: np.ndarray) -> Image.Image:
    from PIL import Image

    image = Image.fromarray(picture, mode="P")
    image.putpalette(palette.astype(np.uint8).tobytes())
    return image


def _changed_box(old: np.ndarray, new: np.ndarray) -> tuple[int, int, int, int] | None:
    """(left, top, right, bottom) of the pixels that differ, or None."""
    diff = old != new
    rows = np.flatnonzero(diff.any(axis=1))
    if not rows.size:
        return None
    cols = np.flatnonzero(diff[rows[0] : rows[-1] + 1].any(axis=0))
    return int(cols[0]), int(rows[0]), int(cols[-1]) + 1, int(rows[-1]) + 1


class _Once:
    """The shape and palette every frame of a clip must share."""

    def __init__(self) -> None:
        self.shape: tuple[int, ...] | None = None

    def check(self, picture: np.ndarray) -> bool:
        """True for the first frame; raises ``ClipError`` for a frame of another size."""
        if self.shape is None:
            self.shape = picture.shape
            return True
        if picture.shape != self.shape:
            raise ClipError("the screen changed between colour and mono during the run; "
                            "a clip holds one of them")
        return False


class ClipTooBig(ClipError):
    """A clip that would be larger than the sink's limit of bytes."""


class _Output:
    """Bytes to a file named by a path (opened at the first frame, closed at the end) or to
    a binary stream the caller owns; ``limit`` bytes at most (``ClipTooBig`` past it)."""

    def __init__(self, target: Path | IO[bytes], limit: int | None) -> None:
        self.target, self.limit = target, limit
        self.written = 0
        self._file: IO[bytes] | None = None

    def write(self, data: bytes) -> None:
        self.written += len(data)
        if self.limit is not None and self.written > self.limit:
            raise ClipTooBig(f"the clip would be larger than {self.limit // 1024} KB")
        if self._file is None:
            self._file = self.target.open("wb") if isinstance(self.target, Path) \
                else self.target
        self._file.write(data)

    def close(self) -> None:
        if self._file is not None and isinstance(self.target, Path):
            self._file.close()


class GifSink:
    """Writes a looping GIF as the frames come: each frame the rectangle that changed.

    ``target`` is a path or a binary stream; ``limit`` bounds the bytes written."""

    def __init__(self, target: Path | IO[bytes], scale: int = 1, *,
                 limit: int | None = None) -> None:
        self.scale = scale
        self._out = _Output(target, limit)
        self._started = False
        self._last: np.ndarray | None = None
        self._once = _Once()

    def add(self, picture: np.ndarray, ms: int, palette: np.ndarray) -> None:
        from PIL import GifImagePlugin

        picture = scaled(picture, self.scale)
        first = self._once.check(picture)
        colours = np.concatenate([palette, np.zeros((1, 3), palette.dtype)])
        if first:
            image = _image(picture, colours)
            header, _ = GifImagePlugin.getheader(image, info={"loop": 0, "optimize": False})
            self._out.write(b"".join(header))
            self._started = True
            box: tuple[int, int, int, int] | None = (0, 0, picture.shape[1], picture.shape[0])
        else:
            assert self._last is not None
            # Nothing changed (a frame split by the cap, or the same picture): one pixel.
            box = _changed_box(self._last, picture) or (0, 0, 1, 1)
        assert box is not None
        left, top, right, bottom = box
        part = picture[top:bottom, left:right]
        clear = len(palette)   # the index one past the colours: "unchanged" (transparent)
        if not first:
            assert self._last is not None
            part = np.where(part == self._last[top:bottom, left:right], np.uint8(clear), part)
        ticks = ms // TICK_MS
        while True:
            chunk = min(ticks, _GIF_MAX_TICKS)
            self._out.write(b"".join(GifImagePlugin.getdata(
                _image(part, colours), offset=(left, top), duration=chunk * TICK_MS,
                disposal=1, transparency=clear)))
            ticks -= chunk
            if ticks <= 0:
                break
            # The rest of a long frame: one unchanged pixel a time.
            left, top, part = 0, 0, np.full((1, 1), clear, np.uint8)
        self._last = picture

    def close(self) -> None:
        if self._started:
            self._out.write(b";")
        self._out.close()


def _chunk(kind: bytes, data: bytes) -> bytes:
    return (struct.pack(">I", len(data)) + kind + data
            + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF))


def _png_data(part: np.ndarray) -> bytes:
    """The compressed image data of 8-bit palette indices (filter 0 on every row)."""
    rows = np.concatenate([np.zeros((part.shape[0], 1), np.uint8), part], axis=1)
    return zlib.compress(rows.tobytes(), 6)


#: An APNG frame's delay is a 16-bit count of hundredths (ticks): longer ones are split.
_APNG_MAX_TICKS = 0xFFFF


class ApngSink:
    """Writes an animated PNG keeping one frame in memory: each frame, the rectangle that
    changed (replacing those pixels), goes to a temporary file as it comes; ``close`` writes
    the header, whose frame count (``acTL``) must come first, then copies the frames after it.
    """

    def __init__(self, path: Path, scale: int = 1) -> None:
        self.path, self.scale = path, scale
        self._spool: IO[bytes] | None = None
        self._first: bytes = b""         # the first frame's fcTL and IDAT
        self._last: np.ndarray | None = None
        self._palette: np.ndarray | None = None
        self._frames = 0
        self._sequence = 0
        self._once = _Once()

    def add(self, picture: np.ndarray, ms: int, palette: np.ndarray) -> None:
        picture = scaled(picture, self.scale)
        first = self._once.check(picture)
        if first:
            self._palette = palette
            # Closed by ``close``, which writes the file out of it.
            self._spool = tempfile.TemporaryFile()  # noqa: SIM115
            box = (0, 0, picture.shape[1], picture.shape[0])
        else:
            assert self._last is not None
            box = _changed_box(self._last, picture) or (0, 0, 1, 1)
        left, top, right, bottom = box
        part = picture[top:bottom, left:right]
        ticks = ms // TICK_MS
        while True:
            chunk = min(ticks, _APNG_MAX_TICKS)
            self._frame(part, left, top, chunk)
            ticks -= chunk
            if ticks <= 0:
                break
            # The rest of a long frame: the same pixel again.
            part, left, top = picture[:1, :1], 0, 0
        self._last = picture

    def _frame(self, part: np.ndarray, left: int, top: int, ticks: int) -> None:
        height, width = part.shape
        # fcTL: sequence, size, offset, delay ticks/100, dispose none, blend source.
        control = _chunk(b"fcTL", struct.pack(">IIIIIHHBB", self._sequence, width, height,
                                              left, top, ticks, 100, 0, 0))
        self._sequence += 1
        data = _png_data(part)
        assert self._spool is not None
        if self._frames == 0:
            self._first = control + _chunk(b"IDAT", data)   # the first frame is the image
        else:
            self._spool.write(control + _chunk(b"fdAT", struct.pack(">I", self._sequence)
                                               + data))
            self._sequence += 1
        self._frames += 1

    def close(self) -> None:
        if self._spool is None or self._last is None or self._palette is None:
            return
        height, width = self._last.shape
        with self._spool, self.path.open("wb") as out:
            out.write(b"\x89PNG\r\n\x1a\n")
            out.write(_chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 3, 0, 0, 0)))
            out.write(_chunk(b"acTL", struct.pack(">II", self._frames, 0)))
            out.write(_chunk(b"PLTE", self._palette.astype(np.uint8).tobytes()))
            out.write(self._first)
            self._spool.seek(0)
            shutil.copyfileobj(self._spool, out)
            out.write(_chunk(b"IEND", b""))
