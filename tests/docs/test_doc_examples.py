"""The docs are tests: every shell example of README.md, docs/*.md and games/*/README.md, and
the example of every ``--help`` page, is run and must end as its text says.

What counts as an example (``examples()``):

- every command line of a fenced ``sh``/``bash``/``shell`` block (a ``#`` starts a comment),
  and every ``$ `` line of a ``console`` block;
- in a fenced block without a language, and in an indented code block, every line that
  starts with ``$ ``, ``retro `` or ``python `` (a command line among a synopsis or output;
  the words after two or more spaces describe it);
- the lines under ``example:`` of ``retro COMMAND --help``, of ``retro GAME --help`` for
  every installed program, and of each program command's page (``retro perft checkers
  --help``).

Each example is either in ``RUN``, with what its text says comes out, or in ``NOT_RUN`` with
a one-line reason; an example in neither, or an entry that names no example any more, fails
``test_every_example_is_run_or_listed``, so none is skipped without a word.

The lines of one block run in order in one fresh folder, as a reader would type them, with
``retro`` the command of this Python's environment, this checkout first on PYTHONPATH,
RETRO_HOME a fresh folder and SDL's dummy drivers.  A line whose comment says ``exit N``
must end with status N, others with 0.  A game played by a person runs on a
pseudo-terminal (``retro.capture``), where it plays in the terminal since there is no
display: it must start, draw and wait for the player.  A server is started, asked for its
page at the address it prints, and stopped with SIGTERM.
"""

from __future__ import annotations

import functools
import itertools
import json
import os
import re
import select
import shutil
import signal
import struct
import subprocess
import sys
import urllib.request
import wave
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from PIL import Image

from retro.capture import CaptureResult, capture
from retro.cli.help import ORDER, command_help, parser_of, program_help
from retro.programs import all_programs

ROOT = Path(__file__).resolve().parents[2]
BIN = Path(sys.executable).parent

# -- finding the examples -----------------------------------------------------------------

SHELL_LANGUAGES = {"sh", "bash", "shell", "zsh"}
#: Blocks in these languages hold no command lines.
OTHER_LANGUAGES = {"python", "py", "toml", "json", "nginx", "ini", "html", "js", "yaml",
                   "css", "pdn", "diff"}
#: A command line among a synopsis, output or figures: ``retro `` then a word that is not
#: a log line's ``retro serve:``, ``python `` or ``python3 ``, or ``$ ``.
COMMAND_LINE = re.compile(r"(\$ |retro (?![\w-]+:)|python3? )")


@dataclass(frozen=True)
class Example:
    """One example: where it is written, the line, and the block it belongs to."""

    where: str          # "README.md:185" or "retro run --help"
    line: str           # as written, without a leading "$ "
    block: str          # the lines of a block run in order in one folder
    described: bool     # the words after two or more spaces describe the command

    @property
    def text(self) -> str:
        """The line with runs of blanks made one: how RUN and NOT_RUN name it."""
        return " ".join(self.line.split())

    @property
    def command(self) -> str:
        """What the shell is given."""
        return self.line[:_description_start(self.line)] if self.described else self.line

    @property
    def note(self) -> str:
        """What the text says of it: its comment, or the words that describe it."""
        if self.described:
            return self.line[_description_start(self.line):].strip()
        start = _comment_start(self.line)
        return self.line[start + 1:].strip() if start is not None else ""

    @property
    def status(self) -> int:
        """The exit status the text states (``# exit N``), else 0."""
        found = re.search(r"\bexit (\d+)", self.note)
        return int(found[1]) if found else 0


def _unquoted(line: str) -> Iterator[tuple[int, str]]:
    """The positions and characters of ``line`` outside single and double quotes."""
    quote = ""
    for at, ch in enumerate(line):
        if quote:
            quote = "" if ch == quote else quote
        elif ch in "'\"":
            quote = ch
        else:
            yield at, ch


