"""The README's Layout names every module and folder of retro/, so a new one is described."""

from __future__ import annotations

import re
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


def _layout() -> str:
    text = (REPO / "README.md").read_text(encoding="utf-8")
    match = re.search(r"## Layout\s+```\n(.*?)```", text, re.S)
    assert match, "README.md has no Layout block"
    return match.group(1)


#: Folders whose every module the Layout names one by one (the others are described whole).
NAMED_ONE_BY_ONE = ("pc", "pictures", "screenfiles", "kit", "programs", "frontends", "testing")


def test_the_layout_names_every_module_and_subfolder_of_retro() -> None:
    layout = _layout()
    words = set(re.findall(r"[a-z_0-9]+", layout))
    modules = {p.stem for p in (REPO / "retro").glob("*.py") if p.stem != "__init__"}
    for folder in NAMED_ONE_BY_ONE:
        modules |= {p.stem for p in (REPO / "retro" / folder).glob("*.py")
                    if p.stem != "__init__"}
    folders = {p.name for p in (REPO / "retro").iterdir()
               if p.is_dir() and not p.is_symlink() and (p / "__init__.py").exists()}
    assert modules - words == set()
    assert {f for f in folders if f"  {f}/ " not in layout} == set()


def test_ci_runs_the_readmes_own_test_command() -> None:
    """CI proves the README's set-up line, so the two must be the same line, word for word."""
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    block = re.search(r"## Set up and run the tests\s+```sh\n(.*?)\n```", readme, re.S)
    assert block, "README.md has no test set-up block"
    ci_lines = (REPO / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    marker = ci_lines.index("# The README's test command:")
    assert ci_lines[marker + 1] == block.group(1)
    assert "-n auto" in block.group(1)  # the suite spread over the cores, as CI times it
