"""``retro tone HZ MS -o OUT.wav``: one square-wave note of the PC speaker, as a WAV file."""

from __future__ import annotations

from pathlib import Path

from retro.cli.common import FileProblem, Parser, cannot_write, check_output
from retro.programs import BadOptionValue

#: The longest ``retro tone``: a minute (a longer one is built in memory all at once).
MAX_TONE_MS = 60_000.0


def main(args: list[str]) -> int:
    parser = Parser(prog="retro tone", add_help=False)
    parser.add_argument("hz", type=float)
    parser.add_argument("ms", type=float)
    parser.add_argument("-o", "--output", type=Path, required=True)
    ns = parser.parse_args(args)
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
