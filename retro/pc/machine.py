"""The Machine: everything a game may touch, the way a DOS program touched the PC.

A game is a coroutine ``async def main(m: Machine) -> None``.  It draws on ``m.screen``,
awaits input and delays, and asks for sounds; it never imports pygame or reads the real
clock.  A host (window, terminal or headless key script) drives the coroutine: every
``await`` hands the host a request, the host answers it (after rendering, blinking, playing
sound), and the game carries on.  The same game therefore gives the same bytes everywhere.

    async def main(m: Machine) -> None:
        m.screen.clear(0x1F)
        m.screen.put(0, 0, "Press a key", 0x1F)
        event = await m.key()          # blocks: the machine is idle
        await m.sleep(0.5)             # a delay: free in headless runs
        event = await m.poll()         # a look at the keyboard while busy (None if no key)
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Callable, Coroutine, Generator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

from retro.pc.events import Click, Event

if TYPE_CHECKING:
    from retro.pc.screen import Screen
    from retro.store import Store

#: Virtual time one ``poll`` costs in a headless run, so a busy loop that only polls still
#: moves the clock forward and ends.
POLL_COST_S = 0.001


# -- requests a game hands to its host -------------------------------------------------

@dataclass(frozen=True)
class WaitKey:
    """Wait for an input event.  ``timeout`` None blocks (idle); 0 only polls."""

    timeout: float | None = None


@dataclass(frozen=True)
class Sleep:
    seconds: float


Request = WaitKey | Sleep


class _Await:
    __slots__ = ("request",)

    def __init__(self, request: Request) -> None:
        self.request = request

    def __await__(self) -> Generator[Request, Any, Any]:
        return (yield self.request)


# -- letters and settings ----------------------------------------------------------------

MACHINE_LETTERS = "SMCD*"


@dataclass
class Flags:
    """Start-up settings from the command-line letters (``retro yucky MS``)."""

    sound: bool = True          # S turns it off
    mono: bool = False          # M forces the MDA look, C forces colour
    mouse: bool = True          # D turns the mouse off
    show: bool = True           # * skips the startup show
    letters: str = ""           # every letter given, upper case, game letters included

    def has(self, letter: str) -> bool:
        """Whether a (game-specific) letter such as checkers' ``A`` was given."""
        return letter.upper() in self.letters

    @classmethod
    def parse(cls, letters: str, game_letters: str = "") -> Flags:
        """Parse letters in any case and order; raises ``ValueError`` naming a bad one."""
        upper = letters.upper()
        allowed = MACHINE_LETTERS + game_letters.upper()
        for ch in upper:
            if ch not in allowed:
                raise ValueError(f"unknown letter {ch!r} (this program takes {allowed})")
        if "M" in upper and "C" in upper:
            raise ValueError("letters M (mono) and C (colour) cannot be combined")
        return cls(sound="S" not in upper, mono="M" in upper, mouse="D" not in upper,
                   show="*" not in upper, letters=upper)


class SpeakerLike(Protocol):
    """What a game may ask of the PC speaker (see ``retro.pc.speaker``)."""

    enabled: bool

    def tone(self, hz: float, seconds: float, at: float) -> float: ...
    def play(self, music: str, at: float) -> float: ...
    def stop(self, at: float) -> None: ...
    def pcm(self, rate: int = ..., until: float | None = None) -> Any: ...
    def recording(self, now: float, rate: int = ...) -> Any: ...


class SilentSpeaker:
    """A speaker that plays nothing and takes no time; used until a real one is attached."""

    def __init__(self) -> None:
        self.enabled = True

    def tone(self, hz: float, seconds: float, at: float) -> float:
        return seconds

    def play(self, music: str, at: float) -> float:
        return 0.0

    def stop(self, at: float) -> None:
        pass

    def pcm(self, rate: int = 44100, until: float | None = None) -> Any:
        import numpy as np

        return np.zeros(0, dtype=np.int16)

    def recording(self, now: float, rate: int = 44100) -> Any:
        return self.pcm(rate, now)


class ClockLike(Protocol):
    def now(self) -> float: ...
    def advance(self, seconds: float) -> None: ...


