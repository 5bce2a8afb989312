"""Pig Poker on the retro machine: player entry, the board, twiddling, pop-ups and the bank.

Screen plan (rows 0-24)::

    0      title bar
    1-21   the 4x4 board (left, columns 1-33); players (rows 1-8), the hand and die
           (rows 9-17) and table information (rows 18-21) on the right
    22     messages          23  prompts (clickable digits while twiddling)
    24     function-key legend, the game delay at the lower right

The rules live in ``rules``; this module only draws, reads keys and clicks, and keeps the
bank up to date.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from retro.events import Click, Event, Key, Quit
from retro.games.pigpoker import ai
from retro.games.pigpoker import hands as hx
from retro.games.pigpoker import help as helptext
from retro.games.pigpoker import rules as r
from retro.games.pigpoker.bank import Bank, BankError
from retro.machine import Machine

# -- layout --------------------------------------------------------------------------------

BOARD_ROW, BOARD_COL = 1, 1           # top-left corner of the grid
CELL_H, CELL_W = 5, 8                 # grid pitch: 4 rows (+1 line) by 7 columns (+1 line)
PLAYERS_ROW, HAND_ROW, INFO_ROW = 1, 9, 18
PLAYERS_H = 8                         # the Players box: top edge, six players, bottom edge
PANEL_COL, PANEL_W = 35, 45
CARD_ROW, CARD_COL, CARD_STEP = 11, 37, 7
DIE_COL = 73
MSG_ROW, PROMPT_ROW, LEGEND_ROW = 22, 23, 24
#: Columns of the clickable "1".."5" and "0" in the twiddle prompt.
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
BORDER_COLOURS = 16
BANK_PAGE = 14
SUIT_SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
COMPUTER = "COMPUTER"
AFTER_GAME_PROMPT = "Play another game with the same players?  Y/N   (N: join or leave)"


class _QuitGame(Exception):
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


class PigPokerScreen:
    """The whole program's state between keys."""

    def __init__(self, m: Machine) -> None:
        self.m = m
        self.s = m.screen
        self.look = Look.for_machine(m)
        self.bank = Bank(m.store)
        self.seats: list[Seat] = []
        self.options = r.Options()
        self.game: r.Game | None = None
        self.delay_index = DEFAULT_DELAY
        self.demo = False
        self.demo_game = False        # demo was on during this game: it stays off the bank
        self.cursor = 5
        self.marks: list[int] = []
        self.first_seat = 0
        self.mode = "entry"
        self.message = ""
        self.players_ai: dict[int, ai.ExactPlayer] = {}
        # The rules get their own stream, seeded from the machine's, so screens that use
        # randomness never shift the deal.
        self.rules_rng = random.Random(m.rng.getrandbits(64))

    # -- the published state -------------------------------------------------------------

    def state(self) -> dict[str, Any]:
        if self.game is not None:
            data = self.game.state()
        else:
            data = {
                "phase": "entry", "players": [
                    {"name": s.name, "is_computer": s.is_computer,
                     "chips": self._chips(s.name), "pigs": 0} for s in self.seats],
                "turn": None, "turn_number": 0, "hand": [], "hand_score": 0, "die": 0,
                "twiddles_left": 0,
                "board": [{"owner": None, "hand": [], "score": 0} for _ in range(16)],
                "options": {"mud_puddle": self.options.mud_puddle,
                            "same_sex": self.options.same_sex},
                "winner": None, "line": [], "payout": [],
            }
        data.update(screen=self.mode, marked=[p + 1 for p in self.marks], cursor=self.cursor,
                    delay=DELAYS[self.delay_index], demo=self.demo,
                    demo_game=self.demo_game, sound=self.m.sound,
                    message=self.message)
        return data

    def _chips(self, name: str) -> int:
        account = self.bank.find(name)
        return account.chips if account else 0

    # -- running -------------------------------------------------------------------------

    async def run(self) -> None:
        self.m.publish_state(self.state)
        try:
            if self.m.flags.show:
                await self.show()
            while await self.entry():
                while True:
                    await self.play_game()
                    if not await self.after_game():
                        break
        except (_QuitGame, Quit):
            return

    # -- input with the function keys ----------------------------------------------------

    async def key(self) -> Event:
        """The next key or click that is not a function key (those are handled here)."""
        while True:
            event = await self.m.key()
            if not await self.function_key(event):
                return event
            if self.demo and event == Key("F2"):
                return event                    # let the caller hand the seat over

    async def pause(self, seconds: float) -> None:
        """A game-speed delay that still answers the function keys."""
        end = self.m.now() + seconds
        while True:
            event = await self.m.poll()
            if event is not None:
                await self.function_key(event)
            left = end - self.m.now()
            if left <= 0:
                return
            await self.m.sleep(min(left, 0.05))

    async def function_key(self, event: Event) -> bool:
        """Handle F1-F10; returns whether the event was one of them."""
        if not isinstance(event, Key):
            return False
        match event.name:
            case "F1":
                self.m.sound = not self.m.sound
            case "F2":
                self.demo = not self.demo
                if self.demo and self.game is not None and not self.game.over:
                    self.demo_game = True
                self.say("Demo: the computer plays every seat, and demo games never touch "
                         "the bank." if self.demo
                         else "Demo off: players are back at the table.")
                if self.game is not None and self.mode == "game":
                    self.draw_info()
            case "F3":
                await self.hands_popup()
            case "F5":
                await self.help_pages()
            case "F6":
                await self.bank_popup()
            case "F7":
                await self.confirm_quit()
            case "F8":
                self.delay_index = min(self.delay_index + 1, len(DELAYS) - 1)
            case "F9":
                self.delay_index = max(self.delay_index - 1, 0)
            case "F10":
                if self.s.mono:
                    self.m.beep(220, 80)            # no border on a monochrome adapter
                else:
                    self.s.border = (self.s.border + 1) % BORDER_COLOURS
            case _:
                return False
        self.draw_legend()
        return True

    async def confirm_quit(self) -> None:
        saved = self.s.save()
        self.s.box(10, 22, 5, 36, self.look.popup, style="double", title="Quit")
        self.s.center(12, "Leave Pig Poker?  (Y/N)", self.look.popup, 22, 36)
        event = await self.m.key()
        self.s.restore(saved)
        if isinstance(event, Key) and event.name in ("y", "Y"):
            raise _QuitGame

    # -- startup show ----------------------------------------------------------------------

    async def show(self) -> None:
        s, lk = self.s, self.look
        s.clear(lk.text)
        s.box(4, 14, 14, 52, lk.title, style="double")
        s.center(6, "P I G   P O K E R", lk.title, 14, 52)
        s.center(8, "a board game of poker hands for 2 to 6", lk.title, 14, 52)
        mono = s.mono
        for n, shape in enumerate(PIG_SHAPES):
            s.put(11, 25 + 6 * n, shape, lk.pig(mono, n))
        s.center(14, "Four pigs in a line wins the pot.", lk.title, 14, 52)
        s.center(16, "Press any key", lk.title, 14, 52)
        self.m.play("T180 L8 O4 C E G > C4 < G E C4")
        await self.key()

    # -- player entry ------------------------------------------------------------------------

    async def entry(self) -> bool:
        """Seat the players and pick the options; False if nobody is left to play."""
        self.mode, self.game = "entry", None
        self.marks = []
        while True:
            self.draw_entry()
            number = len(self.seats) + 1
            if len(self.seats) >= r.MAX_PLAYERS:
                prompt = "Six players. Enter starts; 1-6 sends a player away: "
            else:
                prompt = f"Player {number} name (COMPUTER for the computer), Enter to start: "
            name = await self.read_line(PROMPT_ROW, prompt, 16)
            if not name:
                if len(self.seats) >= r.MIN_PLAYERS:
                    break
                self.say("At least two players are needed.")
                continue
            if name.isdigit():
                n = int(name)
                if 1 <= n <= len(self.seats):
                    gone = self.seats.pop(n - 1)
                    self.say(f"{gone.name} leaves the table.")
                else:
                    self.say(f"There is no player {n}.")
                continue
            if len(self.seats) >= r.MAX_PLAYERS:
                self.say("Six players is the most. Send one away first (1-6).")
                continue
            self.add_seat(name)
        await self.ask_options()
        return True

    def add_seat(self, name: str) -> None:
        asked = computer_request(name)
        if asked is None:
            self.say("Names beginning with COMPUTER belong to the computer; "
                     "please choose another name.")
            return
        is_computer = asked
        if is_computer:
            # COMPUTER, COMPUTER 2, ...: always the computer, never a person under that name;
            # a typed number is kept when that computer is not seated yet.
            taken = {s.name.upper() for s in self.seats}
            typed = " ".join(name.split()).upper().replace(COMPUTER, "").strip()
            name = f"{COMPUTER} {int(typed)}" if typed and int(typed) > 1 else COMPUTER
            n = 2
            while name in taken:
                name, n = f"{COMPUTER} {n}", n + 1
        if any(s.name.upper() == " ".join(name.split()).upper() for s in self.seats):
            self.say(f"{name} is already at the table.")
            return
        try:
            account = self.bank.open(name)
        except BankError as err:
            self.say(str(err))
            return
        for note in self.bank.messages:
            self.m.notice(note)
        if self.bank.messages:
            self.say(self.bank.messages[-1])
            self.bank.messages.clear()
        else:
            self.say(f"{account.name} sits down with {account.chips} chips.")
        free = [k for k in range(len(PIG_SHAPES)) if k not in {s.pig for s in self.seats}]
        self.seats.append(Seat(account.name, is_computer, free[0]))

    async def ask_options(self) -> None:
        mud = await self.yes_no("Play with the Mud Puddle option? (Y/N) ",
                                self.options.mud_puddle)
        same = await self.yes_no("Play with the Same Sex option? (Y/N) ",
                                 self.options.same_sex)
        self.options = r.Options(mud_puddle=mud, same_sex=same)

    async def yes_no(self, question: str, default: bool) -> bool:
        self.prompt(question + ("[Y] " if default else "[N] "))
        while True:
            event = await self.key()
            if isinstance(event, Key):
                if event.name in ("y", "Y"):
                    return True
                if event.name in ("n", "N"):
                    return False
                if event.name == "ENTER":
                    return default

    async def read_line(self, row: int, prompt: str, limit: int) -> str:
        """Typed text with the cursor, Backspace and Esc (clears); Enter finishes."""
        text = ""
        while True:
            self.prompt(prompt + text)
            col = min(len(prompt) + len(text), 79)
            self.s.move_cursor(row, col, visible=True)
            event = await self.key()
            if not isinstance(event, Key):
                continue
            if event.name == "ENTER":
                self.s.cursor.visible = False
                return text.strip()
            if event.name == "BKSP":
                text = text[:-1]
            elif event.name == "ESC":
                text = ""
            elif event.is_char and event.name.isascii() and event.name.isprintable():
                if len(text) < limit:
                    text += event.name
                else:
                    self.m.beep(220, 60)

    def draw_entry(self) -> None:
        s, lk = self.s, self.look
        self.draw_frame()
        s.box(2, 10, 17, 60, lk.panel, style="double", title="Players at the table")
        s.put(4, 13, "Type each player's name and press Enter. A new name", lk.panel)
        s.put(5, 13, "gets a bank account with 100 chips. COMPUTER gives the", lk.panel)
        s.put(6, 13, "computer a seat (it may take several). Enter alone", lk.panel)
        s.put(7, 13, "starts; a seat number sends that player away.", lk.panel)
        for n in range(r.MAX_PLAYERS):
            row = 9 + n
            s.put(row, 14, f"{n + 1}.", lk.panel)
            if n < len(self.seats):
                seat = self.seats[n]
                s.put(row, 18, PIG_SHAPES[seat.pig], lk.pig_on(s.mono, seat.pig, lk.panel))
                s.put(row, 20, seat.name.ljust(17), lk.panel_hi)
                s.put(row, 38, f"{fit_number(self._chips(seat.name), 10)} chips", lk.panel)
                if seat.is_computer:
                    s.put(row, 55, "(computer)", lk.panel)
        s.put(16, 13, "Options are asked for before the first deal.", lk.panel)
        self.show_message()

    # -- a game --------------------------------------------------------------------------

    async def play_game(self) -> None:
        players = [r.Player(s.name, s.is_computer) for s in self.seats]
        chips = [self.bank.open(s.name).chips for s in self.seats]
        self.game = r.Game(players, self.rules_rng, self.options, chips=chips,
                           first=self.first_seat)
        self.first_seat = (self.first_seat + 1) % len(players)
        self.players_ai = {}
        self.mode = "game"
        self.demo_game = self.demo
        game = self.game
        game.start_turn()
        self.say(f"New game. {self.seats[game.turn].name} starts.")
        while not game.over:
            self.marks = []
            self.draw_game()
            if self.seats[game.turn].is_computer or self.demo:
                await self.computer_turn()
            else:
                await self.human_turn()
        self.marks = []
        self.draw_game()
        if game.phase == r.OVER:
            await self.settle()

    def _ai(self, seat: int) -> ai.ExactPlayer:
        return self.players_ai.setdefault(seat, ai.ExactPlayer())

    async def computer_turn(self) -> None:
        game = self.game
        assert game is not None
        who = self.seats[game.turn].name
        player = self._ai(game.turn)
        await self.pause(self.delay)
        while game.phase == r.TWIDDLE:
            picks = player.twiddle(game)
            if not picks:
                game.stand()
                break
            self.marks = sorted(picks)
            self.say(f"{who} twiddles {len(picks)} card{'s' * (len(picks) > 1)}.")
            self.draw_game()
            await self.pause(self.delay)
            game.twiddle(picks)
            self.m.beep(660, 40)
            self.marks = []
            self.draw_game()
            await self.pause(self.delay)
        await self.place(player.square(game) if game.legal_squares() else None)

    async def human_turn(self) -> None:
        game = self.game
        assert game is not None
        while game.phase == r.TWIDDLE:
            picks = await self.twiddle_prompt()
            if picks is None:                    # drawn, or demo took over
                return
            if picks:
                game.twiddle(picks)
                self.m.beep(660, 40)
                self.say(f"{len(picks)} card{'s' * (len(picks) > 1)} twiddled.")
            else:
                game.stand()
            self.marks = []
            self.draw_game()
        if not game.legal_squares():
            await self.place(None)
            return
        square = await self.square_prompt()
        if square is not None:
            await self.place(square)

    async def place(self, square: int | None) -> None:
        """Pig out on ``square`` (None: nothing can be taken) and say what happened."""
        game = self.game
        assert game is not None
        who = self.seats[game.turn].name
        name = hx.describe_class(game.hand_class)
        if square is None:
            self.say(f"{who}: {name} cannot take any square.")
            self.draw_game()
            await self.pause(self.delay)
            game.pass_turn()
            return
        self.cursor = square
        taken = game.board[square].owner
        seat = game.turn
        game.capture(square)
        note = ""
        if taken is not None and taken != seat:
            note = f" from {self.seats[taken].name}"
        self.say(f"{who} pigs out on {square_name(square)}{note}: {name}, "
                 f"score {game.board[square].score}.")
        self.m.play("T200 L16 O5 C E G")
        self.draw_game()
        await self.pause(self.delay)

    @property
    def delay(self) -> float:
        return DELAYS[self.delay_index]

    async def twiddle_prompt(self) -> list[int] | None:
        """Marks for this round (empty list: stand); None if the turn ended otherwise."""
        game = self.game
        assert game is not None
        self.marks = []
        while True:
            self.draw_hand()
            self.draw_twiddle_prompt()
            event = await self.key()
            if self.demo:
                await self.computer_turn()
                return None
            pick: int | None = None
            match event:
                case Key(ch) if ch in "12345" and len(ch) == 1:
                    pick = int(ch) - 1
                case Key("ESC") | Key("0") | Key("ENTER"):
                    return list(self.marks)
                case Key(ch) if ch in ("q", "Q", "x", "X"):
                    if await self.propose_draw():
                        return None
                case Key("v") | Key("V"):
                    await self.board_popup()
                case Click(row, col, "right") if square_at(row, col) is not None:
                    self.show_square(square_at(row, col))
                case Click(row, col, _) if row == PROMPT_ROW and col in TWIDDLE_DIGIT_COLS:
                    pick = TWIDDLE_DIGIT_COLS.index(col)
                case Click(row, col, _) if row == PROMPT_ROW and col == TWIDDLE_DONE_COL:
                    return list(self.marks)
                case Click(row, col, _) if CARD_ROW <= row <= CARD_ROW + 3 and \
                        CARD_COL <= col < CARD_COL + 5 * CARD_STEP and \
                        (col - CARD_COL) % CARD_STEP < 5:
                    pick = (col - CARD_COL) // CARD_STEP
            if pick is None:
                continue
            if pick in self.marks:
                self.marks.remove(pick)
            elif len(self.marks) < game.twiddles_left:
                self.marks.append(pick)
                self.marks.sort()
            else:
                self.say(f"Only {game.twiddles_left} card"
                         f"{'s' * (game.twiddles_left > 1)} may be twiddled.")
                self.m.beep(220, 80)

    async def square_prompt(self) -> int | None:
        """The square chosen by letter, arrows and Enter, or a click; None if drawn."""
        game = self.game
        assert game is not None
        legal = game.legal_squares()
        if self.cursor not in legal:
            self.cursor = legal[0]
        while True:
            self.draw_board()
            self.show_square(self.cursor)
            self.prompt("Pig out on which square? A-P, arrows and Enter, or click it."
                        "  V: hands", keys="A-P")
            event = await self.key()
            if self.demo:
                self.say("The computer takes over this seat.")
                await self.place(self._ai(game.turn).square(game))
                return None
            choice: int | None = None
            match event:
                case Key(ch) if len(ch) == 1 and ch.upper() in "ABCDEFGHIJKLMNOP":
                    choice = "ABCDEFGHIJKLMNOP".index(ch.upper())
                case Key("UP"):
                    self.cursor = (self.cursor - 4) % 16
                case Key("DOWN"):
                    self.cursor = (self.cursor + 4) % 16
                case Key("LEFT"):
                    self.cursor = self.cursor - 1 if self.cursor % 4 else self.cursor + 3
                case Key("RIGHT"):
                    self.cursor = self.cursor + 1 if self.cursor % 4 != 3 else self.cursor - 3
                case Key("ENTER") | Key(" "):
                    choice = self.cursor
                case Key(ch) if ch in ("q", "Q", "x", "X"):
                    if await self.propose_draw():
                        return None
                case Key("v") | Key("V"):
                    await self.board_popup()
                case Click(row, col, "right"):
                    self.show_square(square_at(row, col))
                case Click(row, col, _):
                    choice = square_at(row, col)
            if choice is None:
                continue
            if choice in legal:
                return choice
            self.cursor = choice
            try:
                game.capture(choice)             # raises with the reason in player's words
            except r.RulesError as err:
                self.say(f"Not {square_name(choice)}: {err}.")
                self.m.beep(220, 120)

    async def propose_draw(self) -> bool:
        """Ask everyone to call the game a draw; True if they all agreed."""
        game = self.game
        assert game is not None
        votes = []
        for seat, player in enumerate(self.seats):
            if seat == game.turn:
                votes.append(True)
            elif player.is_computer:
                votes.append(ai.agrees_to_draw(game, seat))
            else:
                votes.append(await self.yes_no(f"{player.name}, call the game a draw? "
                                               "(Y/N) ", False))
            if not votes[-1]:
                self.say(f"{player.name} wants to play on. No draw.")
                return False
        game.agree_draw(votes)
        self.say("Everyone agrees: the game is a draw and no chips change hands.")
        return True

    async def settle(self) -> None:
        """Pay out through the bank and show who paid whom."""
        game = self.game
        assert game is not None and game.winner is not None
        changes = {self.seats[p].name: d for p, d in enumerate(game.deltas)}
        if self.demo_game:
            # Watching costs nothing: the payout is shown, the bank keeps its balances.
            accounts = {s.name.upper(): self._chips(s.name) for s in self.seats}
        else:
            accounts = {a.name.upper(): a.chips for a in self.bank.settle(changes)}
        self.m.play("T160 L8 O4 G > C E G4 E8 G2")
        winner = self.seats[game.winner].name
        self.say(f"{winner} has four in a row and wins!")
        self.draw_game()
        s, lk = self.s, self.look
        height = 7 + len(self.seats)
        top = HAND_ROW
        s.box(top, PANEL_COL, height, PANEL_W, lk.popup, style="double", title="Payout")
        s.put(top + 1, 38, f"{winner} wins the game.", lk.popup_hi)
        s.put(top + 3, 38, "Player            Pigs  Change      Bank", lk.popup)
        pigs = game.pigs()
        for p, seat in enumerate(self.seats):
            d = game.deltas[p]
            line = (f"{seat.name[:16]:<16}  {pigs[p]:>4}  {d:>+6} "
                    f"{fit_number(accounts.get(seat.name.upper(), 0), 9)}")
            s.put(top + 4 + p, 38, line, lk.popup_hi if p == game.winner else lk.popup)
        in_play = fit_number(sum(game.chips), 20).strip()
        s.put(top + height - 2, 38, f"Chips in play: {in_play}", lk.popup)
        if self.demo_game:
            s.put(top + 2, 38, "Demo game: the bank is not touched.", lk.popup)

    async def after_game(self) -> bool:
        """Another game with the same players (True), or the drop/join step (False).

        The question means what it says: Y (or Enter, or a click on Y) plays again; N goes to
        the player list, where players drop out or join and F7 leaves; Esc gives the same
        answer as N (it throws nothing away: the players stay seated); Q and X, the keys
        that end a game in play, ask whether to leave the program, as F7 does.
        """
        self.mode = "over"
        if self.demo:
            await self.pause(max(self.delay * 4, 1.0))
            return True
        self.m.flush_keys()
        self.prompt(AFTER_GAME_PROMPT, keys="Y")
        no_at = 1 + AFTER_GAME_PROMPT.index("/N") + 1
        self.s.paint(PROMPT_ROW, no_at, 1, 1, self.look.prompt_key)
        while True:
            event = await self.key()
            if self.demo:
                return True
            match event:
                case Key("y") | Key("Y") | Key("ENTER") | Key(" "):
                    return True
                case Key("n") | Key("N") | Key("ESC") | Key("p") | Key("P"):
                    return False
                case Key("q") | Key("Q") | Key("x") | Key("X"):
                    await self.confirm_quit()
                    self.prompt(AFTER_GAME_PROMPT, keys="Y")
                case Click(row, col, _) if row == PROMPT_ROW:
                    at = col - 1
                    if AFTER_GAME_PROMPT.startswith("Y", at):
                        return True
                    if AFTER_GAME_PROMPT.startswith("N", at):
                        return False

    # -- drawing the game screen -----------------------------------------------------------

    def say(self, text: str) -> None:
        self.message = text
        self.show_message()

    def show_message(self) -> None:
        self.s.fill(MSG_ROW, 0, 1, 80, " ", self.look.text)
        self.s.put(MSG_ROW, 1, self.message[:78], self.look.message)

    def prompt(self, text: str, keys: str = "") -> None:
        self.s.fill(PROMPT_ROW, 0, 1, 80, " ", self.look.prompt)
        self.s.put(PROMPT_ROW, 1, text[:78], self.look.prompt)
        if keys and (at := text.find(keys)) >= 0:
            self.s.paint(PROMPT_ROW, 1 + at, 1, len(keys), self.look.prompt_key)
        self.s.cursor.visible = False

    def draw_frame(self) -> None:
        s, lk = self.s, self.look
        s.clear(lk.text)
        s.fill(0, 0, 1, 80, " ", lk.title)
        s.center(0, "P I G   P O K E R", lk.title)
        self.draw_legend()

    def draw_legend(self) -> None:
        s, lk = self.s, self.look
        s.fill(LEGEND_ROW, 0, 1, 80, " ", lk.legend)
        items = [("F1", "Quiet" if self.m.sound else "Sound"),
                 ("F2", "Play" if self.demo else "Demo"), ("F3", "Hands"), ("F5", "Help"),
                 ("F6", "Bank"), ("F7", "Quit"), ("F10", "Border")]
        col = 1
        for keyname, what in items:
            s.put(LEGEND_ROW, col, keyname, lk.legend_key)
            s.put(LEGEND_ROW, col + len(keyname) + 1, what, lk.legend)
            col += len(keyname) + len(what) + 2
        # The delay between game steps, near the lower right as the original showed it.
        s.put(LEGEND_ROW, 67, "F8/F9", lk.legend_key)
        s.put(LEGEND_ROW, 73, f"{DELAYS[self.delay_index]:g}s", lk.legend)

    def draw_game(self) -> None:
        self.draw_frame()
        self.draw_board()
        self.draw_players()
        self.draw_hand()
        self.draw_info()
        self.show_message()
        game = self.game
        if game is not None and not game.over and not (self.seats[game.turn].is_computer
                                                        or self.demo):
            if game.phase == r.TWIDDLE:
                self.draw_twiddle_prompt()
            else:
                self.prompt("")
        else:
            self.prompt("")

    def draw_board(self) -> None:
        s, lk = self.s, self.look
        game = self.game
        assert game is not None
        top, left = BOARD_ROW, BOARD_COL
        for rr in range(5):
            row = top + CELL_H * rr
            first, mid, last = (("┌", "┬", "┐") if rr == 0 else ("└", "┴", "┘") if rr == 4
                                else ("├", "┼", "┤"))
            line = first + ("───────" + mid) * 3 + "───────" + last
            s.put(row, left, line, lk.grid)
        for rr in range(4):
            for dr in range(1, CELL_H):
                for cc in range(5):
                    s.put(top + CELL_H * rr + dr, left + CELL_W * cc, "│", lk.grid)
        legal = set(game.legal_squares()) if game.phase == r.PLACE else set()
        for i in range(16):
            self.draw_square(i, i in legal)
        if game.phase == r.OVER:
            for i in game.line:
                row, col = square_origin(i)
                s.put(row - 1, col + 1, "WIN!", lk.win)
        elif game.phase == r.PLACE and not self.seats[game.turn].is_computer:
            self.draw_cursor(self.cursor)

    def draw_cursor(self, i: int) -> None:
        s, lk = self.s, self.look
        row, col = square_origin(i)
        s.paint(row - 1, col - 1, 1, CELL_W + 1, lk.cursor)
        bottom = row + CELL_H - 1
        if i + 4 < 16:
            # The bottom edge is the top edge of the square below: leave its letter alone.
            s.paint(bottom, col - 1, 1, 1, lk.cursor)
            s.paint(bottom, col + 1, 1, CELL_W - 1, lk.cursor)
        else:
            s.paint(bottom, col - 1, 1, CELL_W + 1, lk.cursor)
        s.paint(row, col - 1, CELL_H - 1, 1, lk.cursor)
        s.paint(row, col + CELL_W - 1, CELL_H - 1, 1, lk.cursor)

    def draw_square(self, i: int, legal: bool) -> None:
        s, lk = self.s, self.look
        game = self.game
        assert game is not None
        sq = game.board[i]
        row, col = square_origin(i)
        s.put(row - 1, col, square_name(i), lk.legal if legal else lk.grid)
        s.put(row, col, TYPE_LABELS, lk.label)
        s.put(row + 1, col, HIGH_LABELS, lk.label)
        s.put(row + 2, col, LOW_LABELS + " ", lk.label)
        s.put(row + 3, col, " " * 7, lk.label)
        if sq.empty:
            return
        seat = sq.owner
        assert seat is not None
        pig = self.seats[seat].pig
        peg = lk.peg(s.mono, pig)
        for k in TYPE_PEGS[hx.class_category(sq.cls)]:
            s.paint(row, col + k, 1, 1, peg)
        for rank in pegged_ranks(sq.cls):
            if rank >= 8:
                s.paint(row + 1, col + 14 - rank, 1, 1, peg)
            else:
                s.paint(row + 2, col + 7 - rank, 1, 1, peg)
        s.put(row + 3, col, PIG_SHAPES[pig], lk.pig(s.mono, pig))
        s.put(row + 3, col + 1, f"{sq.score:>6}", lk.pig(s.mono, pig))

    def draw_players(self) -> None:
        s, lk = self.s, self.look
        game = self.game
        assert game is not None
        # Six rows for six players: the column heads sit on the top edge.
        s.box(PLAYERS_ROW, PANEL_COL, PLAYERS_H, PANEL_W, lk.panel)
        s.put(PLAYERS_ROW, PANEL_COL + 2, " Players ", lk.panel)
        s.put(PLAYERS_ROW, PANEL_COL + 26, " Chips Pigs ", lk.panel)
        pigs = game.pigs()
        for p, seat in enumerate(self.seats):
            row = PLAYERS_ROW + 1 + p
            here = p == game.turn and not game.over
            attr = lk.panel_hi if here else lk.panel
            s.put(row, PANEL_COL + 1, "►" if here else " ", attr)
            s.put(row, PANEL_COL + 3, PIG_SHAPES[seat.pig],
                  lk.pig_on(s.mono, seat.pig, lk.panel))
            s.put(row, PANEL_COL + 5, f"{seat.name[:16]:<16}", attr)
            s.put(row, PANEL_COL + 22, f"{fit_number(game.chips[p], 10)} {pigs[p]:>4}", attr)
            if seat.is_computer:
                s.put(row, PANEL_COL + 38, "comp.", lk.panel)

    def draw_hand(self) -> None:
        s, lk = self.s, self.look
        game = self.game
        assert game is not None
        who = self.seats[game.turn].name
        s.box(HAND_ROW, PANEL_COL, 9, PANEL_W, lk.panel, title=f"{who}'s hand")
        if not game.hand:
            return
        for p, card in enumerate(game.hand):
            col = CARD_COL + CARD_STEP * p
            marked = p in self.marks
            attr = lk.card_marked if marked else (
                lk.card_red if card.suit in "DH" else lk.card)
            face = f"{rank_text(card.rank):>2}{SUIT_SYMBOLS[card.suit]}"
            s.put(CARD_ROW, col, "┌───┐", attr)
            s.put(CARD_ROW + 1, col, f"│{face}│", attr)
            s.put(CARD_ROW + 2, col, "└───┘", attr)
            s.put(CARD_ROW + 3, col + 1, f"{'▲' if marked else ' '}{p + 1} ",
                  lk.panel_hi if marked else lk.panel)
        s.put(CARD_ROW, DIE_COL, "┌───┐", lk.card)
        s.put(CARD_ROW + 1, DIE_COL, f"│ {game.die} │", lk.card)
        s.put(CARD_ROW + 2, DIE_COL, "└───┘", lk.card)
        s.put(CARD_ROW + 3, DIE_COL, " die ", lk.panel)
        cls = game.hand_class
        s.put(CARD_ROW + 4, PANEL_COL + 2, f"{hx.describe_class(cls)[:30]:<30}", lk.panel_hi)
        s.put(CARD_ROW + 4, PANEL_COL + 33, f"Score {hx.class_score(cls):>5}", lk.panel_hi)
        left = game.twiddles_left if game.phase == r.TWIDDLE else 0
        s.put(CARD_ROW + 5, PANEL_COL + 2, f"Twiddles left: {left}   ", lk.panel)

    def draw_info(self) -> None:
        s, lk = self.s, self.look
        game = self.game
        assert game is not None
        opts = [name for on, name in ((self.options.mud_puddle, "Mud Puddle"),
                                      (self.options.same_sex, "Same Sex")) if on]
        s.put(INFO_ROW, PANEL_COL + 1, f"Options: {', '.join(opts) or 'none'}", lk.text)
        s.put(INFO_ROW + 1, PANEL_COL + 1, f"Turn {game.turn_number}", lk.text)
        s.fill(INFO_ROW + 2, PANEL_COL, 1, PANEL_W, " ", lk.text)
        if game.phase == r.DRAWN:
            s.put(INFO_ROW + 2, PANEL_COL + 1, "The game was called a draw.", lk.text)
        elif self.demo_game:
            s.put(INFO_ROW + 2, PANEL_COL + 1, "Demo game: no chips change hands.", lk.text)

    def draw_twiddle_prompt(self) -> None:
        game = self.game
        assert game is not None
        s, lk = self.s, self.look
        self.prompt("")
        s.put(PROMPT_ROW, 1, f"Twiddle up to {game.twiddles_left}:", lk.prompt)
        for p, col in enumerate(TWIDDLE_DIGIT_COLS):
            s.put(PROMPT_ROW, col, str(p + 1),
                  lk.card_marked if p in self.marks else lk.prompt_key)
        s.put(PROMPT_ROW, TWIDDLE_DONE_COL, "0", lk.prompt_key)
        s.put(PROMPT_ROW, TWIDDLE_DONE_COL + 2, "done (or Esc)   Q draw?   V hands",
              lk.prompt)

    # -- the hands pigged out on the board ---------------------------------------------------

    def square_text(self, i: int) -> str:
        """``F: Ann  K♠ K♥ A♦ 9♣ 5♠  One pair, kings``: who holds a square and with what
        cards, in the order poker compares them (so the kickers show)."""
        game = self.game
        assert game is not None
        sq = game.board[i]
        if sq.empty or sq.owner is None:
            return f"{square_name(i)}: empty"
        return (f"{square_name(i)}: {self.seats[sq.owner].name}  {ordered_cards(sq.hand)}  "
                f"{hx.describe_class(sq.cls)}")

    def show_square(self, i: int | None) -> None:
        """The hand on square ``i`` below the table information (right click, the cursor)."""
        s, lk = self.s, self.look
        s.fill(INFO_ROW + 3, PANEL_COL, 1, PANEL_W, " ", lk.text)
        if i is not None and self.game is not None:
            s.put(INFO_ROW + 3, PANEL_COL + 1, self.square_text(i)[:PANEL_W - 1], lk.text)

    async def board_popup(self) -> None:
        """Every hand pigged out on the board, with its cards (V)."""
        game = self.game
        assert game is not None
        s, lk = self.s, self.look
        held = [i for i in range(r.SQUARES) if not game.board[i].empty]
        saved = s.save()
        height = max(len(held), 1) + 5
        s.box(2, 6, height, 68, lk.popup, style="double", title="Hands on the board")
        if not held:
            s.put(4, 9, "No square is held yet.", lk.popup)
        for n, i in enumerate(held):
            sq = game.board[i]
            owner = sq.owner
            assert owner is not None
            pig = self.seats[owner].pig
            s.put(3 + n, 8, f"{square_name(i)} ", lk.popup_hi)
            s.put(3 + n, 10, PIG_SHAPES[pig], lk.pig_on(s.mono, pig, lk.popup))
            line = (f"{self.seats[owner].name[:16]:<16}  {ordered_cards(sq.hand)}  "
                    f"{hx.describe_class(sq.cls)[:25]:<25}{sq.score:>6}")
            s.put(3 + n, 12, line, lk.popup)
        s.put(2 + height - 2, 8, "Cards in the order poker compares them.  Any key: back",
              lk.popup_hi)
        await self.m.key()
        s.restore(saved)

    # -- pop-ups -----------------------------------------------------------------------------

    async def hands_popup(self) -> None:
        s, lk = self.s, self.look
        saved = s.save()
        s.box(3, 2, 17, 76, lk.popup, style="double", title="Poker hands, best first")
        s.put(4, 4, f"{'Hand':<16}{'Example':<11}{'Hands':>10}  {'Chance':<15} Score",
              lk.popup_hi)
        for n, (name, example, count, rule) in enumerate(helptext.HANDS):
            chance = helptext.chance_text(count)
            s.put(6 + n, 4, f"{name:<16}{example:<11}{count:>10,}  {chance:<15} {rule}",
                  lk.popup)
        s.put(16, 4, "An ace counts high or low in a straight: 5 4 3 2 A is the lowest.",
              lk.popup)
        s.put(17, 4, "Suits never break a tie. Counts are out of 2,598,960 hands.", lk.popup)
        s.put(18, 4, "Press any key.", lk.popup_hi)
        await self.m.key()
        s.restore(saved)

    async def help_pages(self) -> None:
        s, lk = self.s, self.look
        saved = s.save()
        page = 0
        while True:
            title, lines = helptext.PAGES[page]
            s.box(1, 0, 23, 80, lk.popup, style="double",
                  title=f"Pig Poker help {page + 1}/{len(helptext.PAGES)}: {title}")
            for n, line in enumerate(lines):
                s.put(3 + n, 3, line, lk.popup)
            s.put(22, 3, "Space or PgDn: next page   - or PgUp: back   Esc: back to the game",
                  lk.popup_hi)
            event = await self.m.key()
            match event:
                case Key(" ") | Key("PGDN") | Key("ENTER") | Key("RIGHT"):
                    if page + 1 < len(helptext.PAGES):
                        page += 1
                    else:
                        break
                case Key("-") | Key("PGUP") | Key("LEFT"):
                    page = max(page - 1, 0)
                case Key("ESC") | Key("F5"):
                    break
        s.restore(saved)

    async def bank_popup(self) -> None:
        s, lk = self.s, self.look
        saved = s.save()
        accounts = self.bank.accounts()
        for note in self.bank.messages:
            self.m.notice(note)
        pages = max(1, -(-len(accounts) // BANK_PAGE))
        page = 0
        while True:
            s.box(2, 14, 20, 52, lk.popup, style="double",
                  title=f"The bank: {len(accounts)} account(s), page {page + 1}/{pages}")
            s.put(3, 17, "Name                      Chips", lk.popup_hi)
            for n, account in enumerate(accounts[page * BANK_PAGE:(page + 1) * BANK_PAGE]):
                s.put(5 + n, 17, f"{account.name:<20}{fit_number(account.chips, 11)}", lk.popup)
            s.put(20, 17, "Space: next page   -: back   Esc: leave", lk.popup_hi)
            event = await self.m.key()
            match event:
                case Key(" "):
                    page = (page + 1) % pages
                case Key("-"):
                    page = (page - 1) % pages
                case Key("ESC") | Key("F6"):
                    break
        s.restore(saved)


async def main(m: Machine) -> None:
    await PigPokerScreen(m).run()
