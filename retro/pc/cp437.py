"""Code page 437 <-> Unicode, with the IBM graphic forms for the control codes.

The video adapter draws every byte as a glyph, so 0x01-0x1F and 0x7F are shown as the
smileys, card suits, arrows and house of the IBM PC character set, not as controls.
"""

from __future__ import annotations

_LOW = (
    "\u0000☺☻♥♦♣♠•◘○◙♂♀♪♫☼"
    "►◄↕‼¶§▬↨↑↓→←∟↔▲▼"
)

#: Unicode for each of the 256 codes.  0x00 is the blank glyph (NUL); 0xFF is a no-break space.
TO_UNICODE: tuple[str, ...] = tuple(
    _LOW[b] if b < 0x20 else "⌂" if b == 0x7F else bytes([b]).decode("cp437")
    for b in range(256)
)

#: Unicode shown for code 0x00 where a visible, distinct character is needed (dump files).
NUL_SHOWN_AS = "␀"

_FROM_UNICODE: dict[str, int] = {ch: code for code, ch in enumerate(TO_UNICODE)}
_FROM_UNICODE[NUL_SHOWN_AS] = 0x00


class NotInCodePage(ValueError):
    """A character that the IBM PC character set cannot show."""


def encode(text: str) -> bytes:
    """Unicode text to CP437 codes; raises ``NotInCodePage`` naming the first bad character."""
    try:
        return bytes(_FROM_UNICODE[ch] for ch in text)
    except KeyError as err:
        raise NotInCodePage(f"{err.args[0]!r} is not in code page 437") from None


def in_code_page(char: str) -> bool:
    """Whether the IBM PC character set has ``char`` (as a glyph of one of its 256 codes)."""
    return char in _FROM_UNICODE


def decode(data: bytes) -> str:
    """CP437 codes to Unicode (0x00 becomes U+0000)."""
    return "".join(TO_UNICODE[b] for b in data)


def char_for(code: int) -> str:
    """The Unicode character for one code, for display (0x00 shown as a space)."""
    return " " if code == 0 else TO_UNICODE[code]
