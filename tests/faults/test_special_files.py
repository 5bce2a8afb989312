"""A save file's name holding something that is not a regular file: a FIFO, a socket, a
device.  Opening a FIFO to read it waits for a writer that never comes, so every game used to
hang at start; now each is refused without being opened for reading, moved aside with one
line, and the game starts fresh.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from pathlib import Path

import pytest
from savefiles import ALL, SaveFile

WATCHDOG_S = 20.0


@contextmanager
def _unblocked_after(paths: list[Path], seconds: float) -> Iterator[list[bool]]:
    """If the body is still running after ``seconds``, open each FIFO for writing (without
    blocking), which ends a reader's wait, so a test of a hanging program fails instead of
    hanging the suite.  Yields a list that says whether that had to happen."""
    fired: list[bool] = []
    done = threading.Event()

    def rescue() -> None:
        if done.wait(seconds):
            return
        fired.append(True)
        for path in paths:
            with suppress(OSError):
                os.close(os.open(path, os.O_WRONLY | os.O_NONBLOCK))

    watcher = threading.Thread(target=rescue, daemon=True)
    watcher.start()
    try:
        yield fired
    finally:
        done.set()
        watcher.join()


def _fifo(path: Path) -> None:
    os.mkfifo(path)


def _socket(path: Path) -> None:
    sock = socket.socket(socket.AF_UNIX)
    sock.bind(str(path))
    sock.close()  # the socket file stays


def _device(path: Path) -> None:
    path.symlink_to("/dev/zero")  # a device that never ends, through a link


KINDS: dict[str, Callable[[Path], None]] = {
    "a FIFO": _fifo, "a socket": _socket, "a device": _device,
}


def _survives(save: SaveFile, kind: str, home: Path) -> str | None:
    home.mkdir()
    place = home / save.name
    KINDS[kind](place)
    with _unblocked_after([place, home / f"{save.name}.bad-1"], WATCHDOG_S) as fired:
        try:
            result = save.start(home)
        except Exception as err:
            return f"{kind}: the program raised {type(err).__name__}: {err}"
    if fired:
        return f"{kind}: the program waited on it for more than {WATCHDOG_S:.0f} s"
    aside = home / f"{save.name}.bad-1"
    if not os.path.lexists(aside):
        return f"{kind}: not moved aside"
    notices = [n for n in result.machine.notices if str(aside) in n]
    if len(notices) != 1 or "\n" in notices[0] or "not a regular file" not in notices[0]:
        return f"{kind}: no single one-line notice naming {aside}: {result.machine.notices}"
    if not save.fresh(result):
        return f"{kind}: the program did not start fresh"
    return None


@pytest.mark.parametrize("save", ALL, ids=lambda s: s.name)
def test_a_save_file_that_is_not_a_regular_file_is_moved_aside_without_waiting_on_it(
        save: SaveFile, tmp_path: Path, tally) -> None:
    failures = [problem for n, kind in enumerate(KINDS)
                if (problem := _survives(save, kind, tmp_path / f"case-{n}"))]
    tally("special files in place of a save file", len(KINDS), len(KINDS) - len(failures))
    assert not failures, "\n".join(failures)


def test_a_fifo_in_place_of_the_match_file_does_not_hang_the_command_line(
        tmp_path: Path, tally) -> None:
    os.mkfifo(tmp_path / "YUCKY.SCR")
    env = {**os.environ, "RETRO_HOME": str(tmp_path)}
    try:
        done = subprocess.run(
            [sys.executable, "-c", "import sys; from retro.cli import main; sys.exit(main())",
             "run", "yucky", "*", "--seed", "1", "--keys", "",
             "--max-seconds", "30"],
            env=env, capture_output=True, text=True, timeout=60)
    except subprocess.TimeoutExpired:
        tally("special files in place of a save file", 1, 0)
        raise
    lines = done.stderr.splitlines()
    survived = (done.returncode == 0 and len(lines) == 1
                and "not a regular file" in lines[0] and "YUCKY.SCR.bad-1" in lines[0])
    tally("special files in place of a save file", 1, int(survived))
    assert survived, (done.returncode, done.stderr)


def test_a_fifo_put_in_place_after_the_check_is_still_refused(tmp_path: Path) -> None:
    """The race between looking at the name and opening it: the open file is checked too."""
    import retro.store.core as core

    path = tmp_path / "YUCKY.SCR"
    path.write_bytes(b"x")
    real_open = os.open

    def swap_then_open(name: str | os.PathLike[str], flags: int, *args: int) -> int:
        if Path(name) == path:
            path.unlink()
            os.mkfifo(path)
        return real_open(name, flags, *args)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(core.os, "open", swap_then_open)
        with _unblocked_after([path], WATCHDOG_S) as fired, \
                pytest.raises(core.NotRegularFile):
            core._read_regular(path, 100)
    assert not fired


def test_a_fifo_named_like_a_killed_writers_temporary_file_does_not_hang_the_start(
        tmp_path: Path, tally) -> None:
    from retro.frontends.script import run

    stray = tmp_path / ".YUCKY.SCR.999999.abcd1234.tmp"
    os.mkfifo(stray)
    with _unblocked_after([stray], WATCHDOG_S) as fired:
        run("yucky", seed=1, keys="", letters="*", home=tmp_path)
    tally("special files in place of a save file", 1, int(not fired))
    assert not fired and stray.exists()  # not ours to remove: not a temporary file
