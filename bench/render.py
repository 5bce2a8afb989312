"""Render speed: full frames and one changed cell, against a naive pygame baseline.

    python bench/render.py           # 1000 frames per figure
    python bench/render.py --quick   # 200 frames per figure

Prints ``key = value`` lines:

- ``frame_ms``: median time of ``Raster.draw`` making a whole 720x400 colour frame (the
  raster's memory of the previous frame is cleared before every frame, and two different
  busy screens alternate, so every one of the 2000 cells is redrawn every time).  The frame
  is 8-bit palette indices, the form the window hands to SDL;
- ``frame_warm_ms``: ``frame_ms`` with raster frames back to back (caches warm), as a
  program that redraws the whole screen many times in a row would see it;
- ``frame_band_ms``: the same for a raster with the border band (738x415), back to back
  (the band is one colour the front end paints, so the raster's work is the same);
- ``worst_*``: the same comparison on random screens (2000 distinct tiles per frame);
- ``naive_ms``: median time of the baseline measured in the same run: one pygame ``blit``
  per cell, from glyph surfaces pre-rendered for every (character, attribute) on the two
  screens (pre-rendering is not timed), onto a 720x400 surface on the dummy video driver;
- ``ratio`` = naive_ms / frame_ms;
- ``frame_display_ms``: ``frame_ms`` plus what the window adds to show a whole new frame in
  the same pixel format as the baseline's target: one SDL blit of the 8-bit frame onto a
  720x400 display-format surface (SDL maps the palette), interleaved with the baseline in a
  run of its own; ``display_ratio`` = that run's baseline median / frame_display_ms;
- ``cell_ms``: median time of ``Raster.draw`` when one cell changed since the last frame;
- ``mono_frame_ms``: a whole 720x350 MDA frame.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from retro.pc.font import load_glyphs
from retro.pc.screen import Screen
from retro.pictures.raster import VGA_PALETTE, Raster


def game_screens() -> list[Screen]:
    """Two full, different screens like the games draw: a card table and a character chart."""
    table = Screen()
    table.clear(0x20)
    table.fill(0, 0, 1, 80, " ", 0x1F)
    table.put(0, 1, "KLONDIKE   Game  Options  Help", 0x1F)
    for pile in range(7):
        col = 2 + pile * 11
        for depth in range(pile):
            table.fill(6 + depth, col, 1, 9, "\u2591", 0x19)
        table.box(6 + pile, col, 7, 9, 0x70 if pile % 2 else 0x74)
        table.put(7 + pile, col + 1, f"{'A23456789TJQK'[pile]}\u2665", 0x74)
    for slot in range(4):
        table.box(1, 36 + slot * 11, 5, 9, 0x2A)
    table.fill(24, 0, 1, 80, " ", 0x70)
    table.put(24, 1, "F1=Help  F2=New  Esc=Quit   Score: 120   Time: 03:45", 0x70)
    chart = Screen()
    chart.clear(0x07)
    for code in range(256):
        chart.put(2 + code // 16, 3 + 2 * (code % 16), bytes([code]), 0x07)
        chart.put(2 + code // 16, 43 + 2 * (code % 16), bytes([code]), 0x1E)
    for attr in range(256):
        chart.put(19 + attr // 80 % 5, attr % 80, "\u2588", attr)
    return [table, chart]


def random_screens() -> list[Screen]:
    """The worst case for the tile cache: random codes in 128 attributes, 2000 tiles each."""
    screens = []
    for seed in (1, 2):
        rng = np.random.default_rng(seed)
        screen = Screen()
        screen.chars[:] = rng.integers(0, 256, (25, 80), dtype=np.uint8)
        screen.attrs[:] = rng.integers(0, 128, (25, 80), dtype=np.uint8)
        screens.append(screen)
    return screens


def _median_ms(times: list[float]) -> float:
    return statistics.median(times) * 1000


def timed(step: Callable[[int], object], frames: int) -> list[float]:
    for i in range(5):  # warm up: tiles drawn, caches filled
        step(i)
    times = []
    for i in range(frames):
        start = time.perf_counter()
        step(i)
        times.append(time.perf_counter() - start)
    return times


def raster_full_step(screens: list[Screen], band: bool) -> Callable[[int], object]:
    raster = Raster(border_band=band)

    def step(i: int) -> None:
        raster.invalidate()  # forget the last frame: all 2000 cells are drawn
        raster.draw(screens[i % 2])

    return step


def raster_display_step(screens: list[Screen]) -> Callable[[int], object]:
    """A full frame as in ``raster_full_step``, then blitted to a display-format surface."""
    import pygame

    raster = Raster(border_band=False)
    height, width = raster.text.shape
    indexed = pygame.image.frombuffer(raster.text, (width, height), "P")
    indexed.set_palette([tuple(int(v) for v in rgb) for rgb in raster.palette])
    target = pygame.Surface((width, height)).convert()

    def step(i: int) -> None:
        raster.invalidate()
        raster.draw(screens[i % 2])
        target.blit(indexed, (0, 0))

    return step


def raster_cell_step(screen: Screen) -> Callable[[int], object]:
    raster = Raster(border_band=True)
    raster.draw(screen)

    def step(i: int) -> None:
        screen.chars[12, 40] = 0x41 + i % 26
        raster.draw(screen)

    return step


def raster_mono_step() -> Callable[[int], object]:
    screens = game_screens()
    for screen in screens:
        screen.mono = True
    raster = Raster(mono=True)

    def step(i: int) -> None:
        raster.invalidate()
        raster.draw(screens[i % 2])

    return step


def naive_pygame_step(screens: list[Screen]) -> Callable[[int], object]:
    """One blit per cell from glyph surfaces pre-rendered per (character, attribute)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    pygame.display.init()
    target = pygame.display.set_mode((720, 400))
    glyphs = load_glyphs(16)
    surfaces: dict[tuple[int, int], pygame.Surface] = {}
    for screen in screens:
        for char, attr in zip(screen.chars.ravel().tolist(), screen.attrs.ravel().tolist(),
                              strict=True):
            if (char, attr) not in surfaces:
                tile = np.where(glyphs[char][:, :, None], VGA_PALETTE[attr & 15],
                                VGA_PALETTE[attr >> 4]).astype(np.uint8)
                surface = pygame.surfarray.make_surface(tile.transpose(1, 0, 2))
                surfaces[(char, attr)] = surface.convert()  # display format: fastest blits

    def step(i: int) -> None:
        screen = screens[i % 2]
        blit = target.blit
        for row in range(25):
            chars, attrs = screen.chars[row].tolist(), screen.attrs[row].tolist()
            y = row * 16
            for col in range(80):
                blit(surfaces[(chars[col], attrs[col])], (col * 9, y))

    return step


