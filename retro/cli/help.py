"""Every ``--help`` of the command line, generated from the commands' own parsers.

One source: each command module's ``parser()`` holds its options with their help; this
module adds the words around them (what the command does, its exit status, an example).
``retro --help`` is every parser's usage line, and README.md's command-line block is exactly
``retro --help`` (a test compares them), so the three cannot disagree.  Nothing here imports
numpy or pygame: the parsers are built without them.
"""

from __future__ import annotations

import argparse
import importlib
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from retro.pc.machine import Command, Program

#: Wide enough for the longest option, fixed so that the pages do not depend on the terminal.
WIDTH = 94


@dataclass(frozen=True)
class Page:
    """The words around a command's options."""

    summary: str      # one line for ``retro --help``
    about: str        # what it does, before the options
    notes: str        # after the options: exit status and the like
    example: str      # one command line that works as written


PAGES: dict[str, Page] = {
    "play": Page(
        "play a program in a window (in the terminal without a display)",
        "Play a program on the real clock, in a window, or in the terminal with --tty or "
        "without a display.",
        "letters (any case, combined): S sound off, M mono (MDA), C colour, D no mouse, * skip\n"
        "the show; a program's own letters are in its --help (retro GAME --help).",
        "retro yucky MS"),
    "run": Page(
        "headless and deterministic: a key script in, the final screen out",
        "Run a program headless on a virtual clock: the key script is typed into it, delays\n"
        "cost no time, and the final screen is written where you ask.  Same seed and keys, same\n"
        "bytes.  A --keys-file recording names its program, letters and seed on its first line\n"
        "('#!retro run GAME LETTERS --seed N', as --record writes it); the command line\n"
        "overrides them.  Key-script tokens: a 7 ! F1 ENTER SPACE \"text\" click:R,C wait:MS\n"
        "CTRL+X ALT+X expect:\"text\" (README.md, Key scripts).  An output named - goes to\n"
        "standard output.",
        "exit status: 0 the script ran to its end, 1 an error inside the program or an expect\n"
        "not met, 2 a bad command line, script, or a file that cannot be read or written (one\n"
        "line names it).",
        "retro run charmap --keys \"PGDN F10\" --txt attrs.txt --png attrs.png"),
    "render": Page(
        "one screen file (.bin, .txt dump, .ans) to a PNG",
        "Draw one screen as the VGA (720x400) or the MDA (720x350) showed it, at native\n"
        "resolution.  IN is a 4000-byte .bin, a .txt golden dump, or an .ans file (ANSI art or\n"
        "a terminal capture, CP437 or UTF-8; a SAUCE record is honoured).  Art taller than 25\n"
        "rows is drawn whole unless --top picks a window.",
        "exit status: 0 written, 2 a file that cannot be read or written (one line names it).",
        "retro render golden/yucky/start.txt -o start.png"),
    "diff": Page(
        "compare two screens (.txt, .bin, .ans): exit 0 equal, 1 with every change",
        "Compare two screens (.txt dumps, .bin images or .ans files, in any mix): how many\n"
        "cells changed in how many rows, the settings that differ (mode, border, blink,\n"
        "cursor), then each changed row as expected and as it is, its colours named.  Rows and\n"
        "columns count from 1.",
        "exit status: 0 the screens are equal, 1 they differ, 2 a file cannot be read.",
        "retro diff golden/yucky/start.txt golden/yucky/start.txt"),
    "capture": Page(
        "any terminal program on an 80x25 pseudo-terminal, its final screen out",
        "Run any terminal program on an 80x25 pseudo-terminal, type a key script into it on\n"
        "the real clock, and write its final screen as retro run writes a game's.  The program\n"
        "gets a clean environment: TERM=xterm-256color COLUMNS=80 LINES=25 LANG=LC_ALL=C.UTF-8\n"
        "TZ=UTC, your PATH, and HOME a fresh empty folder; --env adds to it.  Characters code\n"
        "page 437 lacks show as 0xFE; the .txt dump keeps the real character.  When the script\n"
        "is played the program gets SIGHUP, then SIGKILL 2 s later.",
        "exit status: 0 the script ran to its end, 1 the program failed or an expect was not\n"
        "met (one line says which), 2 a bad command line, key script or command.",
        "retro capture --keys 'expect:\"hello\"' --txt hello.txt -- echo hello"),
    "tone": Page(
        "one PC-speaker tone as a WAV file",
        "One PC-speaker tone as the PIT timer makes it: the frequency is rounded to\n"
        "1193182/divisor, a square wave, 16-bit mono PCM.",
        "exit status: 0 written, 2 a bad value or a file that cannot be written.",
        "retro tone 440 1000 -o a440.wav"),
    "serve": Page(
        "the games in a browser (docs/web.md)",
        "Serve the games menu and every game on a web page: open the address it prints.  Each\n"
        "tab is a machine of its own; closing the tab ends the game and saves it.  Ctrl+C or\n"
        "SIGTERM saves every open game and stops the server.  /?program=checkers&letters=M&\n"
        "seed=7 starts a program as 'retro checkers M --seed 7' does (docs/web.md).",
        "exit status: 0 after a clean stop, 1 the address cannot be used, 2 a bad option.",
        "retro serve --port 0"),
}

