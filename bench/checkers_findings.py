"""Where games against an outside program turn: read a ``checkers_engine.py --log`` file.

    python bench/checkers_findings.py games.jsonl

For each game the log holds every move with what each side's search said of it (depth,
nodes, CPU seconds, and the score for the side that moved).  This prints ``key = value``
lines:

* ``result_<n>``: one line a game: our colour, the result, how it ended, its length, and for
  a game we did not win, where it turned: the first of our opponent's moves from which its
  own score for itself stays at ``TURN`` or more to the end (the side is then a man ahead in
  its view), the phase there (``opening`` before ply ``OPENING_PLIES``, ``endgame`` at
  ``ENDGAME_PIECES`` pieces or fewer, else ``middle``), and our own score at our move just
  before (how much of it we saw coming).
* ``turns_by_phase``: the counts of those turning points by phase.
* ``depth_median_<side>``, ``nodes_per_cpu_s_<side>``, ``cpu_median_<side>``: each side's
  search over all its searched moves (forced moves, book moves and single replies count
  nowhere).
* ``blind_turns``: turning points where our score just before was still level or better
  (at most ``BLIND``): the evaluation or the depth did not see it.
"""

from __future__ import annotations

import argparse
import json
import statistics
from pathlib import Path

TURN = 60               # hundredths of a man, in the opponent's own scale (a man is 100)
BLIND = 20
OPENING_PLIES = 16
ENDGAME_PIECES = 10


def phase(ply: int, pieces: int) -> str:
    if ply < OPENING_PLIES:
        return "opening"
    return "endgame" if pieces <= ENDGAME_PIECES else "middle"


def turning_point(plies: list[dict], them: str) -> int | None:
    """The index of the first move of ``them`` from which its score stays >= TURN."""
    turn = None
    for i, p in enumerate(plies):
        if p["by"] != them or p.get("score") is None:
            continue
        if p["score"] >= TURN:
            if turn is None:
                turn = i
        else:
            turn = None
    return turn


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("log", type=Path)
    args = parser.parse_args()
    games = [json.loads(line) for line in args.log.read_text().splitlines() if line.strip()]
    turns: dict[str, int] = {"opening": 0, "middle": 0, "endgame": 0}
    blind = 0
    stats: dict[str, dict[str, list[float]]] = {}
    for n, g in enumerate(games, start=1):
        plies = g["plies"]
        us, them = g["a"], g["b"]
        for p in plies:
            if p.get("depth"):
                s = stats.setdefault(p["by"], {"depth": [], "nodes": [], "cpu": []})
                s["depth"].append(p["depth"])
                s["nodes"].append(p["nodes"])
                s["cpu"].append(p["cpu"])
        line = (f"result_{n} = {g['a_color']} {g['result']} {g['how']} "
                f"({len(plies)} plies)")
        if g["result"] != "+":
            i = turning_point(plies, them)
            if i is not None:
                where = phase(i + 3, plies[i]["pieces"])
                turns[where] += 1
                ours = next((p for p in reversed(plies[:i]) if p["by"] == us
                             and p.get("score") is not None), None)
                seen = ours["score"] if ours else None
                if seen is not None and seen >= -BLIND:
                    blind += 1
                line += (f"  turned at ply {i + 4} ({where}, {plies[i]['pieces']} pieces, "
                         f"its score {plies[i]['score']}, ours just before {seen})")
        print(line)
    print("turns_by_phase = " + ", ".join(f"{k} {v}" for k, v in turns.items()))
    print(f"blind_turns = {blind}")
    for side, s in stats.items():
        if not s["cpu"]:
            continue
        rate = sum(s["nodes"]) / max(1e-9, sum(s["cpu"]))
        print(f"depth_median_{side} = {statistics.median(s['depth'])}  "
              f"nodes_per_cpu_s_{side} = {rate:.0f}  "
              f"cpu_median_{side} = {statistics.median(s['cpu']):.2f}  "
              f"({len(s['cpu'])} searched moves)")


if __name__ == "__main__":
    main()
