"""The compiled search: principal-variation alpha-beta as a machine that can pause.

``run`` searches one subtree (a root move's, see ``search.Searcher``) node by node with an
explicit stack instead of recursion: every ply's frame (position, window, moves, the move
being searched, how far its search has got) lives in numpy arrays.  So ``run`` can stop
after any number of nodes, return to Python (which hands the node count to the screen and
hears whether Esc was pressed) and be called again to go on exactly where it stopped: the
search does the same work, in the same order, however it is sliced, so a level plays the
same move on any machine and whether or not anyone looks at the keyboard.

Each node does what the Python reference search did (``tests/checkers/reference_search``,
which the tests compare with it), in the same order:

* in Weckers Two, the side that just moved may have reached the game point (a loss);
* captures are forced: with one due, the node searches the captures even with no depth
  left (quiescence); with none and no depth left, the position is looked up in the endgame
  databases or scored (``core_eval``); a side with no move loses (plain checkers) or the
  scores decide (the Weckers games);
* with depth left: the endgame databases, then the transposition table (numpy arrays,
  indexed by the low bits of the Zobrist key, always replaced) for a cut-off or a first
  move; a position with one legal move costs no depth;
* moves in order: the table's move, the two killers of the ply, then the rest by the
  history heuristic (captures: the most pieces first);
* the first move with the full window, the others with a null window, late quiet moves
  one ply shallower (late-move reductions), searched again in full if they surprise;
* a cut-off by a quiet move makes it a killer and adds depth squared to its history.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from retro.games.checkers.engine.arrays import C_GAME_POINT, C_LITE, C_TWO, C_VALID, C_WEIGHTED
from retro.games.checkers.engine.bits import borrow, lowest_bit, popcount, prefetch
from retro.games.checkers.engine.core_eval import NOT_FOUND, evaluate, probe
from retro.games.checkers.engine.core_moves import captures, make, quiet
from retro.games.checkers.engine.scores import DB_WIN, WIN, WON

MAX_PLY = 120               # no extensions beyond this many plies from the root
LMR_DEPTH = 3               # reduce late quiet moves with at least this many plies to go
LMR_AFTER = 3               # ... after this many moves have been searched
STACK = 256                 # plies of frames (far beyond what MAX_PLY lets a search reach)
EXACT, LOWER, UPPER = 0, 1, 2
#: Weckers' table keys mix the scores in with these odd constants (as signed 64-bit).
MIX_B = 0x9E3779B97F4A7C15 - (1 << 64)
MIX_W = 0xC2B2AE3D27D4EB4F - (1 << 64)

# Frame fields (``frames[ply, F_*]``).
(F_B, F_W, F_K, F_BLACK, F_DEPTH, F_ALPHA, F_BETA, F_KEY, F_SB, F_SW, F_A0, F_BEST, F_BESTI,
 F_N, F_I, F_ND, F_TKEY, F_CAPTURE, F_STAGE, F_R, F_SAVED) = range(21)
N_FIELDS = 21

# The state (``state[S_*]``).
S_NODES, S_BUDGET, S_PAUSE_AT, S_PLY, S_BASE, S_MODE, S_RESULT = range(7)
N_STATE = 7
ENTER, NEXT, RETURN = 0, 1, 2           # modes: entering a node, its next move, returning

# What ``run`` answers.
DONE, PAUSED, OUT_OF_BUDGET = 0, 1, 2

# Table rows: key, depth | flag << 8 | (score + 2**40) << 16, from | to << 8, captured.
T_KEY, T_INFO, T_FROMTO, T_CAP = 0, 1, 2, 3
SCORE_BIAS = 1 << 40


@njit(cache=True)
def _to_front(moves: np.ndarray, n: int, frm: int, to: int, cap: int) -> None:
    """Move one move (if present) to the front, the others keeping their order."""
    for q in range(n):
        if moves[q, 0] == frm and moves[q, 1] == to and moves[q, 2] == cap:
            for j in range(q, 0, -1):
                moves[j, 0] = moves[j - 1, 0]
                moves[j, 1] = moves[j - 1, 1]
                moves[j, 2] = moves[j - 1, 2]
            moves[0, 0] = frm
            moves[0, 1] = to
            moves[0, 2] = cap
            return


@njit(cache=True)
def history_slot(frm: int, to: int) -> int:
    """The history table's slot of a move: its two squares, in either direction."""
    a = lowest_bit(frm)
    b = lowest_bit(to)
    return a * 64 + b if a < b else b * 64 + a


