"""retro/ is built in layers: each folder may import only the folders below it.

The imports are read from the source (AST), every one of them: at the top of a module, inside
a function, under ``TYPE_CHECKING``.  Held here: which layer may import which (the rule each
folder's docstring states), no import circle between any two modules, no module importing
another's underscore names, and the documented import paths (``retro.machine``...) kept as
re-exports that nothing inside retro/ leans on.
"""

from __future__ import annotations

import ast
import importlib
from collections.abc import Iterator
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
RETRO = REPO / "retro"

#: Each layer and the layers it may import (besides itself).  Bottom to top.
MAY_IMPORT: dict[str, set[str]] = {
    "fonts": set(),
    "store": set(),
    "kit": set(),
    "pc": {"store", "fonts"},
    "pictures": {"pc", "fonts"},
    "screenfiles": {"pc", "pictures"},
    "ui": {"pc", "kit"},
    "programs": {"pc", "ui", "kit", "store"},
    "frontends": {"pc", "pictures", "screenfiles", "programs", "store", "kit"},
    "testing": {"pc", "pictures", "screenfiles"},
    "capture": {"pc", "pictures", "screenfiles", "frontends"},
    "web": {"pc", "pictures", "screenfiles", "store", "programs", "frontends", "kit"},
    "games": {"pc", "ui", "kit", "store", "programs"},
}
MAY_IMPORT["cli"] = set(MAY_IMPORT) - {"games"}

#: The documented import paths: each re-exports one module of a layer.
FACADES = {
    "machine": "retro.pc.machine", "events": "retro.pc.events", "screen": "retro.pc.screen",
    "speaker": "retro.pc.speaker", "script": "retro.frontends.script",
    "record": "retro.frontends.record", "ansiread": "retro.screenfiles.ansiread",
    "pytest_plugin": "retro.testing.pytest_plugin",
}


def module_name(path: Path) -> str:
    parts = list(path.relative_to(REPO).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def source_files() -> Iterator[Path]:
    """Every module of retro/, the games and fonts (linked in as retro/games, retro/fonts)."""
    for path in sorted(RETRO.rglob("*.py")):
        yield path
    for linked in ("games", "fonts"):
        for path in sorted((REPO / linked).rglob("*.py")):
            yield RETRO / path.relative_to(REPO)


def read(path: Path) -> ast.Module:
    real = REPO / path.relative_to(RETRO) if path.relative_to(RETRO).parts[0] in (
        "games", "fonts") else path
    return ast.parse(real.read_text(encoding="utf-8"))


def imports_of(name: str, tree: ast.Module) -> Iterator[tuple[str, list[str], int]]:
    """(module imported, names taken from it, line) for each retro import in ``tree``."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.split(".")[0] == "retro":
                    yield alias.name, [], node.lineno
        elif isinstance(node, ast.ImportFrom):
            assert not node.level, f"{name}:{node.lineno}: a relative import (retro names all)"
            module = node.module or ""
            if module.split(".")[0] != "retro":
                continue
            names = [alias.name for alias in node.names]
            submodules = [n for n in names if _is_module(f"{module}.{n}")]
            for sub in submodules:
                yield f"{module}.{sub}", [], node.lineno
            rest = [n for n in names if n not in submodules]
            if rest or not submodules:
                yield module, rest, node.lineno


def _is_module(name: str) -> bool:
    path = REPO / Path(*name.split("."))
    linked = name.split(".")[1:2]
    if linked and linked[0] in ("games", "fonts"):
        path = REPO / Path(*name.split(".")[1:])
    return path.with_suffix(".py").exists() or (path / "__init__.py").exists()


GRAPH: dict[str, list[tuple[str, list[str], int]]] = {
    module_name(path): list(imports_of(module_name(path), read(path)))
    for path in source_files()
}


def layer(module: str) -> str | None:
    """The layer a module belongs to: its folder under retro/, None for a top-level one."""
    parts = module.split(".")
    if len(parts) < 2 or parts == ["retro", "__init__"]:
        return None
    if len(parts) == 2 and (RETRO / f"{parts[1]}.py").exists():
        return None
    return parts[1]


def test_every_folder_of_retro_is_a_known_layer_and_says_what_it_may_import() -> None:
    folders = {p.name for p in RETRO.iterdir() if (p / "__init__.py").exists()}
    assert folders == set(MAY_IMPORT)
    for folder in folders - {"games", "fonts"}:
        doc = ast.get_docstring(ast.parse((RETRO / folder / "__init__.py").read_text()))
        assert doc and "import" in doc.lower(), f"retro/{folder}/__init__.py: no import rule"


@pytest.mark.parametrize("module", sorted(m for m in GRAPH if layer(m) is not None))
def test_a_module_imports_only_its_own_layer_and_the_layers_below(module: str) -> None:
    own = layer(module)
    assert own is not None
    allowed = MAY_IMPORT[own] | {own}
    wrong = sorted({(target, line) for target, _, line in GRAPH[module]
                    if target != "retro" and layer(target) not in allowed})
    assert not wrong, f"{module} imports above its layer ({own}): {wrong}"


def test_no_module_imports_the_documented_paths_or_the_package_root_for_names() -> None:
    """The re-exporting paths are for users: inside retro/, code names the real module."""
    leaning = sorted((module, target, line) for module, edges in GRAPH.items()
                     for target, names, line in edges
                     if target in {f"retro.{f}" for f in FACADES}
                     or (target == "retro" and set(names) - {"__version__", "ui"}))
    assert not leaning


@pytest.mark.parametrize("facade", sorted(FACADES))
def test_a_documented_path_re_exports_its_module_and_nothing_else(facade: str) -> None:
    edges = GRAPH[f"retro.{facade}"]
    assert {target for target, _, _ in edges} == {FACADES[facade]}
    shown = importlib.import_module(f"retro.{facade}")
    real = importlib.import_module(FACADES[facade])
    for name in shown.__all__:
        assert getattr(shown, name) is getattr(real, name)
    public = {n for n in vars(real) if not n.startswith("_")
              and getattr(getattr(real, n), "__module__", None) == real.__name__}
    assert public <= set(shown.__all__), "a public name of the real module is not re-exported"


def test_no_module_imports_another_modules_underscore_names() -> None:
    private = sorted((module, target, name, line) for module, edges in GRAPH.items()
                     for target, names, line in edges for name in names
                     if name.startswith("_") and not name.startswith("__") and target != module)
    assert not private


def test_there_is_no_import_circle_anywhere_in_the_layers() -> None:
    """Tarjan's strongly connected components over every retro import (lazy ones and those
    for type checking too), the games' own modules left to their packages."""
    edges = {module: sorted({t for t, _, _ in targets if t in GRAPH and t != module})
             for module, targets in GRAPH.items() if layer(module) != "games"}
    edges = {module: [t for t in targets if t in edges] for module, targets in edges.items()}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    circles: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in edges[node]:
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            component = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                component.append(top)
                if top == node:
                    break
            if len(component) > 1:
                circles.append(sorted(component))

    for module in sorted(edges):
        if module not in index:
            visit(module)
    assert not circles


