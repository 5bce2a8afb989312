"""Finding programs: everything registered in the ``retro.programs`` entry-point group.

A package adds a program to ``retro --list`` and to the games menu by declaring, in its
own ``pyproject.toml``::

    [project.entry-points."retro.programs"]
    tetris = "tetris_for_retro:PROGRAM"

where ``PROGRAM`` is a ``retro.machine.Program``.  retro's own games register the same way,
so this module imports no game: it only loads what is registered.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # imported late: ``retro --help`` and ``--version`` answer at once
    from importlib.metadata import EntryPoint

    from retro.machine import Command, Option, Program

GROUP = "retro.programs"


class UnknownProgram(LookupError):
    """A name that is no program; the message lists what can run."""


class UsageError(Exception):
    """A bad command line: one line of explanation, then the usage, exit status 2."""


class BadOptionValue(UsageError):
    """A program's option with a value it refuses: the one line alone, exit status 2."""


def _load(entry: EntryPoint) -> Program | None:
    from retro.machine import Program

    try:
        program = entry.load()
    except Exception:  # a broken third-party plug-in must not take the menu down with it
        return None
    return program if isinstance(program, Program) else None


@cache
def all_programs() -> tuple[Program, ...]:
    """Every registered program that loads, in menu order (``order``, then name).

    An entry that fails to import, or does not name a ``Program``, is not listed:
    ``retro --list`` shows only what runs.  The first registration of a name wins.
    """
    from importlib.metadata import entry_points

    found: dict[str, Program] = {}
    for entry in sorted(entry_points(group=GROUP), key=lambda e: (e.name, e.value)):
        program = _load(entry)
        if program is not None and program.name not in found:
            found[program.name] = program
    return tuple(sorted(found.values(), key=lambda p: (p.order, p.name)))


def find(name: str) -> Program:
    """The program called ``name`` or one of its aliases (any case).

    ``launcher`` is the games menu itself: not listed, but found, so that a recording of a
    session started in the menu (``retro --record F``, ``retro serve --record F``) replays.
    """
    wanted = name.lower()
    if wanted == "launcher":
        from retro.launcher import PROGRAM

        return PROGRAM
    for program in all_programs():
        if wanted == program.name or wanted in program.aliases:
            return program
    names = ", ".join(p.name for p in all_programs())
    raise UnknownProgram(f"unknown program {name!r} (available: {names})")


def all_options() -> dict[str, list[Program]]:
    """Each program option's name, with the programs that take it."""
    takers: dict[str, list[Program]] = {}
    for program in all_programs():
        for option in program.options:
            takers.setdefault(option.name, []).append(program)
    return takers


def option_of(program: Program, name: str) -> Option | None:
    return next((o for o in program.options if o.name == name), None)


def all_commands() -> dict[str, list[tuple[Program, Command]]]:
    """Each program command's name (``perft``), with the programs that have it."""
    found: dict[str, list[tuple[Program, Command]]] = {}
    for program in all_programs():
        for command in program.commands:
            found.setdefault(command.name, []).append((program, command))
    return found
