"""YZ's files in the program's store: the settings (``YZ.INI``) and the scoreboard
(``YZ.SCR``).  The formats are in ``scoreboard``; this module only reads and writes them,
and reports what went wrong in a sentence a player can read."""

from __future__ import annotations

from retro.games.yz.layout import SCHEMES, SPEEDS
from retro.games.yz.rules import Game, Rules
from retro.games.yz.scoreboard import (
    BOARD_FILE,
    SETTINGS_FILE,
    Scoreboard,
    Settings,
    dump_board,
    dump_settings,
    parse_board,
    parse_settings,
)
from retro.store import Loaded, Store


def load_settings(store: Store | None) -> Settings:
    """The remembered Colors and Dice Speed (the defaults if there are none)."""
    if store is None:
        return Settings()
    loaded = store.load(SETTINGS_FILE, parse_settings)
    if loaded is not None and loaded.scheme < len(SCHEMES) and loaded.speed < len(SPEEDS):
        return loaded
    return Settings()


def save_settings(store: Store | None, settings: Settings) -> str | None:
    """Remember the settings; returns why it failed (a sentence), or None."""
    if store is None or store.save(SETTINGS_FILE, dump_settings(settings)):
        return None
    return f"Could not save the settings: {store.problem_reason(SETTINGS_FILE)}."


def _damage(loaded: Loaded[Scoreboard]) -> str:
    """A damaged scoreboard in a few words for a pop-up (the store's own notice, which
    names the folder, has reached ``m.notice`` already: it is not given a second time)."""
    kept = f"kept as {loaded.aside.name}" if loaded.aside else "left where it was"
    return f"{loaded.reason}; {kept}."


def load_board(store: Store | None) -> tuple[Scoreboard, str | None]:
    """The scoreboard, and what was wrong with the file if it was damaged."""
    if store is None:
        return Scoreboard(), None
    loaded = store.load_result(BOARD_FILE, parse_board)
    return loaded.value or Scoreboard(), _damage(loaded) if loaded.damaged else None


def record_game(store: Store | None, game: Game, rules: Rules,
                yz_count: list[int]) -> tuple[str | None, str | None]:
    """Add a finished game to the scoreboard (under the store's lock).

    Returns (what was wrong with the old file if it was damaged, why saving failed).
    """
    if store is None:
        return None, None
    totals = [c.total(rules) for c in game.cards]
    winner = game.winner()

    def change(board: Scoreboard | None) -> Scoreboard:
        board = board or Scoreboard()
        for p, name in enumerate(game.players):
            board = board.add(name, totals[p], won=winner == p, yz=yz_count[p])
        return board

    result = store.update_result(BOARD_FILE, parse_board, change, dump_board)
    failed = None if result.saved else f"The scoreboard could not be saved: {result.reason}."
    return (_damage(result.loaded) if result.loaded.damaged else None), failed
