"""What every game does the same way, because every game is built on the retro.ui kit."""

from __future__ import annotations

import pytest

from retro.script import run

#: Games whose screens are not yet built on the kit: these tests are expected to fail for
#: them (strictly: a game that starts passing must be taken out of this set).
NOT_YET_ON_THE_KIT = {"yucky", "pigpoker", "sixtysix", "checkers", "yz"}


def _game(name: str, letters: str):
    marks = [pytest.mark.xfail(strict=True, reason="screens not yet on retro.ui")] \
        if name in NOT_YET_ON_THE_KIT else []
    return pytest.param(name, letters, marks=marks, id=name)


#: Each game with its start letters: the start-up show skipped, so the first screen is play.
GAMES = [_game("yucky", "*"), _game("pigpoker", "*"), _game("sixtysix", "*"),
         _game("checkers", "*"), _game("yz", "*")]
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
    turned = run(game, letters=letters, seed=3, keys="F5 PGDN").screen
    assert _find_page(turned, 2), f"{game}: PgDn did not turn to page 2"
    back = run(game, letters=letters, seed=3, keys="F5 PGDN PGUP").screen
    assert _find_page(back, 1)


@pytest.mark.parametrize(("game", "letters"),
                         [g for g in GAMES if g.values[0] in WITH_BORDER_KEY])
def test_f10_inside_the_help_changes_the_border(game: str, letters: str) -> None:
    before = run(game, letters=letters, seed=3, keys="F5").screen.border
    after = run(game, letters=letters, seed=3, keys="F5 F10")
    assert after.screen.border != before
    assert _find_page(after.screen, 1), f"{game}: F10 closed the help"
