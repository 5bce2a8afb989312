"""Copies running at once, and writers killed in the middle of a save.

N processes write each save file at the same moment (a pipe starts them together): no
update may be lost.  Then a writer saving in a loop is killed with SIGKILL, again and again:
the file must always read (never torn), and the temporary files the killed writers leave
must be gone after the next open.
"""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from retro.games.checkers.save import parse as parse_saved_game
from retro.games.pigpoker.bank import Bank, format_bank, parse_bank
from retro.games.yucky import scorefile
from retro.games.yucky.rules import COMPUTER, YOU, Match
from retro.games.yz.scoreboard import (
    Scoreboard,
    Settings,
    dump_board,
    dump_settings,
    parse_board,
    parse_settings,
)
from retro.store import Store

REPO = Path(__file__).resolve().parents[2]
YUCKY_LOST_GAME = '"100" ENTER ' + " ".join(["x y SPACE"] * 12)


def _in_parallel(count: int, work: Callable[[int], None]) -> list[int]:
    """Run ``work(i)`` in ``count`` forked processes released at the same instant; their
    exit statuses."""
    go_read, go_write = os.pipe()
    pids = []
    for i in range(count):
        pid = os.fork()
        if pid == 0:  # the child: wait for the start, work, leave without cleaning up
            status = 1
            try:
                os.close(go_write)
                os.read(go_read, 1)
                work(i)
                status = 0
            finally:
                os._exit(status)
        pids.append(pid)
    os.close(go_read)
    os.close(go_write)  # every child's read returns now
    return [os.waitstatus_to_exitcode(os.waitpid(pid, 0)[1]) for pid in pids]


def test_three_yucky_games_won_at_once_all_count(tmp_path: Path, tally) -> None:
    """The real program, three copies in one save folder, each losing one game."""
    env = {**os.environ, "RETRO_HOME": str(tmp_path), "PYTHONPATH": str(REPO)}
    copies = [subprocess.Popen([sys.executable, "-m", "retro.cli", "run", "yucky", "*",
                                "--seed", "1", "--keys", YUCKY_LOST_GAME], env=env, cwd=tmp_path,
                               stderr=subprocess.PIPE) for _ in range(3)]
    assert [c.wait(60) for c in copies] == [0, 0, 0]
    games = scorefile.parse((tmp_path / "YUCKY.SCR").read_bytes()).games
    tally("parallel copies, updates kept", 3, games[COMPUTER])
    assert games == [0, 3]


def _yucky(store: Store, i: int) -> None:
    scorefile.record_game(store, COMPUTER if i % 2 else YOU, Match())


def _bank(store: Store, i: int) -> None:
    bank = Bank(store)
    bank.open(f"P{i}")
    for _ in range(25):
        bank.settle({"Ann": 1, "Bob": -1})


def _board(store: Store, i: int) -> None:
    for _ in range(10):
        store.update("YZ.SCR", parse_board,
                     lambda b: (b or Scoreboard()).add("ABC", 100, won=False, yz=0),
                     dump_board)


WRITERS = [
    ("YUCKY.SCR", 6, _yucky, lambda d: scorefile.parse(d).games == [3, 3], 6),
    ("PIGPOKER.SCR", 4, _bank,
     lambda d: {a.name: a.chips for a in parse_bank(d)} ==
     {"P0": 100, "P1": 100, "P2": 100, "P3": 100, "Ann": 200, "Bob": 0}, 4 * 25),
    ("YZ.SCR", 4, _board, lambda d: parse_board(d).players["ABC"].games == 40, 40),
]


@pytest.mark.parametrize(("name", "copies", "work", "all_kept", "updates"), WRITERS,
                         ids=[w[0] for w in WRITERS])
def test_copies_writing_at_once_lose_no_update(name: str, copies: int, work, all_kept,
                                               updates: int, tmp_path: Path, tally) -> None:
    codes = _in_parallel(copies, lambda i: work(Store(tmp_path), i))
    data = (tmp_path / name).read_bytes()
    kept = all_kept(data)
    tally("parallel copies, updates kept", updates, updates if kept else 0)
    assert codes == [0] * copies
    assert kept, data
    assert not list(tmp_path.glob("*.tmp")) and not list(tmp_path.glob(".*.tmp"))


