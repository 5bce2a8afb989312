"""Pig Poker rules, one test per rule of the manual (and per decision in README)."""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from retro.games.pigpoker import hands as hx
from retro.games.pigpoker import rules as r


def game(n: int = 2, seed: int = 1, chips: list[int] | None = None, **opts: bool) -> r.Game:
    g = r.Game([r.Player(f"P{i}") for i in range(n)], random.Random(seed),
               r.Options(**opts), chips=chips or [100] * n)
    g.start_turn()
    return g


def holding(g: r.Game, text: str) -> r.Game:
    """Give the player to move a known hand, ready to pig out."""
    g.hand = list(hx.parse_hand(text))
    g.phase = r.PLACE
    return g


def test_rules_module_imports_without_pygame() -> None:
    code = ("import sys; sys.modules['pygame'] = None; import retro.games.pigpoker.rules, "
            "retro.games.pigpoker.hands, retro.games.pigpoker.bank, retro.games.pigpoker.ai; "
            "print('ok')")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         cwd=Path(__file__).resolve().parents[2])
    assert out.stdout.strip() == "ok", out.stderr


@pytest.mark.parametrize("n", [1, 7])
def test_two_to_six_players(n: int) -> None:
    with pytest.raises(r.PigPokerError):
        r.Game([r.Player(str(i)) for i in range(n)], random.Random(1))


def test_turn_deals_five_distinct_cards_and_rolls_die_one_to_five() -> None:
    g = game()
    seen = set()
    for _ in range(200):
        assert len(set(g.hand)) == 5 and len(g.deck) == 47
        assert 1 <= g.die <= 5 and g.twiddles_left == g.die
        seen.add(g.die)
        g.start_turn()
    assert seen == {1, 2, 3, 4, 5}


def test_same_seed_same_game() -> None:
    a, b = game(seed=9), game(seed=9)
    a.twiddle([0, 1][: a.die])
    b.twiddle([0, 1][: b.die])
    assert a.hand == b.hand and a.die == b.die


def test_twiddle_redraws_chosen_cards_and_keeps_the_rest() -> None:
    g = game(seed=3)
    while g.die < 2:
        g.start_turn()
    before = list(g.hand)
    g.twiddle([1, 3])
    assert [g.hand[i] for i in (0, 2, 4)] == [before[i] for i in (0, 2, 4)]
    assert len(set(g.hand)) == 5 and len(g.deck) == 47


def test_twiddled_cards_go_back_into_the_deck_before_the_redraw() -> None:
    # Over many redraws of one card, the card sent back sometimes returns.
    returned = 0
    for seed in range(400):
        g = game(seed=seed)
        old = g.hand[0]
        g.twiddle([0])
        returned += g.hand[0] == old
    assert returned > 0


def test_twiddle_no_more_than_the_die_allows() -> None:
    g = game(seed=4)
    while g.die != 2:
        g.start_turn()
    with pytest.raises(r.IllegalTwiddle):
        g.twiddle([0, 1, 2])


def test_twiddle_in_several_rounds_until_allowance_used() -> None:
    g = game(seed=5)
    while g.die != 3:
        g.start_turn()
    g.twiddle([0])
    assert g.phase == r.TWIDDLE and g.twiddles_left == 2
    g.twiddle([1, 2])
    assert g.phase == r.PLACE and g.twiddles_left == 0
    with pytest.raises(r.WrongPhase):
        g.twiddle([3])


def test_twiddle_fewer_than_allowed_then_stand() -> None:
    g = game(seed=6)
    while g.die != 5:
        g.start_turn()
    g.twiddle([4])
    g.stand()
    assert g.phase == r.PLACE and g.twiddles_left == 4


def test_cards_shuffled_back_before_next_turn() -> None:
    g = game(seed=7)
    holding(g, "2S 3H 5D 7C 9S")       # cannot take anything: passes
    g.pass_turn()
    assert g.turn == 1 and len(g.deck) == 47 and len(set(g.hand) | set(g.deck)) == 52


