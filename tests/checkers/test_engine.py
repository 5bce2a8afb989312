"""The computer player, always at fixed levels (depth and node budgets, never the clock)."""

from __future__ import annotations

import itertools
import json
import random
from pathlib import Path

import pytest

from retro.games.checkers import engine as E
from retro.games.checkers import movegen
from retro.games.checkers import rules as R
from retro.games.checkers.board import geometry
from retro.games.checkers.commands import move_command, perft_command
from retro.games.checkers.engine.make import make_function
from retro.games.checkers.engine.moves import move_functions
from retro.games.checkers.engine.tables import tables, zobrist

SIZES = [(8, 8), (6, 6), (6, 8), (8, 6)]


def random_game(rng: random.Random, options: R.Options, plies: int) -> R.Game:
    game = R.new_game(options, rng)
    for _ in range(plies):
        if game.over:
            break
        game = R.play(game, rng.choice(game.legal_moves()))
    return game


def weights_by_mask(pos: R.Position) -> dict[int, int] | None:
    if pos.weights is None:
        return None
    return {1 << b: w for b, w in enumerate(pos.weights)}


# -- moves, make, keys --------------------------------------------------------------------


@pytest.mark.parametrize("rows,cols", SIZES)
def test_engine_moves_match_the_move_generator_on_random_positions(rows: int,
                                                                   cols: int) -> None:
    """Random placements with kings (not only positions reached by play), Lite included."""
    rng = random.Random(rows * 10 + cols)
    g = geometry(rows, cols)
    captures, quiet = move_functions(g)
    for _ in range(400):
        squares = rng.sample(range(1, g.nsquares + 1), rng.randrange(2, 14))
        b = w = k = 0
        wt: dict[int, int] = {}
        for i, s in enumerate(squares):
            m = g.bit(s)
            if i % 2:
                b |= m
            else:
                w |= m
            if rng.random() < 0.4:
                k |= m
            wt[m] = rng.randrange(1, 7)
        k |= (b & g.black_crown) | (w & g.white_crown)
        black = rng.random() < 0.5
        lite = rng.random() < 0.3
        weights = [0] * g.nbits
        for m, v in wt.items():
            weights[m.bit_length() - 1] = v
        expected = set()
        for path, hopped in movegen.generate(g, b, w, k, black, tuple(weights), lite):
            cap = 0
            for x in hopped:
                cap |= 1 << x
            expected.add((1 << path[0], 1 << path[-1], cap))
        own, opp = (b, w) if black else (w, b)
        empty = g.valid & ~(b | w)
        got = captures(own, opp, k, black, empty, wt if lite else None) or \
            quiet(own, k, black, empty)
        assert set(got) == expected and len(got) == len(expected)


@pytest.mark.parametrize("variant", [R.STANDARD, R.WECKERS, R.WECKERS_TWO])
@pytest.mark.parametrize("rows,cols", SIZES)
def test_engine_make_and_zobrist_key_follow_the_rules(variant: str, rows: int,
                                                      cols: int) -> None:
    """Every move of random games: the make step gives the rules' position, scores and the
    key computed from scratch."""
    rng = random.Random(7)
    opts = R.Options(rows, cols, variant)
    t = tables(rows, cols)
    for _ in range(6):
        game = R.new_game(opts, rng)
        while not game.over:
            pos = game.position
            wt = weights_by_mask(pos)
            make = make_function(t, opts, wt)
            black = pos.turn == R.BLACK
            key = zobrist(t, pos.black, pos.white, pos.kings, black, wt)
            mv = rng.choice(game.legal_moves())
            cap = 0
            for s in mv.hopped:
                cap |= g_bit(rows, cols, s)
            masks = (g_bit(rows, cols, mv.start), g_bit(rows, cols, mv.end), cap)
            nb, nw, nk, nkey, sb, sw = make(masks, pos.black, pos.white, pos.kings, black,
                                            key, *game.scores)
            game = R.play(game, mv)
            after = game.position
            assert (nb, nw, nk) == (after.black, after.white, after.kings)
            assert (sb, sw) == game.scores
            assert nkey == zobrist(t, nb, nw, nk, not black, weights_by_mask(after))


def g_bit(rows: int, cols: int, square: int) -> int:
    return geometry(rows, cols).bit(square)


