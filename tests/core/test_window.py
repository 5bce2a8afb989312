"""The pygame window front end, under SDL's dummy video driver (no screen needed)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
pygame = pytest.importorskip("pygame")

from retro.frontends.host import run_realtime  # noqa: E402
from retro.frontends.window import REPEAT_DELAY_S, WindowFrontend, run_window  # noqa: E402
from retro.pc.clock import RealClock  # noqa: E402
from retro.pc.events import Click, Key, Quit  # noqa: E402
from retro.pc.machine import Flags, Machine  # noqa: E402
from retro.pc.speaker import Speaker  # noqa: E402
from retro.pictures.png import read_png  # noqa: E402
from retro.pictures.scaling import SCALINGS, cell_at, integer_factors, picture_rect  # noqa: E402

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
        "from retro.pc.clock import RealClock\n"
        "from retro.pc.machine import Machine\n"
        "from retro.frontends.window import WindowUnavailable, run_window\n"
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


@pytest.mark.parametrize("scaling", SCALINGS)
@pytest.mark.parametrize("size", [(1280, 800), (1107, 830), (600, 400), (1000, 700),
                                  (1920, 1080)])
def test_presenting_changed_rows_only_gives_the_same_picture_as_a_full_redraw(
        tmp_path: Path, size: tuple[int, int], scaling: str) -> None:
    machine = _machine(tmp_path)
    machine.screen.box(2, 2, 10, 40, 0x1F, style="double", title="Box")
    frontend = WindowFrontend(machine, title="Test", size=size, scaling=scaling)
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
    from retro.pictures.raster import VGA_PALETTE

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
    from retro.pictures.raster import PHOSPHORS

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


# -- scaling: sharp, integer, smooth ----------------------------------------------------------

def _all_colours(tmp_path: Path, size: tuple[int, int], scaling: str, *,
                 mono: bool = False) -> WindowFrontend:
    """A window showing the charmap attribute page (every colour) and a blue border band."""
    from retro.programs.charmap import draw_attributes

    machine = _machine(tmp_path, letters="M" if mono else "")
    draw_attributes(machine.screen)
    machine.screen.border = 1
    frontend = WindowFrontend(machine, title="Test", size=size, scaling=scaling)
    frontend.present(machine)
    return frontend


def _window_rgb() -> np.ndarray:
    """The window as (height, width, 3) integers."""
    return pygame.surfarray.array3d(pygame.display.get_surface()).transpose(1, 0, 2).astype(int)


def _picture_and_frame(frontend: WindowFrontend) -> tuple[np.ndarray, np.ndarray]:
    """The picture part of the window and the native frame it shows, both RGB."""
    x, y, w, h = frontend.picture_rect()
    raster = frontend.raster
    return _window_rgb()[y:y + h, x:x + w], raster.palette[raster.frame_indices()].astype(int)


def _colours(rgb: np.ndarray) -> set[tuple[int, int, int]]:
    """The distinct colours of an RGB image."""
    flat = rgb.reshape(-1, 3).astype(np.uint32)
    codes = np.unique(flat[:, 0] << 16 | flat[:, 1] << 8 | flat[:, 2])
    return {(int(c) >> 16, int(c) >> 8 & 0xFF, int(c) & 0xFF) for c in codes}


def _palette(frontend: WindowFrontend) -> set[tuple[int, int, int]]:
    return {tuple(int(v) for v in c) for c in frontend.raster.palette}


@pytest.mark.parametrize("size", [(2214, 1660), (2300, 1700)])
def test_integer_scaling_is_4_by_3_in_whole_factors_letterboxed_with_only_palette_colours(
        tmp_path: Path, size: tuple[int, int]) -> None:
    frontend = _all_colours(tmp_path, size, "integer")
    try:
        x, y, w, h = frontend.picture_rect()
        assert (w, h) == (738 * 3, 415 * 4)  # 4:3 to 0.03%
        assert (x, y) == ((size[0] - w) // 2, (size[1] - h) // 2)  # centred
        window = _window_rgb()
        assert _colours(window) == _palette(frontend)  # all 16, and nothing else
        picture, frame = _picture_and_frame(frontend)
        assert (picture == frame.repeat(4, axis=0).repeat(3, axis=1)).all()
        letterbox = np.ones(window.shape[:2], dtype=bool)
        letterbox[y:y + h, x:x + w] = False
        assert (window[letterbox] == 0).all()
    finally:
        frontend.close()


@pytest.mark.parametrize("size", [(1476, 830), (1920, 1080), (2560, 1440), (1000, 700)])
def test_integer_scaling_without_room_for_whole_4_by_3_factors_shows_the_sharp_picture(
        tmp_path: Path, size: tuple[int, int]) -> None:
    """Never a 16:9 picture (2x2 at 1476x830): the shape stays the other modes' 4:3."""
    frontend = _all_colours(tmp_path, size, "integer")
    try:
        x, y, w, h = frontend.picture_rect()
        assert (x, y, w, h) == picture_rect(size, (738, 415), "sharp")
        assert abs(w / h - 4 / 3) < 0.01
        integer = _window_rgb()
    finally:
        frontend.close()
    frontend = _all_colours(tmp_path, size, "sharp")
    try:
        assert (integer == _window_rgb()).all()
    finally:
        frontend.close()


