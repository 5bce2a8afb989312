"""``retro run GAME [LETTERS] --seed N --keys SCRIPT [outputs]``: headless and deterministic."""

from __future__ import annotations

import argparse
import contextlib
import json
import signal
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

from retro.cli.common import (
    FileProblem,
    Parser,
    add_program_options,
    cannot_write,
    check_output,
    program_options,
    read_key_file,
)
from retro.programs import UsageError
from retro.programs.start import check_letters, check_options, check_seed, program_named

if TYPE_CHECKING:
    from retro.frontends.camera import Camera
    from retro.frontends.script import RunResult

#: Virtual time ``--until`` may ask for: a day is far past any game's longest wait.
MAX_UNTIL_MS = 86_400_000
#: ``--max-seconds`` above a day of real time is refused like ``--until`` above a day.
MAX_SECONDS = 86_400.0
#: How long past ``--max-seconds`` a run may stay inside one step (a disk that does not
#: answer, one long computation) before an alarm ends it without its outputs.
STUCK_GRACE_S = 10.0
#: The files a run can write, each an option of the same name.
OUTPUTS = ("bin", "txt", "png", "wav", "ansi", "state")
#: The moving pictures of the whole run (``retro.frontends.camera``), written as it goes.
CLIPS = ("gif", "apng", "cast")
#: An output named ``-`` goes to standard output, as in most command-line tools.
STDOUT = Path("-")


class StuckRun(BaseException):
    """Raised by the alarm in the step that outstayed ``--max-seconds`` (a BaseException,
    so that no ``except Exception`` inside a game or the store swallows it)."""


@contextlib.contextmanager
def alarm(seconds: float) -> Iterator[None]:
    """Raise ``StuckRun`` wherever the main thread is after ``seconds`` of wall time.

    The run checks its own wall-clock limit between steps; this is the backstop for a
    step that never returns, since a blocking system call is interrupted by the signal.
    """
    if not hasattr(signal, "setitimer") or threading.current_thread() is not \
            threading.main_thread():
        yield
        return

    def expire(signum: int, frame: object) -> None:
        raise StuckRun

    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, signal.SIG_DFL if previous is None else previous)


def parser() -> Parser:
    """The parser of ``retro run``'s words, with each option's help."""
    found = Parser(prog="retro run", add_help=False)
    found.add_argument("game", nargs="?", metavar="GAME",
                       help="a program of retro --list (a --keys-file recording names its own)")
    found.add_argument("letters", nargs="?", metavar="LETTERS", help="its start letters")
    found.add_argument("--seed", type=int, metavar="N",
                       help="the run's random stream (default 0; a recording names its own)")
    keys = found.add_mutually_exclusive_group()
    keys.add_argument("--keys", default="", metavar="SCRIPT", help="the key-script tokens")
    keys.add_argument("--keys-file", type=Path, metavar="FILE",
                      help="the tokens from a file (a --record file replays its session)")
    found.add_argument("--until", type=int, default=600_000, metavar="MS",
                       help="how long a busy program may run after the last token (default "
                            "600000, at most a day of virtual time)")
    found.add_argument("--max-seconds", type=float, default=None, metavar="S",
                       help="a wall-clock limit for the whole run (default 600); a program "
                            "still busy then stops, the outputs show where it was, exit 1")
    found.add_argument("--stop-at-end", action="store_true",
                       help="end as soon as the script is played out, busy or not")
    found.add_argument("--bin", type=Path, metavar="OUT.bin",
                       help="the final screen as the 4000-byte B800 image")
    found.add_argument("--txt", type=Path, metavar="OUT.txt",
                       help="the final screen as a lossless golden dump")
    found.add_argument("--png", type=Path, metavar="OUT.png",
                       help="the final frame as the monitor showed it")
    found.add_argument("--wav", type=Path, metavar="OUT.wav", help="what the speaker played")
    found.add_argument("--ansi", type=Path, metavar="OUT.ans",
                       help="the final screen as an ANSI file (cat it in a terminal)")
    found.add_argument("--state", type=Path, metavar="OUT.json",
                       help="the program's state (a game's rules state) as JSON")
    found.add_argument("--phosphor", choices=("green", "amber", "white"), default="green",
                       metavar="green|amber|white", help="the mono monitor's colour in --png")
    found.add_argument("--no-border-band", action="store_true",
                       help="--png without the band of border colour")
    found.add_argument("--blink-phase", choices=("on", "off"), default=None, metavar="on|off",
                       help="blinking cells shown or hidden in --png (default: as at the end, "
                            "and the cursor in its phase then)")
    found.add_argument("--stop-at", type=int, default=None, metavar="MS",
                       help="end the run at that moment of machine time (the picture of a "
                            "moment, as a clip shows it then)")
    found.add_argument("--gif", type=Path, metavar="OUT.gif",
                       help="the whole run as an animation on the machine's clock: the --png "
                            "picture of every 10 ms, each frame as long as the screen stayed so")
    found.add_argument("--apng", type=Path, metavar="OUT.png",
                       help="the same frames as an animated PNG")
    found.add_argument("--cast", type=Path, metavar="OUT.cast",
                       help="the run as an asciicast v2 file (its screens as ANSI output, "
                            "80x25) for asciinema")
    found.add_argument("--scale", type=int, choices=(1, 2), default=1, metavar="1|2",
                       help="--gif and --apng with each pixel a 1x1 or 2x2 square")
    found.add_argument("--idle-cap", default=None, metavar="T",
                       help="a screen unchanged longer than T (2s, 500ms) shows only that long")
    add_program_options(found)
    return found