def test_the_layer_check_sees_an_upward_import() -> None:
    """The checks above would pass on nothing: make sure they read a real upward edge."""
    tree = ast.parse("from retro.cli.common import check_output\n")
    (target, names, _), = imports_of("retro.pc.fake", tree)
    assert layer(target) == "cli" and layer(target) not in MAY_IMPORT["pc"]
    assert names == ["check_output"]


def test_the_screen_file_modules_keep_their_own_order() -> None:
    """raster (pixels) <- ansi (the encoder) <- ansiread (the terminal model) <- screenfile."""
    order = ["retro.pictures.raster", "retro.screenfiles.ansi", "retro.screenfiles.ansiread",
             "retro.screenfiles.screenfile"]
    for n, lower in enumerate(order):
        above = set(order[n + 1:])
        assert not {t for t, _, _ in GRAPH[lower]} & above


def unexplained_lazy_imports(path: Path) -> list[int]:
    """Lines of imports of retro inside functions with no comment saying why: on the line, or
    just above the run of imports it opens."""
    lines = path.read_text(encoding="utf-8").split("\n")
    found = []
    for node in ast.walk(ast.parse("\n".join(lines))):
        if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        for sub in ast.walk(node):
            if not isinstance(sub, (ast.Import, ast.ImportFrom)):
                continue
            module = sub.module if isinstance(sub, ast.ImportFrom) else sub.names[0].name
            if not module or module.split(".")[0] != "retro":
                continue
            if any("#" in lines[n] for n in range(sub.lineno - 1, sub.end_lineno or sub.lineno)):
                continue
            above = sub.lineno - 2
            while above >= 0 and (lines[above].strip().startswith(("from ", "import ", ")"))
                                  or lines[above].strip() == ""
                                  or lines[above].strip().endswith(",")):
                above -= 1
            if above < 0 or not lines[above].strip().startswith("#"):
                found.append(sub.lineno)
    return sorted(set(found))


@pytest.mark.parametrize("path", sorted(p for p in RETRO.rglob("*.py")
                                        if p.relative_to(RETRO).parts[0] not in
                                        ("games", "fonts")), ids=str)
def test_an_import_inside_a_function_says_why_it_waits(path: Path) -> None:
    """Imports go at the top unless waiting spares start-up time (numpy, pygame, aiohttp):
    those say so in a comment."""
    assert unexplained_lazy_imports(path) == []


def test_the_lazy_import_check_sees_an_unexplained_one(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text("def f():\n    x = 1\n    from retro.pc import screen\n"
                      "def g():\n    # numpy waits\n    from retro.pc import screen\n",
                      encoding="utf-8")
    assert unexplained_lazy_imports(sample) == [3]
