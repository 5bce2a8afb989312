"""The scoreboard and settings files: statistics by initials, colours and dice speed.

``YZ.SCR`` is plain text, one player a line after a header::

    YZ SCOREBOARD 1
    ABC 12 7 301 2890 3      initials, games, wins, high score, total points, YZs

``YZ.INI`` keeps the colour scheme and dice speed as ``key=value`` lines.  A parser raises
``ValueError`` on anything it does not understand, so the store moves the file aside and
says so instead of losing or misreading a player's record.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

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


def parse_board(data: bytes) -> Scoreboard:
    lines = data.decode("ascii").splitlines()
    if not lines or lines[0].strip() != BOARD_HEADER:
        raise ValueError("it does not start with the scoreboard header")
    players: dict[str, Stats] = {}
    for number, line in enumerate(lines[1:], start=2):
        if not line.strip():
            continue
        parts = line.split()
        if len(parts) != 6 or not parts[0].isalnum() or len(parts[0]) > 3:
            raise ValueError(f"line {number} is not a player's record")
        try:
            games, wins, high, total, yz = (int(p) for p in parts[1:])
        except ValueError as err:
            raise ValueError(f"line {number} has a number that is not a number") from err
        if min(games, wins, high, total, yz) < 0 or wins > games or high > total:
            raise ValueError(f"line {number} does not add up")
        players[parts[0]] = Stats(games, wins, high, total, yz)
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


def parse_settings(data: bytes) -> Settings:
    values: dict[str, int] = {}
    for line in data.decode("ascii").splitlines():
        if not line.strip():
            continue
        key, sep, value = line.partition("=")
        if not sep or key.strip() not in ("colors", "speed") or not value.strip().isdigit():
            raise ValueError(f"unexpected line {line!r}")
        values[key.strip()] = int(value)
    return Settings(scheme=values.get("colors", 0), speed=values.get("speed", 1))


def dump_settings(settings: Settings) -> bytes:
    return f"colors={settings.scheme}\nspeed={settings.speed}\n".encode("ascii")
