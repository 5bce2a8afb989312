"""Yucky Lucky You! rules, one test per rule of the manual."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from retro.games.yucky import rules
from retro.games.yucky.rules import (
    COMPUTER,
    DECK,
    DRAW,
    GIVE_UP,
    PASS,
    YOU,
    Card,
    CardError,
    Catch,
    Caught,
    Challenged,
    Cried,
    Drew,
    Game,
    IllegalMove,
    Match,
    NameColor,
    Options,
    Passed,
    Phase,
    Play,
    Reshuffled,
    Respond,
    Round,
    Skipped,
    StartupW4,
    YuckyError,
    format_cards,
    hand_points,
    parse_card,
    parse_cards,
)


def arrange(you: str, computer: str, top: str, **kw) -> Round:
    return Round.arrange(random.Random(0), (you, computer), top, **kw)


def c(code: str) -> Card:
    return parse_card(code)


# -- the deck ------------------------------------------------------------------------------

def test_deck_has_108_cards_as_listed():
    counts = Counter(card.code for card in DECK)
    assert len(DECK) == 108
    for color in "RGBV":
        assert counts[color + "0"] == 1
        for rank in "123456789SRD":
            assert counts[color + rank] == 2
    assert counts["WC"] == 4 and counts["W4"] == 4
    numerals = sum(1 for card in DECK if card.rank.isdigit() and not card.is_wild)
    assert numerals == 76 and 108 - numerals == 32


def test_card_notation_round_trips():
    text = "R7 GS BR VD WC W4 V0"
    assert format_cards(parse_cards(text)) == text
    assert parse_card("r7") == Card("R", "7")
    assert parse_card(" w4 ") is rules.W4


@pytest.mark.parametrize("bad", ["", "X1", "RX", "W5", "R10", "WW"])
def test_bad_card_codes_are_refused_with_a_message(bad):
    with pytest.raises(CardError, match="not a card"):
        parse_card(bad)


def test_scoring_face_value_twenty_for_actions_fifty_for_wilds():
    assert [c(x).points for x in ("R0", "G9", "BS", "VR", "RD", "WC", "W4")] == [
        0, 9, 20, 20, 20, 50, 50]
    assert hand_points(parse_cards("R5 GS W4")) == 75
    assert hand_points(DECK) == 4 * (45 * 2) + 24 * 20 + 8 * 50


# -- dealing and the start-up --------------------------------------------------------------

def test_deal_seven_cards_each_and_turn_up_the_first_discard():
    r = Round.deal(random.Random(3), dealer=YOU)
    assert [len(h) for h in r.cards] == [7, 7] or isinstance(r.events[0], Drew | StartupW4)
    assert len(r.discard) == 1
    assert len(r.all_cards()) == 108


def test_long_game_deals_52_cards_each():
    r = Round.deal(random.Random(4), dealer=YOU, options=Options(long_game=True))
    sizes = sorted(len(h) for h in r.cards)
    assert sizes in ([52, 52], [52, 54])   # 54 if the starter drew two on a draw two
    assert len(r.all_cards()) == 108


def test_first_player_is_the_non_dealer():
    for seed in range(40):
        r = Round.deal(random.Random(seed), dealer=COMPUTER)
        if r.top.rank.isdigit() and not r.top.is_wild:
            assert r.turn == YOU and r.phase is Phase.PLAY
            return
    pytest.fail("no plain start-up card in 40 seeds")


def _deal_with_top(code: str, dealer: int = COMPUTER) -> Round:
    for seed in range(5000):
        r = Round.deal(random.Random(seed), dealer=dealer)
        if r.top.code == code or (code == "*D" and r.top.rank == "D" and not r.top.is_wild) \
                or (code == "*S" and r.top.rank == "S") \
                or (code == "*R" and r.top.rank == "R" and not r.top.is_wild):
            return r
    raise AssertionError(f"no deal turned up {code}")


def test_startup_wild_draw_four_is_shuffled_back():
    found = False
    for seed in range(3000):
        r = Round.deal(random.Random(seed), dealer=YOU)
        assert r.top is not rules.W4
        if r.events and r.events[0] == StartupW4():
            found = True
    assert found, "no deal turned up a wild draw four in 3000 seeds"


def test_startup_wild_lets_the_starter_name_the_colour():
    r = _deal_with_top("WC", dealer=COMPUTER)
    assert r.phase is Phase.START_COLOR and r.turn == YOU and r.color is None
    assert r.legal_moves() == [NameColor(x) for x in "RGBV"]
    r.apply(NameColor("B"))
    assert r.color == "B" and r.phase is Phase.PLAY and r.turn == YOU


def test_startup_draw_two_makes_the_starter_draw_two_and_pass():
    r = _deal_with_top("*D", dealer=COMPUTER)
    assert len(r.cards[YOU]) == 9 and len(r.cards[COMPUTER]) == 7
    assert r.turn == COMPUTER


def test_startup_skip_makes_the_starter_pass():
    r = _deal_with_top("*S", dealer=COMPUTER)
    assert r.turn == COMPUTER and len(r.cards[YOU]) == 7


def test_startup_reverse_lets_the_dealer_play_first():
    r = _deal_with_top("*R", dealer=YOU)
    assert r.turn == YOU and len(r.cards[COMPUTER]) == 7


# -- matching ------------------------------------------------------------------------------

def test_match_by_colour_numeral_or_action():
    r = arrange("B2 G7 R8 GS B9", "R1", "B7")
    assert {m.card.code for m in r.legal_moves() if isinstance(m, Play)} == {"B2", "G7", "B9"}
    r = arrange("RS GS G3", "R1", "BS")
    assert {m.card.code for m in r.legal_moves() if isinstance(m, Play)} == {"RS", "GS"}


def test_unmatched_card_is_refused_with_a_message():
    r = arrange("G3 R5", "R1", "B7")
    with pytest.raises(IllegalMove, match="G3 does not match B7"):
        r.apply(Play(c("G3")))
    assert r.cards[YOU] == parse_cards("G3 R5")


def test_card_not_in_hand_is_refused():
    r = arrange("G3 R5", "R1", "B7")
    with pytest.raises(IllegalMove, match="not in the hand"):
        r.apply(Play(c("B1")))


def test_wild_plays_on_anything_and_names_any_colour():
    r = arrange("WC R5 R6", "G1 G2", "B7")
    r.apply(Play(c("WC"), "B"))           # even the colour already in play
    assert r.color == "B" and r.turn == COMPUTER and r.top.code == "WC"


def test_wild_needs_a_colour():
    r = arrange("WC R5", "G1", "B7")
    with pytest.raises(IllegalMove, match="needs a colour"):
        r.apply(Play(c("WC")))


def test_numeral_does_not_match_a_wild_by_rank():
    r = arrange("R4 G4 R1", "G1", "W4", color="G")
    assert {m.card.code for m in r.legal_moves() if isinstance(m, Play)} == {"G4"}


def test_matching_rule_colour_rank_and_wild_in_play_and_in_the_hand():
    # One rule decides what fits: the same colour, the same rank, or any wild; a wild on the
    # pile matches only by the colour it named, never by its rank.
    r = arrange("R9 B7 G7 G2 WC W4", "G1", "B7")
    fits = {card.code for card in r.playable()}
    assert fits == {"B7", "G7", "WC", "W4"}
    assert fits == {card.code for card in r.cards[YOU] if r.can_play(card)}
    on_wild = arrange("R4 G4 G2 WC W4", "G1", "W4", color="R")
    assert {card.code for card in on_wild.playable()} == {"R4", "WC", "W4"}
    assert not on_wild.can_play(c("G4"))


def test_a_numeral_played_on_a_wild_of_its_rank_is_refused():
    """The same rule as above, where a play is checked (not where the moves are listed)."""
    r = arrange("R4 G4 R1", "G1", "W4", color="G")
    with pytest.raises(IllegalMove, match="R4 does not match"):
        r.apply(Play(c("R4")))
    assert r.cards[YOU] == parse_cards("R4 G4 R1")
    r.apply(Play(c("G4")))
    assert r.top.code == "G4"


# -- drawing ---------------------------------------------------------------------------------

def test_draw_one_and_play_only_that_card():
    r = arrange("G3 R5", "R1 R2", "B7", pile="B2")
    r.apply(DRAW)
    assert r.phase is Phase.DRAWN and r.drawn == c("B2")
    assert r.legal_moves() == [Play(c("B2"))]
    r.apply(Play(c("B2")))
    assert r.turn == COMPUTER and r.top.code == "B2"


def test_drawn_card_that_fits_must_be_played():
    r = arrange("G3 R5", "R1 R2", "B7", pile="B2")
    r.apply(DRAW)
    with pytest.raises(IllegalMove, match="must be played"):
        r.apply(PASS)
    with pytest.raises(IllegalMove, match="only the drawn card"):
        r.apply(Play(c("G3")))


def test_drawn_card_that_does_not_fit_ends_the_turn():
    r = arrange("G3 R5", "R1 R2", "B7", pile="G9")
    r.apply(DRAW)
    assert r.turn == COMPUTER and r.phase is Phase.PLAY and c("G9") in r.cards[YOU]


def test_player_may_draw_instead_of_playing():
    r = arrange("B3 R5", "R1 R2", "B7", pile="G9")
    r.apply(DRAW)
    assert r.turn == COMPUTER and len(r.cards[YOU]) == 3


def test_multiple_draw_option_draws_freely_and_may_keep():
    r = arrange("G3 R5", "R1 R2", "B7", pile="B2 G8 V1",
                options=Options(multiple_draw=True))
    r.apply(DRAW)
    assert r.phase is Phase.DRAWN and r.turn == YOU
    r.apply(DRAW)
    r.apply(DRAW)
    assert len(r.cards[YOU]) == 5
    assert PASS in r.legal_moves()
    r.apply(PASS)                         # keeps B2 although it fits
    assert r.turn == COMPUTER and c("B2") in r.cards[YOU]


def test_multiple_draw_lets_any_fitting_card_be_played_after_drawing():
    r = arrange("B3 R5", "R1 R2", "B7", pile="G8", options=Options(multiple_draw=True))
    r.apply(DRAW)
    r.apply(Play(c("B3")))
    assert r.top.code == "B3" and r.turn == COMPUTER


def test_pass_without_drawing_is_refused():
    r = arrange("G3 R5", "R1", "B7", options=Options(multiple_draw=True))
    with pytest.raises(IllegalMove, match="draw a card first"):
        r.apply(PASS)


def test_discard_pile_is_reshuffled_when_the_draw_pile_runs_out():
    r = arrange("G3 R5", "R1 R2", "B7")
    r.discard = [r.draw_pile.pop() for _ in range(3)] + r.discard   # three under the top
    r.cards[COMPUTER] += r.draw_pile                       # keep the deck whole
    r.draw_pile = []
    r.apply(DRAW)
    assert Reshuffled(3) in r.events
    assert r.discard == [c("B7")] and len(r.draw_pile) + 1 == 3
    assert len(r.all_cards()) == 108


def test_nothing_to_draw_passes_the_turn():
    r = arrange("G3 R5", "R1 R2", "B7")
    r.cards[COMPUTER] += r.draw_pile
    r.draw_pile = []
    r.apply(DRAW)
    assert r.turn == COMPUTER and Passed(YOU) in r.events


def test_hand_limit_of_72_cards():
    r = arrange("G3", "BD R1", "B7", turn=COMPUTER)
    r.cards[YOU] += [r.draw_pile.pop() for _ in range(70)]   # 71 cards
    r.apply(Play(c("BD")))                     # draw two on a hand of 71: only one fits
    assert len(r.cards[YOU]) == rules.HAND_LIMIT
    assert Drew(YOU, (r.cards[YOU][-1],), "draw_two", "limit") in r.events
    assert len(r.all_cards()) == 108


# -- the action cards --------------------------------------------------------------------

def test_skip_card_skips_the_opponent():
    r = arrange("BS R5 R6", "G1 G2", "B7")
    r.apply(Play(c("BS")))
    assert r.turn == YOU and Skipped(COMPUTER) in r.events


def test_reverse_acts_as_skip_for_two_players():
    r = arrange("BR R5 R6", "G1 G2", "B7")
    r.apply(Play(c("BR")))
    assert r.turn == YOU and Skipped(COMPUTER) in r.events


def test_draw_two_makes_the_opponent_draw_two_and_skips_him():
    r = arrange("BD R5 R6", "G1 G2", "B7")
    r.apply(Play(c("BD")))
    assert r.turn == YOU and len(r.cards[COMPUTER]) == 4


def test_wild_draw_four_makes_the_opponent_draw_four_and_skip():
    r = arrange("W4 R5 R6", "G1 G2", "B7")
    r.apply(Play(c("W4"), "R"))
    assert r.phase is Phase.CHALLENGE and r.turn == COMPUTER
    r.apply(Respond(False))
    assert len(r.cards[COMPUTER]) == 6 and r.turn == YOU and r.color == "R"


def test_wild_draw_four_is_legal_only_without_the_current_colour():
    r = arrange("W4 B5", "G1", "B7")
    assert not r.w4_legal(YOU)
    r = arrange("W4 G7 R5", "G1", "B7")         # a 7 of another colour does not count
    assert r.w4_legal(YOU)


def test_challenge_of_a_guilty_wild_draw_four_makes_the_player_draw_four():
    r = arrange("W4 B5 R6", "G1 G2", "B7")
    r.apply(Play(c("W4"), "R"))
    r.apply(Respond(True))
    assert len(r.cards[YOU]) == 6 and len(r.cards[COMPUTER]) == 2
    assert r.turn == COMPUTER and Challenged(COMPUTER, True) in r.events


def test_false_challenge_costs_the_challenger_six_cards():
    r = arrange("W4 R5 R6", "G1 G2", "B7")
    r.apply(Play(c("W4"), "R"))
    r.apply(Respond(True))
    assert len(r.cards[COMPUTER]) == 8 and r.turn == YOU
    assert Challenged(COMPUTER, False) in r.events


def test_wild_draw_four_must_be_answered_before_anything_else():
    r = arrange("W4 R5 R6", "G1 G2", "B7")
    r.apply(Play(c("W4"), "R"))
    with pytest.raises(IllegalMove, match="answered"):
        r.apply(DRAW)


# -- the cry ----------------------------------------------------------------------------------

def test_cry_issued_with_the_play_cannot_be_caught():
    r = arrange("R5 R6", "G1 G2", "R7")
    r.apply(Play(c("R5"), cry=True))
    assert Cried(YOU) in r.events and r.uncried is None
    with pytest.raises(IllegalMove, match="nobody"):
        r.apply(Catch(COMPUTER))


def test_missing_cry_caught_before_the_next_turn_costs_two_cards():
    r = arrange("R5 R6", "G1 G2", "R7")
    r.apply(Play(c("R5")))
    assert r.uncried == YOU
    r.apply(Catch(COMPUTER))
    assert len(r.cards[YOU]) == 3 and Caught(YOU, COMPUTER) in r.events


def test_missing_cry_cannot_be_caught_once_the_next_player_starts():
    r = arrange("R5 R6", "G1 R2 G3", "R7")
    r.apply(Play(c("R5")))
    r.apply(Play(c("R2")))
    with pytest.raises(IllegalMove, match="nobody"):
        r.apply(Catch(COMPUTER))
    assert len(r.cards[YOU]) == 1


def test_missing_cry_window_also_closes_on_a_draw():
    r = arrange("R5 R6", "G1 G2", "R7", pile="V9")
    r.apply(Play(c("R5")))
    r.apply(DRAW)
    assert r.uncried is None


def test_player_cannot_catch_himself():
    r = arrange("R5 R6", "G1 G2", "R7")
    r.apply(Play(c("R5")))
    with pytest.raises(IllegalMove):
        r.apply(Catch(YOU))


# -- ending a hand ---------------------------------------------------------------------------

def test_going_out_wins_the_hand_and_scores_the_opponents_cards():
    r = arrange("R5", "G1 GS WC", "R7")
    r.apply(Play(c("R5")))
    assert r.phase is Phase.OVER and r.winner == YOU and r.points == 71
    assert r.legal_moves() == []


def test_going_out_on_a_draw_two_still_makes_the_opponent_draw():
    r = arrange("RD", "G1", "R7", pile="G9 G8")
    r.apply(Play(c("RD")))
    assert r.winner == YOU and r.points == 1 + 9 + 8


def test_going_out_on_a_wild_draw_four_waits_for_the_answer():
    r = arrange("W4", "G1", "R7", pile="G2 G3 G4 G5")
    r.apply(Play(c("W4"), "G"))
    assert r.phase is Phase.CHALLENGE
    r.apply(Respond(False))
    assert r.winner == YOU and r.points == 1 + 2 + 3 + 4 + 5


def test_give_up_lets_the_other_player_win():
    r = arrange("R5 WC", "G1 G2", "R7")
    r.apply(GIVE_UP)
    assert r.phase is Phase.OVER and r.winner == COMPUTER and r.points == 55
    assert r.ended_by == "giveup"


def test_blocked_hand_goes_to_the_lighter_hand():
    # With the whole deck a wild is always somewhere in a hand, so this cannot happen in
    # play; the rule is the engine's guarantee that every hand ends.  Trim the deck by hand.
    r = arrange("G3 G5", "G1 G2", "B7")
    r.draw_pile = []
    for _ in range(4):
        r.apply(DRAW)
    assert r.phase is Phase.OVER and r.ended_by == "blocked"
    assert r.winner == COMPUTER


# -- game and match ---------------------------------------------------------------------------

def test_game_is_won_at_the_game_point():
    g = Game.start(random.Random(1), target=100)
    r = arrange("R5", "GS GD WC W4", "R7")
    r.apply(Play(c("R5")))
    g.record(r)
    assert g.scores[YOU] == 140 and g.winner == YOU


def test_game_point_is_settable_from_100_to_9999():
    assert Game.start(random.Random(1), target=100).target == 100
    assert Game.start(random.Random(1), target=9999).target == 9999
    for bad in (99, 10000):
        with pytest.raises(YuckyError, match="100 to 9999"):
            Game.start(random.Random(1), target=bad)


def test_first_dealer_is_random_then_the_deal_alternates():
    dealers = {Game.start(random.Random(s)).next_dealer for s in range(20)}
    assert dealers == {0, 1}
    g = Game.start(random.Random(2))
    first = g.next_dealer
    assert [g.new_round(random.Random(i)).dealer for i in range(4)] == [
        first, 1 - first, first, 1 - first]


def test_match_is_won_by_the_first_to_four_games():
    m = Match()
    for _ in range(3):
        m.record(YOU)
        m.record(COMPUTER)
    assert m.winner is None
    m.record(COMPUTER)
    assert m.winner == COMPUTER
    with pytest.raises(IllegalMove):
        m.record(YOU)


def test_same_seed_deals_the_same_cards():
    a = Round.deal(random.Random(99), dealer=YOU)
    b = Round.deal(random.Random(99), dealer=YOU)
    assert a.cards == b.cards and a.discard == b.discard and a.draw_pile == b.draw_pile


def test_rules_and_players_import_without_pygame():
    import subprocess
    import sys

    code = ("import sys; sys.modules['pygame'] = None\n"
            "import retro.games.yucky.rules, retro.games.yucky.ai, retro.games.yucky.playout\n"
            "assert 'pygame' not in [m for m in sys.modules if sys.modules[m] is not None]")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 0, done.stderr


# -- the long game's start-up, the limit message, the event vocabulary ---------------------

def test_long_game_redeals_when_only_wild_draw_fours_are_left_to_turn_up():
    # The deal takes cards from the end: 104 go to the hands, the first four stay.
    rest = [card for card in DECK if card is not rules.W4]
    deck = [rules.W4] * 4 + rest
    r = Round.deal(random.Random(7), dealer=YOU, options=Options(long_game=True), deck=deck)
    assert rules.Redealt() in r.events
    assert r.top is not rules.W4
    assert Counter(c.code for c in r.all_cards()) == Counter(c.code for c in DECK)


def test_constructed_deck_must_be_the_whole_deck():
    with pytest.raises(CardError):
        Round.deal(random.Random(1), dealer=YOU, deck=list(DECK)[:-1])


def test_hand_limit_draw_says_the_limit_not_an_empty_pile():
    from retro.games.yucky.narrate import describe

    r = arrange("G3", "R1 R2", "B7")
    r.cards[YOU] += [r.draw_pile.pop() for _ in range(71)]
    assert len(r.cards[YOU]) == rules.HAND_LIMIT and len(r.draw_pile) > 20
    r.apply(DRAW)
    event = next(e for e in r.events if isinstance(e, Drew))
    assert event == Drew(YOU, (), "turn", "limit")
    text = describe(event, r, demo=False)
    assert "72 cards" in text and "nothing left" not in text
    empty = describe(Drew(YOU, (), "turn", "empty"), r, demo=False)
    assert "nothing left to draw" in empty


def test_events_are_typed_and_errors_are_the_shared_rule_errors():
    from retro.kit.rules import IllegalMoveError, NotationError, RulesError

    r = Round.deal(random.Random(12), dealer=COMPUTER)
    from retro.games.yucky.ai import GreedyPlayer, play_hand

    play_hand(r, (GreedyPlayer(random.Random(1)), GreedyPlayer(random.Random(2))))
    kinds = (rules.Played, rules.Drew, rules.Passed, rules.Skipped, rules.Reshuffled,
             rules.Cried, rules.Caught, rules.Challenged, rules.ColorNamed, rules.WentOut,
             rules.Ended, rules.StartupW4, rules.Redealt)
    assert r.events and all(isinstance(e, kinds) for e in r.events)
    assert issubclass(IllegalMove, IllegalMoveError) and issubclass(CardError, NotationError)
    assert issubclass(YuckyError, RulesError)
