"""Every save file of every game: a valid sample, its damaged variants, and how to start the
real program on it and tell that it started fresh.

A variant is ``(label, bytes)``.  The generic ones (random bytes, cut short, empty, huge,
not ASCII) come from ``generic``; each file adds the variants only its format can have:
wrong types, values out of range, standings or records that cannot have happened.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from retro.frontends.script import RunResult, run
from retro.games.pigpoker.bank import parse_bank
from retro.store import MAX_FILE_BYTES

Variant = tuple[str, bytes]


def generic(valid: bytes, cuts: tuple[int, ...]) -> list[Variant]:
    """Damage any file can suffer.  ``cuts`` are lengths to cut the valid file to that leave
    no valid file (a line format cut at a line end can still be a valid, shorter file)."""
    rng = random.Random(13)
    out: list[Variant] = [("empty", b"")]
    for size in (1, 7, 64, 4096):
        out.append((f"random {size} bytes", bytes(rng.randrange(256) for _ in range(size))))
    out += [(f"cut to {n} bytes", valid[:n]) for n in cuts]
    out.append(("a byte that is not ASCII", valid[:3] + b"\xff" + valid[3:]))
    out.append(("a NUL byte", valid[:5] + b"\x00" + valid[5:]))
    # Valid bytes followed by blank space: only the size says it is not a save file.
    out.append(("huge (valid, then blank lines past the size limit)",
                valid + b"\n" * (MAX_FILE_BYTES + 1 - len(valid))))
    out.append(("UTF-16 text", valid.decode("ascii").encode("utf-16")))
    return out


@dataclass(frozen=True)
class SaveFile:
    name: str                       # the file's name in the save folder
    valid: bytes                    # a file the game wrote
    typed: list[Variant]            # damage only this format can have
    cuts: tuple[int, ...]
    start: Callable[[Path], RunResult]        # the program, up to where it reads the file
    fresh: Callable[[RunResult], bool]        # it went on as with no file at all
    uses_valid: Callable[[RunResult], bool]   # control: the valid sample was read
    # The bank carries what it can still read into a fresh file: its next start is not an
    # empty folder's, but the file it left must read.
    salvages: Callable[[bytes], object] | None = None

    def variants(self) -> list[Variant]:
        return generic(self.valid, self.cuts) + self.typed


# -- checkers: CHECKERS.SAV (JSON) -------------------------------------------------------------

def _checkers_valid() -> dict[str, Any]:
    return {
        "format": 1, "fen": "W:W21-32:B1-8,10-12,14",
        "options": {"rows": 8, "cols": 8, "variant": "standard", "take_one": False,
                    "seven_eleven": False, "lite": False, "game_point": 0},
        "history": ["9-14"], "draw_watch": None, "quiet": 1,
        "settings": {"players": {"B": "keyboard", "W": "computer"}, "level": 5, "speed": 4,
                     "colours": {"B": 4, "W": 14}, "border": 3, "sound": True},
    }


def _changed(path: str, value: Any) -> bytes:
    data = _checkers_valid()
    *parents, last = path.split(".")
    node = data
    for key in parents:
        node = node[key]
    if value is _DROP:
        del node[last]
    else:
        node[last] = value
    return json.dumps(data).encode()


_DROP = object()

CHECKERS_TYPED: list[Variant] = [
    (f"checkers {path}={value!r}", _changed(path, value)) for path, value in [
        ("settings.speed", 99), ("settings.speed", -1), ("settings.speed", "2"),
        ("settings.speed", 2.5), ("settings.speed", True), ("settings.level", 0),
        ("settings.level", 10), ("settings.colours.B", 300), ("settings.colours.B", 7),
        ("settings.colours.W", 4), ("settings.colours.W", None), ("settings.border", 16),
        ("settings.border", -1), ("settings.sound", "yes"), ("settings.players.B", "robot"),
        ("settings.players.X", "keyboard"), ("settings", []), ("settings.level", _DROP),
        ("fen", "not a position"), ("fen", 12), ("fen", "W:W1-12:B13-32"),
        ("fen", "W:W21-32:B1-14"), ("format", 2), ("format", "1"), ("options.rows", 7),
        ("options.rows", "8"), ("options.variant", "chess"), ("options.take_one", 0),
        ("options.game_point", 10), ("history", "9-14"), ("history", [1]),
        ("history", ["9-14"] * 100_001), ("draw_watch", [1, 2]), ("draw_watch", ["X", 0, 0]),
        ("quiet", -1), ("quiet", "1"), ("quiet", _DROP), ("extra", 1),
    ]
] + [
    ("checkers: a JSON list", b"[1, 2, 3]"),
    ("checkers: a JSON number", b"7"),
    ("checkers: nested past the parser's depth", b"[" * 100_000 + b"]" * 100_000),
    ("checkers: a finished game", _changed("fen", "B:W21:B")),
    ("checkers: a side with no pieces, not to move", _changed("fen", "W:W21:B")),
]


def _checkers_start(home: Path) -> RunResult:
    return run("checkers", seed=1, keys="", home=home)


CHECKERS = SaveFile(
    "CHECKERS.SAV", json.dumps(_checkers_valid(), indent=1).encode(), CHECKERS_TYPED,
    cuts=(1, 40, 200),
    start=_checkers_start,
    fresh=lambda r: r.state["phase"] == "options" and "could not be read" in r.state["message"],
    uses_valid=lambda r: r.state["phase"] != "options" and r.state["level"] == 5,
)


# -- yucky: YUCKY.SCR ----------------------------------------------------------------------------

def _match(you: str, computer: str) -> bytes:
    return f"YUCKY LUCKY YOU! MATCH\nyou {you}\ncomputer {computer}\n".encode()


YUCKY_TYPED: list[Variant] = [
    ("yucky: a decided match 4-0", _match("4", "0")),
    ("yucky: a decided match 0-4", _match("0", "4")),
    ("yucky: both at four", _match("4", "4")),
    ("yucky: more games than a match has", _match("9", "1")),
    ("yucky: negative", _match("-1", "2")),
    ("yucky: not a number", _match("two", "1")),
    ("yucky: underscores", _match("1_0", "1")),
    ("yucky: a fraction", _match("1.5", "1")),
    ("yucky: two spaces", _match(" 2", "1")),
    ("yucky: lines swapped", b"YUCKY LUCKY YOU! MATCH\ncomputer 1\nyou 2\n"),
    ("yucky: a fourth line", _match("1", "1") + b"draws 3\n"),
    ("yucky: another header", b"YUCKY MATCH\nyou 1\ncomputer 1\n"),
]


def _yucky_start(home: Path) -> RunResult:
    return run("yucky", seed=1, keys="", letters="*", home=home)


YUCKY = SaveFile(
    "YUCKY.SCR", _match("2", "1"), YUCKY_TYPED, cuts=(1, 10, 26),
    start=_yucky_start,
    fresh=lambda r: r.state["games"] == {"you": 0, "computer": 0}
    and "damaged" in str(r.screen),
    uses_valid=lambda r: r.state["games"] == {"you": 2, "computer": 1},
)


# -- pig poker: PIGPOKER.SCR ---------------------------------------------------------------------

def _bank(*rows: str) -> bytes:
    return ("PIG POKER BANK\n" + "".join(f"{row}\n" for row in rows)).encode()


PIGPOKER_TYPED: list[Variant] = [
    ("bank: a balance past the limit", _bank("123456789 Ann")),
    ("bank: a debt past the limit", _bank("-123456789 Ann")),
    ("bank: a balance with a plus", _bank("     +50 Ann")),
    ("bank: a balance with underscores", _bank("   1_000 Ann")),
    ("bank: a balance that is a fraction", _bank("    10.5 Ann")),
    ("bank: a name too long", _bank("     100 Bartholomew Cubbins")),
    ("bank: no name", _bank("     100 ")),
    ("bank: one name twice", _bank("     100 Ann", "      50 ANN")),
    ("bank: a name that is not ASCII", "PIG POKER BANK\n     100 Zoë\n".encode()),
    ("bank: no header", b"     100 Ann\n"),
    ("bank: a line with no balance", _bank("Ann")),
]


def _pigpoker_start(home: Path) -> RunResult:
    return run("pigpoker", seed=1, keys='"Zed" ENTER', letters="*", home=home)


PIGPOKER = SaveFile(
    "PIGPOKER.SCR", _bank("     150 Zed", "      80 COMPUTER"), PIGPOKER_TYPED, cuts=(1, 9),
    start=_pigpoker_start,
    # A damaged bank starts over with what could still be read: Zed's 150 chips if his line
    # survived the damage, else a new account of 100.
    fresh=lambda r: "Bank file damaged" in r.state["message"]
    and [(p["name"], p["chips"]) for p in r.state["players"]] in ([("Zed", 100)],
                                                                  [("Zed", 150)]),
    uses_valid=lambda r: r.state["players"][0]["chips"] == 150,
    salvages=parse_bank,
)


# -- yz: YZ.SCR and YZ.INI -----------------------------------------------------------------------

def _board(*rows: str) -> bytes:
    return ("YZ SCOREBOARD 1\n" + "".join(f"{row}\n" for row in rows)).encode()


YZ_BOARD_TYPED: list[Variant] = [
    ("scoreboard: more wins than games", _board("ABC 2 3 200 300 0")),
    ("scoreboard: a high score no game reaches", _board("ABC 1 1 1600 1600 0")),
    ("scoreboard: an average above the high score", _board("ABC 2 1 100 300 0")),
    ("scoreboard: more YZs than boxes", _board("ABC 1 0 100 100 14")),
    ("scoreboard: points with no game", _board("ABC 0 0 0 5 0")),
    ("scoreboard: negative", _board("ABC -1 0 0 0 0")),
    ("scoreboard: lower-case initials", _board("abc 1 0 100 100 0")),
    ("scoreboard: four initials", _board("ABCD 1 0 100 100 0")),
    ("scoreboard: one player twice", _board("ABC 1 0 100 100 0", "ABC 1 1 90 90 0")),
    ("scoreboard: a field missing", _board("ABC 1 0 100 100")),
    ("scoreboard: a field too many", _board("ABC 1 0 100 100 0 7")),
    ("scoreboard: a number with a sign", _board("ABC +1 0 100 100 0")),
    ("scoreboard: no header", b"ABC 1 0 100 100 0\n"),
]


def _yz_board_start(home: Path) -> RunResult:
    # Esc leaves the new-game box; then the menu's Options / Scoreboard.
    return run("yz", seed=1, keys="ESC F10 o s", letters="*", home=home)


YZ_BOARD = SaveFile(
    "YZ.SCR", _board("ABC 3 2 250 600 1", "XYZ 2 0 180 300 0"), YZ_BOARD_TYPED, cuts=(1, 8),
    start=_yz_board_start,
    fresh=lambda r: "The scoreboard file could not be read." in str(r.screen),
    uses_valid=lambda r: "ABC" in str(r.screen) and "XYZ" in str(r.screen),
)


YZ_SETTINGS_TYPED: list[Variant] = [
    ("settings: a colour scheme the menu lacks", b"colors=5\nspeed=1\n"),
    ("settings: a huge scheme", b"colors=99999999999\nspeed=1\n"),
    ("settings: a dice speed the menu lacks", b"colors=1\nspeed=3\n"),
    ("settings: a negative speed", b"colors=1\nspeed=-1\n"),
    ("settings: a key twice", b"colors=1\ncolors=2\nspeed=1\n"),
    ("settings: an unknown key", b"colors=1\nspeed=1\nvolume=3\n"),
    ("settings: a key missing", b"colors=1\n"),
    ("settings: not a number", b"colors=blue\nspeed=1\n"),
    ("settings: no equals sign", b"colors 1\nspeed 1\n"),
]


def _yz_settings_start(home: Path) -> RunResult:
    return run("yz", seed=1, keys="", letters="*", home=home)


YZ_SETTINGS = SaveFile(
    "YZ.INI", b"colors=1\nspeed=2\n", YZ_SETTINGS_TYPED, cuts=(1, 9),
    start=_yz_settings_start,
    fresh=lambda r: r.state["options"]["colors"] == "Green table"
    and r.state["options"]["dice_speed"] == "Medium",
    uses_valid=lambda r: r.state["options"]["colors"] == "Blue"
    and r.state["options"]["dice_speed"] == "Slow",
)


# -- sixtysix: SIXTYSIX.SAV (JSON) --------------------------------------------------------------

def _sixtysix_valid() -> dict[str, Any]:
    from retro.games.sixtysix.rules import Match
    from retro.games.sixtysix.save import Saved, SavedMatch, dump

    rng = random.Random(5)
    match = Match(rng, game_points=[3, 2], carry=1)
    deal = match.new_deal()
    for _ in range(5):
        deal.apply(rng.choice(deal.legal_moves()))
    return json.loads(dump(Saved(4, SavedMatch.of(match))))


def _sixtysix_changed(path: str, value: Any) -> bytes:
    data = _sixtysix_valid()
    *parents, last = path.split(".")
    node = data
    for key in parents:
        node = node[int(key)] if isinstance(node, list) else node[key]
    if value is _DROP:
        del node[last]
    elif isinstance(node, list):
        node[int(last)] = value
    else:
        node[last] = value
    return json.dumps(data).encode()


SIXTYSIX_TYPED: list[Variant] = [
    (f"sixtysix {path}={value!r}", _sixtysix_changed(path, value)) for path, value in [
        ("format", 2), ("speed", 13), ("speed", "4"), ("speed", True), ("match", []),
        ("match.closed", "bezique"), ("match.game_points", [7, 0]),
        ("match.game_points", [3]), ("match.carry", -1), ("match.dealer", 2),
        ("match.deal.points", [200, 0]), ("match.deal.trump", "X"),
        ("match.deal.hands.0.0", "8S"), ("match.deal.turn", "you"),
        ("match.deal.trump_card_up", 1), ("match.deal.stock", _DROP), ("extra", 1),
    ]
] + [
    ("sixtysix: a JSON list", b"[1, 2, 3]"),
]


def _sixtysix_start(home: Path) -> RunResult:
    return run("sixtysix", seed=1, keys="", letters="*", home=home)


SIXTYSIX = SaveFile(
    "SIXTYSIX.SAV", json.dumps(_sixtysix_valid(), indent=1).encode(), SIXTYSIX_TYPED,
    cuts=(1, 40, 200),
    start=_sixtysix_start,
    fresh=lambda r: r.state["game_points"] == {"you": 0, "computer": 0}
    and "could not be read" in str(r.screen),
    uses_valid=lambda r: r.state["game_points"] == {"you": 3, "computer": 2}
    and r.state["carry"] == 1,
)


ALL = (CHECKERS, YUCKY, PIGPOKER, YZ_BOARD, YZ_SETTINGS, SIXTYSIX)
