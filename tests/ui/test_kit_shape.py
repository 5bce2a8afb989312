"""The kit knows no game and no window, and stays in small modules."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import retro.ui

MAX_LINES = 800


def test_importing_the_kit_loads_no_game_and_no_pygame() -> None:
    code = ("import sys, retro.ui; "
            "print(any(n.startswith('retro.games') for n in sys.modules), "
            "'pygame' in sys.modules)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=60)
    assert done.stdout.split() == ["False", "False"], done.stderr


def test_every_module_of_the_kit_is_under_800_lines() -> None:
    folder = Path(retro.ui.__file__).parent
    sizes = {p.name: len(p.read_text(encoding="utf-8").splitlines())
             for p in folder.glob("*.py")}
    assert len(sizes) >= 8 and max(sizes.values()) < MAX_LINES, sizes


def test_the_public_names_of_the_contract_are_there() -> None:
    for name in ("HotKeys", "install", "hotkeys_off", "key", "sleep", "popup", "page", "ask",
                 "LEFT_YES", "RIGHT_YES", "LEFT_NO", "RIGHT_NO", "line_input", "choose",
                 "MessageLine", "work", "speed_stepper", "border_cycler", "sound_toggle",
                 "confirm_discard"):
        assert name in retro.ui.__all__ and hasattr(retro.ui, name), name
