"""The ``retro`` command line (README.md, "The command line", is the contract).

Imports are late on purpose: ``retro --version`` and ``retro --help`` answer without
loading numpy or pygame.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import signal
import sys
import threading
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from retro import __version__

if TYPE_CHECKING:
    from retro.machine import Program
    from retro.script import RunResult

USAGE = """\
usage: retro                          the games menu
       retro GAME [LETTERS] [--tty] [--record FILE]
                                      play (letters: S sound off, M mono, C colour,
                                      D no mouse, * skip the show; a game's own below)
                 [--seed N] [--phosphor green|amber|white] [--fullscreen]
                 [--scaling sharp|integer|smooth] [--colors auto|24bit|16] (terminal colours)
       retro run GAME [LETTERS] --seed N --keys SCRIPT [--keys-file F] [--until MS]
                 [--max-seconds S] (wall-time limit, default 600)
                 (a --keys-file recording names GAME, LETTERS and the seed itself)
                 [--bin F] [--txt F] [--png F] [--wav F] [--ansi F] [--state F]
                 [--no-border-band] [--phosphor green|amber|white] [--blink-phase on|off]
       retro render IN [--mono] [--border N] [--no-blink] [--blink-phase on|off]
                 [--no-border-band] [--top ROW] -o OUT.png   (IN: .bin, .txt dump or .ans)
       retro diff A B                 compare two screens (.txt, .bin or .ans): exit 0
                                      equal, 1 with every changed cell listed, 2 bad input
       retro tone HZ MS -o OUT.wav
       retro capture [--keys SCRIPT | --keys-file F] [--settle MS] [--timeout S]
                 [--txt F] [--bin F] [--png F] [--ansi F] -- CMD [ARGS...]
                                      run any terminal program on an 80x25 pty, type
                                      the script, write its final screen
       retro serve [--host 127.0.0.1] [--port 8080] [--max-sessions 16]
                 [--idle-timeout S] [--record FILE]   play in a browser
{commands}       retro --list | --help | --version"""

from retro.programs import (  # noqa: E402  (one exception for every command line)
    BadOptionValue,
    UsageError,
)

#: Virtual time ``--until`` may ask for: a day is far past any game's longest wait.
MAX_UNTIL_MS = 86_400_000
#: ``--max-seconds`` above a day of real time is refused like ``--until`` above a day.
MAX_SECONDS = 86_400.0
#: How long past ``--max-seconds`` a run may stay inside one step (a disk that does not
#: answer, one long computation) before an alarm ends it without its outputs.
STUCK_GRACE_S = 10.0
#: The longest ``retro tone``: a minute (a longer one is built in memory all at once).
MAX_TONE_MS = 60_000.0


class FileProblem(Exception):
    """An input or output file that cannot be used: one line naming it, exit status 2."""


def usage() -> str:
    """The usage text, with the commands and options that installed programs add."""
    from retro.programs import all_commands, all_options, all_programs

    lines = []
    for program in all_programs():
        if program.letters:
            lines.append(f"       retro {program.name} [LETTERS]   its own letters: "
                         f"{', '.join(program.letters)}\n")
    for name, entries in sorted(all_commands().items()):
        for program, command in entries:
            lines.append(f"       retro {name} {program.name} {command.summary}\n")
    for name, programs in sorted(all_options().items()):
        owners = ", ".join(p.name for p in programs)
        lines.append(f"       retro [run] GAME ... --{name} {_metavar(programs[0], name)}"
                     f"   ({owners})\n")
    return USAGE.format(commands="".join(lines))


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # type: ignore[override]
        raise UsageError(message)


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    try:
        return _dispatch(args)
    except UsageError as err:
        print(f"retro: {err}", file=sys.stderr)
        if not isinstance(err, BadOptionValue):
            print(usage(), file=sys.stderr)
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
    if not args:
        return _play("launcher", "", tty=False)
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
        return _play("launcher", "", tty=True)
    from retro.clihelp import HELP, program_help, wants_help

    commands = {"run": _cmd_run, "render": _cmd_render, "tone": _cmd_tone, "diff": _cmd_diff,
                "capture": _cmd_capture, "serve": _cmd_serve}
    if first in commands:
        if wants_help(args[1:]):
            print(HELP[first])
            return 0
        return commands[first](args[1:])
    from retro.programs import all_commands

    program_commands = all_commands()
    if first in program_commands:
        return _program_command(first, program_commands[first], args[1:])
    if first.startswith("-"):
        raise UsageError(f"unknown option {first!r}")
    if wants_help(args[1:]):
        print(program_help(_program(first)))
        return 0
    parser = _Parser(prog="retro", add_help=False)
    parser.add_argument("game")
    parser.add_argument("letters", nargs="?", default="")
    parser.add_argument("--tty", action="store_true")
    parser.add_argument("--seed", type=int)
    parser.add_argument("--phosphor", choices=("green", "amber", "white"), default="green")
    parser.add_argument("--fullscreen", action="store_true")
    parser.add_argument("--scaling", choices=("sharp", "integer", "smooth"), default="sharp")
    parser.add_argument("--colors", choices=("auto", "24bit", "16"), default="auto")
    parser.add_argument("--record", type=Path)
    _add_program_options(parser)
    ns = parser.parse_intermixed_args(args)   # options before or after the letters
    _check_seed(ns.seed)
    return _play(ns.game, ns.letters, tty=ns.tty, seed=ns.seed, phosphor=ns.phosphor,
                 fullscreen=ns.fullscreen, options=_program_options(ns), colors=ns.colors,
                 record=ns.record, scaling=ns.scaling)


def _metavar(program: Program, name: str) -> str:
    from retro.programs import option_of

    option = option_of(program, name)
    return option.metavar if option else "VALUE"


def _program_command(name: str, entries: list, args: list[str]) -> int:
    """``retro perft checkers ...``: the command of the program named after the word."""
    if not args or args[0].startswith("-"):
        owners = ", ".join(program.name for program, _ in entries)
        raise UsageError(f"{name} needs a program name first ({owners})")
    wanted = _program(args[0])
    for program, command in entries:
        if program.name == wanted.name:
            from retro.clihelp import wants_help

            if wants_help(args[1:]):
                print(command.help or f"usage: retro {name} {program.name} {command.summary}")
                return 0
            return command.main(args[1:])
    owners = ", ".join(program.name for program, _ in entries)
    raise UsageError(f"{wanted.name} has no {name} command (it is one of: {owners})")


def _add_program_options(parser: argparse.ArgumentParser) -> None:
    from retro.programs import all_options

    for name in all_options():
        parser.add_argument(f"--{name}", dest=f"option_{name}", default=None)


def _program_options(ns: argparse.Namespace) -> dict[str, str]:
    return {key.removeprefix("option_"): value for key, value in vars(ns).items()
            if key.startswith("option_") and value is not None}


def _check_options(program: Program, options: dict[str, str]) -> None:
    """An option the program does not take is an error naming those that do."""
    from retro.programs import all_options, option_of

    for name, value in options.items():
        option = option_of(program, name)
        if option is None:
            owners = ", ".join(p.name for p in all_options().get(name, []))
            raise UsageError(f"{program.name} takes no --{name} (it is an option of {owners})")
        problem = option.check(value) if option.check else None
        if problem:
            raise BadOptionValue(f"--{name}: {problem}")


def _program(name: str) -> Program:
    from retro.programs import UnknownProgram, find

    try:
        return find(name)
    except UnknownProgram as err:
        raise UsageError(str(err)) from None


def _check_letters(program: Program, letters: str) -> None:
    from retro.machine import Flags

    try:
        Flags.parse(letters, program.letters)
    except ValueError as err:
        raise UsageError(str(err)) from None


def check_start(name: str, letters: str, options: dict[str, str]) -> Program:
    """The program ``retro NAME LETTERS --OPTION VALUE...`` would start, with its letters and
    options checked as the command line checks them (``retro serve`` checks a URL's query
    with it); raises ``UsageError`` (``BadOptionValue``) with the one line to show."""
    program = _program(name)
    _check_letters(program, letters)
    _check_options(program, options)
    return program


def _play(name: str, letters: str, *, tty: bool, seed: int | None = None,
          phosphor: str = "green", fullscreen: bool = False,
          options: dict[str, str] | None = None, colors: str = "auto",
          record: Path | None = None, scaling: str = "sharp") -> int:
    import random

    from retro.clock import RealClock
    from retro.machine import ClockLike
    from retro.record import Recorder, header
    from retro.script import make_machine

    params = dict(options or {})
    program = check_start(name, letters, params)
    if seed is None:   # drawn at random, and written into a recording so it replays
        seed = random.SystemRandom().randrange(2**32)
    recorder = None
    if record is not None:
        try:
            record.write_text("", encoding="utf-8")   # can it be written? say so now, not later
        except OSError as err:
            raise FileProblem(f"cannot write the recording {record}: "
                              f"{_reason(err, record)}") from None
    clock: ClockLike = RealClock()
    if record is not None:
        recorder = Recorder(record, header(program.name, letters, seed, params), clock)
        clock = recorder   # the session runs on the time its replay will have
    machine = make_machine(program.letters, letters, seed, None, params, clock)
    coroutine = program.main(machine)
    shown = 0

    def show_notices() -> None:
        """Print the notices not printed yet (at start in a window: the terminal is free)."""
        nonlocal shown
        for notice in machine.notices[shown:]:
            print(f"retro: {notice}", file=sys.stderr)
        shown = len(machine.notices)

    try:
        if not tty:
            try:
                from retro.window import WindowUnavailable, run_window
            except ImportError as err:
                print(f"retro: no window ({err}); playing in the terminal", file=sys.stderr)
            else:
                try:
                    # 0, or 128 + the signal (SIGTERM, SIGHUP) that closed the window.
                    return run_window(machine, coroutine, title=program.title,
                                      phosphor=phosphor, fullscreen=fullscreen,
                                      observer=recorder, on_open=show_notices,
                                      scaling=scaling)
                except WindowUnavailable as err:
                    print(f"retro: no display ({err}); playing in the terminal",
                          file=sys.stderr)
        from retro.terminal import TerminalUnavailable, run_terminal

        try:
            # 0, 130 for Ctrl+C, 143 for SIGTERM..., once the terminal is restored.
            return run_terminal(machine, coroutine, colors=colors, observer=recorder)
        except TerminalUnavailable as err:
            print(f"retro: cannot play here: {err}", file=sys.stderr)
            return 1
    finally:
        coroutine.close()
        if recorder is not None:
            recorder.write_and_tell(machine.notice)
        show_notices()


class _StuckRun(BaseException):
    """Raised by the alarm in the step that outstayed ``--max-seconds`` (a BaseException,
    so that no ``except Exception`` inside a game or the store swallows it)."""


@contextlib.contextmanager
def _alarm(seconds: float) -> Iterator[None]:
    """Raise ``_StuckRun`` wherever the main thread is after ``seconds`` of wall time.

    The run checks its own wall-clock limit between steps; this is the backstop for a
    step that never returns, since a blocking system call is interrupted by the signal.
    """
    if not hasattr(signal, "setitimer") or threading.current_thread() is not \
            threading.main_thread():
        yield
        return

    def expire(signum: int, frame: object) -> None:
        raise _StuckRun

    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, signal.SIG_DFL if previous is None else previous)


def _check_seed(seed: int | None) -> None:
    """Seeds are whole numbers 0 to ``MAX_SEED``: Python's stream takes a negative seed as
    its absolute value (``--seed -1`` would play the seed 1 game), so those are refused."""
    from retro.record import MAX_SEED

    if seed is not None and not 0 <= seed <= MAX_SEED:
        raise BadOptionValue(f"--seed {seed} is out of range: it takes a whole number from 0 "
                             f"to {MAX_SEED}")


def _cmd_run(args: list[str]) -> int:
    parser = _Parser(prog="retro run", add_help=False)
    parser.add_argument("game", nargs="?")
    parser.add_argument("letters", nargs="?")
    parser.add_argument("--seed", type=int)
    parser.add_argument("--keys", default="")
    parser.add_argument("--keys-file", type=Path)
    parser.add_argument("--until", type=int, default=600_000)
    parser.add_argument("--max-seconds", type=float, default=None)
    for output in ("bin", "txt", "png", "wav", "ansi", "state"):
        parser.add_argument(f"--{output}", type=Path)
    parser.add_argument("--phosphor", choices=("green", "amber", "white"), default="green")
    parser.add_argument("--no-border-band", action="store_true")
    parser.add_argument("--blink-phase", choices=("on", "off"), default=None)
    parser.add_argument("--stop-at-end", action="store_true")
    _add_program_options(parser)
    ns = parser.parse_intermixed_args(args)
    if not 0 <= ns.until <= MAX_UNTIL_MS:
        raise FileProblem(f"--until {ns.until} is out of range: it takes milliseconds of "
                          f"virtual time from 0 to {MAX_UNTIL_MS} (a day)")
    from retro.record import read_header
    from retro.script import DEFAULT_MAX_SECONDS, ExpectFailed, ScriptError, parse, run

    max_seconds = DEFAULT_MAX_SECONDS if ns.max_seconds is None else ns.max_seconds
    if not 0 < max_seconds <= MAX_SECONDS:  # NaN fails too
        raise FileProblem(f"--max-seconds {ns.max_seconds} is out of range: it takes more "
                          f"than 0 and at most {MAX_SECONDS:g} seconds (a day)")
    _check_seed(ns.seed)
    for output in _OUTPUTS:
        if getattr(ns, output) is not None:
            _check_output(getattr(ns, output))
    script = ns.keys
    recorded = None
    if ns.keys_file:
        text = _read_key_file(ns.keys_file)
        try:
            recorded, text = read_header(text)
        except ValueError as err:
            raise UsageError(f"{ns.keys_file}: {err}") from None
        script = f"{script} {text}"
    # A recording's first line names the run; the command line overrides it.
    game = ns.game or (recorded.program if recorded else None)
    if game is None:
        raise UsageError("retro run needs a program name (or a --keys-file recording)")
    program = _program(game)
    letters = ns.letters if ns.letters is not None else (
        recorded.letters if recorded and recorded.program == game else "")
    seed = ns.seed if ns.seed is not None else (recorded.seed if recorded else None) or 0
    _check_letters(program, letters)
    try:
        parse(script)
    except ScriptError as err:
        raise UsageError(f"bad key script: {err}") from None
    params = {**(recorded.options if recorded else {}), **_program_options(ns)}
    _check_options(program, params)
    try:
        with _alarm(max_seconds + STUCK_GRACE_S):
            result = run(program.name, seed=seed, keys=script, letters=letters,
                         until_ms=ns.until, params=params,
                         stop_at_end=ns.stop_at_end or bool(recorded and recorded.stop_at_end),
                         max_seconds=max_seconds)
    except _StuckRun:
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
        _write_outputs(result, ns)
    except OSError as err:
        raise FileProblem(_cannot_write(err)) from None
    if result.timed_out:
        print(f"retro: {program.name} was still running after {max_seconds:g} s of wall "
              "time (--max-seconds); the outputs show where it was", file=sys.stderr)
        return 1
    return 0


_OUTPUTS = ("bin", "txt", "png", "wav", "ansi", "state")


def _check_output(path: Path) -> None:
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


def _reason(err: OSError, path: Path) -> str:
    from retro.store.problems import os_reason

    return os_reason(err, path)


def _cannot_write(err: OSError) -> str:
    name = Path(str(err.filename)) if err.filename else Path("the output")
    return f"cannot write {name}: {_reason(err, name)}"


def _read_key_file(path: Path) -> str:
    try:
        data = path.read_bytes()
    except OSError as err:
        raise FileProblem(f"cannot read the key file {path}: {_reason(err, path)}") from None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as err:
        raise FileProblem(f"the key file {path} is not UTF-8 text (byte {err.start + 1})") \
            from None


def _write_outputs(result: RunResult, ns: argparse.Namespace) -> None:
    screen = result.screen
    if ns.bin:
        ns.bin.write_bytes(screen.to_bytes())
    if ns.txt:
        from retro.dump import to_text

        ns.txt.write_text(to_text(screen), encoding="utf-8")
    if ns.png:
        from retro.png import write_png
        from retro.raster import blink_visible, render_rgb

        t = result.machine.now()
        blink_on = blink_visible(t) if ns.blink_phase is None else ns.blink_phase == "on"
        write_png(ns.png, render_rgb(screen, blink_on=blink_on, phosphor=ns.phosphor,
                                     border_band=not ns.no_border_band))
    if ns.wav:
        from retro.speaker import write_wav

        write_wav(ns.wav, result.machine.speaker.recording(result.machine.now()))
    if ns.ansi:
        from retro.ansi import encode_file

        ns.ansi.write_bytes(encode_file(screen))
    if ns.state:
        state = result.state
        ns.state.write_text(json.dumps(state, indent=2, sort_keys=False) + "\n",
                            encoding="utf-8")


def _cmd_render(args: list[str]) -> int:
    parser = _Parser(prog="retro render", add_help=False)
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
    from retro.screenfile import render_file

    _check_output(ns.output)
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
            raise FileProblem(_cannot_write(err)) from None
        raise FileProblem(f"cannot read {ns.input}: {_reason(err, ns.input)}") from None
    except ValueError as err:   # not a screen file: a bad input, like a missing one
        raise FileProblem(f"render: {err}") from None
    return 0


def _cmd_diff(args: list[str]) -> int:
    """``retro diff A B``: 0 when the screens are equal, 1 listing every change, 2 bad input."""
    parser = _Parser(prog="retro diff", add_help=False)
    parser.add_argument("expected", type=Path)
    parser.add_argument("actual", type=Path)
    parser.add_argument("--top", type=int, default=None)
    ns = parser.parse_args(args)
    if ns.top is not None and ns.top < 1:
        raise UsageError("--top takes a row number from 1")
    from retro.dump import diff
    from retro.screen import ROWS
    from retro.screenfile import ScreenFileError, read_screen, rows_in

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
    if not (_holds_settings(ns.expected) and _holds_settings(ns.actual)):
        rich, bare = (expected, actual) if _holds_settings(ns.expected) else (actual, expected)
        bare.mono, bare.border, bare.blink = rich.mono, rich.border, rich.blink
        bare.cursor = type(rich.cursor)(**vars(rich.cursor))
    lines = diff(expected, actual)
    if not lines:
        return 0
    print(f"{ns.expected} and {ns.actual} differ: {lines[0]}")
    print("\n".join(lines[1:]))
    return 1


def _holds_settings(path: Path) -> bool:
    """Whether a screen file keeps the mode, border, blink bit and cursor (a .txt dump)."""
    return path.suffix.lower() == ".txt"


def _cmd_capture(args: list[str]) -> int:
    from retro.capture.command import main as capture_main

    return capture_main(args)


def _cmd_tone(args: list[str]) -> int:
    parser = _Parser(prog="retro tone", add_help=False)
    parser.add_argument("hz", type=float)
    parser.add_argument("ms", type=float)
    parser.add_argument("-o", "--output", type=Path, required=True)
    ns = parser.parse_args(args)
    if not (18.3 <= ns.hz <= 30000 and 0 < ns.ms <= MAX_TONE_MS):  # NaN fails too
        raise BadOptionValue(f"tone {ns.hz:g} {ns.ms:g} is out of range: it takes a "
                             f"frequency of 19-30000 Hz and a length of more than 0 and at "
                             f"most {MAX_TONE_MS:g} ms")
    from retro.speaker import write_tone

    _check_output(ns.output)
    try:
        write_tone(ns.hz, ns.ms, ns.output)
    except OSError as err:
        raise FileProblem(_cannot_write(err)) from None
    return 0


def _cmd_serve(args: list[str]) -> int:
    """``retro serve``: the games on a web page (``retro.web``)."""
    from retro.web.command import main as serve

    return serve(args)


if __name__ == "__main__":
    sys.exit(main())
