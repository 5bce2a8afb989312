"""What each terminal is sent (``retro.frontends.termcaps``), as pure functions."""

from __future__ import annotations

import pytest

from retro.frontends.termcaps import (
    EightColours,
    TermCaps,
    Terminfo,
    caps_for,
    without_cursor_shape,
)

XTERM = TermCaps(16, "sgr", True, True)


@pytest.mark.parametrize(("term", "info", "caps"), [
    ("xterm-256color", Terminfo(256, b"\x1b[<"), XTERM),
    ("xterm", Terminfo(8, b"\x1b[<"), XTERM),           # terminfo says 8; xterm shows 16
    ("tmux-256color", Terminfo(256, b"\x1b[M"), XTERM),
    ("screen", None, XTERM),
    ("linux", Terminfo(8, b"\x1b[M"), TermCaps(8, "x10", False, False)),
    ("vt100", Terminfo(-1, None), TermCaps(8, None, False, False)),
    ("vt220", None, TermCaps(8, None, False, False)),    # unknown to terminfo: the safe subset
    ("putty-256color", Terminfo(256, b"\x1b[<"), TermCaps(16, "sgr", False, False)),
    # The colour count rule at its edge: 16 colours in terminfo is 16, one fewer is 8.
    ("someterm-16color", Terminfo(16, None), TermCaps(16, None, False, False)),
    ("someterm-15color", Terminfo(15, None), TermCaps(8, None, False, False)),
])
def test_what_each_terminal_takes(term: str, info: Terminfo | None, caps: TermCaps) -> None:
    assert caps_for(term, info) == caps


def test_eight_colours_show_a_bright_foreground_as_bold_and_drop_it_after() -> None:
    eight = EightColours()
    assert eight(b"\x1b[0;91;44mA") == b"\x1b[0;31;44;1mA"     # bright red: bold red
    assert eight(b"\x1b[31mB") == b"\x1b[31;22mB"              # plain red: bold off
    assert eight(b"\x1b[104mC") == b"\x1b[44mC"                # bright blue ground: blue
    assert eight(b"\x1b[1mD\x1b[97mE\x1b[37mF") == b"\x1b[1mD\x1b[37mE\x1b[37mF"  # bold kept
    assert eight(b"\x1b[22mG") == b"\x1b[22mG"
    assert eight(b"\x1b[0m") == b"\x1b[0m"


def test_eight_colours_keep_the_other_flags_and_the_text() -> None:
    eight = EightColours()
    assert eight(b"x\x1b[0;5;7;96;40my\x1b[2J") == b"x\x1b[0;5;7;36;40;1my\x1b[2J"


def test_cursor_shapes_are_taken_out_for_terminals_without_them() -> None:
    assert without_cursor_shape(b"\x1b[1 q\x1b[3;4H\x1b[0 q\x1b[?25h") == b"\x1b[3;4H\x1b[?25h"
