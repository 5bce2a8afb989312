"""Key scripts and the headless driver.

A key script is whitespace-separated tokens (README.md, "Key scripts"): one printable character, a
named key (``F1``, ``ESC``, ``ENTER``, ``SPACE``...), ``"text"``, ``click:R,C``,
``rclick:R,C`` (1-based cells), ``wait:MS``, ``CTRL+X`` and ``ALT+X`` (any letter), and
``expect:"text"``.  ``run`` plays a script into a program on a virtual clock and returns the
final machine; same seed and keys give the same bytes.

Every front end reads the same language.  Headless, a ``CTRL+X`` or ``ALT+X`` is what the
terminal front end makes of the bytes an xterm sends for it (``retro.frontends.termkeys``), so a
script means the same in ``retro run`` and in ``retro capture`` of ``retro GAME --tty``:
Ctrl+M, Ctrl+J are Enter, Ctrl+I Tab, Ctrl+H Backspace, Ctrl+C quits the program (it gets
``Quit`` and the run ends, as the player's Ctrl+C does), the other Ctrl letters are no key
to a DOS game, and Alt+letter is the letter.  ``expect:"text"`` headless checks, when the
program next waits for input, that the text is on the screen; if not the run stops with
``ExpectFailed`` naming it (``retro capture`` waits for the text instead, up to its timeout).
"""

from __future__ import annotations

import random
import re
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from retro.frontends.host import Driver
from retro.frontends.termkeys import Interrupt, decode_all, encode_alt, encode_ctrl
from retro.pc.clock import TimeUp, VirtualClock
from retro.pc.events import NAMED_KEYS, Click, Event, Key
from retro.pc.machine import POLL_COST_S, Flags, Machine, Program, Sleep, WaitKey
from retro.pc.screen import Screen
from retro.pc.speaker import Speaker
from retro.programs import find
from retro.store import Store

DEFAULT_UNTIL_MS = 600_000
#: Wall-clock seconds a headless run may take by default: generous for any real script, but
#: a program that stays busy cannot run for days.
DEFAULT_MAX_SECONDS = 600.0
#: Driver steps between looks at the wall clock (a look is cheap, but not free).
_CLOCK_CHECK_STEPS = 256


class ScriptError(ValueError):
    """A bad key script; the message names the token and its position."""


class ExpectFailed(Exception):
    """An ``expect:"text"`` whose text was not on the screen; the message names it."""


@dataclass(frozen=True)
class Wait:
    ms: int


@dataclass(frozen=True)
class Chord:
    """``CTRL+X`` or ``ALT+X``: a letter with a modifier (``modifier`` "CTRL" or "ALT")."""

    modifier: str
    letter: str

    def sequence(self) -> bytes:
        """The bytes an xterm sends for it."""
        return encode_ctrl(self.letter) if self.modifier == "CTRL" else encode_alt(self.letter)


@dataclass(frozen=True)
class Expect:
    """``expect:"text"``: the text must be on the screen."""

    text: str


Step = Event | Wait | Chord | Expect

_TOKEN = re.compile(r'(?i:expect):"[^"]*"(?=\s|$)|"[^"]*"(?=\s|$)|\S+')
_CLICK = re.compile(r"^(click|rclick):(\d+),(\d+)$", re.IGNORECASE)
_WAIT = re.compile(r"^wait:(\d+)$", re.IGNORECASE)
_CHORD = re.compile(r"^(ctrl|alt)\+([a-z])$", re.IGNORECASE)
_EXPECT = re.compile(r'^expect:"(.*)"$', re.IGNORECASE)
_ALIASES = {"SPACE": " "}


def parse(script: str) -> list[Step]:
    """Parse a key script into steps; raises ``ScriptError`` for the first bad token."""
    return [step for token in parse_tokens(script) for step in token]


def parse_tokens(script: str) -> list[list[Step]]:
    """The steps of each token, token by token (``"text"`` is one token of many keys)."""
    return [_parse_token(match.group(), number, match.start())
            for number, match in enumerate(_TOKEN.finditer(script), start=1)]


