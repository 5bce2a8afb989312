"""Finding programs: everything registered in the ``retro.programs`` entry-point group.

A package adds a program to ``retro --list`` and to the games menu by declaring, in its
own ``pyproject.toml``::

    [project.entry-points."retro.programs"]
    tetris = "tetris_for_retro:PROGRAM"

where ``PROGRAM`` is a ``retro.pc.machine.Program``.  retro's own games register the same way,
so this module imports no game: it only loads what is registered.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # imported late: ``retro --help`` and ``--version`` answer at once
    from importlib.metadata import EntryPoint

    from retro.pc.machine import Command, Option, Program

GROUP = "retro.programs"


class UnknownProgram(LookupError):
    """A name that is no program; the message lists what can run."""


class UsageError(Exception):
    """A bad command line: one line of explanation, then where to read more, exit status 2."""

    def __init__(self, message: str, see: str | None = None) -> None:
        super().__init__(message)
        #: The help that explains what was wrong (``retro run --help``); None: the command
        #: line's own (``retro --help``), or the page of the command it came from.
        self.see = see


class BadOptionValue(UsageError):
    """A program's option with a value it refuses: the one line alone, exit status 2."""


@dataclass(frozen=True)
class Broken:
    """A registration that does not give a program: which entry point, and why."""

    name: str      # the entry point's name (``tetris``)
    value: str     # what it points at (``tetris_for_retro:PROGRAM``)
    reason: str    # ``ModuleNotFoundError: No module named 'tetris_for_retro'``

    def __str__(self) -> str:
        return (f"the program {self.name!r} is registered ({self.name} = {self.value} in "
                f"{GROUP}) but could not be loaded: {self.reason}")


def _load(entry: EntryPoint) -> Program | Broken:
    from retro.pc.machine import Program

    try:
        program = entry.load()
    except Exception as err:  # a broken third-party plug-in must not take the menu down
        first = str(err).strip().splitlines()[0] if str(err).strip() else ""
        return Broken(entry.name, entry.value,
                      f"{type(err).__name__}: {first}" if first else type(err).__name__)
    if not isinstance(program, Program):
        return Broken(entry.name, entry.value,
                      f"it names {with_article(type(program).__name__)}, not a retro.Program")
    return program


def with_article(noun: str) -> str:
    """``an int``, ``a str``: the noun with its indefinite article."""
    return f"{'an' if noun[:1].lower() in 'aeiou' else 'a'} {noun}"


@cache
def _registered() -> tuple[tuple[Program, ...], tuple[Broken, ...]]:
    from importlib.metadata import entry_points

    from retro.pc.machine import Program

    found: dict[str, Program] = {}
    broken: list[Broken] = []
    for entry in sorted(entry_points(group=GROUP), key=lambda e: (e.name, e.value)):
        program = _load(entry)
        if not isinstance(program, Program):
            broken.append(program)
        elif program.name not in found:
            found[program.name] = program
    return tuple(sorted(found.values(), key=lambda p: (p.order, p.name))), tuple(broken)


def all_programs() -> tuple[Program, ...]:
    """Every registered program that loads, in menu order (``order``, then name).

    An entry that fails to import, or does not name a ``Program``, is not listed
    (``broken_programs`` says which and why): ``retro --list`` shows only what runs.  The
    first registration of a name wins.
    """
    return _registered()[0]


def broken_programs() -> tuple[Broken, ...]:
    """The registrations that failed to load, with the reason of each."""
    return _registered()[1]


def find(name: str) -> Program:
    """The program called ``name`` or one of its aliases (any case).

    ``launcher`` is the games menu itself: not listed, but found, so that a recording of a
    session started in the menu (``retro --record F``, ``retro serve --record F``) replays.
    """
    wanted = name.lower()
    if wanted == "launcher":
        return menu()
    for program in all_programs():
        if wanted == program.name or wanted in program.aliases:
            return program
    for broken in broken_programs():
        if wanted == broken.name.lower():
            raise UnknownProgram(str(broken))
    names = ", ".join(p.name for p in all_programs())
    raise UnknownProgram(f"unknown program {name!r} (available: {names})")


@cache
def menu() -> Program:
    """The games menu (``retro`` alone), listing ``all_programs()``."""
    from retro.programs.launcher import make_menu

    return make_menu(lambda: all_programs())   # looked up at each showing


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
