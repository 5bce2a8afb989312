"""``retro COMMAND --help``: each command's usage, options and an example.

Kept apart from the parsers in ``retro.cli`` so that the text reads as a page, the way a user
meets it, and so that ``--help`` answers without importing numpy or pygame.  A program's own
commands (checkers' ``perft``) carry their help in ``retro.machine.Command.help``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from retro.machine import Program

HELP: dict[str, str] = {
    "run": """\
usage: retro run GAME [LETTERS] --seed N --keys SCRIPT [options]
       retro run --keys-file SESSION.keys [options]

Run a program headless on a virtual clock: the key script is typed into it, delays cost no
time, and the final screen is written where you ask.  Same seed and keys, same bytes.

options:
  --seed N              the run's random stream (default 0; a recording names its own)
  --keys SCRIPT         key-script tokens: a 7 ! F1 ENTER SPACE "text" click:R,C wait:MS
  --keys-file FILE      tokens from a file; a first line '#!retro run GAME LETTERS --seed N'
                        (as --record writes it) names the run, the command line overrides it
  --until MS            how long a busy program may run after the last token (default 600000,
                        at most 86400000: a day of virtual time)
  --max-seconds S       a wall-clock limit for the whole run (default 600); a program still
                        busy then stops, the outputs show where it was, exit status 1
  --stop-at-end         end as soon as the script is played out, busy or not
  --bin F  --txt F      the final screen: 4000-byte B800 image / lossless golden dump
  --png F  --ansi F     the native frame as a PNG / an ANSI file (cat it in a terminal)
  --wav F  --state F    what the speaker played / the rules state as JSON
  --blink-phase on|off  blinking cells shown or hidden in --png (default: as at the end)
  --phosphor green|amber|white   the mono monitor's colour in --png
  --no-border-band      --png without the border band
  a program's own options, e.g. checkers' --fen FEN (retro --help lists them)

exit status: 0 the script ran to its end, 1 an error inside the program, 2 a bad command
line, script, or a file that cannot be read or written (one line names it).

example:
  retro run charmap --keys "PGDN F10" --txt attrs.txt --png attrs.png""",
    "render": """\
usage: retro render IN -o OUT.png [options]

Draw one screen as the VGA (720x400) or the MDA (720x350) showed it, at native resolution.
IN is a 4000-byte .bin, a .txt golden dump, or an .ans file (ANSI art or a terminal capture,
CP437 or UTF-8, read through a terminal emulator; a SAUCE record is honoured).

options:
  -o, --output OUT.png  the picture to write
  --mono                draw it on the MDA (a .txt dump says its own mode)
  --border N            the border colour 0-15 (a .txt dump says its own)
  --no-blink            attribute bit 7 is a bright background, not blinking
  --blink-phase on|off  blinking cells shown or hidden (default on)
  --no-border-band      no band of border colour around the text
  --phosphor green|amber|white   the MDA's colour

example:
  retro render golden/yucky/start.txt -o start.png""",
    "diff": """\
usage: retro diff A B

Compare two screens (.txt dumps, .bin images or .ans files, in any mix): the settings
(mode, border, blink, cursor), then every changed cell as 'row R col C: expected 'x' 1F,
got 'y' 4E', then the changed rows as text.

exit status: 0 the screens are equal, 1 they differ, 2 a file cannot be read.

example:
  retro diff golden/checkers/start.txt now.txt""",
    "tone": """\
usage: retro tone HZ MS -o OUT.wav

One PC-speaker tone as the PIT timer makes it: the frequency is rounded to 1193182/divisor,
a square wave, 16-bit mono PCM.

arguments:
  HZ                    the frequency, 19-30000 Hz
  MS                    the length in milliseconds
  -o, --output OUT.wav  the file to write

example:
  retro tone 440 1000 -o a440.wav""",
    "serve": """\
usage: retro serve [--host 127.0.0.1] [--port 8080] [--max-sessions 16] [options]

Serve the games menu and every game on a web page: open the address it prints in a browser.
Each tab is a machine of its own; closing the tab ends the game and saves it, as closing the
window does.  Ctrl+C or SIGTERM saves every open game and stops the server.  A page such as
/?program=checkers&letters=M&seed=7&fen=FEN starts a program as 'retro checkers M --seed 7
--fen FEN' does (docs/web.md).

options:
  --host H              the address to listen on (default 127.0.0.1, this computer only);
                        any other address prints a warning, and each browser then gets a
                        save folder of its own under the server's data folder
  --port N              the port (default 8080; 0 picks a free one, and the line says which)
  --max-sessions N      open games at most (default 16); past it a page says the server is full
  --idle-timeout S      a game without a key or click for S seconds ends and saves (default
                        1800: 30 minutes)
  --record FILE         each session keeps a replayable key script: the first FILE, the next
                        FILE-2, FILE-3... (stem, number, suffix); replay with retro run
                        --keys-file FILE

example:
  retro serve --port 0""",
}


def program_help(program: Program) -> str:
    """``retro GAME --help``: how to start the program, its letters and options."""
    from retro.machine import MACHINE_LETTERS

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
    return "-h" in args or "--help" in args
