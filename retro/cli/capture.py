"""``retro capture [options] -- CMD [ARGS...]``: the command line of ``retro.capture``.

Exit status: 0 the script ran to its end, 1 the program failed, an ``expect`` was not met
or a wait ran out with the screen still changing (one line says which; the outputs are
written all the same), 2 a bad command line, key script or command (one line names it, and
points to ``retro capture --help``).  The way the program ended is always reported on
standard error.
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

from retro.cli.common import (
    FileProblem,
    Parser,
    cannot_write,
    check_output,
    read_key_file,
)
from retro.programs import BadOptionValue

#: What every bad command line ends with (the games' usage says nothing of capture).
SEE_HELP = "see `retro capture --help`"


def bad(message: str) -> BadOptionValue:
    """A bad command line: one line, naming the problem and where the help is; exit 2."""
    return BadOptionValue(f"capture: {message}; {SEE_HELP}")


class _Parser(Parser):
    def error(self, message: str) -> None:  # type: ignore[override]
        raise bad(message)


#: A ScriptError's words for a token that is none of the kinds: its text is group 1.
_NOT_A_TOKEN = re.compile(r"token \d+ '(.+)' \(character \d+\): not a key")


def _script_problem(message: str) -> str:
    """A key script's error, with a hint where the token reads as text left unquoted."""
    m = _NOT_A_TOKEN.match(message)
    if m and '"' not in m[1]:
        return (f"{message} (text goes between double quotes, --keys '\"{m[1]}\"', sent "
                f"as a paste where the program takes pastes, or key by key, "
                f"--keys '{' '.join(m[1])}')")
    return message


def _environment_setting(text: str) -> tuple[str, str]:
    name, equals, value = text.partition("=")
    if not equals or not name:
        raise argparse.ArgumentTypeError(f"--env takes NAME=VALUE, not {text!r}")
    return name, value


def parser() -> Parser:
    """The parser of ``retro capture``'s options (the command comes after ``--``)."""
    # The capture's machinery (pyte, numpy) loads when it runs: --help stays quick.
    from retro.capture.session import DEFAULT_SETTLE_MS, DEFAULT_TIMEOUT_S

    found = _Parser(prog="retro capture", add_help=False)
    keys = found.add_mutually_exclusive_group()
    keys.add_argument("--keys", default="", metavar="SCRIPT",
                      help='the key script: a ENTER F1 "text" click:R,C rclick:R,C wait:MS '
                           'CTRL+X ALT+X expect:"text" (wait until it is shown)')
    keys.add_argument("--keys-file", type=Path, metavar="FILE", help="the script from a file")
    found.add_argument("--settle", type=int, default=DEFAULT_SETTLE_MS, metavar="MS",
                       help="before the first token and after each, wait until the program "
                            f"has written nothing for MS milliseconds (default "
                            f"{DEFAULT_SETTLE_MS})")
    found.add_argument("--timeout", type=float, default=DEFAULT_TIMEOUT_S, metavar="S",
                       help=f"the longest wait for that quiet, or for an expect (default "
                            f"{DEFAULT_TIMEOUT_S:g})")
    found.add_argument("--mono", action="store_true",
                       help="read the cells as an MDA screen (underline kept, colours not)")
    found.add_argument("--allow-busy", action="store_true",
                       help="take the screen as it is when a wait runs out with it still "
                            "changing (a clock), instead of exit status 1")
    found.add_argument("--env", type=_environment_setting, action="append", default=[],
                       metavar="NAME=VALUE", help="one more environment variable (repeat it)")
    found.add_argument("--txt", type=Path, metavar="OUT.txt",
                       help="the final screen as a lossless golden dump")
    found.add_argument("--bin", type=Path, metavar="OUT.bin",
                       help="the final screen as the 4000-byte B800 image")
    found.add_argument("--png", type=Path, metavar="OUT.png", help="the screen in the VGA font")
    found.add_argument("--ansi", type=Path, metavar="OUT.ans", help="the screen as an ANSI file")
    found.add_argument("--gif", type=Path, metavar="OUT.gif",
                       help="the session as a GIF, in the VGA font")
    found.add_argument("--cast", type=Path, metavar="OUT.cast",
                       help="the session as an asciicast v2 file: the program's output bytes "
                            "with the times they came")
    # The program's own words follow "--", past what argparse reads: say so in the usage.
    found.usage = found.format_usage().removeprefix("usage: ").rstrip() + " -- CMD [ARGS...]"
    return found


