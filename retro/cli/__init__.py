"""The ``retro`` command line (README.md, "The command line", is the contract).

One module a command (``run``, ``render``, ``diff``, ``tone``, ``capture``, ``serve``, play),
``common`` for what they share, ``help`` for each command's ``--help`` page.  This module only
reads the first word and hands the rest on.  Command modules are imported when their command
runs, on purpose: ``retro --version`` and ``retro --help`` answer without numpy or pygame.

Imports from retro: every layer (it is the top one).
"""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING

from retro import __version__
from retro.cli.common import FileProblem
from retro.programs import BadOptionValue, UsageError

if TYPE_CHECKING:
    from retro.pc.machine import Program

#: The commands retro itself has, each the ``main(args)`` of ``retro.cli.NAME``.
COMMANDS = ("run", "render", "tone", "diff", "capture", "serve")


def usage() -> str:
    """``retro --help``: every command's usage (``retro.cli.help``), then the letters,
    commands and options that installed programs add."""
    from retro.cli.help import overview
    from retro.programs import all_commands, all_options, all_programs

    lines = []
    for program in all_programs():
        if program.letters:
            lines.append(f"retro {program.name} [LETTERS]   its own letters: "
                         f"{', '.join(program.letters)}")
    for name, entries in sorted(all_commands().items()):
        for program, command in entries:
            lines.append(f"retro {name} {program.name} {command.summary}")
    for name, programs in sorted(all_options().items()):
        owners = ", ".join(p.name for p in programs)
        lines.append(f"retro [run] GAME ... --{name} {_metavar(programs[0], name)}"
                     f"   ({owners})")
    return overview(lines)


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    try:
        return _dispatch(args)
    except UsageError as err:
        print(f"retro: {err}", file=sys.stderr)
        if not isinstance(err, BadOptionValue):
            print(f"see `{err.see or 'retro --help'}`", file=sys.stderr)
        return 2
    except FileProblem as err:
        print(f"retro: {err}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:  # output piped into a pager or head that closed early
        sys.stderr.close()
        return 0


def _dispatch(args: list[str]) -> int:
    # Each command's module is imported here, when it runs: start-up stays cheap.
    import importlib

    from retro.cli import play

    if not args:
        return play.play("launcher", "", tty=False)
    first = args[0]
    if first in ("-h", "--help"):
        print(usage())
        return 0
    if first in ("-V", "--version"):
        print(f"retro {__version__}")
        return 0
    if first == "--list":
        from retro.programs import all_programs, broken_programs

        for program in all_programs():
            print(program.name)
        for broken in broken_programs():  # on stderr: the list itself stays names only
            print(f"retro: {broken}", file=sys.stderr)
        return 0
    if first == "--tty" and len(args) == 1:
        return play.play("launcher", "", tty=True)
    from retro.cli.help import command_help, commands_help, program_help, wants_help

    if first in COMMANDS:
        if wants_help(args[1:]):
            print(command_help(first))
            return 0
        command = importlib.import_module(f"retro.cli.{first}")
        with _help_of(f"retro {first} --help"):
            return int(command.main(args[1:]))
    from retro.programs import all_commands

    program_commands = all_commands()
    if first in program_commands:
        from retro.cli import program_command

        if args[1:2] in (["-h"], ["--help"]):   # retro perft --help: which programs have it
            print(commands_help(first, program_commands[first]))
            return 0
        return program_command.main(first, program_commands[first], args[1:])
    if first.startswith("-"):
        raise UsageError(f"unknown option {first!r}")
    if wants_help(args[1:]):
        from retro.programs.start import program_named

        print(program_help(program_named(first)))
        return 0
    with _help_of(f"retro {first} --help"):
        return play.main(args)


@contextlib.contextmanager
def _help_of(page: str) -> Iterator[None]:
    """A command's usage error points at the command's own help page."""
    try:
        yield
    except UsageError as err:
        if err.see is None:
            err.see = page
        raise


def _metavar(program: Program, name: str) -> str:
    from retro.programs import option_of

    option = option_of(program, name)
    return option.metavar if option else "VALUE"

