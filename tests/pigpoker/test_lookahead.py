"""The look-ahead: the race to four played over the rival's next hand, counted in bands."""

from __future__ import annotations

import itertools
import random

import pytest

from retro.games.pigpoker import ai
from retro.games.pigpoker import hands as hx
from retro.games.pigpoker import lookahead as la
from retro.games.pigpoker import rules as r

PAIR = "JS JH 5D 4C 2S"


def board(squares: dict[int, tuple[int, str]]) -> tuple[list[int | None], list[int]]:
    g = r.Game([r.Player("A", True), r.Player("B", True)], random.Random(1))
    r.with_board(g, squares)
    return [sq.owner for sq in g.board], [sq.cls for sq in g.board]


def cls(hand: str) -> int:
    return hx.class_of(hx.parse_hand(hand))


def test_look_ahead_counts_completing_four_as_a_win() -> None:
    owners, classes = board({0: (0, PAIR), 1: (0, PAIR), 2: (0, PAIR), 9: (1, PAIR)})
    assert la.capture_value(owners, classes, 3, cls(PAIR), 0, 1, ai.look_race()) == 1.0


def test_look_ahead_sees_the_rival_complete_a_three_with_an_empty_fourth() -> None:
    # Seat 1 holds E, F, G; H is empty: any hand it may pig out with wins next turn.
    owners, classes = board({4: (1, PAIR), 5: (1, PAIR), 6: (1, PAIR)})
    race = ai.look_race()
    elsewhere = la.capture_value(owners, classes, 15, cls(PAIR), 0, 1, race)
    any_hand = race.beats(race.rival_cdf, race.lowest - 1)
    assert elsewhere == pytest.approx(-any_hand, abs=1e-3)
    # Four aces on H leave the rival only the hands that beat them.
    blocked = la.capture_value(owners, classes, 7, cls("AS AH AD AC 2S"), 0, 1, race)
    assert blocked > -0.01 and blocked > elsewhere + 0.9


def test_look_ahead_values_a_stronger_block_higher() -> None:
    owners, classes = board({4: (1, PAIR), 5: (1, PAIR), 6: (1, PAIR)})
    race = ai.look_race()
    weak = la.capture_value(owners, classes, 7, cls("JS 9H 7D 5C 2S"), 0, 1, race)
    strong = la.capture_value(owners, classes, 7, cls("KS KH KD 5C 2S"), 0, 1, race)
    assert weak < strong


def test_class_bands_cover_every_class_once() -> None:
    owners, classes = board({0: (1, PAIR), 5: (0, "KS KH KD 5C 2S"), 9: (1, "AS KH 9D 5C 2S")})
    n = hx.n_classes()
    bands = la.class_bands(classes, owners, 5, n)     # square 5's own hand does not count
    assert bands[0][0] == -1 and bands[-1][1] == n - 1
    assert all(a[1] == b[0] for a, b in itertools.pairwise(bands))
    assert [high for _, high in bands[:-1]] == sorted([classes[9], classes[0]])


def test_look_ahead_is_deterministic() -> None:
    owners, classes = board({0: (1, PAIR), 1: (1, "QS QH 5D 4C 2S"), 5: (0, PAIR),
                             10: (0, "KS KH KD 5C 2S")})
    race = ai.look_race()
    first = [la.capture_value(owners, classes, i, cls(PAIR) + 40, 0, 1, race)
             for i in range(16)]
    again = [la.capture_value(owners, classes, i, cls(PAIR) + 40, 0, 1, race)
             for i in range(16)]
    assert first == again


def test_look_ahead_counts_breaking_a_rival_three_as_stopping_it_not_as_raising() -> None:
    # Seat 1 holds E, F, G; the computer holds H with a pair of deuces, which the rival
    # beats nearly every time.  On the computer's next turn (the look-ahead's last), taking
    # one of E, F, G ends the line for good, while raising H only makes the rival beat a new
    # hand, which it then often does.  So a three of jack-high busts, which the computer's
    # next hand nearly always beats, is hardly a threat; a three of fours of a kind, where
    # raising H is all it can do, is nearly the rival's whole chance.
    deuces = "2S 2H 6D 4C 3S"
    breakable = board({4: (1, "JS 9H 7D 5C 2C"), 5: (1, "JH 9D 7C 5S 3D"),
                       6: (1, "JC 9S 7H 5D 3C"), 7: (0, deuces)})
    solid = board({4: (1, "AS AH AD AC 2C"), 5: (1, "KS KH KD KC 3D"),
                   6: (1, "QS QH QD QC 3C"), 7: (0, deuces)})
    race = ai.look_race()
    threat = race.beats(race.rival_cdf, cls(deuces))
    assert threat > 0.8
    assert race.beats(race.my_cdf, cls("JS 9H 7D 5C 2C")) > 0.9
    assert la._leaf(*breakable, 0, 1, race, False) > -0.2 * threat
    assert la._leaf(*solid, 0, 1, race, False) < -0.7 * threat


def test_look_ahead_counts_the_chance_the_rival_completes_at_once() -> None:
    # Seat 1 holds E, F, G with H empty, and nothing else.  Elsewhere, the rival completes
    # with any hand that may pig out; on H, only with a hand above the computer's aces.
    owners, classes = board({4: (1, PAIR), 5: (1, PAIR), 6: (1, PAIR)})
    race = ai.look_race()
    aces = cls("AS AH 9D 5C 2S")
    _, lost_elsewhere = la.capture_outcome(owners, classes, 15, cls(PAIR), 0, 1, race)
    _, lost_blocked = la.capture_outcome(owners, classes, 7, aces, 0, 1, race)
    assert lost_elsewhere == pytest.approx(race.beats(race.rival_cdf, race.lowest - 1))
    assert lost_blocked == pytest.approx(race.beats(race.rival_cdf, aces))
    assert la.capture_outcome(owners, classes, 6, aces, 0, 1, race) == (
        pytest.approx(la.capture_value(owners, classes, 6, aces, 0, 1, race)), 0.0)
    # Band by band, as the twiddles weigh it: the chance at the band's own hand, so lower
    # for a class above the pairs on the board than for a bust below them.
    allowed = r.eligible_classes().copy()
    values, lost = la.band_outcomes(owners, classes, 7, 0, 1, race, False, allowed)
    bust = cls("KS 9H 7D 5C 2S")
    assert lost[aces] == lost[hx.n_classes() - 2]
    assert race.beats(race.rival_cdf, cls(PAIR)) > lost[aces] > 0.0
    assert lost[bust] > race.beats(race.rival_cdf, cls(PAIR)) > lost[aces]
    assert list(values) == list(la.band_values(owners, classes, 7, 0, 1, race, False, allowed))


def test_band_median_is_the_first_class_holding_half_the_band() -> None:
    race = ai.look_race()
    cdf = race.rival_cdf
    rng = random.Random(5)
    for _ in range(300):
        low, high = sorted(rng.sample(range(-1, len(cdf)), 2))
        base = cdf[low] if low >= 0 else 0.0
        mid = (base + cdf[high]) / 2
        first = next((c for c in range(low + 1, high) if cdf[c] >= mid), high)
        assert la._median(cdf, low, high) == first


def test_completing_squares_are_those_a_capture_makes_four_with() -> None:
    rng = random.Random(7)
    for _ in range(300):
        owners = [rng.choice([None, 0, 0, 1]) for _ in range(16)]
        slow = [i for i in range(16) if owners[i] != 0
                and any(all(owners[k] == 0 for k in line if k != i)
                        for line in r.LINES if i in line)]
        assert la.completing(owners, 0) == slow
