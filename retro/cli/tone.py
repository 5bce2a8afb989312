"""``retro tone HZ MS -o OUT.wav``: one square-wave note of the PC speaker, as a WAV file."""

from __future__ import annotations

from pathlib import Path

from retro.cli.common import FileProblem, Parser, cannot_write, check_output
from retro.programs import BadOptionValue

#: The longest ``retro tone``: a minute (a longer one is built in memory all at once).
MAX_TONE_MS = 60_000.0


def parser() -> Parser:
    """The parser of ``retro tone``'s words, with each argument's help."""
    found = Parser(prog="retro tone", add_help=False)
    found.add_argument("hz", type=float, metavar="HZ", help="the frequency, 19-30000 Hz")
    found.add_argument("ms", type=float, metavar="MS",
                       help=f"the length in milliseconds, at most {MAX_TONE_MS:g}")
    found.add_argument("-o", "--output", type=Path, required=True, metavar="OUT.wav",
                       help="the file to write")
    return found


def main(args: list[str]) -> int:
    ns = parser().parse_args(args)
    if not (18.3 <= ns.hz <= 30000 and 0 < ns.ms <= MAX_TONE_MS):  # NaN fails too
        raise BadOptionValue(f"tone {ns.hz:g} {ns.ms:g} is out of range: it takes a "
                             f"frequency of 19-30000 Hz and a length of more than 0 and at "
                             f"most {MAX_TONE_MS:g} ms")
    from retro.pc.speaker import write_tone

    check_output(ns.output)
    try:
        write_tone(ns.hz, ns.ms, ns.output)
    except OSError as err:
        raise FileProblem(cannot_write(err)) from None
    return 0
