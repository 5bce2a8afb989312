"""YZ rules: each box, the joker, the YZ bonus, scratching and reposting."""

from __future__ import annotations

import random

import pytest

from retro.games.yz.rules import (
    BOXES,
    Game,
    IllegalPost,
    IllegalRoll,
    Joker,
    Phase,
    Rules,
    Scorecard,
    YZBonus,
    YZError,
    allowed_posts,
    format_dice,
    is_joker,
    natural_score,
    parse_box,
    parse_dice,
    post,
    score_box,
)
from retro.kit.rules import IllegalMoveError, NotationError, RulesError

WRITTEN = Rules()
FORCED = Rules(joker=Joker.FORCED)
OFFICIAL_BONUS = Rules(yz_bonus=YZBonus.BOX_HOLDS_50)
BONUS = Rules(upper_bonus=True)


def card_with(**scores: int) -> Scorecard:
    card = Scorecard()
    for box, score in scores.items():
        card = card.with_score(box, score, False)
    return card


def d(text: str) -> tuple[int, ...]:
    return parse_dice(text)


# -- every box --------------------------------------------------------------------------------

@pytest.mark.parametrize(("box", "dice", "score"), [
    ("A1", "1 1 3 4 1", 3), ("A2", "2 2 2 2 5", 8), ("A3", "3 1 1 1 1", 3),
    ("A4", "4 4 6 6 6", 8), ("A5", "5 5 5 5 5", 25), ("A6", "6 1 6 2 6", 18),
])
def test_upper_box_scores_sum_of_its_face(box: str, dice: str, score: int) -> None:
    assert score_box(box, d(dice), Scorecard()) == score


def test_upper_box_without_its_face_is_a_scratch() -> None:
    assert score_box("A6", d("1 2 3 4 5"), Scorecard()) == 0


def test_three_of_a_kind_scores_sum_of_all_dice() -> None:
    assert score_box("B1", d("4 4 4 2 6"), Scorecard()) == 20
    assert score_box("B1", d("4 4 4 4 6"), Scorecard()) == 22
    assert score_box("B1", d("4 4 3 2 6"), Scorecard()) == 0


def test_four_of_a_kind_scores_sum_of_all_dice() -> None:
    assert score_box("B2", d("3 3 3 3 6"), Scorecard()) == 18
    assert score_box("B2", d("3 3 3 6 6"), Scorecard()) == 0


def test_full_house_scores_25() -> None:
    assert score_box("B3", d("2 5 2 5 5"), Scorecard()) == 25
    assert score_box("B3", d("2 5 2 5 4"), Scorecard()) == 0


def test_five_alike_is_not_a_full_house_while_b6_is_open() -> None:
    assert score_box("B3", d("5 5 5 5 5"), Scorecard()) == 0


def test_small_straight_needs_four_in_a_row_and_scores_30() -> None:
    assert score_box("B4", d("1 2 3 4 6"), Scorecard()) == 30
    assert score_box("B4", d("3 4 5 6 3"), Scorecard()) == 30
    assert score_box("B4", d("1 2 3 5 6"), Scorecard()) == 0


def test_large_straight_also_counts_as_small_straight() -> None:
    assert score_box("B4", d("2 3 4 5 6"), Scorecard()) == 30


def test_large_straight_needs_five_in_a_row_and_scores_40() -> None:
    assert score_box("B5", d("5 4 3 2 1"), Scorecard()) == 40
    assert score_box("B5", d("2 3 4 5 6"), Scorecard()) == 40
    assert score_box("B5", d("1 2 3 4 6"), Scorecard()) == 0


def test_yz_box_scores_50_for_five_alike() -> None:
    assert score_box("B6", d("2 2 2 2 2"), Scorecard()) == 50
    assert score_box("B6", d("2 2 2 2 3"), Scorecard()) == 0


def test_chance_scores_sum_of_anything() -> None:
    assert score_box("B7", d("1 3 5 6 6"), Scorecard()) == 21


def test_used_box_cannot_take_dice() -> None:
    with pytest.raises(IllegalPost, match=r"is already used\."):
        score_box("B7", d("1 1 1 1 2"), card_with(B7=10))


# -- scratching ---------------------------------------------------------------------------------

def test_scratch_by_choice_puts_zero_in_any_open_box() -> None:
    card = post(Scorecard(), "B5", d("6 6 6 6 1"))
    assert card["B5"] == 0
    assert card.total(Rules()) == 0


def test_scratch_is_forced_when_nothing_fits() -> None:
    card = card_with(**{b: 1 for b in BOXES if b not in ("B5",)})
    assert allowed_posts(card, d("1 1 2 2 4")) == {"B5": 0}


