"""The hot-key table: one per game, consulted by every wait of the kit.

Like Turbo Vision's status line, the table sees each event before the widget that waits
for it, so F1 (sound) or F5 (help) work inside a pop-up, a prompt, a delay or a long
search alike.  An action is ``async def action(m) -> None`` or a plain function; while it
runs, its own key is ignored (it is never re-entered), other hot keys still work.

    >>> keys = HotKeys()
    >>> keys.add("F1", lambda m: None, legend="Sound off")
    >>> keys.add("F5", lambda m: None, legend=lambda: "Help")
    >>> keys.legend_line()
    'F1 Sound off  F5 Help'
"""

from __future__ import annotations

import inspect
from collections.abc import Awaitable, Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from retro.pc.events import Click, Event, Key
from retro.pc.machine import Machine

#: ``async def action(m) -> None`` or a plain function; what either returns is ignored.
Action = Callable[[Machine], Awaitable[object] | object]
Legend = str | Callable[[], str] | None


def key_name(key: str) -> str:
    """A key as the table names it: ``"f1"`` is ``"F1"``, ``"SPACE"`` is ``" "``.

        >>> key_name("f10"), key_name("space"), key_name("q")
        ('F10', ' ', 'q')
    """
    if len(key) == 1:
        return key
    upper = key.upper()
    return Key(" " if upper == "SPACE" else upper).name


@dataclass
class HotKey:
    """One entry of the table: the key's name, what it does, and its legend."""

    key: str
    action: Action
    legend: Legend = None

    def legend_text(self, m: Machine | None = None) -> str:
        """The legend as it reads now (a callable legend is asked each time).

        Without a legend of its own, a ready-made kit action gives one (``sound_toggle``
        names the mode it switches to).
        """
        legend = self.legend
        if legend is None:
            own = getattr(self.action, "legend", None)
            if callable(own) and m is not None:
                return str(own(m))
            return ""
        return legend if isinstance(legend, str) else legend()


@dataclass
class _StatusLine:
    row: int
    col: int
    width: int
    attr: int
    key_attr: int
    sep: str
    spans: list[tuple[int, int, str]] = field(default_factory=list)  # (first col, end, key)


class HotKeys:
    """A game's hot keys: ``add(key, action, legend=...)``; install it with ``install``."""

    def __init__(self) -> None:
        self._entries: dict[str, HotKey] = {}
        self._status: _StatusLine | None = None
        self._areas: list[tuple[int, int, int, HotKey]] = []   # (row, first col, end, entry)

    def add_area(self, row: int, first: int, end: int, action: Action) -> None:
        """A left click on row ``row``, columns ``first`` to ``end - 1``, runs ``action`` in
        every wait, even under a pop-up: for what stays in sight above every dialog, such as a
        Windows-style menu bar (a click there opens the menu whatever is open below)."""
        entry = HotKey(f"click:{row},{first}", action, None)
        self._areas.append((row, first, end, entry))

    def area_at(self, click: Click) -> HotKey | None:
        """The click area under ``click``, if any."""
        for row, first, end, entry in self._areas:
            if click.button == "left" and click.row == row and first <= click.col < end:
                return entry
        return None

    def add(self, key: str | Key, action: Action, *, legend: Legend = None) -> None:
        """Bind ``key`` (``"F1"``, ``"!"``, or a ``Key``) to ``action``; replaces a binding.

        ``legend`` is a string, or a callable asked each time it is shown: a toggle's
        legend names the mode the key switches TO ("Sound off" while the sound is on).
        """
        name = key.name if isinstance(key, Key) else key_name(key)
        self._entries[name] = HotKey(name, action, legend)

    def remove(self, key: str) -> None:
        """Forget a binding (no error if there was none)."""
        self._entries.pop(key_name(key), None)

    def get(self, key: str) -> HotKey | None:
        """The entry for a key name, or None."""
        return self._entries.get(key)

    def __contains__(self, key: object) -> bool:
        return key in self._entries

    def __iter__(self) -> Iterator[HotKey]:
        return iter(self._entries.values())

    def __len__(self) -> int:
        return len(self._entries)

    def legends(self, m: Machine | None = None) -> list[tuple[str, str]]:
        """``(key, legend)`` for every entry that has a legend, in the order added.

        Keys masked on ``m`` (``hotkeys_off``) are left out: the line shows only what can
        be done now.
        """
        masked = kit_state(m).masked if m is not None else {}
        out = []
        for entry in self._entries.values():
            if masked.get(entry.key):
                continue
            text = entry.legend_text(m)
            if text:
                out.append((entry.key, text))
        return out

    def legend_line(self, m: Machine | None = None, *, sep: str = "  ") -> str:
        """The legends as one line of text: ``"F1 Sound off  F5 Help"``."""
        return sep.join(f"{key} {text}" for key, text in self.legends(m))

    def draw_status(self, m: Machine, row: int, col: int = 0, width: int = 80,
                    attr: int | None = None, key_attr: int | None = None, *,
                    sep: str = "  ") -> None:
        """Draw the legends as a status line and remember where, so that a click on a
        legend presses its key and the line is redrawn after every hot key (a toggle's
        legend changes).  Legends that do not fit are left out whole, never cut.
        """
        attr = m.attr(0x70, 0x70) if attr is None else attr
        key_attr = m.attr(0x74, 0x70) if key_attr is None else key_attr
        self._status = _StatusLine(row, col, width, attr, key_attr, sep)
        self.redraw_status(m)

    def redraw_status(self, m: Machine) -> None:
        """Draw the status line again where ``draw_status`` put it (no-op without one)."""
        st = self._status
        if st is None:
            return
        s = m.screen
        s.fill(st.row, st.col, 1, st.width, " ", st.attr)
        st.spans = []
        at = st.col + 1
        end = st.col + st.width
        for key, text in self.legends(m):
            need = len(key) + 1 + len(text)
            if at + need > end:
                break
            s.put(st.row, at, key, st.key_attr)
            s.put(st.row, at + len(key) + 1, text, st.attr)
            st.spans.append((at, at + need, key))
            at += need + len(st.sep)

    def key_at(self, click: Click) -> str | None:
        """The hot key whose status-line legend was clicked, if any."""
        st = self._status
        if st is None or click.row != st.row:
            return None
        for first, end, key in st.spans:
            if first <= click.col < end:
                return key
        return None


