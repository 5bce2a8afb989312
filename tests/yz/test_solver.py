"""The optimal solitaire solver: published values, exact small cases, decisions."""

from __future__ import annotations

import itertools
from dataclasses import replace
from functools import cache

import pytest

from retro.games.yz.ai import ComputerPlayer, play_solitaire
from retro.games.yz.rules import (
    BOXES,
    PUBLISHED_RULES,
    Joker,
    Rules,
    Scorecard,
    YZBonus,
    allowed_posts,
    parse_dice,
    post,
)
from retro.games.yz.solver import (
    FULL,
    KEEPS,
    ROLL_P,
    Solver,
    Table,
    build,
    build_steps,
    load_or_build,
    main,
    state_of,
    table_name,
)
from retro.store import Store

YZ_RULES = Rules()
FORCED = Rules(joker=Joker.FORCED)
OFFICIAL = Rules(yz_bonus=YZBonus.BOX_HOLDS_50)


@pytest.fixture(scope="module")
def yz_table() -> Table:
    """The table for the help text's rules, built once for these tests (about a second)."""
    return build(YZ_RULES)


@pytest.fixture(scope="module")
def forced_table() -> Table:
    return build(FORCED)


@pytest.fixture(scope="module")
def official_table() -> Table:
    return build(OFFICIAL)


@pytest.mark.slow
def test_optimal_expected_score_is_the_published_254_5896() -> None:
    assert f"{build(PUBLISHED_RULES).expected:.4f}" == "254.5896"


@pytest.mark.slow
def test_forced_joker_with_upper_bonus_gives_the_published_254_5877() -> None:
    rules = Rules(upper_bonus=True, joker=Joker.FORCED, yz_bonus=YZBonus.BOX_HOLDS_50)
    assert f"{build(rules).expected:.4f}" == "254.5877"


@pytest.mark.slow
def test_published_command_line_prints_254_5896(capsys: pytest.CaptureFixture[str],
                                                tmp_path) -> None:
    # The project README's check: the free joker is the help text's; the bonus reading
    # does not move the value in the fourth decimal.
    assert main(["--expected", "--upper-bonus", "--free-joker", "--home", str(tmp_path)]) == 0
    assert capsys.readouterr().out.strip() == "254.5896"


def test_expected_score_with_the_help_texts_rules_is_237_8425(
        capsys: pytest.CaptureFixture[str], tmp_path) -> None:
    assert main(["--expected", "--home", str(tmp_path)]) == 0
    assert capsys.readouterr().out.strip() == "237.8425"
    assert (tmp_path / table_name(YZ_RULES)).exists()


@pytest.mark.parametrize(("flags", "value"), [
    (["--forced-joker"], "237.8245"),
    (["--free-joker", "--official-bonus"], "237.8425"),
    (["--forced-joker", "--official-bonus"], "237.8245"),
])
def test_expected_score_of_the_official_readings(capsys: pytest.CaptureFixture[str], tmp_path,
                                                 flags: list[str], value: str) -> None:
    assert main(["--expected", "--home", str(tmp_path), *flags]) == 0
    assert capsys.readouterr().out.strip() == value


def test_solver_writes_nothing_to_stderr(capsys: pytest.CaptureFixture[str], tmp_path) -> None:
    main(["--expected", "--home", str(tmp_path)])
    assert capsys.readouterr().err == ""


def test_first_yz_rule_costs_when_a_yz_went_elsewhere(yz_table: Table) -> None:
    # The same card (A4 used, B6 open): the bonus is still possible, or lost for good.
    card = Scorecard().with_score("A4", 20, False)
    mask, up, _ = state_of(card, YZ_RULES)
    assert yz_table.f[mask, up, 0] > yz_table.f[mask, up, 1] + 1


def test_build_yields_its_progress_up_to_one() -> None:
    steps = build_steps(YZ_RULES)
    fractions = []
    while True:
        try:
            fractions.append(next(steps))
        except StopIteration as done:
            assert isinstance(done.value, Table)
            break
    assert len(fractions) > 50
    assert fractions == sorted(fractions) and fractions[-1] == 1.0


def test_table_is_built_once_then_read_and_a_damaged_one_is_moved_aside(
        tmp_path, monkeypatch) -> None:
    import retro.games.yz.solver as solver

    name = table_name(YZ_RULES)
    (tmp_path / name).write_bytes(b"not a table")
    builds = []
    real_build = solver.build
    monkeypatch.setattr(solver, "build", lambda r: builds.append(r) or real_build(r))
    notices: list[str] = []
    store = Store(tmp_path, notify=notices.append)
    first = load_or_build(YZ_RULES, store)
    assert list(tmp_path.glob(f"{name}.bad*"))
    assert notices and name in notices[0]
    second = load_or_build(YZ_RULES, store)
    assert len(builds) == 1
    assert f"{second.expected:.4f}" == f"{first.expected:.4f}" == "237.8425"


