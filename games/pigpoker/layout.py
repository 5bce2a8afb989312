"""Pig Poker's screen layout: where everything sits, the attributes, and small helpers.

Screen plan (rows 0-24)::

    0      title bar
    1-21   the 4x4 board (left, columns 1-33); players (rows 1-8), the hand and die
           (rows 9-17) and table information (rows 18-21) on the right
    22     messages          23  prompts (clickable digits while twiddling)
    24     function-key legend, the game delay at the lower right
"""

from __future__ import annotations

from dataclasses import dataclass

from retro.games.pigpoker import hands as hx
from retro.pc.machine import Machine

# -- layout --------------------------------------------------------------------------------

BOARD_ROW, BOARD_COL = 1, 1           # top-left corner of the grid
CELL_H, CELL_W = 5, 8                 # grid pitch: 4 rows (+1 line) by 7 columns (+1 line)
PLAYERS_ROW, HAND_ROW = 1, 9
PLAYERS_H = 8                         # the Players box: top edge, six players, bottom edge
PANEL_COL, PANEL_W = 35, 45
CARD_ROW, CARD_COL, CARD_STEP = 11, 37, 7
DIE_COL = 73
INFO_ROW, PROMPT_ROW, LEGEND_ROW = 22, 23, 24   # options and turn; prompts; legend
MSG_ROW = 22                          # on the player list: a name's error
#: Where messages wrap (row, col, height, width): below the hand in the game, under the
#: player list on the entry screen.  A message is never cut; it wraps at word boundaries.
GAME_LOG = (18, PANEL_COL + 1, 4, PANEL_W - 2)
ENTRY_LOG = (19, 1, 3, 78)#: Columns of the clickable "1".."5" and "0" in the twiddle prompt.
TWIDDLE_DIGIT_COLS = (22, 24, 26, 28, 30)
TWIDDLE_DONE_COL = 35

TYPE_LABELS = "4HFS3PP"
HIGH_LABELS = "AKQJT98"
LOW_LABELS = "765432"
#: Which top-row letters a category lights (index into TYPE_LABELS).
TYPE_PEGS = {
    hx.STRAIGHT_FLUSH: (3, 2), hx.FOUR: (0,), hx.FULL_HOUSE: (1,), hx.FLUSH: (2,),
    hx.STRAIGHT: (3,), hx.THREE: (4,), hx.TWO_PAIRS: (5, 6), hx.PAIR: (5,), hx.BUST: (),
    hx.FIVE: (0,),
}

PIG_SHAPES = ("☻", "▲", "■", "☼", "☺", "Ω")
PIG_COLOURS = (0x0C, 0x0B, 0x0E, 0x0D, 0x0A, 0x0F)
DELAYS = (0.0, 0.1, 0.25, 0.5, 1.0, 2.0, 3.0)
DEFAULT_DELAY = 3                     # index into DELAYS: half a second
BANK_PAGE = 14
SUIT_SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
COMPUTER = "COMPUTER"
AFTER_GAME_QUESTION = "Play another game with the same players? (N: players join or leave)"



class QuitGame(Exception):
    """F7 then Y: leave the program."""

@dataclass(frozen=True)
class Look:
    """Every attribute the game uses, chosen for colour or for the MDA on purpose.

    In mono the square cursor is reverse video and the letters of the squares that may be
    taken are bright: they differ by more than brightness.
    """

    title: int
    text: int
    grid: int
    label: int
    panel: int
    panel_hi: int
    card: int
    card_red: int
    card_marked: int
    message: int
    prompt: int
    prompt_key: int
    legend: int
    legend_key: int
    cursor: int
    legal: int
    popup: int
    popup_hi: int
    win: int

    @classmethod
    def for_machine(cls, m: Machine) -> Look:
        a = m.attr
        return cls(
            title=a(0x4F, 0x70), text=a(0x07, 0x07), grid=a(0x06, 0x07),
            label=a(0x08, 0x07), panel=a(0x1F, 0x07), panel_hi=a(0x1E, 0x0F),
            card=a(0x70, 0x70), card_red=a(0x74, 0x70), card_marked=a(0x1E, 0x0F),
            message=a(0x0E, 0x0F), prompt=a(0x07, 0x07), prompt_key=a(0x0F, 0x09),
            legend=a(0x30, 0x70), legend_key=a(0x3F, 0x07), cursor=a(0x0E, 0x70),
            legal=a(0x0A, 0x0F), popup=a(0x3F, 0x70), popup_hi=a(0x3E, 0x07),
            win=a(0x8E, 0x8F),
        )

    def peg(self, mono: bool, pig: int) -> int:
        """A lit label on a square held by the player with pig number ``pig``."""
        return 0x70 if mono else PIG_COLOURS[pig]

    def pig(self, mono: bool, pig: int) -> int:
        return 0x0F if mono else PIG_COLOURS[pig]

    def pig_on(self, mono: bool, pig: int, background: int) -> int:
        """A pig drawn on a panel: its colour over the panel's background."""
        return 0x0F if mono else (PIG_COLOURS[pig] & 0x0F) | (background & 0xF0)


