"""Key scripts and the headless driver's delivery rules."""

from __future__ import annotations

import re

import pytest

from retro.frontends.script import ScriptError, Wait, parse, run
from retro.pc.events import Click, Key
from retro.pc.machine import Machine, Program


def test_tokens_of_every_kind() -> None:
    assert parse('a 7 ! F1 esc Enter SPACE "hi x" click:1,80 rclick:25,1 wait:250') == [
        Key("a"), Key("7"), Key("!"), Key("F1"), Key("ESC"), Key("ENTER"), Key(" "),
        Key("h"), Key("i"), Key(" "), Key("x"),
        Click(0, 79, "left"), Click(24, 0, "right"), Wait(250),
    ]


def test_named_keys_any_case_and_letters_keep_case() -> None:
    assert parse("pgdn PgUp A b") == [Key("PGDN"), Key("PGUP"), Key("A"), Key("b")]


@pytest.mark.parametrize(("script", "where"), [
    ("a F13", "token 2 'F13'"),
    ("click:0,5", "token 1 'click:0,5'"),
    ("x click:26,1", "token 2"),
    ('""', "token 1"),
    ("wait:-5", "token 1"),
    ("abc", "token 1 'abc'"),
])
def test_bad_token_is_named_with_its_position(script: str, where: str) -> None:
    with pytest.raises(ScriptError, match=where):
        parse(script)


def _program(main) -> Program:
    return Program(name="probe", title="probe", main=main)


def test_keys_arrive_in_order_and_run_ends_when_idle() -> None:
    seen: list[object] = []

    async def main(m: Machine) -> None:
        while True:
            event = await m.key()
            seen.append(event)
            if event == Key("q"):
                return

    result = run(_program(main), keys='a "bc" click:2,3')
    assert seen == [Key("a"), Key("b"), Key("c"), Click(1, 2)]
    assert not result.ended
    assert run(_program(main), keys="q").ended


def test_sleeps_cost_virtual_time_only() -> None:
    async def main(m: Machine) -> None:
        await m.sleep(3600)
        m.screen.put(0, 0, f"{m.now():.0f}")
        await m.key()

    result = run(_program(main))
    assert result.screen.read(0, 0, 4) == "3600"


def test_busy_program_gets_next_token_only_when_it_blocks() -> None:
    log: list[str] = []

    async def main(m: Machine) -> None:
        await m.key()
        for _ in range(5):  # a computer "thinking" and polling for Esc
            event = await m.poll()
            log.append(repr(event))
        log.append("blocked")
        log.append(repr(await m.key()))

    run(_program(main), keys="x y")
    assert log == ["None"] * 5 + ["blocked", "Key(name='y')"]


def test_polling_program_gets_token_after_until_limit() -> None:
    got: list[tuple[float, object]] = []

    async def main(m: Machine) -> None:
        await m.key()
        while True:  # demo mode: plays on, polling, until a key arrives
            await m.sleep(0.5)
            event = await m.poll()
            if event is not None:
                got.append((m.now(), event))
                return

    result = run(_program(main), keys="F2 F2", until_ms=10_000)
    assert result.ended
    assert got[0][1] == Key("F2") and 10.0 <= got[0][0] < 11.0


def test_wait_token_lets_a_busy_program_run_then_delivers_at_its_next_poll() -> None:
    got: list[float] = []

    async def main(m: Machine) -> None:
        await m.key()
        while True:
            await m.sleep(0.1)
            if await m.poll() is not None:
                got.append(m.now())
                return

    run(_program(main), keys="F2 wait:3000 F2")
    assert 3.0 <= got[0] < 3.3


def test_wait_token_advances_clock_while_idle() -> None:
    async def main(m: Machine) -> None:
        await m.key()
        m.screen.put(0, 0, f"{m.now():.1f}")
        await m.key()

    assert run(_program(main), keys="wait:1500 a").screen.read(0, 0, 3) == "1.5"


def test_key_with_timeout_returns_none_after_timeout() -> None:
    async def main(m: Machine) -> None:
        event = await m.key(timeout=2.0)
        m.screen.put(0, 0, f"{event!r} {m.now():.1f}")
        await m.key()

    assert run(_program(main)).screen.read(0, 0, 8) == "None 2.0"


