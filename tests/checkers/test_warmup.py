"""Getting the compiled core ready: the cache's mark, the compile in another process, the
screen's visible wait and ``retro move``'s notice (the slow pseudo-terminal test is in
``test_first_use.py``)."""

from __future__ import annotations

import os
import shutil
import sys
import threading
import time
from collections.abc import Generator, Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from retro.frontends.script import run
from retro.games.checkers import commands, turns
from retro.games.checkers import engine as E
from retro.games.checkers.draw import MESSAGE_ROW, PROMPT_ROW
from retro.games.checkers.engine import cache, warmup

OUT_OF_BOOK = "B:W17,20,22,23,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12"


def _join_warmups() -> None:
    for thread in threading.enumerate():
        if thread.name == warmup.THREAD_NAME:
            thread.join()


@pytest.fixture(autouse=True)
def no_warmup_alive() -> Iterator[None]:
    """No warm-up thread runs beside a test here: one that an earlier test in this process
    started (any checkers game starts one) would call the ``cache`` functions these tests
    replace, and count as the test's own call.  Each test also leaves none behind."""
    _join_warmups()
    yield
    _join_warmups()


@pytest.fixture
def fresh(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The warm-up's state as in a process that has not started it."""
    monkeypatch.setattr(warmup, "_thread", None)
    monkeypatch.setattr(warmup, "_ready", threading.Event())
    monkeypatch.setattr(warmup, "_compile_began", None)
    yield
    started = warmup._thread           # joined while the test's replacements still hold
    if started is not None and started is not threading.current_thread():
        started.join()


@pytest.fixture
def sources(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    """A copy of the compiled sources that ``cache`` reads, and an empty cache folder."""
    here = Path(cache.__file__).resolve().parent
    src = tmp_path / "src"
    src.mkdir()
    for name in cache.COMPILED_SOURCES:
        shutil.copy(here / name, src / name)
    monkeypatch.setattr(cache, "_here", lambda: src)
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path / "numba"))
    return src


def test_a_warm_up_thread_still_running_is_waited_for_before_a_test_here() -> None:
    """The autouse fixture's wait: a late warm-up's ``cache.mark`` lands before the next
    test replaces it (once, on a fresh machine, it was counted as ``retro move``'s)."""
    done = threading.Event()

    def late_warm_up() -> None:
        time.sleep(0.2)
        done.set()

    threading.Thread(target=late_warm_up, name=warmup.THREAD_NAME, daemon=True).start()
    _join_warmups()
    assert done.is_set()


# -- the mark ---------------------------------------------------------------------------------


def test_the_mark_says_the_cache_holds_this_build(sources: Path) -> None:
    assert not cache.is_compiled()
    cache.mark()
    assert cache.is_compiled()
    assert cache.mark_path().parent == cache.cache_root()


def test_a_touched_source_is_another_build(sources: Path) -> None:
    """numba checks each source's time and size before it uses a cached function, so the
    mark follows them: a checkout that touches a file compiles again."""
    cache.mark()
    st = (sources / "core.py").stat()
    os.utime(sources / "core.py", ns=(st.st_atime_ns, st.st_mtime_ns + 1_000_000_000))
    assert not cache.is_compiled()


def test_an_edited_source_is_another_build(sources: Path) -> None:
    cache.mark()
    with (sources / "core_eval.py").open("a") as f:
        f.write("# an edit\n")
    assert not cache.is_compiled()


def test_the_cache_root_is_numba_cache_dir_when_set_else_ours(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path))
    assert cache.cache_root() == tmp_path
    monkeypatch.delenv("NUMBA_CACHE_DIR")
    assert cache.cache_root() == cache.cache_folder()


def test_the_progress_counts_the_core_files_written_since_the_compile_began(
        sources: Path, tmp_path: Path) -> None:
    folder = tmp_path / "numba" / "engine_x"
    folder.mkdir(parents=True)
    old = folder / "core.run-169.py311.1.nbc"
    old.touch()
    os.utime(old, (1000, 1000))
    began = time.time() - 1
    (folder / "core_moves.make-166.py311.1.nbc").touch()
    (folder / "core_moves.make-166.py311.nbi").touch()
    (folder / "other.f-1.py311.1.nbc").touch()
    assert cache.files_written(began) == 1


# -- the thread -------------------------------------------------------------------------------


def _record(monkeypatch: pytest.MonkeyPatch, compiled: bool) -> list[str]:
    calls: list[str] = []
    monkeypatch.setattr(cache, "is_compiled", lambda: compiled)
    monkeypatch.setattr(warmup, "compile_elsewhere", lambda: calls.append("elsewhere") or True)
    monkeypatch.setattr(warmup, "warm", lambda: calls.append("warm"))
    return calls


