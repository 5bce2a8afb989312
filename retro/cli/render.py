"""``retro render IN -o OUT.png``: one screen file (.bin, .txt dump, .ans) to a picture."""

from __future__ import annotations

from pathlib import Path

from retro.cli.common import FileProblem, Parser, cannot_write, check_output, reason
from retro.programs import UsageError


def main(args: list[str]) -> int:
    parser = Parser(prog="retro render", add_help=False)
    parser.add_argument("input", type=Path)
    parser.add_argument("-o", "--output", type=Path, required=True)
    parser.add_argument("--mono", action="store_true", default=None)
    parser.add_argument("--border", type=int, default=None)
    parser.add_argument("--no-blink", action="store_true")
    parser.add_argument("--blink-phase", choices=("on", "off"), default="on")
    parser.add_argument("--no-border-band", action="store_true")
    parser.add_argument("--phosphor", choices=("green", "amber", "white"), default="green")
    parser.add_argument("--top", type=int, default=None)
    ns = parser.parse_args(args)
    if ns.border is not None and not 0 <= ns.border <= 15:
        raise UsageError("--border takes a colour number 0-15")
    if ns.top is not None and ns.top < 1:
        raise UsageError("--top takes a row number from 1")
    from retro.screenfiles.screenfile import render_file

    check_output(ns.output)
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
