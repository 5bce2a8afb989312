"""Sixty-Six rules, one test per rule of the manual (and per decision where it is unclear)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from retro.games.sixtysix import rules as R
from retro.games.sixtysix.rules import (
    Card,
    Close,
    Deal,
    Exchange,
    IllegalMove,
    Match,
    MustFollowSuit,
    Play,
    format_cards,
    format_move,
    parse_card,
    parse_cards,
    parse_move,
)


def play(deal: Deal, *moves: str) -> None:
    for m in moves:
        deal.apply(parse_move(m))


def full(hand0: str, hand1: str, trump_card: str) -> Deal:
    """A deal with the given hands and trump card; the stock is the rest, in pack order."""
    used = set(parse_cards(hand0 + " " + hand1 + " " + trump_card))
    stock = " ".join(c.code for c in R.PACK if c not in used)
    return Deal.from_codes(hand0, hand1, stock, trump_card, dealer=1)


def random_game(seed: int, marriages: bool = True, closing: bool = True) -> Deal:
    rng = random.Random(seed)
    d = Deal.new(rng, seed % 2)
    while not d.over:
        moves = [m for m in d.legal_moves()
                 if (marriages or not (isinstance(m, Play) and m.marriage))
                 and (closing or not isinstance(m, Close))]
        d.apply(rng.choice(moves))
    return d


# -- the pack and notation ---------------------------------------------------------------

def test_pack_has_24_cards_nine_to_ace_in_four_suits():
    assert len(R.PACK) == 24 == len(set(R.PACK))
    assert Counter(c.rank for c in R.PACK) == dict.fromkeys("9JQKTA", 4)
    assert Counter(c.suit for c in R.PACK) == dict.fromkeys("CDHS", 6)


def test_card_points_are_11_10_4_3_2_0_total_120():
    assert [parse_card(f"{r}S").points for r in "ATKQJ9"] == [11, 10, 4, 3, 2, 0]
    assert sum(c.points for c in R.PACK) == R.TOTAL_CARD_POINTS == 120


def test_card_codes_parse_and_format_both_ways():
    cards = parse_cards("AS TD 9H kc 10c")
    assert format_cards(cards) == "AS TD 9H KC TC"
    for c in R.PACK:
        assert parse_card(R.format_card(c)) == c


def test_bad_card_code_is_refused_with_a_readable_message():
    with pytest.raises(R.BadCard, match="is not a card of this pack"):
        parse_card("8S")
    with pytest.raises(R.BadCard):
        parse_card("AX")


def test_moves_parse_and_format_both_ways():
    for text in ("AS", "KH+", "close", "exchange"):
        assert format_move(parse_move(text)) == text


# -- the deal ----------------------------------------------------------------------------

def test_coin_flip_chooses_first_dealer_then_deal_alternates():
    dealers = set()
    for seed in range(20):
        m = Match(random.Random(seed))
        first = m.dealer
        dealers.add(first)
        seq = []
        for _ in range(4):
            d = m.new_deal()
            seq.append(d.dealer)
            d.result = R.DealResult(None, 0, "no winner")   # end it without playing
        assert seq == [first, 1 - first, first, 1 - first]
    assert dealers == {0, 1}


def test_deal_is_three_and_three_twice_giving_six_cards_each():
    pack = list(R.PACK)
    random.Random(5).shuffle(pack)
    d = Deal.new(random.Random(5), dealer=1)
    assert R.HAND_SIZE == 6
    assert d.hands[0] == pack[0:3] + pack[6:9]       # the non-dealer gets the first three
    assert d.hands[1] == pack[3:6] + pack[9:12]
    assert d.trump_card == pack[12]
    assert d.stock == pack[13:]
    assert len(d.stock) == 11 and d.stock_count == 12


def test_trump_card_is_turned_and_sets_trumps():
    d = Deal.new(random.Random(9), dealer=0)
    assert d.trump == d.trump_card.suit and d.trump_card_up


def test_non_dealer_leads_first_trick():
    for dealer in (0, 1):
        d = Deal.new(random.Random(3), dealer)
        assert d.leader == d.turn == 1 - dealer


# -- tricks --------------------------------------------------------------------------------

def test_trick_won_by_higher_card_of_suit_led():
    d = full("AH 9C JC QC KC TC", "TH 9D JD QD KD TD", "TS")
    play(d, "TC", "TD")            # off-suit, not trump: leader wins
    assert d.tricks_won == [1, 0] and d.points[0] == 20
    play(d, "AH", "TH")
    assert d.tricks_won == [2, 0]


def test_trump_beats_other_suits():
    d = full("AH 9C JC QC KC TC", "TH 9D JD QD KD 9S", "TS")
    play(d, "AH", "9S")
    assert d.tricks_won == [0, 1] and d.points[1] == 11
    assert d.leader == 1


def test_any_card_may_follow_before_closing():
    d = full("AH 9C JC QC KC TC", "TH 9D JD QD KD 9S", "TS")
    play(d, "AH")
    assert sorted(d.playable()) == sorted(d.hands[1])


def test_winner_draws_first_then_loser_and_winner_leads():
    d = full("AH 9C JC QC KC TC", "TH 9D JD QD KD 9S", "TS")
    first, second = d.stock[0], d.stock[1]
    play(d, "AH", "9S")
    assert first in d.hands[1] and second in d.hands[0]
    assert d.turn == d.leader == 1
    assert len(d.hands[0]) == len(d.hands[1]) == 6


def test_stock_exhausted_next_player_takes_trump_card_and_game_is_closed():
    d = Deal.from_codes("AH 9C JC QC KC TC", "TH 9D JD QD KD 9S", "JS", "TS", dealer=1)
    play(d, "AH", "9S")             # player 1 wins, draws JS; player 0 gets the trump card
    assert parse_card("JS") in d.hands[1] and parse_card("TS") in d.hands[0]
    assert d.exhausted and d.closed and d.closed_by is None and not d.trump_card_up
    assert d.stock_count == 0


def test_follow_suit_is_forced_after_closing():  # the manual's rule, the default
    d = Deal.from_codes("AH 9C JC QC KC TC", "TH 9D JD QD KD 9H", "JS", "TS", dealer=1)
    play(d, "close", "AH")
    assert d.playable() == [parse_card("TH"), parse_card("9H")] or \
        sorted(d.playable()) == sorted(parse_cards("TH 9H"))
    with pytest.raises(MustFollowSuit, match="must follow hearts"):
        play(d, "9D")
    play(d, "9H")
    assert d.tricks_won == [1, 0]


def test_void_follower_may_play_anything_after_closing():
    d = Deal.from_codes("AH 9C JC QC KC TC", "TS 9D JD QD KD TD", "JS", "9S", dealer=1)
    play(d, "close", "AH")
    assert sorted(d.playable()) == sorted(d.hands[1])


STANDARD = R.Options(trumps_after_closing=True)


def test_closed_game_led_suit_wins_and_a_void_trump_loses():
    # The manual: once closed "there is no trump card now and so the highest card of the led
    # suit wins".  The follower is void in hearts; his ten of trumps does not take the ace.
    d = Deal.from_codes("AH 9C JC QC KC TC", "TS 9D JD QD KD TD", "JS", "9S", dealer=1)
    assert d.options == R.Options() and not d.options.trumps_after_closing
    play(d, "close")
    assert d.trick_trump() is None
    play(d, "AH", "TS")
    assert d.tricks_won == [1, 0] and d.points[0] == 21 and d.leader == 0


def test_closed_game_led_trump_still_wins_as_the_led_suit():
    # Without trumps, a led spade is just the led suit: the follower's off-suit ace loses.
    d = Deal.from_codes("9S 9C JC QC KC TC", "AH 9D JD QD KD TD", "JS", "QS", dealer=1)
    play(d, "close", "9S", "AH")
    assert d.tricks_won == [1, 0] and d.points[0] == 11


def test_stock_used_up_led_suit_wins():
    # The stock runs out: closed without an order, and trumps are gone as well.
    d = Deal.from_codes("AH 9C JC QC KC TC", "TH 9D JD QD KD 9S", "JS", "TS", dealer=1)
    play(d, "AH", "9S")             # still open: the trump 9 takes the ace
    assert d.tricks_won == [0, 1] and d.exhausted and d.closed
    assert parse_card("TS") in d.hands[0]
    play(d, "9D", "TS")             # now closed: the trump ten cannot take a led nine
    assert d.tricks_won == [0, 2] and d.leader == 1


def test_standard_rule_option_trumps_keep_their_power_after_closing():
    d = Deal.from_codes("AH 9C JC QC KC TC", "TS 9D JD QD KD TD", "JS", "9S", dealer=1,
                        options=STANDARD)
    play(d, "close")
    assert d.trick_trump() == "S"
    play(d, "AH", "TS")
    assert d.tricks_won == [0, 1] and d.points[1] == 21


def test_standard_rule_option_stock_used_up_trumps_still_win():
    d = Deal.from_codes("AH 9C JC QC KC TC", "TH 9D JD QD KD 9S", "JS", "TS", dealer=1,
                        options=STANDARD)
    play(d, "AH", "9S")
    assert d.exhausted and d.closed
    play(d, "9D", "TS")             # void in diamonds, the trump ten takes the trick
    assert d.tricks_won == [1, 1] and d.leader == 0


def test_follow_suit_is_forced_after_closing_in_both_rules():
    for options in (R.Options(), STANDARD):
        d = Deal.from_codes("AH 9C JC QC KC TC", "TH 9D JD QD KD 9H", "JS", "TS", dealer=1,
                            options=options)
        play(d, "close", "AH")
        assert sorted(d.playable()) == sorted(parse_cards("TH 9H"))
        with pytest.raises(MustFollowSuit):
            play(d, "9D")


def test_trumps_win_before_closing_in_both_rules():
    for options in (R.Options(), STANDARD):
        d = full("AH 9C JC QC KC TC", "TH 9D JD QD KD 9S", "TS")
        d.options = options
        play(d, "AH", "9S")
        assert d.tricks_won == [0, 1]


def test_no_trump_card_to_exchange_after_closing():
    d = Deal.from_codes("AH 9C JC QC KC TC", "TS 9D JD QD KD TD", "JS", "9S", dealer=1)
    play(d, "close")
    assert not d.trump_card_up and not d.can_exchange(0)


def test_trump_marriage_still_scores_40_after_closing():
    # The decision: losing trumps after closing is about tricks; the suit turned up keeps
    # its 40-point marriage.
    for options in (R.Options(), STANDARD):
        d = Deal.from_codes("KS QS 9C JC QC TC", "TH 9D JD QD KD 9H", "JS", "TS", dealer=1,
                            options=options)
        play(d, "close", "KS+")
        assert d.points[0] == 40


def test_closed_game_rule_is_named_and_read_back():
    assert R.options_named("led-suit") == R.Options()
    assert R.options_named("TRUMPS") == STANDARD
    assert R.Options().name == "led-suit" and STANDARD.name == "trumps"
    with pytest.raises(ValueError, match="closed-game rule"):
        R.options_named("bezique")


def test_match_deals_with_its_options():
    m = Match(random.Random(3), options=STANDARD)
    assert m.new_deal().options == STANDARD
    assert Match(random.Random(3)).new_deal().options == R.Options()


def test_copy_keeps_the_options():
    d = full("AH 9C JC QC KC TC", "TH 9D JD QD KD 9S", "TS")
    d.options = STANDARD
    assert d.copy().options == STANDARD


def test_last_trick_scores_10_unless_closed():
    # Stock empty, one card each: the last trick earns 10.
    d = Deal.from_codes("AH", "9H", "", "9S", dealer=1)
    d.exhausted = True
    d.trump_card_up = False
    play(d, "AH", "9H")
    assert d.points[0] == 11 + 10
    d2 = Deal.from_codes("AH", "9H", "JS", "9S", dealer=1)
    play(d2, "close", "AH", "9H")
    assert d2.points[0] == 11


def test_all_120_card_points_plus_last_trick_10_accounted_for_in_played_out_game():
    found = 0
    for seed in range(400):
        d = random_game(seed, marriages=False, closing=False)
        if d.result.winner is None:
            found += 1
            assert d.points[0] + d.points[1] == 120 + 10
            assert len(d.taken[0]) + len(d.taken[1]) == 24
    assert found > 0


def test_points_equal_cards_taken_plus_marriages_plus_last_trick():
    for seed in range(300):
        d = random_game(seed)
        for p in (0, 1):
            marr = sum(d.marriage_points(s) for who, s in d.marriages if who == p)
            bonus = 10 if (d.closed_by is None and not d.hands[0] and not d.hands[1]
                           and d.last_trick and d.last_trick[3] == p
                           and d.result.reason != "marriage") else 0
            assert d.points[p] == sum(c.points for c in d.taken[p]) + marr + bonus


# -- marriages -----------------------------------------------------------------------------

def test_marriage_scores_20_in_plain_suit_when_leading():
    d = full("KH QH 9C JC QC TC", "TH 9D JD QD KD 9S", "TS")
    play(d, "KH+")
    assert d.points[0] == 20 and d.marriages == [(0, "H")]
    assert parse_card("QH") in d.shown[0]


def test_marriage_scores_40_in_trumps():
    d = full("KS QS 9C JC QC TC", "TH 9D JD QD KD 9H", "TS")
    play(d, "QS+")
    assert d.points[0] == 40 and d.trick == [parse_card("QS")]


def test_marriage_only_when_leading():
    d = full("AH 9C JC QC KC TC", "KH QH JD QD KD 9S", "TS")
    play(d, "AH")
    assert all(not (isinstance(m, Play) and m.marriage) for m in d.legal_moves())
    with pytest.raises(IllegalMove, match="only when leading"):
        play(d, "KH+")


def test_marriage_needs_king_and_queen_of_one_suit():
    d = full("KH QC 9C JC AC TC", "TH 9D JD QD KD 9S", "TS")
    with pytest.raises(IllegalMove, match="king and queen"):
        play(d, "KH+")


def test_marriage_passing_65_wins_instantly():
    d = full("KS QS 9C JC QC TC", "TH 9D JD QD KD 9H", "TS")
    d.points[0] = 30
    d.tricks_won = [1, 1]
    play(d, "KS+")
    assert d.over and d.result.winner == 0 and d.result.reason == "marriage"
    assert d.points[0] == 70


# -- winning and game points -----------------------------------------------------------------

def test_reaching_66_wins_at_once():
    d = full("AH 9C JC QC KC TC", "TH 9D JD QD KD 9S", "TS")
    d.points = [45, 40]
    d.tricks_won = [2, 2]
    play(d, "AH", "TH")
    assert d.over and d.result == R.DealResult(0, 1, "66")


def test_game_point_plus_schneider_when_loser_under_33():
    d = full("AH 9C JC QC KC TC", "TH 9D JD QD KD 9S", "TS")
    d.points = [45, 32]
    d.tricks_won = [2, 1]
    play(d, "AH", "TH")
    assert d.result.game_points == 2 and d.result.schneider and not d.result.schwarz


def test_a_loser_on_exactly_33_is_not_schneider():
    """Schneider is a loser under 33, strictly: with 33 the loser pays one game point."""
    d = full("AH 9C JC QC KC TC", "TH 9D JD QD KD 9S", "TS")
    d.points = [45, 33]
    d.tricks_won = [2, 1]
    play(d, "AH", "TH")
    assert d.over and d.points == [66, 33]
    assert d.result.game_points == 1 and not d.result.schneider and not d.result.schwarz


def test_game_points_plus_schwarz_when_loser_took_no_trick():
    d = full("AH 9C JC QC KC TC", "TH 9D JD QD KD 9S", "TS")
    d.points = [45, 20]        # a marriage, no trick
    d.tricks_won = [3, 0]
    play(d, "AH", "TH")
    assert d.result.game_points == 3 and d.result.schneider and d.result.schwarz


def test_carry_forward_point_when_nobody_reaches_66_and_it_accumulates():
    m = Match(random.Random(1))
    for expected in (1, 2):
        d = m.new_deal()
        d.result = R.DealResult(None, 0, "no winner")
        assert m.score_deal() == (None, 0)
        assert m.carry == expected
    d = m.new_deal()
    d.result = R.DealResult(1, 2, "66")
    assert m.score_deal() == (1, 4)
    assert m.game_points == [0, 4] and m.carry == 0


def test_match_is_won_at_7_game_points():
    m = Match(random.Random(2))
    m.game_points = [6, 5]
    d = m.new_deal()
    d.result = R.DealResult(0, 1, "66")
    m.score_deal()
    assert m.winner == 0
    with pytest.raises(R.SixtySixError, match="match is over"):
        m.new_deal()


def test_whole_random_matches_end_with_a_winner():
    for seed in range(30):
        rng = random.Random(seed)
        m = Match(rng)
        while m.winner is None:
            d = m.new_deal()
            while not d.over:
                d.apply(rng.choice(d.legal_moves()))
            m.score_deal()
        assert max(m.game_points) >= 7


# -- closing -------------------------------------------------------------------------------

def test_only_leader_may_close_and_not_twice():
    d = Deal.from_codes("AH 9C JC QC KC TC", "TH 9D JD QD KD 9S", "JS QS", "TS", dealer=1)
    play(d, "AH")
    with pytest.raises(IllegalMove, match="about to lead"):
        play(d, "close")
    play(d, "TH", "close")
    with pytest.raises(IllegalMove, match="already closed"):
        play(d, "close")


def test_closing_stops_drawing():
    d = Deal.from_codes("AH 9C JC QC KC TC", "TH 9D JD QD KD 9S", "JS QS KS", "TS", dealer=1)
    play(d, "close", "AH", "TH")
    assert len(d.hands[0]) == len(d.hands[1]) == 5 and len(d.stock) == 3


def test_closer_reaching_66_scores_normally():
    d = Deal.from_codes("AH 9C", "TH 9D", "JS QS KS", "TS", dealer=1)
    d.points = [50, 40]
    d.tricks_won = [3, 2]
    play(d, "close", "AH", "TH")
    assert d.result == R.DealResult(0, 1, "66")


def test_closer_failing_gives_opponent_2_game_points():
    d = Deal.from_codes("9C AH", "9D TH", "JS QS KS", "TS", dealer=1)
    d.points = [30, 40]
    d.tricks_won = [2, 2]
    play(d, "close", "9C", "9D", "AH", "TH")     # closer ends with 51: no 66, no last 10
    assert d.points[0] == 51
    assert d.result.winner == 1 and d.result.game_points == 2
    assert d.result.reason == "closing failed"


def test_closer_failing_against_schwarz_opponent_gives_3():
    # The decision: "if he was schwarz" = the closer's opponent had no trick when closing.
    d = Deal.from_codes("9C AH", "AC TH", "JS QS KS", "TS", dealer=1)
    d.points = [40, 0]
    d.tricks_won = [3, 0]
    play(d, "close", "9C", "AC")                 # the opponent then takes a trick
    play(d, "TH", "AH")                          # the closer ends on 61
    assert d.points[0] == 61
    assert d.result.winner == 1 and d.result.game_points == 3 and d.result.schwarz


def test_opponent_reaching_66_after_closing_collects_closing_penalty():
    d = Deal.from_codes("9C AH", "AC TH", "JS QS KS", "TS", dealer=1)
    d.points = [40, 60]
    d.tricks_won = [3, 2]
    play(d, "close", "9C", "AC")
    assert d.result == R.DealResult(1, 2, "closing failed")


# -- exchanging the trump 9 ----------------------------------------------------------------

def test_exchange_trump_nine_after_winning_a_trick():
    d = full("AH 9S JC QC KC TC", "TH 9D JD QD KD 9H", "TS")
    assert Exchange() not in d.legal_moves()
    with pytest.raises(IllegalMove, match="win a trick"):
        play(d, "exchange")
    play(d, "AH", "9H")
    assert Exchange() in d.legal_moves()
    play(d, "exchange")
    assert parse_card("TS") in d.hands[0] and parse_card("9S") not in d.hands[0]
    assert d.trump_card == parse_card("9S") and d.trump == "S"
    assert parse_card("TS") in d.shown[0]


def test_no_exchange_once_closed():
    d = Deal.from_codes("AH 9S JC QC KC TC", "TH 9D JD QD KD 9H", "JS QS KS", "TS", dealer=1)
    d.tricks_won = [1, 0]
    play(d, "close")
    with pytest.raises(IllegalMove, match="closed"):
        play(d, "exchange")


def test_exchange_only_by_leader():
    d = Deal.from_codes("AH 9C JC QC KC TC", "TH 9S JD QD KD 9H", "JS QS KS", "TS", dealer=1)
    d.tricks_won = [1, 1]
    play(d, "AH")
    assert not d.can_exchange(1)
    with pytest.raises(IllegalMove, match="your lead"):
        play(d, "exchange")


# -- whole games ---------------------------------------------------------------------------

def test_random_games_keep_every_card_exactly_once():
    for seed in range(200):
        rng = random.Random(seed)
        d = Deal.new(rng, seed % 2)
        while not d.over:
            seen = d.hands[0] + d.hands[1] + d.taken[0] + d.taken[1] + d.trick + d.stock
            if d.trump_card not in seen:     # still under the stock (face up or turned down)
                seen.append(d.trump_card)
            assert sorted(seen) == sorted(R.PACK)
            d.apply(rng.choice(d.legal_moves()))


def test_same_seed_same_deal():
    a = Deal.new(random.Random(42), 0)
    b = Deal.new(random.Random(42), 0)
    assert a.hands == b.hands and a.stock == b.stock and a.trump_card == b.trump_card


def test_card_is_immutable():
    c = Card("S", "A")
    with pytest.raises(AttributeError):
        c.rank = "K"  # type: ignore[misc]


def test_refusals_name_cards_in_words():
    d = full("AH 9C JC QC KC TC", "TH 9D JD QD KD 9S", "TS")
    with pytest.raises(IllegalMove, match="you do not hold the ace of spades"):
        play(d, "AS")
    d.tricks_won = [1, 0]
    with pytest.raises(IllegalMove, match="you do not hold the nine of spades"):
        play(d, "exchange")