def test_a_first_start_compiles_in_another_process_then_loads(
        fresh: None, monkeypatch: pytest.MonkeyPatch) -> None:
    calls = _record(monkeypatch, compiled=False)
    assert warmup.ready()               # nothing started: searches run at once (benches)
    thread = warmup.start()
    assert thread.name == warmup.THREAD_NAME    # the name the tests here wait for it by
    thread.join()
    assert calls == ["elsewhere", "warm"]
    assert warmup.ready() and not warmup.compiling()


def test_a_later_start_only_loads(fresh: None, monkeypatch: pytest.MonkeyPatch) -> None:
    calls = _record(monkeypatch, compiled=True)
    warmup.start().join()
    assert calls == ["warm"]


def test_the_engine_is_not_ready_until_the_thread_is_done(
        fresh: None, monkeypatch: pytest.MonkeyPatch) -> None:
    go = threading.Event()
    seen: list[tuple[bool, str]] = []

    def slow_compile() -> bool:
        seen.append((warmup.compiling(), warmup.message()))
        go.wait(10)
        return True

    monkeypatch.setattr(cache, "is_compiled", lambda: False)
    monkeypatch.setattr(warmup, "compile_elsewhere", slow_compile)
    monkeypatch.setattr(warmup, "warm", lambda: None)
    thread = warmup.start()
    steps = warmup.waiting()
    assert next(steps) == 0.0 and not warmup.ready()
    go.set()
    assert list(steps) == [] or warmup.ready()
    thread.join()
    assert warmup.ready()
    assert seen == [(True, warmup.PREPARING)]
    assert warmup.message() == warmup.LOADING


