"""Exact alpha-beta for Sixty-Six positions where both hands are known.

Once the game is closed (by order or because the stock ran out) nothing is hidden from a
player who has counted the cards, so the rest of the deal is a small game tree: at most six
tricks with follow-suit forced.  ``Solver`` searches it exactly, with a transposition table,
using 24-bit card masks (bit ``suit * 6 + rank``, the ``Card.index`` order) for speed.  Each
closed position is first bounded by the card points left to take: a closer who could not
reach 66 even taking them all has failed without a search, and a win can bring no more
than 1 + schneider + schwarz while those are still possible; the bounds cut the search.

The same search also runs over the open phase of a *sampled* world (the computer player
guesses the opponent's hand and the stock order): then ``stock`` lists the cards still to be
drawn, the turned-up trump card last, and a depth limit hands positions that are still open
to a heuristic so the search stays cheap.

After closing, tricks follow the deal's closed-game rule (``rules.Options``): by default the
led suit wins (no trumps), or trumps keep their power (``trumps_after_closing``).

Values are game points from seat 0's side: +3 .. -3 (plus any carried points), 0 when nobody
reaches 66 and a point carries forward.  Heuristic values use the same scale, within +-2
(a guess is never worth a sure 3).
"""

from __future__ import annotations

from functools import cache

from retro.games.sixtysix.rules import (
    CLOSE_PENALTY,
    CLOSE_PENALTY_SCHWARZ,
    HAND_SIZE,
    LAST_TRICK_BONUS,
    MARRIAGE_POINTS,
    PACK,
    SCHNEIDER_BELOW,
    TRUMP_MARRIAGE_POINTS,
    WIN_POINTS,
    Card,
    Deal,
)
from retro.kit.bits import bits