def test_capture_empty_square() -> None:
    g = holding(game(), "JS JH 5D 4C 2S")
    g.capture(5)
    assert g.board[5].owner == 0 and g.board[5].score == 1100 and g.turn == 1


def test_capture_needs_at_least_jack_high() -> None:
    g = holding(game(), "TS 8H 5D 4C 2S")
    assert g.legal_squares() == []
    with pytest.raises(r.IllegalCapture, match="jack"):
        g.capture(0)
    g2 = holding(game(), "JS 8H 5D 4C 2S")
    assert len(g2.legal_squares()) == 16


def test_capture_needs_a_higher_hand_than_the_square_holds() -> None:
    g = r.with_board(game(), {0: (1, "TS TH 5D 4C 2S")})
    holding(g, "9S 9H AD KC QS")
    assert 0 not in g.legal_squares()
    holding(g, "JS JH 5D 4C 2S")        # two jacks beat two tens
    assert 0 in g.legal_squares()


def test_equal_hand_does_not_capture() -> None:
    g = r.with_board(game(), {0: (1, "AS KH 9D 6C 4S")})
    holding(g, "AD KC 9S 6H 4D")        # same ranks, other suits: a tie, not higher
    assert 0 not in g.legal_squares()


def test_capture_is_compulsory() -> None:
    g = holding(game(), "QS 8H 5D 4C 2S")
    with pytest.raises(r.IllegalCapture, match="must be taken"):
        g.pass_turn()


def test_pass_allowed_when_nothing_can_be_taken() -> None:
    g = game()
    for i in range(16):
        r.with_board(g, {i: (1, "AS AH AD AC KS")})
    holding(g, "KS KH KD KC QS")
    g.pass_turn()
    assert g.turn == 1


def test_recapture_own_square() -> None:
    g = r.with_board(game(), {3: (0, "JS JH 5D 4C 2S")})
    holding(g, "QS QH 5D 4C 2S")
    assert 3 in g.legal_squares()
    g.capture(3)
    assert g.board[3].owner == 0 and g.board[3].score == 1200


def test_four_in_a_row_wins_row_column_and_diagonals() -> None:
    for line in r.LINES:
        g = r.with_board(game(), {i: (0, "JS JH 5D 4C 2S") for i in line[1:]})
        holding(g, "QS QH 5D 4C 2S")
        g.capture(line[0])
        assert g.phase == r.OVER and g.winner == 0 and g.line == line
    assert len(r.LINES) == 10


def test_three_in_a_row_does_not_win() -> None:
    g = r.with_board(game(), {0: (0, "JS JH 5D 4C 2S"), 1: (0, "JS JH 5D 4C 2S")})
    holding(g, "QS QH 5D 4C 2S").capture(2)
    assert g.phase == r.TWIDDLE and g.turn == 1


def test_payout_others_pay_the_difference_in_pigs() -> None:
    assert r.payout([6, 2, 4], 0, [100, 100, 100]) == [6, -4, -2]


def test_payout_winner_pays_double_to_a_player_with_more_pigs() -> None:
    # Six players: the winner holds four pigs, player 1 holds five.
    assert r.payout([4, 5, 1, 0, 4, 2], 0, [100] * 6) == [9 - 2, 2, -3, -4, 0, -2]


def test_payout_nobody_pays_more_than_they_hold() -> None:
    assert r.payout([5, 1], 0, [10, 2]) == [2, -2]
    # winner with 0 chips collects 1 from player 2, then pays player 1 at most that.
    assert r.payout([4, 6, 0], 0, [0, 50, 1]) == [0, 1, -1]


@settings(max_examples=300, deadline=None)
@given(st.integers(2, 6).flatmap(lambda n: st.tuples(
    st.lists(st.integers(0, 12), min_size=n, max_size=n),
    st.integers(0, n - 1),
    st.lists(st.integers(-5, 200), min_size=n, max_size=n))))
