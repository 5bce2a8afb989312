"""YZ test set-up: the strategy table for the help text's rules, built once per session.

A game against the computer keeps its table in the run's save folder; the screen tests put
this one there first, so that only the tests about building it pay for the build.
"""

from __future__ import annotations

import io
from pathlib import Path

import numpy as np
import pytest

from retro.games.yz.rules import Rules
from retro.games.yz.solver import Table, build, table_name


@pytest.fixture(scope="session")
def yz_default_table() -> Table:
    return build(Rules())


@pytest.fixture
def seed_table(yz_default_table: Table):
    """``seed_table(home)`` puts the default table into a save folder."""
    buf = io.BytesIO()
    np.save(buf, yz_default_table.f)
    data = buf.getvalue()

    def put(home: Path) -> Path:
        home.mkdir(parents=True, exist_ok=True)
        path = home / table_name(Rules())
        path.write_bytes(data)
        return path

    return put