PTS = (0, 2, 3, 4, 10, 11) * 4
RANK = tuple(i % 6 for i in range(24))
SUIT = tuple(i // 6 for i in range(24))
SUIT_MASK = tuple(0b111111 << (6 * s) for s in range(4))
KING, QUEEN, ACE = 3, 2, 5
#: The other half of a marriage for kings and queens, -1 for other cards.
PARTNER = tuple(c - RANK[c] + KING + QUEEN - RANK[c] if RANK[c] in (KING, QUEEN) else -1
                for c in range(24))
INF = 100.0
HEURISTIC_CAP = 2.0
#: The cards to draw at a deal's start: the stock with the turned-up card.
STOCK_AT_DEAL = len(PACK) - 2 * HAND_SIZE
#: Under the manual's rule (no trumps once the game is closed or the stock used up) the
#: share of a trump's bonus in ``hand_worth`` that the depth-limit guess counts at the
#: deal's start; it fades with the stock, to nothing when the stock is used up.  Trumps win
#: tricks only while the stock is open, and a guess that valued them whole taught the
#: computer to hoard them: on the bench's 480 deals against the greedy player, half the
#: bonus fading gave 0.867 of the game points, the whole bonus fading 0.850, none at all
#: 0.848, the whole bonus kept 0.816.
TRUMP_BONUS_AT_DEAL = 0.5
#: A transposition table: a position's key to the (lower, upper) bounds of its value.
Table = dict[tuple[int, ...], tuple[float, float]]
#: Card points of a 12-bit half of a card mask (the low half: clubs and diamonds).
_HALF_POINTS = tuple(sum(PTS[c] for c in range(12) if m >> c & 1) for m in range(1 << 12))
#: The queens' bits: ``hand & hand >> 1 & QUEENS`` marks the suits whose K and Q are held.
QUEENS = sum(1 << (s * 6 + QUEEN) for s in range(4))


_PAIR_POINTS = tuple(
    {pairs: sum(TRUMP_MARRIAGE_POINTS if s == trump else MARRIAGE_POINTS
                for s in range(4) if pairs >> (s * 6 + QUEEN) & 1)
     for pairs in (sum(1 << (s * 6 + QUEEN) for s in range(4) if sub >> s & 1)
                   for sub in range(16))}
    for trump in range(4))


def _trump_bonus(rank: int) -> int:
    """What ``hand_worth`` adds for holding a trump of this rank, beyond its points."""
    return 8 + 3 * rank


#: ``_trump_bonus`` of the trumps in a 6-bit pattern of the trump suit (bit = rank).
_TRUMP_BONUS = tuple(sum(_trump_bonus(r) for r in range(6) if pattern >> r & 1)
                     for pattern in range(64))


def _hand_worth(hand: int, trump: int) -> float:
    """``Solver.hand_worth`` card by card (every term a multiple of 0.5, so exact)."""
    w = 0.0
    for c in bits(hand):
        w += PTS[c] * 0.5
        if SUIT[c] == trump:
            w += _trump_bonus(RANK[c])
        elif RANK[c] == ACE:
            w += 4
    for suit in range(4):
        pair = (1 << (suit * 6 + KING)) | (1 << (suit * 6 + QUEEN))
        if hand & pair == pair:
            w += 0.8 * (TRUMP_MARRIAGE_POINTS if suit == trump else MARRIAGE_POINTS)
    return w


@cache
def _worth_tables(trump: int) -> tuple[tuple[float, ...], tuple[float, ...]]:
    """``hand_worth`` of the low and the high 12 bits of a hand (a suit never straddles
    them), so a hand's worth is two look-ups."""
    return (tuple(_hand_worth(m, trump) for m in range(1 << 12)),
            tuple(_hand_worth(m << 12, trump) for m in range(1 << 12)))


def card_points(mask: int) -> int:
    """The card points of a 24-bit card mask."""
    return _HALF_POINTS[mask & 0xFFF] + _HALF_POINTS[mask >> 12]


def mask_of(cards: list[Card] | set[Card] | tuple[Card, ...]) -> int:
    m = 0
    for c in cards:
        m |= 1 << c.index
    return m


def _beats_table(trump: int | None) -> list[bool]:
    """``table[lead * 24 + follow]``: the follower wins the trick."""
    t = []
    for a in range(24):
        for b in range(24):
            if SUIT[a] == SUIT[b]:
                t.append(RANK[b] > RANK[a])
            else:
                t.append(trump is not None and SUIT[b] == trump)
    return t


_BEATS = {t: _beats_table(t) for t in (None, 0, 1, 2, 3)}


def _follow_order(led: int, beats: list[bool]) -> list[int]:
    base = led * 24
    return sorted((c for c in range(24) if c != led),
                  key=lambda c: (0, PTS[c]) if beats[base + c] else (1, PTS[c] + RANK[c]))


Orders = tuple[list[int], list[int], list[list[int]], list[list[int]]]


def _make_orders(trump: int, trumps_after_closing: bool) -> Orders:
    lead = sorted(range(24), key=lambda c: -(PTS[c] + 20 * (SUIT[c] == trump)))
    # Once closed under the manual's rule the trump suit is a suit like the others: leading
    # the high cards first, whatever their suit, cuts the search by about a quarter.
    lead_closed = lead if trumps_after_closing else sorted(range(24), key=lambda c: -PTS[c])
    closed = _BEATS[trump if trumps_after_closing else None]
    return (lead, lead_closed, [_follow_order(led, _BEATS[trump]) for led in range(24)],
            [_follow_order(led, closed) for led in range(24)])


_ORDERS = {(t, k): _make_orders(t, k) for t in range(4) for k in (False, True)}


def _orders(trump: int, trumps_after_closing: bool) -> Orders:
    """Search order, fixed per trump and closed-game rule: strong leads first (open, then
    closed); the cheapest winning follow first, then the cheapest loser."""
    return _ORDERS[trump, trumps_after_closing]


class Solver:
    """Alpha-beta over one deal's remaining tricks, everything known.

    ``closed_tt`` may be shared between solvers of the same deal (same trump, closed-game
    rule and carry): closed positions do not depend on the stock.
    ``trumps_after_closing`` is the deal's closed-game rule (``rules.Options``).
    """

    def __init__(self, trump: int, *, closed_by: int = -1, schwarz_at_close: bool = False,
                 carry: int = 0, stock: tuple[int, ...] = (),
                 closed_tt: Table | None = None,
                 trumps_after_closing: bool = False) -> None:
        self.trump = trump
        self.closed_by = closed_by
        self.schwarz_at_close = schwarz_at_close
        self.carry = carry
        self.stock = stock
        self.open_beats = _BEATS[trump]
        self.trumps_after_closing = trumps_after_closing
        self.closed_beats = _BEATS[trump if trumps_after_closing else None]
        self.tt: Table = {}
        self.closed_tt = closed_tt if closed_tt is not None else {}
        self.nodes = 0
        self.trump_mask = SUIT_MASK[trump]
        self.lead_order, self.lead_closed, self.follow_open, self.follow_closed = _orders(
            trump, trumps_after_closing)
        self.marriage = [TRUMP_MARRIAGE_POINTS if SUIT[c] == trump else MARRIAGE_POINTS
                         for c in range(24)]
        #: The marriage points of the pairs marked by ``hand & hand >> 1 & QUEENS``.
        self.pair_points = _PAIR_POINTS[trump]
        self.worth_tables = _worth_tables(trump)
        #: Whether trumps lose their power once the stock is used up (the manual's rule).
        self.trumps_fade = not trumps_after_closing
        self.trump_shift = 6 * trump

    # -- scoring -------------------------------------------------------------------------

    def outcome(self, winner: int | None, p0: int, p1: int, t0: int, t1: int,
                cb: int, sac: bool) -> float:
        """Game points for seat 0 when the deal ends now (``winner`` None: nobody got 66)."""
        if cb >= 0 and winner != cb:
            gp = CLOSE_PENALTY_SCHWARZ if sac else CLOSE_PENALTY
            winner = 1 - cb
        elif winner is None:
            return 0
        else:
            lp, lt = (p1, t1) if winner == 0 else (p0, t0)
            gp = 1 + (lp < SCHNEIDER_BELOW) + (lt == 0)
        gp += self.carry
        return gp if winner == 0 else -gp

    # -- search --------------------------------------------------------------------------

    def value(self, h0: int, h1: int, turn: int, led: int, p0: int, p1: int, t0: int,
              t1: int, s: int = 0, cb: int = -1, sac: bool = False, depth: int = 99,
              alpha: float = -INF, beta: float = INF) -> float:
        """Value for seat 0 of the position; ``led`` is the card on the table or -1.

        Written out in one function (no generators, no sorting) because it is the inner
        loop of every decision the computer makes.
        """
        self.nodes += 1
        stock = self.stock
        closed = cb >= 0 or s >= len(stock)
        lo: float
        hi: float
        key: tuple[int, ...]
        if closed:
            # What the outcome can still be, from the card points left to take (and the
            # marriages in hand): a closer who could not reach 66 even taking them all has
            # failed already; otherwise a win is worth at most 1, plus 1 while the loser is
            # under 33, plus 1 while he has no trick.  Bounds that meet are the value;
            # others cut the search short.
            h = h0 | h1
            rem = _HALF_POINTS[h & 0xFFF] + _HALF_POINTS[h >> 12]
            if led >= 0:
                rem += PTS[led]
            carry = self.carry
            if cb >= 0:
                pen = (CLOSE_PENALTY_SCHWARZ if sac else CLOSE_PENALTY) + carry
                if cb == 0:
                    if p0 + rem < WIN_POINTS and \
                            p0 + rem + self.pair_points[h0 & h0 >> 1 & QUEENS] < WIN_POINTS:
                        return -pen
                    lo, hi = -pen, 1 + (p1 < SCHNEIDER_BELOW) + (t1 == 0) + carry
                else:
                    if p1 + rem < WIN_POINTS and \
                            p1 + rem + self.pair_points[h1 & h1 >> 1 & QUEENS] < WIN_POINTS:
                        return pen
                    lo, hi = -(1 + (p0 < SCHNEIDER_BELOW) + (t0 == 0) + carry), pen
            else:
                rem += LAST_TRICK_BONUS
                hi = lo = 0
                if p0 + rem >= WIN_POINTS or \
                        p0 + rem + self.pair_points[h0 & h0 >> 1 & QUEENS] >= WIN_POINTS:
                    hi = 1 + (p1 < SCHNEIDER_BELOW) + (t1 == 0) + carry
                if p1 + rem >= WIN_POINTS or \
                        p1 + rem + self.pair_points[h1 & h1 >> 1 & QUEENS] >= WIN_POINTS:
                    lo = -(1 + (p0 < SCHNEIDER_BELOW) + (t0 == 0) + carry)
                if lo == hi:
                    return 0
            if hi <= alpha:
                return hi
            if lo >= beta:
                return lo
            # A tuple: building one is several times cheaper than shifting a wide integer.
            key = (h0, h1, turn, led, p0, p1, t0, t1, cb, sac)
            tt = self.closed_tt
        else:
            if led < 0 and depth <= 0:
                return self.heuristic(h0, h1, turn, p0, p1, s)
            lo, hi = -INF, INF
            key = (h0, h1, turn, led, p0, p1, t0, t1, s, depth)
            tt = self.tt
        entry = tt.get(key)
        if entry is not None:
            # The table's bounds, with the ones above: lo and hi then also end the search
            # of the moves once a move reaches them.
            if entry[0] > lo:
                lo = entry[0]
            if entry[1] < hi:
                hi = entry[1]
            if lo >= beta:
                return lo
            if hi <= alpha:
                return hi
            if lo == hi:
                return lo
            if lo > alpha:
                alpha = lo
            if hi < beta:
                beta = hi
        a0, b0 = alpha, beta
        maxing = turn == 0
        best = -INF if maxing else INF
        hand = h0 if maxing else h1
        if led < 0:
            for c in (self.lead_closed if closed else self.lead_order):
                if not hand >> c & 1:
                    continue
                np0, np1 = p0, p1
                m = PARTNER[c]
                if m >= 0 and hand >> m & 1:
                    # Declaring the marriage only ever adds points, so it is always done.
                    if maxing:
                        np0 += self.marriage[c]
                    else:
                        np1 += self.marriage[c]
                    if np0 >= WIN_POINTS or np1 >= WIN_POINTS:
                        v = self.outcome(turn, np0, np1, t0, t1, cb, sac)
                    elif maxing:
                        v = self.value(h0 ^ 1 << c, h1, 1, c, np0, np1, t0, t1, s, cb, sac,
                                       depth - 1, alpha, beta)
                    else:
                        v = self.value(h0, h1 ^ 1 << c, 0, c, np0, np1, t0, t1, s, cb, sac,
                                       depth - 1, alpha, beta)
                elif maxing:
                    v = self.value(h0 ^ 1 << c, h1, 1, c, p0, p1, t0, t1, s, cb, sac,
                                   depth - 1, alpha, beta)
                else:
                    v = self.value(h0, h1 ^ 1 << c, 0, c, p0, p1, t0, t1, s, cb, sac,
                                   depth - 1, alpha, beta)
                if maxing:
                    if v > best:
                        best = v
                        if v > alpha:
                            alpha = v
                        if v >= hi:
                            break
                elif v < best:
                    best = v
                    if v < beta:
                        beta = v
                    if v <= lo:
                        break
                if alpha >= beta:
                    break
        else:
            leader = 1 - turn
            if closed:
                same = hand & SUIT_MASK[SUIT[led]]
                if same:
                    hand = same
                beats = self.closed_beats
                order = self.follow_closed[led]
            else:
                beats = self.open_beats
                order = self.follow_open[led]
            base = led * 24
            lead_pts = PTS[led]
            for c in order:
                if not hand >> c & 1:
                    continue
                winner = turn if beats[base + c] else leader
                pts = lead_pts + PTS[c]
                if maxing:
                    nh0, nh1 = h0 ^ 1 << c, h1
                else:
                    nh0, nh1 = h0, h1 ^ 1 << c
                last = not nh0 and not nh1
                if last and cb < 0:
                    pts += LAST_TRICK_BONUS
                if winner == 0:
                    np0, np1, nt0, nt1 = p0 + pts, p1, 1, t1
                else:
                    np0, np1, nt0, nt1 = p0, p1 + pts, t0, 1
                if np0 >= WIN_POINTS or np1 >= WIN_POINTS:
                    v = self.outcome(winner, np0, np1, nt0, nt1, cb, sac)
                elif last:
                    v = self.outcome(None, np0, np1, nt0, nt1, cb, sac)
                else:
                    ns = s
                    if not closed:
                        # Winner draws first; the turned-up trump card is the last card.
                        a, b = stock[s], stock[s + 1]
                        if winner == 0:
                            nh0, nh1 = nh0 | 1 << a, nh1 | 1 << b
                        else:
                            nh0, nh1 = nh0 | 1 << b, nh1 | 1 << a
                        ns = s + 2
                    v = self.value(nh0, nh1, winner, -1, np0, np1, nt0, nt1, ns, cb, sac,
                                   depth - 1, alpha, beta)
                if maxing:
                    if v > best:
                        best = v
                        if v > alpha:
                            alpha = v
                        if v >= hi:
                            break
                elif v < best:
                    best = v
                    if v < beta:
                        beta = v
                    if v <= lo:
                        break
                if alpha >= beta:
                    break
        if best <= a0:
            tt[key] = (-INF, best)
        elif best >= b0:
            tt[key] = (best, INF)
        else:
            tt[key] = (best, best)
        return best

    # -- heuristic for open positions past the depth limit --------------------------------

    def heuristic(self, h0: int, h1: int, turn: int, p0: int, p1: int, s: int) -> float:
        """A guess in game points: card points so far plus what the hands are worth.

        Under the manual's rule trumps are a plain suit once the stock is used up, so their
        bonus counts only ``TRUMP_BONUS_AT_DEAL`` times the share of the deal's stock
        still to draw (``s`` cards of ``stock`` are drawn).  Having the lead is
        deliberately not rewarded: in tests against the greedy player a bonus for it made
        the computer win tricks it should have let go.
        """
        e = p0 - p1 + self.hand_worth(h0) - self.hand_worth(h1)
        if self.trumps_fade:
            kept = TRUMP_BONUS_AT_DEAL * (len(self.stock) - s) / STOCK_AT_DEAL
            shift = self.trump_shift
            e -= (1.0 - kept) * (_TRUMP_BONUS[h0 >> shift & 63] - _TRUMP_BONUS[h1 >> shift & 63])
        v = e / 25.0
        return max(-HEURISTIC_CAP, min(HEURISTIC_CAP, v))

    def hand_worth(self, hand: int) -> float:
        """Half the card points, plus trumps by rank, bare aces, and marriages in hand."""
        low, high = self.worth_tables
        return low[hand & 0xFFF] + high[hand >> 12]

    # -- root -------------------------------------------------------------------------------

    def root_values(self, h0: int, h1: int, turn: int, led: int, p0: int, p1: int, t0: int,
                    t1: int, s: int = 0, cb: int = -1, sac: bool = False, depth: int = 99,
                    *, allow_close: bool = True, exact: bool = True) -> dict[str, float]:
        """Value for seat 0 of each move at the root, keyed by card index or ``"close"``.

        ``exact`` False searches later moves with a window one game point below the best
        so far, so a clearly worse move gets only a bound (much cheaper, slightly biased).
        """
        out: dict[str, float] = {}
        maxing = turn == 0
        closed = cb >= 0 or s >= len(self.stock)
        hand = h0 if maxing else h1
        best = -INF if maxing else INF

        def window() -> tuple[float, float]:
            if exact or best in (INF, -INF):
                return -INF, INF
            return (best - 1, INF) if maxing else (-INF, best + 1)

        def keep(v: float) -> None:
            nonlocal best
            best = max(best, v) if maxing else min(best, v)

        if led < 0:
            for c in self.lead_order:
                if not hand >> c & 1:
                    continue
                v = self._lead_value(h0, h1, turn, c, p0, p1, t0, t1, s, cb, sac, depth,
                                     *window())
                out[str(c)] = v
                keep(v)
            if allow_close and not closed:
                other = t1 if maxing else t0
                a, b = window()
                out["close"] = self.value(h0, h1, turn, -1, p0, p1, t0, t1, s, turn,
                                          other == 0, 99, a, b)
            return out
        if closed:
            same = hand & SUIT_MASK[SUIT[led]]
            if same:
                hand = same
            order = self.follow_closed[led]
        else:
            order = self.follow_open[led]
        for c in order:
            if not hand >> c & 1:
                continue
            v = self._follow_value(h0, h1, turn, led, c, p0, p1, t0, t1, s, cb, sac, depth,
                                   *window())
            out[str(c)] = v
            keep(v)
        return out

    def _lead_value(self, h0: int, h1: int, turn: int, c: int, p0: int, p1: int, t0: int,
                    t1: int, s: int, cb: int, sac: bool, depth: int, alpha: float,
                    beta: float) -> float:
        """Value of leading card c (declaring its marriage if possible); as in ``value``."""
        hand = h0 if turn == 0 else h1
        m = PARTNER[c]
        if m >= 0 and hand >> m & 1:
            if turn == 0:
                p0 += self.marriage[c]
            else:
                p1 += self.marriage[c]
            if p0 >= WIN_POINTS or p1 >= WIN_POINTS:
                return self.outcome(turn, p0, p1, t0, t1, cb, sac)
        if turn == 0:
            h0 ^= 1 << c
        else:
            h1 ^= 1 << c
        return self.value(h0, h1, 1 - turn, c, p0, p1, t0, t1, s, cb, sac, depth - 1,
                          alpha, beta)

    def _follow_value(self, h0: int, h1: int, turn: int, led: int, c: int, p0: int,
                      p1: int, t0: int, t1: int, s: int, cb: int, sac: bool, depth: int,
                      alpha: float, beta: float) -> float:
        """Value of answering ``led`` with card c; as in ``value``."""
        closed = cb >= 0 or s >= len(self.stock)
        beats = self.closed_beats if closed else self.open_beats
        winner = turn if beats[led * 24 + c] else 1 - turn
        pts = PTS[led] + PTS[c]
        if turn == 0:
            h0 ^= 1 << c
        else:
            h1 ^= 1 << c
        last = not h0 and not h1
        if last and cb < 0:
            pts += LAST_TRICK_BONUS
        if winner == 0:
            p0, t0 = p0 + pts, 1
        else:
            p1, t1 = p1 + pts, 1
        if p0 >= WIN_POINTS or p1 >= WIN_POINTS:
            return self.outcome(winner, p0, p1, t0, t1, cb, sac)
        if last:
            return self.outcome(None, p0, p1, t0, t1, cb, sac)
        if not closed:
            a, b = self.stock[s], self.stock[s + 1]
            if winner == 0:
                h0, h1 = h0 | 1 << a, h1 | 1 << b
            else:
                h0, h1 = h0 | 1 << b, h1 | 1 << a
            s += 2
        return self.value(h0, h1, winner, -1, p0, p1, t0, t1, s, cb, sac, depth - 1,
                          alpha, beta)


def solver_for(deal: Deal, carry: int = 0, **kw: object) -> Solver:
    """A solver for a closed deal, set up with the deal's trump and closing state."""
    return Solver("CDHS".index(deal.trump),
                  closed_by=-1 if deal.closed_by is None else deal.closed_by,
                  schwarz_at_close=deal.schwarz_at_close, carry=carry,
                  trumps_after_closing=deal.options.trumps_after_closing,
                  **kw)  # type: ignore[arg-type]


def solve_deal(deal: Deal, carry: int = 0) -> float:
    """Exact game-point value for seat 0 of a closed deal, both hands known."""
    if not deal.closed:
        raise ValueError("the game is still open: the stock order is unknown")
    sv = solver_for(deal, carry)
    led = deal.trick[0].index if deal.trick else -1
    return sv.value(mask_of(deal.hands[0]), mask_of(deal.hands[1]), deal.turn, led,
                    deal.points[0], deal.points[1], int(deal.tricks_won[0] > 0),
                    int(deal.tricks_won[1] > 0), cb=sv.closed_by, sac=sv.schwarz_at_close)
