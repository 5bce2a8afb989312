"""A save folder that cannot be written: every game plays on, says so once, and loses nothing
it had.

Tests run as root, where a read-only folder is still writable, so the folder is made
unusable by a path through a regular file (``RETRO_HOME=/x/a-file/retro``), by the folder's
own name being a regular file, and by failures injected into the store's write ("no space",
"permission denied", "read-only disk").
"""

from __future__ import annotations

import errno
import os
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest

import retro.store.core as store_core
from retro.frontends.script import RunResult, run
from retro.games.pigpoker.bank import parse_bank
from retro.games.yucky import scorefile
from retro.games.yz.scoreboard import parse_board, parse_settings

BOXES = ("A1", "A2", "A3", "A4", "A5", "A6", "B1", "B2", "B3", "B4", "B5", "B6", "B7")
YZ_TWO_PLAYER_GAME = '2 "ABC" ENTER "XYZ" ENTER' + "".join(
    f" r {b[0].lower()} {b[1]} r {b[0].lower()} {b[1]}" for b in BOXES)
YUCKY_LOST_GAME = '"100" ENTER ' + " ".join(["x y SPACE"] * 12)
PYTHON_WORDS = ("Errno", "codec", "Traceback", "Error:", "errno", "\\x")


@dataclass(frozen=True)
class Scene:
    """One game saving one file: the keys that make it save, and how it must carry on."""

    game: str
    file: str
    keys: str
    letters: str
    # The game went on (in memory) and said so on screen; ``had`` tells whether the good
    # file that was there could be read.
    played_on: Callable[[RunResult, bool], bool]
    existing: bytes | None = None            # a good file already there (must survive)


def _screen(result: RunResult) -> str:
    return " ".join(str(result.screen).split())


SCENES = [
    Scene("checkers", "CHECKERS.SAV", 'ENTER "3243" F1 Y', "",
          lambda r, had: not r.ended and "The game could not be saved" in _screen(r)
          and "Quit without saving?" in _screen(r)),
    Scene("yucky", "YUCKY.SCR", YUCKY_LOST_GAME, "*",
          lambda r, had: r.state["games"] == {"you": int(had), "computer": 1 + int(had)}
          and "The match could not be saved" in _screen(r),
          existing=scorefile.dump(scorefile.Match([1, 1]))),
    Scene("pigpoker", "PIGPOKER.SCR", '"Bob" ENTER', "*",
          lambda r, had: [(p["name"], p["chips"]) for p in r.state["players"]]
          == [("Bob", 100)] and "The bank cannot be saved" in _screen(r),
          existing=b"PIG POKER BANK\n      70 Ann\n"),
    Scene("yz", "YZ.INI", "ESC F10 o c 2", "*",
          lambda r, had: r.state["options"]["colors"] == "Blue"
          and "Could not save the settings" in _screen(r),
          existing=b"colors=0\nspeed=2\n"),
    Scene("yz", "YZ.SCR", YZ_TWO_PLAYER_GAME, "*",
          lambda r, had: r.state["phase"] == "over"
          and "The scoreboard could not be saved" in _screen(r),
          existing=b"YZ SCOREBOARD 1\nABC 1 1 200 200 0\n"),
]
IDS = [s.file for s in SCENES]
PARSERS = {"YUCKY.SCR": scorefile.parse, "PIGPOKER.SCR": parse_bank, "YZ.SCR": parse_board,
           "YZ.INI": parse_settings}


def _one_clear_line(result: RunResult, name: str, folder: Path, reason: str) -> bool:
    """One notice (per file and reason) names the file, the folder and the reason, in one
    line of plain words."""
    lines = [n for n in result.machine.notices
             if n.startswith(name) and str(folder) in n and reason in n]
    return (len(lines) == 1 and "\n" not in lines[0]
            and not any(word in lines[0] for word in PYTHON_WORDS))


@pytest.mark.parametrize("scene", SCENES, ids=IDS)
@pytest.mark.parametrize("shape", ["through a file", "a file itself"])
def test_a_save_folder_that_is_not_a_folder(scene: Scene, shape: str, tmp_path: Path,
                                            tally) -> None:
    plain = tmp_path / "a-file"
    plain.write_bytes(b"not a folder")
    home = plain / "retro" if shape == "through a file" else plain
    result = run(scene.game, keys=scene.keys, letters=scene.letters, home=home, seed=1)
    reason = f"{plain} is a file, not a folder"
    played_on = scene.played_on(result, False)
    said = _one_clear_line(result, scene.file, home, reason)
    tally("save folder not a folder", 1, int(played_on and said))
    assert played_on, _screen(result)
    assert said, result.machine.notices
    assert plain.read_bytes() == b"not a folder"


