"""Pop-ups: a framed box that gives the screen back exactly as it found it.

``async with popup(m, row, col, height, width, attr, title="Options") as box:`` saves the
rectangle (and the cursor), draws the frame, and on leaving the block, however it is left
(a return, an exception, ``Quit``), puts every character and attribute back.  ``box``
writes inside the frame with coordinates relative to its inside.
"""

from __future__ import annotations

from dataclasses import dataclass
from types import TracebackType

from retro.pc.machine import Machine
from retro.pc.screen import Saved, Text, to_codes
from retro.ui.hotkeys import kit_state

#: The attribute a shadow leaves on the cells it falls on (dark grey on black).
SHADOW_ATTR = 0x08


@dataclass
class Box:
    """The inside of a pop-up (or any rectangle): writing relative to its top-left."""

    m: Machine
    row: int
    col: int
    height: int
    width: int
    attr: int

    def put(self, row: int, col: int, text: Text, attr: int | None = None) -> int:
        """Write inside the box, clipped at its right edge; ``attr`` None: the box's."""
        if not (0 <= row < self.height and 0 <= col < self.width):
            return 0
        codes = _codes(text)[: self.width - col]
        return self.m.screen.put(self.row + row, self.col + col, codes,
                                 self.attr if attr is None else attr)

    def center(self, row: int, text: Text, attr: int | None = None) -> int:
        """Write a line centred in the box; returns its column inside the box."""
        codes = _codes(text)[: self.width]
        col = (self.width - len(codes)) // 2
        self.put(row, col, codes, attr)
        return col

    def clear(self, attr: int | None = None) -> None:
        """Blank the inside."""
        self.m.screen.fill(self.row, self.col, self.height, self.width, " ",
                           self.attr if attr is None else attr)

    def contains(self, row: int, col: int) -> bool:
        """Whether a screen cell lies inside the box."""
        return (self.row <= row < self.row + self.height
                and self.col <= col < self.col + self.width)


def _codes(text: Text) -> bytes:
    return to_codes(text)


class popup:  # lower case: it is used like a function, ``async with ui.popup(...)``
    """A framed pop-up as an (async) context manager; see the module docstring.

    ``frame`` is a box style of ``retro.pc.screen.BOX_STYLES`` or None for no frame (then the
    box is the whole rectangle); ``shadow`` darkens one row below and two columns to the
    right, as Turbo Vision's windows do (where they fit on the screen).

        >>> from retro.pc.clock import VirtualClock
        >>> m = Machine(clock=VirtualClock())
        >>> before = m.screen.to_bytes()
        >>> with popup(m, 5, 10, 6, 30, 0x1F, title="Hello") as box:
        ...     _ = box.put(0, 1, "inside")
        ...     m.screen.read(5, 10, 30).strip()
        '╔══════════ Hello ═══════════╗'
        >>> m.screen.to_bytes() == before
        True
    """

    def __init__(self, m: Machine, row: int, col: int, height: int, width: int,
                 attr: int, *, frame: str | None = "double", title: str = "",
                 shadow: bool = False, frame_attr: int | None = None) -> None:
        self.m = m
        self.rect = (row, col, height, width)
        self.attr = attr
        self.frame = frame
        self.title = title
        self.shadow = shadow
        self.frame_attr = attr if frame_attr is None else frame_attr
        self._saved: Saved | None = None

    def __enter__(self) -> Box:
        row, col, height, width = self.rect
        s = self.m.screen
        shade_h = 1 if self.shadow and row + height < s.rows else 0
        shade_w = min(2, s.cols - col - width) if self.shadow else 0
        self._saved = s.save(row, col, height + shade_h, width + shade_w)
        kit_state(self.m).popups += 1
        if self.frame is None:
            s.fill(row, col, height, width, " ", self.attr)
            box = Box(self.m, row, col, height, width, self.attr)
        else:
            s.box(row, col, height, width, self.frame_attr, style=self.frame, fill=" ",
                  title=self.title)
            if self.frame_attr != self.attr:
                s.fill(row + 1, col + 1, height - 2, width - 2, " ", self.attr)
            box = Box(self.m, row + 1, col + 1, height - 2, width - 2, self.attr)
        if shade_h:
            s.paint(row + height, col + min(2, width), 1, width + shade_w - min(2, width),
                    SHADOW_ATTR)
        if shade_w:
            s.paint(row + 1, col + width, height - 1 + shade_h, shade_w, SHADOW_ATTR)
        return box

    def __exit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        # Restored whatever the way out: an exception (Quit included) passes on after it.
        # Only the program being closed from outside (GeneratorExit: a finished headless run
        # collected) leaves the screen alone: it is the screen that run reports.
        if self._saved is not None:
            if exc_type is not GeneratorExit:
                self.m.screen.restore(self._saved)
            self._saved = None
            state = kit_state(self.m)
            state.popups -= 1
            if not state.popups:
                state.keys.redraw_status(self.m)

    async def __aenter__(self) -> Box:
        return self.__enter__()

    async def __aexit__(self, exc_type: type[BaseException] | None,
                        exc: BaseException | None, tb: TracebackType | None) -> None:
        self.__exit__(exc_type, exc, tb)
