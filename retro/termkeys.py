"""Raw terminal input to typed events: bytes in, ``Key`` and ``Click`` out.

A terminal in raw mode sends characters as UTF-8, most special keys as escape sequences
(``ESC [ A`` for Up, ``ESC O P`` for F1, ``ESC [ 1 5 ~`` for F5...) and, once asked, mouse
reports (``ESC [ < b ; x ; y M``, the SGR form).  The Esc key is a lone ESC byte, so an
ESC that no further byte follows within ``ESC_TIMEOUT_S`` is the key; an ESC followed at
once by the rest of a sequence is that sequence.  Ctrl+C arrives as a byte (the front end
turns signals off) and becomes ``Interrupt``.

The decoder is pure: it is fed bytes with the time they arrived, and asked to ``expire``
a pending lone ESC when its time is up.  Nothing here reads a terminal.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from retro import cp437
from retro.events import Click, Key
from retro.screen import COLS, ROWS

#: How long an ESC may wait for the rest of a sequence before it counts as the Esc key.
#: Terminals send a whole sequence in one write; over SSH a sequence can be split across
#: packets, so this is not made much shorter.
ESC_TIMEOUT_S = 0.1


@dataclass(frozen=True)
class Interrupt:
    """Ctrl+C: the player wants to stop the program."""


Input = Key | Click | Interrupt

_CSI_TILDE = {
    1: "HOME", 2: "INS", 3: "DEL", 4: "END", 5: "PGUP", 6: "PGDN", 7: "HOME", 8: "END",
    11: "F1", 12: "F2", 13: "F3", 14: "F4", 15: "F5", 17: "F6", 18: "F7", 19: "F8",
    20: "F9", 21: "F10", 23: "F11", 24: "F12",
}
_FINAL = {
    "A": "UP", "B": "DOWN", "C": "RIGHT", "D": "LEFT", "H": "HOME", "F": "END",
    "P": "F1", "Q": "F2", "R": "F3", "S": "F4",
}
_SS3 = {**_FINAL, "M": "ENTER"}  # ESC O x: application cursor keys, F1-F4, keypad Enter
_LINUX_F = {"A": "F1", "B": "F2", "C": "F3", "D": "F4", "E": "F5"}  # ESC [ [ x (Linux VT)
_CONTROL = {0x0D: "ENTER", 0x0A: "ENTER", 0x09: "TAB", 0x7F: "BKSP", 0x08: "BKSP"}
_CTRL_C = 0x03
_ESC = 0x1B

# A complete CSI sequence: parameters, intermediates, one final byte.
_CSI = re.compile(rb"\x1b\[([0-?]*)([ -/]*)([@-~])")
_CSI_PREFIX = re.compile(rb"\x1b\[[0-?]*[ -/]*\Z")


class KeyDecoder:
    """Turns the bytes a terminal sends into input events.

    ``feed(data, now)`` returns the events complete so far; an unfinished sequence is kept
    until more bytes come or ``expire(now)`` finds its time up (``deadline`` says when).
    """

    def __init__(self, esc_timeout: float = ESC_TIMEOUT_S) -> None:
        self.esc_timeout = esc_timeout
        self._pending = b""
        self._since = 0.0

    @property
    def deadline(self) -> float | None:
        """When a pending partial sequence must be settled, or None."""
        return self._since + self.esc_timeout if self._pending else None

    def feed(self, data: bytes, now: float) -> list[Input]:
        events, self._pending = _decode(self._pending + data, final=False)
        # The wait for the rest of a sequence restarts while its bytes keep coming.
        self._since = now
        return events

    def expire(self, now: float) -> list[Input]:
        """Settle a partial sequence whose time is up (a lone ESC becomes the Esc key)."""
        if not self._pending or now < self._since + self.esc_timeout:
            return []
        events, _ = _decode(self._pending, final=True)
        self._pending = b""
        return events


def _decode(buffer: bytes, *, final: bool) -> tuple[list[Input], bytes]:
    """Decode ``buffer``; returns the events and an unfinished tail (kept unless ``final``)."""
    events: list[Input] = []
    i = 0
    n = len(buffer)
    while i < n:
        byte = buffer[i]
        if byte == _ESC:
            used, event = _escape(buffer, i, final)
            if used == 0:  # incomplete: wait for more bytes
                return events, buffer[i:]
            if event is not None:
                events.append(event)
            i += used
        elif byte == _CTRL_C:
            events.append(Interrupt())
            i += 1
        elif byte in _CONTROL:
            # A CR LF pair (a terminal in some newline mode) is one Enter.
            events.append(Key(_CONTROL[byte]))
            i += 2 if buffer[i : i + 2] == b"\r\n" else 1
        elif byte < 0x20:
            i += 1  # other control keys mean nothing to a DOS game
        elif byte < 0x80:
            events.append(Key(chr(byte)))
            i += 1
        else:
            used, event = _utf8(buffer, i, final)
            if used == 0:
                return events, buffer[i:]
            if event is not None:
                events.append(event)
            i += used
    return events, b""


def _escape(buffer: bytes, i: int, final: bool) -> tuple[int, Input | None]:
    """Decode the sequence at ``buffer[i]`` (an ESC): (bytes used, event); 0 = incomplete."""
    rest = buffer[i + 1 :]
    if not rest:
        return (1, Key("ESC")) if final else (0, None)
    lead = rest[0]
    if lead == ord("["):
        if rest[1:2] == b"[":  # Linux console F1-F5: ESC [ [ A..E
            if len(rest) < 3:
                return (1, Key("ESC")) if final else (0, None)
            name = _LINUX_F.get(chr(rest[2]))
            return 4, Key(name) if name else None
        if rest[1:2] == b"M":  # X10 mouse report: ESC [ M b x y (raw bytes)
            if len(rest) < 5:
                return (1, Key("ESC")) if final else (0, None)
            return 6, _x10_mouse(rest[2] - 32, rest[3] - 32, rest[4] - 32)
        match = _CSI.match(buffer, i)
        if match is None:
            if _CSI_PREFIX.match(buffer, i) and not final:
                return 0, None
            return 1, Key("ESC")  # ESC then "[" typed by hand; "[" is decoded next
        return match.end() - i, _csi(match[1].decode(), match[2].decode(), match[3].decode())
    if lead == ord("O"):
        if len(rest) < 2:
            return (1, Key("ESC")) if final else (0, None)
        name = _SS3.get(chr(rest[1]))
        return 3, Key(name) if name else None
    if lead == _ESC:
        return 1, Key("ESC")  # Esc pressed twice: the first one is a key on its own
    # Alt+key arrives as ESC + the key: a DOS game sees the key.
    return 1, None


def _csi(params: str, intermediates: str, final: str) -> Input | None:
    if params.startswith("<") and final in "Mm" and not intermediates:
        return _sgr_mouse(params[1:], pressed=final == "M")
    if intermediates or (params and not params[0].isdigit() and params[0] != ";"):
        return None  # private replies (focus, device status) are not keys
    numbers = [int(p) if p.isdigit() else 0 for p in params.split(";")] if params else []
    if final == "~":
        name = _CSI_TILDE.get(numbers[0]) if numbers else None
        return Key(name) if name else None
    if final in _FINAL:
        # ESC [ 1 ; mod X carries modifiers; ESC [ r ; c R with r > 1 is a position report.
        if final == "R" and numbers and numbers[0] != 1:
            return None
        return Key(_FINAL[final])
    return None


def _sgr_mouse(params: str, *, pressed: bool) -> Click | None:
    """ESC [ < b ; x ; y M (press) or m (release): a click on a cell, or nothing."""
    try:
        b, x, y = (int(p) for p in params.split(";"))
    except ValueError:
        return None
    return _click(b, x, y) if pressed else None


def _x10_mouse(b: int, x: int, y: int) -> Click | None:
    return None if (b & 3) == 3 else _click(b, x, y)  # 3 is a release in the old form


def _click(b: int, x: int, y: int) -> Click | None:
    """Button code and 1-based column, row to a click; motion, wheel, middle are ignored."""
    if b & (32 | 64):  # motion or wheel
        return None
    button = {0: "left", 2: "right"}.get(b & 3)
    row, col = y - 1, x - 1
    if button is None or not (0 <= row < ROWS and 0 <= col < COLS):
        return None
    return Click(row, col, button)


def _utf8(buffer: bytes, i: int, final: bool) -> tuple[int, Input | None]:
    """One UTF-8 character: a key if code page 437 has it (a game can show only those)."""
    lead = buffer[i]
    size = 2 if lead >> 5 == 0b110 else 3 if lead >> 4 == 0b1110 else 4 if lead >> 3 == 0b11110 \
        else 1
    if size == 1:
        return 1, None  # a stray continuation byte or a byte from a non-UTF-8 terminal
    if len(buffer) - i < size:
        return (len(buffer) - i, None) if final else (0, None)
    try:
        char = buffer[i : i + size].decode("utf-8")
    except UnicodeDecodeError:
        return 1, None
    try:
        code = cp437.encode(char)[0]
    except cp437.NotInCodePage:
        return size, None
    return size, Key(char) if code >= 0x80 else None
