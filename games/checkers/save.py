"""The saved game (F1): a small JSON file, written whole and read back with checks.

A file that cannot be read raises ``ValueError`` from ``parse``, so the store moves it aside
and the player starts fresh without losing the file.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field, replace
from typing import Any

from retro.games.checkers import rules as R

SAVE_NAME = "CHECKERS.SAV"
FORMAT = 1


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
    def from_json(cls, data: dict[str, Any]) -> Settings:
        s = cls(players={k: str(v) for k, v in data["players"].items()},
                level=int(data["level"]), speed=int(data["speed"]),
                colours={k: int(v) for k, v in data["colours"].items()},
                border=int(data["border"]), sound=bool(data["sound"]))
        if set(s.players) != {"B", "W"} or not set(s.players.values()) <= {"keyboard",
                                                                              "computer"}:
            raise ValueError("bad players")
        if not 1 <= s.level <= 9 or set(s.colours) != {"B", "W"}:
            raise ValueError("bad level or colours")
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
    """Read a saved game; any problem is a ``ValueError`` naming it."""
    try:
        data = json.loads(raw.decode("ascii"))
        if data.get("format") != FORMAT:
            raise ValueError(f"unknown save format {data.get('format')!r}")
        options = R.Options(**data["options"])
        game = R.parse_fen(data["fen"])
        if (game.options.rows, game.options.cols, game.options.variant) != \
                (options.rows, options.cols, options.variant):
            raise ValueError("the position does not match the saved options")
        watch = data["draw_watch"]
        game = replace(game, options=options, history=tuple(str(h) for h in data["history"]),
                       draw_watch=None if watch is None else R.DrawWatch(str(watch[0]),
                                                                         int(watch[1]),
                                                                         int(watch[2])))
        if game.over:
            raise ValueError("the saved game is already finished")
        return Saved(game, Settings.from_json(data["settings"]), int(data.get("quiet", 0)))
    except (KeyError, TypeError, IndexError, AttributeError) as err:
        raise ValueError(f"missing or wrong field ({err})") from err
