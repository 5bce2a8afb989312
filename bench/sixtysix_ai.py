"""Sixty-Six computer player figures: game-point share against two baselines, solve speed.

    python bench/sixtysix_ai.py            full run: 10,000 deals, each played twice
    python bench/sixtysix_ai.py --quick    under a minute: 60 deals
    python bench/sixtysix_ai.py --closed trumps    the standard closed-game rule
    python bench/sixtysix_ai.py --deals 480 --against greedy --no-baseline
                                           the computer against greedy alone
    python bench/sixtysix_ai.py ... --per-deal a.json, then --paired a.json b.json
                                           two runs on the same deals compared pair by pair

Every deal is dealt from its own seed and played twice with the seats swapped (duplicate),
so the cards even out.  Prints ``key = value`` lines:

* ``gp_vs_random``, ``gp_vs_greedy``: the expert's share of all game points scored (carried
  points left out), with ``ci95_random``/``ci95_greedy`` (95% half-widths, deal pairs as
  the unit, delta method) and ``ci95`` the larger of the two.
* ``baseline_greedy_vs_random``: the greedy player's share against the random one on the
  same deals, measured in the same run.
* ``solve_ms``, ``solve_ms_max``: exact solves of closed games, both hands known, from
  seeded positions closed after 0-3 tricks (6 to 3 cards each).
* ``decision_s``, ``decision_s_mean``, ``decision_s_median``, ``decision_s_p99``: the
  slowest (with where it was: deal seed, seat, trick), the mean, the median and the 99th
  percentile expert decision in the run, in CPU seconds; ``decisions_over_1s`` how many
  took over a CPU second (and how many of those checked a close by playing it out);
  ``close_check_s_median``/``close_check_s_max`` the decisions that checked a close,
  ``other_decision_s_max`` the slowest of the rest; ``close_checks_cut`` how many checks
  stopped short of their worlds on the budget of solver positions (``close_budget``).
* ``closings_vs_X``, ``closings_failed_vs_X``: how often the expert ordered the game
  closed against each opponent, and how often that closing failed; ``gp_lost_closing_vs_X``
  the game points those failures gave the opponent.
* ``gp_per_deal_vs_X`` / ``opp_gp_per_deal_vs_X``: game points per deal-play won by the
  expert and by its opponent, each with its 95% half-width (deal pairs as the unit).
* ``closed`` (the closed-game rule played), ``deals``, ``deal_plays``.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from retro.games.sixtysix.ai import ExpertConfig, ExpertPlayer, player  # noqa: E402
from retro.games.sixtysix.rules import (  # noqa: E402
    CLOSED_LED_SUIT,
    Close,
    Deal,
    Options,
    options_named,
)
from retro.games.sixtysix.solver import solve_deal  # noqa: E402


class Closings:
    """What the expert's closing did: how often, how often it failed, what that cost."""

    def __init__(self) -> None:
        self.count = 0
        self.failed = 0
        self.gp_lost = 0


class Timer:
    """Expert decision times in CPU seconds, those that checked a close apart."""

    def __init__(self) -> None:
        self.worst = 0.0
        self.where = ""                    # the slowest decision: deal seed, seat, trick
        self.total = 0.0
        self.count = 0
        self.times: list[float] = []
        self.checks: list[float] = []      # the decisions that played a close out
        self.others: list[float] = []
        self.cut = 0                       # closing checks the budget cut short

    def add(self, dt: float, checked: bool = False, where: str = "") -> None:
        if dt > self.worst:
            self.where = where
        self.worst = max(self.worst, dt)
        self.total += dt
        self.count += 1
        self.times.append(dt)
        (self.checks if checked else self.others).append(dt)

    def median(self) -> float:
        return self.quantile(0.5)

    def quantile(self, q: float, times: list[float] | None = None) -> float:
        xs = sorted(self.times if times is None else times)
        return xs[min(len(xs) - 1, int(q * len(xs)))] if xs else 0.0

    def over(self, limit: float) -> tuple[int, int]:
        """Decisions slower than ``limit``: (all, those that checked a close)."""
        return (sum(t > limit for t in self.times), sum(t > limit for t in self.checks))


def play_deal(seed: int, seats: dict[int, str], cfg: ExpertConfig, timer: Timer,
              options: Options,
              closings: Closings | None = None) -> tuple[int, int]:
    """Play one deal; returns (seat 0 gp, seat 1 gp)."""
    deal = Deal.new(random.Random(seed), dealer=seed % 2, options=options)
    players = {s: player(kind, s, random.Random(seed * 101 + s * 7 + 1), cfg)
               for s, kind in seats.items()}
    while not deal.over:
        p = players[deal.turn]
        if isinstance(p, ExpertPlayer):
            checks, cut = p.close_checks, p.close_cut
            t = time.process_time()         # CPU time: the machine is shared
            move = p.choose(deal)
            trick = len(deal.taken[0]) // 2 + len(deal.taken[1]) // 2 + 1
            timer.add(time.process_time() - t, p.close_checks > checks,
                      f"deal {seed} seat {deal.turn} trick {trick}")
            timer.cut += p.close_cut - cut
        else:
            move = p.choose(deal)
        deal.apply(move)
    res = deal.result
    assert res is not None
    closer = deal.closed_by
    if closings is not None and closer is not None and seats[closer] == "expert":
        closings.count += 1
        if res.reason == "closing failed":
            closings.failed += 1
            closings.gp_lost += res.game_points
    gp = [0, 0]
    if res.winner is not None:
        gp[res.winner] = res.game_points
    return gp[0], gp[1]


