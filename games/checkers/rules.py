"""Checkers and Weckers: the pure rules.

Everything here is deterministic; the only randomness (Weckers shuffling, Take-One) comes
from a ``random.Random`` passed in.  Nothing here knows about screens or keys.

Vocabulary:

* ``Options``: board size, variant (``standard``, ``weckers``, ``weckers2``) and the options
  (Take-One, 7/11, Lite, game point).
* ``Position``: where the pieces are (padded bitboards from ``board``), their weights in the
  Weckers games, and whose turn it is.
* ``Move``: a path of 1-based square numbers and the squares hopped; ``format_move`` gives the
  PDN text (``11-15``, ``9x18x27``) and ``parse_move`` reads it back.
* ``Game``: a position with the scores, the result, the move list and the draw watch (the
  10-move rule after a refused draw).  ``play`` returns a new ``Game``.

FEN follows PDN (``B:W21,22,K30:B1,2,3``) with a documented extension for other board sizes,
weights, variants and scores; see ``parse_fen``.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from dataclasses import dataclass, field, replace

from retro.games.checkers import movegen
from retro.games.checkers.board import BoardSizeError, Geometry, geometry
from retro.kit.rules import IllegalMoveError, NotationError, RulesError

BLACK = "B"
WHITE = "W"
STANDARD = "standard"
WECKERS = "weckers"
WECKERS_TWO = "weckers2"
VARIANTS = (STANDARD, WECKERS, WECKERS_TWO)
VARIANT_NAMES = {STANDARD: "Checkers", WECKERS: "Weckers", WECKERS_TWO: "Weckers Two"}

#: Weights run 1..6 and repeat, so both sides always get the same distribution.
MAX_WEIGHT = 6
#: The 7/11 option: a hop whose two weights add up to one of these scores the sum instead.
LUCKY_SUMS = (7, 11)
#: The draw rule: after refusing a draw, this many moves without gaining ends in a draw.
DRAW_MOVES = 10


class FenError(NotationError):
    """A FEN string that cannot be read."""


class OptionsError(RulesError):
    """A combination of options the game does not offer."""


def other(color: str) -> str:
    return WHITE if color == BLACK else BLACK


def start_weights(count: int) -> list[int]:
    """The weights of one army of ``count`` pieces before shuffling: 1..6, 1..6, ..."""
    return [i % MAX_WEIGHT + 1 for i in range(count)]


def start_army_size(rows: int, cols: int, take_one: bool) -> int:
    g = geometry(rows, cols)
    return g.start_rows * g.half - (1 if take_one else 0)


def total_start_weight(rows: int, cols: int, take_one: bool) -> int:
    """Both armies' weights at the start: the limit for the Weckers Two game point."""
    return 2 * sum(start_weights(start_army_size(rows, cols, take_one)))