@dataclass
class Machine:
    """One PC: screen, keyboard/mouse queue, speaker, clock, random stream and save folder."""

    clock: ClockLike
    rng: random.Random = field(default_factory=lambda: random.Random(0))
    flags: Flags = field(default_factory=Flags)
    speaker: SpeakerLike = field(default_factory=SilentSpeaker)
    store: Store | None = None              # the save folder, attached by the host
    params: dict[str, str] = field(default_factory=dict)  # a program's options, e.g. checkers' fen
    screen: Screen = field(init=False)
    notices: list[str] = field(default_factory=list)
    _queue: deque[Event] = field(init=False, default_factory=deque)
    _given_back: int = field(init=False, default=0)   # events at the queue's front put back
    #: Whether the last ``take`` returned an event the program had put back (``unread``):
    #: the host hands it over again, but a recording must not count it as a new input.
    took_given_back: bool = field(init=False, default=False)
    _state: Callable[[], dict[str, Any]] | None = field(init=False, default=None)
    _sound_end: float = field(init=False, default=0.0)
    #: The interaction kit's per-machine state (``retro.ui``): hot-key table, masks, lines.
    ui_state: Any = field(init=False, default=None, repr=False, compare=False)

    def __post_init__(self) -> None:
        # numpy comes with the first machine, not with this module: the registry reads
        # every program's Program for --help and --list without it.
        from retro.pc.screen import Screen

        self.screen = Screen(mono=self.flags.mono)
        self.speaker.enabled = self.flags.sound

    # -- input ---------------------------------------------------------------------------

    def key(self, timeout: float | None = None) -> _Await:
        """``await m.key()``: the next key or click.  With a timeout, None if none came."""
        return _Await(WaitKey(timeout))

    def poll(self) -> _Await:
        """``await m.poll()``: a waiting event or None; lets the host render meanwhile."""
        return _Await(WaitKey(0.0))

    def sleep(self, seconds: float) -> _Await:
        """``await m.sleep(s)``: a delay (keys typed meanwhile wait in the queue)."""
        return _Await(Sleep(max(0.0, seconds)))

    def push(self, event: Event) -> None:
        """Host side: queue an input event (clicks are dropped when the mouse is off)."""
        if isinstance(event, Click) and not self.flags.mouse:
            return
        self._queue.append(event)

    def unread(self, event: Event) -> None:
        """Put an event back at the front of the queue (a delay keeping type-ahead)."""
        self._queue.appendleft(event)
        self._given_back += 1

    def take(self) -> Event | None:
        """Host side: the oldest queued event, if any."""
        self.took_given_back = bool(self._queue) and self._given_back > 0
        if self.took_given_back:
            self._given_back -= 1
        return self._queue.popleft() if self._queue else None

    def flush_keys(self) -> None:
        """Forget typed-ahead input, as games did before an important question."""
        self._queue.clear()
        self._given_back = 0

    # -- time and sound ------------------------------------------------------------------

    def now(self) -> float:
        return self.clock.now()

    @property
    def sound(self) -> bool:
        return self.speaker.enabled

    @sound.setter
    def sound(self, on: bool) -> None:
        # Either way the queue is dropped: while the sound is off, tones still take their
        # time, so a fast game runs ``_sound_end`` far ahead; kept, it would make the first
        # tone after switching back on wait for all of that silent music.
        self.speaker.enabled = on
        self.hush()

    def beep(self, hz: float = 800.0, ms: float = 120.0) -> float:
        """Queue one tone after whatever is playing; returns when (seconds from now) it ends."""
        start = max(self.now(), self._sound_end)
        self._sound_end = start + self.speaker.tone(hz, ms / 1000.0, start)
        return self._sound_end - self.now()

    def play(self, music: str) -> float:
        """Queue a tune in the music language of ``retro.pc.speaker``; returns seconds to its end.

        Playing does not block; ``await m.sleep(m.play(tune))`` waits for the tune to end.
        """
        start = max(self.now(), self._sound_end)
        self._sound_end = start + self.speaker.play(music, start)
        return self._sound_end - self.now()

    def hush(self) -> None:
        """Stop any queued sound now."""
        self.speaker.stop(self.now())
        self._sound_end = self.now()

    # -- state and messages --------------------------------------------------------------

    def publish_state(self, provider: Callable[[], dict[str, Any]]) -> None:
        """Register the game's ``--state`` provider (a JSON-ready dict of its rules state)."""
        self._state = provider

    def state(self) -> dict[str, Any] | None:
        return self._state() if self._state else None

    def notice(self, message: str) -> None:
        """A message for the person at the machine (shown on stderr by the host); the same
        message twice is kept once."""
        if message not in self.notices:
            self.notices.append(message)

    def attr(self, colour: int, mono: int) -> int:
        """Pick the attribute for the current mode: colour on VGA, ``mono`` on the MDA."""
        return mono if self.screen.mono else colour


GameMain = Callable[[Machine], Coroutine[Any, Any, None]]


@dataclass(frozen=True)
class Option:
    """A command-line option of a program's own: ``--NAME VALUE`` on ``retro GAME`` and
    ``retro run GAME``; the value reaches the game as ``m.params[NAME]``."""

    name: str                               # "fen" for --fen
    help: str
    metavar: str = "VALUE"
    #: Checks a value before the program starts: an error message, or None when it is good.
    check: Callable[[str], str | None] | None = None


@dataclass(frozen=True)
class Command:
    """A command of a program's own: ``retro NAME PROGRAM ARGS...`` (checkers' ``perft``).

    ``main`` takes the arguments after the program's name and returns the exit status; it
    raises ``retro.programs.UsageError`` for a bad command line.
    """

    name: str
    summary: str
    main: Callable[[list[str]], int]
    help: str = ""                          # what ``retro NAME PROGRAM --help`` prints


@dataclass(frozen=True)
class Program:
    """A runnable program: what ``retro NAME`` starts.

    Programs register through the ``retro.programs`` entry-point group, so the launcher
    and ``retro --list`` show every installed one; ``order`` places it in the menu.
    """

    name: str
    title: str
    main: GameMain
    letters: str = ""                       # game-specific command-line letters, e.g. "A"
    aliases: tuple[str, ...] = ()
    options: tuple[Option, ...] = ()        # e.g. checkers' --fen
    commands: tuple[Command, ...] = ()      # e.g. checkers' perft and move
    order: int = 100                        # menu position: lower comes first