def _comment_start(line: str) -> int | None:
    for at, ch in _unquoted(line):
        if ch == "#" and (at == 0 or line[at - 1].isspace()):
            return at
    return None


def _description_start(line: str) -> int:
    for at, ch in _unquoted(line.rstrip()):
        if ch == " " and line[at + 1:at + 2] == " ":
            return at
    return len(line)


def markdown_examples(path: Path) -> list[Example]:
    name = path.relative_to(ROOT).as_posix()
    lines = path.read_text(encoding="utf-8").splitlines()
    found: list[Example] = []
    fence: str | None = None      # the open fence's language ("" for none)
    block = ""
    pending = ""                  # a shell line continued with a backslash
    previous_blank = True
    for number, raw in enumerate(lines, start=1):
        stripped = raw.strip()
        if stripped.startswith("```"):
            if fence is None:
                fence, block = stripped[3:].strip().lower(), f"{name}:{number}"
            else:
                fence = None
            continue
        where = f"{name}:{number}"
        if fence in SHELL_LANGUAGES:
            if pending:
                raw, pending = pending + " " + stripped, ""
            if raw.rstrip().endswith("\\"):
                pending = raw.rstrip()[:-1].rstrip()
            elif stripped and not stripped.startswith("#"):
                found.append(Example(where, raw.strip(), block, described=False))
        elif fence == "console":
            if raw.startswith("$ "):
                found.append(Example(where, raw[2:].strip(), block, described=False))
        elif fence is not None and fence not in OTHER_LANGUAGES:
            if COMMAND_LINE.match(raw):
                found.append(Example(where, raw.removeprefix("$ ").strip(), block,
                                     described=not raw.startswith("$ ")))
        elif (fence is None and raw.startswith("    ") and COMMAND_LINE.match(stripped)
              and (previous_blank or (found and found[-1].where == f"{name}:{number - 1}"))):
            # A command line of an indented code block (after a blank line, or continuing one).
            if previous_blank:
                block = where
            found.append(Example(where, stripped.removeprefix("$ "), block,
                                 described=not stripped.startswith("$ ")))
        previous_blank = not stripped
    return found


def documents() -> list[Path]:
    return [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md")),
            *sorted((ROOT / "games").glob("*/README.md"))]


def help_pages() -> dict[str, str]:
    """Every ``--help`` page that shows an example, by the command line that prints it."""
    pages = {("the play page of retro --help" if command == "play" else f"retro {command} --help"):
             command_help(command) for command in ORDER}
    for program in all_programs():
        pages[f"retro {program.name} --help"] = program_help(program)
        for command in program.commands:
            pages[f"retro {command.name} {program.name} --help"] = command.help or ""
    return pages


def help_examples(where: str, page: str) -> list[Example]:
    if "\nexample:\n" not in page:
        return []
    after = page.split("\nexample:\n", 1)[1]
    lines = []
    for line in after.splitlines():
        if not line.strip():
            break
        lines.append(Example(where, line.strip(), where, described=False))
    return lines


@functools.cache
def examples() -> tuple[Example, ...]:
    found = [e for path in documents() for e in markdown_examples(path)]
    for where, page in help_pages().items():
        found += help_examples(where, page)
    return tuple(found)


# -- running them -------------------------------------------------------------------------

@dataclass
class Done:
    """How an example ended, and the folder it ran in."""

    example: Example
    folder: Path
    status: int
    out: str
    err: str
    on_terminal: CaptureResult | None = None   # a game played on a pseudo-terminal
    page: bytes = b""                          # what a server's printed address served

    def file(self, name: str) -> Path:
        path = self.folder / name
        assert path.is_file(), f"{self.example.text}: {name} was not written\n{self.err}"
        return path


