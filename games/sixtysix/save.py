"""The saved match (F7 or closing the window): a small JSON file, checked field by field.

``dump`` writes the speed and the match: its standings and the deal in progress (if any),
or null once the match is won; ``parse``
reads them back and raises ``ValueError`` naming the first field that is wrong, so the
store moves a bad file aside and a fresh match starts without losing the file.  Seats are
numbers: 0 is you, 1 the computer.  Cards are written as on the screen's state file
(``AS TD 9H``).

    {"format": 1, "speed": 5,
     "match": null | {"closed": "led-suit", "game_points": [3, 2], "carry": 0, "dealer": 1,
                      "deals_played": 4,
                      "deal": null | {"hands": [[...], [...]], "trump_card": "TS", ...}}}

``deal`` is null between deals; ``dealer`` is then the one who deals next.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from typing import Any

from retro.games.sixtysix.draw import SPEEDS
from retro.games.sixtysix.rules import (
    HAND_SIZE,
    MATCH_POINTS,
    PACK,
    RANK_POINTS,
    SUITS,
    WIN_POINTS,
    Card,
    Deal,
    Match,
    Move,
    Options,
    format_move,
    options_named,
    parse_card,
    parse_move,
)
from retro.store.schema import json_object, keys

SAVE_NAME = "SIXTYSIX.SAV"
FORMAT = 1
#: Carried points pile up one per drawn game; more than this is no real match.
MAX_CARRY = 40


@dataclass
class SavedMatch:
    """A match in progress, without its random stream."""

    game_points: list[int]
    carry: int
    dealer: int
    deals_played: int
    options: Options
    deal: Deal | None

    @classmethod
    def of(cls, match: Match) -> SavedMatch:
        """The match as it stands; a finished deal is saved as "the next one to deal"."""
        deal = match.deal
        dealer = match.dealer
        if deal is not None and deal.over:
            deal, dealer = None, 1 - match.dealer
        return cls(list(match.game_points), match.carry, dealer, match.deals_played,
                   match.options, deal)

    def match(self, rng: random.Random) -> Match:
        """The match again, playing on with ``rng``."""
        return Match(rng, game_points=list(self.game_points), carry=self.carry,
                     dealer=self.dealer, deal=self.deal, deals_played=self.deals_played,
                     options=self.options)


@dataclass
class Saved:
    """What the file holds: the speed setting and the match, if one is in progress."""

    speed: int
    match: SavedMatch | None


# -- writing -------------------------------------------------------------------------------

def _codes(cards: list[Card] | set[Card]) -> list[str]:
    return [c.code for c in (sorted(cards) if isinstance(cards, set) else cards)]


def _deal_json(d: Deal) -> dict[str, Any]:
    return {
        "hands": [_codes(h) for h in d.hands],
        "stock": _codes(d.stock),
        "trump_card": d.trump_card.code,
        "trump": d.trump,
        "leader": d.leader,
        "turn": d.turn,
        "trick": _codes(d.trick),
        "points": list(d.points),
        "tricks_won": list(d.tricks_won),
        "taken": [_codes(t) for t in d.taken],
        "trump_card_up": d.trump_card_up,
        "closed_by": d.closed_by,
        "exhausted": d.exhausted,
        "schwarz_at_close": d.schwarz_at_close,
        "marriages": [[p, s] for p, s in d.marriages],
        "exchanges": [[p, c.code] for p, c in d.exchanges],
        "shown": [_codes(s) for s in d.shown],
        "history": [[p, format_move(m)] for p, m in d.history],
        "last_trick": None if d.last_trick is None else [
            d.last_trick[0], d.last_trick[1].code, d.last_trick[2].code, d.last_trick[3]],
    }


def _match_json(sm: SavedMatch) -> dict[str, Any]:
    return {
        "closed": sm.options.name,
        "game_points": list(sm.game_points),
        "carry": sm.carry,
        "dealer": sm.dealer,
        "deals_played": sm.deals_played,
        "deal": None if sm.deal is None else _deal_json(sm.deal),
    }


def dump(saved: Saved) -> bytes:
    data = {
        "format": FORMAT,
        "speed": saved.speed,
        "match": None if saved.match is None else _match_json(saved.match),
    }
    return (json.dumps(data, indent=1) + "\n").encode("ascii")


# -- reading, with the schema checks -------------------------------------------------------

def _int(v: object, name: str, lo: int, hi: int) -> int:
    if not isinstance(v, int) or isinstance(v, bool) or not lo <= v <= hi:
        raise ValueError(f"{name} must be a whole number from {lo} to {hi}, not {v!r}")
    return v


def _bool(v: object, name: str) -> bool:
    if not isinstance(v, bool):
        raise ValueError(f"{name} must be true or false, not {v!r}")
    return v


def _seat(v: object, name: str) -> int:
    return _int(v, name, 0, 1)


def _list(v: object, name: str, length: int | None = None) -> list[Any]:
    if not isinstance(v, list) or (length is not None and len(v) != length):
        size = "" if length is None else f" of {length}"
        raise ValueError(f"{name} must be a list{size}")
    return v


def _card(v: object, name: str) -> Card:
    if not isinstance(v, str):
        raise ValueError(f"{name} must be a card code, not {v!r}")
    try:
        return parse_card(v)
    except ValueError as err:
        raise ValueError(f"{name}: {err}") from None


def _cards(v: object, name: str) -> list[Card]:
    return [_card(c, name) for c in _list(v, name)]


def _pair(v: object, name: str) -> list[Any]:
    return _list(v, name, 2)


DEAL_FIELDS = ("hands", "stock", "trump_card", "trump", "leader", "turn", "trick", "points",
               "tricks_won", "taken", "trump_card_up", "closed_by", "exhausted",
               "schwarz_at_close", "marriages", "exchanges", "shown", "history", "last_trick")
MATCH_FIELDS = ("closed", "game_points", "carry", "dealer", "deals_played", "deal")


def _deal(data: object, dealer: int, options: Options) -> Deal:
    if not isinstance(data, dict):
        raise ValueError("deal must be an object or null")
    keys(data, DEAL_FIELDS, "match.deal.")
    hands = [_cards(h, "hands") for h in _pair(data["hands"], "hands")]
    stock = _cards(data["stock"], "stock")
    trump_card = _card(data["trump_card"], "trump_card")
    trump = data["trump"]
    if trump != trump_card.suit:
        raise ValueError("trump must be the suit of the trump card")
    leader, turn = _seat(data["leader"], "leader"), _seat(data["turn"], "turn")
    trick = _cards(data["trick"], "trick")
    points = [_int(p, "points", 0, WIN_POINTS - 1) for p in _pair(data["points"], "points")]
    tricks_won = [_int(t, "tricks_won", 0, 12) for t in _pair(data["tricks_won"],
                                                              "tricks_won")]
    taken = [_cards(t, "taken") for t in _pair(data["taken"], "taken")]
    trump_card_up = _bool(data["trump_card_up"], "trump_card_up")
    closed_by = data["closed_by"]
    if closed_by is not None:
        _seat(closed_by, "closed_by")
    exhausted = _bool(data["exhausted"], "exhausted")
    schwarz_at_close = _bool(data["schwarz_at_close"], "schwarz_at_close")
    marriages: list[tuple[int, str]] = []
    for entry in _list(data["marriages"], "marriages"):
        p, suit = _pair(entry, "marriages")
        if suit not in list(SUITS) or any(s == suit for _, s in marriages):
            raise ValueError(f"marriages: bad or repeated suit {suit!r}")
        marriages.append((_seat(p, "marriages"), suit))
    exchanges: list[tuple[int, Card]] = []
    for entry in _list(data["exchanges"], "exchanges"):
        p, code = _pair(entry, "exchanges")
        exchanges.append((_seat(p, "exchanges"), _card(code, "exchanges")))
    if len(exchanges) > 1:
        raise ValueError("exchanges: the trump 9 can be exchanged only once")
    shown = [set(_cards(s, "shown")) for s in _pair(data["shown"], "shown")]
    history: list[tuple[int, Move]] = []
    for entry in _list(data["history"], "history"):
        p, text = _pair(entry, "history")
        if not isinstance(text, str):
            raise ValueError("history: a move must be text")
        history.append((_seat(p, "history"), parse_move(text)))
    last = data["last_trick"]
    last_trick = None
    if last is not None:
        last = _list(last, "last_trick", 4)
        last_trick = (_seat(last[0], "last_trick"), _card(last[1], "last_trick"),
                      _card(last[2], "last_trick"), _seat(last[3], "last_trick"))

    # The whole pack, each card once; the trump card lies apart unless a hand took it.
    placed = hands[0] + hands[1] + stock + trick + taken[0] + taken[1]
    if len(set(placed)) != len(placed):
        raise ValueError("a card appears twice")
    if (trump_card in placed) != exhausted:
        raise ValueError("the trump card is in a hand exactly when the stock is used up")
    if set(placed) | {trump_card} != set(PACK):
        raise ValueError("cards are missing")
    closed = closed_by is not None or exhausted
    if len(trick) > 1:
        raise ValueError("trick: at most the card led")
    if turn != (leader if not trick else 1 - leader):
        raise ValueError("turn does not follow the trick")
    sizes = [len(hands[leader]) + len(trick), len(hands[1 - leader])]
    if sizes[0] != sizes[1] or sizes[0] > HAND_SIZE or sizes[0] == 0 \
            or (not closed and sizes[0] != HAND_SIZE):
        raise ValueError("the hands do not have the right number of cards")
    if exhausted and (stock or trump_card_up):
        raise ValueError("exhausted: the stock must be empty")
    if closed and trump_card_up:
        raise ValueError("trump_card_up: the trump card is turned down once closed")
    if not closed and not trump_card_up:
        raise ValueError("trump_card_up: the trump card is up until the game is closed")
    if closed_by is None and schwarz_at_close:
        raise ValueError("schwarz_at_close without a closing")
    for p in (0, 1):
        if len(taken[p]) != 2 * tricks_won[p]:
            raise ValueError("tricks_won does not match the cards taken")
        married = sum(40 if s == trump else 20 for who, s in marriages if who == p)
        if points[p] != sum(RANK_POINTS[c.rank] for c in taken[p]) + married:
            raise ValueError("points do not match the cards taken and the marriages")
        if not shown[p] <= set(hands[p]):
            raise ValueError("shown: a card shown must still be in that hand")
    deal = Deal(hands=hands, stock=stock, trump_card=trump_card, dealer=dealer, trump=trump,
                trick=trick, points=points, tricks_won=tricks_won, taken=taken,
                trump_card_up=trump_card_up, closed_by=closed_by, exhausted=exhausted,
                schwarz_at_close=schwarz_at_close, marriages=marriages, exchanges=exchanges,
                shown=shown, history=history, last_trick=last_trick, options=options)
    deal.leader, deal.turn = leader, turn
    return deal


def _match(data: object) -> SavedMatch:
    if not isinstance(data, dict):
        raise ValueError("match must be an object or null")
    keys(data, MATCH_FIELDS, "match.")
    closed = data["closed"]
    if not isinstance(closed, str):
        raise ValueError("closed must be a rule name")
    options = options_named(closed)
    game_points = [_int(g, "game_points", 0, MATCH_POINTS - 1)
                   for g in _pair(data["game_points"], "game_points")]
    carry = _int(data["carry"], "carry", 0, MAX_CARRY)
    dealer = _seat(data["dealer"], "dealer")
    deals_played = _int(data["deals_played"], "deals_played", 0, 10_000)
    deal = None if data["deal"] is None else _deal(data["deal"], dealer, options)
    return SavedMatch(game_points, carry, dealer, deals_played, options, deal)


def parse(raw: bytes) -> Saved:
    """Read a saved match; any problem is a ``ValueError`` naming it."""
    try:
        data = json_object(raw)
        keys(data, ("format", "speed", "match"))
        if data.get("format") != FORMAT:
            raise ValueError(f"unknown save format {data.get('format')!r}")
        speed = _int(data["speed"], "speed", 0, len(SPEEDS) - 1)
        match = None if data["match"] is None else _match(data["match"])
        return Saved(speed, match)
    except (KeyError, TypeError, IndexError, AttributeError) as err:
        raise ValueError(f"missing or wrong field ({err})") from err
