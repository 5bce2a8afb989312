"""The rules of Checkers and Weckers, one test per rule of the manual."""

from __future__ import annotations

import random

import pytest

from retro.games.checkers import rules as R


def game(fen: str) -> R.Game:
    return R.parse_fen(fen)


def paths(g: R.Game) -> set[str]:
    return {R.format_move(m) for m in g.legal_moves()}


# -- setting up ---------------------------------------------------------------------------


def test_pieces_fill_back_three_rows_when_board_has_eight_rows() -> None:
    for cols in (6, 8):
        g = R.new_game(R.Options(8, cols), random.Random(0))
        geo = g.position.geometry
        black = geo.squares(g.position.black)
        assert {geo.rc(s)[0] for s in black} == {1, 2, 3}
        white = geo.squares(g.position.white)
        assert {geo.rc(s)[0] for s in white} == {6, 7, 8}
    assert R.new_game(R.Options(), random.Random(0)).position.count(R.BLACK) == (12, 0)


def test_pieces_fill_back_two_rows_when_board_has_six_rows() -> None:
    for cols in (6, 8):
        g = R.new_game(R.Options(6, cols), random.Random(0))
        geo = g.position.geometry
        assert {geo.rc(s)[0] for s in geo.squares(g.position.black)} == {1, 2}
        assert {geo.rc(s)[0] for s in geo.squares(g.position.white)} == {5, 6}
        assert g.position.count(R.WHITE) == (cols, 0)


def test_pieces_stand_on_dark_squares_with_row_one_at_top() -> None:
    geo = R.Options().geometry
    assert geo.rc(1) == (1, 2)          # square 1: top row, second column
    assert geo.rc(5) == (2, 1)
    assert geo.rc(29) == (8, 1)         # white's near left corner is dark
    assert geo.square_at(1, 1) is None
    assert all(geo.square_at(*geo.rc(s)) == s for s in range(1, 33))


def test_black_moves_first() -> None:
    g = R.new_game(R.Options(6, 6), random.Random(0))
    assert g.turn == R.BLACK
    assert paths(R.parse_fen(R.START_FEN_8X8)) == {
        "9-13", "9-14", "10-14", "10-15", "11-15", "11-16", "12-16"}


def test_take_one_removes_one_piece_from_each_side_at_corresponding_squares() -> None:
    seen = set()
    for seed in range(30):
        g = R.new_game(R.Options(take_one=True), random.Random(seed))
        geo = g.position.geometry
        missing_b = set(range(1, 13)) - set(geo.squares(g.position.black))
        missing_w = set(range(21, 33)) - set(geo.squares(g.position.white))
        assert len(missing_b) == 1 and len(missing_w) == 1
        (b,), (w,) = missing_b, missing_w
        assert w == geo.mirror(b) == 33 - b
        seen.add(b)
    assert len(seen) > 5        # chosen at random, not always the same square


# -- moving -------------------------------------------------------------------------------


def test_men_move_forward_diagonally_only() -> None:
    g = game("B:W30:B14")
    assert paths(g) == {"14-17", "14-18"}
    g = game("W:W14:B25")
    assert paths(g) == {"14-9", "14-10"}


def test_kings_move_in_all_four_directions() -> None:
    assert paths(game("B:W30:BK14")) == {"14-9", "14-10", "14-17", "14-18"}


def test_man_reaching_far_row_is_crowned() -> None:
    g = R.play(game("B:W5:B26"), R.parse_move(game("B:W5:B26"), "26-30"))
    assert g.position.piece_at(30) == (R.BLACK, True, 0)


def test_crowning_during_a_jump_ends_the_move() -> None:
    # 22 hops 26 and lands on 31, the far row; as a king it could go on over 27 to 24,
    # but a man crowned during a jump stops there.
    g = game("B:W26,27:B22")
    assert paths(g) == {"22x31"}
    after = R.play(g, g.legal_moves()[0])
    assert after.position.piece_at(31) == (R.BLACK, True, 0)
    assert after.position.piece_at(27) == (R.WHITE, False, 0)


def test_capture_is_compulsory() -> None:
    g = game("B:W18:B14,1")
    assert paths(g) == {"14x23"}
    with pytest.raises(R.IllegalMoveError, match="must take"):
        R.parse_move(g, "1-6")


