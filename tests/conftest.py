"""Shared test set-up: a private save folder per test and a headless SDL."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

pytest_plugins = ["pytester"]  # the golden plugin's own tests run pytest inside pytest

REPO = Path(__file__).resolve().parents[1]
REFERENCE = REPO.parent / "shared" / "reference"


@pytest.fixture(autouse=True)
def retro_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Every test saves into its own folder, never the user's."""
    home = tmp_path / "retro-home"
    monkeypatch.setenv("RETRO_HOME", str(home))
    return home


@pytest.fixture
def reference() -> Path:
    """The outside reference data (../shared/reference), or skip if it is not beside us."""
    if not REFERENCE.is_dir():
        pytest.skip(f"reference data not found at {REFERENCE}")
    return REFERENCE
