"""A capture's output kept with its times, and made into an asciicast or a GIF.

``Tape`` is the ``tap`` of ``retro.capture.capture``: it keeps every piece of the program's
output with the moment it was read (seconds from the tape's start), up to the moment the
screen was taken.  ``write_cast`` writes those bytes and times as they came; ``write_gif``
plays them again into a terminal model of its own and films it through the renderer
(``retro.pictures.clip``), each picture shown from the moment its output came.
"""

from __future__ import annotations

import time
from pathlib import Path

from retro.pc.screen import COLS, ROWS, Screen
from retro.pictures.clip import Film, GifSink
from retro.screenfiles.ansiread import ByteTerminalStream, TerminalModel, cells_to_screen
from retro.screenfiles.cast import CastWriter


class Tape:
    """Output pieces with their times; ``end`` is when the screen was taken."""

    def __init__(self) -> None:
        self._start = time.monotonic()
        self.pieces: list[tuple[float, bytes]] = []
        self.end: float | None = None

    def __call__(self, data: bytes) -> None:
        t = time.monotonic() - self._start
        if data:
            self.pieces.append((t, data))
        elif self.end is None:
            self.end = t

    @property
    def length(self) -> float:
        """Seconds from the start to the screen taken (or the last output)."""
        if self.end is not None:
            return self.end
        return self.pieces[-1][0] if self.pieces else 0.0


def write_cast(tape: Tape, path: Path) -> None:
    """The program's output bytes with their times, as an asciicast v2 file."""
    cast = CastWriter(path)
    try:
        for t, data in tape.pieces:
            cast.output(t, data)
    finally:
        cast.close()


def screens(tape: Tape, *, mono: bool = False) -> list[tuple[float, Screen]]:
    """The screen after each piece of output, with the piece's time (the blank one at 0)."""
    model = TerminalModel(COLS, ROWS, reply=lambda answer: None)
    stream = ByteTerminalStream(model)
    shown = [(0.0, cells_to_screen(model, mono=mono))]
    for t, data in tape.pieces:
        stream.feed_bytes(data)
        shown.append((t, cells_to_screen(model, mono=mono)))
    return shown


def write_gif(tape: Tape, path: Path, *, mono: bool = False, scale: int = 1) -> None:
    """The session as a GIF: each screen shown from its output's time to the next one's."""
    film = Film([GifSink(path, scale)], border_band=True)
    shown = screens(tape, mono=mono)
    end = max(tape.length, shown[-1][0])
    for (t0, screen), (t1, _next) in zip(shown, [*shown[1:], (end, None)], strict=True):
        film.hold(screen, t0, t1)
    film.finish(shown[-1][1], end)