def test_any_capture_sequence_may_be_chosen_not_only_the_longest() -> None:
    # 14 can hop 17 (one piece) or hop 18 and then 27 (two pieces): both are legal.
    g = game("B:W17,18,27:B14,1")
    assert paths(g) == {"14x21", "14x23x32"}


def test_capture_sequence_must_be_completed() -> None:
    g = game("B:W14,23:B9")
    assert paths(g) == {"9x18x27"}      # stopping on 18 is not a move
    with pytest.raises(R.IllegalMoveError):
        R.parse_move(g, "9x18")


def test_piece_cannot_be_hopped_twice_in_one_move() -> None:
    # A king circling around one piece cannot take it again.
    g = game("B:W14:BK9")
    assert paths(g) == {"9x18"}


def test_same_result_by_different_paths_are_different_moves() -> None:
    # King on 10 can take 14,22,23,15 around a square in either direction.
    g = game("B:W14,15,22,23:BK10")
    got = paths(g)
    assert "10x17x26x19x10" in got and "10x19x26x17x10" in got
    with pytest.raises(R.IllegalMoveError, match="more than one way"):
        R.parse_move(g, "10x10")


def test_king_capture_ending_on_its_own_start_square_keeps_the_king() -> None:
    # White's king on 31 hops round the four black men and lands on 31 again.
    g = game("W:WK31:B27,19,18,26,1")
    assert paths(g) == {"31x24x15x22x31", "31x22x15x24x31"}
    for move in g.legal_moves():
        after = R.play(g, move)
        assert after.position.piece_at(31) == (R.WHITE, True, 0)
        assert R.format_fen(after) == "B:WK31:B1"
        assert after.result is None


def test_weckers_king_capture_ending_on_its_start_square_keeps_its_weight() -> None:
    g = game("W:WK31/5:B27/1,19/2,18/3,26/4,1/6:VW")
    after = R.play(g, R.parse_move(g, "31x24x15x22x31"))
    assert after.position.piece_at(31) == (R.WHITE, True, 5)
    assert after.scores == (0, 4 + 3 + 2 + 1)


def test_perft_counts_a_king_capture_ending_on_its_start_square() -> None:
    g = game("W:WK31:B27,19,18,26,1")
    # Two loops, then two steps for the black man on 1, then two for the king.
    assert [R.perft(g, d) for d in (1, 2, 3)] == [2, 4, 8]
    lite = game("W:WK31/6:B27/1,19/2,18/3,26/4,1/6:VWL")
    assert [R.perft(lite, d) for d in (1, 2, 3)] == [2, 4, 8]


def test_no_move_loses_in_standard_play() -> None:
    g = game("B:W22:B18,1")
    after = R.play(g, R.parse_move(g, "18x25"))
    assert after.result == R.Result(R.BLACK, "White cannot move")


def test_blocked_side_loses_in_standard_play() -> None:
    assert game("W:W29:B25,22").result is not None
    assert game("W:W29:B25,22").result.winner == R.BLACK


# -- Weckers --------------------------------------------------------------------------------


def test_weckers_weights_are_shuffled_with_same_distribution_on_both_sides() -> None:
    layouts = set()
    for seed in range(5):
        g = R.new_game(R.Options(variant=R.WECKERS), random.Random(seed))
        pos = g.position
        geo = pos.geometry
        bw = sorted(pos.piece_at(s)[2] for s in geo.squares(pos.black))
        ww = sorted(pos.piece_at(s)[2] for s in geo.squares(pos.white))
        assert bw == ww == sorted([1, 2, 3, 4, 5, 6] * 2)
        layouts.add(tuple(pos.piece_at(s)[2] for s in range(1, 13)))
    assert len(layouts) == 5


def test_weckers_small_boards_repeat_weights_one_to_six() -> None:
    g = R.new_game(R.Options(8, 6, R.WECKERS), random.Random(1))
    pos = g.position
    assert sorted(pos.piece_at(s)[2] for s in pos.geometry.squares(pos.black)) == \
        [1, 1, 2, 2, 3, 3, 4, 5, 6]


