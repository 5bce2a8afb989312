"""Delays keep type-ahead and answer hot keys; long work shows progress and stops on Esc."""

from __future__ import annotations

from collections.abc import Generator

from retro import ui
from retro.events import Event, Key
from retro.machine import Machine


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
