"""Save files: atomic writes, locking and recovery of unreadable files."""

from __future__ import annotations

import json
import multiprocessing
from pathlib import Path

import pytest

from retro.store import Store


def _count(store: Store) -> int:
    return store.update("COUNT.SCR", json.loads, lambda v: (v or 0) + 1,
                        lambda v: json.dumps(v).encode())


def test_store_root_follows_retro_home(retro_home: Path) -> None:
    assert Store().root == retro_home


def test_save_replaces_atomically_and_leaves_no_temp_files(tmp_path: Path) -> None:
    store = Store(tmp_path)
    store.save("A.SCR", b"one")
    store.save("A.SCR", b"two")
    assert store.read("A.SCR") == b"two"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["A.SCR"]


def test_unreadable_file_is_moved_aside_with_a_notice_never_overwritten(tmp_path: Path) -> None:
    notices: list[str] = []
    store = Store(tmp_path, notify=notices.append)
    store.save("YUCKY.SCR", b"\x00garbage")
    assert store.load("YUCKY.SCR", json.loads) is None
    assert (tmp_path / "YUCKY.SCR.bad-1").read_bytes() == b"\x00garbage"
    assert not store.exists("YUCKY.SCR")
    assert "YUCKY.SCR" in notices[0] and "bad-1" in notices[0]
    store.save("YUCKY.SCR", b"{also bad")
    store.load("YUCKY.SCR", json.loads)
    assert (tmp_path / "YUCKY.SCR.bad-2").exists()


def test_failed_change_writes_nothing(tmp_path: Path) -> None:
    store = Store(tmp_path)
    store.save("A.SCR", b"7")

    def refuse(value: object) -> object:
        raise RuntimeError("no")

    with pytest.raises(RuntimeError):
        store.update("A.SCR", json.loads, refuse, lambda v: b"x")
    assert store.read("A.SCR") == b"7"


def _worker(root: str, n: int) -> None:
    store = Store(root)
    for _ in range(n):
        _count(store)


def test_two_running_copies_never_lose_an_update(tmp_path: Path) -> None:
    ctx = multiprocessing.get_context("spawn")
    procs = [ctx.Process(target=_worker, args=(str(tmp_path), 60)) for _ in range(2)]
    for p in procs:
        p.start()
    for p in procs:
        p.join(60)
    assert [p.exitcode for p in procs] == [0, 0]
    assert json.loads(Store(tmp_path).read("COUNT.SCR") or b"0") == 120
