"""Ready-made hot-key actions: the speed stepper, the border cycler, the sound toggle.

Each is an object that is called with the machine (``keys.add("F10", border_cycler())``)
and has a ``legend(m)`` that the hot-key table shows when it is given no legend of its
own; a toggle's legend names the mode the key switches to, as the manuals write them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from retro.pc.machine import Machine
from retro.ui.waits import announce

MONO_BORDER = "The border colour needs a colour monitor."


class SpeedStepper:
    """Steps through a list of delays (seconds), slowest to fastest or as given.

    ``delay`` is the current one; the game waits ``await ui.sleep(m, speed.delay)``.
    Each press moves to the next (wrapping round) and says the new speed.

        >>> speed = SpeedStepper([0.8, 0.4, 0.1], names=["slow", "medium", "fast"])
        >>> speed.delay, speed.name
        (0.8, 'slow')
        >>> speed.step()
        'medium'
    """

    def __init__(self, delays: Sequence[float], *, names: Sequence[str] | None = None,
                 start: int = 0, label: str = "Speed",
                 on_change: Callable[[int], None] | None = None, quiet: bool = False) -> None:
        if not delays:
            raise ValueError("a speed stepper needs at least one delay")
        if names is not None and len(names) != len(delays):
            raise ValueError("one name per delay")
        self.delays = list(delays)
        self.names = list(names) if names is not None else [
            f"{n + 1} of {len(delays)}" for n in range(len(delays))]
        self.index = start % len(delays)
        self.label = label
        self.on_change = on_change
        self.quiet = quiet

    @property
    def delay(self) -> float:
        """The current delay in seconds."""
        return self.delays[self.index]

    @property
    def name(self) -> str:
        """The current speed's name."""
        return self.names[self.index]

    def step(self, by: int = 1) -> str:
        """Move ``by`` steps (wrapping); returns the new speed's name."""
        self.index = (self.index + by) % len(self.delays)
        if self.on_change is not None:
            self.on_change(self.index)
        return self.name

    def legend(self, m: Machine) -> str:
        """The speed the key switches to."""
        return f"{self.label} {self.names[(self.index + 1) % len(self.names)]}"

    async def __call__(self, m: Machine) -> None:
        """The hot key: the next speed, announced."""
        name = self.step()
        if not self.quiet:
            await announce(m, f"{self.label}: {name}")


def speed_stepper(delays: Sequence[float], *, names: Sequence[str] | None = None,
                  start: int = 0, label: str = "Speed",
                  on_change: Callable[[int], None] | None = None,
                  quiet: bool = False) -> SpeedStepper:
    """A speed stepper as a hot-key action: ``keys.add("F2", speed := ui.speed_stepper(
    [0.8, 0.4, 0.1], names=["slow", "medium", "fast"]))``, then ``speed.delay``.

    ``on_change(index)`` hears each change (to save it); ``quiet`` says nothing.
    """
    return SpeedStepper(delays, names=names, start=start, label=label, on_change=on_change,
                        quiet=quiet)


class BorderCycler:
    """F10: the next border colour, 0-15; on a mono screen it says why nothing changes."""

    def __init__(self, *, colours: Sequence[int] = tuple(range(16))) -> None:
        self.colours = list(colours)

    def legend(self, m: Machine) -> str:
        """The legend: "Border"."""
        return "Border"

    async def __call__(self, m: Machine) -> None:
        """The hot key: the next colour, or the mono message."""
        s = m.screen
        if s.mono:
            await announce(m, MONO_BORDER)
            return
        at = self.colours.index(s.border) if s.border in self.colours else -1
        s.border = self.colours[(at + 1) % len(self.colours)]


def border_cycler(*, colours: Sequence[int] = tuple(range(16))) -> BorderCycler:
    """The border cycler as a hot-key action: ``keys.add("F10", ui.border_cycler())``."""
    return BorderCycler(colours=colours)


class SoundToggle:
    """Sound off/on.  Either way whatever is still queued on the speaker is dropped, so
    the next sound starts at once instead of after the music of a fast game."""

    def __init__(self, *, quiet: bool = False) -> None:
        self.quiet = quiet

    def legend(self, m: Machine) -> str:
        """The mode the key switches to: "Sound off" while the sound is on."""
        return "Sound off" if m.sound else "Sound on"

    async def __call__(self, m: Machine) -> None:
        """The hot key: sound off or on, the queue dropped, the new state announced."""
        m.sound = not m.sound
        m.hush()
        if not self.quiet:
            await announce(m, "Sound on" if m.sound else "Sound off")


def sound_toggle(*, quiet: bool = False) -> SoundToggle:
    """The sound toggle as a hot-key action: ``keys.add("F1", ui.sound_toggle())``."""
    return SoundToggle(quiet=quiet)
