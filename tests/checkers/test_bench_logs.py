"""The equal-time matches kept with the bench (``bench/logs``): what the checkers README
reports of them is what the logs hold, and every game in them is a legal game of checkers
that ended as recorded."""

from __future__ import annotations

import json
import statistics
from pathlib import Path

import pytest

from bench import checkers_engine as B
from retro.games.checkers import rules as R

LOGS = Path(__file__).resolve().parents[2] / "bench" / "logs"

#: (file, the marks line, our median CPU s over every move, the outside program's)
MATCHES = [
    ("checkers_equal_time.jsonl", "===+==+++=-==+====+==+==", 2.14, 2.03),
    ("checkers_equal_budget.jsonl", "++-=+===+===-=====+=-+-=", 2.25, 3.23),
]


def games(name: str) -> list[dict[str, object]]:
    with open(LOGS / name, encoding="utf-8") as log:
        return [json.loads(line) for line in log]


@pytest.mark.parametrize("name,marks,ours,theirs", MATCHES)
def test_the_logged_match_is_what_the_readme_reports(name: str, marks: str, ours: float,
                                                     theirs: float) -> None:
    played = games(name)
    assert "".join(str(g["result"]) for g in played) == marks
    plies = [p for g in played for p in g["plies"]]      # type: ignore[attr-defined]
    assert round(statistics.median(p["cpu"] for p in plies if p["by"] == "L9"), 2) == ours
    assert round(statistics.median(p["cpu"] for p in plies if p["by"] == "simplech"),
                 2) == theirs
    readme = (Path(__file__).resolve().parents[2] / "games/checkers/README.md").read_text()
    assert f"# L9 v simplech: {marks}\n" in readme


@pytest.mark.parametrize("name", [m[0] for m in MATCHES])
def test_every_logged_game_is_legal_and_ends_as_recorded(name: str) -> None:
    for record in games(name):
        game = R.parse_fen(str(record["start"]))
        seen: dict[tuple[int, int, int, str], int] = {}
        for ply in record["plies"]:                      # type: ignore[attr-defined]
            by_us = ply["by"] == "L9"
            assert by_us == (game.turn == record["a_color"])
            legal = {R.format_move(m): m for m in game.legal_moves()}
            game = R.play(game, legal[ply["move"]])
            pos = game.position
            key = (pos.black, pos.white, pos.kings, pos.turn)
            seen[key] = seen.get(key, 0) + 1
        assert R.format_fen(game) == record["end"]
        how, mark = record["how"], record["result"]
        if how == "repetition":
            assert max(seen.values()) >= B.REPEATS and mark == "="
        elif how == "databases":
            winner = B.database_result(game)
            assert winner is not None
            expected = "=" if winner == "" else ("+" if winner == record["a_color"] else "-")
            assert mark == expected
        else:
            assert game.result is not None and game.result.reason == how
            assert mark == ("+" if game.result.winner == record["a_color"] else "-")
