"""The pygame window front end, under SDL's dummy video driver (no screen needed)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
pygame = pytest.importorskip("pygame")

from retro.clock import RealClock  # noqa: E402
from retro.events import Click, Key, Quit  # noqa: E402
from retro.host import run_realtime  # noqa: E402
from retro.machine import Flags, Machine  # noqa: E402
from retro.png import read_png  # noqa: E402
from retro.speaker import Speaker  # noqa: E402
from retro.window import (  # noqa: E402
    REPEAT_DELAY_S,
    WindowFrontend,
    cell_at,
    picture_rect,
    run_window,
)

pytestmark = pytest.mark.window
REPO = Path(__file__).resolve().parents[2]


class FakeClock:
    def __init__(self) -> None:
        self.t = 100.0

    def __call__(self) -> float:
        return self.t


def _key(key: int, unicode: str = "", mod: int = 0) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=unicode,
                                         scancode=0))


def _key_up(key: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=0, scancode=0))


def _text(text: str) -> None:
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=text))


def _click_cell(frontend: WindowFrontend, row: int, col: int, button: int) -> None:
    """Post a click on the middle of a cell, worked out independently of ``cell_at``."""
    x, y, w, h = frontend.picture_rect()
    fh, fw = frontend.raster.shape
    top, left = frontend.raster.origin
    px = x + (left + col * 9 + 4.5) * w / fw
    py = y + (top + row * 16 + 8) * h / fh
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(int(px), int(py)),
                                         button=button))


# -- geometry --------------------------------------------------------------------------------

def test_picture_is_4_by_3_with_whole_vertical_scale_when_it_fits() -> None:
    assert picture_rect((1107, 830), (738, 415)) == (0, 0, 1107, 830)
    x, y, w, h = picture_rect((1600, 900), (738, 415))
    assert h == 830 and w == round(830 * 4 / 3) and (x, y) == ((1600 - w) // 2, 35)


def test_picture_fills_the_height_when_a_whole_scale_would_waste_too_much() -> None:
    x, y, w, h = picture_rect((1920, 1080), (738, 415))  # 2x = 830 is only 77% of 1080
    assert (h, w) == (1080, 1440) and (x, y) == (240, 0)
    assert picture_rect((400, 300), (738, 415))[2:] == (400, 300)  # smaller than native


def test_cell_at_maps_window_pixels_through_scale_band_and_letterbox() -> None:
    rect = (240, 0, 1440, 1080)
    frame, origin, cell = (738, 415), (8, 9), (9, 16)
    # The top-left text pixel (frame 9, 8) and the bottom-right one (frame 728, 407).
    assert cell_at((240 + int(9.5 * 1440 / 738), int(8.5 * 1080 / 415)), rect, frame, origin,
                   cell) == (0, 0)
    assert cell_at((240 + int(728.5 * 1440 / 738), int(407.5 * 1080 / 415)), rect, frame,
                   origin, cell) == (24, 79)
    assert cell_at((100, 500), rect, frame, origin, cell) is None  # in the letterbox
    assert cell_at((245, 5), rect, frame, origin, cell) is None  # on the border band


# -- a program in a window -------------------------------------------------------------------

def _machine(tmp_path: Path, letters: str = "") -> Machine:
    from retro.store import Store

    machine = Machine(clock=RealClock(), flags=Flags.parse(letters), speaker=Speaker())
    machine.store = Store(tmp_path / "home")
    return machine


def test_keys_and_clicks_reach_the_program_and_closing_quits(tmp_path: Path) -> None:
    machine = _machine(tmp_path)
    seen: list[object] = []
    frontend = WindowFrontend(machine, title="Test", size=(1000, 700))

    async def program(m: Machine) -> None:
        m.screen.put(0, 0, "Press keys", 0x1F)
        _key(pygame.K_F3)
        _key_up(pygame.K_F3)
        seen.append(await m.key())
        _key(pygame.K_q, "Q", pygame.KMOD_SHIFT)
        _text("Q")
        _key_up(pygame.K_q)
        seen.append(await m.key())
        _key(pygame.K_SPACE, " ")
        _text(" ")
        _key_up(pygame.K_SPACE)
        seen.append(await m.key())
        _key(pygame.K_KP8)  # keypad with Num Lock off
        _key_up(pygame.K_KP8)
        seen.append(await m.key())
        _click_cell(frontend, 10, 40, 1)
        seen.append(await m.key())
        _click_cell(frontend, 24, 79, 3)
        seen.append(await m.key())
        pygame.event.post(pygame.event.Event(pygame.QUIT))
        try:
            await m.key()
        except Quit:
            seen.append("quit")
            raise

    try:
        run_realtime(machine, program(machine), frontend)
        assert pygame.display.get_surface().get_size() == (1000, 700)
    finally:
        frontend.close()
    assert seen == [Key("F3"), Key("Q"), Key(" "), Key("UP"), Click(10, 40, "left"),
                    Click(24, 79, "right"), "quit"]


def test_run_window_runs_a_program_to_its_end(tmp_path: Path) -> None:
    machine = _machine(tmp_path)
    done: list[bool] = []

    async def program(m: Machine) -> None:
        m.screen.put(12, 30, "Hello", 0x1E)
        await m.sleep(m.play("L32 C E G"))
        await m.sleep(0.02)
        done.append(True)

    run_window(machine, program(machine), title="Hello")
    assert done == [True]
    assert not pygame.display.get_init()


def test_clicks_are_dropped_when_the_mouse_is_off(tmp_path: Path) -> None:
    machine = _machine(tmp_path, letters="D")
    frontend = WindowFrontend(machine, title="Test", size=(900, 600))
    try:
        frontend.present(machine)
        _click_cell(frontend, 3, 3, 1)
        _key(pygame.K_ESCAPE)
        assert frontend.pump(machine)
        assert machine.take() == Key("ESC")
        assert machine.take() is None
    finally:
        frontend.close()


def test_held_key_repeats_after_half_a_second_about_30_times_a_second(tmp_path: Path) -> None:
    machine = _machine(tmp_path)
    clock = FakeClock()
    frontend = WindowFrontend(machine, title="Test", size=(800, 600), clock=clock)
    try:
        _key(pygame.K_RIGHT)
        frontend.pump(machine)
        clock.t += REPEAT_DELAY_S - 0.01
        frontend.pump(machine)
        assert [machine.take(), machine.take()] == [Key("RIGHT"), None]
        for _ in range(30):  # one more second, pumped at 100 Hz
            clock.t += 0.01 + (0.01 if _ == 0 else 0)
            frontend.pump(machine)
        repeats = 0
        while machine.take() == Key("RIGHT"):
            repeats += 1
        assert 9 <= repeats <= 11  # 0.31 s of repeating at 30/s, first one at 0.5 s
        _key_up(pygame.K_RIGHT)
        frontend.pump(machine)
        clock.t += 1.0
        frontend.pump(machine)
        assert machine.take() is None
    finally:
        frontend.close()


def test_os_repeated_text_is_ignored_while_we_repeat_ourselves(tmp_path: Path) -> None:
    machine = _machine(tmp_path)
    frontend = WindowFrontend(machine, title="Test", size=(800, 600), clock=FakeClock())
    try:
        _key(pygame.K_a, "a")
        _text("a")
        _text("a")  # what an OS auto-repeat would add
        frontend.pump(machine)
        assert [machine.take(), machine.take()] == [Key("a"), None]
    finally:
        frontend.close()


def test_ctrl_f5_saves_native_and_4_by_3_screenshots_in_the_save_folder(tmp_path: Path) -> None:
    machine = _machine(tmp_path)
    frontend = WindowFrontend(machine, title="My Game", size=(800, 600))
    try:
        machine.screen.put(0, 0, "shot", 0x4F)
        frontend.present(machine)
        _key(pygame.K_F5, mod=pygame.KMOD_LCTRL)
        frontend.pump(machine)
        assert machine.take() is None  # the key is the window's, not the program's
    finally:
        frontend.close()
    native = tmp_path / "home" / "my-game-001.png"
    aspect = tmp_path / "home" / "my-game-001-4x3.png"
    assert read_png(native).shape == (415, 738, 3)
    assert read_png(aspect).shape == (1107, 1476, 3)
    assert any("screenshot saved" in n for n in machine.notices)


def test_alt_enter_toggles_fullscreen(tmp_path: Path) -> None:
    machine = _machine(tmp_path)
    frontend = WindowFrontend(machine, title="Test", size=(800, 600))
    try:
        _key(pygame.K_RETURN, mod=pygame.KMOD_LALT)
        frontend.pump(machine)
        assert frontend.fullscreen
        assert machine.take() is None
        frontend.toggle_fullscreen()
        assert not frontend.fullscreen
        assert pygame.display.get_surface().get_size() == (800, 600)
    finally:
        frontend.close()


def test_alt_enter_back_from_full_screen_restores_the_windows_size_and_place(
        tmp_path: Path) -> None:
    machine = _machine(tmp_path)
    frontend = WindowFrontend(machine, title="Test", size=(800, 600))
    try:
        pygame.display.set_window_position((123, 45))
        frontend.toggle_fullscreen()
        pygame.display.set_window_position((0, 0))   # full screen moves the window
        frontend.toggle_fullscreen()
        assert pygame.display.get_surface().get_size() == (800, 600)
        assert pygame.display.get_window_position() == (123, 45)
    finally:
        frontend.close()


def test_no_display_raises_window_unavailable_before_the_program_runs() -> None:
    code = (
        "import os; os.environ['SDL_VIDEODRIVER'] = 'no-such-driver'\n"
        "from retro.clock import RealClock\n"
        "from retro.machine import Machine\n"
        "from retro.window import WindowUnavailable, run_window\n"
        "started = []\n"
        "async def program(m):\n"
        "    started.append(1)\n"
        "m = Machine(clock=RealClock())\n"
        "coroutine = program(m)\n"
        "try:\n"
        "    run_window(m, coroutine, title='x')\n"
        "except WindowUnavailable as err:\n"
        "    print('unavailable', started)\n"
        "coroutine.close()\n"
    )
    out = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True,
                         text=True, timeout=60, check=True)
    assert out.stdout.strip() == "unavailable []"


@pytest.mark.parametrize("size", [(1280, 800), (1107, 830), (600, 400)])
def test_presenting_changed_rows_only_gives_the_same_picture_as_a_full_redraw(
        tmp_path: Path, size: tuple[int, int]) -> None:
    machine = _machine(tmp_path)
    machine.screen.box(2, 2, 10, 40, 0x1F, style="double", title="Box")
    frontend = WindowFrontend(machine, title="Test", size=size)
    try:
        frontend.present(machine)
        machine.screen.put(6, 10, "changed \u2591\u2592\u2593", 0x4E)
        frontend.present(machine)
        partial = pygame.surfarray.array3d(pygame.display.get_surface()).copy()
        frontend.raster.invalidate()
        frontend.present(machine)
        full = pygame.surfarray.array3d(pygame.display.get_surface())
        assert (partial == full).all()
    finally:
        frontend.close()


def _shows(frontend: WindowFrontend, fy: float, fx: float, rgb: object) -> bool:
    """Whether the window shows ``rgb`` at a point given in native frame pixels (y, x).

    The smooth column reduction may move a flat colour by a step or two, no more.
    """
    x, y, w, h = frontend.picture_rect()
    fh, fw = frontend.raster.shape
    colour = pygame.display.get_surface().get_at((int(x + fx * w / fw), int(y + fy * h / fh)))
    return all(abs(int(a) - int(b)) <= 2 for a, b in zip(colour[:3], rgb, strict=True))


def test_window_shows_the_palette_colours_of_text_and_border_band(tmp_path: Path) -> None:
    from retro.raster import VGA_PALETTE

    machine = _machine(tmp_path)
    machine.screen.fill(5, 10, 6, 12, "\u2588", 0x0E)  # yellow blocks
    machine.screen.border = 1
    frontend = WindowFrontend(machine, title="Test", size=(1107, 830))
    try:
        frontend.present(machine)
        top, left = frontend.raster.origin
        assert _shows(frontend, top + 8 * 16, left + 16 * 9, VGA_PALETTE[14])
        assert _shows(frontend, 2, 2, VGA_PALETTE[1])
        machine.screen.border = 4  # only the band changes
        frontend.present(machine)
        assert _shows(frontend, 2, 2, VGA_PALETTE[4])
        assert _shows(frontend, top + 8 * 16, left + 16 * 9, VGA_PALETTE[14])
    finally:
        frontend.close()


def test_window_follows_the_screen_into_mono(tmp_path: Path) -> None:
    from retro.raster import PHOSPHORS

    machine = _machine(tmp_path)
    frontend = WindowFrontend(machine, title="Test", size=(960, 720), phosphor="amber")
    try:
        frontend.present(machine)
        machine.screen.mono = True
        machine.screen.fill(5, 10, 6, 12, "\u2588", 0x0F)  # intense blocks
        frontend.present(machine)
        assert frontend.raster.shape == (350, 720)
        assert _shows(frontend, 8 * 14, 16 * 9, PHOSPHORS["amber"][2])
    finally:
        frontend.close()