def test_engine_king_capture_round_a_loop_keeps_the_king() -> None:
    """White king on 31 jumps 31x24x15x22x31: it is still there, on 31, afterwards."""
    game = R.parse_fen("W:WK31:B18,19,26,27,1")
    loop = [m for m in game.legal_moves() if m.start == m.end == 31]
    assert loop and len(loop[0].hopped) == 4
    t = tables(8, 8)
    make = make_function(t, game.options, None)
    pos = game.position
    sq31 = t.g.bit(31)
    cap = sum(t.g.bit(s) for s in loop[0].hopped)
    nb, nw, nk, *_ = make((sq31, sq31, cap), pos.black, pos.white, pos.kings, False, 0, 0, 0)
    assert nw == sq31 and nk & sq31 and nb == t.g.bit(1)
    # and the search keeps it: a king against a lone man is even (the man crowns), a king
    # and a man against a man is won, so with a man on 32 as well White sees a win
    assert E.best_move(game, 5).score == 0
    game = R.parse_fen("W:WK31,32:B18,19,26,27,1")
    result = E.best_move(game, 5)
    assert result.move.start == result.move.end == 31 and result.score > 10_000


# -- search ---------------------------------------------------------------------------------


def test_engine_judges_a_position_with_one_legal_move_by_searching() -> None:
    """The draw-offer case: White (offering) has one move; Black has five men to one."""
    game = R.parse_fen("W:W29:B1,2,3,4,5")
    assert len(game.legal_moves()) == 1
    result = E.best_move(game, 3)       # the level the screen judges draw offers at
    assert R.format_move(result.move) == "29-25"
    assert result.nodes > 0 and result.score < -300


def test_engine_plays_a_forced_capture() -> None:
    result = E.best_move(R.parse_fen("B:W18:B14,1"), 9)
    assert R.format_move(result.move) == "14x23" and result.score > E.WIN - 100


def test_a_forced_move_is_searched_with_a_share_of_the_budget() -> None:
    from retro.games.checkers.engine import search

    game = random_game(random.Random(3), R.Options(), 10)
    while len(game.legal_moves()) != 1:
        game = R.play(game, game.legal_moves()[0])
    result = E.best_move(game, 7)
    assert 0 < result.nodes <= E.LEVELS[7][1] // search.FORCED_SHARE


@pytest.mark.parametrize("fen,shot", [
    ("B:WK2,21,22,23,24,26,27,28,30,32:B3,4,5,8,9,14,15", "14-18"),
    ("B:W17,21,22,24,25,26,28,31,32:B1,4,5,6,10,12,13,15", "15-18"),
])
@pytest.mark.parametrize("level", [4, 6])
def test_engine_finds_the_quiet_move_that_wins_material(fen: str, shot: str, level: int) -> None:
    """Positions where, by a plain 5-ply material minimax over the 2-D reference generator,
    exactly one quiet move wins material by force."""
    assert R.format_move(E.best_move(R.parse_fen(fen), level).move) == shot


def test_engine_finds_a_forced_win_in_the_endgame() -> None:
    # Two kings against one in a corner: the search sees the win.
    g = R.parse_fen("B:WK29:BK22,K23")
    result = E.best_move(g, 9)
    assert result.score > 10_000


def test_engine_prefers_the_capture_that_wins_more() -> None:
    g = R.parse_fen("B:W17,18,27,7:B14,1")       # 14x21 takes one, 14x23x32 takes two
    assert R.format_move(E.best_move(g, 4).move) == "14x23x32"


def test_same_position_same_level_same_move() -> None:
    g = random_game(random.Random(5), R.Options(), 12)
    first = E.best_move(g, 6)
    second = E.best_move(g, 6)
    assert first == second


@pytest.mark.parametrize("level", range(1, 8))
def test_level_never_exceeds_its_node_budget(level: int) -> None:
    g = R.parse_fen(R.START_FEN_8X8)
    result = E.Searcher(g, level, use_book=False)
    done = E.run(result.think())
    assert 0 < done.nodes <= E.LEVELS[level][1]
    depths = [E.LEVELS[n][0] for n in range(1, 10)]
    budgets = [E.LEVELS[n][1] for n in range(1, 10)]
    assert all(a < b for a, b in itertools.pairwise(depths))
    assert all(a < b for a, b in itertools.pairwise(budgets))


@pytest.mark.parametrize("level", [1, 7])
def test_search_yields_at_least_once_and_often(level: int) -> None:
    game = random_game(random.Random(11), R.Options(), 16)
    search = E.Searcher(game, level, use_book=False).think()
    counts = []
    try:
        while True:
            counts.append(next(search))
    except StopIteration as done:
        nodes = done.value.nodes
    assert counts and counts[0] == 0
    gaps = [b - a for a, b in zip([*counts, nodes], [*counts[1:], nodes], strict=False)]
    assert max(gaps) <= 8 * E.POLL_EVERY


def test_stopping_the_search_gives_the_best_move_so_far() -> None:
    g = R.parse_fen(R.START_FEN_8X8)
    search = E.Searcher(g, 9, use_book=False).think()
    polls = 0
    next(search)
    try:
        while True:
            polls += 1
            search.send(polls >= 3)         # Esc after the third look at the keys
    except StopIteration as done:
        result = done.value
    assert result.stopped
    assert result.move in g.legal_moves()
    assert result.nodes < E.LEVELS[9][1]


