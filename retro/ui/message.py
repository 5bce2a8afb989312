"""Message and event lines: wrapped at word boundaries inside their area, with a history."""

from __future__ import annotations

from collections import deque

from retro.pc.machine import Machine
from retro.ui.hotkeys import kit_state
from retro.ui.text import wrap

#: Shown at the end of the last line when a message needs more lines than its area has.
MORE = "\u00bb"  # », CP437 has no ellipsis


class MessageLine:
    """A message area of ``height`` rows by ``width`` columns at (row, col).

    ``say`` replaces what it shows with the new message, wrapped at spaces (a word is
    never cut; only one longer than the width is split).  With ``scroll=True`` it is an
    event log instead: each message is added at the bottom and older ones move up.  The
    last ``keep`` messages are in ``history``; saying the message that is already the
    latest one again does not stack it.

    The line made last (unless ``main=False``) is where the kit's own announcements go
    (a new speed, the border in mono); ``notices=True`` also shows the machine's notices
    (``m.notice``, e.g. a save that failed) on it, each once, while no pop-up is open.

        >>> from retro.pc.clock import VirtualClock
        >>> m = Machine(clock=VirtualClock())
        >>> log = MessageLine(m, 23, 0, 2, 20, 0x07)
        >>> log.say("You must play no 10 for the last trick.")
        True
        >>> m.screen.read(23, 0, 20), m.screen.read(24, 0, 20)
        ('You must play no 10 ', 'for the last trick. ')
    """

    def __init__(self, m: Machine, row: int, col: int, height: int, width: int,
                 attr: int, *, scroll: bool = False, keep: int = 20, main: bool = True,
                 notices: bool = False) -> None:
        m.screen.save(row, col, height, width)  # raises if the area leaves the screen
        self.m = m
        self.row, self.col, self.height, self.width = row, col, height, width
        self.attr = attr
        self.scroll = scroll
        self.notices = notices
        self.history: deque[str] = deque(maxlen=keep)
        self._lines: list[tuple[str, int]] = []      # what the area shows, oldest first
        if main or notices:
            kit_state(m).messages = self

    def say(self, text: str, attr: int | None = None) -> bool:
        """Show a message; False if it needed more lines than the area has.

        A message that does not fit shows as many whole lines as there is room for, the
        last ending in an ellipsis; it is kept whole in ``history``.
        """
        attr = self.attr if attr is None else attr
        if self.history and self.history[-1] == text:
            self.redraw()
            return self.fits(text)
        self.history.append(text)
        lines = [(line, attr) for line in wrap(text, self.width)]
        self._lines = (self._lines + lines)[-max(self.height, len(lines)):] if self.scroll \
            else lines
        self.redraw()
        return len(lines) <= self.height

    def fits(self, text: str) -> bool:
        """Whether a message fits the area whole."""
        return len(wrap(text, self.width)) <= self.height

    @property
    def text(self) -> str:
        """The latest message ("" if none)."""
        return self.history[-1] if self.history else ""

    def clear(self) -> None:
        """Blank the area (the history stays)."""
        self._lines = []
        self.redraw()

    def redraw(self) -> None:
        """Draw the area again (after the game painted over it)."""
        s = self.m.screen
        s.fill(self.row, self.col, self.height, self.width, " ", self.attr)
        shown = self._lines
        if self.scroll:
            shown = shown[-self.height:]
        overflow = len(shown) > self.height
        shown = shown[: self.height]
        for n, (line, attr) in enumerate(shown):
            if overflow and n == self.height - 1:
                line = line[: self.width - 1] + MORE if len(line) >= self.width else line + MORE
            s.put(self.row + n, self.col, line, attr)
            s.paint(self.row + n, self.col, 1, self.width, attr)

    def show_notices(self) -> None:
        """Say the machine's notices that are not on screen yet (the kit's waits do it)."""
        state = kit_state(self.m)
        while state.notices_seen < len(self.m.notices):
            self.say(self.m.notices[state.notices_seen])
            state.notices_seen += 1
