"""Every damaged variant of every save file is moved aside, and the real program starts fresh.

For each variant: the program is started on a save folder holding it; it must not fail, the
bytes must be kept exactly as ``NAME.bad-1``, a one-line notice must say where they went,
the program must go on as with no file (checked on its screen or state), and the next start
must be exactly a start from an empty folder (the bank, which carries readable accounts
over, must leave a file that reads).  The valid sample is the control: it is read.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from savefiles import ALL, SaveFile

from retro.frontends.script import run


@pytest.mark.parametrize("save", ALL, ids=lambda s: s.name)
def test_the_valid_sample_is_read(save: SaveFile, tmp_path: Path) -> None:
    (tmp_path / save.name).write_bytes(save.valid)
    result = save.start(tmp_path)
    assert save.uses_valid(result)
    assert not list(tmp_path.glob("*.bad-*"))


def _survives(save: SaveFile, label: str, data: bytes, home: Path, empty: str) -> str | None:
    """None if the program handled the variant as specified, else what went wrong."""
    home.mkdir()
    (home / save.name).write_bytes(data)
    try:
        result = save.start(home)
    except Exception as err:  # the program failed: the one thing it must never do
        return f"{label}: the program raised {type(err).__name__}: {err}"
    aside = home / f"{save.name}.bad-1"
    if not aside.exists() or aside.read_bytes() != data:
        return f"{label}: not moved aside byte for byte"
    notices = [n for n in result.machine.notices if str(aside) in n]
    if len(notices) != 1 or "\n" in notices[0]:
        return f"{label}: no single one-line notice naming {aside}: {result.machine.notices}"
    if not save.fresh(result):
        return f"{label}: the program did not start fresh"
    if save.salvages is not None:
        save.salvages((home / save.name).read_bytes())  # what it carried over reads
    elif str(save.start(home).screen) != empty:
        return f"{label}: the next start is not a fresh start"
    return None


@pytest.mark.parametrize("save", ALL, ids=lambda s: s.name)
def test_every_damaged_variant_is_moved_aside_and_the_game_starts_fresh(
        save: SaveFile, tmp_path: Path, tally) -> None:
    empty = str(save.start(tmp_path / "empty").screen)
    failures = []
    variants = save.variants()
    for n, (label, data) in enumerate(variants):
        problem = _survives(save, label, data, tmp_path / f"case-{n}", empty)
        if problem:
            failures.append(problem)
    tally(f"damaged {save.name}", len(variants), len(variants) - len(failures))
    assert not failures, "\n".join(failures)


def test_a_second_damaged_file_goes_to_the_next_free_name(tmp_path: Path) -> None:
    (tmp_path / "YUCKY.SCR").write_bytes(b"first")
    run("yucky", letters="*", home=tmp_path)
    (tmp_path / "YUCKY.SCR").write_bytes(b"second")
    run("yucky", letters="*", home=tmp_path)
    assert (tmp_path / "YUCKY.SCR.bad-1").read_bytes() == b"first"
    assert (tmp_path / "YUCKY.SCR.bad-2").read_bytes() == b"second"