class Figures:
    """One duplicate match: the share with its interval, game points per deal-play."""

    def __init__(self, xs: list[int], ys: list[int], closings: Closings) -> None:
        self.share, self.ci = ratio_ci(xs, ys)
        self.gp, self.gp_ci = mean_ci([x / 2 for x in xs])
        self.opp_gp, self.opp_gp_ci = mean_ci([y / 2 for y in ys])
        self.closings = closings
        self.pairs = list(zip(xs, ys, strict=True))


def mean_ci(values: list[float]) -> tuple[float, float]:
    """The mean and its 95% half-width."""
    n = len(values)
    mean = sum(values) / n
    var = sum((v - mean) ** 2 for v in values) / max(1, n - 1)
    return mean, 1.96 * math.sqrt(var / n)


def duplicate(deals: range, hero: str, villain: str, cfg: ExpertConfig, timer: Timer,
              label: str, options: Options) -> Figures:
    """Game points ``hero`` and ``villain`` win over duplicate pairs, with closings."""
    xs: list[int] = []
    ys: list[int] = []
    closings = Closings()
    t0 = time.perf_counter()
    for i, seed in enumerate(deals):
        x = y = 0
        for hero_seat in (0, 1):
            seats = {hero_seat: hero, 1 - hero_seat: villain}
            g = play_deal(seed, seats, cfg, timer, options, closings)
            x += g[hero_seat]
            y += g[1 - hero_seat]
        xs.append(x)
        ys.append(y)
        if (i + 1) % 500 == 0:
            share = sum(xs) / max(1, sum(xs) + sum(ys))
            print(f"# {label}: {i + 1} deals, share {share:.4f}, "
                  f"{time.perf_counter() - t0:.0f} s", file=sys.stderr, flush=True)
    return Figures(xs, ys, closings)


def ratio_ci(xs: list[int], ys: list[int]) -> tuple[float, float]:
    n = len(xs)
    totals = [x + y for x, y in zip(xs, ys, strict=True)]
    r = sum(xs) / sum(totals)
    mean_t = sum(totals) / n
    resid = [x - r * t for x, t in zip(xs, totals, strict=True)]
    var = sum(e * e for e in resid) / (n - 1)
    return r, 1.96 * math.sqrt(var / n) / mean_t


def solve_speed(count: int, options: Options) -> tuple[float, float]:
    rng = random.Random(2024)
    times: list[float] = []
    seed = 0
    while len(times) < count:
        seed += 1
        deal = Deal.new(random.Random(seed), seed % 2, options)
        tricks = seed % 4
        while not deal.over and len(deal.taken[0]) + len(deal.taken[1]) < 2 * tricks:
            deal.apply(rng.choice([m for m in deal.legal_moves() if not isinstance(m, Close)]))
        if deal.over or not deal.leading or not deal.can_close():
            continue
        deal.apply(Close())
        t = time.perf_counter()
        solve_deal(deal)
        times.append(time.perf_counter() - t)
    return sum(times) / len(times) * 1000, max(times) * 1000