def test_weckers_take_one_keeps_equal_distributions() -> None:
    g = R.new_game(R.Options(variant=R.WECKERS, take_one=True), random.Random(2))
    pos = g.position
    geo = pos.geometry
    bw = sorted(pos.piece_at(s)[2] for s in geo.squares(pos.black))
    ww = sorted(pos.piece_at(s)[2] for s in geo.squares(pos.white))
    assert bw == ww and len(bw) == 11


def test_weckers_crowned_pawn_keeps_its_weight() -> None:
    g = game("B:W5/2:B26/5:VW")
    after = R.play(g, R.parse_move(g, "26-30"))
    assert after.position.piece_at(30) == (R.BLACK, True, 5)


def test_weckers_hop_scores_absolute_weight_difference() -> None:
    g = game("B:W18/6,27/1:B14/2,1/1:VW")
    after = R.play(g, R.parse_move(g, "14x23x32"))
    assert after.scores == (abs(2 - 6) + abs(2 - 1), 0)


def test_weckers_lighter_hopper_still_scores_the_difference() -> None:
    g = game("W:W18/1:B14/6,1/1:VW")
    after = R.play(g, R.parse_move(g, "18x9"))
    assert after.scores == (0, 5)


def test_seven_eleven_option_scores_the_sum_of_seven_or_eleven() -> None:
    g = game("B:W18/4,27/6:B14/3,1/1:VW7:S0,0")
    after = R.play(g, R.parse_move(g, "14x23x32"))
    # 3 hops 4: sum 7 scores 7; 3 hops 6: sum 9 scores the difference 3.
    assert after.scores == (7 + 3, 0)
    g = game("B:W18/6:B14/5,1/1:VW7")
    assert R.play(g, R.parse_move(g, "14x23")).scores == (11, 0)


def test_seven_eleven_is_not_scored_without_the_option() -> None:
    g = game("B:W18/4:B14/3,1/1:VW")
    assert R.play(g, R.parse_move(g, "14x23")).scores == (1, 0)


def test_weckers_game_ends_when_player_cannot_move_and_higher_score_wins() -> None:
    g = game("B:W22/1:B18/6,1/1:VW:S0,3")
    after = R.play(g, R.parse_move(g, "18x25"))
    assert after.scores == (5, 3)
    assert after.result is not None and after.result.winner == R.BLACK
    g = game("B:W22/1:B18/6,1/1:VW:S0,9")
    assert R.play(g, R.parse_move(g, "18x25")).result.winner == R.WHITE


def test_weckers_equal_scores_when_game_ends_is_a_true_draw() -> None:
    g = game("B:W22/1:B18/6,1/1:VW:S0,5")
    after = R.play(g, R.parse_move(g, "18x25"))
    assert after.result is not None and after.result.winner is None


def test_lite_piece_may_only_hop_equal_or_lighter_pieces() -> None:
    g = game("B:W18/5,19/3:B14/4,15/4:VWL")
    assert paths(g) == {"15x24"}        # a 4 may hop the 3 on 19 but not the 5 on 18
    g = game("B:W18/4:B14/4,1/1:VWL")
    assert paths(g) == {"14x23"}        # equal weight may be hopped


def test_lite_heavier_enemy_blocks_and_does_not_force_a_capture() -> None:
    g = game("B:W18/6:B14/2:VWL")
    assert paths(g) == {"14-17"}


def test_lite_applies_to_weckers_two() -> None:
    g = game("B:W18/5,19/3:B14/4,15/4:VTL:G10")
    assert paths(g) == {"15x24"}


def test_weckers_two_scores_the_captured_weight() -> None:
    g = game("B:W18/6,8/1:B14/2,1/1:VT:G40")
    assert R.play(g, R.parse_move(g, "14x23")).scores == (6, 0)


def test_weckers_two_has_no_seven_eleven() -> None:
    with pytest.raises(R.OptionsError, match="7/11"):
        R.Options(variant=R.WECKERS_TWO, seven_eleven=True)


def test_weckers_two_man_reaching_king_row_leaves_board_and_scores() -> None:
    g = game("B:W5/1,6/1:B26/5,3/2:VT:G40")
    after = R.play(g, R.parse_move(g, "26-30"))
    assert after.position.piece_at(30) is None
    assert after.scores == (5, 0)


