"""When a capture takes the screen: the settle, the waits that run out, the end.

Each test names the behaviour it holds; the timings are bounds a loaded machine still meets
(a capture of ``true`` takes well under a second, the bound is 1.5 s of a 10 s timeout).
"""

from __future__ import annotations

import sys
import time

import pytest

from retro.capture import capture, session
from retro.capture.session import (
    AFTER_QUERY_MS,
    DEFAULT_SETTLE_MS,
    PASTE_END,
    PASTE_START,
    Busy,
)
from retro.cli import main

#: A clock: a new line every 20 ms, from one process (no fork that a loaded machine may
#: hold back for longer than the settle time).
CLOCK = [sys.executable, "-c",
         "import time\nwhile True:\n    print(time.time_ns(), flush=True)\n    time.sleep(0.02)"]


def timed(*args, **kwargs):
    start = time.monotonic()
    result = capture(*args, **kwargs)
    return result, time.monotonic() - start


def test_a_program_that_exits_is_collected_at_once_not_at_the_timeout() -> None:
    # Well under the settle time: an ended program is not waited for at all.
    result, seconds = timed(["true"], settle_ms=1000, timeout_s=10)
    assert result.ok and result.status == 0 and seconds < 0.8


def test_a_silent_program_waiting_for_a_key_gets_it_after_the_settle_time() -> None:
    result, seconds = timed(["sh", "-c", "read x; echo got $x"], "a ENTER", timeout_s=10)
    assert result.ok, result.failure
    assert result.screen.read(1).strip() == "got a" and seconds < 3


def test_a_slow_silent_start_is_waited_for_while_it_uses_the_processor() -> None:
    program = ("import time\nt = time.time()\nwhile time.time() - t < 1.0: pass\n"
               "print('ready')\ninput()")
    result = capture([sys.executable, "-c", program], "", settle_ms=200, timeout_s=20)
    assert result.ok and result.screen.read(0).strip() == "ready"


def test_a_start_that_gets_no_tick_of_processor_time_is_waited_for_while_runnable(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """On a loaded machine a starting program can go longer than the settle time without a
    tick of CPU time (a fresh capture of a starved Python showed a blank screen).  It is
    runnable all the while, and that is not the quiet of a program waiting for a key.  The
    CPU time is held still here, as such a machine shows it."""
    monkeypatch.setattr(session, "_session_cpu", lambda pid: 0)
    program = ("import time\nt = time.time()\nwhile time.time() - t < 1.0: pass\n"
               "print('ready')\ninput()")
    result = capture([sys.executable, "-c", program], "", settle_ms=200, timeout_s=20)
    assert result.ok and result.screen.read(0).strip() == "ready"


def test_a_screen_that_never_settles_fails_saying_which_wait_ran_out() -> None:
    result = capture(CLOCK, "", timeout_s=1.5)
    assert not result.ok and result.failure is not None
    assert result.failure.startswith("--timeout 1.5 s ran out waiting for 300 ms of quiet "
                                     "before the screen was taken: the screen had been "
                                     "changing for ")
    assert result.failure.endswith("(--allow-busy takes such a screen)")
    assert result.screen.read(23).strip().isdigit()    # the screen is still taken


def test_allow_busy_takes_the_screen_of_a_clock_as_it_is() -> None:
    result = capture(CLOCK, "a", timeout_s=1.0, allow_busy=True)
    assert result.ok and result.busy is not None and "before the first token" in result.busy


def test_a_wait_that_runs_out_after_a_token_names_the_token() -> None:
    program = ("import time\ninput()\nwhile True:\n    print(time.time_ns(), flush=True)\n"
               "    time.sleep(0.02)")
    result = capture([sys.executable, "-c", program], "a ENTER b", timeout_s=1.0)
    assert result.failure is not None and "after token 2 of 3" in result.failure


def test_the_busy_line_counts_the_time_the_screen_changed() -> None:
    assert Busy(10, 0.3, 9.96, True).says("after token 2 of 3") == (
        "--timeout 10 s ran out waiting for 300 ms of quiet after token 2 of 3: the screen "
        "had been changing for 10.0 s")
    assert "wrote nothing and kept busy for 4.0 s" in Busy(4, 0.3, 4.0, False).says("x")


def test_an_answered_query_is_followed_by_a_longer_quiet() -> None:
    # As vttest: ask who the terminal is, wait 200 ms for more answers, then draw.
    program = ("import sys, time, tty; tty.setraw(0); sys.stdout.write('\\x1b[c');"
               "sys.stdout.flush(); time.sleep(0.25); sys.stdout.write('menu');"
               "sys.stdout.flush(); sys.stdin.read(1)")
    result = capture([sys.executable, "-c", program], "", settle_ms=100, timeout_s=20)
    assert result.ok and result.screen.read(0).startswith("menu")
    assert AFTER_QUERY_MS > 250 > 100


def test_the_default_settle_is_the_measured_one() -> None:
    assert DEFAULT_SETTLE_MS == 300


PASTE_ECHO = ("import sys, tty; tty.setraw(0); sys.stdout.write(MODE); sys.stdout.flush();"
              "data = b''\n"
              "while not data.endswith(b'!'): data += sys.stdin.buffer.read(1)\n"
              "sys.stdout.write(repr(data)); sys.stdout.flush(); sys.stdin.read(1)")


def test_text_is_a_bracketed_paste_when_the_program_asked_for_it() -> None:
    program = PASTE_ECHO.replace("MODE", "'\\x1b[?2004h'")
    result = capture([sys.executable, "-c", program], '"hi!"', settle_ms=100, timeout_s=20)
    shown = repr(PASTE_START + b"hi!")
    assert result.screen.read(0).startswith(shown), result.screen.read(0)
    assert PASTE_END == b"\x1b[201~"


def test_text_is_typed_plain_when_the_program_did_not_ask_for_pastes() -> None:
    program = PASTE_ECHO.replace("MODE", "'\\x1b[?2004l'")
    result = capture([sys.executable, "-c", program], '"hi!"', settle_ms=100, timeout_s=20)
    assert result.screen.read(0).startswith("b'hi!'")


@pytest.mark.parametrize(("args", "says"), [
    (["--keys", ":wq", "--", "true"],
     "(text goes between double quotes, --keys '\":wq\"', sent as a paste where the program "
     "takes pastes, or key by key, --keys ': w q'); see `retro capture --help`"),
    (["--keys", "CTRL+7", "--", "true"], "'CTRL+7'"),
    (["--bogus", "--", "true"], "unrecognized arguments: --bogus; see `retro capture --help`"),
    (["--settle", "x", "--", "true"], "see `retro capture --help`"),
    (["--timeout", "0", "--", "true"], "--timeout 0: a positive number of seconds; see"),
    (["--"], "a command to run is needed"),
])
def test_a_bad_command_line_is_one_line_pointing_to_the_help(
        args: list[str], says: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["capture", *args]) == 2
    err = capsys.readouterr().err
    assert says in err and len(err.splitlines()) == 1, err


def test_a_screen_still_changing_exits_1_and_writes_the_dump(
        tmp_path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "busy.txt"
    assert main(["capture", "--timeout", "1", "--txt", str(out), "--", *CLOCK]) == 1
    assert out.exists()
    err = capsys.readouterr().err
    assert "retro capture: --timeout 1 s ran out waiting for 300 ms of quiet" in err
    assert main(["capture", "--timeout", "1", "--allow-busy", "--", *CLOCK]) == 0
    assert "taken as it was: --allow-busy" in capsys.readouterr().err