def main(args: list[str]) -> int:
    ns = parser().parse_intermixed_args(args)
    if not 0 <= ns.until <= MAX_UNTIL_MS:
        raise FileProblem(f"--until {ns.until} is out of range: it takes milliseconds of "
                          f"virtual time from 0 to {MAX_UNTIL_MS} (a day)")
    # numpy and the machine load when a run starts: --help stays quick.
    from retro.frontends.record import read_header
    from retro.frontends.script import DEFAULT_MAX_SECONDS, ExpectFailed, ScriptError, parse, run

    max_seconds = DEFAULT_MAX_SECONDS if ns.max_seconds is None else ns.max_seconds
    if not 0 < max_seconds <= MAX_SECONDS:  # NaN fails too
        raise FileProblem(f"--max-seconds {ns.max_seconds} is out of range: it takes more "
                          f"than 0 and at most {MAX_SECONDS:g} seconds (a day)")
    check_seed(ns.seed)
    to_stdout = [f"--{output}" for output in OUTPUTS if getattr(ns, output) == STDOUT]
    if len(to_stdout) > 1:
        raise UsageError(f"only one output can go to standard output (-), not "
                         f"{' and '.join(to_stdout)}")
    for output in (*OUTPUTS, *CLIPS):
        if getattr(ns, output) not in (None, STDOUT):
            check_output(getattr(ns, output))
    script = ns.keys
    recorded = None
    if ns.keys_file:
        text = read_key_file(ns.keys_file)
        try:
            recorded, text = read_header(text)
        except ValueError as err:
            raise UsageError(f"{ns.keys_file}: {err}") from None
        script = f"{script} {text}"
    # A recording's first line names the run; the command line overrides it.
    game = ns.game or (recorded.program if recorded else None)
    if game is None:
        raise UsageError("retro run needs a program name (or a --keys-file recording)")
    program = program_named(game)
    letters = ns.letters if ns.letters is not None else (
        recorded.letters if recorded and recorded.program == game else "")
    seed = ns.seed if ns.seed is not None else (recorded.seed if recorded else None) or 0
    check_letters(program, letters)
    try:
        parse(script)
    except ScriptError as err:
        raise UsageError(f"bad key script: {err}") from None
    params = {**(recorded.options if recorded else {}), **program_options(ns)}
    check_options(program, params)
    camera = clip_camera(ns)
    try:
        with alarm(max_seconds + STUCK_GRACE_S):
            result = run(program.name, seed=seed, keys=script, letters=letters,
                         until_ms=ns.until, params=params,
                         stop_at_end=ns.stop_at_end or bool(recorded and recorded.stop_at_end),
                         max_seconds=max_seconds, stop_ms=ns.stop_at,
                         watch=None if camera is None else camera.watch)
    except StuckRun:
        print(f"retro: {program.name} was stuck in one step {STUCK_GRACE_S:g} s past "
              f"--max-seconds {max_seconds:g} and was stopped there; no outputs were written",
              file=sys.stderr)
        return 1
    except ExpectFailed as err:
        print(f"retro: {program.name}: {err}", file=sys.stderr)
        return 1
    except Exception as err:  # an error inside the program: exit 1 with its message
        print(f"retro: {program.name} failed: {type(err).__name__}: {err}", file=sys.stderr)
        return 1
    for notice in result.machine.notices:
        print(f"retro: {notice}", file=sys.stderr)
    try:
        write_outputs(result, ns)
        if camera is not None:
            camera.finish(result.machine)
    except OSError as err:
        raise FileProblem(cannot_write(err)) from None
    if camera is not None and camera.problem is not None:
        print(f"retro: no clip: {camera.problem}", file=sys.stderr)
        return 1
    if result.timed_out:
        print(f"retro: {program.name} was still running after {max_seconds:g} s of wall "
              "time (--max-seconds); the outputs show where it was", file=sys.stderr)
        return 1
    return 0


