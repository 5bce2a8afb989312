"""Where things sit on the Yucky Lucky You! screen, their colours and the speaker's tunes.

Screen plan (rows 0-24)::

    0      title bar: name, the rules in force for this hand (and what changes next hand)
    1-4    your hand: label, then cards (boxes up to 19 cards, compact codes beyond)
    5      rule (marks under the cards that may be played, when that option is on)
    6-14   the table: draw pile, discard pile, colour in play, CRY button, score panel
    15     rule
    16-19  the computer's hand (face down unless open hands, demo or the hand is over)
    21-22  what just happened (the latest events)
    23     prompt / status line (questions, typed card, messages)
    24     function keys (toggles name the mode the key switches TO)
"""

from __future__ import annotations

from dataclasses import dataclass

from retro.games.yucky.rules import COLORS

YOUR_LABEL, YOUR_TOP = 1, 2
COMP_LABEL, COMP_TOP = 16, 17
RULES_AT = (5, 15)
HAND_ROWS = 3
BOX_MAX = 19                   # cards shown as 4-column boxes; more go compact
COMPACT_PER_ROW = 26           # 3 rows of 26 codes hold the 72-card limit
DRAW_BOX = (7, 3, 5, 7)        # row, col, height, width
DISCARD_BOX = (7, 12, 5, 7)
COLOR_COL = 22
CRY_BOX = (7, 36, 3, 12)
SCORE_BOX = (6, 52, 9, 27)
EVENT_ROWS, PROMPT_ROW, KEYS_ROW = (21, 22), 23, 24

SHOW_STEP = 0.15               # seconds between the show's dealt cards
COMPUTER_DELAY = 0.8           # seconds the computer "thinks" before a move
DEMO_DELAY = 0.5
#: After the computer's card, the moment you get to call its missing cry before your
#: forced answer to its wild draw four is carried out.
CATCH_MOMENT = 0.8

# Attributes: (colour, mono).
A_TITLE = (0x1F, 0x70)
A_TABLE = (0x07, 0x07)
A_LABEL = (0x0E, 0x0F)
A_RULE = (0x08, 0x07)
A_EVENT = (0x0B, 0x0F)
A_PROMPT = (0x0F, 0x0F)
A_ERROR = (0x0C, 0x0F)
A_KEYS = (0x30, 0x70)
A_KEYNAME = (0x3F, 0x0F)
A_CRY = (0x4E, 0x70)
A_CRY_LIT = (0xCE, 0xF0)       # blinking while the computer is there to be caught
A_SCORE = (0x17, 0x07)
A_SCORE_HEAD = (0x1E, 0x0F)
A_BACK = (0x06, 0x07)
A_BACK_FILL = (0x6E, 0x07)
A_POPUP = (0x70, 0x70)
A_POPUP_SEL = (0x1F, 0x0F)
A_HELP = (0x1F, 0x07)
A_HELP_HEAD = (0x1E, 0x0F)
A_MARK = (0x0E, 0x0F)          # the marks under playable cards

CARD_FACE = {"R": 0x4F, "G": 0x2F, "B": 0x1F, "V": 0x5F, "W": 0x70}
CARD_EDGE = {"R": 0x0C, "G": 0x0A, "B": 0x09, "V": 0x0D, "W": 0x0F}
COLOR_ATTR = {"R": 0x0C, "G": 0x0A, "B": 0x09, "V": 0x0D}
# Mono: numbers and actions in reverse video, wilds intense, edges normal.
MONO_FACE = {"R": 0x70, "G": 0x70, "B": 0x70, "V": 0x70, "W": 0x0F}

SORT_KEY = {code: i for i, code in enumerate(
    [c + r for c in COLORS for r in "0123456789SRD"] + ["WC", "W4"])}

TUNE_SHOW = "T150 L8 O4 C E G >C4 <G E C4 P8 D F A >D4 <A F D4 P8 E G >C E D <B >C2"
TUNE_CRY = "T220 L16 O5 C E G >C"
TUNE_WIN = "T180 L8 O4 G >C E G4 E G2"
TUNE_LOSE = "T120 L8 O3 G F E D C2"
TUNE_CAUGHT = "T200 L16 O2 C C C"
# Short effects for the cards: a snap as a card goes down, a soft tick per card drawn.
PLAY_SOUND = ((880, 18), (1320, 22))
DRAW_SOUND = (330, 40)
DEAL_SOUND = (1200, 15)


@dataclass
class Hot:
    """A clickable area of the screen."""

    row: int
    col: int
    width: int
    value: object
    height: int = 1

    def hit(self, row: int, col: int) -> bool:
        return self.row <= row < self.row + self.height and self.col <= col < self.col + self.width