# -- the YZ bonus, as the help text writes it ---------------------------------------------------
# "A 100 point bonus for second and subsequent YZ's if, and only if, the first YZ was scored
# as 50": the first YZ the player posts decides it, every branch below with constructed dice.

def post_all(card: Scorecard, *moves: tuple[str, str], rules: Rules = WRITTEN) -> Scorecard:
    for box, dice in moves:
        card = post(card, box, d(dice), rules)
    return card


def test_second_yz_earns_100_when_first_was_scored_50() -> None:
    card = post_all(Scorecard(), ("B6", "3 3 3 3 3"), ("A4", "4 4 4 4 4"))
    assert card.yz_bonus_points == 100
    assert card.total(Rules()) == 50 + 20 + 100


def test_every_further_yz_earns_another_100() -> None:
    card = post_all(Scorecard(), ("B6", "3 3 3 3 3"), ("A4", "4 4 4 4 4"),
                    ("A2", "2 2 2 2 2"))
    assert card.yz_bonuses == 2


def test_first_yz_itself_earns_no_bonus() -> None:
    card = post(Scorecard(), "B6", d("3 3 3 3 3"))
    assert card.yz_bonuses == 0
    assert card.first_yz == "B6"


def test_no_yz_bonus_when_yz_box_was_scratched() -> None:
    card = post_all(Scorecard(), ("B6", "1 2 3 4 6"), ("A4", "4 4 4 4 4"),
                    ("B3", "4 4 4 4 4"))
    assert card["B6"] == 0
    assert card.yz_bonus_points == 0


def test_first_yz_to_fours_never_earns_a_bonus_even_after_b6_gets_50() -> None:
    card = post_all(Scorecard(), ("A4", "4 4 4 4 4"), ("B6", "2 2 2 2 2"),
                    ("A5", "5 5 5 5 5"), ("B7", "6 6 6 6 6"))
    assert card.first_yz == "A4"
    assert card["B6"] == 50
    assert card.yz_bonuses == 0


def test_first_yz_scratched_elsewhere_loses_the_bonus() -> None:
    card = post_all(Scorecard(), ("B5", "6 6 6 6 6"), ("B6", "1 1 1 1 1"),
                    ("A1", "1 1 1 1 1"))
    assert card["B5"] == 0 and card["B6"] == 50
    assert card.yz_bonuses == 0


def test_non_yz_postings_leave_the_first_yz_undecided() -> None:
    card = post_all(Scorecard(), ("A4", "4 4 4 4 1"), ("B1", "2 2 2 3 4"))
    assert card.first_yz is None
    card = post_all(card, ("B6", "5 5 5 5 5"), ("B7", "5 5 5 5 5"))
    assert card.yz_bonuses == 1


def test_yz_bonus_also_when_the_joker_scratches_an_upper_box() -> None:
    card = post_all(Scorecard(), ("B6", "5 5 5 5 5"), ("A5", "5 5 1 2 3"))
    for box in ("B1", "B2", "B3", "B4", "B5", "B7"):
        card = card.with_score(box, 1, False)
    card = post(card, "A1", d("5 5 5 5 5"))
    assert card["A1"] == 0
    assert card.yz_bonuses == 1


def test_official_bonus_counts_b6_holding_50_even_after_a_first_yz_elsewhere() -> None:
    card = post_all(Scorecard(), ("A4", "4 4 4 4 4"), ("B6", "2 2 2 2 2"),
                    ("A5", "5 5 5 5 5"), rules=OFFICIAL_BONUS)
    assert card.yz_bonuses == 1


def test_repost_of_the_first_yz_recounts_who_was_first() -> None:
    g = Game(players=("A",))
    g.dice, g.roll = d("3 3 3 3 3"), 1
    g.post("A3")
    assert g.card.first_yz == "A3"
    g.post("B6")
    assert g.card.first_yz == "B6" and g.card["A3"] is None


def test_posting_bonus_is_reported() -> None:
    g = Game(players=("A",), cards=[post(Scorecard(), "B6", d("3 3 3 3 3"))])
    g.dice, g.roll = d("6 6 6 6 6"), 1
    g.post("A6")
    assert g.posting_bonus == 100


# -- the joker, as the help text writes it -------------------------------------------------------
# "(a) it cannot be scored as YZ (B6 taken or scratched), and (b) it cannot be scored in the
# upper section": only then a joker.  Otherwise an ordinary roll.

def test_no_joker_while_yz_box_is_open() -> None:
    card = card_with(A4=12)
    assert not is_joker(card, d("4 4 4 4 4"))
    assert allowed_posts(card, d("4 4 4 4 4"))["B4"] == 0


