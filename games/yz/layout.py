"""YZ's screen plan and its looks: where everything is, and the attributes it is drawn in.

Screen plan (rows 0-24)::

    0      menu bar: GAME  OPTIONS  HELP
    1-23   the scorecard (columns 1-35): labels A1-A6 / B1-B7, one column per player
           the dice (rows 4-8, columns 39-77) with their keys and marks (rows 9-10),
           the ROLL and SELECT ALL buttons (rows 12-14), messages (rows 16-22)
    24     key legend
"""

from __future__ import annotations

from dataclasses import dataclass

from retro.games.yz.rules import BOXES, UPPER

MENU_ROW, LEGEND_ROW = 0, 24
CARD_TOP, CARD_LEFT, CARD_W = 1, 1, 35
LABEL_COL = 3
PLAYER_COLS = (20, 28)                 # first column of each player's 7-wide score column
COL_W = 7
BOX_ROW: dict[str, int] = {**{b: 4 + i for i, b in enumerate(UPPER)},
                           **{b: 13 + i for i, b in enumerate(BOXES[6:])}}
HEADER_ROW, UPPER_TOTAL_ROW, UPPER_BONUS_ROW = 2, 10, 11
YZ_BONUS_ROW, TOTAL_ROW, CARD_BOTTOM = 20, 22, 23
SEPARATOR_ROWS = (3, 12, 21)

TURN_ROW = 2
DIE_TOP, DIE_W, DIE_H = 4, 7, 5
DIE_COLS = (39, 47, 55, 63, 71)
DIE_KEY_ROW, DIE_MARK_ROW = 9, 10
BUTTON_ROW = 12
ROLL_BUTTON = (42, 12)                 # column, width
SELECT_BUTTON = (58, 16)
MSG_ROW, MSG_COL, MSG_W, MSG_LINES = 16, 38, 41, 7

#: Colour schemes: name, board background, card background.
SCHEMES: tuple[tuple[str, int, int], ...] = (
    ("Green table", 0x2, 0x1),
    ("Blue", 0x1, 0x0),
    ("Teal", 0x3, 0x1),
    ("Gray", 0x7, 0x1),
    ("Black", 0x0, 0x1),
)
#: Dice speeds: name, frames of the rolling animation, seconds per frame.
SPEEDS: tuple[tuple[str, int, float], ...] = (
    ("Fast", 3, 0.03), ("Medium", 6, 0.05), ("Slow", 10, 0.08),
)
PIPS: dict[int, tuple[tuple[int, int], ...]] = {
    1: ((1, 2),), 2: ((0, 0), (2, 4)), 3: ((0, 0), (1, 2), (2, 4)),
    4: ((0, 0), (0, 4), (2, 0), (2, 4)), 5: ((0, 0), (0, 4), (1, 2), (2, 0), (2, 4)),
    6: ((0, 0), (0, 4), (1, 0), (1, 4), (2, 0), (2, 4)),
}
PIP = "•"


@dataclass(frozen=True)
class Look:
    """Every attribute the game uses, chosen for colour or for the MDA on purpose."""

    board: int
    frame: int
    label: int
    score: int
    preview: int
    header: int
    header_now: int
    total: int
    die: int
    die_marked: int
    key: int
    button: int
    button_off: int
    message: int
    menu: int
    menu_hot: int
    menu_sel: int
    popup: int
    popup_hi: int
    popup_sel: int
    legend: int


def make_look(scheme: int, mono: bool) -> Look:
    if mono:
        # The MDA has no bright text on reverse video, so the menus are normal text with
        # intense hot letters (as the help calls them bright) and a reverse selection bar.
        return Look(board=0x07, frame=0x07, label=0x07, score=0x0F, preview=0x01,
                    header=0x07, header_now=0x70, total=0x0F, die=0x70, die_marked=0x0F,
                    key=0x0F, button=0x70, button_off=0x07, message=0x0F, menu=0x07,
                    menu_hot=0x0F, menu_sel=0x70, popup=0x07, popup_hi=0x0F, popup_sel=0x70,
                    legend=0x70)
    _, bg, card = SCHEMES[scheme]
    on_board = bg << 4
    on_card = card << 4
    light = bg == 0x7
    # On the light gray board, dice and buttons drawn black on gray would merge into it:
    # there the dice are black with white pips and the buttons white on blue.
    return Look(board=on_board | (0x00 if light else 0x07),
                frame=on_card | 0x07, label=on_card | 0x0B, score=on_card | 0x0F,
                preview=on_card | 0x0A,
                header=on_card | 0x0E, header_now=0x3F if card != 3 else 0x5F,
                total=on_card | 0x0E, die=0x0F if light else 0x70,
                die_marked=0x4F if light or not bg else 0x0F,
                key=on_board | (0x01 if light else 0x0E),
                button=0x1F if light else 0x70, button_off=0x18 if light else 0x78,
                message=on_board | (0x04 if light else 0x0E) if bg != 0x4 else 0x4F,
                menu=0x70, menu_hot=0x74, menu_sel=0x1F, popup=0x1F, popup_hi=0x1E, popup_sel=0x70,
                legend=0x70)
