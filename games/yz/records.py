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
from retro.store import Store


def load_settings(store: Store | None) -> Settings:
    """The remembered Colors and Dice Speed (the defaults if there are none)."""
    if store is None:
        return Settings()
    loaded = store.load(SETTINGS_FILE, parse_settings)
    if loaded is not None and loaded.scheme < len(SCHEMES) and loaded.speed < len(SPEEDS):
        return loaded
    return Settings()


def save_settings(store: Store | None, settings: Settings) -> str | None:
    """Remember the settings; returns why it failed, or None."""
    if store is None:
        return None
    try:
        store.save(SETTINGS_FILE, dump_settings(settings))
    except OSError as err:
        return f"The settings could not be saved: {err}."
    return None


def _new_notice(store: Store, before: str | None) -> str | None:
    """The store's notice if it gave a new one (it has reached ``m.notice`` already, so
    it is shown on screen here, never passed on a second time)."""
    notice = store.last_notice
    return notice if notice and notice != before else None


def load_board(store: Store | None) -> tuple[Scoreboard, str | None]:
    """The scoreboard, and the store's notice if the file was unreadable and moved aside."""
    if store is None:
        return Scoreboard(), None
    before = store.last_notice
    board = store.load(BOARD_FILE, parse_board) or Scoreboard()
    return board, _new_notice(store, before)


def record_game(store: Store | None, game: Game, rules: Rules,
                yz_count: list[int]) -> tuple[str | None, str | None]:
    """Add a finished game to the scoreboard (under the store's lock).

    Returns (the store's notice if the old file was unreadable, why saving failed).
    """
    if store is None:
        return None, None
    totals = [c.total(rules) for c in game.cards]
    winner = game.winner()
    before = store.last_notice

    def change(board: Scoreboard | None) -> Scoreboard:
        board = board or Scoreboard()
        for p, name in enumerate(game.players):
            board = board.add(name, totals[p], won=winner == p, yz=yz_count[p])
        return board

    failed = None
    try:
        store.update(BOARD_FILE, parse_board, change, dump_board)
    except OSError as err:
        failed = f"The scoreboard could not be saved: {err}."
    return _new_notice(store, before), failed
