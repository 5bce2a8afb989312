"""A page's URL query: what to start, checked exactly as the command line checks it.

``/?program=checkers&letters=MS&seed=7&fen=...`` is ``retro checkers MS --seed 7 --fen ...``:
the program, its letters and every program option go through ``retro.programs.start.check_start``,
so a value the command line refuses is refused here with the same words.  ``phosphor`` picks the
mono monitor's colour, as ``--phosphor`` does.
"""

from __future__ import annotations

import secrets
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from retro.pictures.raster import PHOSPHORS
from retro.programs import UsageError, all_options, option_of
from retro.programs.start import check_start, read_seed

if TYPE_CHECKING:
    from retro.pc.machine import Program

#: Query parameters of the page itself; every other one must be a program option.
OWN_PARAMETERS = ("program", "letters", "seed", "phosphor", "scaling")
#: ``scaling``: the page's own choice (it reads it from its address), as ``--scaling`` takes.
SCALINGS = ("sharp", "integer")
#: Query values longer than this are refused before any program sees them.
MAX_VALUE_CHARS = 400


class BadQuery(ValueError):
    """A query that cannot start anything: the one line to show on the page."""


@dataclass(frozen=True)
class Start:
    """What one page starts: ``retro PROGRAM LETTERS --seed SEED --OPTION VALUE...``."""

    program: str = "launcher"
    letters: str = ""
    seed: int | None = None        # None: drawn at random for each tab
    options: dict[str, str] = field(default_factory=dict)
    phosphor: str = "green"

    def with_seed(self) -> Start:
        """This start with its seed drawn now if the query gave none."""
        if self.seed is not None:
            return self
        return Start(self.program, self.letters, secrets.randbelow(2**32), dict(self.options),
                     self.phosphor)


def parse_query(pairs: Iterable[tuple[str, str]]) -> Start:
    """Check a query (name, value pairs in order); raises ``BadQuery`` naming the problem."""
    values: dict[str, str] = {}
    for name, value in pairs:
        if name in values:
            raise BadQuery(f"the parameter {name!r} is given twice")
        if len(value) > MAX_VALUE_CHARS:
            raise BadQuery(f"the parameter {name!r} is longer than {MAX_VALUE_CHARS} characters")
        values[name] = value
    takers = all_options()
    known = set(OWN_PARAMETERS) | set(takers)
    for name in values:
        if name in takers and any(_names_a_file(program, name) for program in takers[name]):
            raise BadQuery(f"the parameter {name!r} names a file on the server: a link "
                           f"cannot use it (it works on the command line, --{name})")
        if name not in known:
            raise BadQuery(f"unknown parameter {name!r} (this page takes "
                           f"{', '.join(sorted(known))})")
    program = values.pop("program", "") or "launcher"
    letters = values.pop("letters", "")
    phosphor = values.pop("phosphor", "green")
    if phosphor not in PHOSPHORS:
        raise BadQuery(f"argument --phosphor: invalid choice: {phosphor!r} (choose from "
                       f"{', '.join(map(repr, PHOSPHORS))})")
    scaling = values.pop("scaling", "sharp")
    if scaling not in SCALINGS:
        raise BadQuery(f"argument --scaling: invalid choice: {scaling!r} (choose from "
                       f"{', '.join(map(repr, SCALINGS))})")
    try:
        seed = _seed(values.pop("seed", None))
        options = dict(values)
        found = check_start(program, letters, options, seed)
    except UsageError as err:
        raise BadQuery(str(err)) from None
    return Start(found.name, letters, seed, options, phosphor)


def _names_a_file(program: Program, name: str) -> bool:
    """Whether the program's option ``name`` is a path (``--pdn FILE``): a page must not
    make the server read its files (another browser's saves, ``/dev/zero``...)."""
    option = option_of(program, name)
    return option is not None and option.metavar == "FILE"


def _seed(text: str | None) -> int | None:
    """The seed of the query (None: drawn for each tab), as ``--seed`` reads it."""
    return None if text is None or text == "" else read_seed(text)
