"""Waiting the kit's way: hot keys answered, type-ahead kept.

``key`` is the kit's ``m.key()``: hot keys run while it waits and the first other event is
returned.  ``sleep`` is a delay during which hot keys still work; other keys typed
meanwhile are handed back afterwards, in order.  ``announce`` says something short (a new
speed, why the border does not change) on the game's message line, or in a small pop-up.
"""

from __future__ import annotations

from retro.pc.events import Event
from retro.pc.machine import Machine
from retro.ui.hotkeys import dispatch, kit_state
from retro.ui.popup import popup

#: How long a short announcement stays when there is no message line to put it on.
FLASH_S = 1.5


def show_notices(m: Machine) -> None:
    """Put the machine's new notices (``m.notice``) on the message line, each once.

    Only when a ``MessageLine(..., notices=True)`` is on screen; the kit's waits call this.
    """
    state = kit_state(m)
    line = state.messages
    # Under a pop-up the line may be covered; the notices wait until it is closed.
    if line is not None and line.notices and not state.popups:
        line.show_notices()


async def key(m: Machine, timeout: float | None = None) -> Event | None:
    """The next event that is not a hot key; hot keys run meanwhile.

    With ``timeout`` (seconds), None when nothing else came in time; the time a hot key's
    action takes (a help pager opened meanwhile) counts towards it.
    """
    deadline = None if timeout is None else m.now() + timeout
    while True:
        show_notices(m)
        remaining = None if deadline is None else max(0.0, deadline - m.now())
        event: Event | None = await m.key(remaining)
        if event is not None and not await dispatch(m, event):
            return event
        # A host may answer a timed wait early with nothing: only the deadline ends it.
        if deadline is not None and m.now() >= deadline:
            return None


def give_back(m: Machine, kept: list[Event]) -> None:
    """Put events taken during a wait back at the front of the queue, in their order."""
    for event in reversed(kept):
        m.unread(event)


def flush_typeahead(m: Machine) -> None:
    """Forget every key typed ahead: those queued, and those the waits in progress keep.

    For a hot key that changes who the next keys are for (a demo mode switched off): the
    wait it ran inside gives back nothing typed before it.
    """
    m.flush_keys()
    kit_state(m).flushes += 1


class TypeAhead:
    """The events a wait takes that are not for it, to give back when it ends.

    What was kept before a ``flush_typeahead`` (run by a hot key during the wait) is
    dropped; what comes after it is kept.
    """

    def __init__(self, m: Machine) -> None:
        self.m = m
        self.events: list[Event] = []
        self._flushes = kit_state(m).flushes

    def _forget_flushed(self) -> None:
        flushes = kit_state(self.m).flushes
        if flushes != self._flushes:
            self.events.clear()
            self._flushes = flushes

    def keep(self, event: Event) -> None:
        self._forget_flushed()
        self.events.append(event)

    def give_back(self) -> None:
        self._forget_flushed()
        give_back(self.m, self.events)
        self.events = []


async def sleep(m: Machine, seconds: float) -> None:
    """A delay that answers hot keys and keeps type-ahead.

    Keys typed during the delay (other than hot keys) come back, in order, from the next
    ``key``; flush them on purpose with ``m.flush_keys()`` before an important question, or
    with ``flush_typeahead`` from a hot key that runs during the delay.
    """
    deadline = m.now() + max(0.0, seconds)
    kept = TypeAhead(m)
    try:
        while True:
            show_notices(m)
            remaining = deadline - m.now()
            if remaining <= 0:
                return
            event: Event | None = await m.key(remaining)
            if event is not None and not await dispatch(m, event):
                kept.keep(event)
    finally:
        kept.give_back()


async def announce(m: Machine, text: str) -> None:
    """Say ``text`` briefly: on the message line if there is one and no pop-up is open
    (it could be covering the line), else in a small pop-up of its own.

    The pop-up stays ``FLASH_S`` seconds or until the next event that is not a hot key
    (that event is not used up: it comes next from ``key``).
    """
    state = kit_state(m)
    if state.messages is not None and not state.popups:
        state.messages.say(text)
        return

    width = min(78, len(text) + 4)
    col = (80 - width) // 2
    attr = m.attr(0x4F, 0x70)
    async with popup(m, 11, col, 3, width, attr, frame="single") as box:
        box.center(0, text[: width - 4])
        event = await key(m, timeout=FLASH_S)
        if event is not None:
            m.unread(event)
