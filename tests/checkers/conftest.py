"""Shared helpers for the checkers tests."""

from __future__ import annotations

from .naive import from_game as to_naive

__all__ = ["to_naive"]
