"""``retro render IN -o OUT.png``: one screen file (.bin, .txt dump, .ans) to a picture."""

from __future__ import annotations

from pathlib import Path

from retro.cli.common import FileProblem, Parser, cannot_write, check_output, reason
from retro.programs import UsageError


def parser() -> Parser:
    """The parser of ``retro render``'s words, with each option's help."""
    found = Parser(prog="retro render", add_help=False)
    found.add_argument("input", type=Path, metavar="IN",
                       help="a .bin screen image, a .txt golden dump or an .ans file")
    found.add_argument("-o", "--output", type=Path, required=True, metavar="OUT.png",
                       help="the picture to write (PNG)")
    found.add_argument("--mono", action="store_true", default=None,
                       help="draw it on the MDA (a .txt dump says its own mode)")
    found.add_argument("--border", type=int, default=None, metavar="N",
                       help="the border colour 0-15 (a .txt dump says its own)")
    found.add_argument("--no-blink", action="store_true",
                       help="attribute bit 7 is a bright background, not blinking")
    found.add_argument("--blink-phase", choices=("on", "off"), default="on", metavar="on|off",
                       help="blinking cells shown or hidden (default on)")
    found.add_argument("--no-border-band", action="store_true",
                       help="no band of border colour around the text")
    found.add_argument("--phosphor", choices=("green", "amber", "white"), default="green",
                       metavar="green|amber|white", help="the MDA's colour")
    found.add_argument("--top", type=int, default=None, metavar="ROW",
                       help="art taller than 25 rows: the 25-row window from ROW (1-based)")
    return found


def main(args: list[str]) -> int:
    ns = parser().parse_args(args)
    if ns.border is not None and not 0 <= ns.border <= 15:
        raise UsageError("--border takes a colour number 0-15")
    if ns.top is not None and ns.top < 1:
        raise UsageError("--top takes a row number from 1")
    from retro.screenfiles.screenfile import render_file

    check_output(ns.output)
    if ns.output.suffix.lower() != ".png":   # PNG bytes in a .jpg would fool the next tool
        raise UsageError(f"render writes PNG pictures: name the output .png, not "
                         f"{ns.output.name}")
    if not ns.input.is_file():
        raise FileProblem(f"cannot read {ns.input}: "
                          f"{'it is a folder' if ns.input.is_dir() else 'there is no such file'}")
    try:
        render_file(ns.input, ns.output, mono=ns.mono, border=ns.border,
                    blink=False if ns.no_blink else None,
                    blink_phase_on=ns.blink_phase == "on",
                    border_band=not ns.no_border_band, phosphor=ns.phosphor,
                    top=None if ns.top is None else ns.top - 1)
    except OSError as err:
        if err.filename is not None and Path(str(err.filename)) == ns.output:
            raise FileProblem(cannot_write(err)) from None
        raise FileProblem(f"cannot read {ns.input}: {reason(err, ns.input)}") from None
    except ValueError as err:   # not a screen file: a bad input, like a missing one
        raise FileProblem(f"render: {err}") from None
    return 0
