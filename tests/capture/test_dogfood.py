"""Dogfood: a capture of ``retro GAME --tty`` equals the headless ``retro run`` of the same
seed and keys, cell for cell, characters and attributes, for every game.

The terminal front end draws the buffer through ``retro.screenfiles.ansi``; the capture reads it
back
through ``retro.screenfiles.ansiread``; the two meet only if encoder, reader, key table and the two
drivers agree.  ``*`` skips the timed start-up shows; each run saves into a fresh folder.
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import numpy as np
import pytest

import retro
from retro.capture import capture
from retro.frontends.script import run

SCRIPTS = {
    "yucky": "SPACE F3",
    "pigpoker": "ENTER SPACE F5",
    "yz": "SPACE ENTER",
    "sixtysix": "UP UP",
    "checkers": "F5 ESC ALT+X",
}


def retro_command() -> list[str]:
    found = Path(sys.executable).with_name("retro")
    return [str(found)] if found.exists() else [shutil.which("retro") or "retro"]


def code_under_test() -> dict[str, str]:
    """The environment that makes a captured ``retro`` import the code these tests import.

    The capture's clean environment passes no PYTHONPATH, so without it the ``retro``
    command imports whatever its environment has installed: in a shared environment,
    another checkout's games.  The capture then showed that checkout's screen, the headless
    run this one's, and the two differed wherever the checkouts did (YZ's legend ", Exit").
    """
    return {"PYTHONPATH": str(Path(retro.__file__).resolve().parents[1])}


def arrival(game: str, keys: str, home: Path) -> str:
    """An ``expect:`` token for text the last key brings on the screen, so that a capture
    on a busy machine waits for the program's answer to it, however slow."""
    tokens = keys.split()
    before = run(game, seed=7, keys=" ".join(tokens[:-1]), letters="*", home=home / "a")
    after = run(game, seed=7, keys=keys, letters="*", home=home / "b")
    shown = {before.screen.read(row) for row in range(25)}
    for row in range(25):
        text = after.screen.read(row).strip()
        if text and '"' not in text and after.screen.read(row) not in shown:
            return f'expect:"{text[:30].strip()}"'
    return ""


@pytest.mark.parametrize("game", sorted(SCRIPTS))
def test_a_capture_of_the_tty_front_end_equals_the_headless_run(game: str,
                                                                 tmp_path: Path) -> None:
    keys = SCRIPTS[game]
    script = f"{keys} {arrival(game, keys, tmp_path / 'arrival')}"
    captured = capture([*retro_command(), game, "*", "--tty", "--seed", "7"], script,
                       settle_ms=400, timeout_s=60.0,
                       env={"RETRO_HOME": str(tmp_path / "tty"), **code_under_test()})
    assert captured.ok, captured.failure
    # The result is kept while its screen is compared: collected, it would close the
    # suspended game, whose clean-up (a line input taking its buttons away) changes the screen.
    result = run(game, seed=7, keys=keys, letters="*", home=tmp_path / "headless")
    headless = result.screen
    differ = np.argwhere((captured.screen.chars != headless.chars)
                         | (captured.screen.attrs != headless.attrs))
    assert differ.size == 0, (f"{len(differ)} cells differ, first at row {differ[0][0] + 1} "
                              f"col {differ[0][1] + 1}:\n{captured.screen}\n---\n{headless}")
    assert captured.screen.originals == {}


def test_a_captured_program_imports_the_retro_these_tests_import(tmp_path: Path) -> None:
    found = capture([sys.executable, "-c", "import retro; print(retro.__file__)"], "",
                    settle_ms=100, timeout_s=30.0, cwd=tmp_path, env=code_under_test())
    shown = "".join(found.screen.read(row).strip() for row in range(3))
    assert shown == str(Path(retro.__file__)), (shown, retro.__file__)
