"""Clocks: real time for play, virtual time for headless runs."""

from __future__ import annotations

import time


class VirtualClock:
    """Time that moves only when told to: delays cost no wall time and runs repeat exactly."""

    def __init__(self, start: float = 0.0) -> None:
        self._now = start

    def now(self) -> float:
        return self._now

    def advance(self, seconds: float) -> None:
        if seconds < 0:
            raise ValueError("time cannot run backwards")
        self._now += seconds


class RealClock:
    """Wall-clock seconds since the machine started."""

    def __init__(self) -> None:
        self._start = time.monotonic()

    def now(self) -> float:
        return time.monotonic() - self._start

    def advance(self, seconds: float) -> None:
        """Real time advances by itself; the host sleeps instead."""