def interleaved(steps: list[Callable[[int], object]], frames: int) -> list[list[float]]:
    """Time several steps frame by frame in turn, so all see the same machine load."""
    for step in steps:
        for i in range(5):
            step(i)
    times: list[list[float]] = [[] for _ in steps]
    for i in range(frames):
        for step, log in zip(steps, times, strict=True):
            start = time.perf_counter()
            step(i)
            log.append(time.perf_counter() - start)
    return times


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="render speed against a naive pygame blitter")
    parser.add_argument("--quick", action="store_true", help="200 frames per figure")
    args = parser.parse_args(argv)
    frames = 200 if args.quick else 1000
    screens, worst = game_screens(), random_screens()
    naive_step = naive_pygame_step(screens)  # opens the dummy display first
    # Pairs only: each raster frame follows a baseline frame, as each baseline frame follows
    # a raster frame (a third step in between would warm the caches for the one after it).
    frame, naive = interleaved([raster_full_step(screens, band=False), naive_step], frames)
    display, naive_display = interleaved([raster_display_step(screens), naive_step], frames)
    frame_worst, naive_worst = interleaved([raster_full_step(worst, band=False),
                                            naive_pygame_step(worst)], frames)
    frame_warm = timed(raster_full_step(screens, band=False), frames)
    frame_band = timed(raster_full_step(screens, band=True), frames)
    cell = timed(raster_cell_step(screens[0].copy()), frames)
    mono = timed(raster_mono_step(), frames)
    print(f"frames = {frames}")
    print("method = median per-frame perf_counter time after 5 warm-up frames; every frame "
          "redraws all 2000 cells (Raster.invalidate()) of two alternating full screens "
          "(a card table and a character chart); raster and naive frames alternate one to "
          "one, so both see the same machine load and each starts with caches the other "
          "has just used; the raster frame is 8-bit palette indices")
    print(f"frame_ms = {_median_ms(frame):.3f}")
    print(f"naive_ms = {_median_ms(naive):.3f}")
    print(f"ratio = {_median_ms(naive) / _median_ms(frame):.1f}")
    print(f"frame_display_ms = {_median_ms(display):.3f}")
    print(f"display_ratio = {_median_ms(naive_display) / _median_ms(display):.1f}")
    print(f"cell_ms = {_median_ms(cell):.4f}")
    print(f"frame_warm_ms = {_median_ms(frame_warm):.3f}")
    print(f"frame_band_ms = {_median_ms(frame_band):.3f}")
    print(f"mono_frame_ms = {_median_ms(mono):.3f}")
    print("worst = random codes in 128 attributes: 2000 distinct tiles a frame")
    print(f"worst_frame_ms = {_median_ms(frame_worst):.3f}")
    print(f"worst_naive_ms = {_median_ms(naive_worst):.3f}")
    print(f"worst_ratio = {_median_ms(naive_worst) / _median_ms(frame_worst):.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
