"""Finding programs: the built-in ones and every package under ``games`` with a PROGRAM."""

from __future__ import annotations

import importlib
import pkgutil
from functools import cache

from retro.machine import Program

BUILTIN_MODULES = ("retro.charmap",)


class UnknownProgram(LookupError):
    """A name that is no program; the message lists what can run."""


@cache
def all_programs() -> tuple[Program, ...]:
    """Every program that can run now, built-ins first, then the games by name.

    A game package that fails to import, or has no ``PROGRAM`` yet, is simply not listed:
    ``retro --list`` shows only what runs.
    """
    found: list[Program] = [importlib.import_module(m).PROGRAM for m in BUILTIN_MODULES]
    try:
        games = importlib.import_module("games")
    except ImportError:
        return tuple(found)
    for info in sorted(pkgutil.iter_modules(games.__path__), key=lambda i: i.name):
        if not info.ispkg:
            continue
        try:
            module = importlib.import_module(f"games.{info.name}")
        except ImportError:
            continue
        program = getattr(module, "PROGRAM", None)
        if isinstance(program, Program):
            found.append(program)
    return tuple(found)


def find(name: str) -> Program:
    """The program called ``name`` or one of its aliases (any case)."""
    wanted = name.lower()
    for program in all_programs():
        if wanted == program.name or wanted in program.aliases:
            return program
    names = ", ".join(p.name for p in all_programs())
    raise UnknownProgram(f"unknown program {name!r} (available: {names})")
