"""When level 9 begins another iteration: not once it has spent its start share of the
budget, unless its score has just fallen (``ITERATION_START``, ``DROP`` in the search)."""

from __future__ import annotations

import random

from retro.games.checkers import engine as E
from retro.games.checkers import rules as R
from retro.games.checkers.engine import search as S
from tests.checkers.test_engine import random_game

BUDGET, START = 400_000, 60_000     # level 9's rule at a scale the tests can afford


def middle_games(count: int, seed: int) -> list[R.Game]:
    rng = random.Random(seed)
    out: list[R.Game] = []
    while len(out) < count:
        game = random_game(rng, R.Options(), rng.randrange(10, 40))
        if not game.over and len(game.legal_moves()) > 1:
            out.append(game)
    return out


def searched(game: R.Game) -> tuple[E.Searcher, E.SearchResult]:
    searcher = E.Searcher(game, 9, use_book=False, budget=BUDGET, start=START)
    return searcher, E.run(searcher.think())


def limit_after(iterations: list[tuple[int, int, int]], n: int) -> int:
    """The nodes before which another iteration may begin after the n-th finished one."""
    dropped = n > 0 and iterations[n][2] <= iterations[n - 1][2] - S.DROP
    return 2 * START if dropped else START


def test_level_nine_stops_beginning_iterations_at_its_start_share() -> None:
    assert E.Searcher(middle_games(1, seed=0)[0], 9).start == S.ITERATION_START[9]
    assert S.ITERATION_START[9] < E.LEVELS[9][1]
    for game in middle_games(12, seed=1):
        searcher, result = searched(game)
        its = searcher.iterations
        assert its and its[-1][0] == result.depth
        # every iteration but the first began below its limit ...
        for n in range(len(its) - 1):
            assert its[n][1] < limit_after(its, n), (R.format_fen(game), its)
        # ... and the search ended at the limit, a forced result, or the hard budget
        assert (its[-1][1] >= limit_after(its, len(its) - 1)
                or abs(result.score) > S.WON or result.nodes == BUDGET), its


def test_most_searches_finish_their_last_iteration_inside_the_budget() -> None:
    cut = 0
    for game in middle_games(12, seed=2):
        _, result = searched(game)
        assert result.nodes <= BUDGET
        cut += result.nodes == BUDGET
    assert cut <= 3


def test_a_falling_score_lets_the_search_begin_another_iteration() -> None:
    """A position whose score falls past DROP once START is spent searches deeper."""
    seen = 0
    for game in middle_games(60, seed=3):
        searcher, result = searched(game)
        its = searcher.iterations
        for n in range(1, len(its)):
            fell = its[n][2] <= its[n - 1][2] - S.DROP
            if fell and START <= its[n][1] < 2 * START and abs(its[n][2]) < S.WON:
                # a rise would have ended it here; the fall lets it go on
                assert n + 1 < len(its) or result.nodes == BUDGET, its
                seen += 1
    assert seen >= 1


def test_a_search_given_a_budget_runs_to_it_unless_given_a_start() -> None:
    game = middle_games(1, seed=4)[0]
    assert E.Searcher(game, 9, budget=50_000).start == 50_000
    assert E.Searcher(game, 8).start == E.LEVELS[8][1]
    full = E.Searcher(game, 9, use_book=False, budget=200_000)
    E.run(full.think())
    early = E.Searcher(game, 9, use_book=False, budget=200_000, start=20_000)
    E.run(early.think())
    assert early.iterations == full.iterations[:len(early.iterations)]
    assert len(early.iterations) < len(full.iterations)


def test_a_forced_move_begins_iterations_only_until_a_share_of_its_start() -> None:
    game = middle_games(1, seed=5)[0]
    while len(game.legal_moves()) != 1:
        game = R.play(game, game.legal_moves()[0])
    searcher, result = searched(game)
    last = searcher.iterations[-1][1]
    assert result.nodes == last < BUDGET // S.FORCED_SHARE
    assert searcher.iterations[-2][1] < START // S.FORCED_SHARE <= last
