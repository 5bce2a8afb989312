"""YUCKY.SCR: the match standing kept between runs (games won by you and the computer).

The file is three text lines::

    YUCKY LUCKY YOU! MATCH
    you 2
    computer 1

``parse`` raises ``ValueError`` for anything else, so the store moves a damaged file aside.
"""

from __future__ import annotations

from retro.games.yucky.rules import MATCH_GAMES, Match

SCORE_FILE = "YUCKY.SCR"
HEADER = "YUCKY LUCKY YOU! MATCH"


def dump(match: Match) -> bytes:
    you, computer = match.games
    return f"{HEADER}\nyou {you}\ncomputer {computer}\n".encode("ascii")


def parse(data: bytes) -> Match:
    lines = data.decode("ascii").splitlines()
    if len(lines) != 3 or lines[0] != HEADER:
        raise ValueError("not a Yucky Lucky You! match file")
    games = []
    for line, name in zip(lines[1:], ("you", "computer"), strict=True):
        word, _, number = line.partition(" ")
        if word != name or not number.isdigit():
            raise ValueError(f"bad line {line!r} in the match file")
        games.append(int(number))
    if any(g > MATCH_GAMES for g in games) or all(g >= MATCH_GAMES for g in games):
        raise ValueError("impossible match standing in the match file")
    return Match(games=games)
