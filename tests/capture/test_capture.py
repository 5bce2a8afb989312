"""``retro capture`` and ``retro.capture``: real programs on a pty, read cell by cell.

The settle times are short where the program answers at once; the timeouts are generous,
because on a busy machine a program may take seconds to start.
"""

from __future__ import annotations

import os
import shutil
import signal
import sys
import time
from pathlib import Path

import pytest

from retro.capture import CaptureError, CaptureResult, capture
from retro.cli import main
from retro.screenfiles.dump import REPLACEMENT, from_text

DEMO = Path(__file__).with_name("curses_demo.py")
TIMEOUT = 30.0


def demo(keys: str, *, timeout_s: float = TIMEOUT, mono: bool = False) -> CaptureResult:
    return capture([sys.executable, str(DEMO)], keys, timeout_s=timeout_s, mono=mono)


def test_a_curses_program_is_read_cell_by_cell_with_its_colours_and_keys() -> None:
    result = demo('a F1 UP CTRL+A ALT+X click:10,20 rclick:1,80 "hi" HOME expect:"KEY_HOME"')
    assert result.ok and result.hung_up
    screen = result.screen
    assert screen.read(0).strip() == "curses demo"
    assert set(screen.attrs[0].tolist()) == {0x1E}              # bold yellow on blue
    assert screen.read(2, 2, 7) == "reverse" and set(screen.attrs[2, 2:9].tolist()) == {0x70}
    assert set(screen.attrs[2, 25:28].tolist()) == {0x04}       # red on the default black
    assert [screen.read(row).strip() for row in range(4, 15)] == [
        "char a", "key KEY_F(1)", "key KEY_UP", "key ^A", "key ^[", "char x",
        "click left row 10 col 20", "click right row 1 col 80", "char h", "char i",
        "key KEY_HOME"]


def test_the_curses_program_matches_its_golden_screen(assert_screen) -> None:
    assert_screen(demo('F1 click:3,4 expect:"row 3 col 4"'), "capture/curses_demo")


def test_a_character_cp437_lacks_is_0xfe_with_the_original_in_the_dump(tmp_path) -> None:
    screen = demo("").screen
    col = screen.read(2).index("€")
    assert int(screen.chars[2, col]) == REPLACEMENT and screen.originals == {(2, col): "€"}
    assert screen.read(2)[col + 6:col + 8] == "──"               # CP437 has the box line
    out = tmp_path / "demo.txt"
    assert main(["capture", "--txt", str(out), "--",   # (q would give back the shell's screen)
                 sys.executable, str(DEMO)]) == 0
    back = from_text(out.read_text(encoding="utf-8"))
    assert back.originals == screen.originals and back.to_bytes() == screen.to_bytes()


def test_mono_reads_underline_as_the_mda_attribute() -> None:
    screen = demo("", mono=True).screen
    assert screen.mono and set(screen.attrs[2, 12:22].tolist()) == {0x01}
    assert set(screen.attrs[2, 2:9].tolist()) == {0x70}
    assert int(screen.attrs[0, 0]) == 0x0F                      # bold: intense


def test_expect_waits_for_the_text_and_fails_naming_it_when_it_never_comes() -> None:
    found = demo('F2 expect:"KEY_F(2)" q')
    assert found.ok and not found.hung_up and found.status == 0
    missing = demo('expect:"never shown"', timeout_s=1.0)
    assert missing.failure is not None and "'never shown'" in missing.failure


def test_the_program_answers_a_cursor_position_query() -> None:
    program = ("import sys, tty; tty.setraw(0); sys.stdout.write('\\x1b[5;7H\\x1b[6n');"
               "sys.stdout.flush(); reply = b''\n"
               "while not reply.endswith(b'R'): reply += sys.stdin.buffer.read(1)\n"
               "sys.stdout.write('\\r\\nreply ' + repr(reply)); sys.stdout.flush()\n"
               "sys.stdin.read(1)")
    result = capture([sys.executable, "-c", program], "", settle_ms=300, timeout_s=TIMEOUT)
    assert "reply b'\\x1b[5;7R'" in str(result.screen)


def test_a_program_that_ignores_sighup_gets_sigkill() -> None:
    start = time.monotonic()
    result = capture(["sh", "-c", "trap '' HUP; echo ready; while :; do sleep 1; done"],
                     'expect:"ready"', settle_ms=50, timeout_s=TIMEOUT)
    assert result.hung_up and result.status == -9 and result.ok
    assert time.monotonic() - start < TIMEOUT


