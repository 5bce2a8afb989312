"""Pig Poker computer player: win rates against baselines and the time of one decision.

Two-player games, seats alternated (the exact player moves first in even-numbered games),
every game seeded by its number.  Prints ``key = value`` lines: ``games`` (per opponent),
``win_vs_random``, ``win_vs_greedy``, ``win_vs_line_greedy`` (fractions of all games,
unfinished games count as not won) each with its 95% half-width ``ci95_vs_...``;
``decision_s`` (median CPU seconds of one twiddle decision with five cards allowed, the
board valued included, in a two-player game so the look-ahead is included, after the
one-time tables; ``decision_max_s`` the slowest of 40),
``tables_s`` (building those tables) and the baselines' own win rate against random for
scale.  The opponents are ``ai.RandomPlayer``, ``ai.GreedyPlayer`` (the square with the
highest hand it can beat) and ``ai.LineGreedyPlayer`` (a square completing its own four
whenever it can, else the highest-scoring square it does not hold).

Tables: ``table_games`` games for each table of 3 to 6 players, one computer against
greedy players (``--table-opponent``: ``greedy``, ``line_greedy``, or both, the default), its
seat moving round the table game by game: ``share_<n>p_vs_<opponent>`` (the share of games it
won, ``ci95_<n>p_vs_<opponent>`` its half-width, ``interval95_...`` its Wilson interval) and
``fair_share_ratio_<n>p_vs_<opponent>`` (that share times n, with the interval times n: 1 is
a fair share; the goal is at least 2.5).

``--jobs N`` plays the games in N processes (the figures are the same: every game is seeded
by its number, and the random opponent draws from a stream seeded by the game's number).

Defence: ``threat_games`` computer-only games (2 to 6 exact players in turn, no options, and
every fourth game with Mud Puddle) count the threats the computer meets when it pigs out: a
rival holds three squares of a line whose fourth square is held by someone else (a third
player or the computer itself).  ``threats_blockable`` counts those where the final hand can
legally take one of the line's four squares and the computer cannot win at once (then winning
is the better move); ``threats_blocked`` those where it did take one of them;
``block_share`` is their ratio (the goal is at least 0.95); ``missed_for_another_threat``
counts the misses where the capture blocked a different threat instead (two threats no single
square meets); ``turn_block_share`` is the share of turns facing any blockable threat (held or
empty fourth square) where the capture blocked one.  ``threats_empty_blocked`` is the share
for lines whose fourth square is empty, for comparison.

Twiddles (only with ``--twiddle-deals N``): N seeded deals (five cards and a die of 1-5)
played through every twiddle round twice, once counting the rounds the die leaves after
each twiddle (``ai.RETRIES``, the player as it is) and once valuing each twiddle as if it
were the last round, against four fixed aims: trips or better, a straight or better, a hand
beating two queens (1 if reached, else 0) and the hand's strength (the share of hands it
beats, squared).  Both runs of a deal draw from the same seeded stream.  Prints
``twiddle_<aim> = <last round> -> <rounds> (gain <mean> +- <95% half-width>)``: the mean
final worth, paired deal by deal.

    python bench/pigpoker_ai.py [--quick] [--games N] [--table-games N] [--threat-games N]
                                [--table-opponent greedy|line_greedy ...] [--jobs N]
                                [--skip random|greedy|line_greedy|tables|threats ...]
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import random
import statistics
import sys
import time
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import numpy as np

from retro.games.pigpoker import ai
from retro.games.pigpoker import hands as hx
from retro.games.pigpoker import rules as r


def _games(kind: str, opponent: str, players: int, seeds: range) -> tuple[int, int]:
    """Wins and unfinished games of one ``kind`` player over the games ``seeds``."""
    wins = 0
    unfinished = 0
    me = ai.new_policy(kind)
    for seed in seeds:
        others = [ai.new_policy(opponent, random.Random(seed * 10 + k))
                  for k in range(players - 1)]
        seat = seed % players
        seats = [*others[:seat], me, *others[seat:]]
        game = ai.play_game(seats, seed)
        if game.winner is None:
            unfinished += 1
        elif seats[game.winner] is me:
            wins += 1
    return wins, unfinished


JOBS = 1


def match(kind: str, games: int, opponent: str, players: int = 2,
          first_seed: int = 0) -> tuple[float, int]:
    """Win fraction of one ``kind`` player against ``players - 1`` ``opponent`` players over
    ``games`` seeded games; its seat moves round the table game by game."""
    seeds = range(first_seed, first_seed + games)
    chunks = [(kind, opponent, players, seeds[j::JOBS]) for j in range(JOBS)]
    if JOBS == 1:
        results = [_games(*chunks[0])]
    else:
        with multiprocessing.Pool(JOBS) as pool:
            results = pool.starmap(_games, chunks)
    wins = sum(w for w, _ in results)
    unfinished = sum(u for _, u in results)
    return wins / games, unfinished


@dataclass
class Defence:
    blockable: int = 0
    blocked: int = 0
    empty_blockable: int = 0
    empty_blocked: int = 0
    missed_for_another: int = 0     # not blocked, but the capture blocked another threat
    turns: int = 0                  # turns facing at least one blockable threat
    turns_blocked: int = 0          # ... where the capture blocked at least one of them


def threats(game: r.Game, me: int) -> list[tuple[tuple[int, ...], bool]]:
    """Lines where a rival of ``me`` holds three squares: (line, fourth square is empty)."""
    out = []
    for line in r.LINES:
        owners = [game.board[i].owner for i in line]
        for q in set(owners):
            if q is None or q == me or owners.count(q) != 3:
                continue
            fourth = next(o for o in owners if o != q)
            out.append((line, fourth is None))
    return out


class Watcher:
    """Wraps a policy and records, at every capture, whether it met the rivals' threats."""

    def __init__(self, policy: ai.Policy, tally: Defence) -> None:
        self.policy, self.tally = policy, tally

    def twiddle(self, game: r.Game) -> list[int]:
        return self.policy.twiddle(game)

    def square(self, game: r.Game) -> int:
        choice = self.policy.square(game)
        legal = set(game.legal_squares())
        wins = any(all(game.board[k].owner == game.turn for k in line if k != i)
                   for i in legal for line in r.LINES if i in line)
        if not wins:
            facing = [(line, empty) for line, empty in threats(game, game.turn)
                      if legal & set(line)]
            for line, empty in facing:
                hit = choice in line
                if empty:
                    self.tally.empty_blockable += 1
                    self.tally.empty_blocked += hit
                else:
                    self.tally.blockable += 1
                    self.tally.blocked += hit
                    self.tally.missed_for_another += not hit and any(
                        choice in other for other, _ in facing)
            if facing:
                self.tally.turns += 1
                self.tally.turns_blocked += any(choice in line for line, _ in facing)
        return choice


