"""The bench's equal time against an outside program: it gets our level 9's median CPU
seconds a move, measured in the same match (``bench/checkers_engine.py --equal-time``)."""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field
from types import SimpleNamespace

import pytest

from bench import checkers_engine as B
from retro.games.checkers import engine as E
from retro.games.checkers import rules as R


def test_the_calibration_serves_until_enough_of_our_moves_are_timed() -> None:
    equal = B.EqualTime(2.5)
    for n in range(B.EQUAL_AFTER - 1):
        equal.ours.append(0.1 * (n + 1))
        assert equal.seconds() == 2.5
    equal.ours.append(9.0)
    assert equal.seconds() == pytest.approx(0.3)       # the median of 0.1 ... 0.4, 9.0
    equal.ours += [4.0, 5.0, 6.0]
    assert equal.seconds() == pytest.approx(0.5 * (0.4 + 4.0))


def test_the_budget_is_set_so_that_what_it_spends_has_our_median() -> None:
    equal = B.EqualTime(2.0)
    equal.ours += [2.0] * B.EQUAL_AFTER
    # moves that stopped before their budget ran out say nothing of the overrun
    equal.outside += [(2.0, 0.5)] * (2 * B.EQUAL_AFTER)
    assert equal.seconds() == 2.0
    equal.outside += [(2.0, 4.0)] * (B.EQUAL_AFTER - 1)
    assert equal.seconds() == 2.0
    equal.outside.append((2.0, 3.0))
    # overruns 2.0, 2.0, 2.0, 2.0, 1.5: it spends twice its budget at the median
    assert equal.seconds() == pytest.approx(1.0)
    equal.outside += [(1.0, 1.0)] * 4
    assert equal.seconds() == pytest.approx(2.0 / 1.5)    # 1.0 x4, 1.5, 2.0 x4
    assert B.EqualTime(2.0, equal.ours, equal.outside, plain=True).seconds() == 2.0


@dataclass
class FakeOutside:
    """Stands in for Simple Checkers: plays the first legal move, keeps its budgets."""

    seconds: float = 0.0
    budgets: list[float] = field(default_factory=list)

    def move(self, game: R.Game) -> object:
        self.budgets.append(self.seconds)

        @dataclass
        class Reply:
            move: R.Move
            depth: int = 1
            nodes: int = 1
            value: int | None = 0

        return Reply(game.legal_moves()[0])


class QuickNine:
    """Level 9 by name, level 1 in effort: the test times real searches, quickly."""

    @staticmethod
    def best_move(game: R.Game, level: int) -> E.SearchResult:
        return E.best_move(game, 1)


def test_the_outside_program_gets_our_median_cpu_in_the_same_match(
        monkeypatch: pytest.MonkeyPatch) -> None:
    cpu = iter(float(n) for n in range(1, 10_000))
    monkeypatch.setattr(B, "time", SimpleNamespace(perf_counter=time.perf_counter,
                                                   process_time=lambda: next(cpu) * 0.5))
    outside = FakeOutside()
    equal = B.EqualTime(7.0, plain=True)
    ours = B.Player("L9", QuickNine, 9)
    theirs = B.SimplechPlayer("simplech", 0.5, equal=equal, _engine=outside)
    played = B.play_game(ours, theirs, R.Options(), B.Opening((0, 0, 0), True, 1))
    # Every move takes 0.5 s of the stubbed clock: ours are timed and feed the budget.
    assert played.cpu9 and set(played.cpu9) == {0.5}
    assert equal.ours == played.cpu9
    # After the three-ply opening white (the outside program) moves first: its k-th move
    # has seen k - 1 of ours, and gets the calibration until it has seen EQUAL_AFTER.
    early = B.EQUAL_AFTER
    assert outside.budgets[:early] == [7.0] * early
    assert set(outside.budgets[early:]) == {0.5}
    assert played.budget_outside == outside.budgets
    assert equal.outside == list(zip(outside.budgets, played.cpu_outside, strict=True))
    assert [p["budget"] for p in played.record["plies"]              # type: ignore[index]
            if p["by"] == "simplech"] == [round(b, 3) for b in outside.budgets]


def test_without_equal_time_the_outside_program_gets_its_seconds() -> None:
    outside = FakeOutside()
    theirs = B.SimplechPlayer("simplech", 0.75, _engine=outside)
    game = R.new_game(R.Options(), random.Random(0))
    theirs.reply(game)
    assert outside.budgets == [0.75]