def environment(home: Path) -> dict[str, str]:
    return {**os.environ,
            "PATH": f"{BIN}{os.pathsep}{os.environ.get('PATH', '')}",
            "PYTHONPATH": f"{ROOT}{os.pathsep}{os.environ.get('PYTHONPATH', '')}",
            "RETRO_HOME": str(home), "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}


def in_shell(example: Example, folder: Path, home: Path, timeout: float) -> Done:
    done = subprocess.run(["sh", "-c", example.command], cwd=folder, env=environment(home),
                          capture_output=True, text=True, timeout=timeout, check=False)
    return Done(example, folder, done.returncode, done.stdout, done.stderr)


def on_a_terminal(keys: str) -> Callable[[Example, Path, Path, float], Done]:
    """A game played by a person: on a pseudo-terminal with no display, ``keys`` typed once
    it has drawn, then hung up (as closing the terminal does)."""
    def start(example: Example, folder: Path, home: Path, timeout: float) -> Done:
        env = environment(home)
        result = capture(["sh", "-c", f"exec {example.command}"], keys, cwd=folder,
                         timeout_s=timeout / 4, allow_busy=True,
                         env={name: env[name] for name in ("PATH", "PYTHONPATH", "RETRO_HOME")})
        # A program still waiting when the terminal hung up has no exit status of its own.
        status = 0 if result.hung_up else result.status
        return Done(example, folder, -1 if status is None else status, "",
                    result.failure or "", on_terminal=result)
    return start


def as_a_server(example: Example, folder: Path, home: Path, timeout: float) -> Done:
    """A server: started, its printed address asked for the page, then SIGTERM."""
    process = subprocess.Popen(["sh", "-c", f"exec {example.command}"], cwd=folder,
                               env=environment(home), stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True, start_new_session=True)
    try:
        assert process.stdout is not None
        ready = select.select([process.stdout], [], [], timeout / 2)[0]
        address = process.stdout.readline() if ready else ""
        page = b""
        if address.startswith("http://"):
            direct = urllib.request.build_opener(urllib.request.ProxyHandler({}))
            with direct.open(address.strip(), timeout=timeout / 4) as answer:
                page = answer.read()
        process.send_signal(signal.SIGTERM)
        out, err = process.communicate(timeout=timeout / 4)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    return Done(example, folder, process.returncode, address + out, err, page=page)


# -- what the text says comes out ----------------------------------------------------------

Check = Callable[[Done], None]


def stated_number(done: Done) -> None:
    """The number the comment or description names is printed."""
    number = re.search(r"\d+(\.\d+)?", done.example.note)
    assert number, f"{done.example.text}: no number in the text to check"
    printed = re.findall(r"\d+(?:\.\d+)?", done.out)
    assert number[0] in printed, f"{done.example.text}: printed {done.out!r}"


def screen_dump(name: str, *showing: str) -> Check:
    def check(done: Done) -> None:
        text = done.file(name).read_text(encoding="utf-8")
        assert text.startswith("retro-screen 1 "), f"{name} is not a screen dump"
        for words in showing:
            assert words in text, f"{name} does not show {words!r}:\n{text}"
    return check


def png(name: str) -> Check:
    def check(done: Done) -> None:
        data = done.file(name).read_bytes()
        assert data.startswith(b"\x89PNG\r\n\x1a\n"), f"{name} is not a PNG"
        width, height = struct.unpack(">II", data[16:24])
        assert width >= 720 and height >= 350, (name, width, height)
    return check


def json_object(name: str, **values: Callable[[object], bool]) -> Check:
    def check(done: Done) -> None:
        state = json.loads(done.file(name).read_text(encoding="utf-8"))
        assert isinstance(state, dict) and state, f"{name} holds no object"
        for key, test in values.items():
            assert test(state.get(key)), f"{name}: {key} = {state.get(key)!r}"
    return check


def folder_made(name: str) -> Check:
    def check(done: Done) -> None:
        assert (done.folder / name).is_dir(), f"{name} was not made"
    return check


def said(*words: str) -> Check:
    def check(done: Done) -> None:
        for text in words:
            assert text in done.out + done.err, f"{done.example.text}: no {text!r} in\n" \
                                                f"{done.out}{done.err}"
    return check


def one_line_error(done: Done) -> None:
    lines = done.err.strip().splitlines()
    assert 1 <= len(lines) <= 2, done.err


def all_of(*checks: Check) -> Check:
    def check(done: Done) -> None:
        for each in checks:
            each(done)
    return check


def readme_dump_block() -> list[str]:
    """README.md's "Screen dumps" example: a dump's header, first row, first attribute row."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text.split("## Screen dumps", 1)[1]
    found = re.search(r"```\n(retro-screen .*?)```", section, re.S)
    assert found, "README.md's Screen dumps section shows no dump"
    return found[1].splitlines()


def the_readme_dump(done: Done) -> None:
    """attrs.txt is the dump README.md's "Screen dumps" shows (its lines ending in ``...``
    are the start of a line, a line ``...`` stands for the rows left out)."""
    written = done.file("attrs.txt").read_text(encoding="utf-8").splitlines()
    shown = readme_dump_block()
    assert written[:2] == shown[:2], (written[:2], shown[:2])
    last = shown[-1]
    assert last.endswith("..."), last
    assert written[26].startswith(last.removesuffix("...")), (written[26], last)


def a_tone(name: str, hz: float, ms: int) -> Check:
    """A square wave of about ``hz`` (the PIT's nearest) lasting ``ms``."""
    def check(done: Done) -> None:
        with wave.open(str(done.file(name)), "rb") as sound:
            frames, rate = sound.getnframes(), sound.getframerate()
            assert (sound.getnchannels(), sound.getsampwidth()) == (1, 2)
            samples = struct.unpack(f"<{frames}h", sound.readframes(frames))
        assert abs(frames / rate * 1000 - ms) <= 1, f"{frames / rate:.3f} s"
        rises = sum(1 for a, b in itertools.pairwise(samples) if a <= 0 < b)
        assert abs(rises / (frames / rate) - hz) <= 2, f"{rises} rises in {frames / rate} s"
    return check


def idle_capped(done: Done) -> None:
    """The GIF its --gif names: an animation whose pauses were cut to its --idle-cap (the
    demo pauses two seconds at a time, so a cap below that shows in the frames)."""
    name = re.search(r"--gif (\S+)", done.example.command)
    cap = re.search(r"--idle-cap (\d+)s", done.example.command)
    assert name and cap
    with Image.open(done.file(name[1])) as clip:
        assert clip.format == "GIF" and clip.n_frames > 10, clip.n_frames
        durations = []
        for index in range(clip.n_frames):
            clip.seek(index)
            durations.append(clip.info["duration"])
    assert max(durations) == int(cap[1]) * 1000, sorted(durations)[-5:]
    assert sum(durations) >= 10_000, sum(durations)   # a demo played for a while


def waits_for_the_player(done: Done) -> None:
    """On the terminal: it drew and was still running, waiting, when the terminal hung up."""
    result = done.on_terminal
    assert result is not None
    assert result.hung_up, f"{done.example.text}: {result.ended()} {result.failure}"
    assert result.failure is None, result.failure
    shown = [result.screen.read(row).strip() for row in range(25)]
    assert any(shown), f"{done.example.text}: nothing was drawn"


def the_page_at_the_printed_address(done: Done) -> None:
    """One line, http://HOST:PORT/, the page there holds the canvas, SIGTERM ends it 0."""
    lines = done.out.splitlines()
    assert len(lines) == 1 and re.fullmatch(r"http://127\.0\.0\.1:\d+/", lines[0]), done.out
    assert b"<canvas" in done.page


def a_pdn_move(done: Done) -> None:
    """``retro move``: one line, the move in PDN numbers (11-15, 9x18x27)."""
    lines = done.out.splitlines()
    assert len(lines) == 1 and re.fullmatch(r"\d+(-\d+|(x\d+)+)", lines[0]), done.out


def recorded(name: str, program: str) -> Check:
    def check(done: Done) -> None:
        first = done.file(name).read_text(encoding="utf-8").splitlines()[0]
        assert first.startswith(f"#!retro run {program} "), first
    return check


@dataclass(frozen=True)
class Runs:
    """How an example runs and what its text says comes out."""

    check: Check = lambda done: None
    start: Callable[[Example, Path, Path, float], Done] = in_shell
    slow: bool = False
    needs: tuple[str, ...] = ()       # files of the repository it opens, copied first
    programs: tuple[str, ...] = ()    # commands it runs that a system may lack
    timeout: float = 120.0


#: A game played by a person: a second for its first screen (Yucky's show starts dark).
PLAY = Runs(waits_for_the_player, on_a_terminal("wait:1000"), slow=True, timeout=60)

RUN: dict[str, Runs] = {
    # README.md
    'retro run charmap --keys "PGDN F10" --txt attrs.txt --png attrs.png':
        Runs(all_of(the_readme_dump, png("attrs.png"))),
    "retro checkers --record bug.keys # play until the bug shows; quit":
        Runs(all_of(waits_for_the_player, recorded("bug.keys", "checkers")),
             on_a_terminal("ENTER"), timeout=60),
    "mkdir -p golden/checkers": Runs(folder_made("golden/checkers")),
    "RETRO_HOME=$(mktemp -d) retro run --keys-file bug.keys --txt golden/checkers/bug.txt":
        Runs(screen_dump("golden/checkers/bug.txt", "Checkers and Weckers")),
    'retro run yucky "*" --seed 2 --keys "F2 wait:60000" --stop-at-end --gif demo.gif '
    "--idle-cap 1s": Runs(idle_capped, slow=True, timeout=300),
    'python -m retro.games.pigpoker.hands --score "QS QH QD 7C 7S" # the manual\'s example: '
    "16207": Runs(stated_number),
    "python -m retro.games.yz.solver --expected --upper-bonus --free-joker # published "
    "optimum: 254.5896": Runs(stated_number, slow=True, timeout=600),
    "retro perft checkers --depth 8 # published count: 845931": Runs(stated_number),
    # docs/capture.md
    "retro capture --keys 'G expect:\"(END)\"' --txt less.txt --png less.png -- less "
    "README.md": Runs(all_of(screen_dump("less.txt", "(END)"), png("less.png")),
                      needs=("README.md",), programs=("less",)),
    "retro capture --keys 'G expect:\"(END)\"' --txt again.txt -- less README.md":
        Runs(screen_dump("again.txt", "(END)"), needs=("README.md",), programs=("less",)),
    "retro diff less.txt again.txt # exit 0: the same screen, cell for cell": Runs(),
    "retro capture --keys ':wq' -- vim # exit 2: text goes between double quotes":
        Runs(all_of(one_line_error, said("between double quotes"))),
    "retro capture --timeout 2 -- yes # exit 1: the screen never settles":
        Runs(said("retro capture: --timeout 2 s ran out waiting for 300 ms of quiet before "
                  "the screen was taken: the screen had been changing for",
                  "(--allow-busy takes such a screen)")),
    "retro capture --timeout 2 --allow-busy --txt busy.txt -- yes":
        Runs(screen_dump("busy.txt", "|y ")),
    # docs/web.md and retro serve --help
    "retro serve --port 0 # a free port; the printed line says which":
        Runs(the_page_at_the_printed_address, as_a_server, timeout=60),
    "retro serve --port 0": Runs(the_page_at_the_printed_address, as_a_server, timeout=60),
    # games/*/README.md
    "retro run pigpoker '*' --seed 1 --keys '\"Ann\" ENTER \"computer\" ENTER ENTER n n' "
    "--state s.json": Runs(json_object(
        "s.json", players=lambda p: [who["name"] for who in p] == ["Ann", "COMPUTER"])),
    'python -m retro.games.pigpoker.hands --score "QS QH QD 7C 7S" prints 16207':
        Runs(stated_number),
    'python -m retro.games.pigpoker.hands --score "AS AH AD AC AS" prints 31400 (and a note)':
        Runs(all_of(stated_number, said("\nnote: "))),
    "retro run sixtysix '*' --seed 1 --keys '1 2 K' --state out.json --txt out.txt":
        Runs(all_of(json_object("out.json", phase=bool), screen_dump("out.txt"))),
    "retro run yz '*' --seed 1 --keys 'ENTER \"ABC\" ENTER r 2 4' --state out.json "
    "--txt out.txt": Runs(all_of(
        json_object("out.json", players=lambda p: p == ["ABC", "CPU"], roll=lambda r: r == 1,
                    held=lambda h: h == [True, False, True, False, True]),
        screen_dump("out.txt", "ABC: roll 1 of 3"))),
    "retro run yucky --seed 1 --keys 'ENTER \"R5\" SPACE' --state out.json":
        Runs(json_object("out.json", phase=bool)),
    "retro sixtysix play (alias: retro 66); letters S sound off, M mono, C colour,": PLAY,
    "retro sixtysix --closed trumps the standard closed-game rule (default: led-suit, the "
    "manual)": PLAY,
    "retro yz play (letters: S sound off, M mono, C colour, D no mouse, * skip the show,": PLAY,
    "retro yucky play (letters S M C D * as for every program)": PLAY,
    # the --help pages
    "retro yucky MS": Runs(waits_for_the_player, on_a_terminal("wait:1000"), timeout=60),
    **{f"retro {name} MS": PLAY for name in ("charmap", "pigpoker", "sixtysix", "checkers",
                                                "yz")},
    "retro render golden/yucky/start.txt -o start.png":
        Runs(png("start.png"), needs=("golden/yucky/start.txt",)),
    "retro diff golden/yucky/start.txt golden/yucky/start.txt":
        Runs(needs=("golden/yucky/start.txt",)),
    "retro capture --keys 'G expect:\"(END)\"' --txt less.txt -- less README.md":
        Runs(screen_dump("less.txt", "(END)"), needs=("README.md",), programs=("less",)),
    "retro tone 440 1000 -o a440.wav": Runs(a_tone("a440.wav", 440, 1000)),
    "retro perft checkers --depth 8 # 845931 at depth 8, the published count":
        Runs(stated_number),
    "retro move checkers --level 9 --fen B:W18,22,23,24:B1,2,3,10":
        Runs(a_pdn_move, slow=True, timeout=300),
}

BENCHMARK = "a benchmark taking minutes of CPU; the figures after it are measurements"
SYNOPSIS = "a synopsis (bracketed words are choices), not one command line"

NOT_RUN: dict[str, str] = {
    "python3 -m venv .venv && .venv/bin/pip install -q . && .venv/bin/retro":
        "installs from the package registry (tests/packaging/test_install.py installs the "
        "package), then opens the games menu for a player",
    "python3 -m venv .venv && .venv/bin/pip install -q -e '.[test]' && .venv/bin/python -m "
    "pytest -n auto": "installs from the package registry and runs the whole suite; it is "
                      ".ci/run's test command",
    "retro serve # then open http://127.0.0.1:8080/ (it prints the address)":
        "serves on the fixed port 8080 until stopped, which another program may hold; "
        "`retro serve --port 0` (docs/web.md, --help) is run",
    "retro serve # http://127.0.0.1:8080/ (this computer only)":
        "serves on the fixed port 8080 until stopped, which another program may hold; "
        "`retro serve --port 0` is run",
    "retro serve --host 0.0.0.0 --max-sessions 30 --idle-timeout 900 # a club's server":
        "serves every network of the machine on the fixed port 8080 until stopped",
    "retro serve --host 10.0.0.5 --allow-host games.example.org # behind a proxy":
        "an address of the doc's example network, which this machine does not have",
    "python bench/serve.py": BENCHMARK,
    "retro pigpoker [S M C D *] play (alias: retro pig)": SYNOPSIS,
    "python bench/poker_eval.py [--quick] python bench/pigpoker_ai.py [--quick] [--jobs 2]":
        SYNOPSIS,
    "nice -n 10 python bench/poker_eval.py": BENCHMARK,
    "nice -n 10 python bench/pigpoker_ai.py --games 400 --skip random --skip greedy --skip "
    "tables --skip threats --jobs 2": BENCHMARK,
    "nice -n 10 python bench/pigpoker_ai.py --games 300 --skip line_greedy --skip tables "
    "--skip threats --jobs 2": BENCHMARK,
    "nice -n 10 python bench/pigpoker_ai.py --table-games 100 --table-opponent greedy --skip "
    "random --skip greedy --skip line_greedy --skip threats --jobs 1": BENCHMARK,
    "nice -n 5 python bench/pigpoker_ai.py --table-games 100 --table-opponent greedy --skip "
    "random --skip greedy --skip line_greedy --skip threats --jobs 1": BENCHMARK,
    "nice -n 10 python bench/pigpoker_ai.py --table-games 100 --skip random --skip greedy "
    "--skip line_greedy --skip threats": BENCHMARK,
    "nice -n 10 python bench/pigpoker_ai.py --skip random --skip greedy --skip line_greedy "
    "--skip tables --threat-games 40": BENCHMARK,
    "python bench/sixtysix_ai.py [--quick] [--deals N] [--samples N] [--open-depth N]": SYNOPSIS,
    "python bench/sixtysix_ai.py --paired A.json B.json two runs of the same deals, pair by pair":
        "compares two result files a benchmark of minutes wrote (A.json and B.json are "
        "placeholders)",
    "nice -n 5 python bench/yucky_ai.py --only first_fit --hands 1000 --first 0": BENCHMARK,
    "nice -n 5 python bench/yucky_ai.py --only random --hands 1000 --first 0": BENCHMARK,
    "nice -n 10 python bench/yucky_ai.py --only first_fit --hands 1500 --first 0 "
    "--progress 100": BENCHMARK,
    "nice -n 10 python bench/yucky_ai.py --only first_fit --hands 1500 --first 1500 "
    "--progress 100": BENCHMARK,
    "nice -n 10 python bench/yucky_ai.py --only random --hands 1500 --first 0 "
    "--progress 100": BENCHMARK,
    "nice -n 10 python bench/yucky_ai.py --only random --hands 1500 --first 1500 "
    "--progress 100": BENCHMARK,
    "python bench/yucky_ai.py --only first_fit --sees colors --hands 1500 --first 0 "
    "--progress 100": BENCHMARK,
    "python bench/yucky_ai.py --only first_fit --sees colors --hands 1500 --first 1500 "
    "--progress 100": BENCHMARK,
    "python bench/yucky_policy.py --hands 100000": BENCHMARK,
    "python bench/yucky_policy.py --cards 52 --hands 10000": BENCHMARK,
    "python -m retro.games.yz.solver --expected [--upper-bonus] [--free-joker | "
    "--forced-joker]": SYNOPSIS,
    "python bench/yz_ai.py [--quick] [the same rule options]": SYNOPSIS,
}


# -- the tests ----------------------------------------------------------------------------

def same_command(example: Example) -> str:
    """The command without its comment, blanks made one."""
    command = example.command
    start = _comment_start(command)
    return " ".join(command[:start].split() if start is not None else command.split())


def blocks(slow: bool) -> list[str]:
    """The blocks with an example to run (the slow ones, or the others).  A command shown
    in several places (README.md and a --help page) runs in the first of them, and what
    each place says of it is checked there."""
    seen: dict[str, None] = {}
    commands: set[str] = set()
    for example in examples():
        runs = RUN.get(example.text)
        if runs is not None and runs.slow == slow and same_command(example) not in commands:
            commands.add(same_command(example))
            seen[example.block] = None
    return list(seen)


def run_block(block: str, slow: bool, tmp_path: Path) -> list[str]:
    if shutil.which("retro", path=str(BIN)) is None:
        pytest.skip("the retro command is not installed in this environment")
    folder, home = tmp_path / "work", tmp_path / "home"
    folder.mkdir()
    ran = []
    for example in (e for e in examples() if e.block == block):
        runs = RUN.get(example.text)
        if runs is None or runs.slow != slow:
            continue   # listed in NOT_RUN, or run in the other part
        for program in runs.programs:
            if shutil.which(program) is None:
                pytest.skip(f"{program} is not installed")
        for name in runs.needs:
            (folder / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy(ROOT / name, folder / name)
        done = runs.start(example, folder, home, runs.timeout)
        for shown in [e for e in examples() if same_command(e) == same_command(example)]:
            assert done.status == shown.status, (
                f"{shown.where}: {shown.text}\nexit {done.status}, the text says "
                f"{shown.status}\n{done.out}{done.err}")
            done.example = shown
            RUN[shown.text].check(done)
        ran.append(example.text)
    return ran


def test_every_example_is_run_or_listed_with_a_reason() -> None:
    found = {example.text: example.where for example in examples()}
    new = {text: where for text, where in found.items()
           if text not in RUN and text not in NOT_RUN}
    assert not new, ("examples neither run (RUN) nor listed with a reason (NOT_RUN):\n"
                     + "\n".join(f"  {where}: {text}" for text, where in new.items()))
    gone = [text for text in [*RUN, *NOT_RUN] if text not in found]
    assert not gone, "RUN or NOT_RUN names examples no text shows:\n" + "\n".join(gone)
    assert not RUN.keys() & NOT_RUN.keys()
    for text, reason in NOT_RUN.items():
        assert reason.strip() and "\n" not in reason, text


def test_examples_are_found_in_every_kind_of_place() -> None:
    found = examples()
    wheres = {example.where.split(":")[0] for example in found}
    assert {"README.md", "docs/capture.md", "docs/web.md", "games/pigpoker/README.md",
            "games/yucky/README.md", "retro run --help", "retro perft checkers --help"} <= wheres
    # Every --help page with options shows an example.
    for where, page in help_pages().items():
        assert help_examples(where, page), f"{where} shows no example"


def test_a_usage_block_in_the_docs_is_the_commands_own_usage() -> None:
    """A doc that shows ``usage: retro COMMAND ...`` shows exactly what --help prints."""
    shown = 0
    for path in documents():
        text = path.read_text(encoding="utf-8")
        for block in re.findall(r"```\n(usage: retro (\w+) .*?)```", text, re.S):
            if block[1] in ORDER:
                assert block[0].rstrip("\n") == parser_of(block[1]).format_usage().rstrip(
                    "\n"), f"{path.name}: the usage of retro {block[1]} is not --help's"
                shown += 1
    assert shown


def block_id(block: str) -> str:
    """``README.md line 392`` (pytest's -k and node ids do not take a colon)."""
    return block.replace(":", " line ")


@pytest.mark.parametrize("block", blocks(slow=False), ids=block_id)
def test_the_examples_run_as_the_text_says(block: str, tmp_path: Path) -> None:
    assert run_block(block, False, tmp_path)


@pytest.mark.slow
@pytest.mark.parametrize("block", blocks(slow=True), ids=block_id)
def test_the_slow_examples_run_as_the_text_says(block: str, tmp_path: Path) -> None:
    assert run_block(block, True, tmp_path)