# -- per-machine state ----------------------------------------------------------------------

@dataclass
class KitState:
    """What the kit keeps for one machine (in ``Machine.ui_state``)."""

    keys: HotKeys = field(default_factory=HotKeys)
    masked: dict[str, int] = field(default_factory=dict)   # key -> nesting count
    running: set[str] = field(default_factory=set)
    messages: Any = None            # the MessageLine that announcements and notices go to
    notices_seen: int = 0           # how many of m.notices are already on screen
    popups: int = 0                 # pop-ups open now (the status line waits under them)
    flushes: int = 0                # type-ahead flushes so far (``ui.flush_typeahead``)


def kit_state(m: Machine) -> KitState:
    """The kit's state kept on the machine (hot keys, masks, message line), made on first use."""
    if m.ui_state is None:
        m.ui_state = KitState()
    state: KitState = m.ui_state
    return state


def install(m: Machine, keys: HotKeys) -> None:
    """Make ``keys`` the hot-key table of this machine: live in every kit wait from now."""
    kit_state(m).keys = keys


def installed(m: Machine) -> HotKeys:
    """The table installed on ``m`` (an empty one if none was)."""
    return kit_state(m).keys


@contextmanager
def hotkeys_off(m: Machine, *keys: str) -> Iterator[None]:
    """Mask hot keys inside a block (a help pop-up masking its own F5).

    A masked key reaches the waiting widget as an ordinary key.  Masks nest.
    """
    state = kit_state(m)
    masked = state.masked
    names = [key_name(k) for k in keys]
    for name in names:
        masked[name] = masked.get(name, 0) + 1
    if not state.popups:
        state.keys.redraw_status(m)  # the status line shows only what can be done now
    try:
        yield
    finally:
        for name in names:
            masked[name] -= 1
            if not masked[name]:
                del masked[name]
        if not state.popups:
            state.keys.redraw_status(m)


def hot_key_for(m: Machine, event: Event) -> HotKey | None:
    """The table entry an event presses (a key, or a click on a status-line legend)."""
    state = kit_state(m)
    if isinstance(event, Key):
        name: str | None = event.name
    else:
        area = state.keys.area_at(event)
        if area is not None:
            return area
        # Under a pop-up the status line may be covered: its clicks count only when not.
        name = None if state.popups else state.keys.key_at(event)
    if name is None or state.masked.get(name):
        return None
    return state.keys.get(name)


async def dispatch(m: Machine, event: Event) -> bool:
    """Run the hot key ``event`` presses; True if it was one (and so is used up).

    A hot key whose action is running already is used up without running again.
    """
    entry = hot_key_for(m, event)
    if entry is None:
        return False
    state = kit_state(m)
    if entry.key in state.running:
        return True
    state.running.add(entry.key)
    try:
        result = entry.action(m)
        if inspect.isawaitable(result):
            await result
    finally:
        state.running.discard(entry.key)
    if not state.popups:
        state.keys.redraw_status(m)
    return True
