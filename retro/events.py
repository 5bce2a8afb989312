"""``retro.events``, the documented import path of ``retro.pc.events``.

The code lives in ``retro.pc.events``; this module only re-exports its public names,
so that what README.md and docs/ show keeps working.
"""

from retro.pc.events import (
    NAMED_KEYS,
    Click,
    Event,
    Key,
    Quit,
)

__all__ = [
    "NAMED_KEYS",
    "Click",
    "Event",
    "Key",
    "Quit",
]
