"""What a terminal takes, from terminfo and a small table, and the 8-colour reading of SGR.

The terminal front end speaks xterm's dialect: bright colours as SGR 90-97 and 100-107,
mouse reports in the SGR form (modes 1000 and 1006), synchronized output (mode 2026) and
the cursor shape (DECSCUSR, ``CSI n SP q``).  A Linux console or a VT100 takes none of
these, so they are sent only where the terminal takes them:

========================  ==========  =================  ===============================
TERM                      colours     mouse reports      synchronized output, cursor shape
========================  ==========  =================  ===============================
xterm-like (XTERM_LIKE)   16          SGR form           yes
terminfo colors >= 16     16          as kmous says      no
any other (linux, vt100)  8 and bold  as kmous says      no
========================  ==========  =================  ===============================

(xterm-like: xterm*, tmux*, screen*, rxvt*, kitty, foot, alacritty...; linux's kmous is the
X10 form, vt100 has none.)

terminfo's ``kmous`` names the form of the mouse reports the terminal sends: ``ESC [ <``
is the SGR form, ``ESC [ M`` the older X10 form (``retro.frontends.termkeys`` reads both), none no
mouse at all.  With 8 colours a bright foreground is its colour in bold (as the Linux
console and most 8-colour terminals show bold: brighter), and a bright background is its
normal colour.  A terminal with no colour at all (vt100) ignores the colour codes and keeps
the bold.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

#: TERM names (before any ``-``: ``xterm-256color`` is ``xterm``) of terminals that take
#: xterm's extensions: 16 colours, SGR mouse, synchronized output (or ignore it), cursor
#: shapes.
XTERM_LIKE = frozenset({
    "xterm", "tmux", "screen", "rxvt", "urxvt", "kitty", "xterm.js", "foot", "alacritty",
    "wezterm", "contour", "mintty", "ghostty", "st", "konsole", "gnome", "vte", "iterm",
    "iterm2",
})

SGR_MOUSE_KEY = b"\x1b[<"
X10_MOUSE_KEY = b"\x1b[M"


@dataclass(frozen=True)
class Terminfo:
    """The terminfo entries that matter here (``colors`` -1 when none, ``kmous`` None)."""

    colors: int = -1
    kmous: bytes | None = None


@dataclass(frozen=True)
class TermCaps:
    """What the front end may send to a terminal."""

    colors: int          # 16, or 8 (bright shown as bold)
    mouse: str | None    # "sgr", "x10" or None (no mouse reports asked for)
    sync: bool           # synchronized output (mode 2026)
    cursor_shape: bool   # DECSCUSR


def read_terminfo(term: str, fd: int = -1) -> Terminfo | None:
    """``term``'s terminfo entry, or None when there is none (or no curses).

    curses reads one terminal description per process (a second ``setupterm`` is ignored),
    so this is meant for the process's own TERM.
    """
    try:
        import curses

        curses.setupterm(term, fd)
        colors = curses.tigetnum("colors")
        kmous = curses.tigetstr("kmous")
    except Exception:  # no curses, or no entry for TERM: the table decides
        return None
    return Terminfo(colors, kmous or None)


def xterm_like(term: str) -> bool:
    return term.split("-", 1)[0].lower() in XTERM_LIKE


def caps_for(term: str, info: Terminfo | None) -> TermCaps:
    """What a terminal called ``term`` takes, given its terminfo entry (None: unknown)."""
    if xterm_like(term):
        return TermCaps(16, "sgr", True, True)
    if info is None:  # neither in the table nor in terminfo: the safe subset
        return TermCaps(8, None, False, False)
    mouse = {SGR_MOUSE_KEY: "sgr", X10_MOUSE_KEY: "x10"}.get(info.kmous or b"")
    return TermCaps(16 if info.colors >= 16 else 8, mouse, False, False)


_SGR = re.compile(rb"\x1b\[([0-9;]*)m")
_CURSOR_SHAPE = re.compile(rb"\x1b\[[0-9]* q")


class EightColours:
    """Rewrites an SGR stream for 8 colours: 90-97 become bold 30-37, 100-107 40-47.

    Stateful across calls, as the stream is: the terminal's bold is on while the text is
    bold (SGR 1) or its foreground bright, and turned off (SGR 22) when neither is.
    Sequences in 24-bit form are not expected (the 16-colour encoder does not send them).
    """

    def __init__(self) -> None:
        self.bold = False     # SGR 1 asked for by the stream
        self.bright = False   # the foreground asked for is 90-97
        self.shown = False    # the terminal's bold as last sent

    def __call__(self, data: bytes) -> bytes:
        return _SGR.sub(self._rewrite, data)

    def _rewrite(self, match: re.Match[bytes]) -> bytes:
        out: list[str] = []
        for text in (match.group(1).decode() or "0").split(";"):
            code = int(text or "0")
            if code == 0:
                self.bold = self.bright = self.shown = False
                out.append("0")
            elif code == 1:
                self.bold = True
            elif code == 22:
                self.bold = False
            elif 30 <= code <= 37:
                self.bright = False
                out.append(str(code))
            elif 90 <= code <= 97:
                self.bright = True
                out.append(str(code - 60))
            elif 100 <= code <= 107:
                out.append(str(code - 60))
            else:
                out.append(str(code))
        wanted = self.bold or self.bright
        if wanted != self.shown:
            out.append("1" if wanted else "22")
            self.shown = wanted
        return f"\x1b[{';'.join(out)}m".encode() if out else b""


def without_cursor_shape(data: bytes) -> bytes:
    """``data`` without DECSCUSR sequences (for terminals that do not take them)."""
    return _CURSOR_SHAPE.sub(b"", data)
