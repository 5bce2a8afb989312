"""The store's promises that the games code against: load results, reports, temp cleaning."""

from __future__ import annotations

import errno
import fcntl
import json
import os
import time
from pathlib import Path

import pytest

import retro.store.core as store_core
from retro.store import STALE_TEMP_S, Status, Store
from retro.store import schema as S


def _count(data: bytes) -> int:
    return S.integer_value(json.loads(data), "count", 0, 10**9)


def test_load_result_tells_missing_loaded_damaged_and_unavailable_apart(tmp_path: Path) -> None:
    store = Store(tmp_path)
    assert store.load_result("N.SCR", _count).status is Status.MISSING
    store.save("N.SCR", b"7")
    assert store.load_result("N.SCR", _count).value == 7
    store.save("N.SCR", b"-1")
    damaged = store.load_result("N.SCR", _count)
    assert damaged.status is Status.DAMAGED and damaged.aside == tmp_path / "N.SCR.bad-1"
    assert damaged.reason == "count is -1; it should be from 0 to 1000000000"
    assert damaged.message and str(damaged.aside) in damaged.message
    plain = tmp_path / "plain"
    plain.write_text("x")
    unavailable = Store(plain / "home").load_result("N.SCR", _count)
    assert unavailable.status is Status.UNAVAILABLE
    assert unavailable.reason == f"{plain} is a file, not a folder"


def test_reasons_are_words_not_python(tmp_path: Path) -> None:
    store = Store(tmp_path)
    store.save("A.SCR", b"\xff\xfe")
    assert store.load_result("A.SCR", S.text).reason == "byte 1 is not plain text"
    store.save("B.SCR", b"{")
    assert store.load_result("B.SCR", S.json_object).reason == \
        "it is not valid JSON (line 1, column 2)"


def test_a_disk_problem_is_reported_once_per_file_and_reason(tmp_path: Path,
                                                             monkeypatch) -> None:
    notices: list[str] = []
    store = Store(tmp_path, notify=notices.append)

    def full(fd: int, data: bytes) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(store_core, "_write_file", full)
    assert store.save("A.SCR", b"1") is False
    assert store.save("A.SCR", b"2") is False
    assert store.update("A.SCR", _count, lambda v: 3, lambda v: b"3") == 3
    assert store.save("B.SCR", b"1") is False
    assert notices == [
        f"A.SCR cannot be saved in {tmp_path}: the disk is full; play goes on without saving "
        "(RETRO_HOME chooses another folder).",
        f"B.SCR cannot be saved in {tmp_path}: the disk is full; play goes on without saving "
        "(RETRO_HOME chooses another folder)."]
    assert store.problem_reason("A.SCR") == "the disk is full"
    monkeypatch.undo()
    assert store.save("A.SCR", b"4") and store.problem("A.SCR") is None


def test_a_damaged_file_that_cannot_be_moved_aside_is_never_overwritten(
        tmp_path: Path, monkeypatch) -> None:
    store = Store(tmp_path)
    (tmp_path / "A.SCR").write_bytes(b"precious but unreadable")

    def stuck(*args: object) -> Path:
        raise PermissionError(errno.EACCES, "Permission denied")

    monkeypatch.setattr(Store, "_free_aside", stuck)
    result = store.update_result("A.SCR", _count, lambda v: 1, lambda v: b"1")
    assert result.loaded.damaged and result.loaded.aside is None and not result.saved
    assert (tmp_path / "A.SCR").read_bytes() == b"precious but unreadable"


def test_a_file_the_disk_will_not_read_is_not_replaced_by_an_update(tmp_path: Path) -> None:
    store = Store(tmp_path)
    (tmp_path / "A.SCR").mkdir()  # unreadable as a file
    result = store.update_result("A.SCR", _count, lambda v: 1, lambda v: b"1")
    assert result.loaded.unavailable and not result.saved
    assert (tmp_path / "A.SCR").is_dir()


