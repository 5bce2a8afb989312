"""What may start: a program's name, letters, options and seed, checked in one place.

``retro GAME``, ``retro run`` and a ``retro serve`` link all ask ``check_start`` (and
``check_seed``), so a start is refused exactly when the command line refuses it, with the
same words.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from retro.programs.registry import (
    BadOptionValue,
    UnknownProgram,
    UsageError,
    all_options,
    find,
    option_of,
)

if TYPE_CHECKING:
    from retro.pc.machine import Program

#: The largest seed: the seed is a 64-bit unsigned number, as a recording's header keeps it.
MAX_SEED = 2**64 - 1


def program_named(name: str) -> Program:
    """The program called ``name``; an unknown name is a ``UsageError`` listing the others."""
    try:
        return find(name)
    except UnknownProgram as err:
        raise UsageError(str(err), see="retro --list") from None


def check_letters(program: Program, letters: str) -> None:
    """Letters the program does not take are a ``UsageError`` naming them."""
    from retro.pc.machine import Flags

    try:
        Flags.parse(letters, program.letters)
    except ValueError as err:
        raise UsageError(str(err)) from None


def check_options(program: Program, options: dict[str, str]) -> None:
    """An option the program does not take is an error naming those that do; a value the
    option refuses is a ``BadOptionValue`` with the option's own reason."""
    for name, value in options.items():
        option = option_of(program, name)
        if option is None:
            owners = ", ".join(p.name for p in all_options().get(name, []))
            where = f"it is an option of {owners}" if owners else "no program takes it"
            raise UsageError(f"{program.name} takes no --{name} ({where})")
        problem = option.check(value) if option.check else None
        if problem:
            raise BadOptionValue(f"--{name}: {problem}")


def check_seed(seed: int | None) -> None:
    """Seeds are whole numbers 0 to ``MAX_SEED``: Python's stream takes a negative seed as
    its absolute value (``--seed -1`` would play the seed 1 game), so those are refused."""
    if seed is not None and not 0 <= seed <= MAX_SEED:
        raise BadOptionValue(f"--seed {seed} is out of range: it takes a whole number from 0 "
                             f"to {MAX_SEED}")


def check_start(name: str, letters: str, options: dict[str, str],
                seed: int | None = None) -> Program:
    """The program ``retro NAME LETTERS --OPTION VALUE... --seed N`` would start, with all of
    it checked as the command line checks it; raises ``UsageError`` (``BadOptionValue``)
    with the one line to show."""
    program = program_named(name)
    check_letters(program, letters)
    check_options(program, options)
    check_seed(seed)
    return program
