"""What every game does the same way, because every game is built on the retro.ui kit."""

from __future__ import annotations

import pytest

from retro.frontends.script import run

#: Each game with its start letters: the start-up show skipped, so the first screen is play.
GAMES = [pytest.param(name, "*", id=name)
         for name in ("yucky", "pigpoker", "sixtysix", "checkers", "yz")]
#: The games whose manuals give F10 the border colour (YZ is a Windows program).
WITH_BORDER_KEY = {"yucky", "pigpoker", "sixtysix", "checkers"}


def _find_page(screen, number: int) -> bool:
    return any(f"Page {number} of" in screen.read(row) for row in range(25))


@pytest.mark.parametrize(("game", "letters"), GAMES)
def test_f5_then_esc_gives_back_the_same_screen_bytes(game: str, letters: str) -> None:
    before = run(game, letters=letters, seed=3)
    inside = run(game, letters=letters, seed=3, keys="F5")
    assert _find_page(inside.screen, 1), f"{game}: F5 shows no help page"
    after = run(game, letters=letters, seed=3, keys="F5 ESC")
    assert after.screen.to_bytes() == before.screen.to_bytes()
    assert (after.screen.cursor, after.screen.border, after.screen.blink) == (
        before.screen.cursor, before.screen.border, before.screen.blink)


@pytest.mark.parametrize(("game", "letters"), GAMES)
def test_pgdn_turns_the_help_page(game: str, letters: str) -> None:
    # Keep each run alive while its screen is read: a collected run closes the program,
    # and its help pop-up gives the screen back as it closes.
    turned = run(game, letters=letters, seed=3, keys="F5 PGDN")
    assert _find_page(turned.screen, 2), f"{game}: PgDn did not turn to page 2"
    back = run(game, letters=letters, seed=3, keys="F5 PGDN PGUP")
    assert _find_page(back.screen, 1)


@pytest.mark.parametrize(("game", "letters"),
                         [g for g in GAMES if g.values[0] in WITH_BORDER_KEY])
def test_f10_inside_the_help_changes_the_border(game: str, letters: str) -> None:
    before = run(game, letters=letters, seed=3, keys="F5").screen.border
    after = run(game, letters=letters, seed=3, keys="F5 F10")
    assert after.screen.border != before
    assert _find_page(after.screen, 1), f"{game}: F10 closed the help"