def test_roll_probabilities_are_exact() -> None:
    assert abs(ROLL_P.sum() - 1) < 1e-12
    assert len(ROLL_P) == 252 and len(KEEPS) == 462
    assert abs(ROLL_P.min() - 1 / 7776) < 1e-15      # five alike
    assert abs(ROLL_P.max() - 120 / 7776) < 1e-15    # five different


def test_chance_alone_is_worth_70_over_3(yz_table: Table) -> None:
    f = yz_table.f
    assert abs(f[FULL ^ (1 << BOXES.index("B7")), 0, 0] - 70 / 3) < 1e-9


def test_sixes_alone_are_worth_30_times_91_over_216(yz_table: Table) -> None:
    f = yz_table.f
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


def _card(open_boxes: str, b6: int | None = 0, first_yz: str | None = None) -> Scorecard:
    card = Scorecard()
    for box in BOXES:
        if box not in open_boxes.split() and box != "B6":
            card = card.with_score(box, 0, False)
    if b6 is not None and "B6" not in open_boxes.split():
        card = card.with_score("B6", b6, False)
    if b6 == 50 and first_yz is None:
        first_yz = "B6"
    return replace(card, first_yz=first_yz)


@pytest.mark.parametrize(("open_boxes", "b6", "first_yz"), [
    ("B4 A2", 0, None),
    ("A4 B3", 0, None),     # the joker: a YZ of fours scores 25 as a full house only once
    ("A4 B3", 50, None),    # A4 is used; the same with the 100 bonus
    ("A4 B3", 50, "A1"),    # B6 holds 50 but the first YZ went to A1: no bonus
    ("B6 B5", None, None),
    ("B6 B5 A3", None, "A1"),   # B6 open, a YZ already went elsewhere: no bonus later
])
@pytest.mark.parametrize("rules", [YZ_RULES, FORCED, OFFICIAL], ids=["written", "forced",
                                                                      "official-bonus"])
def test_solver_agrees_with_brute_force_on_small_cards(open_boxes: str, b6: int | None,
                                                       first_yz: str | None, rules: Rules,
                                                       yz_table: Table, forced_table: Table,
                                                       official_table: Table) -> None:
    table = {YZ_RULES: yz_table, FORCED: forced_table, OFFICIAL: official_table}[rules]
    card = _card(open_boxes, b6, first_yz)
    assert table.f[state_of(card, rules)] == pytest.approx(_naive_value(card, rules), abs=1e-9)


# -- decisions ------------------------------------------------------------------------------

def test_first_yz_is_posted_in_b6(yz_table: Table) -> None:
    advice = Solver(yz_table).advise(Scorecard(), parse_dice("6 6 6 6 6"), 1)
    assert advice.box == "B6"


def test_open_straight_draw_keeps_the_four_in_a_row(yz_table: Table) -> None:
    card = _card("B5 B7")
    advice = Solver(yz_table).advise(card, parse_dice("2 3 4 5 5"), 1)
    assert advice.box is None
    assert advice.held == (True, True, True, True, False)


def test_advice_respects_the_forced_joker(forced_table: Table) -> None:
    card = _card("A3 B3 B4 B5", b6=50)
    advice = Solver(forced_table).advise(card, parse_dice("3 3 3 3 3"), 3)
    assert advice.box == "A3"


def test_advice_takes_the_large_straight_when_the_written_joker_allows_it(
        yz_table: Table) -> None:
    # With A3 used, a YZ of threes is a joker: 40 in B5 (+100) beats everything else.
    card = _card("A1 B3 B4 B5", b6=50)
    advice = Solver(yz_table).advise(card, parse_dice("3 3 3 3 3"), 3)
    assert advice.box == "B5"


def test_computer_plays_only_legal_posts_and_is_deterministic(yz_table: Table) -> None:
    player = ComputerPlayer(Solver(yz_table))
    first = play_solitaire(11, player)     # Game.post refuses an illegal box
    assert first == play_solitaire(11, player)
    assert first != play_solitaire(12, player)


def test_hint_for_every_roll_is_an_allowed_box(yz_table: Table) -> None:
    solver = Solver(yz_table)
    card = post(Scorecard(), "B6", parse_dice("2 2 2 2 2"))
    for roll in itertools.islice(itertools.combinations_with_replacement(range(1, 7), 5), 0, 252,
                                 7):
        advice = solver.advise(card, roll, 3)
        assert advice.box in allowed_posts(card, roll, YZ_RULES)
