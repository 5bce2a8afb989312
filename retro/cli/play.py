"""``retro GAME [LETTERS] [--tty] ...``: play a program in a window, or in the terminal."""

from __future__ import annotations

import sys
from pathlib import Path

from retro.cli.common import FileProblem, Parser, add_program_options, program_options, reason
from retro.programs.start import check_seed, check_start


def parser() -> Parser:
    """The parser of ``retro GAME``'s words, with each option's help."""
    found = Parser(prog="retro", add_help=False)
    found.add_argument("game", metavar="GAME", help="a program of retro --list, or an alias")
    found.add_argument("letters", nargs="?", default="", metavar="LETTERS",
                       help="the manuals' start letters, before or after the options")
    found.add_argument("--tty", action="store_true", help="play in the terminal")
    found.add_argument("--seed", type=int, metavar="N",
                       help="the random stream (drawn at random otherwise)")
    found.add_argument("--record", type=Path, metavar="FILE",
                       help="keep the session as a key script that replays it")
    found.add_argument("--phosphor", choices=("green", "amber", "white"), default="green",
                       metavar="green|amber|white", help="the mono monitor's colour")
    found.add_argument("--fullscreen", action="store_true", help="start in full screen")
    found.add_argument("--scaling", choices=("sharp", "integer", "smooth"), default="sharp",
                       metavar="sharp|integer|smooth",
                       help="the window's scaling: crisp (default), whole 4:3 multiples, "
                            "blended")
    found.add_argument("--colors", choices=("auto", "24bit", "16"), default="auto",
                       metavar="auto|24bit|16", help="the terminal's colours (--tty)")
    add_program_options(found)
    return found


def main(args: list[str]) -> int:
    """``retro GAME [LETTERS] [options]``: options may come before or after the letters."""
    ns = parser().parse_intermixed_args(args)
    check_seed(ns.seed)
    return play(ns.game, ns.letters, tty=ns.tty, seed=ns.seed, phosphor=ns.phosphor,
                fullscreen=ns.fullscreen, options=program_options(ns), colors=ns.colors,
                record=ns.record, scaling=ns.scaling)


def play(name: str, letters: str, *, tty: bool, seed: int | None = None,
         phosphor: str = "green", fullscreen: bool = False,
         options: dict[str, str] | None = None, colors: str = "auto",
         record: Path | None = None, scaling: str = "sharp") -> int:
    """Play ``name`` on the real clock: in a window, else in the terminal; 0, or the exit
    status of the signal or the trouble that ended it."""
    import random

    from retro.frontends.record import Recorder, header
    from retro.frontends.script import make_machine
    from retro.pc.clock import RealClock
    from retro.pc.machine import ClockLike

    params = dict(options or {})
    program = check_start(name, letters, params, seed)
    if seed is None:   # drawn at random, and written into a recording so it replays
        seed = random.SystemRandom().randrange(2**32)
    recorder = None
    if record is not None:
        try:
            record.write_text("", encoding="utf-8")   # can it be written? say so now, not later
        except OSError as err:
            raise FileProblem(f"cannot write the recording {record}: "
                              f"{reason(err, record)}") from None
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
                from retro.frontends.window import WindowUnavailable, run_window
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
        from retro.frontends.terminal import TerminalUnavailable, run_terminal

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
