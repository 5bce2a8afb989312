"""The screen-file modules import in one direction only, so each can be read on its own.

raster (pixels) <- ansi (the encoder, which takes raster's palette and MDA reading) <-
ansiread (the terminal model, which takes ansi's palette) <- screenfile (files, rendering).
A lower module never imports a higher one, not even inside a function.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

RETRO = Path(__file__).resolve().parents[2] / "retro"
LAYERS = ["raster", "ansi", "ansiread", "screenfile"]


def imported_retro_modules(name: str) -> set[str]:
    tree = ast.parse((RETRO / f"{name}.py").read_text(encoding="utf-8"))
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("retro"):
            found.add(node.module.removeprefix("retro").lstrip("."))
            if node.module == "retro":
                found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.Import):
            found.update(a.name.removeprefix("retro.") for a in node.names)
    return found


@pytest.mark.parametrize("lower", LAYERS)
def test_a_screen_file_module_imports_no_module_above_it(lower: str) -> None:
    above = set(LAYERS[LAYERS.index(lower) + 1:])
    assert not imported_retro_modules(lower) & above
