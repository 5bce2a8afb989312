"""Games and the machine model never touch pygame: only the window front end does."""

from __future__ import annotations

import pkgutil
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
WINDOW_ONLY = {"retro.window"}


def _modules() -> list[str]:
    names: list[str] = []
    for package in ("retro",):
        for info in pkgutil.walk_packages([str(REPO / package)], prefix=f"{package}."):
            if info.name not in WINDOW_ONLY and not info.name.endswith("__main__"):
                names.append(info.name)
    return sorted(names)


def test_every_module_imports_with_pygame_blocked() -> None:
    modules = _modules()
    assert "retro.screen" in modules
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
    """retro/ finds games through entry points only; no module of its own imports one."""
    offenders = []
    for path in sorted((REPO / "retro").glob("*.py")):
        for line in path.read_text(encoding="utf-8").splitlines():
            words = line.split()
            if words[:1] in (["import"], ["from"]) and len(words) > 1 and (
                    words[1].startswith(("retro.games", "games"))):
                offenders.append(f"{path.name}: {line.strip()}")
    assert offenders == []


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
