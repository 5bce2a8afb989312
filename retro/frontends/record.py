"""Recording a session as a key script that replays it exactly (``retro GAME --record F``).

The file is an ordinary key script (README.md, "Key scripts") with a first line naming the run::

    #!retro run yucky MS --seed 1234567
    wait:2350 ENTER
    wait:800 r
    ...

``retro run --keys-file F`` takes the program, letters, seed and program options from that
line (the command line overrides them).

Why the waits are not simply the real time between keys: a headless replay delivers each
token by the virtual clock (``retro.frontends.script.drive``), where a sleep costs its length, a
wait with a timeout its timeout, and a poll ``POLL_COST_S``, whatever the real machine took.  A
key pressed while a computer player was searching arrived after some number of polls in the
session; the replay must hand it to the same poll.  So the recorder follows the session's
requests one by one, keeps the clock a replay will have (``replay_now``), and writes for each
input the whole number of milliseconds that makes the replay deliver it to the request that
got it in the session.  When the program was waiting for the player, the real time of the
wait is kept, so the replay's clock (blink phases, timers) follows the session's.
"""

from __future__ import annotations

import math
import shlex
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from retro.frontends.script import run
from retro.pc.events import Click, Event, Key
from retro.pc.machine import POLL_COST_S, ClockLike, Request, Sleep, WaitKey
from retro.programs.start import MAX_SEED
from retro.store.problems import os_reason

if TYPE_CHECKING:
    from retro.frontends.script import RunResult

HEADER = "#!retro run"
#: The first-line flag of a session that ended while the program was busy.
STOP_AT_END = "--stop-at-end"
#: Slack in float comparisons, the same as the headless driver's.
EPSILON = 1e-12


def token(event: Event) -> str:
    """The key-script token for one input event."""
    match event:
        case Key(" "):
            return "SPACE"
        case Key(name):
            return name
        case Click(row, col, button):
            return f"{'rclick' if button == 'right' else 'click'}:{row + 1},{col + 1}"
    raise TypeError(f"not an input event: {event!r}")


def header(program: str, letters: str, seed: int, options: dict[str, str] | None = None) -> str:
    """The first line of a recording: ``#!retro run GAME LETTERS --seed N [--OPT V]``."""
    words = [HEADER, program]
    if letters:
        words.append(shlex.quote(letters))
    words += ["--seed", str(seed)]
    for name, value in sorted((options or {}).items()):
        words += [f"--{name}", shlex.quote(value)]
    return " ".join(words)


@dataclass(frozen=True)
class Header:
    """What a recording's first line says."""

    program: str
    letters: str
    seed: int | None
    options: dict[str, str]
    stop_at_end: bool = False


def read_header(text: str) -> tuple[Header | None, str]:
    """Split a key file into its ``#!retro run`` line (if any) and the script after it.

    Raises ``ValueError`` with a readable message for a malformed first line.
    """
    first, _, rest = text.partition("\n")
    if not first.startswith("#!"):
        return None, text
    words = shlex.split(first[2:])
    if words[:2] != ["retro", "run"] or len(words) < 3:
        raise ValueError("the first line of a recording is '#!retro run GAME [LETTERS] "
                         "--seed N'")
    program, letters, seed = words[2], "", None
    options: dict[str, str] = {}
    stop = STOP_AT_END in words
    words = [w for w in words if w != STOP_AT_END]
    i = 3
    if i < len(words) and not words[i].startswith("--"):
        letters, i = words[i], i + 1
    while i < len(words):
        name = words[i]
        if not name.startswith("--") or i + 1 >= len(words):
            raise ValueError(f"the recording's first line has a stray word {name!r}")
        value, i = words[i + 1], i + 2
        if name == "--seed":
            try:
                seed = int(value)
            except ValueError:
                raise ValueError(f"the recording's seed {value!r} is not a number") from None
            if not 0 <= seed <= MAX_SEED:
                raise ValueError(f"the recording's seed {value} is out of range (0 to "
                                 f"{MAX_SEED})")
        else:
            options[name[2:]] = value
    return Header(program, letters, seed, options, stop), rest


