"""Filming a headless run: the machine's screen as a GIF, an APNG and an asciicast.

``Camera`` is handed to ``retro.frontends.script.run`` as its ``watch``: before machine time
moves on, it films the screen as it is (``retro.pictures.clip.Film``) and, for a cast, sends
what changed as ANSI output (``retro.screenfiles.ansi.AnsiEncoder``) at the moment it
changed.  ``finish`` gives the run's last screen its place and closes the files.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from retro.pc.machine import Machine
from retro.pictures.clip import ApngSink, ClipError, Film, GifSink, Sink, content
from retro.screenfiles.ansi import AnsiEncoder
from retro.screenfiles.cast import CastWriter

_DURATION = re.compile(r"^(\d+(?:\.\d+)?)(ms|s)?$")


def parse_duration_ms(text: str) -> int:
    """``2s``, ``1.5s``, ``500ms`` or plain seconds (``2``) as milliseconds; ValueError if not."""
    found = _DURATION.match(text.strip().lower())
    if not found:
        raise ValueError(f"{text!r} is not a time: write it as 2s, 1.5s or 500ms")
    value = float(found[1]) * (1 if found[2] == "ms" else 1000)
    if value < 1:
        raise ValueError(f"{text!r} is too short: at least 1ms")
    return round(value)


@dataclass
class ClipOutputs:
    """What a run is filmed into, and how."""

    gif: Path | None = None
    apng: Path | None = None
    cast: Path | None = None
    scale: int = 1
    idle_cap_ms: int | None = None
    phosphor: str = "green"
    border_band: bool = True

    def wanted(self) -> bool:
        return any(p is not None for p in (self.gif, self.apng, self.cast))


class Camera:
    """Films a run for ``ClipOutputs``; ``problem`` says why a clip could not be made."""

    def __init__(self, outputs: ClipOutputs) -> None:
        sinks: list[Sink] = []
        if outputs.gif is not None:
            sinks.append(GifSink(outputs.gif, outputs.scale))
        if outputs.apng is not None:
            sinks.append(ApngSink(outputs.apng, outputs.scale))
        self.film = None if not sinks else Film(
            sinks, phosphor=outputs.phosphor, border_band=outputs.border_band,
            idle_cap_ms=outputs.idle_cap_ms)
        self.cast: CastWriter | None = None
        if outputs.cast is not None:
            cap = outputs.idle_cap_ms
            self.cast = CastWriter(outputs.cast, idle_time_limit=None if cap is None
                                   else cap / 1000.0)
        self._encoder = AnsiEncoder("24bit")
        self._shown: bytes | None = None
        self.problem: str | None = None

    def watch(self, machine: Machine, t0: float, t1: float) -> None:
        """The screen as it is shows from ``t0`` to ``t1`` (``retro.frontends.script.run``)."""
        screen = machine.screen
        if self.cast is not None:
            self._send(machine, t0)
        if self.film is not None and self.problem is None:
            try:
                self.film.hold(screen, t0, t1)
            except ClipError as err:
                self.problem = str(err)

    def _send(self, machine: Machine, t: float) -> None:
        assert self.cast is not None
        held = content(machine.screen)
        if held != self._shown:
            self._shown = held
            self.cast.output(t, self._encoder.frame(machine.screen))

    def finish(self, machine: Machine) -> None:
        """The run is over: its last screen ends the clip; the files are closed."""
        if self.cast is not None:
            self._send(machine, machine.now())
            self.cast.close()
        if self.film is not None and self.problem is None:
            try:
                self.film.finish(machine.screen, machine.now())
            except ClipError as err:
                self.problem = str(err)
