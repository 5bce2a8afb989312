"""Delays keep type-ahead and answer hot keys; long work shows progress and stops on Esc."""

from __future__ import annotations

from collections.abc import Generator

import pytest

from retro import ui
from retro.pc.events import Event, Key
from retro.pc.machine import Machine


def test_keys_typed_during_a_delay_come_afterwards_in_order(kit_run) -> None:
    got: list[Event | None] = []
    log: list[str] = []

    async def main(m: Machine) -> None:
        keys = ui.HotKeys()
        keys.add("F2", lambda _m: log.append(f"F2 at {m.now():.1f}"))
        ui.install(m, keys)
        await ui.sleep(m, 0.8)
        log.append(f"awake at {m.now():.1f}")
        for _ in range(3):
            got.append(await ui.key(m))

    kit_run(main, "wait:100 a wait:100 F2 wait:100 b c")
    assert log == ["F2 at 0.2", "awake at 0.8"]
    assert got == [Key("a"), Key("b"), Key("c")]


def test_flushing_on_purpose_drops_the_type_ahead(kit_run) -> None:
    got: list[Event | None] = []

    async def main(m: Machine) -> None:
        await ui.sleep(m, 0.8)
        m.flush_keys()
        got.append(await ui.key(m))

    kit_run(main, "wait:100 a wait:100 b c")
    assert got == [Key("c")]


def test_a_hot_key_flushing_type_ahead_drops_what_the_delay_kept(kit_run) -> None:
    # F2 hands the keyboard to someone else: keys typed before it are not for them.
    got: list[Event | None] = []

    async def main(m: Machine) -> None:
        keys = ui.HotKeys()
        keys.add("F2", ui.flush_typeahead)
        ui.install(m, keys)
        await ui.sleep(m, 0.8)
        got.append(await ui.key(m))
        got.append(await ui.key(m))

    kit_run(main, "wait:100 a wait:10 b wait:100 F2 wait:100 c wait:10 d")
    assert got == [Key("c"), Key("d")]


def test_a_hot_key_flushing_type_ahead_during_work_drops_what_it_kept(kit_run) -> None:
    got: list[Event | None] = []

    async def main(m: Machine) -> None:
        keys = ui.HotKeys()
        keys.add("F2", ui.flush_typeahead)
        ui.install(m, keys)

        def slow() -> Generator[None, bool | None, None]:
            while m.now() < 0.8:
                m.clock.advance(0.01)  # type: ignore[attr-defined]
                yield None

        await ui.work(m, slow(), every=1)
        got.append(await ui.key(m))

    kit_run(main, "wait:100 a wait:100 F2 wait:100 c")
    assert got == [Key("c")]


def _search(steps: int, seen: list[int]) -> Generator[float, bool | None, int]:
    best = 0
    for n in range(steps):
        stop = yield n / steps
        if stop:
            return best
        best = n
        seen.append(n)
    return best


def test_work_shows_progress_and_returns_the_result(kit_run) -> None:
    shown: list[str] = []
    result: list[int] = []

    async def main(m: Machine) -> None:
        bar = ui.Progress(24, 0, 40, 0x70, label="Thinking")

        def watch() -> Generator[float, bool | None, int]:
            seen: list[int] = []
            gen = _search(10, seen)
            value = next(gen)
            while True:
                sent = yield value
                shown.append(m.screen.read(24, 0, 40).rstrip())  # as the kit drew it
                try:
                    value = gen.send(sent)
                except StopIteration as done:
                    return int(done.value)

        m.screen.put(24, 0, "under the bar", 0x07)
        result.append(await ui.work(m, watch(), progress=bar))
        shown.append(m.screen.read(24, 0, 40).rstrip())

    kit_run(main)
    assert result == [9]
    assert shown[0] == "Thinking " + "\u2591" * 26 + "   0%"
    assert shown[-2].endswith(" 90%")
    assert shown[-1] == "under the bar"  # the area is given back