def test_a_regular_file_the_disk_fails_to_read_is_not_replaced_by_an_update(
        tmp_path: Path, monkeypatch) -> None:
    """Tests run as root, so permissions cannot make a read fail: the disk's error is
    injected where the store reads, and only for that file."""
    import retro.store.core as core

    store = Store(tmp_path)
    path = tmp_path / "A.SCR"
    path.write_bytes(b"7")
    real_read = core._read_regular

    def failing_read(where: Path, limit: int) -> bytes:
        if where == path:
            raise OSError(errno.EIO, "Input/output error", str(where))
        return real_read(where, limit)

    monkeypatch.setattr(core, "_read_regular", failing_read)
    result = store.update_result("A.SCR", _count, lambda v: (v or 0) + 1, lambda v: b"%d" % v)
    assert result.loaded.unavailable and not result.saved
    assert result.loaded.reason == "the disk reported an input/output error"
    assert path.read_bytes() == b"7"


def test_the_lock_is_reentrant_and_a_lock_that_cannot_be_taken_still_runs_the_change(
        tmp_path: Path) -> None:
    store = Store(tmp_path)
    with store.locked("A.SCR") as outer, store.locked("A.SCR") as inner:
        assert outer and inner
        assert store.update("A.SCR", _count, lambda v: (v or 0) + 1,
                            lambda v: str(v).encode()) == 1
    plain = tmp_path / "plain"
    plain.write_text("")
    with Store(plain).locked("A.SCR") as held:
        assert held is False


# -- temporary files of killed writers ---------------------------------------------------------

def _temp(root: Path, name: str, pid: int, age: float = 0.0, tag: str = "abcd1234") -> Path:
    path = root / f".{name}.{pid}.{tag}.tmp"
    path.write_bytes(b"half a fil")
    if age:
        then = time.time() - age
        os.utime(path, (then, then))
    return path


def _dead_pid() -> int:
    pid = os.fork()
    if pid == 0:
        os._exit(0)
    os.waitpid(pid, 0)
    return pid


def test_temporary_files_of_gone_writers_are_removed_on_the_next_open(tmp_path: Path) -> None:
    gone = _temp(tmp_path, "A.SCR", _dead_pid())
    old = _temp(tmp_path, "A.SCR", os.getppid(), age=STALE_TEMP_S + 5)  # pid alive, stale
    young = _temp(tmp_path, "A.SCR", os.getppid(), tag="young")  # alive, recent: writing?
    other = _temp(tmp_path, "B.SCR", _dead_pid())     # another file's: left to its own open
    Store(tmp_path).load_result("A.SCR", _count)
    assert not gone.exists() and not old.exists()
    assert young.exists() and other.exists()


def test_a_live_writers_temporary_file_is_never_removed(tmp_path: Path) -> None:
    """A writer holding its temporary file's lock is alive, however old the file looks."""
    read_end, write_end = os.pipe()
    ready_read, ready_write = os.pipe()
    pid = os.fork()
    if pid == 0:
        try:
            path = _temp(tmp_path, "A.SCR", _dead_pid(), age=STALE_TEMP_S + 60)
            fd = os.open(path, os.O_RDONLY)
            fcntl.flock(fd, fcntl.LOCK_EX)
            os.write(ready_write, b"1")
            os.read(read_end, 1)  # hold the lock until told
        finally:
            os._exit(0)
    try:
        os.read(ready_read, 1)
        Store(tmp_path).load_result("A.SCR", _count)
        assert len(list(tmp_path.glob(".A.SCR.*.tmp"))) == 1
    finally:
        os.write(write_end, b"1")
        os.waitpid(pid, 0)
    Store(tmp_path).load_result("A.SCR", _count)
    assert not list(tmp_path.glob(".A.SCR.*.tmp"))


@pytest.mark.parametrize("value", [True, 1.0, "1", None, [1]])
def test_schema_integers_are_ints_only(value: object) -> None:
    with pytest.raises(S.SchemaError):
        S.integer_value(value, "x", 0, 9)


def test_a_saved_game_another_copy_saved_again_is_not_removed(tmp_path: Path) -> None:
    """Two copies resumed one saved game; one finishes it while the other saved anew."""
    finishing, saving = Store(tmp_path), Store(tmp_path)
    finishing.save("GAME.SAV", b"1")
    assert saving.load_result("GAME.SAV", _count).value == 1
    saving.save("GAME.SAV", b"2")
    assert finishing.delete("GAME.SAV", if_unchanged=True) is False
    assert (tmp_path / "GAME.SAV").read_bytes() == b"2"
    assert saving.delete("GAME.SAV", if_unchanged=True) is True
    assert not (tmp_path / "GAME.SAV").exists()
