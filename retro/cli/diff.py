"""``retro diff A B``: 0 when the screens are equal, 1 listing every change, 2 bad input."""

from __future__ import annotations

import sys
from pathlib import Path

from retro.cli.common import Parser
from retro.programs import UsageError


def parser() -> Parser:
    """The parser of ``retro diff``'s words, with each option's help."""
    found = Parser(prog="retro diff", add_help=False)
    found.add_argument("expected", type=Path, metavar="A", help="the screen expected")
    found.add_argument("actual", type=Path, metavar="B", help="the screen it is")
    found.add_argument("--top", type=int, default=None, metavar="ROW",
                       help=".ans art taller than 25 rows: compare the 25-row window from ROW "
                            "(1-based); without it such art is refused rather than cut")
    return found


def main(args: list[str]) -> int:
    ns = parser().parse_args(args)
    if ns.top is not None and ns.top < 1:
        raise UsageError("--top takes a row number from 1")
    from retro.pc.screen import ROWS
    from retro.screenfiles.dump import diff
    from retro.screenfiles.screenfile import ScreenFileError, read_screen, rows_in

    try:
        if ns.top is None:
            # Art taller than the screen is compared one window at a time, never only its
            # first 25 rows in silence.
            for path in (ns.expected, ns.actual):
                if (rows := rows_in(path)) > ROWS:
                    print(f"retro diff: {path}: {rows} rows, more than the screen's {ROWS}: "
                          "--top ROW picks the 25-row window to compare", file=sys.stderr)
                    return 2
        top = 0 if ns.top is None else ns.top - 1
        expected, actual = read_screen(ns.expected, top=top), read_screen(ns.actual, top=top)
    except ScreenFileError as err:
        print(f"retro diff: {err}", file=sys.stderr)
        return 2
    # A .bin holds only the cells, an .ans the cells and where the cursor is: compare the
    # settings (mode, border, blink bit, cursor) only where both files hold them.
    if not (holds_settings(ns.expected) and holds_settings(ns.actual)):
        rich, bare = (expected, actual) if holds_settings(ns.expected) else (actual, expected)
        bare.mono, bare.border, bare.blink = rich.mono, rich.border, rich.blink
        bare.cursor = type(rich.cursor)(**vars(rich.cursor))
    lines = diff(expected, actual)
    if not lines:
        return 0
    print(f"{ns.expected} and {ns.actual} differ: {lines[0]}")
    print("\n".join(lines[1:]))
    return 1


def holds_settings(path: Path) -> bool:
    """Whether a screen file keeps the mode, border, blink bit and cursor (a .txt dump)."""
    return path.suffix.lower() == ".txt"