BOXED = """import curses
def main(screen):
    screen.refresh()
    window = curses.newwin(5, 20, 1, 1)
    window.box()
    window.addstr(2, 2, "boxed")
    window.refresh()
    window.getch()
curses.wrapper(main)
"""


def test_a_curses_box_is_drawn_in_lines_not_letters() -> None:
    # ncurses draws it with the DEC line-drawing set (ESC ( 0 lqqk): read as letters before.
    screen = capture([sys.executable, "-c", BOXED], 'expect:"boxed"', settle_ms=50,
                     timeout_s=TIMEOUT).screen
    assert screen.read(1)[1:21] == "┌" + "─" * 18 + "┐"
    assert screen.read(3)[1:9] == "│ boxed " and screen.read(5)[1:3] == "└─"


SCROLLED = """import curses
def main(screen):
    for row in range(24):
        screen.addstr(row, 0, f"line {row}")
    screen.refresh()
    screen.scrollok(True)
    screen.setscrreg(2, 10)
    screen.scroll(3)
    screen.addstr(23, 0, "scrolled")
    screen.refresh()
    screen.getch()
curses.wrapper(main)
"""


def test_a_curses_region_scrolls() -> None:
    # ncurses scrolls a region with ESC[3S on an xterm: the capture showed it unmoved.
    screen = capture([sys.executable, "-c", SCROLLED], 'expect:"scrolled"', settle_ms=50,
                     timeout_s=TIMEOUT).screen
    assert [screen.read(row)[:7].strip() for row in (1, 2, 7, 8, 10, 11)] == [
        "line 1", "line 5", "line 10", "", "", "line 11"]


def test_a_capture_started_with_sighup_ignored_still_hangs_up_its_program() -> None:
    # As under nohup: the program must get SIGHUP in its default state, as from a terminal
    # (a shell cannot trap a signal that was ignored when it started).
    before = signal.signal(signal.SIGHUP, signal.SIG_IGN)
    try:
        result = capture(["sh", "-c", "trap 'exit 1' HUP; echo ready; while :; do sleep 0.1; "
                          "done"], 'expect:"ready"', settle_ms=50, timeout_s=TIMEOUT)
    finally:
        signal.signal(signal.SIGHUP, before)
    assert result.hung_up and result.status == 1


def test_a_status_given_on_the_hang_up_is_said_to_be_the_hang_ups() -> None:
    # tmux's client exits with status 1 on SIGHUP: without a word, that read as a failure.
    result = capture(["sh", "-c", "trap 'exit 1' HUP; echo ready; while :; do sleep 0.1; done"],
                     'expect:"ready"', settle_ms=50, timeout_s=TIMEOUT)
    assert result.ok and result.hung_up and result.status == 1
    assert result.ended() == "sh exited with status 1 when hung up after the script"


def test_a_program_that_ends_before_the_script_fails_the_capture() -> None:
    result = capture(["printf", "bye"], "a", settle_ms=50, timeout_s=TIMEOUT)
    assert result.failure == "printf exited with status 0 before token 1 of the script"
    assert result.screen.read(0).startswith("bye")


def test_the_environment_is_clean_and_documented() -> None:
    result = capture(["sh", "-c", "echo $TERM $COLUMNS $LINES $LANG $TZ; stty size; "
                      "echo ${RETRO_HOME:-none} $EXTRA; test -z \"$(ls -A $HOME)\" && echo empty"],
                     settle_ms=50, timeout_s=TIMEOUT, env={"EXTRA": "given"})
    assert [result.screen.read(r).strip() for r in range(3)] == [
        "xterm-256color 80 25 C.UTF-8 UTC", "25 80", "none given"]
    assert result.screen.read(3).strip() == "empty"


def test_a_command_that_does_not_exist_is_refused() -> None:
    with pytest.raises(CaptureError, match="no-such-program"):
        capture(["no-such-program"])


def test_a_command_is_looked_for_where_the_child_looks_for_it(tmp_path: Path) -> None:
    # A path from ``cwd``, a name on the PATH ``env`` gives: both start, as in a shell.
    for folder in ("project", "tools"):
        (tmp_path / folder).mkdir()
        program = tmp_path / folder / f"in-{folder}"
        program.write_text(f"#!/bin/sh\necho from {folder}\n", encoding="utf-8")
        program.chmod(0o755)
    here = capture(["./in-project"], settle_ms=50, cwd=tmp_path / "project")
    on_path = capture(["in-tools"], settle_ms=50,
                      env={"PATH": f"{tmp_path / 'tools'}:{os.defpath}"})
    assert here.screen.read(0).strip() == "from project"
    assert on_path.screen.read(0).strip() == "from tools"