def clip_camera(ns: argparse.Namespace) -> Camera | None:
    """The camera filming the run into ``--gif``, ``--apng`` and ``--cast`` (None: no clip)."""
    # Each encoder loads only for an output asked for.
    from retro.frontends.camera import Camera, ClipOutputs, parse_duration_ms

    for clip in CLIPS:
        if getattr(ns, clip) == STDOUT:
            raise FileProblem(f"--{clip} writes a file as the run goes, not standard output (-)")
    if ns.stop_at is not None and not 0 <= ns.stop_at <= MAX_UNTIL_MS:
        raise FileProblem(f"--stop-at {ns.stop_at} is out of range: it takes milliseconds of "
                          f"machine time from 0 to {MAX_UNTIL_MS} (a day)")
    try:
        cap = None if ns.idle_cap is None else parse_duration_ms(ns.idle_cap)
    except ValueError as err:
        raise FileProblem(f"--idle-cap: {err}") from None
    outputs = ClipOutputs(ns.gif, ns.apng, ns.cast, ns.scale, cap, ns.phosphor,
                          not ns.no_border_band)
    return Camera(outputs) if outputs.wanted() else None


def write_outputs(result: RunResult, ns: argparse.Namespace) -> None:
    """Write each output the run was asked for, from its final screen and machine."""
    for output in OUTPUTS:
        path = getattr(ns, output)
        if path is not None:
            write(path, output_bytes(output, result, ns))


def write(path: Path, data: bytes) -> None:
    """``data`` into ``path``, or onto standard output for ``-``."""
    if path == STDOUT:
        sys.stdout.flush()
        sys.stdout.buffer.write(data)
        sys.stdout.buffer.flush()
    else:
        path.write_bytes(data)


def output_bytes(output: str, result: RunResult, ns: argparse.Namespace) -> bytes:
    """The bytes of one output (``txt``, ``png``...) of a finished run."""
    screen = result.screen
    if output == "bin":
        return screen.to_bytes()
    if output == "txt":
        # Each encoder loads only for an output asked for.
        from retro.screenfiles.dump import to_text

        return to_text(screen).encode("utf-8")
    if output == "png":
        # Each encoder loads only for an output asked for.
        from retro.pictures.png import encode_png
        from retro.pictures.raster import blink_visible, cursor_visible, render_rgb

        # The picture of the moment the run ended, blink and cursor phases included (a
        # clip's frames are these); a fixed --blink-phase leaves the blinking cursor out.
        t = result.machine.now()
        blink_on = blink_visible(t) if ns.blink_phase is None else ns.blink_phase == "on"
        cursor_on = cursor_visible(t) if ns.blink_phase is None else False
        return encode_png(render_rgb(screen, blink_on=blink_on, cursor_on=cursor_on,
                                     phosphor=ns.phosphor, border_band=not ns.no_border_band))
    if output == "wav":
        # Each encoder loads only for an output asked for.
        from retro.pc.speaker import wav_bytes

        return wav_bytes(result.machine.speaker.recording(result.machine.now()))
    if output == "ansi":
        # Each encoder loads only for an output asked for.
        from retro.screenfiles.ansi import encode_file

        return encode_file(screen)
    state = json.dumps(result.state, indent=2, sort_keys=False) + "\n"
    return state.encode("utf-8")