def defence(games: int) -> Defence:
    tally = Defence()
    for seed in range(games):
        n = 2 + seed % 5
        policies: list[ai.Policy] = [Watcher(ai.ExactPlayer(), tally) for _ in range(n)]
        options = r.Options(mud_puddle=seed % 4 == 3)
        ai.play_game(policies, 10_000 + seed, options, max_turns=400)
    return tally


def _play_twiddles(values: np.ndarray, hand: list[int], die: int, rng: random.Random,
                   retries: bool) -> float:
    """The worth of the final hand when every round picks the best subset by
    ``ai.subset_values`` (``retries`` as ``ai.RETRIES``), the redraws from ``rng``."""
    saved = ai.RETRIES
    ai.RETRIES = retries
    try:
        left = die
        while left:
            scores = ai.subset_values(hand, left, values)
            best = max(scores, key=lambda s: (round(scores[s], 9), -len(s)))
            if not best:
                break
            kept = [hand[p] for p in range(5) if p not in best]
            drawn = rng.sample([c for c in range(52) if c not in kept], len(best))
            for p, c in zip(best, drawn, strict=True):
                hand[p] = c
            left -= len(best)
    finally:
        ai.RETRIES = saved
    return float(values[hx.classify(np.asarray(hand))])


def twiddle_gains(deals: int) -> dict[str, tuple[float, float, float, float]]:
    """For each aim: the mean worth as the last round, with the rounds counted, the mean
    paired gain and its 95% half-width."""
    t = hx.tables()
    hold = ai.odds().hold
    queens = hx.class_of(hx.parse_hand("QS QH AD KC JS"))
    aims = {"trips": (t.category >= hx.THREE).astype(float),
            "straight": (t.category >= hx.STRAIGHT).astype(float),
            "over_queens": (np.arange(len(hold)) > queens).astype(float),
            "strength": hold ** 2}
    out = {}
    for name, values in aims.items():
        pairs = []
        for seed in range(deals):
            deal = random.Random(seed)
            hand, die = deal.sample(range(52), 5), deal.randint(1, r.DIE_FACES)
            pairs.append([_play_twiddles(values, list(hand), die, random.Random(10_000 + seed),
                                         retries) for retries in (False, True)])
        worth = np.array(pairs)
        gain = worth[:, 1] - worth[:, 0]
        out[name] = (float(worth[:, 0].mean()), float(worth[:, 1].mean()), float(gain.mean()),
                     1.96 * float(gain.std()) / math.sqrt(deals))
    return out


def half_width(p: float, n: int) -> float:
    return 1.96 * math.sqrt(max(p * (1 - p), 1e-12) / n)


def wilson(p: float, n: int) -> str:
    """The 95% Wilson score interval of a share ``p`` of ``n`` games, as ``low-high``
    (meaningful also at 0 and 1, where the half-width above shrinks to nothing)."""
    z = 1.96
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    spread = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return f"{max(centre - spread, 0.0):.3f}-{min(centre + spread, 1.0):.3f}"