@pytest.mark.parametrize(("args", "status", "says"), [
    (["--settle", "20", "--", "printf", "hi"], 0, "printf exited with status 0"),
    (["--", "sh", "-c", "exit 3"], 1, "sh exited with status 3: it failed"),
    (["--keys", "CTRL+7", "--", "true"], 2, "'CTRL+7'"),
    (["--", "no-such-program"], 2, "no such command: no-such-program"),
    (["--settle", "-1", "--", "true"], 2, "--settle -1"),
    (["--timeout", "1", "--keys", 'expect:"zz"', "--", "sh", "-c", "sleep 9"], 1, "'zz'"),
    (["--"], 2, "a command to run is needed"),
])
def test_exit_status_and_one_line_naming_the_problem(
        args: list[str], status: int, says: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["capture", *args]) == status
    assert says in capsys.readouterr().err


def test_capture_writes_the_outputs_of_retro_run(tmp_path: Path) -> None:
    from retro.pc.screen import Screen
    from retro.pictures.png import read_png
    from retro.pictures.raster import render_rgb
    from retro.screenfiles.ansi import encode_file

    outputs = {kind: tmp_path / f"s.{kind}" for kind in ("txt", "bin", "png", "ans")}
    assert main(["capture", "--settle", "50", "--txt", str(outputs["txt"]), "--bin",
                 str(outputs["bin"]), "--png", str(outputs["png"]), "--ansi",
                 str(outputs["ans"]), "--", "printf", "\\033[1;32mgreen"]) == 0
    screen = from_text(outputs["txt"].read_text(encoding="utf-8"))
    assert screen.read(0).startswith("green") and int(screen.attrs[0, 0]) == 0x0A
    assert Screen.from_bytes(outputs["bin"].read_bytes()).to_bytes() == screen.to_bytes()
    assert (read_png(outputs["png"]) == render_rgb(screen, blink_on=True)).all()
    assert outputs["ans"].read_bytes() == encode_file(screen)


def test_help_after_the_double_dash_belongs_to_the_program(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["capture", "--settle", "50", "--", "sh", "-c", "echo got $1", "sh",
                 "--help"]) == 0
    assert "usage: retro capture" not in capsys.readouterr().out


def test_help_names_every_option(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["capture", "--help"]) == 0
    text = capsys.readouterr().out
    for option in ("--keys", "--keys-file", "--settle", "--timeout", "--txt", "--bin",
                   "--png", "--ansi", "--mono", "--env", "--allow-busy",
                   "TERM=xterm-256color", "(default 300)"):
        assert option in text


# -- programs of the system --------------------------------------------------------------

def _needs(program: str) -> None:
    if shutil.which(program) is None:
        pytest.skip(f"{program} is not installed (.ci/run installs it)")


def test_less_pages_and_highlights_what_it_finds(tmp_path: Path) -> None:
    _needs("less")
    text = tmp_path / "lines.txt"
    text.write_text("".join(f"line {n}\n" for n in range(1, 201)), encoding="utf-8")
    result = capture(["less", str(text)], 'SPACE expect:"line 46" / "line 77" ENTER',
                     timeout_s=TIMEOUT)
    assert result.ok and result.hung_up
    screen = result.screen
    rows = [screen.read(r).rstrip() for r in range(24)]
    assert "line 77" in rows
    row = rows.index("line 77")
    assert set(screen.attrs[row, :7].tolist()) == {0x70}       # the match, in reverse


def test_vim_starts_edits_and_writes_a_file(tmp_path: Path) -> None:
    _needs("vim")
    path = tmp_path / "note.txt"
    result = capture(["vim", str(path)],
                     'i "hello €" ESC expect:"hello" : "wq" ENTER', timeout_s=TIMEOUT)
    assert result.ok and result.status == 0, result.failure
    assert path.read_text(encoding="utf-8") == "hello €\n"


def test_vim_screen_shows_the_text_and_its_tildes(tmp_path: Path) -> None:
    _needs("vim")
    result = capture(["vim", str(tmp_path / "new.txt")],
                     'i "two words" expect:"two words" ESC', timeout_s=TIMEOUT)
    assert result.ok, result.failure
    assert result.screen.read(0).startswith("two words")
    assert result.screen.read(1).startswith("~") and result.screen.read(23).startswith("~")