@njit(cache=True, inline="always")
def _order(moves: np.ndarray, n: int, capture: bool, ply: int, tt_from: int, tt_to: int,
           tt_cap: int, killers: np.ndarray, n_killers: np.ndarray, history: np.ndarray,
           keys: np.ndarray) -> None:
    """Order a node's moves (a stable sort, as Python's)."""
    for i in range(n):
        if capture:
            keys[i] = popcount(moves[i, 2])
        else:
            keys[i] = history[history_slot(moves[i, 0], moves[i, 1])]
    for i in range(1, n):
        key = keys[i]
        frm = moves[i, 0]
        to = moves[i, 1]
        cap = moves[i, 2]
        j = i
        while j > 0 and keys[j - 1] < key:
            keys[j] = keys[j - 1]
            moves[j, 0] = moves[j - 1, 0]
            moves[j, 1] = moves[j - 1, 1]
            moves[j, 2] = moves[j - 1, 2]
            j -= 1
        keys[j] = key
        moves[j, 0] = frm
        moves[j, 1] = to
        moves[j, 2] = cap
    if not capture:
        for q in range(n_killers[ply] - 1, -1, -1):
            _to_front(moves, n, killers[ply, q, 0], killers[ply, q, 1], killers[ply, q, 2])
    if tt_from:
        _to_front(moves, n, tt_from, tt_to, tt_cap)


@njit(cache=True, inline="always")
def _reward(frm: int, to: int, depth: int, ply: int, killers: np.ndarray,
            n_killers: np.ndarray, history: np.ndarray) -> None:
    """A quiet move that cut off: a killer of its ply, and history."""
    known = False
    for q in range(n_killers[ply]):
        if killers[ply, q, 0] == frm and killers[ply, q, 1] == to and killers[ply, q, 2] == 0:
            known = True
    if not known:
        killers[ply, 1, 0] = killers[ply, 0, 0]
        killers[ply, 1, 1] = killers[ply, 0, 1]
        killers[ply, 1, 2] = killers[ply, 0, 2]
        killers[ply, 0, 0] = frm
        killers[ply, 0, 1] = to
        killers[ply, 0, 2] = 0
        n_killers[ply] = min(2, n_killers[ply] + 1)
    history[history_slot(frm, to)] += depth * depth


@njit(cache=True, inline="always")
def _store(table: np.ndarray, tkey: int, depth: int, best: int, a0: int, beta: int,
           frm: int, to: int, cap: int, ply: int) -> None:
    flag = LOWER if best >= beta else (UPPER if best <= a0 else EXACT)
    s = best + ply if best > WON else (best - ply if best < -WON else best)
    slot = tkey & (table.shape[0] - 1)
    table[slot, T_KEY] = tkey
    table[slot, T_INFO] = depth | flag << 8 | (s + SCORE_BIAS) << 16
    table[slot, T_FROMTO] = lowest_bit(frm) | lowest_bit(to) << 8
    table[slot, T_CAP] = cap


@njit(cache=True, inline="always")
def _leaf(b: int, w: int, k: int, black: bool, sb: int, sw: int, egdb_pieces: int,
          wt: np.ndarray, cfg: np.ndarray, sqt: np.ndarray, ev: np.ndarray,
          eg_data: np.ndarray, eg_index: np.ndarray, eg_numbers: np.ndarray,
          comb: np.ndarray) -> int:
    """A quiet position with no depth left: the databases' result or the evaluation.
    (One call of ``evaluate``, which is compiled into its callers: one copy here.)"""
    won = 0
    if egdb_pieces and popcount(b | w) <= egdb_pieces:
        found = probe(b, w, k, black, eg_data, eg_index, eg_numbers, comb)
        if found == 0:
            return 0
        if found != NOT_FOUND:
            won = found * DB_WIN
    return won + evaluate(b, w, k, black, sb, sw, wt, cfg, sqt, ev)


@njit(cache=True)
def _evaluated(b: int, w: int, k: int, black: bool, sb: int, sw: int, wt: np.ndarray,
               cfg: np.ndarray, sqt: np.ndarray, ev: np.ndarray) -> int:
    """``evaluate`` as a call, for the rarer places (not one more copy in ``run``)."""
    return evaluate(b, w, k, black, sb, sw, wt, cfg, sqt, ev)