def test_weckers_engine_chooses_the_higher_scoring_hop() -> None:
    # The 6 may hop the 1 (scores 5) or the 5 (scores 1).
    g = R.parse_fen("B:W18/1,19/5,30/3:B15/6,1/2:VW")
    assert R.format_move(E.best_move(g, 2).move) == "15x22"


def test_weckers_two_engine_runs_for_the_game_point() -> None:
    g = R.parse_fen("B:W13/1,16/1:B26/5,5/1:VT:G10:S6,0")
    assert R.format_move(E.best_move(g, 3).move) in {"26-30", "26-31"}


@pytest.mark.parametrize("rows,cols", SIZES)
@pytest.mark.parametrize("variant,lite", [(R.STANDARD, False), (R.WECKERS, False),
                                          (R.WECKERS, True), (R.WECKERS_TWO, False),
                                          (R.WECKERS_TWO, True)])
def test_engine_plays_legal_moves_in_every_variant(rows: int, cols: int, variant: str,
                                                   lite: bool) -> None:
    rng = random.Random(rows + cols)
    game = random_game(rng, R.Options(rows, cols, variant, lite=lite), 6)
    for _ in range(6):
        if game.over:
            break
        result = E.best_move(game, 3)
        assert result.move in game.legal_moves()
        game = R.play(game, result.move)


def test_move_command_prints_pdn_numbers() -> None:
    assert move_command("B:W17,18,27,7:B14,1", 4) == "14x23x32"
    text = move_command(R.START_FEN_8X8, 1)
    assert text in {"9-13", "9-14", "10-14", "10-15", "11-15", "11-16", "12-16"}


def test_perft_command_prints_counts_per_depth() -> None:
    out = perft_command(8, 8, 3, None).splitlines()
    assert out[-1] == "depth 3 nodes 302"
    out = perft_command(6, 6, 2, None).splitlines()
    assert out[0] == "position 6x6:B:W13,14,15,16,17,18:B1,2,3,4,5,6"
    with pytest.raises(R.RulesError, match="FEN is 6x6"):
        perft_command(8, 6, 1, "6x6:B:W13:B1")


def test_game_over_has_no_engine_move() -> None:
    with pytest.raises(R.RulesError, match="over"):
        E.best_move(R.parse_fen("W:W29:B25,22"), 3)


def test_book_move_is_played_at_once_from_level_7(tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    from retro.games.checkers.engine import book

    path = tmp_path / "book.json"
    path.write_text(json.dumps({"plies": 0, "nodes": 1, "moves": {R.START_FEN_8X8: "12-16"}}))
    monkeypatch.setattr(book, "PATH", path)
    book._book.cache_clear()
    try:
        start = R.parse_fen(R.START_FEN_8X8)
        played = E.best_move(start, book.MIN_LEVEL)
        assert R.format_move(played.move) == "12-16" and played.nodes == 0
        assert E.best_move(start, book.MIN_LEVEL - 1).nodes > 0
    finally:
        book._book.cache_clear()


def test_shipped_book_answers_every_position_of_its_first_plies() -> None:
    """The book file holds a legal move for every position the builder visits, and it was
    built with the builder's defaults (so a plain rebuild makes the same file), searching
    beyond the most any level's own search may spend."""
    from retro.games.checkers.engine import book
    from retro.games.checkers.tools import build_book

    data = json.loads(book.PATH.read_text())
    defaults = build_book.parser().parse_args([])
    assert (data["plies"], data["nodes"]) == (defaults.plies, defaults.nodes)
    assert data["nodes"] > max(budget for _, budget in E.LEVELS.values())
    wanted = build_book.positions(data["plies"])
    assert sorted(data["moves"]) == sorted(R.to_fen(g) for g in wanted)
    for game in wanted:
        assert book.lookup(game) in game.legal_moves()


@pytest.mark.parametrize("variant,lite", [(R.WECKERS, False), (R.WECKERS, True),
                                          (R.WECKERS_TWO, False)])
def test_weckers_search_leaves_every_weight_as_it_found_it(variant: str, lite: bool) -> None:
    """Deep lines move pieces away and others onto their squares: taking moves back must
    restore the weights, or the search plays with pieces of the wrong weight."""
    rng = random.Random(21)
    for _ in range(3):
        game = random_game(rng, R.Options(8, 8, variant, lite=lite), 10)
        if game.over:
            continue
        searcher = E.Searcher(game, 9, depth=5, budget=10**7)
        E.run(searcher.think())
        wt = searcher._weights
        pos = game.position
        assert wt is not None and pos.weights is not None
        occupied = pos.black | pos.white
        for b, weight in enumerate(pos.weights):
            if occupied >> b & 1:
                assert wt[1 << b] == weight
