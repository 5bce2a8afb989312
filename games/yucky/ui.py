"""Yucky Lucky You! on the retro machine: the table, the prompts, the keys and the mouse.

Screen plan (rows 0-24)::

    0      title bar: name, options in force
    1-4    your hand: label, then cards (boxes up to 19 cards, compact codes beyond)
    5      rule
    6-14   the table: draw pile, discard pile, colour in play, CRY button, score panel
    15     rule
    16-19  the computer's hand (face down unless open hands, demo or the hand is over)
    21-22  what just happened (the latest events)
    23     prompt / status line (questions, typed card, messages)
    24     function keys (toggles name the mode the key switches TO)
"""

from __future__ import annotations

import contextlib
import random
import textwrap
from dataclasses import dataclass

from retro.events import Click, Event, Key, Quit
from retro.games.yucky import scorefile
from retro.games.yucky.ai import LAPSE, Computer
from retro.games.yucky.help import PAGES
from retro.games.yucky.rules import (
    COLOR_NAMES,
    COLORS,
    COMPUTER,
    DEFAULT_GAME_POINT,
    DRAW,
    GIVE_UP,
    MATCH_GAMES,
    MAX_GAME_POINT,
    MIN_GAME_POINT,
    PASS,
    YOU,
    Card,
    CardError,
    Catch,
    Game,
    IllegalMove,
    Match,
    Move,
    NameColor,
    Options,
    Phase,
    Play,
    Respond,
    Round,
    parse_card,
)
from retro.machine import Machine

# -- layout ----------------------------------------------------------------------------------

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
BORDERS = 16

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


class NewGame(Exception):
    """F8: abandon the game and start a new one."""


class QuitProgram(Exception):
    """F9: leave the program."""


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