def test_yz_with_its_upper_box_open_is_an_ordinary_roll() -> None:
    card = card_with(B6=50)
    assert not is_joker(card, d("4 4 4 4 4"))
    allowed = allowed_posts(card, d("4 4 4 4 4"))
    assert set(allowed) == set(card.open_boxes)
    assert allowed["A4"] == 20 and allowed["B1"] == 20 and allowed["B2"] == 20
    assert allowed["B7"] == 20
    assert allowed["B3"] == allowed["B4"] == allowed["B5"] == 0   # only scratches there


def test_yz_with_its_upper_box_open_may_be_scratched_anywhere() -> None:
    card = post(card_with(B6=0), "B5", d("4 4 4 4 4"))
    assert card["B5"] == 0
    card = post(card_with(B6=50), "A1", d("4 4 4 4 4"))
    assert card["A1"] == 0


def test_joker_goes_to_any_open_lower_box_at_full_value_when_upper_box_used() -> None:
    card = card_with(B6=0, A4=12)
    assert is_joker(card, d("4 4 4 4 4"))
    allowed = allowed_posts(card, d("4 4 4 4 4"))
    assert {b: allowed[b] for b in allowed if b[0] == "B"} == {
        "B1": 20, "B2": 20, "B3": 25, "B4": 30, "B5": 40, "B7": 20}


def test_joker_may_scratch_an_upper_box_like_any_roll() -> None:
    card = card_with(B6=50, A4=12)
    allowed = allowed_posts(card, d("4 4 4 4 4"))
    assert allowed["A1"] == 0 and allowed["A6"] == 0


def test_joker_scratches_an_upper_box_when_lower_section_is_full() -> None:
    lower = {b: 1 for b in ("B1", "B2", "B3", "B4", "B5", "B7")}
    card = card_with(B6=50, A4=12, **lower)
    allowed = allowed_posts(card, d("4 4 4 4 4"))
    assert allowed == {"A1": 0, "A2": 0, "A3": 0, "A5": 0, "A6": 0}


# -- the official (Hasbro) forced joker, kept as an option ----------------------------------------

def test_forced_joker_goes_to_its_upper_box_when_open() -> None:
    card = card_with(B6=50)
    assert allowed_posts(card, d("4 4 4 4 4"), FORCED) == {"A4": 20}
    with pytest.raises(IllegalPost, match=r"official joker rule.*A4"):
        post(card, "B3", d("4 4 4 4 4"), FORCED)


def test_forced_joker_may_not_scratch_upper_box_while_lower_box_is_open() -> None:
    card = card_with(B6=50, A4=12, B1=10, B2=10, B3=25, B4=30, B7=20)
    assert allowed_posts(card, d("4 4 4 4 4"), FORCED) == {"B5": 40}
    with pytest.raises(IllegalPost):
        post(card, "A1", d("4 4 4 4 4"), FORCED)


def test_forced_joker_scratches_an_upper_box_when_lower_section_is_full() -> None:
    lower = {b: 1 for b in ("B1", "B2", "B3", "B4", "B5", "B7")}
    card = card_with(B6=50, A4=12, **lower)
    assert allowed_posts(card, d("4 4 4 4 4"), FORCED) == {
        "A1": 0, "A2": 0, "A3": 0, "A5": 0, "A6": 0}


# -- the upper bonus option ------------------------------------------------------------------------

def test_upper_bonus_is_off_by_default_as_the_manual_lists_none() -> None:
    card = card_with(A1=3, A2=6, A3=9, A4=12, A5=15, A6=18)
    assert card.upper_subtotal == 63
    assert card.total(Rules()) == 63


def test_upper_bonus_option_gives_35_at_63() -> None:
    card = card_with(A1=3, A2=6, A3=9, A4=12, A5=15, A6=18)
    assert card.total(BONUS) == 98
    assert card_with(A6=30, A5=25, A1=4).total(BONUS) == 59


# -- turns, rolling, reposting ------------------------------------------------------------

def test_first_roll_rolls_all_five_dice() -> None:
    g = Game(players=("A", "B"))
    dice = g.roll_dice(random.Random(1))
    assert len(dice) == 5 and g.roll == 1


def test_reroll_changes_only_marked_dice() -> None:
    g = Game(players=("A",))
    rng = random.Random(3)
    first = g.roll_dice(rng)
    g.toggle(1)
    g.toggle(3)
    g.toggle(3)  # clicking again restores it
    second = g.roll_dice(rng)
    assert [second[i] for i in (0, 2, 3, 4)] == [first[i] for i in (0, 2, 3, 4)]


