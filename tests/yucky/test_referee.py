"""The independent referee (``referee.py``) drives the real program through seeded hands.

The default run plays 40 + 40 + 10 + 40 = 130 hands (about 30 s here): plain rules, the
long game (a quarter as many: its hands are long) and multiple draw, demo hands mixed in;
and 30 more with a computer that forgets its cry 60% of the time.
``YUCKY_REFEREE_HANDS=1000`` plays that many per run instead (the README gives the
figures of a longer run).
"""

from __future__ import annotations

import os

import pytest

from .referee import RefereeError, referee_run

HANDS = int(os.environ.get("YUCKY_REFEREE_HANDS", "40"))


@pytest.fixture(autouse=True)
def quick_computer(monkeypatch):
    """The referee checks the rules, not the computer's strength: a small play-out budget
    keeps its thousands of computer moves quick (the computer's choices stay lawful
    whatever the budget; ``test_ai`` tests the full one)."""
    from retro.games.yucky import ai

    monkeypatch.setattr(ai, "ROLLOUTS", 16)


RUNS = [(1, ""), (2, ""), (3, "long"), (4, "multiple")]


@pytest.mark.slow
@pytest.mark.parametrize("seed,options", RUNS)
def test_referee_finds_every_transition_lawful(tmp_path, seed, options):
    hands = max(10, HANDS // 4) if options == "long" else HANDS   # 52-card hands are long
    tally = referee_run(seed, hands, tmp_path, options=options)
    assert tally.hands >= hands
    assert tally.transitions > 10 * hands
    # The run met what it checks: every card type played, clicks used, a game finished.
    kinds = {"X0", "X5", "XS", "XR", "XD", "WC", "W4"}
    assert kinds <= set(tally.plays), tally.plays
    assert tally.clicks > 0 and tally.games > 0
    # Every hand after the first (the options are set during it) is under the run's rules.
    long_on = options in ("long", "both")
    multiple_on = options in ("multiple", "both")
    later = tally.hands - 1
    assert tally.hand_options[f"long_game {'on' if long_on else 'off'}"] >= later
    assert tally.hand_options[f"multiple_draw {'on' if multiple_on else 'off'}"] >= later


def test_the_referee_runs_of_the_suite_cover_every_value_of_every_option(tmp_path):
    covered: set[str] = set()
    for seed, options in RUNS:
        tally = referee_run(seed, 3, tmp_path / str(seed), options=options)
        covered |= {name for name, hands in tally.hand_options.items() if hands}
    assert covered == {"long_game on", "long_game off", "multiple_draw on",
                       "multiple_draw off"}, covered


def test_referee_catches_a_computer_that_forgets_to_call_your_cry(tmp_path, monkeypatch):
    from retro.games.yucky import ai

    monkeypatch.setattr(ai.Computer, "wants_catch", lambda self, r, seat: False)
    with pytest.raises(RefereeError, match="always calls your missing cry"):
        referee_run(5, 60, tmp_path, demo_rate=0.0)


def test_referee_catches_a_wrong_cry_penalty(tmp_path, monkeypatch):
    from retro.games.yucky import rules

    monkeypatch.setattr(rules, "CRY_PENALTY", 3)
    with pytest.raises(RefereeError):
        referee_run(5, 60, tmp_path, demo_rate=0.0)


def test_referee_catches_a_skip_that_does_not_skip(tmp_path, monkeypatch):
    from retro.games.yucky import rules

    monkeypatch.setattr(rules, "ACTIONS", "D")      # skip and reverse lose their power
    with pytest.raises(RefereeError, match="wrong player next"):
        referee_run(6, 60, tmp_path, demo_rate=0.0)


def test_referee_catches_a_program_deaf_to_your_call_while_the_computer_thinks(
        tmp_path, monkeypatch):
    import retro.games.yucky.ui as yucky_ui

    monkeypatch.setattr(yucky_ui, "LAPSE", 0.6)             # the computer forgets often
    monkeypatch.setattr(yucky_ui.YuckyScreen, "is_cry", lambda self, ev: False)
    with pytest.raises(RefereeError, match="not honoured"):
        referee_run(7, 60, tmp_path, demo_rate=0.0)


@pytest.mark.slow
def test_referee_with_a_forgetful_computer_checks_many_catches(tmp_path, monkeypatch):
    import retro.games.yucky.ui as yucky_ui

    monkeypatch.setattr(yucky_ui, "LAPSE", 0.6)
    tally = referee_run(8, 30, tmp_path, demo_rate=0.0)
    assert tally.caught["computer"] > 5 and tally.caught["you"] > 2
