"""Installed retro stands beside anyone's code: only ``retro`` is a top-level package.

A user's project of their own often has ``games/`` and ``fonts/`` packages.  These tests
build a real wheel, install it into a fresh folder, and run retro from inside such a
project, as that user would.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("wheel")
    source = tmp_path_factory.mktemp("source") / "retro"
    # Build from a copy, so the build leaves nothing in the working tree; the links that
    # map games/ and fonts/ into the package stay links.
    shutil.copytree(REPO, source, symlinks=True, ignore=shutil.ignore_patterns(
        ".git", ".venv", "build", "dist", "*.egg-info", "__pycache__", "golden", "tests"))
    done = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q",
         "-w", str(out), str(source)],
        capture_output=True, text=True, timeout=300, cwd=out)
    assert done.returncode == 0, done.stderr[-3000:]
    (found,) = out.glob("retro-*.whl")
    return found


@pytest.fixture(scope="module")
def installed(wheel: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    target = tmp_path_factory.mktemp("site")
    with zipfile.ZipFile(wheel) as archive:  # a wheel is installed by unpacking it
        archive.extractall(target)
    return target


@pytest.fixture
def user_project(tmp_path: Path) -> Path:
    """A folder with the user's own ``games`` and ``fonts`` packages."""
    for name in ("games", "fonts"):
        (tmp_path / name).mkdir()
        (tmp_path / name / "__init__.py").write_text(f"MINE = {name!r}\n", encoding="utf-8")
    return tmp_path


def _python(site: Path, cwd: Path, code: str, home: Path) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PYTHONPATH=str(site), RETRO_HOME=str(home),
               SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    # ``-c`` puts the working folder first on sys.path, as ``python -m`` and pytest do.
    return subprocess.run([sys.executable, "-c", code], cwd=cwd, env=env, capture_output=True,
                          text=True, timeout=300)


def test_the_wheel_holds_no_top_level_package_but_retro(wheel: Path) -> None:
    with zipfile.ZipFile(wheel) as archive:
        tops = {name.split("/")[0] for name in archive.namelist()}
    assert {t for t in tops if not t.endswith(".dist-info")} == {"retro"}
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
    assert "retro/games/yucky/ui.py" in names
    assert "retro/fonts/VGA8x16.bin" in names and "retro/fonts/VGA8x14.bin" in names
    assert {f"retro/web/static/{name}" for name in
            ("index.html", "message.html", "retro.js", "retro.css")} <= names


def test_retro_lists_and_runs_the_games_beside_a_users_games_and_fonts(
        installed: Path, user_project: Path, tmp_path: Path) -> None:
    png = tmp_path / "yucky.png"
    code = (
        "import sys\n"
        "from retro.cli import main\n"
        "assert main(['--list']) == 0\n"
        f"assert main(['run', 'yucky', '*', '--seed', '1', '--keys', 'ENTER',"
        f" '--png', {str(png)!r}]) == 0\n"
        "assert main(['run', 'charmap', '--png', " + repr(str(tmp_path / "c.png")) + "]) == 0\n"
        "import games, fonts, retro\n"
        "assert games.MINE == 'games' and fonts.MINE == 'fonts'\n"
        f"assert retro.__file__.startswith({str(installed)!r}), retro.__file__\n"
    )
    done = _python(installed, user_project, code, tmp_path / "home")
    assert done.returncode == 0, done.stderr[-3000:]
    assert done.stdout.split() == ["yucky", "pigpoker", "sixtysix", "checkers", "yz",
                                   "charmap"]
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_retro_works_from_any_folder(installed: Path, tmp_path: Path) -> None:
    code = ("from retro.cli import main\n"
            "raise SystemExit(main(['perft', 'checkers', '--depth', '2']))")
    done = _python(installed, tmp_path, code, tmp_path / "home")
    assert done.returncode == 0, done.stderr[-3000:]
    assert done.stdout.splitlines()[-1] == "depth 2 nodes 49"
