"""The WebSocket messages between a page and its session, and the checks on the browser's.

Every message is one JSON object in a text frame (docs/web.md lists them).  The browser sends
only three kinds::

    {"t": "key", "k": "F5"}                         a key: a retro.pc.events name or a character
    {"t": "click", "row": 3, "col": 10, "button": "left"}
    {"t": "clip"}                                   the last minute as a GIF, please

The answer to ``clip`` comes on the same socket, so only the page that plays a session ever
gets its clip: ``{"t": "clip", "now": S, "start": MS, "ms": MS, "frames": N, "gif": BASE64}``
or ``{"t": "clip", "error": REASON}``.

Anything else (a binary frame, more than ``MAX_MESSAGE_BYTES``, text that is not such an
object, messages faster than ``RateLimit`` allows) is a ``BadMessage``: the server ends that
session with the reason, and no other.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from typing import Any

from retro.pc import cp437
from retro.pc.events import NAMED_KEYS, Click, Event, Key

#: The largest message a page sends is a click of about 50 bytes.
MAX_MESSAGE_BYTES = 256
#: A held key repeats 30 times a second; a fast typist adds a few more.  The bucket lets a
#: burst of ``RATE_BURST`` through, then ``RATE_PER_S`` a second.
RATE_PER_S = 60.0
RATE_BURST = 120

#: WebSocket close codes the server uses (1000-1015 are the protocol's own, 4000+ ours).
CLOSE_ENDED = 1000          # the program ended (Esc in the games menu)
CLOSE_SHUTDOWN = 1001       # the server is stopping: the game was saved
CLOSE_BAD_MESSAGE = 1008    # a message failed the checks
CLOSE_TOO_BIG = 1009
CLOSE_FULL = 1013           # every session is taken: try again later
CLOSE_IDLE = 4000           # no key or click for the idle timeout
CLOSE_FAILED = 4001         # the session process ended without saying why

#: A page may ask for a clip once in this many seconds (each costs its session up to half a
#: second of CPU); one asked sooner, or while one is being made, gets an ``error`` answer.
CLIP_INTERVAL_S = 5.0
#: The largest GIF a session sends; a bigger clip is refused with a reason.
MAX_CLIP_BYTES = 3 * 1024 * 1024


class ClipAsk:
    """The page's ``{"t": "clip"}``: the session's last minute as a GIF."""

    def __repr__(self) -> str:
        return "ClipAsk()"


CLIP_ASK = ClipAsk()


class BadMessage(ValueError):
    """A browser message that fails the checks; the text is the reason sent back."""

    def __init__(self, reason: str, code: int = CLOSE_BAD_MESSAGE) -> None:
        super().__init__(reason)
        self.code = code


def parse_client(text: str) -> Event | ClipAsk | None:
    """The input event a browser message asks for, or ``CLIP_ASK``; raises ``BadMessage``.
    None for a character code page 437 lacks (``€`` on a European keyboard, a Cyrillic
    letter): the PC has no such key, so it is ignored, as the terminal front end ignores it."""
    if len(text.encode("utf-8")) > MAX_MESSAGE_BYTES:
        raise BadMessage(f"message longer than {MAX_MESSAGE_BYTES} bytes", CLOSE_TOO_BIG)
    try:
        data = json.loads(text)
    except ValueError:
        raise BadMessage("message is not JSON") from None
    if not isinstance(data, dict):
        raise BadMessage("message is not a JSON object")
    kind = data.get("t")
    if kind == "key" and set(data) == {"t", "k"}:
        name = data["k"]
        if isinstance(name, str) and (name in NAMED_KEYS or
                                      (len(name) == 1 and name.isprintable())):
            return Key(name) if len(name) > 1 or cp437.in_code_page(name) else None
        raise BadMessage("key message with an unknown key")
    if kind == "click" and set(data) == {"t", "row", "col", "button"}:
        row, col, button = data["row"], data["col"], data["button"]
        if (type(row) is int and type(col) is int and 0 <= row < 25 and 0 <= col < 80
                and button in ("left", "right")):
            return Click(row, col, button)
        raise BadMessage("click message outside the screen or with an unknown button")
    if kind == "clip" and set(data) == {"t"}:
        return CLIP_ASK
    raise BadMessage("unknown message (expected a key, a click or a clip)")


def event_message(event: Event | ClipAsk) -> dict[str, Any]:
    """The message for ``event``: what a page sends, and what the server passes on."""
    if isinstance(event, ClipAsk):
        return {"t": "clip"}
    if isinstance(event, Key):
        return {"t": "key", "k": event.name}
    return {"t": "click", "row": event.row, "col": event.col, "button": event.button}


def read_event(data: dict[str, Any]) -> Event:
    """The event of a message already checked by ``parse_client`` (in the session)."""
    if data["t"] == "key":
        return Key(data["k"])
    return Click(data["row"], data["col"], data["button"])


class RateLimit:
    """A token bucket: ``allow`` is False once a browser sends faster than it may."""

    def __init__(self, per_second: float = RATE_PER_S, burst: int = RATE_BURST,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.per_second = per_second
        self.burst = burst
        self.clock = clock
        self.tokens = float(burst)
        self.last = clock()

    def allow(self) -> bool:
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + (now - self.last) * self.per_second)
        self.last = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


def dumps(message: dict[str, Any]) -> str:
    """One message as compact JSON (no spaces: a full screen is 2000 cells)."""
    return json.dumps(message, separators=(",", ":"))
