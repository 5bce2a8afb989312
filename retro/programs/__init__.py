"""The programs: the registry of everything installed, the games menu and the character map.

Imports from retro: ``retro.pc``, ``retro.ui``, ``retro.kit`` and ``retro.store`` only; the
games themselves are found through the ``retro.programs`` entry-point group, never imported.
"""

from retro.programs.registry import (
    GROUP,
    BadOptionValue,
    Broken,
    UnknownProgram,
    UsageError,
    all_commands,
    all_options,
    all_programs,
    broken_programs,
    find,
    menu,
    option_of,
)

__all__ = ["GROUP", "BadOptionValue", "Broken", "UnknownProgram", "UsageError", "all_commands",
           "all_options", "all_programs", "broken_programs", "find", "menu",
           "option_of"]
