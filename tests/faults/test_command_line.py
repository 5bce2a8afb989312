"""Bad command lines: an output that cannot be written, a key file that cannot be read or is
not UTF-8, an absurd ``--until`` or ``--max-seconds``: one line naming it, exit status 2, no
traceback.  And ``--max-seconds`` stops a program that stays busy."""

from __future__ import annotations

import errno
import pathlib
import time
from pathlib import Path

import pytest

from retro.cli import main

OUTPUTS = ("bin", "txt", "png", "wav", "ansi", "state")


def _bad_places(tmp_path: Path) -> dict[str, Path]:
    plain = tmp_path / "plain"
    plain.write_text("a file")
    folder = tmp_path / "folder"
    folder.mkdir()
    return {"no such folder": tmp_path / "nonexistent" / "out",
            "through a file": plain / "out", "a folder": folder}


def _one_line(capsys: pytest.CaptureFixture[str], *names: str) -> bool:
    err = capsys.readouterr().err
    lines = err.splitlines()
    return (len(lines) == 1 and all(n in lines[0] for n in names)
            and "Traceback" not in err and "Errno" not in err)


def _cases(tmp_path: Path) -> list[tuple[str, list[str], str]]:
    places = _bad_places(tmp_path)
    screen = tmp_path / "screen.bin"
    cases = []
    for where, path in places.items():
        for output in OUTPUTS:
            cases.append((f"--{output} {where}", ["run", "charmap", f"--{output}", str(path)],
                          str(path)))
        cases.append((f"tone -o {where}", ["tone", "440", "100", "-o", str(path)], str(path)))
        cases.append((f"render -o {where}", ["render", str(screen), "-o", str(path)],
                      str(path)))
    not_utf8 = tmp_path / "latin1.keys"
    not_utf8.write_bytes("ENTER \"caf\xe9\"".encode("latin-1"))
    cases += [
        ("render a missing input", ["render", str(tmp_path / "none.bin"), "-o",
                                    str(tmp_path / "x.png")], str(tmp_path / "none.bin")),
        ("a missing key file", ["run", "charmap", "--keys-file", str(tmp_path / "none.keys")],
         str(tmp_path / "none.keys")),
        ("a key file that is a folder", ["run", "charmap", "--keys-file", str(tmp_path)],
         str(tmp_path)),
        ("a key file that is not UTF-8", ["run", "charmap", "--keys-file", str(not_utf8)],
         str(not_utf8)),
        ("an absurd --until", ["run", "charmap", "--until", "99999999999"], "99999999999"),
        ("a negative --until", ["run", "charmap", "--until", "-1"], "-1"),
        ("--max-seconds 0", ["run", "charmap", "--max-seconds", "0"], "--max-seconds 0"),
        ("--max-seconds -3", ["run", "charmap", "--max-seconds", "-3"], "--max-seconds -3"),
        ("--max-seconds nan", ["run", "charmap", "--max-seconds", "nan"], "--max-seconds nan"),
        ("--max-seconds inf", ["run", "charmap", "--max-seconds", "inf"], "--max-seconds inf"),
        ("--max-seconds past a day", ["run", "charmap", "--max-seconds", "1e300"],
         "--max-seconds 1e+300"),
        ("a tone of a billion ms", ["tone", "440", "100000000", "-o", str(tmp_path / "t.wav")],
         "tone 440 1e+08"),
        ("a tone of infinite length", ["tone", "440", "inf", "-o", str(tmp_path / "t.wav")],
         "tone 440 inf"),
        ("a tone of NaN ms", ["tone", "440", "nan", "-o", str(tmp_path / "t.wav")],
         "tone 440 nan"),
        ("a negative seed to run", ["run", "charmap", "--seed", "-1"], "--seed -1"),
        ("a negative seed to play", ["charmap", "--seed", "-1"], "--seed -1"),
        ("a seed past 64 bits", ["run", "charmap", "--seed", str(2**64)], f"--seed {2**64}"),
        ("a perft depth past what can finish", ["perft", "checkers", "--depth", "99999"],
         "--depth 99999"),
    ]
    return cases


def test_every_bad_file_or_value_is_one_line_and_status_2(tmp_path: Path, capsys, tally) -> None:
    assert main(["run", "charmap", "--bin", str(tmp_path / "screen.bin")]) == 0
    capsys.readouterr()
    failures = []
    cases = _cases(tmp_path)
    for label, argv, named in cases:
        status = main(argv)
        if status != 2 or not _one_line(capsys, named):
            failures.append(f"{label}: status {status}")
    tally("bad command lines", len(cases), len(cases) - len(failures))
    assert not failures, failures
    assert (tmp_path / "plain").read_text() == "a file"


def test_an_output_the_disk_refuses_after_the_run_is_one_line(tmp_path: Path, capsys,
                                                              monkeypatch) -> None:
    target = tmp_path / "out.bin"

    def full(self: Path, data: bytes) -> int:
        raise OSError(errno.ENOSPC, "No space left on device", str(self))

    monkeypatch.setattr(pathlib.Path, "write_bytes", full)
    assert main(["run", "charmap", "--bin", str(target)]) == 2
    assert _one_line(capsys, str(target), "the disk is full")


def test_max_seconds_stops_a_program_that_stays_busy(tmp_path: Path, capsys) -> None:
    # Yucky's demo plays game after game by itself: only the wall-clock limit ends it.
    txt = tmp_path / "demo.txt"
    start = time.monotonic()
    status = main(["run", "yucky", "*", "--keys", '"100" ENTER F2', "--until", "86400000",
                   "--max-seconds", "1", "--txt", str(txt)])
    took = time.monotonic() - start
    assert status == 1 and took < 30
    assert _one_line(capsys, "--max-seconds")
    assert "DEMO" in txt.read_text(encoding="utf-8")  # the outputs show where it was


def test_a_recording_with_a_negative_seed_is_refused(tmp_path: Path, capsys) -> None:
    session = tmp_path / "session.keys"
    session.write_text("#!retro run charmap --seed -1\nENTER\n", encoding="utf-8")
    assert main(["run", "--keys-file", str(session)]) == 2
    err = capsys.readouterr().err
    assert "seed -1 is out of range" in err.splitlines()[0] and "Traceback" not in err



def test_max_seconds_ends_a_run_stuck_in_a_system_call(tmp_path: Path, capsys,
                                                      monkeypatch) -> None:
    """A disk that does not answer, made real: the save file's read blocks opening a FIFO
    nobody writes.  The run's own limit is checked between steps, so the alarm ends it."""
    import os

    import retro.cli.run as cli
    import retro.store.core as core

    fifo = tmp_path / "never"
    os.mkfifo(fifo)

    def stuck_read(path: Path, limit: int) -> bytes:
        with open(fifo, "rb") as f:   # blocks: no writer ever comes
            return f.read(limit)

    monkeypatch.setattr(core, "_read_regular", stuck_read)
    monkeypatch.setattr(cli, "STUCK_GRACE_S", 0.5)
    monkeypatch.setenv("RETRO_HOME", str(tmp_path))
    start = time.monotonic()
    status = main(["run", "yucky", "*", "--max-seconds", "1"])
    took = time.monotonic() - start
    assert status == 1 and took < 10
    assert _one_line(capsys, "stuck", "--max-seconds 1")
