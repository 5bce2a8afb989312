"""The saved game (F1): a small JSON file, written whole and read back with checks.

A file that cannot be read, or holds a value the game cannot have saved (a speed, level,
colour or border out of range, an impossible board), raises ``ValueError`` from ``parse``,
so the store moves it aside and the player starts fresh without losing the file.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field, replace
from typing import Any

from retro.games.checkers import rules as R
from retro.store import schema as S

SAVE_NAME = "CHECKERS.SAV"
FORMAT = 1


#: The schema's ranges.  The screen's delay table (``draw.SPEEDS``) must agree; a test
#: checks it does.
SPEED_STEPS = 6
#: The piece colours a saved game may hold, in the order F6/F9 cycle through them (the
#: screen uses this table).  The game turns blinking off, so all sixteen colours can be
#: backgrounds; 2 (green) and 7 (grey) are the board's own.
PIECE_COLOURS = (0, 15, 4, 12, 14, 6, 1, 9, 5, 13, 3, 11, 8)
BORDER_COLOURS = range(16)
LEVELS = (1, 9)
PLAYER_KINDS = ("keyboard", "computer")
#: Far more than any game lasts (two players shuffling kings for days); a longer history is
#: not a saved game.
MAX_HISTORY = 100_000
MAX_QUIET = MAX_HISTORY


@dataclass
class Settings:
    """What the player chose with the function keys; kept with the saved game."""

    players: dict[str, str] = field(default_factory=lambda: {"B": "keyboard", "W": "computer"})
    level: int = 3
    speed: int = 2                  # index into ui.SPEEDS
    colours: dict[str, int] = field(default_factory=lambda: {"B": 0, "W": 15})
    border: int = 0
    sound: bool = True

    def to_json(self) -> dict[str, Any]:
        return {"players": dict(self.players), "level": self.level, "speed": self.speed,
                "colours": dict(self.colours), "border": self.border, "sound": self.sound}

    @classmethod
    def from_json(cls, data: Any) -> Settings:
        """Settings from the file, every field checked (``SchemaError`` names a bad one)."""
        data = S.mapping_value(data, "settings")
        S.keys(data, ("players", "level", "speed", "colours", "border", "sound"), "settings.")
        players = S.mapping_value(data["players"], "settings.players")
        S.keys(players, (R.BLACK, R.WHITE), "settings.players.")
        colours = S.mapping_value(data["colours"], "settings.colours")
        S.keys(colours, (R.BLACK, R.WHITE), "settings.colours.")
        s = cls(players={c: S.one_of(players[c], f"settings.players.{c}", PLAYER_KINDS)
                         for c in (R.BLACK, R.WHITE)},
                level=S.integer(data, "level", *LEVELS, where="settings."),
                speed=S.integer(data, "speed", 0, SPEED_STEPS - 1, where="settings."),
                colours={c: S.one_of(colours[c], f"settings.colours.{c}", PIECE_COLOURS)
                         for c in (R.BLACK, R.WHITE)},
                border=S.integer(data, "border", BORDER_COLOURS.start,
                                 BORDER_COLOURS.stop - 1, where="settings."),
                sound=S.boolean(data, "sound", where="settings."))
        S.check(s.colours[R.BLACK] != s.colours[R.WHITE],
                "settings.colours gives both sides the same colour")
        return s


@dataclass
class Saved:
    game: R.Game
    settings: Settings
    quiet: int = 0          # plies since the last capture or man move


def dump(saved: Saved) -> bytes:
    g = saved.game
    o = g.options
    data = {
        "format": FORMAT,
        "fen": R.to_fen(g),
        "options": {"rows": o.rows, "cols": o.cols, "variant": o.variant,
                    "take_one": o.take_one, "seven_eleven": o.seven_eleven, "lite": o.lite,
                    "game_point": o.game_point},
        "history": list(g.history),
        "draw_watch": (None if g.draw_watch is None else
                       [g.draw_watch.refuser, g.draw_watch.bar, g.draw_watch.count]),
        "quiet": saved.quiet,
        "settings": saved.settings.to_json(),
    }
    return (json.dumps(data, indent=1) + "\n").encode("ascii")


def parse(raw: bytes) -> Saved:
    """Read a saved game, checking every field; any problem is a ``ValueError`` naming it."""
    data = S.json_object(raw)
    S.keys(data, ("format", "fen", "options", "history", "draw_watch", "quiet", "settings"))
    S.check(data["format"] == FORMAT and type(data["format"]) is int,
            f"unknown save format {str(data['format'])[:10]!r}")
    options = _options(data["options"])
    try:
        game = R.parse_fen(S.string(data, "fen", max_len=400))
    except R.FenError as err:
        raise S.SchemaError(f"the position cannot be read ({err})") from None
    S.check((game.options.rows, game.options.cols, game.options.variant) ==
            (options.rows, options.cols, options.variant),
            "the position does not match the saved options")
    _check_armies(game, options)
    history = S.list_value(data["history"], "history", MAX_HISTORY)
    moves = tuple(S.string_value(h, "a history move", 80, r"[0-9xX\-]+") for h in history)
    game = replace(game, options=options, history=moves,
                   draw_watch=_draw_watch(data["draw_watch"]))
    S.check(not game.over, "the saved game is already finished")
    return Saved(game, Settings.from_json(data["settings"]),
                 S.integer(data, "quiet", 0, MAX_QUIET))


def _options(value: Any) -> R.Options:
    data = S.mapping_value(value, "options")
    S.keys(data, ("rows", "cols", "variant", "take_one", "seven_eleven", "lite", "game_point"),
           "options.")
    try:
        return R.Options(rows=S.integer(data, "rows", 6, 8, "options."),
                         cols=S.integer(data, "cols", 6, 8, "options."),
                         variant=S.one_of(data["variant"], "options.variant", R.VARIANTS),
                         take_one=S.boolean(data, "take_one", "options."),
                         seven_eleven=S.boolean(data, "seven_eleven", "options."),
                         lite=S.boolean(data, "lite", "options."),
                         game_point=S.integer(data, "game_point", 0, 10_000, "options."))
    except R.OptionsError as err:
        raise S.SchemaError(f"the saved options cannot be played ({err})") from None


def _check_armies(game: R.Game, options: R.Options) -> None:
    """No side has more pieces than it starts with or none while the other is to move, and
    no score beats all the weight."""
    army = R.start_army_size(options.rows, options.cols, options.take_one)
    for color in (R.BLACK, R.WHITE):
        men, kings = game.position.count(color)
        name = "Black" if color == R.BLACK else "White"
        S.check(men + kings <= army, f"{name} has {men + kings} pieces; a side starts with "
                f"{army}")
        # A side left with nothing lost when its turn came: it cannot be waiting now.
        S.check(men + kings > 0 or color == game.turn, f"{name} has no pieces left")
    total = R.total_start_weight(options.rows, options.cols, options.take_one)
    S.check(all(0 <= s <= total for s in game.scores),
            f"the scores {game.scores} are more than all the weight on the board")


def _draw_watch(value: Any) -> R.DrawWatch | None:
    if value is None:
        return None
    watch = S.list_value(value, "draw_watch", 3)
    S.check(len(watch) == 3, "draw_watch should hold three values")
    return R.DrawWatch(S.one_of(watch[0], "draw_watch refuser", (R.BLACK, R.WHITE)),
                       S.integer_value(watch[1], "draw_watch bar", -1_000_000, 1_000_000),
                       S.integer_value(watch[2], "draw_watch count", 0, 100))
