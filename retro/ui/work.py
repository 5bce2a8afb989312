"""Long work run cooperatively: a generator that yields progress, polled between yields.

The work (a search, a table build) is a generator in the style of sunfish's: it yields
how far it has got (a fraction 0-1, or a count) as often as it likes, and returns its
result.  ``await work(m, generator)`` runs it to the end, and between two yields it looks
at the keyboard: hot keys run, a stop key (Esc) sends True into the generator (which then
returns its best so far), other keys are kept for afterwards.  Progress goes on screen,
never to stderr.

    def build_table():
        for n in range(1000):
            stop = yield n / 1000       # True when the player asked to stop
            if stop:
                return partial
        return table

    table = await ui.work(m, build_table(), progress=ui.Progress(24, 0, 30, attr))
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Generator
from typing import Any, TypeVar

from retro.pc.events import Key
from retro.pc.machine import Machine
from retro.pc.screen import Saved
from retro.ui.hotkeys import dispatch
from retro.ui.waits import TypeAhead, show_notices

T = TypeVar("T")

#: Characters of the progress bar: done, still to do.
BAR_DONE, BAR_TODO = "\u2588", "\u2591"


class Progress:
    """Progress shown in a one-row area: ``label [bar] 42%`` (or ``label 1234`` for counts).

    What was under the area comes back when the work ends.  ``total`` turns counts into
    fractions.

        >>> from retro.pc.clock import VirtualClock
        >>> m = Machine(clock=VirtualClock())
        >>> bar = Progress(0, 0, 30, 0x07, label="Thinking")
        >>> bar.show(m, 0.5)
        >>> m.screen.read(0, 0, 30)
        'Thinking ████████░░░░░░░░  50%'
    """

    def __init__(self, row: int, col: int, width: int, attr: int, *, label: str = "",
                 total: int | None = None) -> None:
        self.row, self.col, self.width, self.attr = row, col, width, attr
        self.label = label
        self.total = total
        self._saved: Saved | None = None
        self.last: float | int | None = None

    def text(self, value: float | int) -> str:
        """What the area reads for a progress value."""
        head = f"{self.label} " if self.label else ""
        if isinstance(value, int) and self.total is None:
            return f"{head}{value}"[: self.width].ljust(self.width)
        fraction = value / self.total if self.total else float(value)
        fraction = min(1.0, max(0.0, fraction))
        percent = f" {round(fraction * 100):3d}%"
        room = self.width - len(head) - len(percent)
        if room < 1:
            return f"{head}{percent.strip()}"[: self.width].ljust(self.width)
        done = round(fraction * room)
        return f"{head}{BAR_DONE * done}{BAR_TODO * (room - done)}{percent}".ljust(self.width)

    def show(self, m: Machine, value: float | int) -> None:
        """Draw a progress value (the area is saved the first time)."""
        if self._saved is None:
            self._saved = m.screen.save(self.row, self.col, 1, self.width)
        self.last = value
        m.screen.put(self.row, self.col, self.text(value), self.attr)

    def done(self, m: Machine) -> None:
        """Give the area back as it was."""
        if self._saved is not None:
            m.screen.restore(self._saved)
            self._saved = None


ProgressSink = Progress | Callable[[Any], None] | None


async def work(m: Machine, generator: Generator[Any, Any, T],
               progress: ProgressSink = None, *,
               stop_keys: Collection[str] = ("ESC",), every: int = 1,
               on_stop: Callable[[Key], None] | None = None) -> T:
    """Run ``generator`` to its end and return what it returns; see the module docstring.

    ``progress`` is a ``Progress`` area, or a callable given each yielded value (None:
    nothing shown).  The keyboard is looked at every ``every`` yields.  A key in
    ``stop_keys`` sends True into the generator at its next step (and at every step
    after, until it returns); ``on_stop(key)`` hears which key it was (checkers tells Esc,
    the best move so far, from ``!``, a quick draw).  A generator that returns before its
    first yield is fine.
    """
    stop = False
    kept = TypeAhead(m)
    count = 0
    try:
        value = next(generator)
        while True:
            if value is not None:
                if isinstance(progress, Progress):
                    progress.show(m, value)
                elif progress is not None:
                    progress(value)
            count += 1
            if count % every == 0:
                show_notices(m)
                while (event := await m.poll()) is not None:
                    if await dispatch(m, event):
                        continue
                    if isinstance(event, Key) and event.name in stop_keys:
                        if not stop and on_stop is not None:
                            on_stop(event)
                        stop = True
                    else:
                        kept.keep(event)
            value = generator.send(True) if stop else next(generator)
    except StopIteration as done:
        result: T = done.value
        return result
    finally:
        if isinstance(progress, Progress):
            progress.done(m)
        kept.give_back()
