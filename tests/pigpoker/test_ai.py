"""The computer players: exact odds equal brute force; squares weighed by lines."""

from __future__ import annotations

import random

import numpy as np
import pytest

from retro.games.pigpoker import ai
from retro.games.pigpoker import hands as hx
from retro.games.pigpoker import rules as r

PAIR = "JS JH 5D 4C 2S"


def game(seed: int = 1, n: int = 2) -> r.Game:
    g = r.Game([r.Player(f"P{i}", True) for i in range(n)], random.Random(seed))
    g.start_turn()
    return g


def test_exact_odds_equal_enumerating_every_redraw() -> None:
    g = r.with_board(game(), {5: (1, "TS TH 5D 4C 2S"), 6: (0, PAIR)})
    values = ai.class_values(g, 0)
    hand = [c.id for c in hx.parse_hand("AS KD 7H 7C 2D")]
    fast = ai.subset_values(hand, 5, values)
    slow = ai.subset_values_brute(hand, 4, values)      # every redraw of up to 4 cards
    assert len(fast) == 32 and len(slow) == 31
    four = ai.subset_values(hand, 4, values)            # the same die: the same rounds
    assert max(abs(four[k] - slow[k]) for k in slow) < 1e-9
    # Redrawing all five: every one of the 2,598,960 hands is equally likely.
    everything = values[hx.classify(hx.all_hands())].mean()
    assert abs(fast[(0, 1, 2, 3, 4)] - everything) < 1e-9


def test_exact_odds_respect_the_die() -> None:
    values = ai.class_values(game(), 0)
    hand = [c.id for c in hx.parse_hand("AS KD 7H 7C 2D")]
    assert max(len(s) for s in ai.subset_values(hand, 2, values)) == 2


def test_exact_player_keeps_a_made_flush_rather_than_breaking_it() -> None:
    g = game()
    g.hand = list(hx.parse_hand("AS 9S 7S 4S 2S"))
    g.die = g.twiddles_left = 5
    assert ai.ExactPlayer().twiddle(g) == []


def test_exact_player_twiddles_a_worthless_hand() -> None:
    g = game()
    g.hand = list(hx.parse_hand("9S 7H 5D 3C 2S"))
    g.die = g.twiddles_left = 3
    assert len(ai.ExactPlayer().twiddle(g)) > 0


def test_exact_player_completes_its_own_line() -> None:
    g = r.with_board(game(), {0: (0, PAIR), 1: (0, PAIR), 2: (0, PAIR), 10: (1, PAIR)})
    g.hand = list(hx.parse_hand("QS QH 5D 4C 2S"))
    g.phase = r.PLACE
    assert ai.ExactPlayer().square(g) == 3


def test_exact_player_blocks_opponent_three_in_a_row() -> None:
    g = r.with_board(game(), {4: (1, PAIR), 5: (1, PAIR), 6: (1, PAIR)})
    g.hand = list(hx.parse_hand("QS QH 5D 4C 2S"))
    g.phase = r.PLACE
    assert ai.ExactPlayer().square(g) in (4, 5, 6, 7)


def test_square_values_bar_illegal_captures() -> None:
    g = r.with_board(game(), {0: (1, "AS AH AD 4C 2S")})
    table = ai.square_values(g, 0)
    assert np.isneginf(table[0, hx.class_of(hx.parse_hand("KS KH KD 4C 2S"))])
    assert np.isneginf(table[1, hx.class_of(hx.parse_hand("TS 9H 5D 4C 2S"))])


def test_greedy_keeps_pairs_and_redraws_lowest_first() -> None:
    g = game()
    g.hand = list(hx.parse_hand("9S 9H KD 4C 2S"))
    g.die = g.twiddles_left = 2
    assert sorted(ai.GreedyPlayer().twiddle(g)) == [3, 4]


def test_greedy_takes_the_square_with_the_highest_hand() -> None:
    g = r.with_board(game(), {2: (1, PAIR), 9: (1, "TS TH 5D 4C 2S")})
    g.hand = list(hx.parse_hand("KS KH 5D 4C 2S"))
    g.phase = r.PLACE
    assert ai.GreedyPlayer().square(g) == 2


def test_computer_agrees_to_draw_unless_ahead() -> None:
    g = r.with_board(game(), {0: (0, PAIR), 1: (0, PAIR), 2: (1, PAIR)})
    assert not ai.agrees_to_draw(g, 0) and ai.agrees_to_draw(g, 1)