def default_game_point(rows: int, cols: int, take_one: bool) -> int:
    """About half of all the weight on the board, rounded down to ten (at least ten)."""
    return max(10, total_start_weight(rows, cols, take_one) // 2 // 10 * 10)


@dataclass(frozen=True)
class Options:
    """Board size, variant and options of one game."""

    rows: int = 8
    cols: int = 8
    variant: str = STANDARD
    take_one: bool = False
    seven_eleven: bool = False      # Weckers only
    lite: bool = False              # both Weckers games
    game_point: int = 0             # Weckers Two only; 0 means the default

    def __post_init__(self) -> None:
        try:
            geometry(self.rows, self.cols)
        except BoardSizeError as exc:
            raise OptionsError(str(exc)) from None
        if self.variant not in VARIANTS:
            raise OptionsError(f"unknown variant {self.variant!r}")
        if self.seven_eleven and self.variant != WECKERS:
            raise OptionsError("the 7/11 option belongs to Weckers only")
        if self.lite and self.variant == STANDARD:
            raise OptionsError("the Lite option belongs to the Weckers games")
        if self.variant == WECKERS_TWO:
            if self.game_point == 0:
                object.__setattr__(self, "game_point",
                                   default_game_point(self.rows, self.cols, self.take_one))
            total = total_start_weight(self.rows, self.cols, self.take_one)
            if self.game_point % 10 or not 10 <= self.game_point <= total:
                raise OptionsError(f"game point must be a multiple of ten from 10 to {total}")
        elif self.game_point:
            raise OptionsError("a game point belongs to Weckers Two only")

    @property
    def weighted(self) -> bool:
        return self.variant != STANDARD

    @property
    def geometry(self) -> Geometry:
        return geometry(self.rows, self.cols)

    def describe(self) -> str:
        """A short line such as ``8x8 Weckers Lite 7/11``."""
        parts = [f"{self.rows}x{self.cols}", VARIANT_NAMES[self.variant]]
        if self.lite:
            parts.append("Lite")
        if self.seven_eleven:
            parts.append("7/11")
        if self.variant == WECKERS_TWO:
            parts.append(f"to {self.game_point}")
        if self.take_one:
            parts.append("Take-One")
        return " ".join(parts)


@dataclass(frozen=True)
class Position:
    """The pieces and the side to move.  Masks use the padded layout of ``board``."""

    rows: int
    cols: int
    black: int
    white: int
    kings: int
    turn: str = BLACK
    weights: tuple[int, ...] | None = None      # by padded bit; 0 where no piece

    @property
    def geometry(self) -> Geometry:
        return geometry(self.rows, self.cols)

    def piece_at(self, square: int) -> tuple[str, bool, int] | None:
        """(colour, is_king, weight) on a 1-based square, or None when it is empty."""
        g = self.geometry
        bit = g.bit_of[square - 1]
        mask = 1 << bit
        if self.black & mask:
            color = BLACK
        elif self.white & mask:
            color = WHITE
        else:
            return None
        weight = self.weights[bit] if self.weights else 0
        return color, bool(self.kings & mask), weight

    def count(self, color: str) -> tuple[int, int]:
        """(men, kings) of one side."""
        own = self.black if color == BLACK else self.white
        return (own & ~self.kings).bit_count(), (own & self.kings).bit_count()


@dataclass(frozen=True)
class Move:
    """A move: the squares visited (1-based, start first) and the squares hopped."""

    path: tuple[int, ...]
    hopped: tuple[int, ...] = ()

    @property
    def is_capture(self) -> bool:
        return bool(self.hopped)

    @property
    def start(self) -> int:
        return self.path[0]

    @property
    def end(self) -> int:
        return self.path[-1]

    def __str__(self) -> str:
        return format_move(self)


def format_move(move: Move) -> str:
    """PDN text: ``11-15`` for a step, ``9x18x27`` for a jump (the whole path)."""
    return ("x" if move.hopped else "-").join(str(s) for s in move.path)


@dataclass(frozen=True)
class Result:
    """How a game ended: ``winner`` is ``B``, ``W`` or None for a true draw."""

    winner: str | None
    reason: str


@dataclass(frozen=True)
class DrawWatch:
    """The 10-move rule running after a refused draw offer.

    ``refuser`` refused; ``bar`` is the best advantage the refuser has had since refusing
    (at first, the advantage at the refusal); ``count`` is how many of the refuser's moves
    in a row have not raised it.
    """

    refuser: str
    bar: int
    count: int = 0


@dataclass(frozen=True)
class Game:
    """A game in progress (or finished): immutable, ``play`` gives the next one."""

    options: Options
    position: Position
    scores: tuple[int, int] = (0, 0)            # black, white
    result: Result | None = None
    history: tuple[str, ...] = ()
    draw_watch: DrawWatch | None = None
    _moves: list[Move] | None = field(default=None, compare=False, repr=False)

    @property
    def turn(self) -> str:
        return self.position.turn

    @property
    def over(self) -> bool:
        return self.result is not None

    def score(self, color: str) -> int:
        return self.scores[0] if color == BLACK else self.scores[1]

    def legal_moves(self) -> list[Move]:
        """Every legal move for the side to move (cached: a Game never changes)."""
        if self._moves is None:
            object.__setattr__(self, "_moves", legal_moves(self.position, self.options))
        assert self._moves is not None
        return self._moves


# -- moves ---------------------------------------------------------------------------------


def legal_moves(position: Position, options: Options) -> list[Move]:
    """Every legal move of the side to move, captures only when one exists."""
    g = position.geometry
    raws = movegen.generate(g, position.black, position.white, position.kings,
                            position.turn == BLACK, position.weights, options.lite)
    sq = g.square_of
    return [Move(tuple(sq[b] + 1 for b in path), tuple(sq[b] + 1 for b in hopped))
            for path, hopped in raws]


def parse_move(game: Game, text: str) -> Move:
    """Read PDN move text (``11-15``, ``9x18x27``, or the short ``9x27``) as a legal move."""
    cleaned = text.strip().lower().replace(" ", "")
    sep = "x" if "x" in cleaned else "-"
    try:
        squares = tuple(int(p) for p in cleaned.split(sep))
    except ValueError:
        raise IllegalMoveError(f"cannot read {text!r} as a move (try 11-15 or 9x18)") from None
    if len(squares) < 2:
        raise IllegalMoveError(f"a move needs at least two squares: {text!r}")
    moves = game.legal_moves()
    exact = [m for m in moves if m.path == squares]
    if exact:
        return exact[0]
    if len(squares) == 2:
        ends = [m for m in moves if m.start == squares[0] and m.end == squares[1]]
        if len(ends) == 1:
            return ends[0]
        if len(ends) > 1:
            raise IllegalMoveError(f"{text} can be jumped more than one way: give the whole path")
    if sep == "-" and any(m.is_capture for m in moves):
        raise IllegalMoveError("a capture is possible, so you must take")
    raise IllegalMoveError(f"{text} is not a legal move here")


def moves_with_prefix(moves: list[Move], squares: tuple[int, ...]) -> list[Move]:
    """The moves whose path starts with the given squares (for typed or clicked input)."""
    n = len(squares)
    return [m for m in moves if m.path[:n] == squares]


def hop_score(options: Options, mover: int, hopped: int) -> int:
    """Points for hopping one piece, given the two weights."""
    if options.variant == WECKERS_TWO:
        return hopped
    if options.variant == WECKERS:
        if options.seven_eleven and mover + hopped in LUCKY_SUMS:
            return mover + hopped
        return abs(mover - hopped)
    return 0


def _make(g: Geometry, opts: Options, black: int, white: int, kings: int, black_to_move: bool,
          weights: tuple[int, ...] | None, raw: movegen.RawMove
          ) -> tuple[int, int, int, tuple[int, ...] | None, int]:
    """Masks, weights and the points the mover gains after a raw move, in every variant."""
    path, hopped = raw
    start, end = path[0], path[-1]
    was_man = not kings >> start & 1
    black, white, kings = movegen.make_raw(g, black, white, kings, black_to_move, raw)
    if weights is None:
        return black, white, kings, None, 0
    gained = 0
    lw = list(weights)
    mover = lw[start]
    for x in hopped:
        gained += hop_score(opts, mover, lw[x])
        lw[x] = 0
    lw[start] = 0                   # cleared first: a king's loop may end where it began
    lw[end] = mover
    to = 1 << end
    crown = g.black_crown if black_to_move else g.white_crown
    if opts.variant == WECKERS_TWO and was_man and to & crown:
        # Weckers Two: a man reaching the far row leaves the board and scores its weight.
        gained += mover
        lw[end] = 0
        kings &= ~to
        black &= ~to
        white &= ~to
    return black, white, kings, tuple(lw), gained


def play(game: Game, move: Move) -> Game:
    """The game after ``move`` (which must be legal); scores, crowning and the end."""
    if game.over:
        raise IllegalMoveError("the game is over")
    if move not in game.legal_moves():
        raise IllegalMoveError(f"{format_move(move)} is not a legal move here")
    opts = game.options
    pos = game.position
    g = pos.geometry
    mover = pos.turn
    is_black = mover == BLACK
    raw = ((g.bit_of[move.start - 1], g.bit_of[move.end - 1]),
           tuple(g.bit_of[s - 1] for s in move.hopped))
    black, white, kings, weights, gained = _make(g, opts, pos.black, pos.white, pos.kings,
                                                 is_black, pos.weights, raw)
    scores = list(game.scores)
    scores[0 if is_black else 1] += gained
    new_pos = Position(pos.rows, pos.cols, black, white, kings, other(mover), weights)
    nxt = replace(game, position=new_pos, scores=(scores[0], scores[1]),
                  history=(*game.history, format_move(move)), _moves=None)
    nxt = _watch_draw(nxt, mover)
    if nxt.over:
        return nxt
    if reaches_game_point(opts, nxt.score(mover)):
        return replace(nxt, result=Result(mover, "reached the game point"))
    if not nxt.legal_moves():
        stuck = nxt.turn
        if opts.variant == STANDARD:
            return replace(nxt, result=Result(other(stuck), f"{_name(stuck)} cannot move"))
        return replace(nxt, result=_by_score(nxt, f"{_name(stuck)} cannot move"))
    return nxt


def reaches_game_point(opts: Options, score: int) -> bool:
    """Weckers Two: a score at the game point wins the game at once (nothing else does)."""
    return opts.variant == WECKERS_TWO and score >= opts.game_point


def _name(color: str) -> str:
    return "Black" if color == BLACK else "White"


def _by_score(game: Game, reason: str) -> Result:
    """Weckers endings: the higher score wins; equal scores are a true draw."""
    b, w = game.scores
    if b == w:
        return Result(None, f"{reason}; scores equal")
    return Result(BLACK if b > w else WHITE, f"{reason}; higher score wins")


# -- draws, resigning ---------------------------------------------------------------------


def advantage(game: Game, color: str) -> int:
    """How far ``color`` is ahead, for the 10-move rule after a refused draw.

    Plain checkers: material, a man counting 1 and a king 2 (so crowning is progress).
    Weckers games: the score difference, since the score decides them.
    """
    if game.options.weighted:
        return game.score(color) - game.score(other(color))
    men, kings = game.position.count(color)
    omen, okings = game.position.count(other(color))
    return (men + 2 * kings) - (omen + 2 * okings)


def agree_draw(game: Game, reason: str = "draw agreed") -> Game:
    """Both sides agree (or the 10-move rule applies); in Weckers the score still decides."""
    if game.options.weighted:
        return replace(game, result=_by_score(game, reason))
    return replace(game, result=Result(None, reason))


def refuse_draw(game: Game, refuser: str) -> Game:
    """The refuser now has ten moves to raise the advantage, or the draw comes anyway."""
    return replace(game, draw_watch=DrawWatch(refuser, advantage(game, refuser)))


def _watch_draw(game: Game, mover: str) -> Game:
    watch = game.draw_watch
    if watch is None or watch.refuser != mover:
        return game
    adv = advantage(game, mover)
    if adv > watch.bar:
        return replace(game, draw_watch=DrawWatch(mover, adv, 0))
    count = watch.count + 1
    game = replace(game, draw_watch=DrawWatch(mover, watch.bar, count))
    if count >= DRAW_MOVES:
        return agree_draw(game, f"draw: {DRAW_MOVES} moves without gain after refusing")
    return game


def resign(game: Game, color: str) -> Game:
    """``color`` forfeits: the other side wins, whatever the scores."""
    return replace(game, result=Result(other(color), f"{_name(color)} resigned"))


# -- starting a game ------------------------------------------------------------------------


def new_game(options: Options, rng: random.Random) -> Game:
    """The starting position: armies on the back rows, shuffled weights, Take-One."""
    g = options.geometry
    black, white = g.start_masks()
    if options.take_one:
        # One piece from each army, on corresponding squares (a half turn of the board).
        square = rng.choice(g.squares(black))
        black &= ~g.bit(square)
        white &= ~g.bit(g.mirror(square))
    weights = None
    if options.weighted:
        wt = [0] * g.nbits
        army = start_weights(black.bit_count())
        for mask in (black, white):
            shuffled = army[:]
            rng.shuffle(shuffled)
            for sq, w in zip(g.squares(mask), shuffled, strict=True):
                wt[g.bit_of[sq - 1]] = w
        weights = tuple(wt)
    pos = Position(options.rows, options.cols, black, white, 0, BLACK, weights)
    return Game(options, pos)


# -- FEN ------------------------------------------------------------------------------------


def format_fen(game: Game) -> str:
    """FEN of the game: plain PDN on a standard 8x8 game, extended otherwise."""
    pos = game.position
    opts = game.options
    g = pos.geometry
    fields = []
    if (opts.rows, opts.cols) != (8, 8):
        fields.append(f"{opts.rows}x{opts.cols}")
    fields.append(pos.turn)
    for color, mask in ((WHITE, pos.white), (BLACK, pos.black)):
        items = []
        for sq in g.squares(mask):
            bit = g.bit_of[sq - 1]
            item = ("K" if pos.kings >> bit & 1 else "") + str(sq)
            if pos.weights:
                item += f"/{pos.weights[bit]}"
            items.append(item)
        fields.append(color + ",".join(items))
    if opts.variant != STANDARD:
        code = "W" if opts.variant == WECKERS else "T"
        fields.append("V" + code + ("L" if opts.lite else "") + ("7" if opts.seven_eleven else ""))
        if opts.variant == WECKERS_TWO:
            fields.append(f"G{opts.game_point}")
        fields.append(f"S{game.scores[0]},{game.scores[1]}")
    return ":".join(fields)


to_fen = format_fen     # the older name, still used by callers outside the rules


def parse_fen(text: str) -> Game:
    """Read a FEN (see the README for the extension) into a Game.

    ``[RxC:]T:W<pieces>:B<pieces>[:V<variant>][:G<point>][:S<black>,<white>]`` where a piece
    is ``[K]square[/weight]`` and a run ``a-b`` of men is allowed without weights.
    """
    raw = text.strip().rstrip(".")
    if not raw:
        raise FenError("empty FEN")
    parts = [p.strip() for p in raw.split(":")]
    rows = cols = 8
    if re.fullmatch(r"\d+[xX]\d+", parts[0]):
        try:
            r, c = parts[0].lower().split("x")
            rows, cols = int(r), int(c)
            geometry(rows, cols)
        except (ValueError, BoardSizeError):
            raise FenError(f"bad board size {parts[0]!r} (use 6x8, rows x columns)") from None
        parts = parts[1:]
    if not parts or parts[0].upper() not in (BLACK, WHITE):
        raise FenError("the FEN must start with the side to move, B or W")
    turn = parts[0].upper()
    g = geometry(rows, cols)
    lists: dict[str, list[tuple[int, bool, int]]] = {}
    variant, lite, seven, point, scores = STANDARD, False, False, 0, (0, 0)
    named = False                   # a V field said which game this is
    for part in parts[1:]:
        if not part:
            continue
        tag, body = part[0].upper(), part[1:]
        if tag in (BLACK, WHITE):
            if tag in lists:
                raise FenError(f"two piece lists for {_name(tag)}")
            lists[tag] = _parse_pieces(body, g)
        elif tag == "V":
            code = body.upper()
            variant = {"S": STANDARD, "W": WECKERS, "T": WECKERS_TWO}.get(code[:1], "")
            if not variant:
                raise FenError(f"unknown variant code {body!r} (S, W or T)")
            unknown = set(code[1:]) - {"L", "7"}
            if unknown:
                raise FenError(f"unknown option {sorted(unknown)[0]!r} in {part!r} "
                               "(L for Lite, 7 for 7/11)")
            named = True
            lite = "L" in code[1:]
            seven = "7" in code[1:]
        elif tag == "G":
            point = _int(body, "game point")
        elif tag == "S":
            try:
                b, w = (int(x) for x in body.split(","))
            except ValueError:
                raise FenError(f"bad scores {body!r} (use S12,7)") from None
            if b < 0 or w < 0:
                raise FenError(f"scores cannot be negative: {body!r}")
            scores = (b, w)
        else:
            raise FenError(f"unknown FEN field {part!r}")
    if BLACK not in lists or WHITE not in lists:
        raise FenError("the FEN needs a W list and a B list")
    black = white = kings = 0
    weights = [0] * g.nbits
    any_weight = False
    for color, pieces in lists.items():
        for sq, king, w in pieces:
            mask = g.bit(sq)
            if (black | white) & mask:
                raise FenError(f"square {sq} is given twice")
            if color == BLACK:
                black |= mask
            else:
                white |= mask
            if king:
                kings |= mask
            if w:
                any_weight = True
                weights[g.bit_of[sq - 1]] = w
    weighted = variant != STANDARD
    if any_weight and not weighted:
        if named:
            raise FenError("the FEN names plain checkers (VS) but gives weights: "
                           "weights belong to the Weckers games (VW or VT)")
        variant = WECKERS       # weights imply Weckers when no variant is named
        weighted = True
    if weighted:
        missing = [s for s in g.squares(black | white) if not weights[g.bit_of[s - 1]]]
        if missing:
            raise FenError(f"Weckers pieces need weights (e.g. 21/3): square {missing[0]}")
    elif scores != (0, 0):
        raise FenError("scores belong to the Weckers games; plain checkers has none")
    _check_possible(g, black, white, kings, weights if weighted else None)
    try:
        opts = Options(rows, cols, variant, seven_eleven=seven, lite=lite, game_point=point)
    except OptionsError as exc:
        raise FenError(str(exc)) from None
    pos = Position(rows, cols, black, white, kings, turn, tuple(weights) if weighted else None)
    game = Game(opts, pos, scores)
    if opts.variant == WECKERS_TWO and max(scores) >= opts.game_point:
        reached = [c for c in (BLACK, WHITE) if game.score(c) >= opts.game_point]
        if len(reached) == 2:
            raise FenError(f"both scores have reached the game point {opts.game_point}")
        return replace(game, result=Result(reached[0], "reached the game point"))
    if not game.legal_moves():
        stuck = game.turn
        if opts.variant == STANDARD:
            result = Result(other(stuck), f"{_name(stuck)} cannot move")
        else:
            result = _by_score(game, f"{_name(stuck)} cannot move")
        game = replace(game, result=result)
    return game


def _check_possible(g: Geometry, black: int, white: int, kings: int,
                    weights: list[int] | None) -> None:
    """Refuse positions no game can reach: men on their crowning row, armies larger than
    at the start, more pieces of one weight than an army is given."""
    army = g.start_rows * g.half
    start = Counter(start_weights(army))
    for color, own, crown in ((BLACK, black, g.black_crown), (WHITE, white, g.white_crown)):
        name = _name(color)
        men_crowned = g.squares(own & ~kings & crown)
        if men_crowned:
            sq = men_crowned[0]
            raise FenError(f"a {name.lower()} man cannot stand on square {sq}: row "
                           f"{g.rc(sq)[0]} is where {name} is crowned (write K{sq} for a king)")
        count = own.bit_count()
        if count > army:
            raise FenError(f"{name} has {count} pieces, but an army on a {g.rows}x{g.cols} "
                           f"board starts with {army}")
        if weights is not None:
            have = Counter(weights[g.bit_of[sq - 1]] for sq in g.squares(own))
            for w, n in sorted(have.items()):
                if n > start[w]:
                    raise FenError(f"{name} has {n} pieces of weight {w}, but an army on a "
                                   f"{g.rows}x{g.cols} board is given {start[w]}")


def _int(text: str, what: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise FenError(f"bad {what} {text!r}") from None


def _parse_pieces(body: str, g: Geometry) -> list[tuple[int, bool, int]]:
    out: list[tuple[int, bool, int]] = []
    for item in body.split(","):
        item = item.strip()
        if not item:
            continue
        king = item[:1].upper() == "K"
        if king:
            item = item[1:]
        weight = 0
        if "/" in item:
            item, wtext = item.split("/", 1)
            weight = _int(wtext, "weight")
            if not 1 <= weight <= MAX_WEIGHT:
                raise FenError(f"weight {weight} is not 1 to {MAX_WEIGHT}")
        if "-" in item:
            a, b = (_int(x, "square") for x in item.split("-", 1))
            squares = list(range(a, b + 1))
        else:
            squares = [_int(item, "square")]
        for sq in squares:
            if not 1 <= sq <= g.nsquares:
                raise FenError(f"square {sq} is not on a {g.rows}x{g.cols} board")
            out.append((sq, king, weight))
    return out


START_FEN_8X8 = "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12"


# -- perft ----------------------------------------------------------------------------------


def perft(position: Game | Position | str, depth: int) -> int:
    """Leaf nodes ``depth`` plies deep from a game, a position (plain rules) or a FEN.

    Plain checkers and plain Weckers share one move tree, counted by the fast bitboard
    counter; Lite and Weckers Two change the tree and are walked move by move.
    """
    if isinstance(position, str):
        position = parse_fen(position)
    scores = (0, 0)
    if isinstance(position, Position):
        pos, opts = position, Options(position.rows, position.cols)
    else:
        if position.over and depth > 0:
            return 0                    # a finished game has no moves to count
        pos, opts, scores = position.position, position.options, position.scores
    g = pos.geometry
    if not opts.lite and opts.variant != WECKERS_TWO:
        return movegen.perft(g, pos.black, pos.white, pos.kings, pos.turn == BLACK, depth)
    return _perft_general(g, opts, pos.black, pos.white, pos.kings, pos.turn == BLACK,
                          pos.weights, depth, scores)


def _perft_general(g: Geometry, opts: Options, black: int, white: int, kings: int,
                   black_to_move: bool, weights: tuple[int, ...] | None, depth: int,
                   scores: tuple[int, int] = (0, 0)) -> int:
    if depth == 0:
        return 1
    moves = movegen.generate(g, black, white, kings, black_to_move, weights, opts.lite)
    if depth == 1:
        return len(moves)
    total = 0
    for mv in moves:
        b, w, k, wt, gained = _make(g, opts, black, white, kings, black_to_move, weights, mv)
        mover_score = scores[0 if black_to_move else 1] + gained
        if reaches_game_point(opts, mover_score):
            continue                    # the game is won: nothing follows this move
        nscores = (mover_score, scores[1]) if black_to_move else (scores[0], mover_score)
        total += _perft_general(g, opts, b, w, k, not black_to_move, wt, depth - 1, nscores)
    return total
