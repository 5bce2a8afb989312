"""The evaluator: counts, standard ranking, and the manual's score formulas and examples."""

from __future__ import annotations

import itertools
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from retro.games.pigpoker import hands as h

ROOT = Path(__file__).resolve().parents[2]


def cls(text: str) -> int:
    return h.class_of(h.parse_hand(text))


def ranks(text: str) -> list[int]:
    return [h.RANKS.index(c) + 2 for c in text.replace("10", "T")]


def test_rank_weights_give_every_multiset_its_own_sum() -> None:
    sums = {sum(h.RANK_WEIGHTS[r] for r in combo)
            for combo in itertools.combinations_with_replacement(range(13), 5)}
    assert len(sums) == 6188


def test_counts_of_all_hands_match_the_manual_table() -> None:
    cat = h.category(h.all_hands())
    assert np.bincount(cat, minlength=9).tolist() == [
        1_302_540, 1_098_240, 123_552, 54_912, 10_200, 5_108, 3_744, 624, 40]
    assert len(np.unique(h.classify(h.all_hands()))) == 7462


@pytest.mark.parametrize(("hand", "expected"), [
    ("AAAAA", 31400),   # five aces: the manual's highest hand
    ("9999K", 21300),   # four nines, scored by the spare king
    ("77744", 15704),
    ("AKQJT", 9014),
    ("98765", 9009),
    ("5432A", 9005),
    ("KKK53", 8300),
    ("AA332", 3403),
    ("AK964", 14),
    ("97632", 0),
])
def test_manual_score_examples(hand: str, expected: int) -> None:
    assert h.class_score(h.rank_class(ranks(hand))) == expected


def test_score_command_prints_the_manual_score() -> None:
    out = subprocess.run([sys.executable, "-m", "retro.games.pigpoker.hands", "--score",
                          "QS QH QD 7C 7S"], cwd=ROOT, capture_output=True, text=True,
                         check=True)
    assert out.stdout == "16207\n"


def test_score_command_rejects_a_bad_card() -> None:
    out = subprocess.run([sys.executable, "-m", "retro.games.pigpoker.hands", "--score",
                          "QS QH QD 7C 1S"], cwd=ROOT, capture_output=True, text=True)
    assert out.returncode == 2 and "1S" in out.stderr and out.stdout == ""


def test_score_command_gives_the_manual_five_aces_example_with_a_note() -> None:
    out = subprocess.run([sys.executable, "-m", "retro.games.pigpoker.hands", "--score",
                          "AS AH AD AC AS", "--name"], cwd=ROOT, capture_output=True,
                         text=True, check=True)
    assert out.stdout == "31400\nFive of a kind, aces\n"
    assert "cannot be dealt" in out.stderr and "formula" in out.stderr


def test_score_command_still_refuses_a_repeated_card_that_is_not_five_of_a_kind() -> None:
    out = subprocess.run([sys.executable, "-m", "retro.games.pigpoker.hands", "--score",
                          "AS AS AD AC KS"], cwd=ROOT, capture_output=True, text=True)
    assert out.returncode == 2 and "twice" in out.stderr


def test_four_of_a_kind_score_uses_the_spare_card_not_the_quads() -> None:
    # The quirk: four aces with a deuce score below four deuces with a king ...
    assert h.score(h.parse_hand("AS AH AD AC 2S")) == 20200
    assert h.score(h.parse_hand("2S 2H 2D 2C KS")) == 21300
    # ... while standard ranking (used for every comparison) puts the aces on top.
    assert cls("AS AH AD AC 2S") > cls("2S 2H 2D 2C KS")


def test_bust_scores_its_top_card_only_when_jack_or_better() -> None:
    assert h.score(h.parse_hand("JS 9H 7D 4C 2S")) == 11
    assert h.score(h.parse_hand("TS 9H 7D 4C 2S")) == 0


def test_straight_flush_and_flush_scores_use_the_top_card() -> None:
    assert h.score(h.parse_hand("AS KS QS JS TS")) == 25014
    assert h.score(h.parse_hand("5H 4H 3H 2H AH")) == 25005
    assert h.score(h.parse_hand("KD 9D 7D 4D 2D")) == 10013


def test_two_pairs_score_puts_the_higher_pair_first() -> None:
    assert h.score(h.parse_hand("3S 3H AD AC 2S")) == 3403


def test_pair_score_is_hundred_times_the_pair() -> None:
    assert h.score(h.parse_hand("JS JH 9D 4C 2S")) == 1100


def test_ace_low_straight_is_the_lowest_straight() -> None:
    wheel = cls("5S 4H 3D 2C AS")
    assert wheel < cls("6S 5H 4D 3C 2S") < cls("AS KH QD JC TS")
    assert wheel > cls("KS KH KD 3C 2S")          # any straight beats three of a kind
    assert cls("5H 4H 3H 2H AH") < cls("6S 5S 4S 3S 2S")


def test_suits_never_break_ties() -> None:
    assert cls("AS KS QS JS TS") == cls("AH KH QH JH TH")
    assert cls("AS KH 9D 6C 4S") == cls("AD KC 9S 6H 4D")


def test_standard_ranking_examples() -> None:
    assert cls("JS JH 5D 4C 2S") > cls("TS TH AD KC QS")  # two jacks beat two tens
    assert cls("2S 2H 2D 3C 3S") > cls("AS AH KD QC JS")  # a full house beats a pair
    assert cls("AS AH KD QC 3S") > cls("AS AH KD QC 2D")  # kickers count
    assert cls("AS KS 9S 6S 4S") > cls("AS KH QD JC TS")  # flush beats straight


def test_order_agrees_with_phevaluator_on_a_sample() -> None:
    ph = pytest.importorskip("phevaluator")
    rng = np.random.default_rng(5)
    sample = h.all_hands()[rng.choice(2_598_960, 20_000, replace=False)]
    ours = h.classify(sample)
    theirs = np.array([ph.evaluate_cards(*map(int, row)) for row in sample])
    assert np.array_equal(ours, 7462 - theirs)


def test_parse_and_format_cards_round_trip() -> None:
    hand = h.parse_hand("as 10h 2d kc 9s")
    assert h.format_hand(hand) == "AS TH 2D KC 9S"
    assert all(h.Card.from_id(c.id) == c for c in hand)


@pytest.mark.parametrize("text", ["AS KS", "AS AS KD QC JH", "AX KD QC JH TS"])
def test_parse_hand_rejects_bad_hands(text: str) -> None:
    with pytest.raises(h.CardError):
        h.parse_hand(text)


def test_hands_card_prints_the_manual_probability_column() -> None:
    from retro.games.pigpoker import help as helptext
    chances = [helptext.chance_text(count) for _, _, count, _ in helptext.HANDS]
    # The manual's column, worked out from its counts (its four of a kind reads 2400 in a
    # million, ten times 624 / 2,598,960; we print the worked-out 240).
    assert chances == ["15 per million", "240 per million", "1.4 per 1,000", "2.0 per 1,000",
                       "3.9 per 1,000", "21 per 1,000", "48 per 1,000", "0.423", "0.501"]
    assert sum(count for _, _, count, _ in helptext.HANDS) == helptext.ALL_HANDS
