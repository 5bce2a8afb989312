"""``retro.record``, the documented import path of ``retro.frontends.record``.

The code lives in ``retro.frontends.record``; this module only re-exports its public names,
so that what README.md and docs/ show keeps working.
"""

from retro.frontends.record import (
    EPSILON,
    HEADER,
    MAX_SEED,
    STOP_AT_END,
    Header,
    Recorder,
    header,
    read_header,
    replay,
    token,
)

__all__ = [
    "EPSILON",
    "HEADER",
    "MAX_SEED",
    "STOP_AT_END",
    "Header",
    "Recorder",
    "header",
    "read_header",
    "replay",
    "token",
]
