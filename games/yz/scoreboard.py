"""The scoreboard and settings files: statistics by initials, colours and dice speed.

``YZ.SCR`` is plain text, one player a line after a header::

    YZ SCOREBOARD 1
    ABC 12 7 301 2890 3      initials, games, wins, high score, total points, YZs

``YZ.INI`` keeps the colour scheme and dice speed as ``key=value`` lines.  A parser raises
``ValueError`` on anything it does not understand or that no game can leave (a record that
does not add up, a scheme or speed the menu does not have), so the store moves the file
aside and says so instead of losing or misreading a player's record.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from retro.store import schema as S

BOARD_FILE = "YZ.SCR"
SETTINGS_FILE = "YZ.INI"
BOARD_HEADER = "YZ SCOREBOARD 1"


@dataclass(frozen=True)
class Stats:
    """One player's record."""

    games: int = 0
    wins: int = 0
    high: int = 0
    total: int = 0
    yz: int = 0

    @property
    def average(self) -> float:
        return self.total / self.games if self.games else 0.0


@dataclass(frozen=True)
class Scoreboard:
    """Everyone's record, by initials."""

    players: dict[str, Stats] = field(default_factory=dict)

    def add(self, initials: str, score: int, won: bool, yz: int) -> Scoreboard:
        """The board with one more finished game for ``initials``."""
        old = self.players.get(initials, Stats())
        new = replace(old, games=old.games + 1, wins=old.wins + int(won),
                      high=max(old.high, score), total=old.total + score, yz=old.yz + yz)
        return Scoreboard({**self.players, initials: new})

    def ranked(self) -> list[tuple[str, Stats]]:
        """Most wins first, then best average, then initials."""
        return sorted(self.players.items(),
                      key=lambda item: (-item[1].wins, -item[1].average, item[0]))


#: The schema's limits.  The best possible game: every box at its top plus twelve YZ
#: bonuses and the upper bonus; at most 13 YZs a game.
MAX_GAME_SCORE = 1575
MAX_YZ_PER_GAME = 13
MAX_GAMES = 10_000_000
INITIALS = r"[A-Z0-9]{1,3}"


def parse_board(data: bytes) -> Scoreboard:
    lines = S.text(data).splitlines()
    if not lines or lines[0].strip() != BOARD_HEADER:
        raise S.SchemaError("it does not start with the scoreboard header")
    players: dict[str, Stats] = {}
    for number, line in enumerate(lines[1:], start=2):
        if not line.strip():
            continue
        parts = line.split()
        S.check(len(parts) == 6, f"line {number} is not a player's record")
        initials = S.string_value(parts[0], f"the initials on line {number}", 3, INITIALS)
        S.check(initials not in players, f"line {number} repeats the player {initials}")
        games, wins, high, total, yz = (
            S.number_text(p, f"line {number}: {what}", 0, limit)
            for p, what, limit in zip(parts[1:], ("games", "wins", "high score", "points",
                                                  "YZs"),
                                      (MAX_GAMES, MAX_GAMES, MAX_GAME_SCORE,
                                       MAX_GAMES * MAX_GAME_SCORE, MAX_GAMES * MAX_YZ_PER_GAME),
                                      strict=True))
        S.check(wins <= games and high <= total <= games * MAX_GAME_SCORE
                and yz <= games * MAX_YZ_PER_GAME and high * games >= total,
                f"line {number} ({initials}) does not add up")
        players[initials] = Stats(games, wins, high, total, yz)
    return Scoreboard(players)


def dump_board(board: Scoreboard) -> bytes:
    lines = [BOARD_HEADER]
    for ini, st in sorted(board.players.items()):
        lines.append(f"{ini} {st.games} {st.wins} {st.high} {st.total} {st.yz}")
    return ("\n".join(lines) + "\n").encode("ascii")


@dataclass(frozen=True)
class Settings:
    """What the OPTIONS menu remembers: colour scheme and dice speed (indexes)."""

    scheme: int = 0
    speed: int = 1


#: How many colour schemes and dice speeds the OPTIONS menu offers (``ui.SCHEMES`` and
#: ``ui.SPEEDS`` must agree; a test checks they do).
SCHEME_COUNT = 5
SPEED_COUNT = 3


def parse_settings(data: bytes) -> Settings:
    values: dict[str, int] = {}
    limits = {"colors": SCHEME_COUNT - 1, "speed": SPEED_COUNT - 1}
    for line in S.text(data).splitlines():
        if not line.strip():
            continue
        key, sep, value = (part.strip() for part in line.partition("="))
        S.check(bool(sep) and key in limits and key not in values,
                f"unexpected line {line[:30]!r}")
        values[key] = S.number_text(value, key, 0, limits[key])
    S.keys(values, limits)  # the game always writes both
    return Settings(scheme=values["colors"], speed=values["speed"])


def dump_settings(settings: Settings) -> bytes:
    return f"colors={settings.scheme}\nspeed={settings.speed}\n".encode("ascii")
