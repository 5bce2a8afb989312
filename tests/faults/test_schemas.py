"""The save files' schemas state ranges that the screens' own tables must agree with."""

from __future__ import annotations

from retro.games.checkers import save as checkers_save
from retro.games.checkers import ui as checkers_ui
from retro.games.yz import scoreboard
from retro.games.yz import ui as yz_ui


def test_checkers_schema_matches_the_speed_steps_and_piece_colours() -> None:
    assert len(checkers_ui.SPEEDS) == checkers_save.SPEED_STEPS
    assert checkers_ui.PIECE_COLOURS is checkers_save.PIECE_COLOURS    # one table, not two


def test_yz_settings_schema_matches_the_options_menu() -> None:
    assert len(yz_ui.SCHEMES) == scoreboard.SCHEME_COUNT
    assert len(yz_ui.SPEEDS) == scoreboard.SPEED_COUNT


def test_every_setting_the_checkers_keys_can_reach_is_saved_and_read_back() -> None:
    from dataclasses import replace

    from savefiles import CHECKERS

    saved = checkers_save.parse(CHECKERS.valid)
    reachable = ([{"speed": n} for n in range(len(checkers_ui.SPEEDS))]
                 + [{"border": n} for n in range(16)]
                 + [{"colours": {"B": c, "W": 15 if c != 15 else 0}}
                    for c in checkers_ui.PIECE_COLOURS])
    for change in reachable:
        settings = replace(saved.settings, **change)
        again = checkers_save.parse(checkers_save.dump(replace(saved, settings=settings)))
        assert again.settings == settings
