"""The golden report's difference picture: the changed cells stand out.

Changed cells keep the actual screen's pixels, every other cell is dimmed to ``DIM``, and an
outline in ``OUTLINE`` runs just outside each changed area; a change of a look the VGA
cannot show (dim, italic...) is outlined as any other.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

from retro.pc.font import CELL_WIDTH
from retro.pc.screen import Screen
from retro.pictures.png import decode_png
from retro.pictures.raster import render_rgb
from retro.screenfiles.dump import DIM as DIM_LOOK
from retro.testing.golden_report import (
    DIM,
    OUTLINE,
    OUTLINE_WIDTH,
    difference_picture,
    record_failure,
    write_index,
)

HEIGHT = 16   # a colour screen's cell


def screens() -> tuple[Screen, Screen]:
    expected, actual = Screen(), Screen()
    for screen in (expected, actual):
        screen.fill(0, 0, 25, 80, "#", 0x1F)
    actual.put(10, 20, "new", 0x4E)           # cells (10, 20)-(10, 22) change
    return expected, actual


def cells(picture: np.ndarray, row: int, col: int, width: int = 1) -> np.ndarray:
    return picture[row * HEIGHT:(row + 1) * HEIGHT, col * CELL_WIDTH:(col + width) * CELL_WIDTH]


def test_changed_cells_keep_the_actual_pixels_undimmed() -> None:
    expected, actual = screens()
    picture = difference_picture(expected, actual)
    shown = render_rgb(actual, border_band=False)
    inner = slice(OUTLINE_WIDTH, -OUTLINE_WIDTH)
    assert np.array_equal(cells(picture, 10, 20, 3)[inner, inner],
                          cells(shown, 10, 20, 3)[inner, inner])


def test_unchanged_cells_are_dimmed() -> None:
    expected, actual = screens()
    picture = difference_picture(expected, actual)
    shown = render_rgb(actual, border_band=False).astype(np.float32)
    far = cells(picture, 0, 0, 10).astype(np.float32)
    assert np.allclose(far, np.floor(cells(shown, 0, 0, 10) * DIM), atol=1)
    assert DIM <= 0.5 and cells(shown, 0, 0, 10).max() > 2 * far.max()


def test_an_outline_runs_just_outside_each_side_of_the_changed_area() -> None:
    expected, actual = screens()
    picture = difference_picture(expected, actual)
    outline = np.all(picture == OUTLINE, axis=2)
    top, left = 10 * HEIGHT, 20 * CELL_WIDTH
    bottom, right = top + HEIGHT, left + 3 * CELL_WIDTH
    w = OUTLINE_WIDTH
    assert outline[top - w:top, left:right].all() and outline[bottom:bottom + w, left:right].all()
    assert outline[top:bottom, left - w:left].all() and outline[top:bottom, right:right + w].all()
    ys, xs = np.nonzero(outline)
    assert (ys.min(), ys.max(), xs.min(), xs.max()) == (top - w, bottom + w - 1,
                                                          left - w, right + w - 1)


def test_a_change_of_look_alone_is_outlined() -> None:
    expected, actual = screens()
    actual = expected.copy()
    actual.styles = {(5, 5): DIM_LOOK}
    outline = np.all(difference_picture(expected, actual) == OUTLINE, axis=2)
    assert outline[5 * HEIGHT - 1, 5 * CELL_WIDTH] and outline.sum() > 0


def test_a_failure_writes_three_pictures_and_the_diff_lines(tmp_path: Path) -> None:
    expected, actual = screens()
    entry = record_failure(tmp_path, "tests/test_a.py::test_a", "golden/a.txt", expected,
                           actual)
    assert sorted(entry["files"]) == ["actual", "difference", "expected"]
    assert entry["lines"][0] == "3 changed cells in 1 row"
    difference = decode_png((tmp_path / entry["files"]["difference"]).read_bytes())
    assert np.array_equal(difference, difference_picture(expected, actual))


def test_a_change_at_the_screens_corner_is_outlined_inside_the_picture() -> None:
    expected = Screen()
    actual = expected.copy()
    actual.put(24, 79, "X", 0x4E)
    outline = np.all(difference_picture(expected, actual) == OUTLINE, axis=2)
    w = OUTLINE_WIDTH
    assert outline[-w:, -CELL_WIDTH:].all() and outline[-HEIGHT:, -w:].all()
    assert outline[-HEIGHT - w:-HEIGHT, -CELL_WIDTH:].all()


def test_every_picture_is_the_screen_alone_without_the_border_band(tmp_path: Path) -> None:
    expected, actual = screens()
    expected.border = actual.border = 0x04
    folder = tmp_path / "report" / "pictures"          # a folder whose parent is new too
    entry = record_failure(folder, "t::a", "golden/a.txt", expected, actual)
    shapes = {decode_png((folder / name).read_bytes()).shape for name in entry["files"].values()}
    assert shapes == {render_rgb(actual, border_band=False).shape}


def test_the_index_shows_the_actual_screen_where_there_is_no_golden_yet(tmp_path: Path) -> None:
    _, actual = screens()
    folder = tmp_path / "index" / "here"
    entry = record_failure(folder, "t::new", "golden/new.txt", None, actual)
    assert sorted(entry["files"]) == ["actual"]
    page = write_index(folder, [entry], compared=1).read_text()
    assert page.count("<img") == 1 and "actual screen" in page and "no golden file yet" in page
    assert "failing of 1 compared" in page and "Every screen matched" not in page


def test_an_index_with_no_failures_says_every_screen_matched(tmp_path: Path) -> None:
    page = write_index(tmp_path / "run" / "report", [], compared=7).read_text()
    assert "Every screen matched" in page and "0 failing of 7 compared" in page
