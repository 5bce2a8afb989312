"""Drawing the Checkers and Weckers screen: board, side panel, move list, legends, prompt.

Layout (80x25): the board on the left with row 1 at the top and column 1 at the left, each
square five cells wide and two high (row numbers to the left, column numbers above); on
the right the game panel (rows 1-7), the move list (rows 8-13) and the function-key
legend (rows 14-19); the prompt on row 21, messages on rows 22-23, and the key line with
the delay (speed) at the bottom.  ``Painter`` only reads the session; it never waits.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from retro.games.checkers import rules as R
from retro.games.checkers.board import Geometry
from retro.games.checkers.save import PIECE_COLOURS as PIECE_COLOURS  # F6/F9 cycle

if TYPE_CHECKING:
    from retro.games.checkers.ui import Session

#: Delays the up/down keys step through: least seconds to think, and per hop.
SPEEDS = (0.0, 0.25, 0.5, 1.0, 2.0, 3.0)
#: Piece colours light enough to need dark digits on them.
LIGHT_COLOURS = frozenset({3, 6, 7, 10, 11, 12, 13, 14, 15})
#: Background of a selected square, the first of these that is neither piece colour (so
#: the piece on it always shows); the last move's squares take the first one left.
HIGHLIGHTS = (1, 5, 3, 4, 6)
DARK_SQUARE = 2

BOARD_TOP = 3
BOARD_LEFT = 4
CELL_W = 5
CELL_H = 2
PANEL_COL = 46
PANEL_W = 32
MOVES_TOP = 8
MOVES_LINES = 4
LEGEND_TOP = 14
PROMPT_ROW = 21
MESSAGE_ROW = 22
MESSAGE_LINES = 2
HINT_ROW = 24

NAMES = {R.BLACK: "Black", R.WHITE: "White"}
THINKING = "{} is thinking...  Esc: move now   !: call it a draw"
GAME_OVER = "Game over.  Enter: new game   F1: quit"


def square_text(g: Geometry, square: int) -> str:
    """A square as the players type it: row,column."""
    return "{},{}".format(*g.rc(square))


def move_text(g: Geometry, move: R.Move) -> str:
    """A move in the players' notation: ``3,2-4,3`` or ``3,2x5,4x3,6``."""
    return ("x" if move.is_capture else "-").join(square_text(g, s) for s in move.path)


def cell_square(g: Geometry, row: int, col: int) -> int | None:
    """The dark square under a screen cell, or None."""
    r = (row - BOARD_TOP) // CELL_H + 1
    c = (col - BOARD_LEFT) // CELL_W + 1
    if row < BOARD_TOP or col < BOARD_LEFT or not (1 <= r <= g.rows and 1 <= c <= g.cols):
        return None
    return g.square_at(r, c)