def test_payout_conserves_chips(args: tuple[list[int], int, list[int]]) -> None:
    pigs, winner, chips = args
    d = r.payout(pigs, winner, chips)
    assert sum(d) == 0
    assert all(c + x >= min(c, 0) for c, x in zip(chips, d, strict=True))


def test_game_end_applies_payout_to_chips() -> None:
    g = r.with_board(game(3, chips=[100, 100, 100]),
                     {i: (0, "JS JH 5D 4C 2S") for i in (1, 2, 3)} | {8: (1, "2S 2H 5D 4C 3S")})
    holding(g, "QS QH 5D 4C 2S").capture(0)
    assert g.deltas == [3 + 4, -3, -4] and g.chips == [107, 97, 96]
    assert sum(g.chips) == 300


def test_mud_puddle_first_pig_anywhere_then_adjacent_only() -> None:
    g = holding(game(mud_puddle=True), "JS JH 5D 4C 2S")
    assert len(g.legal_squares()) == 16
    g.capture(5)
    holding(g, "QS QH 5D 4C 2S")
    assert sorted(g.legal_squares()) == [1, 4, 5, 6, 9]


def test_mud_puddle_does_not_limit_captures_of_held_squares() -> None:
    g = r.with_board(game(mud_puddle=True), {0: (1, "JS JH 5D 4C 2S"),
                                              15: (1, "JS JH 5D 4C 3S")})
    holding(g, "QS QH 5D 4C 2S")
    assert sorted(g.legal_squares()) == [0, 1, 4, 11, 14, 15]


def test_same_sex_needs_same_type_and_higher() -> None:
    g = r.with_board(game(same_sex=True), {0: (1, "JS JH 5D 4C 2S"),
                                           1: (1, "2S 2H 2D 4C 5S")})
    holding(g, "AS AH AD KC QS")        # trips: beats the trips square, not the pair square
    assert 0 not in g.legal_squares() and 1 in g.legal_squares()
    holding(g, "QS QH 5D 4C 2S")
    assert 0 in g.legal_squares() and 1 not in g.legal_squares()


def test_same_sex_bars_bust_hands_even_jack_high() -> None:
    g = holding(game(same_sex=True), "AS KH 5D 4C 2S")
    assert g.legal_squares() == []
    g.pass_turn()


def test_draw_only_when_every_player_agrees() -> None:
    g = game(3)
    assert not g.agree_draw([True, True, False]) and g.phase == r.TWIDDLE
    assert g.agree_draw([True, True, True]) and g.phase == r.DRAWN
    assert g.deltas == [0, 0, 0] and g.chips == [100, 100, 100]


def test_state_has_the_documented_keys() -> None:
    s = game().state()
    assert {"phase", "players", "turn", "hand", "die", "twiddles_left", "board",
            "options"} <= s.keys()
    assert len(s["board"]) == 16 and {"owner", "hand", "score"} <= s["board"][0].keys()
    assert {"name", "is_computer", "chips"} <= s["players"][0].keys()


def test_random_games_end_and_conserve_chips() -> None:
    for seed in range(30):
        rng = random.Random(seed)
        # Five or six random players can lock the board for thousands of turns: the draw
        # by agreement exists for that.  Two to four players finish quickly.
        g = game(rng.randint(2, 4), seed=seed, mud_puddle=seed % 3 == 0)
        total = sum(g.chips)
        for _ in range(5000):
            if g.over:
                break
            if g.phase == r.TWIDDLE:
                g.twiddle(rng.sample(range(5), rng.randint(0, g.twiddles_left)))
            if g.phase == r.PLACE:
                legal = g.legal_squares()
                g.capture(rng.choice(legal)) if legal else g.pass_turn()
        assert g.over and sum(g.chips) == total
