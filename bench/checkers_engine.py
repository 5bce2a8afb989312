"""Checkers engine figures: perft speed, search speed, thinking time and matches.

    python bench/checkers_engine.py --quick              under a minute
    python bench/checkers_engine.py                      everything (hours on a shared machine)
    python bench/checkers_engine.py --only ladder --games 24 --size 6x6 --variant weckers2
    python bench/checkers_engine.py --only frozen --games 12
    python bench/checkers_engine.py --opponent simplech --games 24 --jobs 2 --log games.jsonl

Prints ``key = value`` lines:

* ``perft8_leaves_per_s`` (perft 8x8 depth 8), ``baseline_leaves_per_s`` (the plain 2-D
  generator of the tests, depth 5) and their ``ratio``; ``perft_deep_ok`` (full run only).
* ``level9_nodes_per_s``, ``level9_depth_median`` and ``level9_median_s`` over a fixed set of
  middle-game positions (seeded random play, at least 8 pieces a side), with the frozen
  engine's figures in the same run (``frozen9_...``).
* ``match_<A>_v_<B>``: A's score against B (wins + draws/2) over ballot openings, each
  played twice with colours swapped, with the 95% interval, the wins, draws and losses, and
  the median and maximum seconds a level 9 player took for a move (``think9_...``).
  ``ladder`` plays level n+2 against level n; ``frozen`` plays level 9 against the copy of
  the engine before the stronger search (``bench/checkers_engine_frozen.py``).
* ``match_8x8_L9_v_simplech`` (``--opponent simplech``): level 9 against Simple Checkers 1.14
  at ``--seconds`` CPU seconds a move (``bench/simplech.py`` builds it from
  ``../shared/engines/simplech``), with the score by colour and both sides' search figures.
  With ``--equal-time`` it spends our level 9's median CPU seconds a move instead, measured
  in the same match (``EqualTime``: a calibration over the speed positions until our first
  moves are timed; its budget scaled by how far it overruns a budget, or not with
  ``--equal-budget``), and the line gives its median budget and CPU seconds too.
  Every move of both sides is checked against the independent reference of the tests, and a
  game ends only by the rules, the endgame databases or a threefold repetition (a draw);
  one still going after ``--max-plies`` is reported as unfinished and scored as a draw.

Ballot openings: every sequence of ``BALLOT_PLIES`` moves from the start is listed, those a
level 5 search calls lopsided (beyond ``BALLOT_MARGIN``) are dropped, and a seeded draw picks
from the rest.  In the Weckers games the weights are shuffled by the same seed for both games
of a pair.  A game still going after ``MAX_PLIES`` plies is adjudicated: plain checkers on
material (a man 1, a king 2: a lead of one wins), the Weckers games on the score.  A plain
game that comes down to the endgame databases' few pieces ends there with their exact result
(both engines probe the same tables, so playing it out only costs time).  ``--jobs`` plays
the games of a match in that many processes; the results do not depend on it.  Ctrl+C (or
kill) ends a match early and still prints its line for the games finished, marked so.
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import random
import signal
import statistics
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench import checkers_engine_frozen as FROZEN  # noqa: E402
from retro.games.checkers import engine as E  # noqa: E402
from retro.games.checkers import rules as R  # noqa: E402
from retro.games.checkers.engine import egdb  # noqa: E402
from retro.games.checkers.engine import evaluate as EV  # noqa: E402
from tests.checkers import naive  # noqa: E402

#: Published 8x8 counts (Aart Bik, OEIS A133046) checked by the full run.
DEEP = {9: 3_963_680, 10: 18_391_564, 11: 85_242_128}
MAX_PLIES = 160
LIMITS: dict[str, object] = {"plies": MAX_PLIES, "jobs": 1, "first": 0, "log": ""}
#: A game against an outside program ends only by the rules, the databases or a repetition.
STRICT_PLIES = 400
REPEATS = 3
BALLOT_PLIES = 3
BALLOT_MARGIN = 60

VARIANTS = {"checkers": R.STANDARD, "weckers": R.WECKERS, "weckers2": R.WECKERS_TWO,
            "lite": R.WECKERS}


def options_for(size: str, variant: str, take_one: bool = False) -> R.Options:
    rows, cols = (int(x) for x in size.split("x"))
    return R.Options(rows, cols, VARIANTS[variant], lite=variant == "lite", take_one=take_one)


# -- speed ----------------------------------------------------------------------------------


def perft_speed(depth: int) -> tuple[float, int]:
    game = R.parse_fen(R.START_FEN_8X8)
    t0 = time.perf_counter()
    leaves = R.perft(game, depth)
    return leaves / (time.perf_counter() - t0), leaves


def baseline_speed(depth: int) -> float:
    board = naive.from_game(R.parse_fen(R.START_FEN_8X8))
    t0 = time.perf_counter()
    leaves = naive.perft(board, depth)
    return leaves / (time.perf_counter() - t0)


def middle_games(count: int, seed: int) -> list[R.Game]:
    """Positions after 14-24 random plies with at least 8 pieces a side."""
    rng = random.Random(seed)
    out: list[R.Game] = []
    while len(out) < count:
        game = R.new_game(R.Options(), rng)
        for _ in range(rng.randrange(14, 25)):
            if game.over:
                break
            game = R.play(game, rng.choice(game.legal_moves()))
        pos = game.position
        if not game.over and min(pos.black.bit_count(), pos.white.bit_count()) >= 8:
            out.append(game)
    return out


def search_speed(engine: object, count: int) -> tuple[float, float, float, float]:
    """(nodes per CPU second, median depth, median wall seconds, median CPU seconds) of
    level 9 over middle games.  CPU time is what the search costs on a machine of its
    own; wall time is what it took here, under whatever else the machine was running."""
    times, cpus, depths, nodes = [], [], [], 0
    for game in middle_games(count, seed=9):
        t0, c0 = time.perf_counter(), time.process_time()
        result = engine.best_move(game, 9)  # type: ignore[attr-defined]
        times.append(time.perf_counter() - t0)
        cpus.append(time.process_time() - c0)
        depths.append(result.depth)
        nodes += result.nodes
    return (nodes / sum(cpus), statistics.median(depths), statistics.median(times),
            statistics.median(cpus))


def startup_cost(runs: int) -> tuple[float, float]:
    """(median wall, median CPU seconds) of ``retro move checkers --level 1`` from the start
    position: everything before the search, since a level 1 search is 60 nodes."""
    import resource
    import subprocess

    argv = [sys.executable, "-m", "retro.cli", "move", "checkers", "--fen", R.START_FEN_8X8,
            "--level", "1"]
    walls, cpus = [], []
    for _ in range(runs):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        t0 = time.perf_counter()
        subprocess.run(argv, check=True, capture_output=True)
        walls.append(time.perf_counter() - t0)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpus.append(after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime)
    return statistics.median(walls), statistics.median(cpus)


# -- matches --------------------------------------------------------------------------------


@dataclass
class Player:
    """An engine at a level; ``overrides`` change evaluation constants for its moves only."""

    name: str
    engine: object
    level: int
    overrides: dict[str, int] = field(default_factory=dict)

    def move(self, game: R.Game) -> R.Move:
        return self.reply(game)[0]

    def reply(self, game: R.Game) -> tuple[R.Move, dict[str, object]]:
        """The move and what the search said of it (depth, nodes, score for the mover)."""
        saved = {k: getattr(EV, k) for k in self.overrides}
        for k, v in self.overrides.items():
            setattr(EV, k, v)
        try:
            result = self.engine.best_move(game, self.level)  # type: ignore[attr-defined]
        finally:
            for k, v in saved.items():
                setattr(EV, k, v)
        return result.move, {"depth": result.depth, "nodes": result.nodes,
                             "score": result.score}


@dataclass
class EqualTime:
    """The outside program's CPU seconds a move under ``--equal-time``.

    The target is the median of our level 9's CPU seconds a move so far in the same match
    (in this process: each worker keeps its own), and before ``EQUAL_AFTER`` of them the
    median of a calibration (level 9 over the speed test's middle-game positions, measured
    at the match's start).  The outside program is given a budget, but Simple Checkers
    reads its clock only between iterations and so spends more than it is given (1.5 to
    1.7 times at the median, measured); once ``EQUAL_AFTER`` of its moves are timed, its
    budget is the target over the median of its spent-over-given ratios so far, so that
    what it *spends* a move has our median.  Only moves that spent at least their budget
    count (the clock stopped them; a forced move or a search that reached its depth limit
    did not say how far it overruns).  ``plain`` keeps the budget at the target (the
    budget given, not the time spent, equal)."""

    calibration: float
    ours: list[float] = field(default_factory=list)
    #: (budget given, CPU seconds spent) of each of the outside program's moves
    outside: list[tuple[float, float]] = field(default_factory=list)
    plain: bool = False

    def target(self) -> float:
        if len(self.ours) < EQUAL_AFTER:
            return self.calibration
        return statistics.median(self.ours)

    def seconds(self) -> float:
        overruns = [spent / given for given, spent in self.outside if spent >= given > 0]
        if self.plain or len(overruns) < EQUAL_AFTER:
            return self.target()
        return self.target() / statistics.median(overruns)


#: Our level 9 moves in a match before its median CPU time sets the outside program's.
EQUAL_AFTER = 5


@dataclass
class SimplechPlayer:
    """Simple Checkers at a number of CPU seconds a move (loaded in each process), or at
    our level 9's median under ``equal``."""

    name: str
    seconds: float
    level: int = 0
    equal: EqualTime | None = None
    _engine: object = None

    def move(self, game: R.Game) -> R.Move:
        return self.reply(game)[0]

    def reply(self, game: R.Game) -> tuple[R.Move, dict[str, object]]:
        from bench.simplech import Simplech

        if self._engine is None:
            self._engine = Simplech(self.seconds)
        budget = round(self.equal.seconds() if self.equal is not None else self.seconds, 3)
        self._engine.seconds = budget  # type: ignore[attr-defined]
        got = self._engine.move(game)  # type: ignore[attr-defined]
        # Its value is from black's side; the log keeps every score for the mover.
        value = got.value
        if value is not None and game.turn == R.WHITE:
            value = -value
        return got.move, {"depth": got.depth, "nodes": got.nodes, "score": value,
                          "budget": budget}


@dataclass
class Tally:
    wins: int = 0
    draws: int = 0
    losses: int = 0
    think9: list[float] = field(default_factory=list)
    cpu9: list[float] = field(default_factory=list)
    cpu_outside: list[float] = field(default_factory=list)     # the outside program's
    budget_outside: list[float] = field(default_factory=list)
    stopped: bool = False           # interrupted: fewer games than asked for
    by_color: dict[str, list[int]] = field(
        default_factory=lambda: {R.BLACK: [0, 0, 0], R.WHITE: [0, 0, 0]})
    unfinished: int = 0             # strict games still going at the ply limit (drawn)

    @property
    def games(self) -> int:
        return self.wins + self.draws + self.losses

    def score(self) -> float:
        return (self.wins + self.draws / 2) / self.games

    def interval(self) -> tuple[float, float]:
        """95% interval of the mean game score (normal approximation)."""
        n = self.games
        mean = self.score()
        var = (self.wins * (1 - mean) ** 2 + self.draws * (0.5 - mean) ** 2
               + self.losses * mean ** 2) / max(1, n - 1)
        half = 1.96 * math.sqrt(var / n)
        return max(0.0, mean - half), min(1.0, mean + half)


def ballots(options: R.Options, count: int, seed: int,
            weights_seed: int | None = None) -> list[tuple[int, ...]]:
    """``count`` seeded openings: indexes into legal-move lists, BALLOT_PLIES deep, from the
    start that ``weights_seed`` deals (``seed`` when None: the Weckers weights change which
    moves are legal, so an opening holds only for the weights it was found with)."""
    start = R.new_game(options, random.Random(seed if weights_seed is None else weights_seed))
    plies = BALLOT_PLIES if options.rows == 8 else 2
    lines: list[tuple[int, ...]] = []

    def walk(game: R.Game, line: tuple[int, ...]) -> None:
        if len(line) == plies:
            lines.append(line)
            return
        for i, mv in enumerate(game.legal_moves()):
            nxt = R.play(game, mv)
            if not nxt.over:
                walk(nxt, (*line, i))

    walk(start, ())
    rng = random.Random(seed)
    rng.shuffle(lines)
    out = []
    for line in lines:
        game = start
        for i in line:
            game = R.play(game, game.legal_moves()[i])
        score = E.best_move(game, 5).score
        if abs(score) <= BALLOT_MARGIN:
            out.append(line)
        if len(out) == count:
            break
    return out


@dataclass(frozen=True)
class Opening:
    """One game of a match: the opening moves, who has black, the Weckers weights' seed."""

    line: tuple[int, ...]
    a_black: bool
    weights_seed: int


def database_result(game: R.Game) -> str | None:
    """The winner (``B``, ``W``) or ``""`` for a draw, when the databases know the position."""
    pos = game.position
    if game.options.weighted or (pos.black | pos.white).bit_count() > egdb.pieces(pos.geometry):
        return None
    probe = egdb.prober(pos.geometry)
    if probe is None:
        return None
    black_to_move = game.turn == R.BLACK
    found = probe(pos.black, pos.white, pos.kings, black_to_move)
    if found is None:
        return None
    if found == 0:
        return ""
    return R.BLACK if (found > 0) == black_to_move else R.WHITE


@dataclass
class Played:
    """One finished game: a's result (``+``, ``=``, ``-``), a's colour, a's level 9 wall and
    CPU seconds, whether a strict game hit the ply limit, and the moves with what each
    side's search said (for ``--log``)."""

    mark: str
    a_color: str
    think9: list[float]
    cpu9: list[float]
    unfinished: bool
    record: dict[str, object]
    cpu_outside: list[float] = field(default_factory=list)
    budget_outside: list[float] = field(default_factory=list)


def play_game(a: Player | SimplechPlayer, b: Player | SimplechPlayer, options: R.Options,
              spec: Opening) -> Played:
    """Play one game.  Against an outside program (``strict``) only the rules, the
    databases and a threefold repetition end it; between our own players the ply limit
    adjudicates on material or score."""
    strict = isinstance(a, SimplechPlayer) or isinstance(b, SimplechPlayer)
    game = R.new_game(options, random.Random(spec.weights_seed))
    for i in spec.line:
        game = R.play(game, game.legal_moves()[i])
    a_color = R.BLACK if spec.a_black else R.WHITE
    record: dict[str, object] = {"start": R.format_fen(game), "a": a.name, "b": b.name,
                                 "a_color": a_color, "plies": []}
    plies_log: list[dict[str, object]] = record["plies"]  # type: ignore[assignment]
    think9: list[float] = []
    cpu9: list[float] = []
    cpu_outside: list[float] = []
    budget_outside: list[float] = []
    equal = next((p.equal for p in (a, b) if isinstance(p, SimplechPlayer)), None)
    plies = 0
    limit = STRICT_PLIES if strict else int(LIMITS["plies"])  # type: ignore[call-overload]
    seen: dict[tuple[int, int, int, str], int] = {}
    repeated = False
    known = database_result(game)
    while not game.over and known is None and plies < limit and not repeated:
        player = a if game.turn == a_color else b
        t0, c0 = time.perf_counter(), time.process_time()
        mv, said = player.reply(game)
        wall, cpu = time.perf_counter() - t0, time.process_time() - c0
        if player is a and a.level == 9:
            think9.append(wall)
            cpu9.append(cpu)
            if equal is not None:
                equal.ours.append(cpu)
        if isinstance(player, SimplechPlayer):
            cpu_outside.append(cpu)
            budget_outside.append(float(said["budget"]))  # type: ignore[arg-type]
            if equal is not None:
                equal.outside.append((budget_outside[-1], cpu))
        plies_log.append({"move": R.format_move(mv), "by": player.name, "cpu": round(cpu, 3),
                          "pieces": (game.position.black | game.position.white).bit_count(),
                          **said})
        game = R.play(game, mv)
        plies += 1
        known = database_result(game)
        pos = game.position
        key = (pos.black, pos.white, pos.kings, pos.turn)
        seen[key] = seen.get(key, 0) + 1
        repeated = strict and seen[key] >= REPEATS
    winner: str | None
    unfinished = False
    if game.result is not None:
        winner = game.result.winner
        how = game.result.reason
    elif known is not None:
        winner = known or None
        how = "databases"
    elif repeated:
        winner, how = None, "repetition"
    elif strict:
        winner, how, unfinished = None, "unfinished", True
    else:
        lead = R.advantage(game, a_color)
        winner = a_color if lead >= 1 else (R.other(a_color) if lead <= -1 else None)
        how = "adjudicated"
    mark = "=" if winner is None else ("+" if winner == a_color else "-")
    record.update(result=mark, how=how, end=R.format_fen(game))
    return Played(mark, a_color, think9, cpu9, unfinished, record, cpu_outside,
                  budget_outside)


#: The match a worker process plays games of (set before the workers are forked).
_MATCH: list[tuple[Player | SimplechPlayer, Player | SimplechPlayer, R.Options]] = []


def _play(spec: Opening) -> Played:
    a, b, options = _MATCH[0]
    return play_game(a, b, options, spec)


def _quiet_worker() -> None:
    """Workers leave Ctrl+C and kill to the parent, which reports and then ends them."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)


def openings(options: R.Options, games: int, seed: int) -> list[Opening]:
    """The games of a match (rounded up to pairs): each ballot played with a as black, then
    as white, from the start its seed deals."""
    pairs = (games + 1) // 2
    if options.weighted or options.take_one:
        # each pair of games has weights (or a removed piece) of its own, so each finds its
        # opening on them
        lines = [(ballots(options, 1, seed + n, seed * 1000 + n) or [()])[0]
                 for n in range(pairs)]
    else:
        lines = ballots(options, pairs, seed)
    return [Opening(line, a_black, seed * 1000 + n)
            for n, line in enumerate(lines)
            for a_black in (True, False)]


def match(a: Player | SimplechPlayer, b: Player | SimplechPlayer, games: int,
          options: R.Options, seed: int) -> Tally:
    """``games`` games (rounded up to pairs): each opening with a as black, then as white."""
    specs = openings(options, games, seed)[LIMITS["first"]:]
    _MATCH[:] = [(a, b, options)]
    tally = Tally()
    marks = []
    jobs = LIMITS["jobs"]
    pool = (multiprocessing.get_context("fork").Pool(jobs, initializer=_quiet_worker)
            if jobs > 1 else None)
    try:
        results = pool.imap(_play, specs) if pool is not None else map(_play, specs)
        for played in results:
            mark = played.mark
            marks.append(mark)
            tally.wins += mark == "+"
            tally.draws += mark == "="
            tally.losses += mark == "-"
            tally.by_color[played.a_color]["+=-".index(mark)] += 1
            tally.unfinished += played.unfinished
            tally.think9 += played.think9
            tally.cpu9 += played.cpu9
            tally.cpu_outside += played.cpu_outside
            tally.budget_outside += played.budget_outside
            if LIMITS["log"]:
                with open(str(LIMITS["log"]), "a", encoding="utf-8") as log:
                    log.write(json.dumps(played.record) + "\n")
            print(f"# {a.name} v {b.name}: {''.join(marks)}", flush=True)
    except KeyboardInterrupt:
        # Ctrl+C or SIGTERM: the games finished so far still make a (smaller) figure.
        tally.stopped = True
        if pool is not None:
            pool.terminate()
    finally:
        if pool is not None:
            pool.close()
            pool.join()
    return tally


def report(key: str, tally: Tally) -> None:
    if not tally.games:
        print(f"{key} = no games finished", flush=True)
        return
    lo, hi = tally.interval()
    line = (f"{key} = {tally.score():.2f} [{lo:.2f}, {hi:.2f}] ({tally.games} games: "
            f"+{tally.wins} ={tally.draws} -{tally.losses})")
    if tally.think9:
        line += (f"  think9_median_s = {statistics.median(tally.think9):.2f}"
                 f"  think9_max_s = {max(tally.think9):.2f}"
                 f"  think9_median_cpu_s = {statistics.median(tally.cpu9):.2f}"
                 f"  think9_max_cpu_s = {max(tally.cpu9):.2f}")
    if tally.cpu_outside:
        line += (f"  outside_budget_median_s = {statistics.median(tally.budget_outside):.2f}"
                 f"  outside_median_cpu_s = {statistics.median(tally.cpu_outside):.2f}")
    for color, name in ((R.BLACK, "black"), (R.WHITE, "white")):
        wins, draws, losses = tally.by_color[color]
        line += f"  as_{name} = +{wins} ={draws} -{losses}"
    if tally.unfinished:
        line += f"  unfinished = {tally.unfinished}"
    if tally.stopped:
        line += "  (stopped early)"
    print(line, flush=True)


def ladder(options: R.Options, tag: str, games: int, pairs: list[tuple[int, int]]) -> None:
    for strong, weak in pairs:
        tally = match(Player(f"L{strong}", E, strong), Player(f"L{weak}", E, weak), games,
                      options, seed=100 + weak)
        report(f"ladder_{tag}_{strong}v{weak}", tally)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="a run under a minute")
    parser.add_argument("--only", choices=("perft", "startup", "speed", "ladder", "frozen",
                                           "tune"))
    parser.add_argument("--tune", default="", help="NAME=VALUE,...: a changed evaluation "
                        "against the current one (with --only tune, at --level)")
    parser.add_argument("--level", type=int, default=None,
                        help="our level (default 5 with --only tune, 9 with --opponent)")
    parser.add_argument("--opponent", choices=("simplech",),
                        help="play our level against an outside program instead")
    parser.add_argument("--seconds", type=float, default=0.5,
                        help="the outside program's CPU seconds a move")
    parser.add_argument("--equal-time", action="store_true",
                        help="give the outside program our level's median CPU seconds a "
                        "move in the same match instead of --seconds")
    parser.add_argument("--equal-budget", action="store_true",
                        help="with --equal-time, give it our median as its budget, whatever "
                        "it spends (by default its budget is set so that it spends our "
                        "median)")
    parser.add_argument("--log", default="", help="append every game, move by move, as JSON "
                        "lines to this file")
    parser.add_argument("--frozen-level", type=int, default=9)
    parser.add_argument("--max-plies", type=int, default=MAX_PLIES,
                        help="adjudicate a game still going after this many plies")
    parser.add_argument("--games", type=int, default=24, help="games per match")
    parser.add_argument("--jobs", type=int, default=1, help="processes to play games in")
    parser.add_argument("--first", type=int, default=0, help="skip this many games of each "
                        "match (to share a long match between runs: the games are the same)")
    parser.add_argument("--size", default="8x8")
    parser.add_argument("--variant", default="checkers", choices=sorted(VARIANTS))
    parser.add_argument("--take-one", action="store_true",
                        help="start with one piece of each army removed")
    parser.add_argument("--pairs", default="", help="e.g. 9v7,7v5 (default: every step)")
    args = parser.parse_args()
    for sig in (signal.SIGINT, signal.SIGTERM):     # Ctrl+C or kill: report what was played
        signal.signal(sig, signal.default_int_handler)
    LIMITS["plies"] = args.max_plies
    LIMITS["jobs"] = args.jobs
    LIMITS["first"] = args.first
    LIMITS["log"] = args.log
    quick = args.quick
    only = args.only
    options = options_for(args.size, args.variant, args.take_one)
    tag = f"{args.size}_{args.variant}" + ("_take_one" if args.take_one else "")

    if args.opponent == "simplech":
        lv = args.level or 9
        equal = None
        if args.equal_time:
            if lv != 9:
                parser.error("--equal-time measures level 9's time: leave --level out")
            _, _, _, calibration = search_speed(E, 8)
            print(f"calibration9_median_cpu_s = {calibration:.2f}  (8 positions)", flush=True)
            equal = EqualTime(calibration, plain=args.equal_budget)
        tally = match(Player(f"L{lv}", E, lv),
                      SimplechPlayer("simplech", args.seconds, equal=equal),
                      args.games, options, seed=700)
        report(f"match_{tag}_L{lv}_v_simplech", tally)
        return

    if only in (None, "perft"):
        rate, leaves = perft_speed(7 if quick else 8)
        base = baseline_speed(4 if quick else 5)
        print(f"perft_leaves_per_s = {rate:.0f}  ({leaves} leaves)")
        print(f"baseline_leaves_per_s = {base:.0f}")
        print(f"ratio = {rate / base:.1f}")
        if not quick and only is None:
            bad = [d for d, n in DEEP.items() if R.perft(R.START_FEN_8X8, d) != n]
            print(f"perft_deep_ok = {not bad} (depths {min(DEEP)}-{max(DEEP)})")

    if only in (None, "startup"):
        wall, cpu = startup_cost(5)
        print(f"move_startup_s = {wall:.2f}  move_startup_cpu_s = {cpu:.2f}  (5 runs)",
              flush=True)

    if only in (None, "speed"):
        count = 2 if quick else 8
        for name, engine in (("level9", E), ("frozen9", FROZEN)):
            if quick and engine is FROZEN:
                break
            nps, depth, median, cpu = search_speed(engine, count)
            print(f"{name}_nodes_per_cpu_s = {nps:.0f}  {name}_depth_median = {depth}  "
                  f"{name}_median_s = {median:.2f}  {name}_median_cpu_s = {cpu:.2f}  "
                  f"({count} positions)", flush=True)

    if quick:
        tally = match(Player("L3", E, 3), Player("L1", E, 1), 4, options, seed=101)
        report(f"ladder_{tag}_3v1", tally)
        return
    if only in (None, "ladder"):
        if args.pairs:
            pairs = [tuple(int(x) for x in p.split("v")) for p in args.pairs.split(",")]
        else:
            pairs = [(n + 2, n) for n in range(1, 8)]
        ladder(options, tag, args.games, pairs)  # type: ignore[arg-type]
    if only == "tune":
        changes = {k: int(v) for k, v in (p.split("=") for p in args.tune.split(","))}
        lv = args.level or 5
        tally = match(Player("tuned", E, lv, changes), Player("current", E, lv),
                      args.games, options, seed=500)
        report(f"tune_{tag}_L{args.level}_{args.tune}", tally)
    if only in (None, "frozen"):
        lv = args.frozen_level
        tally = match(Player(f"L{lv}", E, lv), Player(f"frozen{lv}", FROZEN, lv), args.games,
                      options, seed=900)
        report(f"match_{tag}_L{lv}_v_frozen{lv}", tally)


if __name__ == "__main__":
    main()
