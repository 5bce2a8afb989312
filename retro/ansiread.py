"""``retro.ansiread``, the documented import path of ``retro.screenfiles.ansiread``.

The code lives in ``retro.screenfiles.ansiread``; this module only re-exports its public names,
so that what README.md and docs/ show keeps working.
"""

from retro.screenfiles.ansiread import (
    MAX_ART_ROWS,
    XTERM_256,
    Art,
    ByteTerminalStream,
    Cells,
    Look,
    TerminalModel,
    TerminalStream,
    art_text,
    cell_width,
    cells_to_screen,
    read_art,
    read_cells,
)

__all__ = [
    "MAX_ART_ROWS",
    "XTERM_256",
    "Art",
    "ByteTerminalStream",
    "Cells",
    "Look",
    "TerminalModel",
    "TerminalStream",
    "art_text",
    "cell_width",
    "cells_to_screen",
    "read_art",
    "read_cells",
]
