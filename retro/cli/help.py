"""``retro COMMAND --help``: each command's usage, options and an example.

Kept apart from the parsers in ``retro.cli`` so that the text reads as a page, the way a user
meets it, and so that ``--help`` answers without importing numpy or pygame.  A program's own
commands (checkers' ``perft``) carry their help in ``retro.pc.machine.Command.help``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from retro.pc.machine import Program

HELP: dict[str, str] = {
    "run": """\
usage: retro run GAME [LETTERS] --seed N --keys SCRIPT [options]
       retro run --keys-file SESSION.keys [options]

Run a program headless on a virtual clock: the key script is typed into it, delays cost no
time, and the final screen is written where you ask.  Same seed and keys, same bytes.

options:
  --seed N              the run's random stream (default 0; a recording names its own)
  --keys SCRIPT         key-script tokens: a 7 ! F1 ENTER SPACE "text" click:R,C wait:MS
                        CTRL+X ALT+X (as the terminal front end reads them: CTRL+M is
                        ENTER, CTRL+C quits, ALT+X is X) expect:"text" (the text must be on
                        the screen when the program next waits for input, else exit 1)
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
  --blink-phase on|off  blinking cells shown or hidden in --png (default: as at the end,
                        the cursor too)
  --phosphor green|amber|white   the mono monitor's colour in --png
  --no-border-band      --png without the border band
  --stop-at MS          end the run at that moment of machine time (the picture of a moment)
  --gif F  --apng F     the whole run as an animation on the machine's clock: the --png
                        picture of every 10 ms, each frame as long as the screen stayed so
  --cast F              the run as an asciicast v2 file (ANSI output, 80x25) for asciinema
  --scale 1|2           --gif and --apng with each pixel a 1x1 or 2x2 square
  --idle-cap T          a screen unchanged longer than T (2s, 500ms) shows only that long
  a program's own options, e.g. checkers' --fen FEN (retro --help lists them)

exit status: 0 the script ran to its end, 1 an error inside the program or an expect not
met, 2 a bad command line, script, or a file that cannot be read or written (one line names
it).

example:
  retro run charmap --keys "PGDN F10" --txt attrs.txt --png attrs.png""",
    "render": """\
usage: retro render IN -o OUT.png [options]

Draw one screen as the VGA (720x400) or the MDA (720x350) showed it, at native resolution.
IN is a 4000-byte .bin, a .txt golden dump, or an .ans file (ANSI art or a terminal capture,
CP437 or UTF-8, read through a terminal emulator; a SAUCE record is honoured).  Art taller
than 25 rows is drawn whole, a taller picture, unless --top picks a window.

options:
  -o, --output OUT.png  the picture to write
  --mono                draw it on the MDA (a .txt dump says its own mode)
  --border N            the border colour 0-15 (a .txt dump says its own)
  --no-blink            attribute bit 7 is a bright background, not blinking
  --blink-phase on|off  blinking cells shown or hidden (default on)
  --no-border-band      no band of border colour around the text
  --phosphor green|amber|white   the MDA's colour
  --top ROW             .ans art taller than 25 rows: the 25-row window from ROW (1-based)
                        that the machine shows

example:
  retro render golden/yucky/start.txt -o start.png""",
    "diff": """\
usage: retro diff A B [--top ROW]

Compare two screens (.txt dumps, .bin images or .ans files, in any mix): how many cells
changed in how many rows, the settings that differ (mode, border, blink, cursor), then each
changed row as expected and as it is, with each run of changed cells once and its colours
named ("cols 5-9: expected 'hello' grey on black (07), got 'jello' yellow on blue (1E)").
Rows and columns count from 1.

options:
  --top ROW             .ans art taller than 25 rows: compare the 25-row window from ROW
                        (1-based); without it such art is refused rather than cut

exit status: 0 the screens are equal, 1 they differ, 2 a file cannot be read.

example:
  retro diff golden/checkers/start.txt now.txt""",
    "capture": """\
usage: retro capture [options] -- CMD [ARGS...]

Run any terminal program on an 80x25 pseudo-terminal, type a key script into it on the real
clock, and write its final screen as retro run writes a game's: a lossless .txt dump to
compare with retro diff or the golden-test plugin, a VGA-font PNG, a .bin or an .ans file.

The program gets a clean environment: TERM=xterm-256color COLUMNS=80 LINES=25
LANG=LC_ALL=C.UTF-8 TZ=UTC, your PATH, and HOME a fresh empty folder (so no dotfile of
yours changes what it shows); --env adds to it.

options:
  --keys SCRIPT         the key script: a ENTER F1 "text" click:R,C rclick:R,C wait:MS
                        CTRL+X ALT+X (any letter) expect:"text" (wait until it is shown)
  --keys-file FILE      the script from a file
  --settle MS           before the first token and after each, wait until the program
                        has written nothing for MS milliseconds (default 150)
  --timeout S           the longest wait for that quiet, or for an expect (default 10)
  --txt F  --bin F      the final screen: golden dump / 4000-byte B800 image
  --png F  --ansi F     the screen in the VGA font / as an ANSI file
  --cast F              the session as an asciicast v2 file: the program's output bytes
                        with the times they came
  --gif F               the session as a GIF, in the VGA font
  --mono                read the cells as an MDA screen (underline kept, colours not)
  --env NAME=VALUE      one more environment variable (repeat it for more)

Characters code page 437 lacks show as 0xFE; the .txt dump keeps the real character.
When the script is played the program gets SIGHUP, then SIGKILL 2 s later; how it ended is
reported on standard error.

exit status: 0 the script ran to its end, 1 the program failed or an expect was not met
(one line says which), 2 a bad command line, key script or command (one line names it).

example:
  retro capture --keys 'SPACE expect:"END" q' --txt less.txt -- less README.md""",
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
