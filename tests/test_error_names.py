"""Every game's rules errors derive from the shared vocabulary and never reuse its names."""

from __future__ import annotations

import importlib

import pytest

import retro.kit.rules

GAMES = ("checkers", "pigpoker", "sixtysix", "yucky", "yz")


@pytest.mark.parametrize("game", GAMES)
def test_no_rules_module_hides_a_shared_error_name(game: str) -> None:
    rules = importlib.import_module(f"retro.games.{game}.rules")
    for name in retro.kit.rules.__all__:
        # A game's own base class under the shared name would make ``except RulesError``
        # mean two different things depending on the import.
        shared = getattr(retro.kit.rules, name)
        assert getattr(rules, name, shared) is shared


def test_pig_poker_and_sixty_six_errors_have_their_own_names() -> None:
    from retro.games.pigpoker import rules as pig
    from retro.games.sixtysix import rules as sixty

    for cls in (pig.WrongPhase, pig.IllegalTwiddle, pig.IllegalCapture):
        assert issubclass(cls, pig.PigPokerError)
    assert issubclass(pig.PigPokerError, retro.kit.rules.IllegalMoveError)
    assert issubclass(sixty.BadCard, sixty.SixtySixError)
    assert issubclass(sixty.SixtySixError, retro.kit.rules.RulesError)