def main(args: list[str]) -> int:
    # The capture's machinery (pyte, numpy) loads when it runs: --help stays quick.
    from retro.capture.session import CaptureError, capture
    from retro.frontends.record import read_header
    from retro.frontends.script import ScriptError, parse_tokens

    if "--" in args:
        split = args.index("--")
        options, command = args[:split], args[split + 1:]
    else:
        options, command = [], list(args)
        while command and command[0].startswith("-"):   # options, then the command
            options.append(command.pop(0))
            if options[-1] in _TAKES_VALUE and command:
                options.append(command.pop(0))
    ns = parser().parse_args(options)
    if not command:
        raise bad("a command to run is needed, after --")
    if ns.settle < 0:
        raise bad(f"--settle {ns.settle}: a quiet time in milliseconds, 0 or more")
    if not 0 < ns.timeout < float("inf"):
        raise bad(f"--timeout {ns.timeout:g}: a positive number of seconds")
    for output in _OUTPUTS:
        if getattr(ns, output) is not None:
            check_output(getattr(ns, output))
    script = ns.keys
    if ns.keys_file is not None:
        try:
            _header, script = read_header(read_key_file(ns.keys_file))
        except ValueError as err:
            raise bad(f"{ns.keys_file}: {err}") from None
    try:
        parse_tokens(script)
    except ScriptError as err:
        raise bad(f"bad key script: {_script_problem(str(err))}") from None
    from retro.capture.tape import Tape  # the clip's tape only when a clip is asked for

    tape = Tape() if ns.gif or ns.cast else None
    try:
        result = capture(command, script, settle_ms=ns.settle, timeout_s=ns.timeout,
                         env=dict(ns.env), mono=ns.mono, allow_busy=ns.allow_busy, tap=tape)
    except CaptureError as err:
        raise FileProblem(f"capture: {err}") from None
    print(f"retro capture: {result.ended()}", file=sys.stderr)
    if result.busy is not None and result.failure is None:
        print(f"retro capture: {result.busy} (taken as it was: --allow-busy)", file=sys.stderr)
    try:
        _write(result.screen, ns)
        if tape is not None:
            _write_clips(tape, ns)
    except OSError as err:
        raise FileProblem(cannot_write(err)) from None
    if result.failure is not None:
        print(f"retro capture: {result.failure}", file=sys.stderr)
        return 1
    return 0


_OUTPUTS = ("txt", "bin", "png", "ansi", "gif", "cast")
_TAKES_VALUE = {"--keys", "--keys-file", "--settle", "--timeout", "--env",
                *(f"--{output}" for output in _OUTPUTS)}


def _write(screen: object, ns: argparse.Namespace) -> None:
    """The final screen through the writers ``retro run`` uses."""
    # The capture's machinery (pyte, numpy) loads when it runs: --help stays quick.
    from retro.pc.screen import Screen

    assert isinstance(screen, Screen)
    if ns.txt:
        # The capture's machinery (pyte, numpy) loads when it runs: --help stays quick.
        from retro.screenfiles.dump import to_text

        ns.txt.write_text(to_text(screen), encoding="utf-8")
    if ns.bin:
        ns.bin.write_bytes(screen.to_bytes())
    if ns.png:
        # The capture's machinery (pyte, numpy) loads when it runs: --help stays quick.
        from retro.pictures.png import write_png
        from retro.pictures.raster import render_rgb

        write_png(ns.png, render_rgb(screen, blink_on=True))
    if ns.ansi:
        # The capture's machinery (pyte, numpy) loads when it runs: --help stays quick.
        from retro.screenfiles.ansi import encode_file

        ns.ansi.write_bytes(encode_file(screen))


def _write_clips(tape: object, ns: argparse.Namespace) -> None:
    """The session as it came: ``--gif`` through the renderer, ``--cast`` as its bytes."""
    # The capture's machinery (pyte, numpy) loads when it runs: --help stays quick.
    from retro.capture.tape import Tape, write_cast, write_gif

    assert isinstance(tape, Tape)
    if ns.gif:
        write_gif(tape, ns.gif, mono=ns.mono)
    if ns.cast:
        write_cast(tape, ns.cast)
