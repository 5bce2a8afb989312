"""Typed input events: what a game sees of the keyboard and the mouse.

Printable keys (space included) are ``Key`` with a one-character ``name``; every other key
has an upper-case name such as ``"F1"``, ``"ESC"`` or ``"ENTER"``.  Games handle them with
``match``::

    match event:
        case Key("F1"): ...
        case Key(ch) if ch.isdigit(): ...
        case Click(row, col, "right"): ...
"""

from __future__ import annotations

from dataclasses import dataclass

NAMED_KEYS: tuple[str, ...] = (
    *(f"F{n}" for n in range(1, 13)),
    "ESC", "ENTER", "TAB", "BKSP", "UP", "DOWN", "LEFT", "RIGHT",
    "HOME", "END", "PGUP", "PGDN", "INS", "DEL",
)


@dataclass(frozen=True, slots=True)
class Key:
    """One key press: a printable character (``"a"``, ``" "``) or a key name (``"F1"``)."""

    name: str

    def __post_init__(self) -> None:
        if len(self.name) != 1 and self.name not in NAMED_KEYS:
            raise ValueError(f"unknown key name {self.name!r}")

    @property
    def char(self) -> str:
        """The character typed, or ``""`` for a named key."""
        return self.name if len(self.name) == 1 else ""

    @property
    def is_char(self) -> bool:
        return len(self.name) == 1


@dataclass(frozen=True, slots=True)
class Click:
    """A mouse click on a text cell; ``row`` 0-24 and ``col`` 0-79 (screen coordinates)."""

    row: int
    col: int
    button: str = "left"  # "left" or "right"

    def __post_init__(self) -> None:
        if not (0 <= self.row < 25 and 0 <= self.col < 80):
            raise ValueError(f"click outside the screen: row {self.row}, col {self.col}")
        if self.button not in ("left", "right"):
            raise ValueError(f"unknown mouse button {self.button!r}")


Event = Key | Click


class Quit(Exception):
    """Raised inside a game when the player closes the window or the terminal goes away.

    A game that keeps a save file catches it (or uses ``finally``) to save, then returns.
    """
