"""The last minute of a session's screens, kept in its own process for the page's clip.

A session notes its screen each time the program has run (``note``): only a screen that
changed is kept, as the text buffer's bytes and registers (``retro.pictures.clip.content``,
4008 bytes, zlib-compressed, a few hundred bytes for a game's screen) with the machine time
from which it shows.  ``clip`` films what was kept through ``retro.pictures.clip.Film`` and
``GifSink``, the camera and encoder of ``retro run --gif``, on the same ticks of the machine's
clock: a frame of the clip is the ``--png`` picture of its moment.

Bounds.  Screens older than ``KEEP_S`` of machine time are dropped (the one showing at the
window's start is kept).  A screen replaced before the camera's next tick (10 ms) would never
be filmed, so it is not kept: at most one screen a tick, 6001 in a minute.  Past
``MAX_BYTES`` (the compressed screens plus ``ENTRY_BYTES`` each for the bookkeeping) the
oldest go first and the clip covers less than a minute.  A clip larger than
``MAX_CLIP_BYTES`` is refused rather than sent.
"""

from __future__ import annotations

import io
import zlib
from collections import deque
from dataclasses import dataclass

import numpy as np

from retro.pc.screen import COLS, ROWS, Screen
from retro.pictures.clip import (
    TICK_MS,
    ClipError,
    Film,
    GifSink,
    content,
    first_tick,
    tick_time,
)
from retro.web.protocol import MAX_CLIP_BYTES

#: Machine seconds of screens a session keeps: the clip is at most the last minute.
KEEP_S = 60.0
#: The most bytes the kept screens take (compressed screens and bookkeeping).
MAX_BYTES = 4 * 1024 * 1024
#: What each kept screen costs besides its compressed bytes (a tuple, a float, a bytes
#: object's header and the deque's slot, rounded up).
ENTRY_BYTES = 128

_CELLS = ROWS * COLS


def screen_of(held: bytes) -> Screen:
    """The screen whose ``content`` is ``held``."""
    mono, border, blink, row, col, start, end, visible = held[2 * _CELLS:]
    screen = Screen(mono=bool(mono))
    screen.chars = np.frombuffer(held[:_CELLS], np.uint8).reshape(ROWS, COLS).copy()
    screen.attrs = np.frombuffer(held[_CELLS:2 * _CELLS], np.uint8).reshape(ROWS, COLS).copy()
    screen.border, screen.blink = border, bool(blink)
    c = screen.cursor
    c.row, c.col, c.start, c.end, c.visible = row, col, start, end, bool(visible)
    return screen


@dataclass(frozen=True)
class Clip:
    """A GIF of a session's last minute: its frames, their total length, the machine time
    of its first frame (ms, a whole tick) and of its end (s)."""

    gif: bytes
    frames: int
    ms: int
    first_ms: int
    end: float


class ClipRefused(Exception):
    """A clip that cannot be made: one line saying why, for the page."""


class ScreenHistory:
    """A session's screens of the last ``keep`` machine seconds, at most ``max_bytes``."""

    def __init__(self, keep: float = KEEP_S, max_bytes: int = MAX_BYTES) -> None:
        self.keep, self.max_bytes = keep, max_bytes
        #: (machine time it shows from, compressed content), oldest first.
        self.shots: deque[tuple[float, bytes]] = deque()
        self.bytes = 0
        self._held: bytes | None = None

    def note(self, screen: Screen, t: float) -> None:
        """The screen as it is shows from machine time ``t`` on."""
        held = content(screen)
        if held == self._held:
            return
        self._held = held
        if self.shots:
            t = max(t, self.shots[-1][0])   # a clock read a hair early never runs back
            last = self.shots[-1][0]
            if tick_time(first_tick(last)) >= t:   # replaced before any tick saw it
                self._drop(-1)
        packed = zlib.compress(held, 6)
        if self.shots and self.shots[-1][1] == packed:
            return   # back to the screen before one that was never filmed
        self.shots.append((t, packed))
        self.bytes += len(packed) + ENTRY_BYTES
        while len(self.shots) >= 2 and self.shots[1][0] <= t - self.keep:
            self._drop(0)
        while self.bytes > self.max_bytes and len(self.shots) >= 2:
            self._drop(0)

    def _drop(self, index: int) -> None:
        packed = self.shots[index][1]
        if index == 0:
            self.shots.popleft()
        else:
            self.shots.pop()
        self.bytes -= len(packed) + ENTRY_BYTES

    def start(self, end: float) -> float:
        """Where a clip ending at ``end`` starts: a minute before, or at the first screen
        kept (the program's first drawing, as a ``retro run --gif`` clip starts there too,
        or the oldest screen the byte bound left)."""
        return max(end - self.keep, self.shots[0][0])

    def clip(self, end: float, *, phosphor: str = "green", border_band: bool = True,
             limit: int = MAX_CLIP_BYTES) -> Clip:
        """The GIF of the kept screens up to machine time ``end``; raises ``ClipRefused``
        with the reason."""
        if not self.shots:
            raise ClipRefused("nothing has been drawn yet")
        start = self.start(end)
        out = io.BytesIO()
        film = Film([GifSink(out, limit=limit)], phosphor=phosphor, border_band=border_band,
                    start=start)
        shots = list(self.shots)
        screen = None
        try:
            for index, (t, packed) in enumerate(shots):
                until = shots[index + 1][0] if index + 1 < len(shots) else end
                screen = screen_of(zlib.decompress(packed))
                if until > start:
                    film.hold(screen, max(t, start), min(until, end))
            assert screen is not None
            film.finish(screen, end)
        except ClipError as err:
            raise ClipRefused(str(err).replace("during the run", "in this clip")) from None
        if not film.frames:
            raise ClipRefused("nothing has been drawn yet")
        first = (first_tick(start) + film.lead_ticks) * TICK_MS
        return Clip(out.getvalue(), film.frames, film.ticks * TICK_MS, first, end)