def test_weckers_two_first_to_game_point_wins() -> None:
    g = game("B:W18/6,7/1,8/1:B14/2,1/1:VT:G10:S5,9")
    after = R.play(g, R.parse_move(g, "14x23"))
    assert after.scores == (11, 9)
    assert after.result == R.Result(R.BLACK, "reached the game point")


def test_weckers_two_game_point_is_a_multiple_of_ten_up_to_total_weight() -> None:
    assert R.total_start_weight(8, 8, False) == 84
    assert R.Options(variant=R.WECKERS_TWO, game_point=80).game_point == 80
    for bad in (0 - 10, 85, 90, 45):
        with pytest.raises(R.OptionsError, match="multiple of ten"):
            R.Options(variant=R.WECKERS_TWO, game_point=bad)
    # Take-One lowers the total (11 pieces a side: 36 each).
    with pytest.raises(R.OptionsError):
        R.Options(variant=R.WECKERS_TWO, take_one=True, game_point=80)
    assert R.Options(variant=R.WECKERS_TWO).game_point == 40


def test_options_belong_to_their_variants() -> None:
    with pytest.raises(R.OptionsError, match="Lite"):
        R.Options(lite=True)
    with pytest.raises(R.OptionsError, match="7/11"):
        R.Options(seven_eleven=True)
    with pytest.raises(R.OptionsError, match="6 or 8"):
        R.Options(rows=10)


# -- draws and resigning ------------------------------------------------------------------


def _shuffle(g: R.Game, n: int) -> R.Game:
    """Kings walking back and forth: no gain for anyone."""
    for _ in range(n):
        g = R.play(g, g.legal_moves()[0])
    return g


def test_refused_draw_becomes_automatic_after_ten_moves_without_gain() -> None:
    g = game("B:WK32:BK1")
    g = R.refuse_draw(g, R.BLACK)
    g = _shuffle(g, 2 * R.DRAW_MOVES - 2)
    assert not g.over and g.draw_watch is not None and g.draw_watch.count == 9
    g = R.play(g, g.legal_moves()[0])       # black's tenth move
    assert g.result is not None and g.result.winner is None
    assert "10 moves" in g.result.reason


def test_gain_in_advantage_restarts_the_ten_moves() -> None:
    g = game("B:W18,K32:BK1,14")
    g = R.refuse_draw(g, R.BLACK)
    assert g.draw_watch.bar == 0
    g = R.play(g, R.parse_move(g, "14x23"))   # black wins a man: advantage 1 > 0
    assert g.draw_watch == R.DrawWatch(R.BLACK, 1, 0)


def test_advantage_counts_kings_double_in_checkers_and_score_in_weckers() -> None:
    g = game("B:W5,6:BK30,K31,1")
    assert R.advantage(g, R.BLACK) == 5 - 2
    g = game("B:W18/1:B14/2:VW:S10,4")
    assert R.advantage(g, R.WHITE) == -6


def test_agreed_draw_in_weckers_is_won_on_score() -> None:
    g = game("B:W18/1:B14/2:VW:S10,4")
    assert R.agree_draw(g).result.winner == R.BLACK
    g = game("B:W18/1:B14/2:VW:S4,4")
    assert R.agree_draw(g).result.winner is None
    assert R.agree_draw(game("B:W18:B14")).result.winner is None


def test_resigning_loses_even_when_ahead_on_score() -> None:
    g = game("B:W18/1:B14/2:VW:S10,4")
    assert R.resign(g, R.BLACK).result.winner == R.WHITE


# -- notation ---------------------------------------------------------------------------------


def test_fen_round_trip_standard_8x8() -> None:
    text = "W:WK3,21,22:B1,K30"
    assert R.to_fen(R.parse_fen(text)) == "W:W21,22,K3:B1,K30".replace("W21,22,K3", "WK3,21,22")


def test_fen_accepts_ranges_and_trailing_dot() -> None:
    g = R.parse_fen("B:W21-32:B1-12.")
    assert R.to_fen(g) == R.START_FEN_8X8


