"""The side panel keeps inside its frames with every board size and every option."""

from __future__ import annotations

import itertools
from pathlib import Path

from retro.frontends.script import run
from retro.games.checkers import rules as R
from retro.games.checkers.draw import MOVES_LINES, MOVES_TOP, PANEL_COL, PANEL_W

#: The new-game keys: R and C switch the size, V steps the game, T L 7 toggle, - the point.
VARIANT_PRESSES = {R.STANDARD: 0, R.WECKERS: 1, R.WECKERS_TWO: 2}


def _combinations() -> list[tuple[str, R.Options]]:
    """Every size, game and option the new-game screen allows: (keys, options)."""
    out = []
    for rows, cols, variant, take_one, lite, seven in itertools.product(
            (6, 8), (6, 8), R.VARIANTS, (False, True), (False, True), (False, True)):
        if (lite and variant == R.STANDARD) or (seven and variant != R.WECKERS):
            continue
        keys = ["R"] * (rows == 6) + ["C"] * (cols == 6) + ["V"] * VARIANT_PRESSES[variant]
        keys += ["T"] * take_one + ["L"] * lite + ["7"] * seven
        opts = R.Options(rows, cols, variant, take_one=take_one, lite=lite,
                         seven_eleven=seven)
        if variant != R.WECKERS_TWO:
            out.append((" ".join(keys), opts))
            continue
        # The smallest and the largest game point: "-" steps down and wraps to the top.
        steps_to_ten = opts.game_point // 10 - 1
        for presses in (steps_to_ten, steps_to_ten + 1):
            out.append((" ".join(keys + ["-"] * presses), opts))
    return out


def _frame_faults(screen: object, top: int, height: int, corners: str, side: str) -> list[str]:
    read = screen.read  # type: ignore[attr-defined]
    left, right = PANEL_COL, PANEL_COL + PANEL_W - 1
    faults = []
    if read(top, left, 1) + read(top, right, 1) != corners[:2]:
        faults.append(f"row {top}: top corners")
    if read(top + height - 1, left, 1) + read(top + height - 1, right, 1) != corners[2:]:
        faults.append(f"row {top + height - 1}: bottom corners")
    for row in range(top + 1, top + height - 1):
        if read(row, left, 1) != side or read(row, right, 1) != side:
            faults.append(f"row {row}: {read(row, left, PANEL_W)!r}")
    return faults


def test_side_panel_text_fits_its_frame_with_every_combination_of_options(
        tmp_path: Path) -> None:
    combos = _combinations()
    assert len(combos) == 4 * (2 + 8 + 4 * 2)        # every size, game, option, point
    for keys, opts in combos:
        result = run("checkers", seed=1, keys=keys + " ENTER", home=tmp_path)
        state = result.state
        assert (state["rows"], state["cols"], state["variant"]) == \
            (opts.rows, opts.cols, opts.variant), keys
        assert (state["options"]["take_one"], state["options"]["lite"],
                state["options"]["seven_eleven"]) == \
            (opts.take_one, opts.lite, opts.seven_eleven), keys
        assert state["phase"] == "input", keys
        screen = result.screen
        faults = _frame_faults(screen, 1, 7, "╔╗╚╝", "║")
        faults += _frame_faults(screen, MOVES_TOP, MOVES_LINES + 2, "┌┐└┘", "│")
        assert not faults, (keys, faults)
        if opts.variant == R.WECKERS_TWO:
            assert f" {state['options']['game_point']}" in screen.read(2, PANEL_COL, PANEL_W)
