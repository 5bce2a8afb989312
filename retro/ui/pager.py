"""The help pager: instructions a page at a time, in a pop-up that restores the screen.

Keys: PgDn, Space, Right (or Down) forward; PgUp, ``-``, Left (or Up) back; Home and End
the first and last page; Esc closes.  Turning past either end does nothing (no
wrapping).  The frame shows "Page N of M" and clickable marks: ``◄ Previous`` and
``Next ►`` (only where there is a page that way) and ``Close``; a click anywhere else
does nothing.  Hot keys work inside it (F1 sound, F10 border...).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass

from retro.pc.events import Click, Key
from retro.pc.machine import Machine
from retro.ui.popup import Box, popup
from retro.ui.text import wrap
from retro.ui.waits import key

PREVIOUS, NEXT, CLOSE = " \u25c4 Previous ", " Next \u25ba ", " Close "

FORWARD = ("PGDN", " ", "RIGHT", "DOWN")
BACK = ("PGUP", "-", "LEFT", "UP")


@dataclass(frozen=True)
class HelpPage:
    """A page with a heading (shown bold at its top) and lines of text."""

    heading: str
    lines: Sequence[str]


#: A page is text (lines split at newlines), a sequence of lines, a ``HelpPage``, a
#: ``(heading, lines)`` pair, or a function that draws the page into the pager's box.
Page = str | Sequence[str] | HelpPage | tuple[str, Sequence[str]] | Callable[[Box], None]


@dataclass(frozen=True)
class _Screenful:
    heading: str
    lines: tuple[str, ...]
    draw: Callable[[Box], None] | None = None


def _as_help_page(page: Page) -> HelpPage | Callable[[Box], None]:
    if isinstance(page, HelpPage) or callable(page):
        return page
    if isinstance(page, str):
        return HelpPage("", page.split("\n"))
    if len(page) == 2 and isinstance(page[0], str) and not isinstance(page[1], str):
        return HelpPage(page[0], tuple(page[1]))
    return HelpPage("", tuple(str(line) for line in page))


def paginate(pages: Sequence[Page], width: int, height: int) -> list[_Screenful]:
    """Lay pages out for an inside of ``width`` x ``height``: a line too long is wrapped
    at spaces, a page too long goes on over more screens (nothing is ever cut)."""
    out: list[_Screenful] = []
    for page in pages:
        help_page = _as_help_page(page)
        if not isinstance(help_page, HelpPage):
            out.append(_Screenful("", (), help_page))
            continue
        lines: list[str] = []
        for line in help_page.lines:
            lines += [line] if len(line) <= width else wrap(line, width)
        room = height - (2 if help_page.heading else 0)
        if room < 1:
            raise ValueError(f"the pager is too small for page {help_page.heading!r}")
        chunks = [lines[i : i + room] for i in range(0, len(lines), room)] or [[]]
        out += [_Screenful(help_page.heading, tuple(chunk)) for chunk in chunks]
    return out


async def page(m: Machine, pages: Sequence[Page], *, title: str = "Help", start: int = 0,
               row: int = 0, col: int = 0, height: int = 25, width: int = 80,
               attr: int | None = None, head_attr: int | None = None,
               mark_attr: int | None = None, frame: str = "double", margin: int = 2,
               close_keys: Collection[str] = ("ESC",)) -> int:
    """Show help pages in a framed pop-up until Esc (or another of ``close_keys``).

    Returns the index of the screen shown last (open it there again with ``start``).
    See the module docstring for the keys and marks.
    """
    attr = m.attr(0x1F, 0x07) if attr is None else attr
    head_attr = m.attr(0x1E, 0x0F) if head_attr is None else head_attr
    mark_attr = m.attr(0x70, 0x70) if mark_attr is None else mark_attr
    inner_w = width - 2 - 2 * margin
    screens = paginate(pages, inner_w, height - 2)
    if not screens:
        raise ValueError("the pager needs at least one page")
    count = len(screens)
    at = min(max(0, start), count - 1)
    bottom = row + height - 1
    async with popup(m, row, col, height, width, attr, frame=frame, title=title) as box:
        while True:
            marks = _draw(m, box, screens[at], at, count, bottom, attr, head_attr,
                          mark_attr, margin)
            event = await key(m)
            target = at
            match event:
                case Key(name) if name in close_keys:
                    return at
                case Key(name) if name in FORWARD:
                    target = at + 1
                case Key(name) if name in BACK:
                    target = at - 1
                case Key("HOME"):
                    target = 0
                case Key("END"):
                    target = count - 1
                case Click(r, c, "left"):
                    hit = next((name for name, (mr, first, end) in marks.items()
                                if r == mr and first <= c < end), None)
                    if hit == "close":
                        return at
                    if hit == "next":
                        target = at + 1
                    elif hit == "previous":
                        target = at - 1
            at = min(max(0, target), count - 1)


def _draw(m: Machine, box: Box, screen: _Screenful, at: int, count: int, bottom: int,
          attr: int, head_attr: int, mark_attr: int,
          margin: int) -> dict[str, tuple[int, int, int]]:
    """Draw one screen of the pager; returns where each visible mark is (row, cols)."""
    s = m.screen
    box.clear()
    if screen.draw is not None:
        screen.draw(box)
    else:
        first = 0
        if screen.heading:
            box.put(0, margin, screen.heading, head_attr)
            first = 2
        for n, line in enumerate(screen.lines):
            box.put(first + n, margin, line)
    left, right = box.col - 1, box.col + box.width
    frame_attr = int(s.attrs[bottom, left])
    frame_char = int(s.chars[bottom, left + 1])
    s.fill(bottom, left + 1, 1, right - left - 1, frame_char, frame_attr)
    marks: dict[str, tuple[int, int, int]] = {}
    number = f" Page {at + 1} of {count} "
    s.center(bottom, number, frame_attr, left, right - left + 1)
    if at > 0:
        s.put(bottom, left + 2, PREVIOUS, mark_attr)
        marks["previous"] = (bottom, left + 2, left + 2 + len(PREVIOUS))
    if at < count - 1:
        first_col = right - 1 - len(NEXT)
        s.put(bottom, first_col, NEXT, mark_attr)
        marks["next"] = (bottom, first_col, right - 1)
    top = box.row - 1
    close_col = right - 1 - len(CLOSE)
    s.put(top, close_col, CLOSE, mark_attr)
    marks["close"] = (top, close_col, right - 1)
    return marks