def test_clicks_are_dropped_when_mouse_is_off() -> None:
    seen: list[object] = []

    async def main(m: Machine) -> None:
        while True:
            seen.append(await m.key())

    run(_program(main), keys="click:1,1 a", letters="D")
    assert seen == [Key("a")]


def test_same_seed_and_keys_give_same_bytes() -> None:
    async def main(m: Machine) -> None:
        while True:
            m.screen.put(m.rng.randrange(25), m.rng.randrange(80), "*", m.rng.randrange(256))
            await m.key()

    a = run(_program(main), seed=5, keys="a b c d").screen.to_bytes()
    b = run(_program(main), seed=5, keys="a b c d").screen.to_bytes()
    c = run(_program(main), seed=6, keys="a b c d").screen.to_bytes()
    assert a == b != c


def test_errors_inside_program_propagate() -> None:
    async def main(m: Machine) -> None:
        await m.key()
        raise RuntimeError("boom")

    with pytest.raises(RuntimeError, match="boom"):
        run(_program(main), keys="x")


def test_result_screen_is_the_screen_at_the_end_of_the_script() -> None:
    async def main(m: Machine) -> None:
        m.screen.put(0, 0, "menu")
        saved = m.screen.save()
        try:
            m.screen.put(0, 0, "popup")
            await m.key()
        finally:
            m.screen.restore(saved)

    result = run(_program(main))
    assert result.screen.read(0, 0, 5) == "popup"


# -- CTRL+X, ALT+X and expect:"text" ------------------------------------------------------

from retro.frontends.script import Chord, Expect, ExpectFailed  # noqa: E402
from retro.pc.events import Quit  # noqa: E402


def test_ctrl_alt_and_expect_tokens_parse_in_any_case() -> None:
    assert parse('CTRL+C ctrl+d Alt+x expect:"two words" EXPECT:"x"') == [
        Chord("CTRL", "C"), Chord("CTRL", "D"), Chord("ALT", "X"),
        Expect("two words"), Expect("x")]
    assert Chord("CTRL", "C").sequence() == b"\x03"
    assert Chord("ALT", "X").sequence() == b"\x1bx"


@pytest.mark.parametrize("script", ["CTRL+1", "ALT+F1", "CTRL+", 'expect:""', "expect:x"])
def test_bad_chords_and_expects_are_named(script: str) -> None:
    with pytest.raises(ScriptError, match=re.escape(f"token 1 {script!r}")):
        parse(script)


def test_headless_chords_are_what_the_terminal_front_end_reads() -> None:
    seen: list[object] = []

    async def main(m: Machine) -> None:
        while True:
            seen.append(await m.key())

    run(_program(main), keys="CTRL+M ALT+Q CTRL+I CTRL+H CTRL+A z")
    assert seen == [Key("ENTER"), Key("q"), Key("TAB"), Key("BKSP"), Key("z")]


def test_headless_ctrl_c_quits_the_program_as_the_players_ctrl_c_does() -> None:
    seen: list[object] = []

    async def main(m: Machine) -> None:
        try:
            while True:
                seen.append(await m.key())
        except Quit:
            m.screen.put(0, 0, "saved")
            raise

    result = run(_program(main), keys="a CTRL+C b")
    assert seen == [Key("a")] and result.ended and result.screen.read(0).startswith("saved")


def test_headless_expect_checks_the_screen_when_the_program_waits() -> None:
    async def main(m: Machine) -> None:
        while True:
            event = await m.key()
            m.screen.put(0, 0, f"typed {event.name}")

    assert run(_program(main), keys='a expect:"typed a" b').screen.read(0).startswith("typed b")
    with pytest.raises(ExpectFailed, match="'typed c'"):
        run(_program(main), keys='a expect:"typed c" b')


def test_retro_run_exits_1_naming_an_expect_not_met(capsys: pytest.CaptureFixture[str]) -> None:
    from retro.cli import main

    assert main(["run", "yucky", "*", "--keys", 'expect:"no such words"']) == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "no such words" in err[0]
    assert main(["run", "yucky", "*", "--keys", "CTRL+7"]) == 2