def _parse_token(token: str, number: int, offset: int) -> list[Step]:
    where = f"token {number} {token!r} (character {offset + 1})"
    if len(token) >= 2 and token[0] == '"' and token[-1] == '"':
        text = token[1:-1]
        if not text:
            raise ScriptError(f"{where}: empty text")
        bad = [ch for ch in text if not ch.isprintable()]
        if bad:
            raise ScriptError(f"{where}: cannot type {bad[0]!r}")
        return [Key(ch) for ch in text]
    if len(token) == 1:
        return [Key(token)]
    upper = token.upper()
    if upper in _ALIASES:
        return [Key(_ALIASES[upper])]
    if upper in NAMED_KEYS:
        return [Key(upper)]
    if m := _CLICK.match(token):
        row, col = int(m[2]), int(m[3])
        if not (1 <= row <= 25 and 1 <= col <= 80):
            raise ScriptError(f"{where}: cells are rows 1-25 and columns 1-80")
        return [Click(row - 1, col - 1, "right" if m[1].lower() == "rclick" else "left")]
    if m := _WAIT.match(token):
        return [Wait(int(m[1]))]
    if m := _CHORD.match(token):
        return [Chord(m[1].upper(), m[2].upper())]
    if m := _EXPECT.match(token):
        if not m[1]:
            raise ScriptError(f"{where}: expect needs some text")
        return [Expect(m[1])]
    raise ScriptError(f"{where}: not a key, text, click, wait, CTRL+X, ALT+X or expect")


def headless_steps(steps: list[Step]) -> list[Step | Interrupt]:
    """The steps as the machine gets them: each chord becomes what the terminal front end
    makes of its bytes (keys, Ctrl+C's ``Interrupt``, or nothing)."""
    out: list[Step | Interrupt] = []
    for step in steps:
        out += decode_all(step.sequence()) if isinstance(step, Chord) else [step]
    return out


def drive(machine: Machine, driver: Driver, steps: list[Step],
          until_ms: int = DEFAULT_UNTIL_MS, stop_at_end: bool = False,
          max_seconds: float | None = None) -> bool:
    """Feed steps to a started program on the machine's virtual clock (see docs/machine.md).

    A step is delivered when the program blocks for input; a busy program (sleeping,
    polling, waiting with a timeout) runs on until it blocks, or until ``until_ms`` have
    passed since the last step, when the step goes to its next request for input.
    ``Wait`` lets time pass with no input; the step after it goes to the request for input
    under way when the time is up (a wait with a timeout or a poll that spans that moment,
    cut short there), or else to the next one.
    After the last step the program runs until it blocks or ``until_ms`` passes; with
    ``stop_at_end`` the run ends as soon as the last step has been played, busy or not (a
    recording of a session that ended while the program was busy ends there too).
    ``max_seconds`` bounds the wall time: past it the run stops where it is and ``drive``
    returns True (False when it ended for any other reason).
    """
    deadline = None if max_seconds is None else time.monotonic() + max_seconds
    countdown = _CLOCK_CHECK_STEPS
    clock = machine.clock
    until = until_ms / 1000.0
    pending: deque[Step | Interrupt] = deque(headless_steps(steps))
    last = clock.now()
    wait_until: float | None = None
    deliver_now = False
    request = driver.request
    while not driver.ended:
        countdown -= 1
        if countdown <= 0:
            countdown = _CLOCK_CHECK_STEPS
            if deadline is not None and time.monotonic() >= deadline:
                return True
        now = clock.now()
        if isinstance(request, Sleep):
            last_step = pending[0] if len(pending) == 1 else None
            if stop_at_end and wait_until is None and isinstance(last_step, Wait):
                pending.popleft()
                wait_until = now + last_step.ms / 1000.0   # the last wait starts here
            if stop_at_end and not pending and (
                    wait_until is None or now + request.seconds > wait_until + 1e-12):
                break   # the script is played out, ending during this sleep
            # A program that only sleeps never asks for the next step: give up after the
            # time limit (twice it while steps wait, so a poll still gets its chance).
            if wait_until is None and now - last >= (2 * until if pending else until):
                break
            clock.advance(request.seconds)
            request = driver.resume(None)
            continue
        assert isinstance(request, WaitKey)
        timeout = request.timeout
        event = machine.take()
        if event is not None:
            request = driver.resume(event)
            continue
        if wait_until is not None:
            if now < wait_until - 1e-12:
                if timeout is None:          # idle: the time passes, then the next step
                    clock.advance(wait_until - now)
                    continue
                span = timeout or POLL_COST_S
                if now + span <= wait_until + 1e-12:
                    clock.advance(span)      # this wait or poll comes back empty
                    request = driver.resume(None)
                    continue
                # The time is up during this wait or poll: the next step arrives in it, as
                # a key pressed while a program waits with a timeout does.
                clock.advance(wait_until - now)
                now = clock.now()
            wait_until, deliver_now, last = None, True, now
        if pending:
            head = pending[0]
            if isinstance(head, Wait):
                pending.popleft()
                wait_until = now + head.ms / 1000.0
                continue
            if timeout is None or deliver_now or now - last >= until:
                pending.popleft()
                if isinstance(head, Expect):
                    if machine.screen.find(head.text) is None:
                        raise ExpectFailed(f"expect:{head.text!r}: not on the screen when "
                                           "the program waited for input")
                    continue
                if isinstance(head, Interrupt):
                    driver.quit()   # Ctrl+C: the program gets Quit, the run is over
                    break
                assert not isinstance(head, Chord)
                machine.push(head)
                last, deliver_now = now, False
                event = machine.take()  # None if the push was dropped (mouse off)
                if event is not None or timeout is not None:
                    request = driver.resume(event)
                continue
        elif stop_at_end or timeout is None or now - last >= until:
            break  # idle with nothing left to type, or busy for too long: the run is over
        clock.advance(timeout or POLL_COST_S)
        request = driver.resume(None)
    return False


