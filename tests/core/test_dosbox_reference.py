"""Pixel-exact agreement with DOSBox 0.74's screenshots of known screens.

Each case in ``../shared/reference/dosbox/`` is a 4000-byte B800 image, its settings and
DOSBox's own Ctrl+F5 PNGs.  ``machine=vgaonly`` shots are 720x400 with 9-dot cells and
must match our render with zero differing pixels, compared by palette index (DOSBox passes
its colours through RGB565, so 0000AA is stored as 0000AD).  ``svga_s3`` shots use 8-dot
cells: they must equal our render with the 9th column of every cell dropped.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

import numpy as np
import pytest

from retro.pc.screen import Screen
from retro.pictures.png import read_png
from retro.pictures.raster import (
    DOSBOX_VGAONLY_PALETTE,
    VGA_PALETTE,
    Raster,
    render_indices,
    to_indices,
)
from retro.screenfiles.screenfile import render_file

DOSBOX = Path(__file__).resolve().parents[2] / ".." / "shared" / "reference" / "dosbox"


def _shots() -> list[tuple[str, str]]:
    if not DOSBOX.is_dir():
        return []
    shots = []
    for case in sorted(DOSBOX.glob("*.json")):
        info = json.loads(case.read_text())
        shots.extend((case.stem, name) for name in info.get("screenshots", {}))
    return shots


SHOTS = _shots()
VGAONLY = [(case, shot) for case, shot in SHOTS if ".svga_s3" not in shot]
SVGA = [(case, shot) for case, shot in SHOTS if ".svga_s3" in shot]
needs_reference = pytest.mark.skipif(not SHOTS, reason=f"DOSBox reference not found at {DOSBOX}")


def _case(case: str, shot: str) -> tuple[Screen, bool, dict]:
    """The screen of a case with its settings, and the blink phase the shot caught."""
    info = json.loads((DOSBOX / f"{case}.json").read_text())
    screen = Screen.from_bytes((DOSBOX / info["bin"]["file"]).read_bytes())
    screen.blink = info["blink"]
    screen.border = info["border_overscan_colour"] or 0
    phase = info["screenshots"][shot].get("blink_phase", "on")
    return screen, not phase.startswith("off"), info


@cache
def _dosbox(shot: str) -> np.ndarray:
    """DOSBox's screenshot as palette indices (read once per test session)."""
    palette = VGA_PALETTE if ".svga_s3" in shot else DOSBOX_VGAONLY_PALETTE
    indices = to_indices(read_png(DOSBOX / shot), palette)
    indices.flags.writeable = False
    return indices


def _differences(got: np.ndarray, want: np.ndarray) -> str:
    ys, xs = np.nonzero(got != want)
    cells = sorted({(int(y) // 16, int(x) // 9) for y, x in zip(ys, xs, strict=True)})
    return f"{len(ys)} pixels differ, in cells (row, col) {cells[:20]}"


def test_every_reference_case_is_covered() -> None:
    if not SHOTS:
        pytest.skip(f"DOSBox reference not found at {DOSBOX}")
    cases = {case for case, _shot in VGAONLY}
    assert len(cases) == 7
    assert ("attr-chart", "attr-chart.blink-off.png") in VGAONLY


@needs_reference
@pytest.mark.parametrize(("case", "shot"), VGAONLY)
def test_render_command_matches_dosbox_vgaonly(case: str, shot: str, tmp_path: Path) -> None:
    """``retro render NAME.bin`` (case settings, no border band) == DOSBox, by index."""
    screen, blink_on, info = _case(case, shot)
    out = tmp_path / "out.png"
    render_file(DOSBOX / info["bin"]["file"], out, border=screen.border, blink=screen.blink,
                blink_phase_on=blink_on, border_band=False)
    got = to_indices(read_png(out), VGA_PALETTE)
    want = _dosbox(shot)
    assert got.shape == want.shape == (400, 720)
    assert np.count_nonzero(got != want) == 0, _differences(got, want)


@needs_reference
@pytest.mark.parametrize(("case", "shot"), VGAONLY)
def test_index_renderer_matches_dosbox_vgaonly(case: str, shot: str) -> None:
    screen, blink_on, _info = _case(case, shot)
    want = _dosbox(shot)
    got = render_indices(screen, blink_on=blink_on)
    assert np.count_nonzero(got != want) == 0, _differences(got, want)


@needs_reference
def test_incremental_raster_matches_dosbox_through_a_sequence() -> None:
    """One Raster drawing every case in turn (only changed cells each time) stays exact."""
    raster = Raster(border_band=False)
    for case, shot in [*VGAONLY, *reversed(VGAONLY)]:
        screen, blink_on, _info = _case(case, shot)
        got = to_indices(raster.render(screen, blink_on=blink_on), VGA_PALETTE)
        want = _dosbox(shot)
        assert np.count_nonzero(got != want) == 0, f"{shot}: {_differences(got, want)}"


@needs_reference
@pytest.mark.parametrize(("case", "shot"), SVGA)
def test_eight_dot_render_matches_dosbox_svga_s3(case: str, shot: str) -> None:
    screen, blink_on, _info = _case(case, shot)
    nine = render_indices(screen, blink_on=blink_on)
    eight = nine.reshape(400, 80, 9)[:, :, :8].reshape(400, 640)
    want = _dosbox(shot)  # svga_s3 keeps 00/55/AA/FF
    assert np.count_nonzero(eight != want) == 0, _differences(eight, want)


@needs_reference
def test_dosbox_border_shots_have_no_band_but_ours_can() -> None:
    screen, _on, _info = _case("border-blue", "border-blue.png")
    assert screen.border == 1
    with_band = render_indices(screen, border_band=True)
    assert with_band.shape == (415, 738)
    assert with_band[0, 0] == 1 and with_band[-1, -1] == 1