def test_integer_scaling_in_mono_shows_only_the_phosphor_levels(tmp_path: Path) -> None:
    frontend = _all_colours(tmp_path, (1920, 1080), "integer", mono=True)
    try:
        assert frontend.picture_rect()[2:] == (1440, 1050)  # 2x3: 720x350 at 1.37:1
        assert _colours(_window_rgb()) == _palette(frontend)
    finally:
        frontend.close()


def test_integer_factors_are_the_largest_whole_4_by_3_picture_that_fits() -> None:
    colour, mono = (738, 415), (720, 350)
    assert integer_factors((1920, 1080), colour) is None     # 2x2 would be 16:9
    assert integer_factors((2214, 1660), colour) == (3, 4)   # 4:3 to 0.03%
    assert integer_factors((4500, 3400), colour) == (6, 8)
    assert integer_factors((1920, 1080), mono) == (2, 3)     # 1.37:1, within 3%
    assert integer_factors((700, 400), colour) is None
    for window in [(1920, 1080), (1280, 960), (700, 400)]:
        assert picture_rect(window, colour, "integer") == picture_rect(window, colour)


def test_sharp_window_at_a_whole_multiple_shows_only_palette_colours(tmp_path: Path) -> None:
    frontend = _all_colours(tmp_path, (2214, 1660), "sharp")  # 3x4 of 738x415 is 4:3
    try:
        assert frontend.picture_rect() == (0, 0, 2214, 1660)
        assert _colours(_window_rgb()) == _palette(frontend)
        picture, frame = _picture_and_frame(frontend)
        assert (picture == frame.repeat(4, axis=0).repeat(3, axis=1)).all()
    finally:
        frontend.close()


def test_a_resized_window_scales_to_its_new_size(tmp_path: Path) -> None:
    frontend = _all_colours(tmp_path, (1280, 960), "sharp")
    try:
        pygame.display.set_mode((2214, 1660), pygame.RESIZABLE)   # the user drags a corner
        pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=2214, h=1660))
        assert frontend.pump(frontend.machine)
        frontend.present(frontend.machine)
        picture, frame = _picture_and_frame(frontend)
        assert frontend.picture_rect() == (0, 0, 2214, 1660)
        assert (picture == frame.repeat(4, axis=0).repeat(3, axis=1)).all()
    finally:
        frontend.close()


def _straddles(size_in: int, size_out: int) -> tuple[np.ndarray, np.ndarray]:
    """Per output pixel: the source pixel it starts in, and whether it crosses into the next."""
    i = np.arange(size_out)
    first = i * size_in // size_out
    return first, (i + 1) * size_in > (first + 1) * size_out


