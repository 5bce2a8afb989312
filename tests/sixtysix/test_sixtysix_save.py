"""The saved match file: written whole, read back the same, and every bad field refused."""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Iterator
from typing import Any

import pytest

from retro.games.sixtysix.rules import Close, Match, Options
from retro.games.sixtysix.save import Saved, SavedMatch, dump, parse
from retro.store import Store


def match_in_progress(seed: int, moves: int, options: Options | None = None) -> Match:
    rng = random.Random(seed)
    mt = Match(rng, game_points=[seed % 7, (seed // 7) % 7], carry=seed % 3,
               options=options or Options())
    d = mt.new_deal()
    for _ in range(moves):
        legal = d.legal_moves()
        if d.over or not legal:
            break
        d.apply(rng.choice(legal))
    return mt


def saved_matches() -> Iterator[Match]:
    for seed in range(60):
        mt = match_in_progress(seed, seed % 25,
                               Options(trumps_after_closing=seed % 2 == 1))
        if mt.deal is not None and not mt.deal.over:
            yield mt


def test_saved_match_reads_back_the_same():
    count = 0
    for mt in saved_matches():
        raw = dump(Saved(4, SavedMatch.of(mt)))
        back = parse(raw)
        assert back.speed == 4 and back.match is not None
        again = back.match.match(random.Random(1))
        d, e = mt.deal, again.deal
        assert e is not None and d is not None
        for name in ("hands", "stock", "trump_card", "trump", "leader", "turn", "trick",
                     "points", "tricks_won", "taken", "trump_card_up", "closed_by",
                     "exhausted", "schwarz_at_close", "marriages", "exchanges", "shown",
                     "history", "last_trick", "options", "dealer"):
            assert getattr(e, name) == getattr(d, name), name
        assert (again.game_points, again.carry, again.dealer, again.deals_played) == \
            (mt.game_points, mt.carry, mt.dealer, mt.deals_played)
        assert dump(back) == raw
        count += 1
    assert count >= 30


def test_resumed_deal_plays_on_exactly_as_the_original():
    for mt in list(saved_matches())[:10]:
        back = parse(dump(Saved(0, SavedMatch.of(mt)))).match
        assert back is not None
        d, e = mt.deal, back.match(random.Random(0)).deal
        assert d is not None and e is not None
        rng = random.Random(5)
        while not d.over:
            move = rng.choice(d.legal_moves())
            d.apply(move)
            e.apply(move)
        assert d.result == e.result and d.points == e.points


def test_finished_deal_is_saved_as_the_next_deal_to_come():
    rng = random.Random(3)
    mt = Match(rng)
    d = mt.new_deal()
    while not d.over:
        d.apply(rng.choice(d.legal_moves()))
    mt.score_deal()
    back = parse(dump(Saved(5, SavedMatch.of(mt))))
    assert back.match is not None and back.match.deal is None
    again = back.match.match(random.Random(0))
    assert again.new_deal().dealer == 1 - mt.dealer      # the deal still alternates


def test_no_match_saves_only_the_speed():
    assert parse(dump(Saved(7, None))) == Saved(7, None)


def _paths(value: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """Every field and list element in the JSON, as a path of keys and indexes."""
    if path:
        yield path
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _paths(v, (*path, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _paths(v, (*path, i))


def _set(data: Any, path: tuple[Any, ...], value: Any) -> Any:
    out = copy.deepcopy(data)
    node = out
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value
    return out


def _delete(data: Any, path: tuple[Any, ...]) -> Any:
    out = copy.deepcopy(data)
    node = out
    for key in path[:-1]:
        node = node[key]
    del node[path[-1]]
    return out


def rich_save() -> dict[str, Any]:
    """A saved deal with something in every field: a trick led, a marriage, an exchange."""
    for mt in saved_matches():
        d = mt.deal
        assert d is not None
        if d.trick and d.marriages and d.last_trick and (d.exchanges or d.shown[0] | d.shown[1]):
            return json.loads(dump(Saved(3, SavedMatch.of(mt))))
    # Build one by hand if the random games had none.
    for seed in range(500):
        mt = match_in_progress(seed, 9)
        d = mt.deal
        if d is not None and not d.over and d.trick and d.marriages and d.last_trick:
            return json.loads(dump(Saved(3, SavedMatch.of(mt))))
    raise AssertionError("no rich position found")


@pytest.mark.parametrize("bad", ["bad", -1, 1.5, None, True, {}])
def test_every_bad_field_makes_parse_raise_value_error(bad):
    data = rich_save()
    checked = 0
    for path in _paths(data):
        broken = _set(data, path, bad)
        if broken == data:
            continue
        if bad is None and path[-1] in ("closed_by", "last_trick", "deal", "match"):
            continue                # null is a value these fields may hold
        with pytest.raises(ValueError):
            parse(json.dumps(broken).encode())
        checked += 1
    assert checked > 75


def test_every_missing_field_makes_parse_raise_value_error():
    data = rich_save()
    for path in _paths(data):
        if isinstance(path[-1], int):
            continue
        with pytest.raises(ValueError):
            parse(json.dumps(_delete(data, path)).encode())


@pytest.mark.parametrize("what", ["points", "trump", "turn", "card twice", "hand size",
                                  "won match"])
def test_impossible_standings_are_refused(what):
    data = rich_save()
    deal = data["match"]["deal"]
    if what == "points":
        deal["points"] = [deal["points"][0] + 1, deal["points"][1]]
    elif what == "trump":
        deal["trump"] = "C" if deal["trump"] != "C" else "D"
    elif what == "turn":
        deal["turn"] = 1 - deal["turn"]
    elif what == "card twice":
        deal["stock"].append(deal["hands"][0][0]) if deal["stock"] else \
            deal["hands"][1].append(deal["hands"][0][0])
    elif what == "hand size":
        deal["hands"][1].pop()
    elif what == "won match":
        data["match"]["game_points"] = [7, 2]
    with pytest.raises(ValueError):
        parse(json.dumps(data).encode())


def test_unknown_format_and_garbage_are_refused():
    for raw in (b"", b"\xff\xfe", b"[1, 2]", b'{"format": 2, "speed": 1, "match": null}',
                b"not json"):
        with pytest.raises(ValueError):
            parse(raw)


def test_store_moves_a_bad_file_aside(tmp_path):
    store = Store(tmp_path)
    store.save("SIXTYSIX.SAV", b'{"format": 1, "speed": "fast", "match": null}')
    assert store.load("SIXTYSIX.SAV", parse) is None
    assert (tmp_path / "SIXTYSIX.SAV.bad-1").exists()


def test_closed_game_rule_is_kept_with_the_match():
    rng = random.Random(2)
    mt = Match(rng, options=Options(trumps_after_closing=True))
    d = mt.new_deal()
    d.apply(Close())
    back = parse(dump(Saved(0, SavedMatch.of(mt)))).match
    assert back is not None and back.options == Options(trumps_after_closing=True)
    assert back.deal is not None and back.deal.options.trumps_after_closing


def test_unknown_fields_are_refused():
    data = rich_save()
    for where in (data, data["match"], data["match"]["deal"]):
        where["extra"] = 1
        with pytest.raises(ValueError, match="not a known field"):
            parse(json.dumps(data).encode())
        del where["extra"]
    parse(json.dumps(data).encode())
