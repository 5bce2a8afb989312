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

from retro.pc import cp437
from retro.pc.events import Click, Key
from retro.pc.screen import COLS, ROWS

#: How long an ESC may wait for the rest of a sequence before it counts as the Esc key.
#: Terminals send a whole sequence in one write; over SSH a sequence can be split across
#: packets, so this is not made much shorter.
ESC_TIMEOUT_S = 0.1


@dataclass(frozen=True)
class Interrupt:
    """Ctrl+C: the player wants to stop the program."""


Input = Key | Click | Interrupt

#: The sequence an xterm sends for each named key: the one table this module reads keys
#: with and ``encode_key`` (``retro capture``) types them with.
KEY_SEQUENCES: dict[str, bytes] = {
    "UP": b"\x1b[A", "DOWN": b"\x1b[B", "RIGHT": b"\x1b[C", "LEFT": b"\x1b[D",
    "HOME": b"\x1b[H", "END": b"\x1b[F",
    "F1": b"\x1bOP", "F2": b"\x1bOQ", "F3": b"\x1bOR", "F4": b"\x1bOS",
    "INS": b"\x1b[2~", "DEL": b"\x1b[3~", "PGUP": b"\x1b[5~", "PGDN": b"\x1b[6~",
    "F5": b"\x1b[15~", "F6": b"\x1b[17~", "F7": b"\x1b[18~", "F8": b"\x1b[19~",
    "F9": b"\x1b[20~", "F10": b"\x1b[21~", "F11": b"\x1b[23~", "F12": b"\x1b[24~",
    "ENTER": b"\r", "TAB": b"\t", "BKSP": b"\x7f", "ESC": b"\x1b",
}
#: Keys whose final byte moves the cursor: in application cursor mode (DECCKM, which vim
#: and less turn on) an xterm sends them as ``ESC O x`` instead of ``ESC [ x``.
_CURSOR_KEYS = ("UP", "DOWN", "RIGHT", "LEFT", "HOME", "END")

# The decoder's tables, made from KEY_SEQUENCES, plus what other terminals send for the same
# keys (the Linux console's and rxvt's Home and End, VT100 F1-F4 as CSI, Ctrl+J, Ctrl+H).
_CSI_TILDE = {int(seq[2:-1]): name for name, seq in KEY_SEQUENCES.items()
              if seq.startswith(b"\x1b[") and seq.endswith(b"~")}
_CSI_TILDE |= {1: "HOME", 4: "END", 7: "HOME", 8: "END", 11: "F1", 12: "F2", 13: "F3",
               14: "F4"}
_FINAL = {chr(seq[-1]): name for name, seq in KEY_SEQUENCES.items()
          if len(seq) == 3 and seq[1:2] in (b"[", b"O")}
_SS3 = {**_FINAL, "M": "ENTER"}  # ESC O x: application cursor keys, F1-F4, keypad Enter
_LINUX_F = {"A": "F1", "B": "F2", "C": "F3", "D": "F4", "E": "F5"}  # ESC [ [ x (Linux VT)
_CONTROL = {seq[0]: name for name, seq in KEY_SEQUENCES.items()
            if len(seq) == 1 and seq != b"\x1b"}
_CONTROL |= {0x0A: "ENTER", 0x08: "BKSP"}
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


# -- the other way: keys to the bytes a terminal sends ---------------------------------------

def encode_key(name: str, *, application_cursor: bool = False) -> bytes:
    """The bytes an xterm sends for a key: a named key from ``KEY_SEQUENCES``, or a
    character as UTF-8 (``application_cursor``: the arrows, Home and End as ``ESC O x``)."""
    if len(name) == 1:
        return name.encode()
    sequence = KEY_SEQUENCES[name]
    if application_cursor and name in _CURSOR_KEYS:
        return b"\x1bO" + sequence[-1:]
    return sequence


def encode_ctrl(letter: str) -> bytes:
    """Ctrl+letter: the control code (Ctrl+A is 01, Ctrl+C 03, Ctrl+Z 1A)."""
    return bytes([ord(letter.upper()) & 0x1F])


def encode_alt(letter: str) -> bytes:
    """Alt+letter as an xterm sends it with its meta-sends-escape setting: ESC, the letter."""
    return b"\x1b" + letter.lower().encode()


def encode_click(row: int, col: int, button: str = "left") -> bytes:
    """A click on a 0-based cell as the SGR mouse reports of a press and its release."""
    b = {"left": 0, "right": 2}[button]
    return f"\x1b[<{b};{col + 1};{row + 1}M\x1b[<{b};{col + 1};{row + 1}m".encode()


def decode_all(data: bytes) -> list[Input]:
    """Every event in ``data`` taken as one complete burst (a lone ESC is the Esc key)."""
    return _decode(data, final=True)[0]