@pytest.mark.parametrize("size", [(1280, 960), (1920, 1080), (1000, 700)])
def test_sharp_scaling_mixes_only_pixels_on_a_source_pixel_edge(
        tmp_path: Path, size: tuple[int, int]) -> None:
    frontend = _all_colours(tmp_path, size, "sharp")
    try:
        _x, _y, w, h = frontend.picture_rect()
        assert abs(w - h * 4 / 3) <= 1  # 4:3 within a pixel ...
        assert h == size[1] or h % 415 == 0  # ... as tall as fits, or a whole multiple
        picture, frame = _picture_and_frame(frontend)
        fh, fw = frame.shape[:2]
        col, col_crosses = _straddles(fw, w)
        row, row_crosses = _straddles(fh, h)
        assert col_crosses.any()  # the sizes are not whole multiples across
        next_col = np.where(col_crosses, np.minimum(col + 1, fw - 1), col)
        next_row = np.where(row_crosses, np.minimum(row + 1, fh - 1), row)
        corners = np.stack([frame[rows][:, cols] for rows in (row, next_row)
                            for cols in (col, next_col)])
        nearest = corners[0]
        # A pixel inside one source pixel is exactly its colour (never 0,0,169 for 0,0,170);
        # one on an edge is a mix of the pixels it straddles.
        inside = ~row_crosses[:, None] & ~col_crosses[None, :]
        assert (picture[inside] == nearest[inside]).all()
        assert ((corners.min(axis=0) <= picture) & (picture <= corners.max(axis=0))).all()
        # At most one mixed column per column edge and one mixed row per row edge (a column
        # is mixed where it differs from the nearest colour on a row that is not).
        mixed = (picture != nearest).any(axis=2)
        mixed_cols = np.flatnonzero((mixed & ~row_crosses[:, None]).any(axis=0))
        mixed_rows = np.flatnonzero((mixed & ~col_crosses[None, :]).any(axis=1))
        assert mixed_cols.size > 0
        assert np.unique(col[mixed_cols]).size == mixed_cols.size
        assert np.unique(row[mixed_rows]).size == mixed_rows.size
        assert not set(_colours(nearest)) - _palette(frontend)
    finally:
        frontend.close()


@pytest.mark.parametrize("size", [(1107, 830), (1920, 1080), (600, 400)])
def test_smooth_window_shows_the_smooth_scaler_and_keeps_flat_colours(
        tmp_path: Path, size: tuple[int, int]) -> None:
    from retro.pictures.scaling import SmoothScaler

    frontend = _all_colours(tmp_path, size, "smooth")
    try:
        picture, frame = _picture_and_frame(frontend)
        h, w = picture.shape[:2]
        fh, fw = frame.shape[:2]
        packed = (frame[..., 0] << 16 | frame[..., 1] << 8 | frame[..., 2]).astype(np.uint32)
        expected = np.zeros((h, w), dtype=np.uint32)
        SmoothScaler((fw, fh), (w, h)).scale(packed, expected, 0, fh)
        rgb = np.stack([expected >> 16 & 0xFF, expected >> 8 & 0xFF, expected & 0xFF], -1)
        assert (picture == rgb).all()
        assert len(_colours(picture)) > 16  # blended at the column edges
        # The blue border band, a flat area, is exactly palette blue (never 0,0,169).
        assert (picture[:4] == frontend.raster.palette[1].astype(int)).all()
    finally:
        frontend.close()


def _cell_pixels(frontend: WindowFrontend, row: int, col: int) -> tuple[range, range]:
    """The window columns and rows whose left/top edge lies in a cell, from the geometry."""
    x, y, w, h = frontend.picture_rect()
    fh, fw = frontend.raster.shape
    top, left = frontend.raster.origin
    xs = [px for px in range(x, x + w) if left + col * 9 <= (px - x) * fw / w < left + col * 9 + 9]
    ys = [py for py in range(y, y + h)
          if top + row * 16 <= (py - y) * fh / h < top + row * 16 + 16]
    return range(xs[0], xs[-1] + 1), range(ys[0], ys[-1] + 1)


