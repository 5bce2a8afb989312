"""``retro perft checkers ...``: a command an installed program brings (``Program.commands``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from retro.cli.help import wants_help
from retro.programs import UsageError
from retro.programs.start import program_named

if TYPE_CHECKING:
    from retro.pc.machine import Command, Program


def main(name: str, entries: list[tuple[Program, Command]], args: list[str]) -> int:
    """Run the command ``name`` of the program named by the first word of ``args``."""
    if not args or args[0].startswith("-"):
        owners = ", ".join(program.name for program, _ in entries)
        raise UsageError(f"{name} needs a program name first ({owners})")
    wanted = program_named(args[0])
    for program, command in entries:
        if program.name == wanted.name:
            if wants_help(args[1:]):
                print(command.help or f"usage: retro {name} {program.name} {command.summary}")
                return 0
            return command.main(args[1:])
    owners = ", ".join(program.name for program, _ in entries)
    raise UsageError(f"{wanted.name} has no {name} command (it is one of: {owners})")