class YuckyScreen:
    """The whole program: its settings, the match in progress and the screen."""

    def __init__(self, m: Machine) -> None:
        self.m = m
        self.s = m.screen
        self.rng = random.Random(m.rng.getrandbits(64))
        self.computer = Computer(random.Random(m.rng.getrandbits(64)), lapse=LAPSE)
        self.stand_in = Computer(random.Random(m.rng.getrandbits(64)), lapse=LAPSE)
        self.long_game = False
        self.open_hands = False
        self.multiple_draw = False
        self.replay_ask = False
        self.demo = False
        self.game_point = DEFAULT_GAME_POINT
        self.match = Match()
        self.game: Game | None = None
        self.round: Round | None = None
        self.hand_no = 0
        self.last_deal: tuple[int, int, Options] | None = None
        self.stage = "show"
        self.event_text = ""
        self.status = ""
        self.status_attr = A_PROMPT
        self.typed = ""
        self.cry_armed = False
        self.reveal = False
        self.hots: list[Hot] = []
        self.prompt_hots: list[Hot] = []
        self._seen = 0
        self.in_popup = False
        m.publish_state(self.state)

    # -- attributes -----------------------------------------------------------------------

    def a(self, pair: tuple[int, int]) -> int:
        return self.m.attr(*pair)

    # -- state for --state -------------------------------------------------------------------

    def state(self) -> dict:
        r = self.round
        if r is not None:
            data = r.state()
        else:
            data = {"turn": None, "dealer": None, "hands": {"you": [], "computer": []},
                    "discard": [], "draw_pile": 0, "color": None, "drawn": None,
                    "uncried": None, "winner": None, "points": 0}
        data["phase"] = str(r.phase) if r is not None and self.stage == "play" else self.stage
        scores = self.game.scores if self.game else [0, 0]
        data["scores"] = {"you": scores[YOU], "computer": scores[COMPUTER]}
        data["games"] = {"you": self.match.games[YOU], "computer": self.match.games[COMPUTER]}
        data["game_point"] = self.game.target if self.game else self.game_point
        data["hand_number"] = self.hand_no
        data["options"] = {"long_game": self.long_game, "open_hands": self.open_hands,
                           "multiple_draw": self.multiple_draw, "replay_hand": self.replay_ask,
                           "demo": self.demo, "sound": self.m.sound}
        data["cry_armed"] = self.cry_armed
        data["message"] = self.event_text
        data["status"] = self.status
        return data

    # -- input -------------------------------------------------------------------------------

    async def event(self, timeout: float | None = None) -> Event | None:
        """The next key or click, after the hot keys had their say.

        Hot keys are handled here and still returned, so a waiting loop can notice (demo
        mode switched on, say).  With a timeout, None once it has passed.
        """
        deadline = None if timeout is None else self.m.now() + timeout
        while True:
            if deadline is None:
                ev = await self.m.key()
            else:
                left = deadline - self.m.now()
                if left <= 0:
                    return None
                ev = await self.m.key(timeout=left)
                if ev is None:
                    return None
            if isinstance(ev, Key) and await self.hot_key(ev.name):
                return ev
            return ev

    async def hot_key(self, name: str) -> bool:
        """Carry out a function key; True if ``name`` was one."""
        match name:
            case "F1":
                self.m.sound = not self.m.sound
                self.say_status("Sound on." if self.m.sound else "Sound off.")
            case "F2":
                self.demo = not self.demo
                self.say_status("Demo: the computer plays both hands. F2 to take over."
                                if self.demo else "Demo over: your cards again.")
            case "F3":
                if not self.in_popup:
                    await self.options_menu()
            case "F5":
                if not self.in_popup:
                    await self.help_pages()
            case "F6":
                self.replay_ask = not self.replay_ask
                self.say_status("You will be asked to replay each hand." if self.replay_ask
                                else "No more replay questions.")
            case "F8":
                raise NewGame
            case "F9":
                raise QuitProgram
            case "F10":
                if self.s.mono:
                    self.m.beep(220, 80)
                    self.say_status("A mono display has no border colour.")
                else:
                    self.s.border = (self.s.border + 1) % BORDERS
            case _:
                return False
        self.draw()
        return True

    async def pause(self, seconds: float) -> None:
        """Let time pass while the computer acts; Enter or the CRY button can catch it."""
        deadline = self.m.now() + seconds
        while True:
            left = deadline - self.m.now()
            if left <= 0:
                return
            ev = await self.event(left)
            if ev is None:
                return
            if self.is_cry(ev) and self.round and self.round.uncried == COMPUTER \
                    and not self.demo:
                self.apply(Catch(YOU))
                self.draw()

    def is_cry(self, ev: Event) -> bool:
        if isinstance(ev, Key):
            return ev.name == "ENTER"
        return ev.button == "left" and self.hit(ev, self.hots) == "cry"

    @staticmethod
    def hit(ev: Click, hots: list[Hot]) -> object:
        for hot in hots:
            if hot.hit(ev.row, ev.col):
                return hot.value
        return None

    async def ask_yes_no(self, question: str, default: bool | None = None) -> bool:
        """Y/N: keys Y and N, the right mouse button yes and the left one no."""
        self.say_status(f"{question} (Y/N)", A_PROMPT)
        self.draw()
        while True:
            ev = await self.event()
            match ev:
                case Key(ch) if ch.upper() == "Y":
                    return True
                case Key(ch) if ch.upper() == "N":
                    return False
                case Key("ESC") | Key("ENTER") if default is not None:
                    return default
                case Click(_, _, "right"):
                    return True
                case Click(_, _, "left"):
                    return False
                case Key(name) if name.startswith("F"):
                    self.say_status(f"{question} (Y/N)", A_PROMPT)
                    self.draw()

    async def ask_color(self, why: str) -> str | None:
        """A colour by its letter or a click on it; None if Esc takes the card back."""
        while True:
            self.status = ""
            self.draw()
            self.prompt_colors(why)
            ev = await self.event()
            match ev:
                case Key(ch) if ch.upper() in COLORS:
                    return ch.upper()
                case Key("ESC"):
                    return None
                case Click(row, col, "left"):
                    for hot in self.prompt_hots:
                        if hot.hit(row, col):
                            return str(hot.value)
                case Key(name) if len(name) > 1 and name.startswith("F"):
                    continue            # a hot key did its work
            self.m.beep(220, 80)

    def prompt_colors(self, why: str) -> None:
        row = PROMPT_ROW
        self.s.fill(row, 0, 1, 80, " ", self.a(A_TABLE))
        col = self.s.put(row, 1, why, self.a(A_PROMPT)) + 2
        self.prompt_hots = []
        for color in COLORS:
            name = COLOR_NAMES[color].upper()
            self.s.put(row, col, name[0], self.a((COLOR_ATTR[color], 0x09)))
            self.s.put(row, col + 1, name[1:], self.a((COLOR_ATTR[color], 0x07)))
            self.prompt_hots.append(Hot(row, col, len(name), color))
            col += len(name) + 2
        self.s.put(row, col, "(Esc: take the card back)", self.a(A_TABLE))

    # -- messages ------------------------------------------------------------------------

    def say_status(self, text: str, attr: tuple[int, int] = A_PROMPT) -> None:
        self.status, self.status_attr = text, attr

    def error(self, text: str) -> None:
        self.say_status(text, A_ERROR)
        self.m.beep(150, 180)

    # -- drawing ----------------------------------------------------------------------------

    def draw(self) -> None:
        s = self.s
        s.clear(self.a(A_TABLE))
        s.move_cursor(24, 0, visible=False)
        self.hots = []
        self.draw_title()
        r = self.round
        if r is not None:
            self.draw_hand(YOU)
            s.hline(RULES_AT[0], 0, 80, self.a(A_RULE))
            self.draw_table()
            s.hline(RULES_AT[1], 0, 80, self.a(A_RULE))
            self.draw_hand(COMPUTER)
        self.draw_score()
        self.draw_events()
        self.draw_status()
        self.draw_keys()

    def draw_title(self) -> None:
        s = self.s
        s.fill(0, 0, 1, 80, " ", self.a(A_TITLE))
        s.put(0, 1, "YUCKY LUCKY YOU!", self.a(A_TITLE))
        flags = [name for on, name in ((self.long_game, "Long game"),
                                       (self.open_hands, "Open hands"),
                                       (self.multiple_draw, "Multiple draw"),
                                       (self.demo, "DEMO")) if on]
        text = "  ".join(flags)
        s.put(0, 79 - len(text), text, self.a(A_TITLE))

    def draw_hand(self, seat: int) -> None:
        r = self.round
        assert r is not None
        s = self.s
        cards = r.cards[seat]
        label_row, top = (YOUR_LABEL, YOUR_TOP) if seat == YOU else (COMP_LABEL, COMP_TOP)
        who = "YOUR HAND" if seat == YOU else "COMPUTER'S HAND"
        if seat == YOU and self.demo:
            who = "YOUR HAND (the computer plays it)"
        count = f"{len(cards)} card{'s' if len(cards) != 1 else ''}"
        s.put(label_row, 1, f"{who}  {count}", self.a(A_LABEL))
        if r.dealer == seat:
            s.put(label_row, 79 - 6, "dealer", self.a(A_TABLE))
        if r.turn == seat and r.phase is not Phase.OVER and self.stage == "play":
            s.put(label_row, 0, "\u25ba", self.a(A_LABEL))
        face_up = seat == YOU or self.open_hands or self.demo or self.reveal
        # Shown sorted by colour and rank (a 50-card hand is unreadable otherwise); a click
        # still names the card's place in the hand.
        order = sorted(range(len(cards)), key=lambda i: SORT_KEY[cards[i].code])
        if len(cards) <= BOX_MAX:
            for place, i in enumerate(order):
                card = cards[i]
                col = 1 + place * 4
                self.card_box(top, col, card if face_up else None)
                if seat == YOU:
                    self.hots.append(Hot(top, col, 4, i, height=3))
        else:
            for place, i in enumerate(order[:HAND_ROWS * COMPACT_PER_ROW]):
                card = cards[i]
                row, col = top + place // COMPACT_PER_ROW, 1 + (place % COMPACT_PER_ROW) * 3
                if face_up:
                    s.put(row, col, card.code, self.card_attr(card))
                else:
                    s.put(row, col, "\u2592\u2592", self.a(A_BACK_FILL))
                if seat == YOU:
                    self.hots.append(Hot(row, col, 2, i))

    def card_attr(self, card: Card) -> int:
        return self.m.attr(CARD_FACE[card.color], MONO_FACE[card.color])

    def card_box(self, row: int, col: int, card: Card | None) -> None:
        s = self.s
        if card is None:
            s.box(row, col, 3, 4, self.a(A_BACK), fill=None)
            s.put(row + 1, col + 1, "\u2592\u2592", self.a(A_BACK_FILL))
            return
        edge = self.m.attr(CARD_EDGE[card.color], 0x0F if card.is_wild else 0x07)
        s.box(row, col, 3, 4, edge, fill=None)
        s.put(row + 1, col + 1, card.code, self.card_attr(card))

    def draw_table(self) -> None:
        r = self.round
        assert r is not None
        s = self.s
        row, col, h, w = DRAW_BOX
        s.box(row, col, h, w, self.a(A_BACK), style="double", fill="\u2592")
        s.paint(row + 1, col + 1, h - 2, w - 2, self.a(A_BACK_FILL))
        s.put(row + h, col, "DRAW", self.a(A_LABEL))
        s.put(row + h + 1, col, f"{len(r.draw_pile)} left", self.a(A_TABLE))
        self.hots.append(Hot(row, col, w, "draw", height=h))
        row, col, h, w = DISCARD_BOX
        top = r.top
        edge = self.m.attr(CARD_EDGE[top.color], 0x0F)
        face = self.card_attr(top)
        s.box(row, col, h, w, edge, style="double")
        s.fill(row + 1, col + 1, h - 2, w - 2, " ", face)
        s.put(row + 1, col + 1, top.code, face)
        s.put(row + 2, col + 3, top.code[1] if not top.is_wild else "W", face)
        s.put(row + 3, col + 4, top.code, face)
        s.put(row + h, col, "DISCARD", self.a(A_LABEL))
        s.put(row + h + 1, col, f"{len(r.discard)} down", self.a(A_TABLE))
        s.put(8, COLOR_COL, "COLOUR", self.a(A_LABEL))
        if r.color is not None:
            name = COLOR_NAMES[r.color].upper()
            s.put(10, COLOR_COL, "\u2588\u2588", self.a((COLOR_ATTR[r.color], 0x07)))
            s.put(10, COLOR_COL + 3, name, self.a((COLOR_ATTR[r.color], 0x0F)))
        else:
            s.put(10, COLOR_COL, "to be named", self.a(A_TABLE))
        row, col, h, w = CRY_BOX
        lit = r.uncried == COMPUTER and not self.demo
        cry_attr = self.a(A_CRY_LIT if lit else A_CRY)
        s.box(row, col, h, w, cry_attr)
        s.center(row + 1, "CRY!", cry_attr, col, w)
        self.hots.append(Hot(row, col, w, "cry", height=h))
        s.put(row + h, col, "Enter or click", self.a(A_TABLE))
        if self.cry_armed:
            s.put(row + h + 1, col, "cry is ready", self.a(A_LABEL))
        who = self.turn_text()
        s.put(13, COLOR_COL, who, self.a(A_LABEL))

    def turn_text(self) -> str:
        r = self.round
        if r is None or self.stage != "play":
            return ""
        if r.phase is Phase.OVER:
            return "Hand over"
        if r.phase is Phase.CHALLENGE:
            return "Wild draw four!"
        if r.turn == YOU and not self.demo:
            return "Your turn"
        return "Computer's turn" if r.turn == COMPUTER else "Your hand's turn"

    def draw_score(self) -> None:
        s = self.s
        row, col, h, w = SCORE_BOX
        attr = self.a(A_SCORE)
        s.box(row, col, h, w, attr, title="Score")
        head = self.a(A_SCORE_HEAD)
        s.put(row + 1, col + 2, "              You  Comp", head)
        scores = self.game.scores if self.game else [0, 0]
        s.put(row + 2, col + 2, f"Points     {scores[YOU]:6d} {scores[COMPUTER]:5d}", attr)
        cards = [len(h) for h in self.round.cards] if self.round else [0, 0]
        s.put(row + 3, col + 2, f"Cards      {cards[YOU]:6d} {cards[COMPUTER]:5d}", attr)
        g = self.match.games
        s.put(row + 4, col + 2, f"Games won  {g[YOU]:6d} {g[COMPUTER]:5d}", attr)
        target = self.game.target if self.game else self.game_point
        s.put(row + 5, col + 2, f"Game point {target:6d}", attr)
        s.put(row + 6, col + 2, f"Hand {self.hand_no}", attr)
        s.put(row + 7, col + 2, f"Match: first to {MATCH_GAMES} games", attr)

    def draw_events(self) -> None:
        """The latest events, wrapped on two rows; older words fall off the front."""
        lines = textwrap.wrap(self.event_text, 78)[-len(EVENT_ROWS):]
        for row, text in zip(EVENT_ROWS, lines, strict=False):
            self.s.put(row, 1, text, self.a(A_EVENT))

    def draw_status(self) -> None:
        s = self.s
        s.fill(PROMPT_ROW, 0, 1, 80, " ", self.a(A_TABLE))
        text = self.status
        if self.typed:
            text = f"Card: {self.typed}_   {text}"
        s.put(PROMPT_ROW, 1, text[:78], self.a(self.status_attr))

    def draw_keys(self) -> None:
        s = self.s
        s.fill(KEYS_ROW, 0, 1, 80, " ", self.a(A_KEYS))
        items = (("F1", "Quiet" if self.m.sound else "Sound"),
                 ("F2", "Play" if self.demo else "Demo"),
                 ("F3", "Options"), ("F5", "Help"),
                 ("F6", "NoReplay" if self.replay_ask else "Replay"),
                 ("F8", "New"), ("F9", "Quit"), ("F10", "Border"))
        col = 0
        for key, label in items:
            s.put(KEYS_ROW, col, key, self.a(A_KEYNAME))
            col += len(key) + 1
            s.put(KEYS_ROW, col, label, self.a(A_KEYS))
            col += len(label) + 1

    # -- narration -------------------------------------------------------------------------

    def apply(self, move: Move) -> None:
        """Apply a move to the hand and tell what happened (with sound)."""
        r = self.round
        assert r is not None
        actor = move.by if isinstance(move, Catch) else r.turn
        if actor == YOU:
            self.event_text = ""        # your move starts a fresh account of events
        r.apply(move)
        texts: list[str] = []
        for event in r.events[self._seen:]:
            text = self.describe(event)
            if text:
                texts.append(text)
        self._seen = len(r.events)
        if texts:
            self.event_text = " ".join([self.event_text, *texts]).strip()[-400:]

    def describe(self, event: tuple) -> str:
        kind = event[0]
        name = ("You", "The computer")
        if self.demo:
            name = ("Your hand", "The computer")
        match kind:
            case "play":
                seat, card, color = event[1], event[2], event[3]
                verb = "play" if seat == YOU and not self.demo else "plays"
                if card.is_wild:
                    return f"{name[seat]} {verb} {card.code} for {COLOR_NAMES[color]}."
                return f"{name[seat]} {verb} {card.code}."
            case "color":
                return "" if self.round and self.round.top.is_wild and len(
                    self.round.discard) > 1 else \
                    f"{name[event[1]]} names {COLOR_NAMES[event[2]]}."
            case "draw":
                seat, cards, why = event[1], event[2], event[3]
                self.m.beep(330, 40)
                n = len(cards)
                if n == 0:
                    return f"{name[seat]}: nothing left to draw."
                if why == "turn":
                    if seat == YOU and not self.demo:
                        return f"You draw {cards[0].code}."
                    return f"{name[seat]} draw{'s' if seat or self.demo else ''} a card."
                if why == "cry":
                    return ""           # told with the catch
                verb = "draw" if seat == YOU and not self.demo else "draws"
                reason = {"draw_two": "", "draw_four": "", "challenge": "",
                          "cry": "", "startup": " to start"}[why]
                return f"{name[seat]} {verb} {n}{reason}."
            case "skip":
                who = "You lose" if event[1] == YOU and not self.demo else \
                    f"{name[event[1]]} loses"
                return f"{who} a turn."
            case "reshuffle":
                return "The discard pile is shuffled into a new draw pile."
            case "cry":
                self.m.play(TUNE_CRY)
                return f"{name[event[1]]}: \"YUCKY LUCKY YOU!\""
            case "caught":
                self.m.play(TUNE_CAUGHT)
                target = event[1]
                verb = "draw" if target == YOU and not self.demo else "draws"
                return f"Caught without the cry! {name[target]} {verb} 2."
            case "challenge":
                victim, guilty = event[1], event[2]
                if guilty:
                    return (f"{name[victim]} challenge{'s' if victim else ''} the wild draw four:"
                            f" it was not allowed!")
                return f"{name[victim]} challenge{'s' if victim else ''} in vain."
            case "limit":
                return f"{name[event[1]]} already hold{'s' if event[1] else ''} 72 cards."
            case "out":
                verb = "go" if event[1] == YOU and not self.demo else "goes"
                return f"{name[event[1]]} {verb} out!"
            case "end":
                if event[2] == "giveup":
                    return f"{name[1 - event[1]]} give{'' if event[1] == COMPUTER else 's'} " \
                           "up the hand."
                return "Nobody can play or draw: the lighter hand wins."
            case "startup_w4":
                return "A wild draw four turned up and went back into the pile."
        return ""

    # -- pop-ups -----------------------------------------------------------------------------

    async def options_menu(self) -> None:
        """F3: each option in turn as a Y/N question."""
        self.in_popup = True
        saved_status = (self.status, self.status_attr)
        try:
            items = [("long_game", "Long game: 52 cards each (next deal)"),
                     ("open_hands", "Open hands: show the computer's cards"),
                     ("multiple_draw", "Multiple draw: draw as often as you like"),
                     ("replay_ask", "Replay hand: ask to replay the last hand")]
            for index, (attr, _text) in enumerate(items):
                self.draw()
                self.draw_options_box(items, index)
                current = getattr(self, attr)
                self.say_status("Y or right button: yes   N or left button: no   "
                                "Enter keeps   Esc closes", A_PROMPT)
                self.draw_status()
                answer = await self.option_answer(current)
                if answer is None:
                    break
                setattr(self, attr, answer)
                if attr == "multiple_draw" and self.round is not None \
                        and self.round.phase is Phase.PLAY:
                    self.round.options = Options(self.round.options.long_game, answer)
        finally:
            self.in_popup = False
            self.status, self.status_attr = saved_status
        self.draw()

    async def option_answer(self, current: bool) -> bool | None:
        while True:
            ev = await self.m.key()
            match ev:
                case Key(ch) if ch.upper() == "Y":
                    return True
                case Key(ch) if ch.upper() == "N":
                    return False
                case Key("ENTER"):
                    return current
                case Key("ESC"):
                    return None
                case Click(_, _, "right"):
                    return True
                case Click(_, _, "left"):
                    return False
                case Key("F9"):
                    raise QuitProgram
                case Key("F8"):
                    raise NewGame

    def draw_options_box(self, items: list[tuple[str, str]], current: int) -> None:
        s = self.s
        top, left, height, width = 6, 1, len(items) + 6, 78
        attr = self.a(A_POPUP)
        s.box(top, left, height, width, attr, style="double", title="Options")
        for i, (name, text) in enumerate(items):
            on = getattr(self, name)
            line = f" {text:<66} {'Yes' if on else 'No ':<3} "
            sel = i == current
            s.put(top + 2 + i, left + 2, line, self.a(A_POPUP_SEL) if sel else attr)
            if sel:
                s.put(top + 2 + i, left + 2, "\u25ba", self.a(A_POPUP_SEL))
        s.put(top + height - 3, left + 3, "Open hands and the draw rule apply at once;",
              attr)
        s.put(top + height - 2, left + 3, "the long game starts with the next deal.", attr)

    async def help_pages(self) -> None:
        """F5: the instructions, a page at a time."""
        self.in_popup = True
        saved = self.s.save()
        page = 0
        try:
            while True:
                self.draw_help(page)
                ev = await self.m.key()
                match ev:
                    case Key("PGDN") | Key(" ") | Key("DOWN") | Key("RIGHT") | Key("ENTER") \
                            | Click(_, _, "left"):
                        if page == len(PAGES) - 1:
                            break
                        page += 1
                    case Key("PGUP") | Key("UP") | Key("LEFT") | Click(_, _, "right"):
                        page = max(0, page - 1)
                    case Key("HOME"):
                        page = 0
                    case Key("END"):
                        page = len(PAGES) - 1
                    case Key("ESC") | Key("F5"):
                        break
                    case Key("F9"):
                        raise QuitProgram
        finally:
            # No screen work here: a closed coroutine runs this too, after the run is over.
            self.in_popup = False
        self.s.restore(saved)

    def draw_help(self, page: int) -> None:
        s = self.s
        attr = self.a(A_HELP)
        title, lines = PAGES[page]
        s.clear(attr)
        s.box(0, 0, 25, 80, attr, style="double",
              title=f"How to play Yucky Lucky You! - {page + 1} of {len(PAGES)}")
        s.put(2, 4, title.upper(), self.a(A_HELP_HEAD))
        for i, line in enumerate(lines):
            s.put(4 + i, 4, line, attr)
        s.put(23, 4, "PgDn/Space: next page   PgUp: back   Esc: back to the game",
              self.a(A_HELP_HEAD))

    # -- the start-up show -----------------------------------------------------------------

    async def show(self) -> None:
        """The start-up show: the title, a fan of cards dealt to a tune; any key ends it."""
        s = self.s
        s.clear(self.a(A_TABLE))
        s.border = 0
        title = "Y U C K Y   L U C K Y   Y O U !"
        col = 40 - len(title) // 2
        for i, ch in enumerate(title):
            s.put(5, col + i, ch, self.a((COLOR_ATTR[COLORS[i % 4]], 0x0F)))
        s.center(14, "A card game for you and the computer", self.a(A_LABEL))
        s.center(16, "Match play: the first to win four games", self.a(A_TABLE))
        s.center(22, "F5 at any time for the instructions", self.a(A_TABLE))
        end = self.m.now() + max(self.m.play(TUNE_SHOW), 3.0)
        fan = ["R7", "GS", "BR", "VD", "WC", "W4", "R0", "G9", "BD", "V5"]
        step = 0
        while self.m.now() < end:
            if step < len(fan):
                self.card_box(9, 20 + step * 4, parse_card(fan[step]))
            elif step == len(fan):
                s.center(20, "Press any key to begin", self.a((0x8F, 0x8F)))
            step += 1
            ev = await self.m.key(timeout=min(SHOW_STEP, max(end - self.m.now(), 0.001)))
            if ev is not None:
                self.m.hush()
                if isinstance(ev, Key) and ev.name in ("F1", "F2", "F6", "F9", "F10"):
                    await self.hot_key(ev.name)
                return

    # -- the match file --------------------------------------------------------------------

    def load_match(self) -> None:
        store = self.m.store
        if store is None:
            return
        loaded = store.load_result(scorefile.SCORE_FILE, scorefile.parse)
        match = loaded.value
        if match is None:
            self.match = Match()
            if loaded.damaged:
                self.event_text = ("The match file YUCKY.SCR was damaged and has been put "
                                   "aside; a new match begins.")
                self.m.notice(f"{scorefile.SCORE_FILE} could not be read; a new match begins")
        else:
            self.match = match

    # -- the game ----------------------------------------------------------------------------

    async def run(self) -> None:
        self.load_match()
        if self.m.flags.show:
            await self.show()
        while True:
            try:
                await self.play_game()
                if not self.demo and not await self.ask_yes_no("Play another game?", True):
                    return
            except NewGame:
                self.say_status("Game abandoned: a new game begins.")
                self.round = None
                self.game = None
                continue

    async def ask_game_point(self) -> int:
        """The game point for a new game: typed digits, Enter for the default."""
        if self.demo:
            return self.game_point
        digits = ""
        while True:
            self.draw()
            text = f"Game point ({MIN_GAME_POINT}-{MAX_GAME_POINT}, Enter for " \
                   f"{self.game_point}): {digits}"
            self.s.fill(PROMPT_ROW, 0, 1, 80, " ", self.a(A_TABLE))
            self.s.put(PROMPT_ROW, 1, text, self.a(A_PROMPT))
            self.s.move_cursor(PROMPT_ROW, 1 + len(text), visible=True)
            ev = await self.event()
            match ev:
                case Key(ch) if ch.isdigit() and len(digits) < 4:
                    digits += ch
                case Key("BKSP"):
                    digits = digits[:-1]
                case Key("ESC"):
                    digits = ""
                case Key("ENTER") | Click(_, _, "left"):
                    value = self.game_point if not digits else int(digits)
                    if MIN_GAME_POINT <= value <= MAX_GAME_POINT:
                        self.s.move_cursor(24, 0, visible=False)
                        return value
                    self.error(f"The game point must be {MIN_GAME_POINT} to {MAX_GAME_POINT}.")
                    digits = ""
                case Key("F2") if self.demo:
                    self.s.move_cursor(24, 0, visible=False)
                    return self.game_point
                case Key(name) if len(name) == 1:
                    self.m.beep(220, 60)

    async def play_game(self) -> None:
        self.stage = "game_point"
        self.round = None
        self.hand_no = 0
        self.game = None
        self.draw()
        self.game_point = await self.ask_game_point()
        self.say_status("")
        self.game = Game.start(self.rng, self.game_point)
        while self.game.winner is None:
            await self.play_hand()
        await self.game_over()

    async def play_hand(self) -> None:
        game = self.game
        assert game is not None
        replay = False
        if self.replay_ask and self.last_deal is not None and not self.demo:
            self.stage = "replay_prompt"
            replay = await self.ask_yes_no("Replay the last hand with the same cards?", False)
        if replay and self.last_deal is not None:
            seed, dealer, options = self.last_deal
        else:
            seed, dealer = self.rng.getrandbits(64), game.next_dealer
            options = Options(self.long_game, self.multiple_draw)
            game.next_dealer = 1 - game.next_dealer
        options = Options(options.long_game, self.multiple_draw)
        self.last_deal = (seed, dealer, options)
        self.round = Round.deal(random.Random(seed), dealer, options)
        self.hand_no += 1
        self._seen = 0
        self.reveal = False
        self.cry_armed = False
        self.typed = ""
        self.stage = "play"
        deals = "you deal" if dealer == YOU else "the computer deals"
        self.event_text = f"Hand {self.hand_no}: {deals}."
        self.say_status("")
        self.event_text += " " + self.start_up_text(self.round)
        self._seen = len(self.round.events)
        self.draw()
        for _ in range(6):
            self.m.beep(1200, 15)
        await self.play_moves()
        await self.hand_over()

    def start_up_text(self, r: Round) -> str:
        """What the first upturned card means (the manual's start-up rules)."""
        starter = "you" if r.dealer == COMPUTER else "the computer"
        first = f"{r.top.code} turned up"
        if ("startup_w4",) in r.events:
            first = f"A wild draw four went back into the pile; {r.top.code} turned up"
        if r.top.is_wild:
            return f"{first}: {starter} names the colour."
        if r.top.rank == "D":
            return f"{first}: {starter} draw{'' if starter == 'you' else 's'} 2 and pass" \
                   f"{'' if starter == 'you' else 'es'}."
        if r.top.rank in "SR":
            return f"{first}: {starter} pass{'' if starter == 'you' else 'es'}."
        return f"{first}."

    async def play_moves(self) -> None:
        r = self.round
        assert r is not None
        while r.phase is not Phase.OVER:
            self.draw()
            if r.uncried is not None:
                catcher = 1 - r.uncried
                robot = catcher == COMPUTER or self.demo
                player = self.computer if catcher == COMPUTER else self.stand_in
                if robot and player.wants_catch(r, catcher):
                    await self.pause(DEMO_DELAY)
                    if r.uncried is not None:
                        self.apply(Catch(catcher))
                    continue
            seat = r.turn
            if seat == COMPUTER or self.demo:
                await self.robot_move(seat)
            elif r.phase is Phase.CHALLENGE:
                # The manual leaves you no command to challenge the computer: it never cheats.
                self.apply(Respond(False))
            else:
                await self.your_turn()

    async def robot_move(self, seat: int) -> None:
        r = self.round
        assert r is not None
        await self.pause(DEMO_DELAY if self.demo else COMPUTER_DELAY)
        if r.phase is Phase.OVER or (r.turn != seat) or (seat == YOU and not self.demo):
            return
        player = self.computer if seat == COMPUTER else self.stand_in
        move = player.choose(r, seat)
        self.apply(move)

    async def your_turn(self) -> None:
        r = self.round
        assert r is not None
        while r.turn == YOU and r.phase is not Phase.OVER and not self.demo \
                and r.phase is not Phase.CHALLENGE:
            if r.phase is Phase.START_COLOR:
                color = await self.ask_color("You start: name the colour:")
                if color is not None:
                    self.apply(NameColor(color))
                continue
            if not self.status or self.status_attr == A_PROMPT:
                self.say_status(self.turn_prompt())
            self.draw()
            ev = await self.event()
            if isinstance(ev, Key) and ev.name.startswith("F") and len(ev.name) > 1:
                continue
            self.say_status("")
            await self.your_input(ev)

    def turn_prompt(self) -> str:
        r = self.round
        assert r is not None
        if r.phase is Phase.DRAWN and not r.options.multiple_draw and r.drawn is not None:
            return f"{r.drawn.code} fits and must be played: Space or click it (Enter cries)."
        if r.phase is Phase.DRAWN:
            return "Play a card, Space to draw again, or P to end your turn."
        return "Your turn: type or click a card, Space draws, Enter cries, X gives up."

    async def your_input(self, ev: Event | None) -> None:
        r = self.round
        assert r is not None
        match ev:
            case None:
                return
            case Key("ENTER"):
                self.cry()
            case Click(_, _, "left"):
                # A click elsewhere on the table does nothing.
                target = self.hit(ev, self.hots)
                if target == "cry":
                    self.cry()
                elif target == "draw":
                    await self.draw_or_play_drawn()
                elif isinstance(target, int) and target < len(r.cards[YOU]):
                    self.typed = ""
                    await self.try_play(r.cards[YOU][target])
            case Click(_, _, "right") | Key(" "):
                self.typed = ""
                await self.draw_or_play_drawn()
            case Key("ESC") | Key("BKSP"):
                self.typed = ""
            case Key(ch) if len(ch) == 1:
                await self.typed_key(ch.upper())

    async def typed_key(self, ch: str) -> None:
        r = self.round
        assert r is not None
        if not self.typed:
            if ch in "RGBVW":
                self.typed = ch
            elif ch == "X":
                if await self.ask_yes_no("Give up this hand? The computer wins it."):
                    self.apply(GIVE_UP)
                self.say_status("")
            elif ch == "P" and r.phase is Phase.DRAWN:
                self.try_move(PASS)
            else:
                self.error("Type a card: R, G, B or V and 0-9, S, R or D; or WC, W4.")
            return
        code = self.typed + ch
        self.typed = ""
        try:
            card = parse_card(code)
        except CardError as exc:
            self.error(str(exc))
            return
        if card not in r.cards[YOU]:
            self.error(f"You have no {code}.")
            return
        await self.try_play(card)

    def cry(self) -> None:
        r = self.round
        assert r is not None
        if r.uncried == COMPUTER:
            self.apply(Catch(YOU))
            return
        self.cry_armed = True
        self.m.play(TUNE_CRY)
        self.say_status("You cry YUCKY LUCKY YOU! - now play your card.", A_LABEL)

    async def draw_or_play_drawn(self) -> None:
        r = self.round
        assert r is not None
        if r.phase is Phase.DRAWN and not r.options.multiple_draw and r.drawn is not None:
            await self.try_play(r.drawn)
        else:
            self.try_move(DRAW)

    def try_move(self, move: Move) -> bool:
        try:
            self.apply(move)
        except IllegalMove as exc:
            self.error(str(exc).capitalize() + ".")
            return False
        return True

    async def try_play(self, card: Card) -> None:
        r = self.round
        assert r is not None
        if not r.can_play(card):
            self.error(f"{card.code} does not fit {self.top_text()}.")
            return
        if r.phase is Phase.DRAWN and not r.options.multiple_draw and card != r.drawn:
            self.error(f"After a draw only {r.drawn.code if r.drawn else 'that card'} "
                       "may be played.")
            return
        color = None
        if card.is_wild:
            color = await self.ask_color(f"{card.code}: pick the colour:")
            if color is None:
                self.say_status("")
                return
        if self.try_move(Play(card, color, self.cry_armed)):
            self.cry_armed = False

    def top_text(self) -> str:
        r = self.round
        assert r is not None
        name = COLOR_NAMES[r.color] if r.color else "no colour yet"
        if r.top.is_wild:
            return f"the colour in play ({name})"
        return f"{r.top.code} (colour {name})"

    async def hand_over(self) -> None:
        r = self.round
        game = self.game
        assert r is not None and game is not None
        self.reveal = True
        game.record(r)
        self.stage = "hand_over"
        if r.winner is None:
            text = "Nobody wins this hand."
        elif r.winner == YOU:
            text = f"You win the hand and score {r.points}!"
            self.m.play(TUNE_WIN)
        else:
            text = f"The computer wins the hand and scores {r.points}."
            self.m.play(TUNE_LOSE)
        self.say_status(text + "  Press a key.", A_LABEL)
        self.draw()
        if self.demo:
            await self.pause(2.0)
        else:
            await self.any_key()

    async def any_key(self) -> None:
        while True:
            ev = await self.event()
            if isinstance(ev, Key) and ev.name.startswith("F") and len(ev.name) > 1:
                if self.demo:
                    return
                continue
            return

    async def game_over(self) -> None:
        game = self.game
        assert game is not None and game.winner is not None
        self.stage = "game_over"
        you, comp = game.scores
        counts = not self.demo
        recorded = None
        if counts:  # saved at once, the next match (0-0) if this one is decided
            recorded = scorefile.record_game(self.m.store, game.winner, self.match)
            self.match = recorded.match
        who = "You win" if game.winner == YOU else "The computer wins"
        text = f"{who} the game, {max(you, comp)} to {min(you, comp)}."
        match_over = counts and self.match.winner is not None
        if match_over:
            self.stage = "match_over"
            champion = "You win" if self.match.winner == YOU else "The computer wins"
            g = self.match.games
            text += f" {champion} the match, {max(g)} games to {min(g)}! A new match begins."
        elif not counts:
            text += " (A demo game does not count for the match.)"
        if recorded is not None and recorded.problem:
            text += f" (The match could not be saved: {recorded.problem}.)"
        self.event_text = text
        self.say_status("Press a key.", A_LABEL)
        self.m.play(TUNE_WIN if game.winner == YOU else TUNE_LOSE)
        self.draw()
        if self.demo:
            await self.pause(3.0)
        else:
            await self.any_key()
        if match_over:
            self.match = Match()


async def main(m: Machine) -> None:
    """The program: the show, then games until the player quits (F9 or no more games)."""
    ui = YuckyScreen(m)
    with contextlib.suppress(QuitProgram, Quit):
        await ui.run()
    m.hush()