class Painter:
    """Draws the session's screen (reads the session, changes nothing in it)."""

    def __init__(self, session: Session) -> None:
        self.session = session
        self.m = session.m
        self.s = session.m.screen

    def a(self, colour: int, mono: int) -> int:
        return self.m.attr(colour, mono)

    @property
    def mono(self) -> bool:
        return self.s.mono

    # -- the whole screen ------------------------------------------------------------------

    def everything(self) -> None:
        ses = self.session
        s = self.s
        s.blink = self.mono     # colour: bit 7 gives bright backgrounds (white pieces)
        s.clear(self.a(0x17, 0x07))
        s.fill(0, 0, 1, 80, " ", self.a(0x70, 0x70))
        s.put(0, 1, " Checkers and Weckers ", self.a(0x70, 0x70))
        if ses.game is not None:
            desc = ses.game.options.describe()
            s.put(0, 79 - len(desc), desc, self.a(0x70, 0x70))
            self.frame()
            self.board()
            self.panel()
            self.move_list()
            self.legend()
        self.key_line()
        self.prompt()
        ses.log.redraw()

    def frame(self) -> None:
        g = self.session.geometry
        s = self.s
        lab = self.a(0x1E, 0x0F)
        s.box(BOARD_TOP - 1, BOARD_LEFT - 1, g.rows * CELL_H + 2, g.cols * CELL_W + 2,
              self.a(0x1F, 0x07), style="double")
        for c in range(1, g.cols + 1):
            s.put(BOARD_TOP - 2, BOARD_LEFT + (c - 1) * CELL_W + 2, str(c), lab)
        for r in range(1, g.rows + 1):
            s.put(BOARD_TOP + (r - 1) * CELL_H, BOARD_LEFT - 3, str(r), lab)

    # -- the board ---------------------------------------------------------------------------

    def board(self) -> None:
        g = self.session.geometry
        for r in range(1, g.rows + 1):
            for c in range(1, g.cols + 1):
                self.cell(r, c)

    def highlight_colours(self) -> tuple[int, int]:
        """(selected, last move) square backgrounds, never a piece's own colour."""
        colours = self.session.settings.colours
        free = [c for c in HIGHLIGHTS if c not in colours.values()]
        return free[0], free[1]

    def cell(self, r: int, c: int) -> None:
        ses = self.session
        assert ses.game is not None
        g = ses.geometry
        s = self.s
        top = BOARD_TOP + (r - 1) * CELL_H
        left = BOARD_LEFT + (c - 1) * CELL_W
        sq = g.square_at(r, c)
        if sq is None:
            s.fill(top, left, CELL_H, CELL_W, " ", self.a(0x70, 0x00))
            return
        selected = sq in ses.path or sq in ses.hint_squares
        last = sq in ses.last_squares
        if self.mono:
            s.fill(top, left, CELL_H, CELL_W, "▓" if selected else "▒" if last else "░", 0x07)
            arrow = 0x0F
        else:
            chosen, previous = self.highlight_colours()
            bg = chosen if selected else previous if last else DARK_SQUARE
            s.fill(top, left, CELL_H, CELL_W, " ", bg << 4)
            arrow = (bg << 4) | 0x0F
        if selected:
            # Arrows either side of the piece: the selection shows whatever the colours.
            s.put(top, left, "►", arrow)
            s.put(top, left + CELL_W - 1, "◄", arrow)
        piece = ses.overrides[sq] if sq in ses.overrides else ses.game.position.piece_at(sq)
        if piece is not None:
            self.piece(top, left, piece)

    def piece(self, top: int, left: int, piece: tuple[str, bool, int]) -> None:
        s = self.s
        color, king, weight = piece
        mark_top = "K" if king else " "
        mark_low = str(weight) if weight else " "
        if self.session.alt:
            # Alternate symbols: the sides differ by their brackets, not by brightness.
            ends = "()" if color == R.BLACK else "[]"
            if self.mono:
                attr = 0x70 if color == R.WHITE else 0x07
            else:
                bg = self.session.settings.colours[color]
                attr = (bg << 4) | (0x0 if bg in LIGHT_COLOURS else 0xF)
            s.put(top, left + 1, ends[0] + mark_top + ends[1], attr)
            s.put(top + 1, left + 1, ends[0] + mark_low + ends[1], attr)
            return
        if self.mono:
            if color == R.WHITE:            # a solid, reversed piece
                s.put(top, left + 1, f" {mark_top} ", 0x70)
                s.put(top + 1, left + 1, f" {mark_low} ", 0x70)
            else:                           # an outlined piece, told apart by its shape
                s.put(top, left + 1, f"┌{mark_top}┐", 0x0F)
                s.put(top + 1, left + 1, f"└{mark_low}┘", 0x0F)
            return
        # Colour: a block of the piece colour with its marks (K, weight) inside.
        bg = self.session.settings.colours[color]
        core = (bg << 4) | (0x0 if bg in LIGHT_COLOURS else 0xF)
        s.put(top, left + 1, f" {mark_top} ", core)
        s.put(top + 1, left + 1, f" {mark_low} ", core)

    # -- the panel ---------------------------------------------------------------------------

    def panel(self) -> None:
        ses = self.session
        game = ses.game
        assert game is not None
        s = self.s
        text = self.a(0x1F, 0x07)
        hi = self.a(0x1E, 0x0F)
        opts = game.options
        s.box(1, PANEL_COL, 7, PANEL_W, self.a(0x1B, 0x07), style="double",
              title=f" {R.VARIANT_NAMES[opts.variant]} ")
        extras = [f"{opts.rows}x{opts.cols}"]
        if opts.lite:
            extras.append("Lite")
        if opts.seven_eleven:
            extras.append("7/11")
        if opts.take_one:
            extras.append("Take-One")
        if opts.variant == R.WECKERS_TWO:
            extras.append(f"game point {opts.game_point}")
        line = " ".join(extras)
        if len(line) > PANEL_W - 3:
            # Weckers Two + Lite + Take-One: "game point" would run over the frame.
            line = line.replace("game point", "point")
        s.put(2, PANEL_COL + 2, line, text)
        for i, color in enumerate((R.BLACK, R.WHITE)):
            row = 3 + i
            s.put(row, PANEL_COL + 2, f"{NAMES[color]}:", hi if game.turn == color else text)
            s.put(row, PANEL_COL + 9, ses.settings.players[color], text)
            if opts.weighted:
                s.put(row, PANEL_COL + 19, f"score {game.score(color):3d}", hi)
        s.put(5, PANEL_COL + 2, f"Level {ses.settings.level}", text)
        s.put(5, PANEL_COL + 14, f"Move {len(game.history) // 2 + 1}", text)
        if ses.aborted:
            status = "Game abandoned"
        elif game.over:
            status = "Game over"
        else:
            status = f"{NAMES[game.turn]} to move"
        s.put(6, PANEL_COL + 2, status, hi)

    def move_list(self) -> None:
        """The moves in PDN numbers, a pair to a line, the latest at the bottom."""
        ses = self.session
        record = ses.record
        assert record is not None
        s = self.s
        ahead = len(record.games) - 1 - record.at
        title = f" Moves, {ahead} to replay " if ahead else " Moves "
        s.box(MOVES_TOP, PANEL_COL, MOVES_LINES + 2, PANEL_W, self.a(0x1B, 0x07),
              style="single", title=title)
        lines = move_lines(record.first, record.current)[-MOVES_LINES:]
        for i, line in enumerate(lines):
            s.put(MOVES_TOP + 1 + i, PANEL_COL + 2, line[:PANEL_W - 4], self.a(0x1F, 0x07))

    def legend(self) -> None:
        st = self.session.settings
        sides = {"keyboard": "computer", "computer": "keyboard"}
        # Toggle legends name what the key switches TO, as on the original.
        items = [
            (0, 0, "F1", "Quit & save"), (0, 17, "F2", "Sound " + ("off" if self.m.sound
                                                                   else "on")),
            (1, 0, "F3", "White to " + sides[st.players[R.WHITE]]),
            (2, 0, "F4", "Black to " + sides[st.players[R.BLACK]]),
            (3, 0, "F5", "Help"), (3, 17, "F10", "Border"),
            (4, 0, "F6", "White colour"), (4, 17, "F9", "Black colour"),
            (5, 0, "F7", "Easier"), (5, 17, "F8", "Harder"),
        ]
        key = self.a(0x1E, 0x0F)
        text = self.a(0x17, 0x07)
        for row, col, k, label in items:
            self.s.put(LEGEND_TOP + row, PANEL_COL + col, k, key)
            self.s.put(LEGEND_TOP + row, PANEL_COL + col + 4, label, text)

    # -- the lines at the bottom ---------------------------------------------------------------

    def key_line(self) -> None:
        ses = self.session
        s = self.s
        bar = self.a(0x70, 0x70)
        key = self.a(0x74, 0x70)
        s.fill(HINT_ROW, 0, 1, 80, " ", bar)
        if ses.phase == "options":
            items = [("Enter", "play"), ("F5", "help"), ("F1", "quit")]
        elif ses.phase == "over":
            items = [("Enter", "new game"), ("←", "take back"), ("P", "save as PDN"),
                     ("F1", "quit")]
        else:
            items = [("D", "draw"), ("R", "resign"), ("Q", "abort"), ("←→", "back/replay"),
                     ("H", "hint"), ("P", "save PDN")]
        col = 1
        gap = 3 if len(items) < 5 else 2
        for k, label in items:
            s.put(HINT_ROW, col, k, key)
            s.put(HINT_ROW, col + len(k) + 1, label, bar)
            col += len(k) + 1 + len(label) + gap
        delay = f"Delay {SPEEDS[ses.settings.speed]:.2f}s ↑↓ "
        s.put(HINT_ROW, 80 - len(delay), delay, bar)

    def prompt(self, prompt: str | None = None) -> None:
        ses = self.session
        s = self.s
        s.fill(PROMPT_ROW, 0, 1, 80, " ", self.a(0x17, 0x07))
        if prompt is None:
            prompt = self.move_prompt()
        s.put(PROMPT_ROW, 1, prompt, self.a(0x1F, 0x0F))
        tip = "row & column digits, or click; Esc clears"
        if ses.phase == "input" and len(prompt) + 3 <= 79 - len(tip):
            s.put(PROMPT_ROW, 79 - len(tip), tip, self.a(0x17, 0x07))
        s.move_cursor(PROMPT_ROW, min(1 + len(prompt), 79), visible=ses.phase == "input")

    def move_prompt(self) -> str:
        """What the prompt row says in the current phase."""
        ses = self.session
        game = ses.game
        if game is None:
            return ""
        if ses.phase == "thinking":
            return THINKING.format(NAMES[game.turn])
        if ses.phase == "over":
            return GAME_OVER
        if ses.phase != "input":
            return ""
        g = ses.geometry
        parts = [square_text(g, sq) for sq in ses.path]
        capture = bool(game.legal_moves()) and game.legal_moves()[0].is_capture
        shown = ("x" if capture and len(ses.path) >= 2 else "-").join(parts)
        if ses.typed:
            shown += ("-" if parts else "") + ses.typed
        return f"{NAMES[game.turn]}, your move: {shown}"


def move_lines(first: R.Game, current: R.Game) -> list[str]:
    """The game's moves as numbered lines: ``12. 9-14       22-17``."""
    history = current.history
    # Who made the first move: the side to move at ``first``, unless an odd number of
    # moves were made before it (a resumed game keeps its whole history).
    before = len(first.history)
    black_first = (first.turn == R.BLACK) == (before % 2 == 0)
    lines: list[str] = []
    offset = 0 if black_first else 1
    for i, move in enumerate(history):
        ply = i + offset
        number = ply // 2 + 1
        if ply % 2 == 0:
            lines.append(f"{number:>3}. {move:<12}")
        elif i == 0:
            lines.append(f"{number:>3}. {'...':<12} {move}")
        else:
            lines[-1] += f" {move}"
    return lines
