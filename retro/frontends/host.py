"""Driving a program coroutine: the part every front end shares.

``Driver`` sends answers into the coroutine and hands back its next request.  ``run_realtime``
is the loop of the interactive front ends (window, terminal): it answers requests against
the real clock while the front end pumps input and presents frames.
"""

from __future__ import annotations

from collections.abc import Coroutine
from typing import Any, Protocol

from retro.pc.events import Event, Quit
from retro.pc.machine import Machine, Request, Sleep, WaitKey


class Driver:
    """Steps one program coroutine; ``request`` is what it waits for (None once it ended)."""

    def __init__(self, coroutine: Coroutine[Any, Any, None]) -> None:
        self._coroutine = coroutine
        self.request: Request | None = None
        self.ended = False

    def start(self) -> Request | None:
        return self.resume(None)

    def resume(self, value: Any) -> Request | None:
        """Answer the current request with ``value`` and run to the next one."""
        try:
            self.request = self._coroutine.send(value)
        except StopIteration:
            self.request, self.ended = None, True
        return self.request

    def quit(self) -> None:
        """Throw ``Quit`` into the program so it can save, and let it finish."""
        if self.ended:
            return
        try:
            self.request = self._coroutine.throw(Quit())
            # A program that catches Quit and goes on waiting is closed anyway.
            self._coroutine.close()
        except (StopIteration, Quit):
            pass
        self.request, self.ended = None, True


class Frontend(Protocol):
    """What an interactive front end supplies to ``run_realtime``."""

    def pump(self, machine: Machine) -> bool:
        """Move pending input into ``machine.push``; False when the user closed the front end."""

    def present(self, machine: Machine) -> None:
        """Show the current screen (and blink/cursor phase for ``machine.now()``)."""

    def wait(self, seconds: float) -> None:
        """Idle for up to ``seconds`` (woken early by input if the front end can)."""


FRAME_S = 1 / 70  # the VGA's frame rate: no point presenting faster


class Observer(Protocol):
    """Told of every request the program makes and every answer the host gives
    (``retro.frontends.record.Recorder``)."""

    def asked(self) -> None:
        """The program has made a new request and waits for its answer."""

    def answered(self, request: Request, event: Event | None) -> None:
        """``request`` is about to get ``event`` (None: it timed out, or the sleep is over)."""

    def end(self, busy: bool) -> None:
        """The front end closed while the program was busy (or waiting for the player)."""


def run_realtime(machine: Machine, coroutine: Coroutine[Any, Any, None],
                 frontend: Frontend, observer: Observer | None = None) -> None:
    """Run a program against the real clock until it returns or the front end closes."""
    driver = Driver(coroutine)
    request = driver.start()
    if observer is not None:
        observer.asked()
    deadline = _deadline(machine, request)
    last_present = -1.0
    while not driver.ended:
        if not frontend.pump(machine):
            if observer is not None:
                observer.end(busy=not (isinstance(request, WaitKey) and request.timeout is None))
            driver.quit()
            break
        now = machine.now()
        answered = False
        answer: Event | None = None
        given_back = False
        match request:
            case WaitKey():
                answer = machine.take()
                given_back = answer is not None and machine.took_given_back
                answered = answer is not None or (deadline is not None and now >= deadline)
            case Sleep():
                answered = deadline is not None and now >= deadline
        if answered:
            # An event the program put back (type-ahead kept through a delay) was recorded
            # when it first came; a replay hands it over again from its own queue.
            if observer is not None and request is not None and not given_back:
                observer.answered(request, answer)   # before the program reads the clock
            request = driver.resume(answer)
            if observer is not None:
                observer.asked()
            deadline = _deadline(machine, request)
        # A busy program (polling between search steps) is shown once a frame, not per poll.
        if not answered or now - last_present >= FRAME_S:
            frontend.present(machine)
            last_present = now
        if not answered:
            wait = FRAME_S if deadline is None else min(FRAME_S, deadline - now)
            frontend.wait(max(0.0, wait))


def _deadline(machine: Machine, request: Request | None) -> float | None:
    match request:
        case WaitKey(timeout=None) | None:
            return None
        case WaitKey(timeout=float() as t):
            return machine.now() + t
        case Sleep(seconds=s):
            return machine.now() + s
    return None