def _saved_game(i: int) -> bytes:
    from savefiles import CHECKERS

    return CHECKERS.valid.replace(b'"quiet": 1', f'"quiet": {i}'.encode())


WHOLE_FILES = [
    ("CHECKERS.SAV", _saved_game, parse_saved_game),
    ("YZ.INI", lambda i: dump_settings(Settings(scheme=i % 5, speed=i % 3)), parse_settings),
]


@pytest.mark.parametrize(("name", "version", "parse"), WHOLE_FILES,
                         ids=[w[0] for w in WHOLE_FILES])
def test_copies_replacing_a_whole_file_at_once_leave_one_whole_version(
        name: str, version, parse, tmp_path: Path, tally) -> None:
    def work(i: int) -> None:
        store = Store(tmp_path)
        for n in range(20):
            assert store.save(name, version(i * 100 + n))

    codes = _in_parallel(4, work)
    data = (tmp_path / name).read_bytes()
    whole = data in {version(i * 100 + n) for i in range(4) for n in range(20)}
    tally("parallel copies, whole files", 1, int(whole))
    assert codes == [0] * 4 and whole
    parse(data)


# -- kill -9 ---------------------------------------------------------------------------------

def _loop_bank(store: Store) -> None:
    bank = Bank(store)
    while True:
        bank.settle({"Ann": 1})


def _loop_yucky(store: Store) -> None:
    n = 0
    while True:
        n += 1
        scorefile.record_game(store, n % 2, Match())


def _loop_board(store: Store) -> None:
    while True:
        store.update("YZ.SCR", parse_board,
                     lambda b: (b or Scoreboard()).add("ABC", 100, won=True, yz=1), dump_board)


def _loop_whole(name: str, version: Callable[[int], bytes]) -> Callable[[Store], None]:
    def loop(store: Store) -> None:
        n = 0
        while True:
            n += 1
            store.save(name, version(n))
    return loop


KILLED = [
    ("PIGPOKER.SCR", _loop_bank, parse_bank, format_bank([])),
    ("YUCKY.SCR", _loop_yucky, scorefile.parse, scorefile.dump(Match())),
    ("YZ.SCR", _loop_board, parse_board, dump_board(Scoreboard())),
    ("CHECKERS.SAV", _loop_whole("CHECKERS.SAV", _saved_game), parse_saved_game,
     _saved_game(0)),
    ("YZ.INI", _loop_whole("YZ.INI", lambda n: dump_settings(Settings(n % 5, n % 3))),
     parse_settings, dump_settings(Settings())),
]
KILLS = 30


@pytest.mark.parametrize(("name", "loop", "parse", "first"), KILLED,
                         ids=[k[0] for k in KILLED])
def test_writers_killed_mid_save_never_tear_a_file_and_leave_nothing_behind(
        name: str, loop, parse, first: bytes, tmp_path: Path, tally) -> None:
    rng = random.Random(name)
    (tmp_path / name).write_bytes(first)  # a slow disk may not finish any save in time
    torn = 0
    for _ in range(KILLS):
        pid = os.fork()
        if pid == 0:
            try:
                loop(Store(tmp_path))
            finally:
                os._exit(1)
        time.sleep(rng.uniform(0.002, 0.02))
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
        try:
            parse((tmp_path / name).read_bytes())
        except (OSError, ValueError):
            torn += 1
    left_by_killed = len(list(tmp_path.glob(f".{name}.*.tmp")))
    loaded = Store(tmp_path).load_result(name, parse)  # the next open cleans up
    leftovers = list(tmp_path.glob("*.tmp")) + list(tmp_path.glob(".*.tmp"))
    ok = torn == 0 and not leftovers and loaded.loaded
    tally("kill -9 during saves", KILLS, KILLS - torn if not leftovers else 0)
    print(f"{name}: {KILLS} kills, {left_by_killed} temporary file(s) left by killed "
          "writers, all removed on the next open")
    assert ok, (torn, leftovers, loaded)
