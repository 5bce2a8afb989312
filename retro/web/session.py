"""One browser tab's machine, in a process of its own: ``python -m retro.web.session CONFIG``.

The server starts one of these per tab, so a long search in one game never holds up another
tab's keys or screen.  It runs the program on the real clock through ``retro.frontends.host``
exactly as the window and the terminal do.  Its standard input carries the checked browser messages
(one JSON object a line, ``retro.web.protocol``) and ``{"t": "quit"}``; its standard output
carries what the page needs, one JSON object a line:

- ``frame``: the cells that changed since the last frame (index, char, attr), the cursor,
  border, blink bit and mode, and the machine time (for the blink and cursor phases);
- ``tones``: a tune the speaker started, as (start, seconds, hz or null) segments on the
  machine clock, ``hush`` when the speaker stops (sound off sends no tones at all: the
  speaker drops them, as it does in the window);
- ``clip``: the answer to the page's ``clip``: the last minute of machine time as a GIF
  (``retro.web.history`` keeps the screens, in this process), or why there is none;
- ``end``: the program is over, with the notices it left (the process then exits).

Closing the page (``quit`` or the end of standard input) and SIGTERM close the program as
closing the window does: it gets ``Quit`` and saves.  SIGINT is ignored: Ctrl+C in the
server's terminal reaches the server, which closes every session in turn.

While the program waits for a key with no time limit the process sleeps in ``select`` until
a message (or SIGTERM) comes: an idle tab costs no CPU.  The page draws the blink and the
cursor from the machine time itself, so nothing has to be sent meanwhile.
"""

from __future__ import annotations

import base64
import json
import os
import select
import signal
import sys
from collections.abc import Callable, Coroutine, Generator, Sequence
from pathlib import Path
from types import FrameType, TracebackType
from typing import Any

import numpy as np

from retro.frontends.host import run_realtime
from retro.pc.machine import POLL_COST_S, Machine, Request, Sleep, WaitKey
from retro.pc.speaker import Segment, Speaker
from retro.web.history import ClipRefused, ScreenHistory
from retro.web.protocol import dumps, read_event


class Channel:
    """The session's end of the pipes: messages out on ``out_fd``, in from ``in_fd``."""

    def __init__(self, in_fd: int, out_fd: int, wake_fd: int | None = None) -> None:
        self.in_fd, self.out_fd = in_fd, out_fd
        self.wake_fd = wake_fd   # readable when a signal came (``signal.set_wakeup_fd``)
        self._pending = b""
        self.closed = False   # the server said quit, or went away

    def send(self, message: dict[str, Any]) -> None:
        data = (dumps(message) + "\n").encode("utf-8")
        view = memoryview(data)
        try:
            while view:
                view = view[os.write(self.out_fd, view):]
        except OSError:
            self.closed = True

    def receive(self, timeout: float | None) -> list[dict[str, Any]]:
        """The messages that arrive within ``timeout`` seconds (at once if some are waiting;
        None: however long it takes, or until a signal wakes it)."""
        if self.closed:
            return []
        watched = [self.in_fd] if self.wake_fd is None else [self.in_fd, self.wake_fd]
        try:
            ready = select.select(watched, [], [], timeout)[0]
            if self.wake_fd in ready:
                os.read(self.wake_fd, 512)
            data = os.read(self.in_fd, 65536) if self.in_fd in ready else None
        except OSError:
            data = b""
        if data == b"":
            self.closed = True
            return []
        if data is None:
            return []
        lines = (self._pending + data).split(b"\n")
        self._pending = lines.pop()
        messages = []
        for line in lines:
            message = json.loads(line)
            if message.get("t") == "quit":
                self.closed = True
                break
            messages.append(message)
        return messages


