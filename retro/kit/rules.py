"""The one vocabulary of rule violations every game shares (python-chess is the model).

A game's rules raise a ``RulesError`` subclass whose message a player can read; the
screens show it as it is.  Everything a game raises for a bad move, card or position is a
``RulesError``, so a caller (a referee, the command line) can catch them all in one place::

    try:
        game.apply(move)
    except IllegalMoveError as err:
        show(str(err))

``RulesError`` is a ``ValueError``: the value handed over (a move, a card, a FEN) is bad.
"""

from __future__ import annotations

__all__ = ["IllegalMoveError", "NotationError", "RulesError"]


class RulesError(ValueError):
    """Base of every error a game's rules raise; the message is for the player."""


class IllegalMoveError(RulesError):
    """A move (a play, a draw, a posting, a capture) the rules do not allow now."""


class NotationError(RulesError):
    """Text that cannot be read as a card, a move, a position or a hand."""
