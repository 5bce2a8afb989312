"""The optimal solitaire solver: published values, exact small cases, decisions."""

from __future__ import annotations

import itertools
from functools import cache

import pytest

from retro.games.yz.ai import ComputerPlayer, play_solitaire
from retro.games.yz.rules import (
    BOXES,
    Joker,
    Rules,
    Scorecard,
    allowed_posts,
    parse_dice,
    post,
)
from retro.games.yz.solver import (
    FULL,
    KEEPS,
    ROLL_P,
    Solver,
    build,
    load_or_build,
    main,
    state_of,
    table,
)

YZ_RULES = Rules()


@pytest.fixture(scope="session")
def published_table():
    """The free-joker, upper-bonus table: built once for the whole session (about 10 s)."""
    return build(Rules(upper_bonus=True, joker=Joker.FREE))


@pytest.mark.slow
def test_optimal_expected_score_is_the_published_254_5896(published_table) -> None:
    assert f"{published_table.expected:.4f}" == "254.5896"


@pytest.mark.slow
def test_forced_joker_with_upper_bonus_gives_254_5877() -> None:
    assert f"{build(Rules(upper_bonus=True)).expected:.4f}" == "254.5877"


@pytest.mark.parametrize(("flags", "value"), [([], "237.8245"), (["--free-joker"], "237.8425")])
def test_expected_score_without_upper_bonus(capsys: pytest.CaptureFixture[str],
                                            flags: list[str], value: str) -> None:
    assert main(["--expected", *flags]) == 0
    assert capsys.readouterr().out.strip() == value


def test_table_is_built_once_then_read_and_a_damaged_one_is_moved_aside(
        tmp_path, monkeypatch) -> None:
    import retro.games.yz.solver as solver

    (tmp_path / "YZ-nobonus-forced-v1.npy").write_bytes(b"not a table")
    builds = []
    real_build = solver.build
    monkeypatch.setattr(solver, "build", lambda r, p=None: builds.append(r) or real_build(r, p))
    first = load_or_build(YZ_RULES, tmp_path)
    assert list(tmp_path.glob("YZ-nobonus-forced-v1.npy.bad*"))
    second = load_or_build(YZ_RULES, tmp_path)
    assert len(builds) == 1
    assert f"{second.expected:.4f}" == f"{first.expected:.4f}" == "237.8245"


def test_roll_probabilities_are_exact() -> None:
    assert abs(ROLL_P.sum() - 1) < 1e-12
    assert len(ROLL_P) == 252 and len(KEEPS) == 462
    assert abs(ROLL_P.min() - 1 / 7776) < 1e-15      # five alike
    assert abs(ROLL_P.max() - 120 / 7776) < 1e-15    # five different


def test_chance_alone_is_worth_70_over_3() -> None:
    f = table(YZ_RULES).f
    assert abs(f[FULL ^ (1 << BOXES.index("B7")), 0, 0] - 70 / 3) < 1e-9


def test_sixes_alone_are_worth_30_times_91_over_216() -> None:
    f = table(YZ_RULES).f
    assert abs(f[FULL ^ (1 << BOXES.index("A6")), 0, 0] - 30 * 91 / 216) < 1e-9


# -- an independent brute force on small cards --------------------------------------------

def _naive_turn(post_value) -> float:
    """Exact expected value of one turn by plain enumeration of every die outcome."""
    def expect(keep: tuple[int, ...], final) -> float:
        n = 5 - len(keep)
        total = sum(final(tuple(sorted(keep + o)))
                    for o in itertools.product(range(1, 7), repeat=n))
        return total / 6 ** n

    def best_keep(roll: tuple[int, ...], final) -> float:
        keeps = {tuple(sorted(c)) for r in range(6) for c in itertools.combinations(roll, r)}
        return max(keep_value(k, final) for k in keeps)

    memo: dict = {}

    def keep_value(keep, final):
        key = (keep, id(final))
        if key not in memo:
            memo[key] = expect(keep, final)
        return memo[key]

    v3 = cache(post_value)
    v2 = cache(lambda r: best_keep(r, v3))
    v1 = cache(lambda r: best_keep(r, v2))
    return float(expect((), v1))


@cache
def _naive_value(card: Scorecard, rules: Rules) -> float:
    if card.full:
        return 0.0

    def post_value(dice: tuple[int, ...]) -> float:
        return max(post(card, box, dice, rules).total(rules) - card.total(rules)
                   + _naive_value(post(card, box, dice, rules), rules)
                   for box in allowed_posts(card, dice, rules))

    return _naive_turn(post_value)


def _card(open_boxes: str, b6: int | None = 0) -> Scorecard:
    card = Scorecard()
    for box in BOXES:
        if box not in open_boxes.split() and box != "B6":
            card = card.with_score(box, 0, False)
    if b6 is not None and "B6" not in open_boxes.split():
        card = card.with_score("B6", b6, False)
    return card


@pytest.mark.parametrize(("open_boxes", "b6"), [
    ("B4 A2", 0),
    ("A4 B3", 0),      # joker: a YZ of fours must take A4 first, then scores 25 as full house
    ("A4 B3", 50),     # the same with the 100 bonus
    ("B6 B5", None),
])
def test_solver_agrees_with_brute_force_on_small_cards(open_boxes: str, b6: int | None) -> None:
    card = _card(open_boxes, b6)
    mask, up, flag = state_of(card, YZ_RULES)
    assert table(YZ_RULES).f[mask, up, flag] == pytest.approx(_naive_value(card, YZ_RULES),
                                                              abs=1e-9)


# -- decisions ------------------------------------------------------------------------------

def test_first_yz_is_posted_in_b6() -> None:
    advice = Solver(YZ_RULES).advise(Scorecard(), parse_dice("6 6 6 6 6"), 1)
    assert advice.box == "B6"


def test_open_straight_draw_keeps_the_four_in_a_row() -> None:
    card = _card("B5 B7")
    advice = Solver(YZ_RULES).advise(card, parse_dice("2 3 4 5 5"), 1)
    assert advice.box is None
    assert advice.held == (True, True, True, True, False)


def test_advice_respects_the_forced_joker() -> None:
    card = Scorecard().with_score("B6", 50, False)
    advice = Solver(YZ_RULES).advise(card, parse_dice("3 3 3 3 3"), 3)
    assert advice.box == "A3"


def test_computer_plays_only_legal_posts_and_is_deterministic() -> None:
    player = ComputerPlayer(YZ_RULES)
    first = play_solitaire(11, YZ_RULES, player)     # Game.post refuses an illegal box
    assert first == play_solitaire(11, YZ_RULES, player)
    assert first != play_solitaire(12, YZ_RULES, player)


def test_hint_for_every_roll_is_an_allowed_box() -> None:
    solver = Solver(YZ_RULES)
    card = post(Scorecard(), "B6", parse_dice("2 2 2 2 2"))
    for roll in itertools.islice(itertools.combinations_with_replacement(range(1, 7), 5), 0, 252,
                                 7):
        advice = solver.advise(card, roll, 3)
        assert advice.box in allowed_posts(card, roll, YZ_RULES)