def test_the_progress_is_the_share_of_the_core_written(
        fresh: None, monkeypatch: pytest.MonkeyPatch) -> None:
    written = {"n": 0}
    monkeypatch.setattr(cache, "files_written", lambda since: written["n"])
    assert warmup.progress() == 0.0                 # no compile: only loading
    monkeypatch.setattr(warmup, "_compile_began", 100.0)
    written["n"] = warmup.CORE_FILES // 2
    assert warmup.progress() == pytest.approx((warmup.CORE_FILES // 2) / warmup.CORE_FILES)
    written["n"] = warmup.CORE_FILES + 3
    assert warmup.progress() == 0.99                # full only when the engine is ready


def test_wait_returns_at_once_when_nothing_was_started_and_after_the_thread(
        fresh: None, monkeypatch: pytest.MonkeyPatch) -> None:
    warmup.wait()
    _record(monkeypatch, compiled=True)
    warmup.start()
    warmup.wait()
    assert warmup.ready() and warmup._ready.is_set()


def test_a_failed_compile_elsewhere_still_ends_ready(
        fresh: None, monkeypatch: pytest.MonkeyPatch) -> None:
    def broken() -> None:
        raise RuntimeError("no compiler")

    monkeypatch.setattr(cache, "is_compiled", lambda: True)
    monkeypatch.setattr(warmup, "warm", broken)
    thread = warmup.start()
    thread.join()
    assert warmup.ready()


def test_the_compile_elsewhere_is_the_warm_up_module_run_as_a_program(
        monkeypatch: pytest.MonkeyPatch) -> None:
    ran: list[list[str]] = []

    class Done:
        returncode = 0

    def fake_run(argv: list[str], **kw: object) -> Done:
        ran.append(argv)
        env = kw["env"]
        assert isinstance(env, dict)
        assert env["PYTHONPATH"].split(os.pathsep) == [p for p in sys.path if p]
        return Done()

    monkeypatch.setattr(warmup.subprocess, "run", fake_run)
    assert warmup.compile_elsewhere()
    assert ran[0][1:] == ["-m", "retro.games.checkers.engine.warmup"]
    assert ran[0][0] == sys.executable
    Done.returncode = 1
    assert not warmup.compile_elsewhere()


# -- the screen -------------------------------------------------------------------------------


@dataclass
class Watched:
    """What the screen showed at each step of a faked wait for the engine, and on the
    message line when the search then started."""

    seen: list[tuple[str, str, bool]] = field(default_factory=list)
    at_search: list[str] = field(default_factory=list)


@pytest.fixture
def watched(fresh: None, monkeypatch: pytest.MonkeyPatch) -> Watched:
    """The engine not ready for six steps of the wait, on a screen (not headless)."""
    ready = threading.Event()
    out = Watched()
    machines = []

    def waiting() -> Generator[float, None, None]:
        for n in range(6):
            yield n / 10
            m = machines[-1]
            out.seen.append((m.screen.read(MESSAGE_ROW, 1, 78).strip(),
                             m.screen.read(PROMPT_ROW, 62, 17), m.sound))
        ready.set()

    original_work = turns.ui.work

    async def work(m, gen, *a, **kw):       # keeps the machine for the fake wait's eyes
        machines.append(m)
        return await original_work(m, gen, *a, **kw)

    original_think = E.Searcher.think

    def think(self):
        if machines:
            out.at_search.append(machines[-1].screen.read(MESSAGE_ROW, 1, 78).strip())
        return (yield from original_think(self))

    monkeypatch.setattr(turns.ui, "work", work)
    monkeypatch.setattr(E.Searcher, "think", think)
    monkeypatch.setattr(warmup, "_thread", threading.current_thread())
    monkeypatch.setattr(warmup, "ready", ready.is_set)
    monkeypatch.setattr(warmup, "waiting", waiting)
    monkeypatch.setattr(warmup, "compiling", lambda: True)
    monkeypatch.setattr(turns, "VirtualClock", type("Headless", (), {}))   # as if on screen
    return out


def test_a_move_asked_for_before_the_engine_is_ready_waits_visibly(
        watched: Watched, tmp_path: Path) -> None:
    """The computer's move waits for the engine with the message and a bar on the screen,
    hot keys answered meanwhile (F2 here); then it moves as usual."""
    result = run("checkers", seed=1, keys='"3243" wait:1 F2', home=tmp_path,
                 params={"fen": OUT_OF_BOOK})
    seen = watched.seen
    assert seen, "the computer did not wait"
    assert seen[0][0] == warmup.PREPARING
    assert seen[0][1].startswith("Engine") and seen[0][1].endswith("0%")
    assert seen[-1][1].startswith("Engine") and seen[-1][1].endswith("50%")   # the progress
    assert seen[0][2] and not seen[-1][2]          # F2 answered during the wait
    assert seen[-1][0] == "Sound off"
    assert watched.at_search[0] == ""      # the message before the wait (none) is back
    assert len(result.state["history"]) == 2        # then the computer moved
    assert result.state["message"].startswith("White played")


def test_a_hint_waits_for_the_engine_visibly(watched: Watched, tmp_path: Path) -> None:
    result = run("checkers", seed=1, keys="H", home=tmp_path, params={"fen": OUT_OF_BOOK})
    assert watched.seen and watched.seen[0][0] == warmup.PREPARING
    assert result.state["message"].startswith("Hint")


def test_a_draw_offer_to_the_computer_waits_for_the_engine_visibly(
        watched: Watched, tmp_path: Path) -> None:
    result = run("checkers", seed=1, keys="D", home=tmp_path, params={"fen": OUT_OF_BOOK})
    assert watched.seen and watched.seen[0][0] == warmup.PREPARING
    assert result.state["result"]["reason"] == "draw agreed"     # judged, then accepted


def test_the_screen_says_loading_when_the_core_is_only_loaded(
        watched: Watched, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr(warmup, "compiling", lambda: False)
    run("checkers", seed=1, keys='"3243"', home=tmp_path, params={"fen": OUT_OF_BOOK})
    assert watched.seen[0][0] == warmup.LOADING


def test_a_headless_run_waits_without_polling(fresh: None,
                                              monkeypatch: pytest.MonkeyPatch,
                                              tmp_path: Path) -> None:
    """A key script plays the same game whether or not the core was compiled first."""
    waited: list[str] = []
    monkeypatch.setattr(warmup, "ready", lambda: False)
    monkeypatch.setattr(warmup, "wait", lambda: waited.append("wait"))

    def no_polling() -> Generator[float, None, None]:
        raise AssertionError("a headless run polled while waiting")
        yield 0.0

    monkeypatch.setattr(warmup, "waiting", no_polling)
    result = run("checkers", seed=1, keys='"3243"', home=tmp_path, params={"fen": OUT_OF_BOOK})
    assert waited and len(result.state["history"]) == 2


# -- retro move -------------------------------------------------------------------------------


def test_retro_move_says_once_on_stderr_that_it_compiles(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    marks: list[int] = []
    monkeypatch.setattr(cache, "is_compiled", lambda: not marks and False)
    monkeypatch.setattr(cache, "mark", lambda: marks.append(1))
    assert commands.move_main(["--fen", OUT_OF_BOOK, "--level", "1"]) == 0
    out, err = capsys.readouterr()
    assert err.splitlines() == [f"retro move: {warmup.PREPARING}"]
    assert out.strip() and marks == [1]


def test_retro_move_is_silent_once_compiled(monkeypatch: pytest.MonkeyPatch,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(cache, "is_compiled", lambda: True)
    assert commands.move_main(["--fen", OUT_OF_BOOK, "--level", "1"]) == 0
    out, err = capsys.readouterr()
    assert err == "" and out.strip()


def test_retro_move_refuses_a_bad_fen_before_compiling(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(cache, "is_compiled", lambda: False)
    assert commands.move_main(["--fen", "B:W1:B1", "--level", "1"]) == 2
    err = capsys.readouterr().err
    assert warmup.PREPARING not in err and err.startswith("retro move:")