def test_esc_sends_true_into_the_work_which_returns_its_best_so_far(kit_run) -> None:
    seen: list[int] = []
    result: list[int] = []
    after: list[Event | None] = []

    async def main(m: Machine) -> None:
        result.append(await ui.work(m, _search(100_000, seen)))
        after.append(await ui.key(m))

    kit_run(main, "wait:5 a wait:5 ESC z")
    assert result == [seen[-1]] and 5 < len(seen) < 100
    assert after == [Key("a")]  # a key typed during the work is kept


def test_work_that_ends_before_its_first_yield(kit_run, capfd) -> None:
    result: list[object] = []

    def instant() -> Generator[float, bool | None, str]:
        return "ready"
        yield 0.0  # a generator all the same

    async def main(m: Machine) -> None:
        result.append(await ui.work(m, instant(), progress=ui.Progress(0, 0, 20, 0x07)))

    kit_run(main)
    assert result == ["ready"]
    assert capfd.readouterr().err == ""


def test_work_writes_nothing_to_stderr(kit_run, capfd) -> None:
    async def main(m: Machine) -> None:
        await ui.work(m, _search(500, []), progress=ui.Progress(0, 0, 30, 0x07, label="Table"))

    kit_run(main)
    out = capfd.readouterr()
    assert out.err == "" and out.out == ""


def test_esc_is_kept_when_it_is_not_a_stop_key(kit_run) -> None:
    seen: list[int] = []
    after: list[Event | None] = []

    async def main(m: Machine) -> None:
        await ui.work(m, _search(200, seen), stop_keys=())
        after.append(await ui.key(m))

    kit_run(main, "wait:5 ESC")
    assert len(seen) == 200 and after == [Key("ESC")]


def test_another_stop_key_such_as_a_quick_draw(kit_run) -> None:
    seen: list[int] = []

    async def main(m: Machine) -> None:
        await ui.work(m, _search(10_000, seen), stop_keys=("ESC", "!"))

    kit_run(main, "wait:5 !")
    assert len(seen) < 20


def test_counts_with_a_total_show_as_a_bar_and_without_as_a_number() -> None:
    bar = ui.Progress(0, 0, 20, 0x07, label="Table", total=400)
    assert bar.text(100) == "Table " + "\u2588" * 2 + "\u2591" * 7 + "  25%"
    assert ui.Progress(0, 0, 20, 0x07, label="Nodes").text(1234) == "Nodes 1234".ljust(20)


def test_the_keyboard_is_looked_at_every_so_many_yields(kit_run) -> None:
    polls: list[float] = []

    def steps() -> Generator[None, bool | None, int]:
        for _ in range(100):
            yield None
        return 0

    async def main(m: Machine) -> None:
        await ui.work(m, steps(), every=10)
        polls.append(m.now())

    kit_run(main)
    assert polls == [pytest.approx(0.010)]  # ten polls of one virtual millisecond each


def test_on_stop_hears_which_key_stopped_the_work(kit_run) -> None:
    stopped: list[Event] = []

    async def main(m: Machine) -> None:
        await ui.work(m, _search(10_000, []), stop_keys=("ESC", "!"), on_stop=stopped.append)

    kit_run(main, "wait:5 ! wait:5 ESC")
    assert stopped == [Key("!")]


@pytest.mark.parametrize("mono", [False, True])
def test_golden_progress_during_long_work(kit_run, assert_screen, mono: bool) -> None:
    from retro.pc.screen import Screen

    from .conftest import calm

    shots: list[Screen] = []

    async def main(m: Machine) -> None:
        calm(m)

        def build() -> Generator[int, bool | None, None]:
            for n in range(0, 1001, 100):
                yield n
                if n == 400:
                    shots.append(m.screen.copy())  # as the kit drew the count of 400

        bar = ui.Progress(23, 10, 60, m.attr(0x1E, 0x0F), label="Building the table", total=1000)
        await ui.work(m, build(), progress=bar)

    kit_run(main, "", letters="M" if mono else "")
    assert_screen(shots[0], f"ui/progress-{'mono' if mono else 'colour'}")
