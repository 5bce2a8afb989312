"""The scalers as pure functions on numpy arrays of 32-bit pixels (no window needed)."""

from __future__ import annotations

import numpy as np
import pytest

from retro.pictures.scaling import (
    ASPECT_SLACK,
    SharpScaler,
    SmoothScaler,
    _area_taps,
    _mix,
    integer_factors,
    picture_rect,
)

COLOUR, MONO = (738, 415), (720, 350)
PALETTE = np.array([0x000000, 0x0000AA, 0x00AA00, 0x00AAAA, 0xAA0000, 0xAA00AA, 0xAA5500,
                    0xAAAAAA, 0x555555, 0x5555FF, 0x55FF55, 0x55FFFF, 0xFF5555, 0xFF55FF,
                    0xFFFF55, 0xFFFFFF], dtype=np.uint32)


def _frame(frame: tuple[int, int], seed: int = 1) -> np.ndarray:
    """A (height, width) frame of palette colours: runs of 1 to 20 pixels of one colour."""
    rng = np.random.default_rng(seed)
    width, height = frame
    out = np.empty((height, width), dtype=np.uint32)
    for row in out:
        x = 0
        while x < width:
            run = int(rng.integers(1, 21))
            row[x:x + run] = PALETTE[rng.integers(16)]
            x += run
    return out


def _channels(pixels: np.ndarray) -> np.ndarray:
    return np.stack([pixels >> shift & 0xFF for shift in (24, 16, 8, 0)], -1).astype(float)


@pytest.mark.parametrize("picture", [(1107, 830), (1476, 1245), (600, 400), (1440, 1080)])
def test_smooth_scaling_keeps_flat_areas_exactly_and_averages_by_coverage(
        picture: tuple[int, int]) -> None:
    frame = _frame(COLOUR)
    out = np.zeros((picture[1], picture[0]), dtype=np.uint32)
    SmoothScaler(COLOUR, picture).scale(frame, out, 0, COLOUR[1])
    flat = np.full((COLOUR[1], COLOUR[0]), PALETTE[1], dtype=np.uint32)
    flat_out = np.zeros_like(out)
    SmoothScaler(COLOUR, picture).scale(flat, flat_out, 0, COLOUR[1])
    assert (flat_out == PALETTE[1]).all()  # 0,0,170 stays 0,0,170, never 0,0,169
    # Each output pixel, against an independent float average of what it covers.
    width, height = picture
    lines = np.arange(height) * COLOUR[1] // height
    source = _channels(frame[lines])
    edges = np.arange(width + 1) * COLOUR[0] / width
    expected = np.empty((height, width, 4))
    for i in range(width):
        lo, hi = edges[i], edges[i + 1]
        cols = np.arange(int(lo), min(COLOUR[0], int(np.ceil(hi))))
        cover = np.minimum(cols + 1, hi) - np.maximum(cols, lo)
        expected[:, i] = (source[:, cols] * cover[None, :, None]).sum(1) / cover.sum()
    assert np.abs(_channels(out) - expected).max() <= 1.0
    # Where every covered pixel has one colour, the output is exactly that colour.
    index, share = _area_taps(COLOUR[0], width)
    used = np.where(share > 0, index, index[:, :1])
    same = (frame[lines][:, used] == frame[lines][:, used[:, :1]]).all(axis=2)
    assert (out[same] == frame[lines][:, used[:, 0]][same]).all()


def test_mixing_rounds_each_channel_to_the_nearest_level() -> None:
    """Half of 255 and half of 0 is 127.5: every channel (the two packed pairs alike) comes
    out 128, rounded, never 127, truncated; the shares weigh a and b the right way round."""
    a = np.full((1, 4), 0xFFFFFFFF, dtype=np.uint32)
    b = np.zeros((1, 4), dtype=np.uint32)
    half = _mix(a.copy(), b.copy(), np.full((1, 4), 128, dtype=np.uint32))
    assert (half == 0x80808080).all()
    mostly_b = _mix(np.full((1, 1), 0x40404040, dtype=np.uint32),
                    np.full((1, 1), 0xC0C0C0C0, dtype=np.uint32),
                    np.full((1, 1), 192, dtype=np.uint32))
    assert mostly_b[0, 0] == 0xA0A0A0A0       # 64 * 1/4 + 192 * 3/4 = 160 in each channel


@pytest.mark.parametrize(("size_in", "size_out"), [(738, 1107), (738, 600), (720, 1440),
                                                   (415, 1080), (7, 3)])
def test_area_shares_add_up_to_a_whole_for_every_output_pixel(size_in: int,
                                                              size_out: int) -> None:
    index, share = _area_taps(size_in, size_out)
    assert (share.sum(axis=1) == 256).all()
    assert index.min() >= 0 and index.max() < size_in


def test_sharp_scaling_at_whole_factors_repeats_pixels_and_mixes_none() -> None:
    frame = _frame(COLOUR)
    out = np.zeros((415 * 4, 738 * 3), dtype=np.uint32)
    SharpScaler(COLOUR, (738 * 3, 415 * 4)).scale(frame, out, 0, 415)
    assert (out == frame.repeat(4, axis=0).repeat(3, axis=1)).all()


def test_sharp_scaling_of_some_rows_redraws_only_the_lines_showing_them() -> None:
    frame = _frame(COLOUR)
    picture = (1107, 830)
    whole = np.zeros((830, 1107), dtype=np.uint32)
    scaler = SharpScaler(COLOUR, picture)
    scaler.scale(frame, whole, 0, 415)
    changed = frame.copy()
    changed[100:120] = PALETTE[14]
    part = whole.copy()
    top, bottom = scaler.scale(changed, part, 100, 120)
    again = np.zeros_like(whole)
    SharpScaler(COLOUR, picture).scale(changed, again, 0, 415)
    assert (part == again).all() and (top, bottom) == (200, 240)


@pytest.mark.parametrize("window", [(2214, 1660), (3000, 2000), (4500, 3400), (1920, 1080),
                                    (2560, 1440), (1476, 830), (800, 600)])
@pytest.mark.parametrize("frame", [COLOUR, MONO])
def test_integer_pictures_are_4_by_3_whole_factors_or_the_sharp_picture(
        window: tuple[int, int], frame: tuple[int, int]) -> None:
    x, y, w, h = picture_rect(window, frame, "integer")
    factors = integer_factors(window, frame)
    if factors is None:
        assert (x, y, w, h) == picture_rect(window, frame, "sharp")
    else:
        assert (w, h) == (frame[0] * factors[0], frame[1] * factors[1])
        assert (x, y) == ((window[0] - w) // 2, (window[1] - h) // 2)
    assert abs(w * 3 / (h * 4) - 1) <= ASPECT_SLACK
    assert w <= window[0] and h <= window[1]
