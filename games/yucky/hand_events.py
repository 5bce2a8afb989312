"""What happened in a Yucky Lucky You! hand: the typed events ``rules.Round`` records.

Screens narrate them (``narrate``), the computer player counts cards from them (``ai``).
Seats are 0 (you) and 1 (the computer), as in ``rules``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from retro.games.yucky.rules import Card


@dataclass(frozen=True, slots=True)
class Played:
    """``seat`` put ``card`` down; ``color`` is the colour in play after it."""

    seat: int
    card: Card
    color: str


@dataclass(frozen=True, slots=True)
class Drew:
    """``seat`` took ``cards`` from the draw pile.

    ``why`` is ``"turn"`` (a drawn card), ``"draw_two"``, ``"draw_four"``, ``"challenge"``,
    ``"cry"`` (the penalty) or ``"startup"``.  ``short`` says why fewer cards came than were
    due: ``"limit"`` (the hand holds 72 cards) or ``"empty"`` (nothing left anywhere).
    """

    seat: int
    cards: tuple[Card, ...]
    why: str
    short: str = ""


@dataclass(frozen=True, slots=True)
class Passed:
    """``seat`` ended the turn without playing."""

    seat: int


@dataclass(frozen=True, slots=True)
class Skipped:
    """``seat`` loses a turn (skip, reverse, draw two, wild draw four, a start-up card)."""

    seat: int


@dataclass(frozen=True, slots=True)
class Reshuffled:
    """The discard pile under its top card became the new draw pile of ``cards`` cards."""

    cards: int


@dataclass(frozen=True, slots=True)
class Cried:
    """``seat`` cried "Yucky Lucky You!" with the play that left it one card."""

    seat: int


@dataclass(frozen=True, slots=True)
class Caught:
    """``by`` called the missing cry of ``seat``, who draws the penalty."""

    seat: int
    by: int


@dataclass(frozen=True, slots=True)
class Challenged:
    """``victim`` challenged the wild draw four; ``guilty`` says how it came out."""

    victim: int
    guilty: bool


@dataclass(frozen=True, slots=True)
class ColorNamed:
    """``seat`` named ``color`` (after a wild, or for a start-up wild)."""

    seat: int
    color: str


@dataclass(frozen=True, slots=True)
class WentOut:
    """``seat`` played its last card."""

    seat: int


@dataclass(frozen=True, slots=True)
class Ended:
    """The hand ended without anyone going out: ``how`` is ``"giveup"`` or ``"blocked"``."""

    winner: int | None
    how: str


@dataclass(frozen=True, slots=True)
class StartupW4:
    """A wild draw four turned up to start the discard pile and went back into the pile."""


@dataclass(frozen=True, slots=True)
class Redealt:
    """Only wild draw fours were left to turn up: the hand was dealt again."""


HandEvent = (Played | Drew | Passed | Skipped | Reshuffled | Cried | Caught | Challenged
             | ColorNamed | WentOut | Ended | StartupW4 | Redealt)