class WebSink:
    """The speaker's sink: each tune goes to the page, which plays it with WebAudio."""

    def __init__(self, channel: Channel, machine: Machine) -> None:
        self.channel = channel
        self.machine = machine

    def start(self, segments: Sequence[Segment], at: float) -> None:
        self.channel.send({"t": "tones", "now": round(self.machine.now(), 4),
                           "segs": [[round(s.start, 6), round(s.seconds, 6), s.hz]
                                    for s in segments]})

    def stop(self) -> None:
        self.channel.send({"t": "hush"})


class Watched(Coroutine[Any, Any, None]):
    """A program's coroutine that remembers what it last asked for (``request``) and calls
    ``ran`` each time the program has run up to its next request, before the host reads the
    clock again: the time then is the one the program drew at."""

    def __init__(self, coroutine: Coroutine[Any, Any, None],
                 ran: Callable[[], None] | None = None) -> None:
        self.coroutine = coroutine
        self.request: Request | None = None
        self.ran = ran

    def send(self, value: Any) -> Any:
        try:
            self.request = self.coroutine.send(value)
        finally:
            if self.ran is not None:
                self.ran()
        return self.request

    def throw(self, kind: Any, value: Any = None, traceback: TracebackType | None = None
              ) -> Any:
        self.request = self.coroutine.throw(kind if value is None else value)
        return self.request

    def close(self) -> None:
        self.coroutine.close()

    def __await__(self) -> Generator[Any, None, None]:
        return self.coroutine.__await__()


class WebFrontend:
    """The ``retro.frontends.host.Frontend`` of a page: messages in, changed cells out."""

    def __init__(self, channel: Channel, program: Watched | None = None,
                 history: ScreenHistory | None = None, phosphor: str = "green") -> None:
        self.channel = channel
        self.program = program
        self.history = history
        self.phosphor = phosphor
        #: The machine time the program last ran at (when it made its request under way).
        self.ran_at: float | None = None
        self.chars: np.ndarray | None = None
        self.attrs: np.ndarray | None = None
        self.registers: tuple[Any, ...] | None = None
        self.quit_signal: int | None = None
        self._inbox: list[dict[str, Any]] = []

    def pump(self, machine: Machine) -> bool:
        self._inbox += self.channel.receive(0.0)
        for message in self._inbox:
            if message.get("t") == "clip":
                self.channel.send(self.clip(machine))
            else:
                machine.push(read_event(message))
        self._inbox.clear()
        return not self.channel.closed and self.quit_signal is None

    def wait(self, seconds: float) -> None:
        # Woken at once by a message: a key is answered without waiting out the frame.  A
        # program waiting for a key with no time limit has nothing to do until one comes.
        self._inbox += self.channel.receive(None if self.asleep() else seconds)

    def asleep(self) -> bool:
        """Whether the program waits for a key with no time limit (and none is waiting)."""
        request = None if self.program is None else self.program.request
        return (isinstance(request, WaitKey) and request.timeout is None
                and not self._inbox and self.quit_signal is None)

    def present(self, machine: Machine) -> None:
        message = self.frame(machine)
        if message is not None:
            self.channel.send(message)

    def frame(self, machine: Machine) -> dict[str, Any] | None:
        """The ``frame`` message for what changed since the last one (None: nothing)."""
        screen = machine.screen
        cursor = screen.cursor
        registers = (screen.mono, screen.border, screen.blink, cursor.row, cursor.col,
                     cursor.start, cursor.end, cursor.visible)
        if self.chars is None or self.attrs is None or registers[0] != self.registers_mono:
            changed = np.ones(screen.chars.shape, dtype=bool)   # everything, the first time
        else:
            changed = (screen.chars != self.chars) | (screen.attrs != self.attrs)
        where = np.flatnonzero(changed)
        if not where.size and registers == self.registers:
            return None
        cells = np.stack([where, screen.chars.ravel()[where], screen.attrs.ravel()[where]],
                         axis=1)
        self.chars, self.attrs = screen.chars.copy(), screen.attrs.copy()
        self.registers = registers
        return {"t": "frame", "now": round(machine.now(), 4), "mono": screen.mono,
                "border": screen.border & 0x0F, "blink": screen.blink,
                "cursor": [cursor.row, cursor.col, cursor.start, cursor.end, cursor.visible],
                "cells": cells.ravel().tolist()}

    def ran(self, machine: Machine) -> None:
        """The program has run up to its next request: its screen shows from now on."""
        self.ran_at = machine.now()
        if self.history is not None:
            self.history.note(machine.screen, self.ran_at)

    def clip_end(self, machine: Machine) -> float:
        """Where a clip asked for now ends: now, but never past the moment the request under
        way is answered on the machine's clock (a sleep's end, a wait's timeout, a poll's
        cost), which a busy program's real time may have passed already; the screen after
        that moment is not drawn yet."""
        now = machine.now()
        request = None if self.program is None else self.program.request
        if self.ran_at is None or request is None:
            return now
        if isinstance(request, Sleep):
            return min(now, self.ran_at + request.seconds)
        if request.timeout is None:
            return now   # waiting for the player: the time passes as it does in a replay
        return min(now, self.ran_at + (request.timeout or POLL_COST_S))

    def clip(self, machine: Machine) -> dict[str, Any]:
        """The ``clip`` answer: the kept screens up to now as a GIF (base64), or why not."""
        if self.history is None:
            return {"t": "clip", "error": "this session keeps no clip"}
        try:
            clip = self.history.clip(self.clip_end(machine), phosphor=self.phosphor)
        except ClipRefused as err:
            return {"t": "clip", "error": str(err)}
        return {"t": "clip", "now": clip.end, "start": clip.first_ms,
                "ms": clip.ms, "frames": clip.frames,
                "gif": base64.b64encode(clip.gif).decode("ascii")}

    @property
    def registers_mono(self) -> bool | None:
        return None if self.registers is None else bool(self.registers[0])