def paired(file_a: str, file_b: str) -> None:
    """Two runs on the same deals, pair by pair: each share, and B's net game points a deal
    pair (its own less the opponent's) minus A's, with the 95% half-width of that paired
    difference."""
    a, b = (json.loads(Path(f).read_text()) for f in (file_a, file_b))
    if a["first"] != b["first"]:
        raise ValueError("the runs start at different deals")
    for villain in sorted(set(a) & set(b) - {"first"}):
        n = min(len(a[villain]), len(b[villain]))
        pa, pb = a[villain][:n], b[villain][:n]
        diffs = [(xb - yb) - (xa - ya) for (xa, ya), (xb, yb) in zip(pa, pb, strict=True)]
        d, ci = mean_ci([v / 2 for v in diffs])
        for name, pairs in (("a", pa), ("b", pb)):
            share, sci = ratio_ci([x for x, _ in pairs], [y for _, y in pairs])
            print(f"gp_vs_{villain}_{name} = {share:.4f} +- {sci:.4f}")
        print(f"net_gp_per_deal_b_minus_a_vs_{villain} = {d:+.4f} +- {ci:.4f}")
        print(f"pairs_differing_vs_{villain} = {sum(v != 0 for v in diffs)} of {n}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="60 deals, under a minute")
    ap.add_argument("--deals", type=int, default=10_000)
    ap.add_argument("--first", type=int, default=1, help="first deal seed")
    ap.add_argument("--samples", type=int, default=ExpertConfig().samples)
    ap.add_argument("--open-depth", type=int, default=ExpertConfig().open_depth,
                    help="plies searched ahead while the stock is open")
    ap.add_argument("--close-sure", type=float, default=ExpertConfig().close_sure,
                    help="share of sampled worlds closing must win to be considered")
    ap.add_argument("--close-worlds", type=int, default=ExpertConfig().close_worlds,
                    help="worlds played out to check a close (0: the sampling alone decides)")
    ap.add_argument("--close-budget", type=int, default=ExpertConfig().close_budget,
                    help="solver positions a close's check may search in all (0: no bound)")
    ap.add_argument("--closed", default=CLOSED_LED_SUIT,
                    help="closed-game rule: led-suit (the manual) or trumps (standard)")
    ap.add_argument("--against", default="random,greedy",
                    help="opponents, comma-separated: random, greedy")
    ap.add_argument("--per-deal", metavar="FILE",
                    help="write each deal pair's game points (expert, opponent) as JSON, "
                         "for paired comparisons of two runs on the same deals")
    ap.add_argument("--paired", nargs=2, metavar=("A", "B"),
                    help="compare two --per-deal files of the same deals and stop")
    ap.add_argument("--no-baseline", action="store_true",
                    help="skip the greedy-against-random baseline (it is printed as -1)")
    args = ap.parse_args()
    if args.paired:
        try:
            paired(*args.paired)
        except (OSError, ValueError, KeyError) as e:
            sys.exit(f"sixtysix_ai: cannot compare: {e}")
        return
    options = options_named(args.closed)
    n = 60 if args.quick else args.deals
    deals = range(args.first, args.first + n)
    if n < 2:
        sys.exit("sixtysix_ai: --deals must be 2 or more (the intervals need two deals)")
    if args.close_budget < 0:
        sys.exit("sixtysix_ai: --close-budget must be 0 (no bound) or more")
    cfg = ExpertConfig(samples=args.samples, close_worlds=args.close_worlds,
                       close_sure=args.close_sure, open_depth=args.open_depth,
                       close_budget=args.close_budget)
    timer = Timer()
    base = -1.0
    if not args.no_baseline:
        base = duplicate(deals, "greedy", "random", cfg, Timer(), "greedy-random",
                         options).share
    figures = {}
    for villain in args.against.split(","):
        figures[villain] = duplicate(deals, "expert", villain, cfg, timer,
                                     f"expert-{villain}", options)
    solve_ms, solve_max = solve_speed(50 if args.quick else 400, options)
    if args.per_deal:
        Path(args.per_deal).write_text(json.dumps(
            {"first": args.first, **{v: f.pairs for v, f in figures.items()}}) + "\n")
    for villain, f in figures.items():
        print(f"gp_vs_{villain} = {f.share:.4f}")
        print(f"ci95_{villain} = {f.ci:.4f}")
        print(f"gp_per_deal_vs_{villain} = {f.gp:.4f} +- {f.gp_ci:.4f}")
        print(f"opp_gp_per_deal_vs_{villain} = {f.opp_gp:.4f} +- {f.opp_gp_ci:.4f}")
        print(f"closings_vs_{villain} = {f.closings.count}")
        print(f"closings_failed_vs_{villain} = {f.closings.failed}")
        print(f"gp_lost_closing_vs_{villain} = {f.closings.gp_lost}")
    print(f"ci95 = {max(f.ci for f in figures.values()):.4f}")
    print(f"baseline_greedy_vs_random = {base:.4f}")
    print(f"solve_ms = {solve_ms:.2f}")
    print(f"solve_ms_max = {solve_max:.2f}")
    print(f"decision_s = {timer.worst:.3f} ({timer.where})")
    print(f"decision_s_mean = {timer.total / max(1, timer.count):.4f}")
    print(f"decision_s_median = {timer.median():.4f}")
    print(f"decision_s_p99 = {timer.quantile(0.99):.4f}")
    print(f"decisions = {timer.count}")
    print(f"decisions_over_1s = {timer.over(1.0)[0]} (closing checks {timer.over(1.0)[1]})")
    print(f"close_checks = {len(timer.checks)}")
    print(f"close_checks_cut = {timer.cut}")
    print(f"close_check_s_median = {timer.quantile(0.5, timer.checks):.4f}")
    print(f"close_check_s_max = {max(timer.checks, default=0.0):.3f}")
    print(f"other_decision_s_max = {max(timer.others, default=0.0):.3f}")
    print(f"samples = {cfg.samples}")
    print(f"open_depth = {cfg.open_depth}")
    print(f"close_worlds = {cfg.close_worlds}")
    print(f"close_budget = {cfg.close_budget}")
    print(f"close_sure = {cfg.close_sure}")
    print(f"closed = {options.name}")
    print(f"deals = {n}")
    print(f"deal_plays = {2 * n * len(figures)}")


if __name__ == "__main__":
    main()
