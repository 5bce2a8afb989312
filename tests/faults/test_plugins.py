"""A plug-in whose registration does not give a program (its import fails, or it names
something else) is not listed, and asking for it says which entry point failed and why,
instead of "unknown program"."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
CATEGORY = "broken plug-ins"


def _install_plugins(site: Path) -> None:
    """Two registrations in the retro.programs group, as pip would leave them."""
    info = site / "broken_plugins-1.0.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: broken-plugins\n"
                                   "Version: 1.0\n", encoding="utf-8")
    (info / "entry_points.txt").write_text(
        "[retro.programs]\n"
        "tetris = tetris_missing_module:PROGRAM\n"
        "pong = pong_plugin:PROGRAM\n", encoding="utf-8")
    (site / "pong_plugin.py").write_text("PROGRAM = 'not a program'\n", encoding="utf-8")


def _retro(site: Path, home: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(site), str(REPO)]),
           "RETRO_HOME": str(home)}
    code = "import sys; from retro.cli import main; sys.exit(main())"
    return subprocess.run([sys.executable, "-c", code, *args], env=env, capture_output=True,
                          text=True, timeout=120)


def test_a_plug_in_that_fails_to_import_is_named_with_its_reason(tmp_path: Path,
                                                                 tally) -> None:
    site = tmp_path / "site"
    _install_plugins(site)
    done = _retro(site, tmp_path, "run", "tetris")
    first = done.stderr.splitlines()[0] if done.stderr else ""
    ok = (done.returncode == 2 and "tetris = tetris_missing_module:PROGRAM" in first
          and "ModuleNotFoundError: No module named 'tetris_missing_module'" in first
          and "unknown program" not in done.stderr and "Traceback" not in done.stderr)
    tally(CATEGORY, 1, int(ok))
    assert ok, done.stderr


def test_a_plug_in_that_names_no_program_is_named_with_its_reason(tmp_path: Path,
                                                                  tally) -> None:
    site = tmp_path / "site"
    _install_plugins(site)
    done = _retro(site, tmp_path, "pong")
    first = done.stderr.splitlines()[0] if done.stderr else ""
    ok = (done.returncode == 2 and "pong = pong_plugin:PROGRAM" in first
          and "it names a str, not a retro.Program" in first)
    tally(CATEGORY, 1, int(ok))
    assert ok, done.stderr


def test_the_list_shows_what_runs_and_says_what_did_not_load(tmp_path: Path, tally) -> None:
    site = tmp_path / "site"
    _install_plugins(site)
    done = _retro(site, tmp_path, "--list")
    names = done.stdout.split()
    problems = done.stderr.splitlines()
    ok = (done.returncode == 0 and "yucky" in names and "tetris" not in names
          and "pong" not in names and len(problems) == 2
          and all(line.startswith("retro: the program ") for line in problems))
    tally(CATEGORY, 1, int(ok))
    assert ok, (done.stdout, done.stderr)
