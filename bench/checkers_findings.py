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
* ``drop_<n>``: for a game we did not win, the first of our moves made from a level
  position (our score at least ``-BLIND``) after which our own score falls by ``TURN`` or
  more within our next ``DROP_MOVES`` moves: where we went wrong, as our own later searches
  judge it.  With our score there, the lowest after, and the opponent's score for itself in
  its reply (positive: it saw at once what we found out later).
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
DROP_MOVES = 4


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


def first_drop(plies: list[dict], us: str) -> tuple[int, int, int] | None:
    """(index of our move, our score there, our lowest score in the next DROP_MOVES moves)
    for the first move from a level position that our later searches mark down by TURN."""
    ours = [(i, p["score"]) for i, p in enumerate(plies)
            if p["by"] == us and p.get("score") is not None and abs(p["score"]) < 10_000]
    for n, (i, score) in enumerate(ours):
        later = [sc for _, sc in ours[n + 1:n + 1 + DROP_MOVES]]
        if score >= -BLIND and later and min(later) <= score - TURN:
            return i, score, min(later)
    return None


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
        if g["result"] != "+":
            drop = first_drop(plies, us)
            if drop is not None:
                i, before, after = drop
                reply = next((p.get("score") for p in plies[i + 1:] if p["by"] == them), None)
                print(f"drop_{n} = ply {i + 4} ({phase(i + 3, plies[i]['pieces'])}, "
                      f"{plies[i]['pieces']} pieces, our move {plies[i]['move']} at depth "
                      f"{plies[i].get('depth')}): ours {before} then down to {after}; "
                      f"its reply scored {reply} for itself")
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