@dataclass
class RunResult:
    machine: Machine
    ended: bool  # the program returned by itself
    # The suspended program is kept alive with the result: were it collected, Python would
    # close it and its ``finally`` blocks (a pop-up restoring the screen) would change the
    # screen under the caller's feet.
    driver: Driver | None = None
    timed_out: bool = False  # stopped by the wall-clock limit (``max_seconds``)

    @property
    def screen(self) -> Screen:
        return self.machine.screen

    @property
    def state(self) -> dict[str, Any] | None:
        return self.machine.state()


def make_machine(program_letters: str, letters: str, seed: int, home: Path | str | None,
                 params: dict[str, str] | None, clock: Any) -> Machine:
    """A machine for one run: flags from letters, the seeded stream, store and speaker."""
    flags = Flags.parse(letters, program_letters)
    speaker = Speaker()
    machine = Machine(clock=clock, rng=random.Random(seed), flags=flags, speaker=speaker,
                      params=dict(params or {}))
    machine.store = Store(home, notify=machine.notice)
    return machine


def run(program: str | Program, *, seed: int = 0, keys: str = "", letters: str = "",
        until_ms: int = DEFAULT_UNTIL_MS, params: dict[str, str] | None = None,
        home: Path | str | None = None, stop_at_end: bool = False,
        max_seconds: float | None = None, stop_ms: int | None = None,
        watch: Callable[[Machine, float, float], None] | None = None) -> RunResult:
    """Run a program (by name, or any ``Program``) headless under a key script.

    Returns the machine at the end.  Exceptions raised inside the program propagate.
    ``max_seconds`` bounds the wall time (``RunResult.timed_out`` tells it was reached).
    ``stop_ms`` ends the run at that moment of machine time, with the screen as it shows
    then.  ``watch(machine, t0, t1)`` is told of every stretch of machine time before it
    passes: the screen as it is then shows from ``t0`` until ``t1`` (a clip films it).
    """
    if isinstance(program, str):
        program = find(program)
    steps = parse(keys)

    def watched(t0: float, t1: float) -> None:
        assert watch is not None
        watch(machine, t0, t1)

    clock = VirtualClock(watch=None if watch is None else watched,
                         stop_at=None if stop_ms is None else stop_ms / 1000.0)
    machine = make_machine(program.letters, letters, seed, home, params, clock)
    driver = Driver(program.main(machine))
    timed_out = False
    try:
        driver.start()
        timed_out = drive(machine, driver, steps, until_ms, stop_at_end, max_seconds)
    except TimeUp:
        pass   # the moment ``stop_ms`` asked for: the run ends there
    return RunResult(machine, driver.ended, driver, timed_out)
