"""The Sixty-Six bench's options as a user types them (``bench/sixtysix_ai.py``)."""

from __future__ import annotations

import pytest

from bench import sixtysix_ai as bench


def _run(monkeypatch: pytest.MonkeyPatch, *args: str) -> None:
    monkeypatch.setattr("sys.argv", ["sixtysix_ai.py", *args])
    bench.main()


def test_bench_refuses_a_negative_closing_budget_with_one_line(
        monkeypatch: pytest.MonkeyPatch) -> None:
    with pytest.raises(SystemExit) as stop:
        _run(monkeypatch, "--close-budget", "-1")
    assert stop.value.code == "sixtysix_ai: --close-budget must be 0 (no bound) or more"


def test_bench_takes_a_closing_budget_of_zero_as_no_bound(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    _run(monkeypatch, "--close-budget", "0", "--deals", "2", "--against", "greedy",
         "--no-baseline")
    assert "close_budget = 0" in capsys.readouterr().out.splitlines()


def test_bench_refuses_fewer_than_two_deals_with_one_line(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # One deal has no spread to give an interval from.
    with pytest.raises(SystemExit) as stop:
        _run(monkeypatch, "--deals", "1", "--against", "greedy", "--no-baseline")
    assert stop.value.code == ("sixtysix_ai: --deals must be 2 or more (the intervals need "
                               "two deals)")