def decision_time(samples: int) -> tuple[float, float]:
    player = ai.ExactPlayer()
    times = []
    for seed in range(samples):
        game = r.Game([r.Player("A", True), r.Player("B", True)], random.Random(seed))
        game.start_turn()
        for _ in range(seed % 12):                     # a board with some pigs on it
            ai.play_turn(game, ai.GreedyPlayer())
            if game.over:
                break
        if game.over:
            continue
        game.die = game.twiddles_left = 5
        start = time.process_time()
        player._values = None                         # include valuing the board
        player.twiddle(game)
        times.append(time.process_time() - start)
    return statistics.median(times), max(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a few games of each (< 1 min)")
    parser.add_argument("--games", type=int, default=None,
                        help="two-player games per opponent")
    parser.add_argument("--table-games", type=int, default=None,
                        help="games per table size (3-6 players) against line-greedy players")
    parser.add_argument("--threat-games", type=int, default=None)
    parser.add_argument("--table-opponent", action="append", default=[],
                        choices=["greedy", "line_greedy"],
                        help="the other players at the tables (may be repeated; default both)")
    parser.add_argument("--twiddle-deals", type=int, default=0,
                        help="deals to twiddle with and without counting later rounds "
                             "(default none)")
    parser.add_argument("--jobs", type=int, default=1, help="processes to play the games in")
    parser.add_argument("--skip", action="append", default=[],
                        choices=["random", "greedy", "line_greedy", "tables", "threats"],
                        help="leave a part out (may be repeated)")
    args = parser.parse_args()
    if args.jobs < 1:
        parser.error("--jobs takes a number of processes, 1 or more")
    if args.twiddle_deals < 0:
        parser.error("--twiddle-deals takes a number of deals, 0 or more")
    global JOBS
    JOBS = args.jobs
    games = args.games or (30 if args.quick else 400)
    table_games = args.table_games or (6 if args.quick else 120)
    threat_games = args.threat_games or (6 if args.quick else 200)

    start = time.perf_counter()
    ai.odds()
    print(f"tables_s = {time.perf_counter() - start:.2f}")
    median, worst = decision_time(12 if args.quick else 40)
    print(f"decision_s = {median:.4f}")
    print(f"decision_max_s = {worst:.4f}")
    print(f"games = {games}")
    unfinished = 0
    for opponent in ("random", "greedy", "line_greedy"):
        if opponent in args.skip:
            continue
        p, u = match("exact", games, opponent)
        unfinished += u
        print(f"win_vs_{opponent} = {p:.3f}")
        print(f"ci95_vs_{opponent} = {half_width(p, games):.3f}")
        print(f"interval95_vs_{opponent} = {wilson(p, games)}", flush=True)
    print(f"unfinished = {unfinished}")
    if "tables" not in args.skip:
        print(f"table_games = {table_games}")
        for opponent in args.table_opponent or ["greedy", "line_greedy"]:
            for n in range(3, 7):
                p, u = match("exact", table_games, opponent, players=n, first_seed=1000 * n)
                tag = f"{n}p_vs_{opponent}"
                interval = wilson(p, table_games)
                low, high = (float(x) * n for x in interval.split("-"))
                print(f"share_{tag} = {p:.3f}")
                print(f"ci95_{tag} = {half_width(p, table_games):.3f}")
                print(f"interval95_{tag} = {interval}")
                print(f"fair_share_ratio_{tag} = {p * n:.2f} (interval {low:.2f}-{high:.2f}; "
                      f"unfinished {u})", flush=True)
    if args.twiddle_deals:
        print(f"twiddle_deals = {args.twiddle_deals}")
        for name, (last, rounds, gain, spread) in twiddle_gains(args.twiddle_deals).items():
            print(f"twiddle_{name} = {last:.4f} -> {rounds:.4f} "
                  f"(gain {gain:+.4f} +- {spread:.4f})", flush=True)
    if "random" not in args.skip:
        greedy_vs_random, _ = match("greedy", games, "random")
        print(f"baseline_greedy_vs_random = {greedy_vs_random:.3f} "
              f"(interval {wilson(greedy_vs_random, games)})")
    if "threats" in args.skip:
        return
    tally = defence(threat_games)
    print(f"threat_games = {threat_games}")
    print(f"threats_blockable = {tally.blockable}")
    print(f"threats_blocked = {tally.blocked}")
    share = tally.blocked / max(tally.blockable, 1)
    print(f"block_share = {share:.3f} (interval {wilson(share, max(tally.blockable, 1))})")
    print(f"missed_for_another_threat = {tally.missed_for_another}")
    print(f"turn_block_share = {tally.turns_blocked / max(tally.turns, 1):.3f} "
          f"({tally.turns_blocked} of {tally.turns} turns facing a blockable threat)")
    print(f"threats_empty_blocked = "
          f"{tally.empty_blocked / max(tally.empty_blockable, 1):.3f} "
          f"({tally.empty_blocked} of {tally.empty_blockable})")


if __name__ == "__main__":
    main()