@dataclass
class Seat:
    name: str
    is_computer: bool
    pig: int = 0          # index into PIG_SHAPES / PIG_COLOURS; a player keeps it all along


def name_problem(name: str) -> str | None:
    """What is wrong with a typed player name (shown under the prompt), or None."""
    if computer_request(name) is None:
        return "Names beginning with COMPUTER belong to the computer: choose another."
    if not all(ch.isascii() and ch.isprintable() for ch in name):
        return "Names may hold only plain letters, digits and signs."
    return None


def computer_request(name: str) -> bool | None:
    """Whether a typed name asks for the computer: True for ``COMPUTER`` or ``COMPUTER n``
    (any case, space optional), None for any other name beginning with COMPUTER (kept for
    the computer, refused), False for an ordinary name."""
    words = " ".join(name.split()).upper()
    if not words.startswith(COMPUTER):
        return False
    rest = words[len(COMPUTER):].strip()
    if not rest or rest.isdigit():
        return True
    return None


def fit_number(n: int, width: int) -> str:
    """``n`` right-aligned in ``width`` columns; a number too long for them is shortened
    with k, M, G, T (rounded down, so a balance is never overstated), never cut."""
    text = str(n)
    for suffix, div in (("", 1), ("k", 10**3), ("M", 10**6), ("G", 10**9), ("T", 10**12),
                        ("P", 10**15), ("E", 10**18)):
        text = f"{'-' if n < 0 else ''}{abs(n) // div}{suffix}"
        if len(text) <= width:
            return text.rjust(width)
    return "*" * width


def ordered_cards(cards: tuple[hx.Card, ...] | list[hx.Card]) -> str:
    """Cards most significant first, as poker compares them: sets before kickers."""
    counts: dict[int, int] = {}
    for c in cards:
        counts[c.rank] = counts.get(c.rank, 0) + 1
    order = sorted(cards, key=lambda c: (counts[c.rank], c.rank), reverse=True)
    return " ".join(f"{hx.RANKS[c.rank - 2]}{SUIT_SYMBOLS[c.suit]}" for c in order)


def square_origin(i: int) -> tuple[int, int]:
    """Top-left inner cell of square ``i``."""
    return BOARD_ROW + 1 + CELL_H * (i // 4), BOARD_COL + 1 + CELL_W * (i % 4)


def square_at(row: int, col: int) -> int | None:
    """The square under a screen cell (its inside or its top border), if any."""
    dr, dc = row - BOARD_ROW, col - BOARD_COL
    if not (0 <= dr < CELL_H * 4 and 0 < dc < CELL_W * 4) or dc % CELL_W == 0:
        return None
    return (dr // CELL_H) * 4 + dc // CELL_W


def square_name(i: int) -> str:
    return "ABCDEFGHIJKLMNOP"[i]


def rank_text(rank: int) -> str:
    return "10" if rank == 10 else hx.RANKS[rank - 2]


def pegged_ranks(cls: int) -> set[int]:
    """The ranks a square lights on its second and third rows."""
    cat = hx.class_category(cls)
    ranks = hx.class_ranks(cls)
    match cat:
        case hx.FULL_HOUSE:
            return {ranks[0], ranks[3]}
        case hx.TWO_PAIRS:
            return {ranks[0], ranks[2]}
        case _:
            return {ranks[0]}