def test_select_all_marks_every_die() -> None:
    g = Game(players=("A",))
    g.roll_dice(random.Random(3))
    g.select_all()
    assert g.held == (False,) * 5


def test_fourth_roll_is_not_allowed() -> None:
    g = Game(players=("A",))
    rng = random.Random(5)
    g.roll_dice(rng)
    for _ in range(2):
        g.select_all()
        g.roll_dice(rng)
    with pytest.raises(IllegalRoll):
        g.select_all()
    with pytest.raises(IllegalRoll):
        g.roll_dice(rng)


def test_rolling_again_needs_marked_dice() -> None:
    g = Game(players=("A",))
    rng = random.Random(5)
    g.roll_dice(rng)
    with pytest.raises(IllegalRoll, match="Mark"):
        g.roll_dice(rng)


def test_posting_before_rolling_is_refused() -> None:
    with pytest.raises(IllegalPost, match="Roll"):
        Game(players=("A", "B")).post("B7")


def test_repost_before_next_players_first_roll() -> None:
    g = Game(players=("A", "B"))
    g.dice, g.roll = d("2 2 2 5 5"), 1
    assert g.post("B7") == 16
    assert g.post("B3") == 25          # changed mind: moved to full house
    assert g.cards[0]["B7"] is None
    assert g.cards[0]["B3"] == 25
    g.roll_dice(random.Random(0))      # B's first roll: A's posting is now final
    assert g.turn == 1
    g.post("B7")                       # this posting goes to B's card
    assert g.cards[0]["B3"] == 25 and g.cards[0]["B7"] is None
    assert g.cards[1]["B7"] is not None


def test_repost_takes_back_a_yz_bonus() -> None:
    g = Game(players=("A",), cards=[card_with(B6=50)])
    g.dice, g.roll = d("6 6 6 6 6"), 3
    g.post("A6")
    assert g.card.yz_bonuses == 0          # the first YZ, and B6 was filled by a scratch
    g.cards[0] = post(Scorecard(), "B6", d("2 2 2 2 2"))
    g.dice, g.roll, g.phase, g.posting = d("6 6 6 6 6"), 3, Phase.ROLL, None
    g.post("A6")
    assert g.card.yz_bonuses == 1
    g.post("B7")
    assert g.card["A6"] is None and g.card["B7"] == 30 and g.card.yz_bonuses == 1
    g.post("B3")                           # not a joker: A6 is open again, so a scratch
    assert g.card["B7"] is None and g.card["B3"] == 0 and g.card.yz_bonuses == 1


def test_game_ends_when_every_card_is_full() -> None:
    g = Game(players=("A", "B"))
    rng = random.Random(9)
    for _ in range(26):
        g.roll_dice(rng)
        g.post(next(iter(g.allowed())))
    assert g.phase is Phase.OVER
    with pytest.raises(IllegalRoll):
        g.roll_dice(rng)


def test_parse_and_format_are_paired() -> None:
    assert format_dice(parse_dice("31662")) == "3 1 6 6 2"
    assert parse_box("b6") == "B6"
    with pytest.raises(NotationError):
        parse_dice("1 2 3 4 7")
    with pytest.raises(NotationError):
        parse_box("C1")


def test_reading_errors_are_notation_errors_as_in_every_game() -> None:
    # Text that cannot be read is a NotationError, not an illegal move: a caller catching
    # IllegalMoveError for moves must not swallow a typing mistake, and the reverse.
    for attempt in (lambda: parse_dice("7"), lambda: parse_box("C9"),
                    lambda: natural_score("C9", (1, 2, 3, 4, 5))):
        with pytest.raises(NotationError) as info:
            attempt()
        assert not isinstance(info.value, IllegalMoveError)


def test_state_has_the_documented_keys() -> None:
    g = Game(players=("A", "B"))
    g.roll_dice(random.Random(2))
    state = g.to_state()
    for key in ("phase", "turn", "roll", "dice", "held", "scorecards", "yz_bonus", "options"):
        assert key in state
    assert state["roll"] == 1
    assert set(state["scorecards"][0]) == set(BOXES)



def test_error_messages_are_sentences() -> None:
    g = Game(players=("A",))
    errors: list[RulesError] = []
    for attempt in (lambda: g.post("B7"), lambda: g.toggle(0), lambda: g.select_all(),
                    lambda: parse_box("C9"), lambda: parse_dice("1 2 3")):
        with pytest.raises(RulesError) as info:
            attempt()
        errors.append(info.value)
    g.roll_dice(random.Random(1))
    with pytest.raises(YZError) as info:
        g.roll_dice(random.Random(1))
    errors.append(info.value)
    for err in errors:
        text = str(err)
        assert text[0].isupper() and text.endswith("."), text
