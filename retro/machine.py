"""``retro.machine``, the documented import path of ``retro.pc.machine``.

The code lives in ``retro.pc.machine``; this module only re-exports its public names,
so that what README.md and docs/ show keeps working.
"""

from retro.pc.machine import (
    MACHINE_LETTERS,
    POLL_COST_S,
    ClockLike,
    Command,
    Flags,
    GameMain,
    Machine,
    Option,
    Program,
    Request,
    SilentSpeaker,
    Sleep,
    SpeakerLike,
    WaitKey,
)

__all__ = [
    "MACHINE_LETTERS",
    "POLL_COST_S",
    "ClockLike",
    "Command",
    "Flags",
    "GameMain",
    "Machine",
    "Option",
    "Program",
    "Request",
    "SilentSpeaker",
    "Sleep",
    "SpeakerLike",
    "WaitKey",
]
