"""Clocks: real time for play, virtual time for headless runs."""

from __future__ import annotations

import time
from collections.abc import Callable


class TimeUp(Exception):
    """Raised by a ``VirtualClock`` asked to pass its ``stop_at`` moment (it stops there)."""


class VirtualClock:
    """Time that moves only when told to: delays cost no wall time and runs repeat exactly.

    ``watch(t0, t1)``, if given, is told of every stretch before the clock passes it (the
    screen as it is now is what shows from ``t0`` until ``t1``).  ``stop_at`` is a moment the
    clock does not pass: asked to, it moves exactly there and raises ``TimeUp``.
    """

    def __init__(self, start: float = 0.0, *,
                 watch: Callable[[float, float], None] | None = None,
                 stop_at: float | None = None) -> None:
        self._now = start
        self._watch = watch
        self._stop_at = stop_at

    def now(self) -> float:
        return self._now

    def advance(self, seconds: float) -> None:
        if seconds < 0:
            raise ValueError("time cannot run backwards")
        end = self._now + seconds
        stop = self._stop_at is not None and end > self._stop_at
        if stop:
            assert self._stop_at is not None
            end = self._stop_at
        if self._watch is not None:
            self._watch(self._now, end)
        self._now = end
        if stop:
            raise TimeUp


class RealClock:
    """Wall-clock seconds since the machine started."""

    def __init__(self) -> None:
        self._start = time.monotonic()

    def now(self) -> float:
        return time.monotonic() - self._start

    def advance(self, seconds: float) -> None:
        """Real time advances by itself; the host sleeps instead."""