class Recorder:
    """Follows an interactive run request by request and writes the key script at the end.

    It is also the machine's clock for the session (``ClockLike``): while the program runs,
    the time is the replay's, exactly (``replay_now``), so whatever the program computes
    from the clock comes out the same in the replay; while it waits, real time passes on
    top of it, so delays last as long as they should and the screen blinks.  The real-time
    host tells it of every request (``asked``) and every answer (``answered``).
    """

    def __init__(self, path: Path, first_line: str, real: ClockLike) -> None:
        self.path = path
        self.first_line = first_line
        self.real = real
        self.tokens: list[str] = []
        self.replay_now = 0.0          # the virtual clock a replay will be at
        self._wait_from: float | None = 0.0   # where the replay starts the next wait token
        self._asked_at: float | None = None   # real time of the request under way, if any
        self._first_request: float | None = None  # replay time of the first since an input

    # -- the machine's clock ------------------------------------------------------------

    def now(self) -> float:
        if self._asked_at is None:
            return self.replay_now
        return self.replay_now + (self.real.now() - self._asked_at)

    def advance(self, seconds: float) -> None:
        """Real time advances by itself; the host waits instead."""

    # -- told by the host ---------------------------------------------------------------

    def asked(self) -> None:
        self._asked_at = self.real.now()
        if self._first_request is None:
            self._first_request = self.replay_now

    def answered(self, request: Request, event: Event | None) -> None:
        """The host is answering ``request`` with ``event`` (None: timed out or slept)."""
        real_seconds = 0.0 if self._asked_at is None else self.real.now() - self._asked_at
        self._asked_at = None
        match request:
            case Sleep(seconds=s):
                self.replay_now += s
                return
            case WaitKey(timeout=timeout):
                pass
        if self._wait_from is None:
            # The driver reads the next wait token at the first request for input after a
            # delivery; sleeps before it do not count.
            self._wait_from = self.replay_now
        if event is None:
            self.replay_now += timeout if timeout else POLL_COST_S
            return
        self._deliver(event, timeout, real_seconds)

    def _deliver(self, event: Event, timeout: float | None, real_seconds: float) -> None:
        start = self._wait_from if self._wait_from is not None else self.replay_now
        issued = self.replay_now
        target = issued + max(0.0, real_seconds) if timeout is None else issued
        ms = max(0, math.ceil((target - start) * 1000.0 - 1e-6))
        wait_until = start + ms / 1000.0
        if issued < wait_until - EPSILON:
            self.replay_now = issued + (wait_until - issued)
        self.tokens += [f"wait:{ms}", token(event)]
        self._wait_from = self._first_request = None

    def end(self, busy: bool) -> None:
        """The session is over.  If the program was busy (not waiting for the player), the
        replay must stop where the session did: a last wait up to this moment, and the
        first line says ``--stop-at-end``."""
        if not busy:
            return
        # The replay starts this last wait at the first request after the last input, and
        # stops in the request under way now, which it asked for at ``replay_now``.
        start = self._first_request if self._first_request is not None else self.replay_now
        self.tokens += [f"wait:{max(0, math.ceil((self.replay_now - start) * 1000.0 - 1e-6))}"]
        if STOP_AT_END not in self.first_line.split():
            self.first_line += f" {STOP_AT_END}"

    def finish(self) -> str:
        """The script text: the first line, then the inputs, eight to a line."""
        lines = [self.first_line]
        pairs = [" ".join(self.tokens[i:i + 2]) for i in range(0, len(self.tokens), 2)]
        line: list[str] = []
        for pair in pairs:
            line.append(pair)
            if len(line) == 8:
                lines.append("  ".join(line))
                line = []
        if line:
            lines.append("  ".join(line))
        return "\n".join(lines) + "\n"

    def write(self) -> None:
        self.path.write_text(self.finish(), encoding="utf-8")

    def write_and_tell(self, notice: Callable[[str], None]) -> None:
        """Write the script and say in one line where it is, or why it could not be
        written (every front end ends a recorded session this way)."""
        try:
            self.write()
        except OSError as err:
            notice(f"cannot write the recording {self.path}: {os_reason(err, self.path)}")
        else:
            notice(f"session recorded in {self.path}; replay it with "
                   f"retro run --keys-file {self.path}")



def replay(path: Path | str, *, home: Path | str | None = None) -> RunResult:
    """Replay a recording headless (the run its first line names), as
    ``retro run --keys-file`` does; ``home`` is the save folder to replay in.

    Raises ``ValueError`` for a malformed first line or a file with none.
    """
    found, script = read_header(Path(path).read_text(encoding="utf-8"))
    if found is None:
        raise ValueError(f"{path} has no '#!retro run ...' first line")
    return run(found.program, seed=found.seed or 0, keys=script, letters=found.letters,
               params=found.options, stop_at_end=found.stop_at_end, home=home)
