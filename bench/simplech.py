"""Simple Checkers 1.14 as a bench opponent, played through its CheckerBoard interface.

The engine's GPL source lives outside the project (``../shared/engines/simplech/`` beside the
repository, or ``--simplech-source``); this module compiles it once into a cache folder with
``cc`` and loads the shared library with ctypes.  Nothing of it enters the project.

The CheckerBoard board is ``b[x][y]``: ``y = 0`` is black's back rank (squares 1-4) and
``y = 7`` white's (29-32); within a row the squares run from the right, so square 4 is
``b[0][0]``, 1 is ``b[6][0]``, 5 is ``b[7][1]`` and 32 is ``b[1][7]``.  Simple Checkers
writes the board after its move back into ``b``; the move is read from that board, matched
against our own legal moves, and checked again by the independent reference of the tests.
"""

from __future__ import annotations

import ctypes
import hashlib
import os
import re
import shutil
import subprocess
import threading
import time
from dataclasses import dataclass
from pathlib import Path

from retro.games.checkers import rules as R
from tests.checkers import naive

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_SOURCE = ROOT.parent / "shared" / "engines" / "simplech" / "simplech.c"

WHITE, BLACK, MAN, KING = 1, 2, 4, 8
#: Results getmove returns (from Simple Checkers' own definitions).
CB_WIN, CB_LOSS = 1, 2
#: A search that overruns its CPU seconds this many times over is told to move.
WATCHDOG_FACTOR = 4.0


class Coor(ctypes.Structure):
    _fields_ = [("x", ctypes.c_int), ("y", ctypes.c_int)]


class CBMove(ctypes.Structure):
    _fields_ = [("ismove", ctypes.c_int), ("newpiece", ctypes.c_int),
                ("oldpiece", ctypes.c_int), ("frm", Coor), ("to", Coor),
                ("path", Coor * 12), ("dele", Coor * 12), ("delpiece", ctypes.c_int * 12)]


Board = ctypes.c_int * 8 * 8


def cell_of(square: int) -> tuple[int, int]:
    """(x, y) of a PDN square (1-32) on the CheckerBoard array."""
    y, k = divmod(square - 1, 4)
    return (6 - 2 * k if y % 2 == 0 else 7 - 2 * k), y


class SimplechUnavailable(RuntimeError):
    """The source is missing or no C compiler could build it."""


def build(source: Path = DEFAULT_SOURCE) -> Path:
    """Compile the source once (cached by its hash) and return the shared library."""
    if not source.is_file():
        raise SimplechUnavailable(f"Simple Checkers source not found: {source}")
    compiler = shutil.which(os.environ.get("CC", "cc"))
    if compiler is None:
        raise SimplechUnavailable("no C compiler (cc) to build Simple Checkers")
    digest = hashlib.sha256(source.read_bytes()).hexdigest()[:16]
    cache = Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / "retro-bench"
    cache.mkdir(parents=True, exist_ok=True)
    lib = cache / f"simplech-{digest}.so"
    if not lib.exists():
        tmp = lib.with_suffix(f".{os.getpid()}.tmp")
        subprocess.run([compiler, "-O2", "-fPIC", "-shared", "-w", "-fcommon", "-o", str(tmp),
                        str(source)], check=True)
        os.replace(tmp, lib)
    return lib


@dataclass
class Reply:
    """Simple Checkers' move and what it said about its search."""

    move: R.Move
    depth: int            # the last iteration it finished (0 for a forced move)
    nodes: int
    value: int | None     # its score, from black's side
    cpu_s: float
    wall_s: float


_INFO = re.compile(r"depth\s*(\d+), value\s*(-?\d+)\s*nodes (\d+)")


class Simplech:
    """One loaded copy of the engine (its search keeps globals: one game at a time)."""

    def __init__(self, seconds: float = 0.5, source: Path = DEFAULT_SOURCE) -> None:
        self.lib = ctypes.CDLL(str(build(source)))
        self.lib.getmove.argtypes = [ctypes.POINTER(Board), ctypes.c_int, ctypes.c_double,
                                     ctypes.c_char_p, ctypes.POINTER(ctypes.c_int),
                                     ctypes.c_int, ctypes.c_int, ctypes.POINTER(CBMove)]
        self.lib.getmove.restype = ctypes.c_int
        self.seconds = seconds

    def board_of(self, position: R.Position) -> Board:
        board = Board()
        for square in range(1, 33):
            piece = position.piece_at(square)
            if piece is None:
                continue
            color, king, _ = piece
            x, y = cell_of(square)
            board[x][y] = (BLACK if color == R.BLACK else WHITE) | (KING if king else MAN)
        return board

    def move(self, game: R.Game) -> Reply:
        """Its move in an 8x8 checkers game (raises if the board it returns is no legal
        move of ours, or of the reference's)."""
        if (game.options.rows, game.options.cols, game.options.weighted) != (8, 8, False):
            raise ValueError("Simple Checkers plays only 8x8 checkers")
        board = self.board_of(game.position)
        info = ctypes.create_string_buffer(255)
        playnow = ctypes.c_int(0)
        cbmove = CBMove()
        color = BLACK if game.turn == R.BLACK else WHITE
        # Its clock is clock() (the process's CPU seconds), read only between iterations, so
        # one iteration may run far past the budget: a watchdog tells it to move once the
        # process's CPU time is WATCHDOG_FACTOR budgets past.  CPU time, not the wall clock:
        # on a busy machine the wall clock would cut its search short and weaken it.
        done = threading.Event()
        limit = time.process_time() + self.seconds * WATCHDOG_FACTOR

        def watchdog() -> None:
            while not done.wait(0.05):
                if time.process_time() > limit:
                    playnow.value = 1
                    return

        guard = threading.Thread(target=watchdog, daemon=True)
        guard.start()
        t0, c0 = time.perf_counter(), time.process_time()
        self.lib.getmove(ctypes.byref(board), color, self.seconds, info, ctypes.byref(playnow),
                         0, 0, ctypes.byref(cbmove))
        wall, cpu = time.perf_counter() - t0, time.process_time() - c0
        done.set()
        guard.join()
        mv = self.match(game, board)
        text = info.value.decode("ascii", "replace")
        found = _INFO.search(text)
        depth, value, nodes = ((int(found[1]), int(found[2]), int(found[3])) if found
                               else (0, None, 0))
        return Reply(mv, depth, nodes, value, cpu, wall)

    def match(self, game: R.Game, after: Board) -> R.Move:
        """Our legal move that leaves the board Simple Checkers left, checked against the
        reference's move list."""
        target = [[after[x][y] for y in range(8)] for x in range(8)]
        hits = [mv for mv in game.legal_moves()
                if self._as_lists(R.play(game, mv).position) == target]
        if not hits:
            raise RuntimeError(f"Simple Checkers played no legal move in {R.format_fen(game)}")
        mv = hits[0]
        ref = naive.from_game(game)
        ref_moves = {naive.squares_of(ref, m) for m in naive.moves(ref)}
        if (mv.path, mv.hopped) not in ref_moves:
            raise RuntimeError(f"the reference does not allow {mv} in {R.format_fen(game)}")
        return mv

    def _as_lists(self, position: R.Position) -> list[list[int]]:
        board = self.board_of(position)
        return [[board[x][y] for y in range(8)] for x in range(8)]
