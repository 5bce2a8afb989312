"""The ready-made hot-key actions: speed stepper, border cycler, sound toggle."""

from __future__ import annotations

import pytest

from retro import ui
from retro.pc.clock import VirtualClock
from retro.pc.events import Key
from retro.pc.machine import Machine
from retro.pc.screen import Screen
from retro.pc.speaker import RecorderSink, Speaker

from .conftest import calm


def test_the_speed_stepper_steps_through_its_delays_and_says_the_new_speed(kit_run) -> None:
    said: list[str] = []
    delays: list[float] = []
    speed = ui.speed_stepper([0.8, 0.4, 0.1], names=["slow", "medium", "fast"])

    async def main(m: Machine) -> None:
        log = ui.MessageLine(m, 24, 0, 1, 80, 0x07)
        keys = ui.HotKeys()
        keys.add("F2", speed)
        ui.install(m, keys)
        for _ in range(4):
            await ui.key(m)
            said.append(log.text)
            delays.append(speed.delay)

    kit_run(main, "F2 x F2 x F2 x x")
    assert said == ["Speed: medium", "Speed: fast", "Speed: slow", "Speed: slow"]
    assert delays == [0.4, 0.1, 0.8, 0.8]


def test_the_speed_legend_names_the_speed_the_key_switches_to() -> None:
    m = Machine(clock=VirtualClock())
    keys = ui.HotKeys()
    speed = ui.speed_stepper([0.5, 0.1], names=["normal", "fast"])
    keys.add("F2", speed)
    assert keys.legend_line(m) == "F2 Speed fast"
    speed.step()
    assert keys.legend_line(m) == "F2 Speed normal"


def test_the_border_cycler_steps_through_the_sixteen_colours(kit_run) -> None:
    borders: list[int] = []

    async def main(m: Machine) -> None:
        keys = ui.HotKeys()
        keys.add("F10", ui.border_cycler())
        ui.install(m, keys)
        for _ in range(17):
            await ui.key(m)
            borders.append(m.screen.border)

    kit_run(main, " ".join(["F10 x"] * 17))
    assert borders == [*range(1, 16), 0, 1]


def test_in_mono_the_border_cycler_says_it_needs_a_colour_monitor(kit_run) -> None:
    got: list[object] = []
    seen: list[str] = []

    async def main(m: Machine) -> None:
        async def watch(m: Machine) -> None:
            seen.append(str(m.screen))

        keys = ui.HotKeys()
        keys.add("F10", ui.border_cycler())
        keys.add("F12", watch)
        ui.install(m, keys)
        got.append(await ui.key(m))

    kit_run(main, "F10 wait:100 F12", letters="M")  # hot keys work while it shows
    assert ui.MONO_BORDER in seen[0]
    result = kit_run(main, "F10", letters="M")
    assert ui.MONO_BORDER not in str(result.screen) and result.screen.border == 0
    # Another key typed while it shows ends it early and is not lost.
    ended = kit_run(main, "F10 wait:100 x", letters="M")
    assert got[-1] == Key("x") and ui.MONO_BORDER not in str(ended.screen)


def test_the_sound_toggle_switches_and_drops_what_is_queued(kit_run) -> None:
    states: list[tuple[bool, float]] = []

    async def main(m: Machine) -> None:
        keys = ui.HotKeys()
        keys.add("F1", ui.sound_toggle(quiet=True))
        ui.install(m, keys)
        m.play("T255 L64 " + "C D E F G A B " * 40)
        await ui.key(m)
        states.append((m.sound, m.beep(800, 10)))

    kit_run(main, "F1 x")
    assert states == [(False, pytest.approx(0.01))]


def test_after_sound_off_and_on_a_new_beep_starts_now() -> None:
    """Sixty-Six at top speed: tunes queued with the sound off must not delay the next."""
    sink = RecorderSink()
    m = Machine(clock=VirtualClock(), speaker=Speaker(sink))
    m.sound = False
    for _ in range(500):
        m.play("T120 L4 CDEFGAB")  # about 1,750 s of music nobody hears
        m.clock.advance(0.01)
    m.sound = True
    assert m.beep(800, 100) == pytest.approx(0.1)
    start, segments = sink.tunes[-1]
    assert start == pytest.approx(m.now()) and segments[0].start == pytest.approx(m.now())


def test_switching_the_sound_off_cuts_what_is_playing() -> None:
    m = Machine(clock=VirtualClock(), speaker=Speaker())
    m.play("T60 L1 C")
    m.clock.advance(0.5)
    m.sound = False
    assert m.beep(440, 50) == pytest.approx(0.05)


@pytest.mark.parametrize("mono", [False, True])
def test_golden_status_line_and_a_flash(kit_run, assert_screen, mono: bool) -> None:
    shots: list[Screen] = []

    async def main(m: Machine) -> None:
        calm(m)
        keys = ui.HotKeys()
        keys.add("F1", ui.sound_toggle())
        keys.add("F2", ui.speed_stepper([0.5, 0.1], names=["normal", "fast"]))
        keys.add("F5", lambda _m: None, legend="Help")
        keys.add("F10", ui.border_cycler())
        keys.add("F12", lambda m: shots.append(m.screen.copy()))
        ui.install(m, keys)
        keys.draw_status(m, 24)
        await ui.key(m)

    # F12 takes a picture while the "Sound off" flash shows; the status line has changed.
    result = kit_run(main, "F1 wait:100 F12", letters="M" if mono else "")
    mode = "mono" if mono else "colour"
    assert_screen(shots[0], f"ui/flash-{mode}")
    assert_screen(result, f"ui/status-line-{mode}")