@pytest.mark.parametrize("scaling", SCALINGS)
@pytest.mark.parametrize("size", [(1000, 700), (1280, 960), (1920, 1080)])
def test_clicks_map_to_the_cell_under_the_pointer_in_every_scaling(
        tmp_path: Path, size: tuple[int, int], scaling: str) -> None:
    machine = _machine(tmp_path)
    frontend = WindowFrontend(machine, title="Test", size=size, scaling=scaling)
    try:
        frontend.present(machine)
        for row, col in [(0, 0), (24, 79), (12, 40), (7, 3)]:
            xs, ys = _cell_pixels(frontend, row, col)
            for pos in [(xs[0], ys[0]), (xs[-1], ys[-1]), (xs[len(xs) // 2], ys[len(ys) // 2])]:
                assert frontend.cell_at(pos) == (row, col), (pos, row, col)
            assert frontend.cell_at((xs[-1] + 1, ys[0])) != (row, col)
        x, y, _w, h = frontend.picture_rect()
        assert frontend.cell_at((x - 1, y + h // 2)) is None  # left of the picture
        _click_cell(frontend, 10, 40, 1)
        assert frontend.pump(machine)
        assert machine.take() == Click(10, 40, "left")
    finally:
        frontend.close()


def test_integer_cells_are_whole_blocks_of_window_pixels(tmp_path: Path) -> None:
    machine = _machine(tmp_path)
    frontend = WindowFrontend(machine, title="Test", size=(2300, 1700), scaling="integer")
    try:
        x, y, _w, _h = frontend.picture_rect()
        top, left = frontend.raster.origin
        x0, y0 = x + (left + 9 * 5) * 3, y + (top + 16 * 3) * 4  # cell (3, 5) at 3x4
        assert {frontend.cell_at((x0 + dx, y0 + dy)) for dx in range(27) for dy in range(64)} \
            == {(3, 5)}
        assert frontend.cell_at((x0 - 1, y0)) == (3, 4)
        assert frontend.cell_at((x0, y0 + 64)) == (4, 5)
    finally:
        frontend.close()


def test_unknown_scaling_is_refused(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="scaling"):
        WindowFrontend(_machine(tmp_path), title="Test", size=(800, 600), scaling="blurry")


@pytest.mark.parametrize("argv, expected", [(["charmap"], "sharp"),
                                            (["charmap", "--scaling", "integer"], "integer"),
                                            (["charmap", "--scaling", "smooth"], "smooth")])
def test_scaling_option_reaches_the_window(monkeypatch: pytest.MonkeyPatch, argv: list[str],
                                           expected: str) -> None:
    import retro.frontends.window
    from retro.cli import main

    seen: list[str] = []

    def fake_run_window(machine: Machine, coroutine: object, **options: object) -> int:
        seen.append(str(options["scaling"]))
        coroutine.close()  # type: ignore[attr-defined]
        return 0   # run_window returns the exit status

    monkeypatch.setattr(retro.frontends.window, "run_window", fake_run_window)
    assert main(argv) == 0
    assert seen == [expected]


def test_unknown_scaling_option_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    from retro.cli import main

    assert main(["charmap", "--scaling", "blurry"]) == 2
    assert "scaling" in capsys.readouterr().err


def test_text_the_pc_cannot_show_is_no_key(tmp_path: Path) -> None:
    # A European keyboard's euro sign or a Cyrillic letter: code page 437 has neither, so
    # the program never receives them (a name field would fail to store them).
    machine = _machine(tmp_path)
    frontend = WindowFrontend(machine, title="Test", size=(800, 600), clock=FakeClock())
    try:
        _text("€Ж")
        _text("é")
        frontend.pump(machine)
        assert [machine.take(), machine.take()] == [Key("é"), None]
    finally:
        frontend.close()