#: The order of ``retro --help``.
ORDER = ("play", "run", "render", "diff", "capture", "tone", "serve")


class Formatter(argparse.RawDescriptionHelpFormatter):
    """argparse's pages at a fixed width, the text around the options kept as written."""

    def __init__(self, prog: str) -> None:
        super().__init__(prog, width=WIDTH, max_help_position=30)


def parser_of(command: str) -> argparse.ArgumentParser:
    """The parser of ``retro COMMAND`` (``play``: ``retro GAME``), dressed for its page."""
    # The command's module is imported only to read its parser; none imports numpy or pygame.
    module = importlib.import_module(f"retro.cli.{command}")
    parser: argparse.ArgumentParser = module.parser()
    page = PAGES[command]
    parser.formatter_class = Formatter
    parser.description = page.about
    parser.epilog = f"{page.notes}\n\nexample:\n  {page.example}"
    return parser


def command_help(command: str) -> str:
    """``retro COMMAND --help``."""
    return parser_of(command).format_help().rstrip("\n")


def synopsis(command: str) -> str:
    """The command's usage, as ``retro --help`` lists it (without ``usage: ``)."""
    return parser_of(command).format_usage().removeprefix("usage: ").rstrip("\n")


def overview(program_lines: list[str]) -> str:
    """``retro --help``: every command's usage and what it is for, then what the installed
    programs add (``program_lines``)."""
    lines = ["usage: retro                  the games menu (arrow keys, Enter, mouse)"]
    for command in ORDER:
        lines.append(f"       {synopsis(command)}")   # argparse indents the lines after
        lines.append(f"           {PAGES[command].summary}")
    lines += [f"       {line}" for line in program_lines]
    lines.append("       retro --list | --help | --version")
    return "\n".join(lines)


def commands_help(name: str, entries: list[tuple[Program, Command]]) -> str:
    """``retro perft --help``: the programs that have the command, and how to ask each."""
    lines = [f"usage: retro {name} PROGRAM ...", "",
             "A command of an installed program's own; these have it:"]
    for program, command in entries:
        lines.append(f"  retro {name} {program.name} {command.summary}")
    lines += ["", f"retro {name} PROGRAM --help says more."]
    return "\n".join(lines)


def program_help(program: Program) -> str:
    """``retro GAME --help``: how to start the program, its letters and options."""
    from retro.pc.machine import MACHINE_LETTERS

    lines = [f"usage: retro {program.name} [LETTERS] [--tty] [--record FILE] [options]",
             "", program.title if program.title[-1:] in ".!?" else f"{program.title}."]
    if program.aliases:
        lines.append(f"Also called: {', '.join(program.aliases)}.")
    lines += ["", "letters (any case, combined):",
              "  S sound off   M mono (MDA)   C colour   D no mouse   * skip the show"]
    own = [ch for ch in program.letters if ch not in MACHINE_LETTERS]
    if own:
        lines.append(f"  its own: {', '.join(own)} (see its README)")
    lines += ["", "options:",
              "  --tty                 play in the terminal",
              "  --record FILE         keep the session as a replayable key script",
              "  --seed N              the random stream (drawn at random otherwise)",
              "  --fullscreen  --phosphor green|amber|white  --colors auto|24bit|16",
              "  --scaling sharp|integer|smooth   the window's scaling (sharp: crisp pixels)"]
    for option in program.options:
        lines.append(f"  --{option.name} {option.metavar:<14} {option.help}")
    if program.commands:
        lines += ["", "commands:"]
        for command in program.commands:
            lines.append(f"  retro {command.name} {program.name} {command.summary}")
    lines += ["", "example:", f"  retro {program.name} MS"]
    return "\n".join(lines)


def wants_help(args: list[str]) -> bool:
    """``-h`` or ``--help`` among the options: before a ``--``, after which the words are
    another program's (``retro capture -- vim --help``)."""
    options = args[:args.index("--")] if "--" in args else args
    return "-h" in options or "--help" in options