@njit(cache=True)
def run(state: np.ndarray, frames: np.ndarray, moves: np.ndarray, table: np.ndarray,
        killers: np.ndarray, n_killers: np.ndarray, history: np.ndarray, keys: np.ndarray,
        jumps: np.ndarray, wt: np.ndarray, cfg: np.ndarray, sqt: np.ndarray, ev: np.ndarray,
        hops: np.ndarray, egdb_pieces: int, eg_data: np.ndarray, eg_index: np.ndarray,
        eg_numbers: np.ndarray, comb: np.ndarray) -> int:
    """Go on searching from ``state`` until the subtree is done (DONE, its score in
    ``state[S_RESULT]``), ``state[S_PAUSE_AT]`` nodes are reached (PAUSED: call again to
    go on) or the budget is spent (OUT_OF_BUDGET).  ``keys`` (``MAX_MOVES``) and ``jumps``
    (``JUMP_STACK`` rows of 3) are room for the move ordering and the capture search.

    Every array is borrowed (``bits.borrow``) for the search: the caller holds them all."""
    frames = borrow(frames)
    moves = borrow(moves)
    table = borrow(table)
    killers = borrow(killers)
    n_killers = borrow(n_killers)
    history = borrow(history)
    keys = borrow(keys)
    jump_stack = borrow(jumps)
    wt = borrow(wt)
    cfg = borrow(cfg)
    sqt = borrow(sqt)
    ev = borrow(ev)
    hops = borrow(hops)
    eg_data = borrow(eg_data)
    eg_index = borrow(eg_index)
    eg_numbers = borrow(eg_numbers)
    comb = borrow(comb)
    weighted = cfg[C_WEIGHTED] != 0
    lite = cfg[C_LITE] != 0
    two = cfg[C_TWO] != 0
    game_point = cfg[C_GAME_POINT]
    valid = cfg[C_VALID]
    tmask = table.shape[0] - 1
    ply = state[S_PLY]
    base = state[S_BASE]
    mode = state[S_MODE]
    result = state[S_RESULT]
    nodes = state[S_NODES]
    budget = state[S_BUDGET]
    pause_at = state[S_PAUSE_AT]
    status = DONE
    while True:
        f = frames[ply]
        if mode == ENTER:
            if nodes >= pause_at:
                status = PAUSED
                break
            nodes += 1
            if nodes >= budget:
                status = OUT_OF_BUDGET
                break
            b = f[F_B]
            w = f[F_W]
            k = f[F_K]
            black = f[F_BLACK] != 0
            depth = f[F_DEPTH]
            sb = f[F_SB]
            sw = f[F_SW]
            tkey = 0
            if depth > 0:       # the table is looked at: fetch its row meanwhile
                key = f[F_KEY]
                tkey = (key ^ ((sb * MIX_B) ^ (sw * MIX_W))) if weighted else key
                prefetch(table, tkey & tmask)
            if two and (sw if black else sb) >= game_point:
                result = -WIN + ply             # the side that just moved reached the point
                mode = RETURN
                continue
            own, opp = (b, w) if black else (w, b)
            empty = valid & ~(b | w)
            mv = moves[ply]
            at_end = ply >= STACK - 2       # out of frames (no search reaches this far)
            n = 0
            if not at_end:
                n = captures(own, opp, k, black, empty, lite, wt, cfg, mv, jump_stack)
            capture = n > 0
            if at_end or (not capture and depth <= 0):
                result = _leaf(b, w, k, black, sb, sw, egdb_pieces, wt, cfg, sqt, ev,
                               eg_data, eg_index, eg_numbers, comb)
                mode = RETURN
                continue
            if not capture:
                n = quiet(own, k, black, empty, cfg, mv)
                if n == 0:
                    if not weighted:
                        result = -WIN + ply
                    else:
                        diff = (sb - sw) if black else (sw - sb)
                        result = 0 if diff == 0 else (WIN - ply if diff > 0 else -WIN + ply)
                    mode = RETURN
                    continue
            if depth <= 0:
                nd = 0
            else:
                if egdb_pieces and popcount(b | w) <= egdb_pieces:
                    found = probe(b, w, k, black, eg_data, eg_index, eg_numbers, comb)
                    if found != NOT_FOUND:
                        result = 0 if found == 0 else \
                            found * DB_WIN + _evaluated(b, w, k, black, sb, sw, wt, cfg, sqt, ev)
                        mode = RETURN
                        continue
                slot = tkey & tmask
                tt_from = tt_to = tt_cap = 0
                if table[slot, T_INFO] != 0 and table[slot, T_KEY] == tkey:
                    info = table[slot, T_INFO]
                    fromto = table[slot, T_FROMTO]
                    tt_from = 1 << (fromto & 255)
                    tt_to = 1 << (fromto >> 8)
                    tt_cap = table[slot, T_CAP]
                    if info & 255 >= depth:
                        e_flag = (info >> 8) & 255
                        e_score = (info >> 16) - SCORE_BIAS
                        if e_score > WON:
                            e_score -= ply
                        elif e_score < -WON:
                            e_score += ply
                        if e_flag == EXACT or (e_flag == LOWER and e_score >= f[F_BETA]) or \
                                (e_flag == UPPER and e_score <= f[F_ALPHA]):
                            result = e_score
                            mode = RETURN
                            continue
                if n > 1:
                    _order(mv, n, capture, ply, tt_from, tt_to, tt_cap, killers, n_killers,
                           history, keys)
                    nd = depth - 1
                else:
                    nd = depth if ply < MAX_PLY else depth - 1  # a forced move costs nothing
            f[F_N] = n
            f[F_ND] = nd
            f[F_TKEY] = tkey
            f[F_CAPTURE] = 1 if capture else 0
            f[F_BEST] = -WIN - 1
            f[F_BESTI] = 0
            f[F_A0] = f[F_ALPHA]
            f[F_I] = 0
            mode = NEXT
        elif mode == NEXT:
            i = f[F_I]
            if i >= f[F_N]:
                if f[F_DEPTH] > 0:
                    bi = f[F_BESTI]
                    _store(table, f[F_TKEY], f[F_DEPTH], f[F_BEST], f[F_A0], f[F_BETA],
                           moves[ply, bi, 0], moves[ply, bi, 1], moves[ply, bi, 2], ply)
                result = f[F_BEST]
                mode = RETURN
                continue
            frm = moves[ply, i, 0]
            to = moves[ply, i, 1]
            cap = moves[ply, i, 2]
            black = f[F_BLACK] != 0
            if weighted:
                f[F_SAVED] = wt[lowest_bit(to)]
            c = frames[ply + 1]
            c[F_B], c[F_W], c[F_K], c[F_KEY], c[F_SB], c[F_SW] = make(
                frm, to, cap, f[F_B], f[F_W], f[F_K], black, f[F_KEY], f[F_SB], f[F_SW], wt,
                cfg, sqt, hops)
            c[F_BLACK] = 0 if black else 1
            nd = f[F_ND]
            if i == 0:
                r = 0
                c[F_ALPHA] = -f[F_BETA]
                c[F_BETA] = -f[F_ALPHA]
            else:
                r = 1 if (nd >= LMR_DEPTH - 1 and i >= LMR_AFTER and not f[F_CAPTURE]) else 0
                c[F_ALPHA] = -f[F_ALPHA] - 1
                c[F_BETA] = -f[F_ALPHA]
            c[F_DEPTH] = nd - r
            f[F_R] = r
            f[F_STAGE] = 0
            ply += 1
            mode = ENTER
        else:   # RETURN: ``result`` is the score of the node at ``ply``
            if ply == base:
                status = DONE
                break
            ply -= 1
            f = frames[ply]
            score = -result
            i = f[F_I]
            alpha = f[F_ALPHA]
            beta = f[F_BETA]
            if f[F_STAGE] == 0 and i > 0 and score > alpha and (f[F_R] or score < beta):
                # A null-window or reduced search surprised: again, full window and depth.
                c = frames[ply + 1]
                c[F_ALPHA] = -beta
                c[F_BETA] = -alpha
                c[F_DEPTH] = f[F_ND]
                f[F_STAGE] = 1
                ply += 1
                mode = ENTER
                continue
            to = moves[ply, i, 1]
            if weighted:
                wt[lowest_bit(to)] = f[F_SAVED]     # unmake: the square's weight as it was
            cut = False
            if score > f[F_BEST]:
                f[F_BEST] = score
                f[F_BESTI] = i
                if score > alpha:
                    f[F_ALPHA] = score
                    if score >= beta:
                        cut = True
                        if not moves[ply, i, 2]:
                            _reward(moves[ply, i, 0], to, f[F_DEPTH], ply, killers, n_killers,
                                    history)
            f[F_I] = i + 1
            if cut:
                f[F_I] = f[F_N]
            mode = NEXT
    state[S_PLY] = ply
    state[S_MODE] = mode
    state[S_RESULT] = result
    state[S_NODES] = nodes
    return status