def _fail_with(code: int) -> Callable[..., None]:
    def fail(*args: object, **kwargs: object) -> None:
        raise OSError(code, os.strerror(code))
    return fail


INJECTED = [
    ("no space", "_write_file", errno.ENOSPC, "the disk is full"),
    ("permission", "mkstemp", errno.EACCES, "permission denied"),
    ("read-only disk", "mkstemp", errno.EROFS, "the disk is read-only"),
]


@pytest.mark.parametrize("scene", SCENES, ids=IDS)
@pytest.mark.parametrize(("label", "where", "code", "reason"), INJECTED,
                         ids=[i[0] for i in INJECTED])
def test_a_write_that_fails(scene: Scene, label: str, where: str, code: int, reason: str,
                            tmp_path: Path, monkeypatch: pytest.MonkeyPatch, tally) -> None:
    if where == "_write_file":
        monkeypatch.setattr(store_core, "_write_file", _fail_with(code))
    else:
        monkeypatch.setattr(store_core.tempfile, "mkstemp", _fail_with(code))
    if scene.existing is not None:
        (tmp_path / scene.file).write_bytes(scene.existing)
    result = run(scene.game, keys=scene.keys, letters=scene.letters, home=tmp_path, seed=1)
    left = sorted(p.name for p in tmp_path.iterdir() if not p.name.endswith(".lock"))
    expected = [scene.file] if scene.existing is not None else []
    ok = (scene.played_on(result, True) and _one_clear_line(result, scene.file, tmp_path, reason)
          and left == expected
          and (scene.existing is None
               or (tmp_path / scene.file).read_bytes() == scene.existing))
    tally(f"failing write ({label})", 1, int(ok))
    assert scene.played_on(result, True), _screen(result)
    assert _one_clear_line(result, scene.file, tmp_path, reason), result.machine.notices
    assert left == expected  # no temporary file left behind, the old file kept as it was
    if scene.existing is not None:
        assert (tmp_path / scene.file).read_bytes() == scene.existing


def test_checkers_quits_without_saving_when_told_to(tmp_path: Path) -> None:
    home = tmp_path / "a-file"
    home.write_bytes(b"")
    assert run("checkers", keys='ENTER "3243" F1 Y Y', home=home).ended


def test_the_bank_keeps_unsaved_changes_and_saves_them_when_the_disk_is_back(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from retro.games.pigpoker.bank import Bank
    from retro.store import Store

    store = Store(tmp_path)
    bank = Bank(store)
    bank.open("Ann")
    with monkeypatch.context() as patch:
        patch.setattr(store_core, "_write_file", _fail_with(errno.ENOSPC))
        bank.settle({"Ann": 25})
        bank.settle({"Ann": -5, "Bob": 10})
        assert [a.chips for a in bank.accounts()] == [120, 110]
        assert parse_bank((tmp_path / "PIGPOKER.SCR").read_bytes())[0].chips == 100
        assert bank.messages == ["The bank cannot be saved: the disk is full."]
    bank.settle({"Ann": 1})
    assert [(a.name, a.chips) for a in parse_bank((tmp_path / "PIGPOKER.SCR").read_bytes())] \
        == [("Ann", 121), ("Bob", 110)]


@pytest.mark.parametrize("scene", [s for s in SCENES if s.existing is not None],
                         ids=[s.file for s in SCENES if s.existing is not None])
def test_the_same_scene_saves_when_the_disk_is_fine(scene: Scene, tmp_path: Path) -> None:
    """Control: with a working folder the file is written (so the scenes do save)."""
    (tmp_path / scene.file).write_bytes(scene.existing or b"")
    result = run(scene.game, keys=scene.keys, letters=scene.letters, home=tmp_path, seed=1)
    assert not result.machine.notices
    data = (tmp_path / scene.file).read_bytes()
    assert data != scene.existing
    PARSERS[scene.file](data)


@pytest.mark.parametrize("scene", SCENES, ids=IDS)
def test_a_save_problem_is_said_in_one_line_in_all(scene: Scene, tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch,
                                                   tally) -> None:
    """The store's notice is the whole report: a game's own shorter words for the same
    problem belong on its screen, not in the notices a second time."""
    monkeypatch.setattr(store_core, "_write_file", _fail_with(errno.ENOSPC))
    if scene.existing is not None:
        (tmp_path / scene.file).write_bytes(scene.existing)
    result = run(scene.game, keys=scene.keys, letters=scene.letters, home=tmp_path, seed=1)
    once = len(result.machine.notices) == 1
    tally("failing write said once", 1, int(once))
    assert once, result.machine.notices
