"""``retro.screen``, the documented import path of ``retro.pc.screen``.

The code lives in ``retro.pc.screen``; this module only re-exports its public names,
so that what README.md and docs/ show keeps working.
"""

from retro.pc.screen import (
    BOX_STYLES,
    COLS,
    ROWS,
    SCREEN_BYTES,
    Cursor,
    Saved,
    Screen,
    Text,
    to_codes,
)

__all__ = [
    "BOX_STYLES",
    "COLS",
    "ROWS",
    "SCREEN_BYTES",
    "Cursor",
    "Saved",
    "Screen",
    "Text",
    "to_codes",
]
