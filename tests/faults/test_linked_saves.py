"""A save file that is a symbolic link (to keep the bank in a synced folder, say): the game
reads and writes the file the link points to, atomically, and the link stays a link; a link
whose target is gone gets its target written; a link that cannot be followed is reported in
one line and left as it is."""

from __future__ import annotations

from pathlib import Path

from retro.frontends.script import run
from retro.games.pigpoker.bank import parse_bank

CATEGORY = "symbolic links in place of a save file"


def _sit_down(home: Path):
    return run("pigpoker", seed=1, keys='"Zed" ENTER', letters="*", home=home)


def _zed_is_in(data: bytes) -> bool:
    return "zed" in {account.name.lower() for account in parse_bank(data)}


def test_a_linked_bank_is_written_through_the_link(tmp_path: Path, tally) -> None:
    home, synced = tmp_path / "home", tmp_path / "synced"
    home.mkdir()
    synced.mkdir()
    _sit_down(synced)  # a real bank, made where the link will point
    before = (synced / "PIGPOKER.SCR").read_bytes()
    (home / "PIGPOKER.SCR").symlink_to(synced / "PIGPOKER.SCR")
    result = _sit_down(home)
    link = home / "PIGPOKER.SCR"
    survived = (link.is_symlink() and link.resolve() == synced / "PIGPOKER.SCR"
                and not result.machine.notices
                and not list(synced.glob(".*.tmp")) and not list(home.glob(".*.tmp")))
    tally(CATEGORY, 1, int(survived))
    assert survived, result.machine.notices
    assert _zed_is_in((synced / "PIGPOKER.SCR").read_bytes()) and before


def test_a_dangling_link_gets_its_target_written(tmp_path: Path, tally) -> None:
    home, synced = tmp_path / "home", tmp_path / "synced"
    home.mkdir()
    synced.mkdir()
    (home / "PIGPOKER.SCR").symlink_to(synced / "bank")
    result = _sit_down(home)
    link = home / "PIGPOKER.SCR"
    survived = (link.is_symlink() and (synced / "bank").is_file()
                and _zed_is_in((synced / "bank").read_bytes()) and not result.machine.notices)
    tally(CATEGORY, 1, int(survived))
    assert survived, result.machine.notices


def test_a_link_into_a_missing_folder_is_reported_in_one_line_and_kept(
        tmp_path: Path, tally) -> None:
    home = tmp_path / "home"
    home.mkdir()
    target = tmp_path / "unmounted" / "bank"
    (home / "PIGPOKER.SCR").symlink_to(target)
    result = _sit_down(home)
    notices = result.machine.notices
    survived = (len(notices) == 1 and "\n" not in notices[0]
                and "PIGPOKER.SCR cannot be saved" in notices[0]
                and f"{target.parent} does not exist" in notices[0]
                and (home / "PIGPOKER.SCR").is_symlink()
                and Path.readlink(home / "PIGPOKER.SCR") == target)
    tally(CATEGORY, 1, int(survived))
    assert survived, notices


def test_a_link_that_loops_is_reported_in_one_line_and_kept(tmp_path: Path, tally) -> None:
    home = tmp_path / "home"
    home.mkdir()
    (home / "PIGPOKER.SCR").symlink_to(home / "OTHER")
    (home / "OTHER").symlink_to(home / "PIGPOKER.SCR")
    result = _sit_down(home)
    notices = result.machine.notices
    survived = (len(notices) == 1 and "loops through symbolic links" in notices[0]
                and (home / "PIGPOKER.SCR").is_symlink() and (home / "OTHER").is_symlink())
    tally(CATEGORY, 1, int(survived))
    assert survived, notices