def test_fen_extension_keeps_size_weights_variant_and_scores() -> None:
    for opts in (R.Options(6, 8, R.WECKERS, lite=True, seven_eleven=True),
                 R.Options(8, 6, R.WECKERS_TWO, game_point=30), R.Options(6, 6)):
        g = R.new_game(opts, random.Random(4))
        g = R.play(g, g.legal_moves()[0])
        back = R.parse_fen(R.to_fen(g))
        assert back.position == g.position
        assert back.scores == g.scores
        assert back.options == R.Options(opts.rows, opts.cols, opts.variant, False,
                                         opts.seven_eleven, opts.lite, opts.game_point)


@pytest.mark.parametrize("bad,message", [
    ("", "empty"), ("X:W1:B2", "side to move"), ("B:W1", "W list and a B list"),
    ("B:W33:B1", "not on a 8x8"), ("B:W1:B1", "twice"), ("10x8:B:W1:B2", "size"),
    ("B:W21/3:B1:VW", "need weights"), ("B:W21/9:B1/1", "weight 9"), ("B:W21:B1:Q", "unknown"),
])
def test_bad_fen_raises_readable_error(bad: str, message: str) -> None:
    with pytest.raises(R.FenError, match=message):
        R.parse_fen(bad)


@pytest.mark.parametrize("bad,message", [
    ("B:W21:B1,29", "black man cannot stand on square 29"),
    ("W:W3,21:B9", "white man cannot stand on square 3"),
    ("6x6:B:W13:B2,K16,17", "black man cannot stand on square 17"),
])
def test_fen_refuses_uncrowned_men_on_their_crowning_row(bad: str, message: str) -> None:
    with pytest.raises(R.FenError, match=message):
        R.parse_fen(bad)
    assert R.parse_fen(bad.replace("29", "K29").replace("W3", "WK3").replace("17", "K17"))


def test_fen_refuses_weights_when_it_names_plain_checkers() -> None:
    with pytest.raises(R.FenError, match="VS"):
        R.parse_fen("B:W21/3:B1/2:VS")
    # Without a V field, weights still mean Weckers (as documented).
    assert R.parse_fen("B:W21/3:B1/2").options.variant == R.WECKERS


@pytest.mark.parametrize("bad,message", [
    ("B:W32:B1-13", "13 pieces"),
    ("6x6:B:W13-18,K1:B2", "7 pieces"),
    ("B:W21/6,22/6,23/6:B1/1:VW", "3 pieces of weight 6"),
    ("B:W21/1:B1/1:VWX", "unknown option"),
    ("B:W21/1:B1/1:VW:S-1,0", "negative"),
    ("B:W21:B1:S3,0", "scores belong to the Weckers"),
    ("B:W21/1:B1/1:VT:G10:S10,10", "both scores"),
])
def test_fen_refuses_impossible_positions(bad: str, message: str) -> None:
    with pytest.raises(R.FenError, match=message):
        R.parse_fen(bad)


def test_fen_with_a_score_at_the_game_point_is_a_finished_game() -> None:
    g = R.parse_fen("B:W21/1:B1/1:VT:G10:S3,10")
    assert g.result == R.Result(R.WHITE, "reached the game point")


def test_format_fen_is_the_writer_beside_parse_fen() -> None:
    g = R.parse_fen("6x8:W:WK17/2,18/3:B1/1,2/6:VTL:G30:S4,9")
    assert R.format_fen(g) == R.to_fen(g) == "6x8:W:WK17/2,18/3:B1/1,2/6:VTL:G30:S4,9"


def test_move_notation_round_trips() -> None:
    g = game("B:W14,23:B9")
    move = R.parse_move(g, "9x18x27")
    assert R.format_move(move) == "9x18x27"
    assert R.parse_move(g, "9x27") == move
    with pytest.raises(R.IllegalMoveError, match="cannot read"):
        R.parse_move(g, "nine")


def test_weckers_two_man_jumping_into_king_row_scores_hops_and_itself() -> None:
    g = game("B:W18/6,27/1,8/1:B14/2,1/1:VT:G40")
    after = R.play(g, R.parse_move(g, "14x23x32"))
    assert after.scores == (6 + 1 + 2, 0)
    assert after.position.piece_at(32) is None