def run_session(config: dict[str, Any], channel: Channel) -> int:
    """Run the program ``config`` names until it ends or the page goes; 0 when it saved."""
    # The machine loads in the session's own process; the server never needs it.
    from retro.frontends.record import Recorder, header
    from retro.frontends.script import make_machine
    from retro.pc.clock import RealClock
    from retro.pc.machine import ClockLike
    from retro.programs.start import check_start

    options = dict(config.get("options") or {})
    letters, seed = config.get("letters", ""), int(config["seed"])
    program = check_start(config["program"], letters, options)
    record = Path(config["record"]) if config.get("record") else None
    clock: ClockLike = RealClock()
    recorder = None
    if record is not None:
        recorder = Recorder(record, header(program.name, letters, seed, options), clock)
        clock = recorder   # the session runs on the time its replay will have
    machine = make_machine(program.letters, letters, seed, None, options, clock)
    speaker = machine.speaker
    if isinstance(speaker, Speaker):
        speaker.sink = WebSink(channel, machine)
    frontend = WebFrontend(channel, None, ScreenHistory(), config.get("phosphor") or "green")
    coroutine = Watched(program.main(machine), lambda: frontend.ran(machine))
    frontend.program = coroutine

    def on_term(signum: int, frame: FrameType | None) -> None:
        frontend.quit_signal = signum

    signal.signal(signal.SIGTERM, on_term)
    try:
        run_realtime(machine, coroutine, frontend, recorder)
    finally:
        coroutine.close()
        if recorder is not None:
            recorder.write_and_tell(machine.notice)
        channel.send({"t": "end", "notices": machine.notices})
    return 0


def main(argv: list[str]) -> int:
    signal.signal(signal.SIGINT, signal.SIG_IGN)   # the server's Ctrl+C: it closes us in turn
    config = json.loads(argv[0])
    # The protocol has standard output to itself: anything printed goes to standard error.
    out_fd = os.dup(1)
    os.dup2(2, 1)
    wake_read, wake_write = os.pipe()
    os.set_blocking(wake_read, False)
    os.set_blocking(wake_write, False)
    signal.set_wakeup_fd(wake_write)   # SIGTERM wakes a session asleep waiting for a key
    return run_session(config, Channel(0, out_fd, wake_read))


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
