"""The layers: games and the machine model never touch pygame (only the window front end
does); retro imports no game; a game's rules, computer players and solvers import neither the
machine, the kit nor a screen."""

from __future__ import annotations

import ast
import functools
import os
import pkgutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
WINDOW_ONLY = {"retro.frontends.window"}
#: What a game's rules, computer players and solvers must not import, even through others.
NOT_FOR_RULES = ("retro.pc.machine", "retro.ui", "retro.pc.screen", "retro.frontends.window",
                 "retro.frontends.terminal", "retro.frontends.host", "pygame")


def _source_files(folder: Path) -> Iterator[Path]:
    """Every .py file under ``folder``, subfolders included (not through symbolic links:
    ``retro/games`` and ``retro/fonts`` are links to the top-level folders)."""
    for root, dirs, files in os.walk(folder):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__")
        yield from (Path(root) / f for f in sorted(files) if f.endswith(".py"))


def _module_name(path: Path) -> str:
    """``retro.ui.popup`` for retro/ui/popup.py, ``retro.games.yz.rules`` for games/yz/..."""
    parts = list(path.relative_to(REPO).with_suffix("").parts)
    if parts[0] == "games":
        parts = ["retro", *parts]
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _imports(path: Path) -> set[str]:
    """The modules a file imports (relative imports resolved; ``from a import b`` gives both
    ``a`` and ``a.b``, since b may be a module)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = _module_name(path)
    if path.name != "__init__.py":
        package = package.rpartition(".")[0]
    found: set[str] = set()
    for block in ast.walk(tree):  # names imported only for type checkers never run
        if isinstance(block, ast.If) and "TYPE_CHECKING" in ast.unparse(block.test):
            block.body = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")
                anchor = anchor[:len(anchor) - node.level + 1]
                base = ".".join([*anchor, base] if base else anchor)
            found.add(base)
            found.update(f"{base}.{alias.name}" for alias in node.names)
    return found


@functools.cache
def _graph() -> dict[str, set[str]]:
    return {_module_name(path): _imports(path)
            for folder in ("retro", "games") for path in _source_files(REPO / folder)}


#: Packages whose own ``__init__`` is left out of what a module reaches: ``retro`` loads its
#: exports lazily, and a game's package declares the game (its ``Program``), which every
#: module of the game loads, whatever the module itself imports.
DECLARATIONS = {"retro", "retro.games"}


def _declaration(name: str) -> bool:
    return name in DECLARATIONS or (name.startswith("retro.games.") and name.count(".") == 2)


def _reaches(graph: dict[str, set[str]], start: str) -> dict[str, str]:
    """Every module ``start`` imports (anywhere in it, functions included), directly or
    through others: name -> the module that imports it."""
    seen: dict[str, str] = {}
    todo = [start]
    while todo:
        module = todo.pop()
        for name in graph.get(module, ()):
            # Importing a.b.c runs a/__init__ and a/b/__init__ too.
            parts = name.split(".")
            for n in range(1, len(parts) + 1):
                step = ".".join(parts[:n])
                if step not in seen and step != start and not _declaration(step):
                    seen[step] = module
                    todo.append(step)
    return seen


def _rules_modules() -> list[str]:
    """Every game's rules, computer players and solvers: rules*.py, ai*.py, solver*.py,
    movegen*.py, and all of a game's engine/ folder."""
    names = []
    for path in _source_files(REPO / "games"):
        if path.name.startswith(("rules", "ai", "solver", "movegen")) or "engine" in path.parts:
            names.append(_module_name(path))
    return sorted(names)


def _modules() -> list[str]:
    names: list[str] = []
    for package in ("retro",):
        for info in pkgutil.walk_packages([str(REPO / package)], prefix=f"{package}."):
            if info.name not in WINDOW_ONLY and not info.name.endswith("__main__"):
                names.append(info.name)
    return sorted(names)


def test_every_module_imports_with_pygame_blocked() -> None:
    modules = _modules()
    assert "retro.pc.screen" in modules
    code = (
        "import sys, importlib\n"
        "sys.modules['pygame'] = None  # any import of pygame now fails\n"
        f"for name in {modules!r}:\n"
        "    importlib.import_module(name)\n"
        "print('ok')\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          cwd=REPO, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]


def test_retro_core_imports_no_game() -> None:
    """retro/ finds games through entry points only; no module of its own, in any
    subfolder (retro/ui, retro/store...), imports one."""
    files = list(_source_files(REPO / "retro"))
    assert any(path.parent.name == "ui" for path in files)  # subfolders are looked at
    offenders = [f"{path.relative_to(REPO)}: {name}" for path in files
                 for name in sorted(_imports(path))
                 if name.split(".")[0] == "games" or name.startswith("retro.games")]
    assert offenders == []


def test_the_import_reader_finds_relative_and_nested_imports(tmp_path: Path) -> None:
    """The layering tests below are only as good as this reader."""
    assert "retro.ui.popup" in _imports(REPO / "retro" / "ui" / "dialogs.py")
    assert "retro.pc.screen" in _reaches(_graph(), "retro.ui.popup")
    assert "retro.games.checkers.engine" in _rules_modules()
    assert "retro.games.yz.solver" in _rules_modules()


@pytest.mark.parametrize("module", _rules_modules())
def test_rules_ai_and_solvers_import_no_machine_kit_or_screen(module: str) -> None:
    """A game's rules, computer players and solvers are pure: they import neither the
    machine, the kit (retro.ui), a screen nor pygame, directly or through another module."""
    reached = _reaches(_graph(), module)
    offenders = {name: via for name, via in reached.items()
                 if any(name == bad or name.startswith(f"{bad}.") for bad in NOT_FOR_RULES)}
    assert offenders == {}, f"{module} reaches (name: imported by) {offenders}"


def test_nothing_imports_the_top_level_folders_by_their_own_name() -> None:
    """Only ``retro`` is an import package: code says retro.games and retro.fonts."""
    offenders = []
    for folder in ("retro", "games", "tests", "bench", "fonts"):
        for path in sorted((REPO / folder).rglob("*.py")):
            for line in path.read_text(encoding="utf-8").splitlines():
                words = line.split()
                if words[:1] in (["import"], ["from"]) and len(words) > 1 and (
                        words[1].split(".")[0] in ("games", "fonts")):
                    offenders.append(f"{path.relative_to(REPO)}: {line.strip()}")
    assert offenders == []
