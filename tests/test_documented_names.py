"""Every name README.md and docs/ show a user, importable where they show it.

The package's folders may move; what the documents promise (``from retro.machine import
Program``, ``retro.store.Store``, ``retro.speaker.MusicError``...) keeps working.
"""

from __future__ import annotations

import importlib
import re
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
DOCUMENTS = [REPO / "README.md", *sorted((REPO / "docs").glob("*.md"))]

FROM_IMPORT = re.compile(r"^\s*(?:>>> )?from (retro[\w.]*) import ([\w, ()]+)", re.M)
DOTTED = re.compile(r"`(retro(?:\.[A-Za-z_]\w*)+)(?:\(\))?`")


def documented_imports() -> list[tuple[str, str, str]]:
    found = []
    for document in DOCUMENTS:
        text = document.read_text(encoding="utf-8")
        for module, names in FROM_IMPORT.findall(text):
            for name in re.split(r"[,\s()]+", names):
                if name:
                    found.append((document.name, module, name))
    return sorted(set(found))


def documented_dotted_names() -> list[tuple[str, str]]:
    found = []
    for document in DOCUMENTS:
        for dotted in DOTTED.findall(document.read_text(encoding="utf-8")):
            if not dotted.startswith("retro.games.") and dotted not in (
                    "retro.programs",):   # the entry-point group's name, not only a module
                found.append((document.name, dotted))
    return sorted(set(found))


def resolve(dotted: str) -> object:
    """The object a dotted name names: the longest importable module, then attributes."""
    parts = dotted.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            value: object = importlib.import_module(".".join(parts[:cut]))
        except ModuleNotFoundError:
            continue
        for attribute in parts[cut:]:
            value = getattr(value, attribute)
        return value
    raise ModuleNotFoundError(dotted)


@pytest.mark.parametrize(("document", "module", "name"), documented_imports())
def test_a_documented_import_works(document: str, module: str, name: str) -> None:
    assert hasattr(importlib.import_module(module), name) or \
        importlib.import_module(f"{module}.{name}")


@pytest.mark.parametrize(("document", "dotted"), documented_dotted_names())
def test_a_documented_dotted_name_exists(document: str, dotted: str) -> None:
    resolve(dotted)


def test_the_documents_do_show_names_to_import() -> None:
    imports = {(module, name) for _, module, name in documented_imports()}
    assert ("retro.machine", "Program") in imports and ("retro.capture", "capture") in imports
    assert len(documented_dotted_names()) > 10