def test_games_between_computers_are_deterministic() -> None:
    a = ai.play_game([ai.ExactPlayer(), ai.GreedyPlayer()], seed=11)
    b = ai.play_game([ai.ExactPlayer(), ai.GreedyPlayer()], seed=11)
    assert a.state() == b.state() and a.over


@pytest.mark.slow
def test_exact_player_beats_random_at_fixed_seeds() -> None:
    wins = 0
    for seed in range(20):
        seats = [ai.ExactPlayer(), ai.RandomPlayer(random.Random(seed))]
        if seed % 2:
            seats.reverse()
        g = ai.play_game(seats, seed)
        wins += g.winner is not None and isinstance(seats[g.winner], ai.ExactPlayer)
    assert wins >= 17


def test_six_computers_play_a_game_to_the_end_or_turn_limit() -> None:
    g = ai.play_game([ai.ExactPlayer() for _ in range(6)], seed=3, max_turns=300)
    assert sum(g.chips) == 600


# -- the count tables: by counting suits, no stall on the first computer turn ---------------

def test_count_tables_by_suits_equal_enumerating_every_hand() -> None:
    fast, slow = ai.odds(), ai.odds_enumerated()
    assert np.array_equal(fast.all_hist, slow.all_hist)
    assert np.array_equal(fast.card_hist, slow.card_hist)
    assert int(fast.all_hist.sum()) == 2_598_960


