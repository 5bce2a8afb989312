"""Real programs captured with the defaults, compared cell for cell with tmux's own screen
(``capture-pane -e``) of the same program at the same size: 0 differing cells.

tmux runs each program on a server of its own (``-L``) in an 80x25 pane;
its screen, text and SGR colours, is read through the same terminal model, so characters
and attributes are compared as the capture holds them.  Programs that are not installed
are skipped with one line.  Programs that end are kept on screen with ``; sleep 60`` in
both, so that neither shows a shell or a 'pane is dead' line.
"""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np
import pytest
from pyte import modes

from retro.capture import capture
from retro.pc.screen import Screen
from retro.screenfiles.ansiread import TerminalModel, TerminalStream, cells_to_screen

ROOT = Path(__file__).resolve().parents[2]
DEMO = Path(__file__).with_name("curses_demo.py")
#: How long tmux is given to draw after the start and after each key.
TMUX_SETTLE_S = 1.0


def tmux_screen(command: list[str], keys: list[list[str]], server: str, cwd: Path) -> Screen:
    home = tempfile.mkdtemp(prefix="retro-tmux-")
    config = Path(home) / "tmux.conf"
    config.write_text("set -g status off\nset -g default-size 80x25\n", encoding="utf-8")

    def tmux(*args: str) -> str:
        return subprocess.run(["tmux", "-L", server, "-f", str(config), *args],
                              capture_output=True, text=True, check=False).stdout

    try:
        env = [f"-e{name}={value}" for name, value in
               (("LANG", "C.UTF-8"), ("LC_ALL", "C.UTF-8"), ("TZ", "UTC"), ("HOME", home),
                ("LINES", "25"), ("COLUMNS", "80"))]
        # The program starts once the pane is 80x25 (respawned into it): a pane resized
        # after the start is not drawn anew by every program.
        tmux("new-session", "-d", "-x", "80", "-y", "25", *env, "-c", str(cwd), "sleep 60")
        tmux("respawn-pane", "-k", *env, "-c", str(cwd), "exec " + shlex.join(command))
        time.sleep(TMUX_SETTLE_S)
        for key in keys:
            tmux("send-keys", *key)
            time.sleep(TMUX_SETTLE_S)
        shown = tmux("capture-pane", "-e", "-p", "-N")
    finally:
        tmux("kill-server")
        shutil.rmtree(home, ignore_errors=True)
    model = TerminalModel(80, 25)
    model.set_mode(modes.LNM)
    TerminalStream(model).feed(shown.rstrip("\n"))
    return cells_to_screen(model)


def differing(ours: Screen, theirs: Screen) -> list[str]:
    """The cells that differ, as 'row R col C: ours ... tmux ...' (1-based)."""
    cells = (ours.chars != theirs.chars) | (ours.attrs != theirs.attrs)
    for cell in set(ours.originals) | set(theirs.originals):
        cells[cell] |= ours.originals.get(cell) != theirs.originals.get(cell)
    return [f"row {r + 1} col {c + 1}: ours {ours.read(r, c, 1)!r} {ours.attrs[r, c]:02X}, "
            f"tmux {theirs.read(r, c, 1)!r} {theirs.attrs[r, c]:02X}"
            for r, c in zip(*np.nonzero(cells), strict=True)]


def _kept(shell: str) -> list[str]:
    return ["sh", "-c", f"{shell}; sleep 60"]


CASES = {
    "vim": (["vim", "README.md"], "", []),
    "vim split": (["vim", "-o", "README.md", "capture.md"], "", []),
    "less": (["less", "README.md"], "", []),
    "less search": (["less", "README.md"], '/ "Golden" ENTER', [["/Golden", "Enter"]]),
    "dialog menu": (["dialog", "--menu", "Pick one", "15", "40", "5", "a", "one", "b",
                     "two"], "", []),
    "dialog yes/no": (["dialog", "--yesno", "Sure?", "8", "30"], "", []),
    "nano": (["nano", "README.md"], "", []),
    "ls --color": (_kept("ls --color=always -la --time-style=+%Y"), "", []),
    "a curses program": ([sys.executable, str(DEMO)], "", []),
    "vttest menu": (["vttest"], "", []),
    "vttest cursor movements": (["vttest"], "1 ENTER", [["1", "Enter"]]),
    "emoji and wide characters": (_kept(
        r"printf '\342\232\240\357\270\217 Warning: disk full\n\344\270\226\347\225\214 wide\n'"),
        "", []),
    "ESC E": (_kept(r"printf 'abc\033Edef\n'"), "", []),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_the_capture_shows_what_tmux_shows(name: str, worker_id: str, tmp_path: Path
                                           ) -> None:
    command, keys, tmux_keys = CASES[name]
    for program in ("tmux", command[0]):
        if shutil.which(program) is None:
            pytest.skip(f"{program} is not installed")
    # Each in a folder of its own, with copies of the files it opens (vim's swap file
    # would make another editor of the same file ask what to do).
    for name_ in ("README.md", "capture.md"):
        shutil.copy(ROOT / ("docs" if name_ == "capture.md" else "") / name_, tmp_path / name_)
    # and, for ls, a folder, a link and a program: each in its colour
    (tmp_path / "folder").mkdir()
    (tmp_path / "link").symlink_to("README.md")
    (tmp_path / "program").write_text("#!/bin/sh\n", encoding="utf-8")
    (tmp_path / "program").chmod(0o755)
    ours = capture(command, keys, cwd=tmp_path)
    assert ours.ok, ours.failure
    theirs = tmux_screen(command, tmux_keys, f"retro-test-{worker_id}-{os.getpid()}",
                         tmp_path)
    assert differing(ours.screen, theirs) == [], f"\n{ours.screen}\n---\n{theirs}"
