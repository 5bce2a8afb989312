"""What the commands share: the parser that fails in one line, file checks and their words.

Every command module imports from here; nothing here imports a command.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from retro.programs import UsageError


class FileProblem(Exception):
    """An input or output file that cannot be used: one line naming it, exit status 2."""


class Parser(argparse.ArgumentParser):
    """An argument parser whose errors are a ``UsageError`` (one line and where to read more,
    exit 2), not argparse's usage dump and exit."""

    def error(self, message: str) -> None:  # type: ignore[override]
        raise UsageError(message, see=f"{self.prog} --help")


def add_program_options(parser: argparse.ArgumentParser) -> None:
    """``--NAME VALUE`` for every option an installed program takes (checked later against
    the program actually started)."""
    from retro.programs import all_options

    for name, takers in all_options().items():
        option = next(o for o in takers[0].options if o.name == name)
        owners = ", ".join(program.name for program in takers)
        parser.add_argument(f"--{name}", dest=f"option_{name}", default=None,
                            metavar=option.metavar, help=f"{owners}: {option.help}")


def program_options(ns: argparse.Namespace) -> dict[str, str]:
    """The program options given on the command line, by name."""
    return {key.removeprefix("option_"): value for key, value in vars(ns).items()
            if key.startswith("option_") and value is not None}


def check_output(path: Path) -> None:
    """Refuse, before any work, an output that cannot be written (one line naming it)."""
    from retro.store.problems import blocking_file

    if path.is_dir():
        raise FileProblem(f"cannot write {path}: it is a folder")
    folder = path.parent
    if not folder.is_dir():
        blocker = blocking_file(folder)
        why = f"{blocker} is a file, not a folder" if blocker else \
            f"the folder {folder} does not exist"
        raise FileProblem(f"cannot write {path}: {why}")


def reason(err: OSError, path: Path) -> str:
    """Why ``path`` could not be used, in words (``it is a folder``, ``permission denied``)."""
    from retro.store.problems import os_reason

    return os_reason(err, path)


def cannot_write(err: OSError) -> str:
    """The one line for an output that failed while being written."""
    name = Path(str(err.filename)) if err.filename else Path("the output")
    return f"cannot write {name}: {reason(err, name)}"


def read_key_file(path: Path) -> str:
    """A key script file's text; a file that cannot be read is a ``FileProblem``."""
    try:
        data = path.read_bytes()
    except OSError as err:
        raise FileProblem(f"cannot read the key file {path}: {reason(err, path)}") from None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as err:
        raise FileProblem(f"the key file {path} is not UTF-8 text (byte {err.start + 1})") \
            from None