def test_count_tables_do_not_enumerate_every_hand(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse() -> np.ndarray:
        raise AssertionError("the first computer turn must not enumerate all hands")
    monkeypatch.setattr(hx, "all_hands", refuse)
    ai.odds.cache_clear()
    try:
        assert int(ai.odds().all_hist.sum()) == 2_598_960
    finally:
        ai.odds.cache_clear()


# -- defence: every line's threat, whoever holds the fourth square ----------------------------

TWO_KINGS = "KS KH 9D 5C 2S"


def placing(g: r.Game, hand: str) -> r.Game:
    g.hand = list(hx.parse_hand(hand))
    g.phase = r.PLACE
    return g


def test_exact_player_breaks_a_rival_three_when_a_third_player_holds_the_fourth() -> None:
    # Seat 1 holds A, B, C; seat 2 holds D with a pair of queens the computer cannot beat,
    # but two kings take back one of seat 1's three (pairs of jacks).
    g = r.with_board(game(n=3), {0: (1, PAIR), 1: (1, PAIR), 2: (1, PAIR),
                                 3: (2, "QS QH 9D 5C 2S"), 12: (0, PAIR)})
    placing(g, TWO_KINGS)
    assert ai.ExactPlayer().square(g) in (0, 1, 2)


def test_exact_player_retakes_its_own_square_that_completes_a_rival_line() -> None:
    # Seat 1 holds E, F, G; the computer holds H with a jack-high bust, an easy target.
    g = r.with_board(game(n=2), {4: (1, PAIR), 5: (1, PAIR), 6: (1, PAIR),
                                 7: (0, "JS 9H 7D 5C 2S"), 15: (1, PAIR)})
    placing(g, "AS AH 9D 9C 2S")
    assert ai.ExactPlayer().square(g) in (4, 5, 6, 7)


def test_exact_player_prefers_breaking_a_line_to_raising_its_fourth_square() -> None:
    # The fourth square (H) holds a flush; breaking seat 1's three takes the threat away.
    g = r.with_board(game(n=3), {4: (1, PAIR), 5: (1, PAIR), 6: (1, PAIR),
                                 7: (2, "KD 9D 7D 5D 2D")})
    placing(g, "AS AH AD 9C 2S")
    assert ai.ExactPlayer().square(g) in (4, 5, 6)


def test_exact_player_does_not_hand_a_rival_a_weak_pig_on_its_line() -> None:
    # Seat 1 holds F and G (row 2) with threes; a jack-high bust on E or H would not stop
    # the row and would be a double prize for seat 1 (a pig taken, the row grown).
    g = r.with_board(game(n=2), {5: (1, "KS KH KD 5C 6C"), 6: (1, "QS QH QD 5D 6D"),
                                 0: (0, "AS AH AD 2C 3C")})
    placing(g, "JD 9C 7S 4H 2D")
    assert ai.ExactPlayer().square(g) not in (4, 7)


def test_exact_player_twiddles_for_a_hand_that_can_block() -> None:
    # Seat 1 has three of a line with the fourth held by seat 2's two queens; only a hand
    # above a pair of jacks can break the line, so the computer keeps its pair of kings.
    g = r.with_board(game(n=3), {0: (1, "JS JH 5D 4C 3S"), 1: (1, "JD JC 6D 4D 3D"),
                                 2: (1, "JS JD 7D 4H 3H"), 3: (2, "QS QH 9D 5C 2S")})
    g.hand = list(hx.parse_hand("KS KH 9D 5C 2S"))
    g.die = g.twiddles_left = 3
    kept = set(range(5)) - set(ai.ExactPlayer().twiddle(g))
    assert {0, 1} <= kept


def test_twiddle_decision_as_cooperative_work_stops_with_its_best_so_far() -> None:
    g = game(n=3)                            # three players: no look-ahead, subsets only
    g.hand = list(hx.parse_hand("9S 7H 5D 3C 2S"))
    g.die = g.twiddles_left = 3
    steps = ai.ExactPlayer().twiddle_steps(g)
    shares = [next(steps)]
    with pytest.raises(StopIteration) as stopped:
        steps.send(True)                     # Esc: settle for what is weighed so far
    assert shares == [pytest.approx(1 / 26)] and stopped.value.value == []   # standing
    full = ai.ExactPlayer().twiddle_steps(g)
    assert ai.drain(full) == ai.ExactPlayer().twiddle(g) != []


def test_look_ahead_reports_progress_and_esc_drops_it_for_the_static_values(
        monkeypatch: pytest.MonkeyPatch) -> None:
    g = r.with_board(game(), {5: (1, "KS KH KD 5C 6C"), 6: (1, "QS QH QD 5D 6D"),
                              0: (0, "AS AH AD 2C 3C")})
    g.hand = list(hx.parse_hand("9S 7H 5D 3C 2S"))
    g.die = g.twiddles_left = 3
    shares = []
    steps = ai.ExactPlayer().twiddle_steps(g)
    try:
        while True:
            shares.append(steps.send(None))
    except StopIteration as end:
        full = end.value
    looked = [s for s in shares if s <= ai.LOOK_SHARE]
    assert len(looked) >= 16 and shares == sorted(shares) and shares[-1] == pytest.approx(1.0)
    assert full == ai.ExactPlayer().twiddle(g)
    # Esc while the look-ahead runs: the subsets are weighed at once by the static values.
    steps = ai.ExactPlayer().twiddle_steps(g)
    next(steps)
    with pytest.raises(StopIteration) as stopped:
        steps.send(True)
    monkeypatch.setattr(ai, "LOOK_VALUE", 0.0)
    assert stopped.value.value == ai.ExactPlayer().twiddle(g)


# -- the look-ahead (two players) --------------------------------------------------------------

def test_exact_player_counter_attacks_when_its_block_already_holds(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # Seat 1 holds B, C, D; the computer holds A with two pairs, aces up: seat 1 beats it
    # about one turn in eight.  Three tens can break the row (B) or take K from seat 1,
    # which gives the computer A, K and P of the diagonal with F empty: a three that any
    # hand completes.  Looking a turn ahead, the race is won on the diagonal; the static
    # values alone break the row.
    g = r.with_board(game(), {0: (0, "5H TS AD AH 5C"), 12: (0, "8S 9S TD JS 9C"),
                              15: (0, "7D AC AH 4S 8C"), 1: (1, "KH TC KD JH JS"),
                              2: (1, "8H JH 5D 9S 3H"), 3: (1, "7H KH QD TD 4D"),
                              10: (1, "JD KS JC 3S KH")})
    placing(g, "TS KD QS TD TH")
    assert ai.ExactPlayer().square(g) == 10
    monkeypatch.setattr(ai, "LOOK_VALUE", 0.0)
    assert ai.ExactPlayer().square(g) == 1


def test_a_hand_that_can_take_nothing_is_no_refuge_from_a_rival_three() -> None:
    # Seat 1 holds E, F, G with H empty.  A jack-high bust can at least sit on H; a nine-high
    # bust passes and leaves H open: the twiddles must not prefer the pass.
    g = r.with_board(game(), {4: (1, PAIR), 5: (1, PAIR), 6: (1, PAIR),
                              0: (0, "KS KH KD 5C 2S")})
    values = ai.class_values(g, 0)
    nine_high = hx.class_of(hx.parse_hand("9S 7H 5D 3C 2S"))
    jack_high = hx.class_of(hx.parse_hand("JS 9H 7D 5C 2S"))
    assert values[jack_high] > values[nine_high]


def test_look_ahead_plays_only_two_player_games_without_same_sex() -> None:
    assert ai.looks_ahead(game())
    assert not ai.looks_ahead(game(n=3))
    same_sex = r.Game([r.Player("A", True), r.Player("B", True)], random.Random(1),
                      r.Options(same_sex=True))
    assert not ai.looks_ahead(same_sex)


def test_exact_player_breaks_a_rival_two_rather_than_make_a_three_its_bust_cannot_hold() -> None:
    # The computer holds A (a full house), L and P; seat 1 holds B, C, D and G: its row is
    # held off by the full house, but C and G make a column two and D and G a diagonal two.
    # A king-high bust could take F and make a three on the A-P diagonal, but a rival that
    # draws as well as the line-aware player takes a bust back at once; it breaks the
    # rival's row and column on C instead.
    g = r.with_board(game(), {0: (0, "3C 3S 9H 3D 9D"), 11: (0, "5H 5S QC 8H 2H"),
                              15: (0, "QD 3D 3C 6C KH"), 1: (1, "AS JC TC 8H 2S"),
                              2: (1, "6D TS KC JS 4H"), 3: (1, "6H 3C 3S 3D TH"),
                              6: (1, "JC 3S 3H TD TS")})
    placing(g, "KC QC 5D 3D 7S")
    assert g.turn == 0
    assert ai.ExactPlayer().square(g) == 2


def test_exact_player_blocks_a_rival_three_with_a_weak_hand_rather_than_build_its_own(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # Seat 1 holds A, E and M of the first column with I empty, each square above an
    # ace-high bust.  The computer's ace-high bust can sit on I, which a strong rival
    # takes back most of the time, or on K, a three of its own in the third column (C, G,
    # K with O empty).  Whatever that three is worth later counts only if the rival does
    # not complete its column at once, which it nearly always does unless I is blocked:
    # so the computer blocks.  Weighing the static values as if the game went on either
    # way, it builds its own three instead.
    g = r.with_board(game(), {0: (1, "QS QH 8D 6C 3S"), 4: (1, "9S 9H KD 5C 2S"),
                              12: (1, "KS KH 8D 6C 3D"), 1: (1, "7S 7H AD 4C 2S"),
                              2: (0, "TS TH TD 4C 2S"), 3: (0, "8S 8H 8C 4D 2D"),
                              6: (0, "JS JD JC 4H 2H")})
    placing(g, "AH QD 8D 6D 3S")
    assert g.turn == 0
    assert ai.ExactPlayer().square(g) == 8
    # The twiddles weigh the hand the same way: the game is nearly lost, so an ace-high
    # bust is worth little more than the race it leaves.
    ace_high = g.hand_class
    staked = ai.class_values(g, 0)[ace_high]
    monkeypatch.setattr(ai, "STAKE", 0.0)
    assert ai.ExactPlayer().square(g) == 10
    assert ai.class_values(g, 0)[ace_high] > staked + 40


def test_redraw_worth_keeps_a_draw_only_when_it_beats_the_rounds_left() -> None:
    # A draw worth 0 or 1, even chances: one round 1/2, two 3/4, three 7/8.
    worths = np.array([0.0, 1.0])
    assert [ai.redraw_worth(worths, None, n) for n in (1, 2, 3)] == [0.5, 0.75, 0.875]
    # Weighted: a draw worth 4 a quarter of the time, else 0, then a second round.
    assert ai.redraw_worth(np.array([0.0, 4.0]), np.array([0.75, 0.25]), 2) == 1.75


def test_twiddle_counts_the_rounds_the_die_leaves() -> None:
    # Only trips or better count.  A pair of sevens with a die of 5: one kicker redrawn
    # up to five times (each time a seven with 2 chances in 48) beats three kickers once;
    # with a die of 3, three kickers at once still beat one kicker three times, just.
    values = (hx.tables().category >= hx.THREE).astype(float)
    hand = [c.id for c in hx.parse_hand("7S 7H KD 9C 2S")]
    five = ai.subset_values(hand, 5, values)
    assert abs(five[(2,)] - (1 - (46 / 48) ** 5)) < 1e-12
    three = ai.subset_values(hand, 3, values)
    assert abs(five[(2, 3)] - (1 - (1 - three[(2, 3)]) ** 2)) < 1e-12     # two rounds of two
    assert five[(2, 3, 4)] == three[(2, 3, 4)]                           # one round of three
    assert max(five, key=lambda s: (round(five[s], 9), -len(s))) == (2,)
    assert max(three, key=lambda s: (round(three[s], 9), -len(s))) == (2, 3, 4)
    assert three[(2,)] < three[(2, 3, 4)] < 0.1201
