"""YUCKY.SCR: the match standing kept between runs (games won by you and the computer).

The file is three text lines::

    YUCKY LUCKY YOU! MATCH
    you 2
    computer 1

A decided match is never stored (the next match, 0-0, is saved at once), so each count is
0 to ``MATCH_GAMES - 1``.  ``parse`` raises ``ValueError`` for anything else, so the store
moves a damaged or impossible file aside.  ``record_game`` adds one game's result as a
read-modify-write under the store's lock, so copies running at once never lose a game.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from retro.games.yucky.rules import MATCH_GAMES, Match
from retro.store import schema as S

if TYPE_CHECKING:
    from retro.store import Store

SCORE_FILE = "YUCKY.SCR"
#: A reason longer than this (one naming a long folder) does not fit the two message rows.
SHORT_REASON = 40
HEADER = "YUCKY LUCKY YOU! MATCH"


def dump(match: Match) -> bytes:
    you, computer = match.games
    return f"{HEADER}\nyou {you}\ncomputer {computer}\n".encode("ascii")


def parse(data: bytes) -> Match:
    lines = S.text(data).splitlines()
    if len(lines) != 3 or lines[0] != HEADER:
        raise S.SchemaError("it is not a Yucky Lucky You! match file")
    games = []
    for line, name in zip(lines[1:], ("you", "computer"), strict=True):
        word, _, number = line.partition(" ")
        S.check(word == name, f"the line {line[:30]!r} should start with {name!r}")
        games.append(S.number_text(number, f"the games won by {name}", 0, MATCH_GAMES - 1))
    return Match(games=games)


@dataclass(frozen=True)
class Recorded:
    """One game recorded: the match with it (perhaps just decided), and whether it was
    saved (``problem`` says why not, in a few words; the store has given the full notice)."""

    match: Match
    saved: bool
    problem: str | None = None    # e.g. "the disk is full"


def record_game(store: Store | None, winner: int, current: Match) -> Recorded:
    """Add a game won by seat ``winner`` to the match in the file, under the lock.

    The file is read again at the moment of recording, so a game won meanwhile by another
    copy counts too; ``current`` (the standing this copy knows) is used when there is no
    readable file.  A match decided by this game is stored as the next match, 0-0; the
    returned match is the decided one, for the screen to announce.
    """
    decided: list[Match] = []

    def change(on_disk: Match | None) -> Match:
        match = _in_memory(on_disk or current, winner)
        decided.append(match)
        return Match() if match.winner is not None else match

    if store is None:
        return Recorded(_in_memory(current, winner), False)
    result = store.update_result(SCORE_FILE, parse, change, dump)
    reason = result.reason
    if reason is not None and len(reason) > SHORT_REASON:
        reason = "the save folder cannot be used"  # the notice has the whole story
    return Recorded(decided[-1], result.saved, reason)


def _in_memory(match: Match, winner: int) -> Match:
    games = list(match.games)
    recorded = Match(games=games)
    recorded.record(winner)
    return recorded
