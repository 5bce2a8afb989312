"""YZ on the retro machine: menus, the scorecard, the dice, pop-ups and the scoreboard.

Screen plan (rows 0-24)::

    0      menu bar: GAME  OPTIONS  HELP
    1-23   the scorecard (columns 1-35): labels A1-A6 / B1-B7, one column per player
           the dice (rows 4-8, columns 39-77) with their keys and marks (rows 9-10),
           the ROLL and SELECT ALL buttons (rows 12-14), messages (rows 16-22)
    24     key legend

The rules live in ``rules`` and the computer player in ``ai``; this module only draws, reads
keys and clicks, animates the dice and keeps the scoreboard and settings files.
"""

from __future__ import annotations

import contextlib
import random
from collections.abc import Iterator
from dataclasses import dataclass, field

from retro.events import Click, Event, Key, Quit
from retro.games.yz import help as helptext
from retro.games.yz.ai import ComputerPlayer
from retro.games.yz.rules import (
    BOX_NAMES,
    BOXES,
    DICE,
    ROLLS_PER_TURN,
    UPPER,
    Game,
    Phase,
    Rules,
    YZError,
    format_dice,
    is_yz,
)
from retro.games.yz.scoreboard import (
    BOARD_FILE,
    SETTINGS_FILE,
    Scoreboard,
    Settings,
    dump_board,
    dump_settings,
    parse_board,
    parse_settings,
)
from retro.games.yz.solver import Solver, build_steps, load_table, save_table
from retro.machine import Machine
from retro.screen import Saved

# -- layout --------------------------------------------------------------------------------

MENU_ROW, LEGEND_ROW = 0, 24
CARD_TOP, CARD_LEFT, CARD_W = 1, 1, 35
LABEL_COL, LABEL_W = 3, 16
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

#: Menus: title, hot letter index, column of the title, items (label, hot letter, action).
MENUS: tuple[tuple[str, int, tuple[tuple[str, str, str], ...]], ...] = (
    ("Game", 1, (("Start", "S", "start"), ("Exit", "X", "exit"))),
    ("Options", 7, (("Scoreboard", "S", "scoreboard"), ("Colors...", "C", "colors"),
                    ("Dice Speed...", "D", "speed"), ("Sound", "N", "sound"))),
    ("Help", 16, (("Instructions   F5", "I", "help"), ("About YZ", "A", "about"))),
)
MENU_W = 20

#: Colour schemes: name, board background, card background, text colour.
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
COMPUTER = "CPU"
MAX_INITIALS = 3


class _Exit(Exception):
    """GAME / Exit: leave the program."""


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
        return Look(board=0x07, frame=0x07, label=0x07, score=0x0F, preview=0x01,
                    header=0x07, header_now=0x70, total=0x0F, die=0x70, die_marked=0x0F,
                    key=0x0F, button=0x70, button_off=0x07, message=0x0F, menu=0x70,
                    menu_hot=0x70, menu_sel=0x07, popup=0x07, popup_hi=0x0F, popup_sel=0x70,
                    legend=0x70)
    _, bg, card = SCHEMES[scheme]
    on_board = bg << 4
    on_card = card << 4
    light = bg == 0x7
    return Look(board=on_board | (0x00 if light else 0x07),
                frame=on_card | 0x07, label=on_card | 0x0B, score=on_card | 0x0F,
                preview=on_card | 0x0A,
                header=on_card | 0x0E, header_now=0x3F if card != 3 else 0x5F,
                total=on_card | 0x0E, die=0x70, die_marked=0x0F if bg else 0x4F,
                key=on_board | (0x01 if light else 0x0E), button=0x70, button_off=0x78,
                message=on_board | (0x04 if light else 0x0E) if bg != 0x4 else 0x4F,
                menu=0x70, menu_hot=0x74, menu_sel=0x1F, popup=0x1F, popup_hi=0x1E, popup_sel=0x70,
                legend=0x70)


@dataclass
class App:
    """One run of YZ: the settings, the game in progress and the screen."""

    m: Machine
    rules: Rules
    settings: Settings = field(default_factory=Settings)
    game: Game | None = None
    computer: frozenset[int] = frozenset()
    yz_count: list[int] = field(default_factory=list)
    pending: str = ""
    messages: list[str] = field(default_factory=list)
    game_rng: random.Random = field(default_factory=random.Random)
    anim_rng: random.Random = field(default_factory=random.Random)
    _player: ComputerPlayer | None = None   # made on first use (loads or builds a table)

    def __post_init__(self) -> None:
        # Two streams from the one machine stream: the dice the game deals, and the faces
        # shown while they tumble, so the dice speed never changes the game.
        self.game_rng = random.Random(self.m.rng.getrandbits(64))
        self.anim_rng = random.Random(self.m.rng.getrandbits(64))

    @property
    def look(self) -> Look:
        return make_look(self.settings.scheme, self.m.screen.mono)

    # -- drawing -----------------------------------------------------------------------------

    def draw(self) -> None:
        s, lk = self.m.screen, self.look
        s.clear(lk.board)
        s.move_cursor(24, 0, visible=False)
        self.draw_menu_bar()
        self.draw_card()
        self.draw_turn()
        self.draw_dice()
        self.draw_buttons()
        self.draw_messages()
        s.fill(LEGEND_ROW, 0, 1, 80, " ", lk.legend)
        s.put(LEGEND_ROW, 1, "R Roll  1-5 Mark  S Select all  A1-B7 Post  H Hint  "
              "F5 Help  F10 Menu", lk.legend)

    def draw_menu_bar(self, active: int | None = None) -> None:
        s, lk = self.m.screen, self.look
        s.fill(MENU_ROW, 0, 1, 80, " ", lk.menu)
        for i, (title, col, _) in enumerate(MENUS):
            attr = lk.menu_sel if i == active else lk.menu
            s.put(MENU_ROW, col - 1, f" {title} ", attr)
            if i != active:
                s.put(MENU_ROW, col, title[0], lk.menu_hot)
        s.put(MENU_ROW, 74, "YZ", lk.menu)

    def draw_card(self) -> None:
        s, lk = self.m.screen, self.look
        s.box(CARD_TOP, CARD_LEFT, CARD_BOTTOM - CARD_TOP + 1, CARD_W, lk.frame, style="double")
        for col in PLAYER_COLS:
            s.vline(CARD_TOP + 1, col - 1, CARD_BOTTOM - CARD_TOP - 1, lk.frame, 0xB3)
            s.put(CARD_TOP, col - 1, "╤", lk.frame)
            s.put(CARD_BOTTOM, col - 1, "╧", lk.frame)
        for row in SEPARATOR_ROWS:
            s.put(row, CARD_LEFT, "╟" + "─" * (CARD_W - 2) + "╢", lk.frame)
            for col in PLAYER_COLS:
                s.put(row, col - 1, "┼", lk.frame)
        s.put(HEADER_ROW, LABEL_COL, "Box  Category", lk.header)
        for box, row in BOX_ROW.items():
            s.put(row, LABEL_COL, f"{box}  {BOX_NAMES[box]}", lk.label)
        s.put(UPPER_TOTAL_ROW, LABEL_COL, "    Upper total", lk.label)
        s.put(UPPER_BONUS_ROW, LABEL_COL,
              "    Bonus at 63" if self.rules.upper_bonus else "    (no bonus)", lk.label)
        s.put(YZ_BONUS_ROW, LABEL_COL, "    YZ bonus", lk.label)
        s.put(TOTAL_ROW, LABEL_COL, "    TOTAL", lk.total)
        g = self.game
        if g is None:
            return
        for p, name in enumerate(g.players):
            col = PLAYER_COLS[p]
            now = p == g.turn and g.phase is not Phase.OVER
            s.put(HEADER_ROW, col, name.center(COL_W), lk.header_now if now else lk.header)
            card = g.cards[p]
            for box, row in BOX_ROW.items():
                value = card[box]
                if value is not None:
                    s.put(row, col, f"{value:>5}  ", lk.score)
            s.put(UPPER_TOTAL_ROW, col, f"{card.upper_subtotal:>5}", lk.score)
            if self.rules.upper_bonus:
                s.put(UPPER_BONUS_ROW, col, f"{card.upper_bonus(self.rules):>5}", lk.score)
            s.put(YZ_BONUS_ROW, col, f"{card.yz_bonus_points:>5}", lk.score)
            s.put(TOTAL_ROW, col, f"{card.total(self.rules):>5}", lk.total)
        if g.phase is Phase.ROLL and g.roll >= 1 and g.turn not in self.computer:
            col = PLAYER_COLS[g.turn]
            for box, score in g.allowed().items():
                if score:   # a scratch would show 0 in every box: leave those blank
                    s.put(BOX_ROW[box], col, f"{score:>5}", lk.preview)

    def draw_turn(self) -> None:
        s, lk = self.m.screen, self.look
        g = self.game
        if g is None:
            s.put(TURN_ROW, MSG_COL, "No game in progress", lk.board)
            return
        if g.phase is Phase.OVER:
            s.put(TURN_ROW, MSG_COL, "Game over", lk.board)
            return
        who = g.players[g.turn]
        if g.phase is Phase.POSTED:
            line = f"{who} has posted"
        elif g.roll == 0:
            line = f"{who} to roll"
        else:
            line = f"{who}: roll {g.roll} of {ROLLS_PER_TURN}"
        s.put(TURN_ROW, MSG_COL, line, lk.board)

    def draw_die(self, index: int, face: int | None, marked: bool) -> None:
        s, lk = self.m.screen, self.look
        col = DIE_COLS[index]
        attr = lk.die_marked if marked else lk.die
        s.box(DIE_TOP, col, DIE_H, DIE_W, attr, style="single")
        if face is not None:
            for r, c in PIPS[face]:
                s.put(DIE_TOP + 1 + r, col + 1 + c, PIP, attr)
        s.put(DIE_KEY_ROW, col + 3, str(index + 1), lk.key)
        s.put(DIE_MARK_ROW, col + 1, "roll " if marked else "     ", lk.key if marked else lk.board)

    def draw_dice(self) -> None:
        g = self.game
        for i in range(DICE):
            if g is None or not g.dice:
                self.draw_die(i, None, False)
            else:
                self.draw_die(i, g.dice[i], g.marked[i])

    def draw_buttons(self) -> None:
        s, lk = self.m.screen, self.look
        g = self.game
        can_roll = g is not None and g.can_roll() and (
            g.phase is Phase.POSTED or g.roll == 0 or any(g.marked))
        can_select = g is not None and g.phase is Phase.ROLL and 1 <= g.roll < ROLLS_PER_TURN
        for (col, width), label, on in ((ROLL_BUTTON, "ROLL", can_roll),
                                        (SELECT_BUTTON, "SELECT ALL", can_select)):
            attr = lk.button if on else lk.button_off
            s.box(BUTTON_ROW, col, 3, width, attr, style="single")
            s.center(BUTTON_ROW + 1, label, attr, col, width)

    def draw_messages(self) -> None:
        s, lk = self.m.screen, self.look
        s.fill(MSG_ROW, MSG_COL, MSG_LINES, MSG_W, " ", lk.board)
        for i, line in enumerate(self.messages[-MSG_LINES:]):
            s.put(MSG_ROW + i, MSG_COL, line[:MSG_W], lk.message)

    def say(self, *lines: str) -> None:
        self.messages = [ln for text in lines for ln in _wrap(text, MSG_W)]

    # -- pop-ups -------------------------------------------------------------------------------

    def popup(self, title: str, lines: list[str], width: int | None = None,
              footer: str = "") -> tuple[int, int, int]:
        """Draw a centred box with lines of text; returns (top, left, width)."""
        s, lk = self.m.screen, self.look
        width = width or max(len(title) + 6, *(len(ln) + 4 for ln in lines), len(footer) + 4)
        height = len(lines) + 2 + (1 if footer else 0)
        top, left = max(1, (25 - height) // 2), (80 - width) // 2
        s.box(top, left, height, width, lk.popup, style="double", title=title)
        for i, line in enumerate(lines):
            s.put(top + 1 + i, left + 2, line, lk.popup)
        if footer:
            s.center(top + height - 2, footer, lk.popup_hi, left, width)
        return top, left, width

    @contextlib.contextmanager
    def _kept_screen(self, saved: Saved) -> Iterator[None]:
        """Put the screen back after a pop-up or menu, however it ends, except when the
        program itself is being shut down (then the screen stays as the player saw it)."""
        try:
            yield
        except GeneratorExit:
            raise
        except BaseException:
            self._put_back(saved)
            raise
        self._put_back(saved)

    def _put_back(self, saved: Saved) -> None:
        self.m.screen.restore(saved)
        self.m.screen.move_cursor(24, 0, visible=False)

    async def message_box(self, title: str, lines: list[str]) -> None:
        saved = self.m.screen.save()
        self.popup(title, [*lines, ""], footer="Press any key")
        await self.m.key()
        self.m.screen.restore(saved)

    async def choose(self, title: str, options: list[str], current: int) -> int | None:
        """A list to pick from: arrows and Enter, the digits, or a click; Esc cancels."""
        s, lk = self.m.screen, self.look
        saved = s.save()
        lines = [f"{i + 1}  {opt}" for i, opt in enumerate(options)]
        sel = current
        with self._kept_screen(saved):
            while True:
                top, left, width = self.popup(title, [*lines, ""],
                                              footer="Enter: choose   Esc: cancel")
                s.paint(top + 1 + sel, left + 1, 1, width - 2, lk.popup_sel)
                match await self.m.key():
                    case Key("UP"):
                        sel = (sel - 1) % len(options)
                    case Key("DOWN"):
                        sel = (sel + 1) % len(options)
                    case Key("ENTER"):
                        return sel
                    case Key("ESC"):
                        return None
                    case Key(ch) if ch.isdigit() and 1 <= int(ch) <= len(options):
                        return int(ch) - 1
                    case Click(row, col) if (top < row <= top + len(options)
                                             and left < col < left + width - 1):
                        return row - top - 1
                    case Click():
                        return None
                    case _:
                        pass

    async def ask_text(self, title: str, prompt: str, default: str) -> str | None:
        """Initials: up to three letters or digits, Enter to accept, Esc to cancel."""
        s = self.m.screen
        saved = s.save()
        text = ""
        with self._kept_screen(saved):
            while True:
                top, left, _ = self.popup(title, [prompt, "", f"  [{text:<{MAX_INITIALS}}]"],
                                              width=44, footer=f"Enter accepts (empty: {default})")
                s.move_cursor(top + 3, left + 5 + len(text), visible=True)
                match await self.m.key():
                    case Key("ENTER"):
                        return text or default
                    case Key("ESC"):
                        return None
                    case Key("BKSP"):
                        text = text[:-1]
                    case Key(ch) if len(ch) == 1 and ch.isalnum() and ch.isascii():
                        if len(text) < MAX_INITIALS:
                            text += ch.upper()
                    case _:
                        pass

    # -- menus ----------------------------------------------------------------------------------

    async def menu(self, index: int) -> str | None:
        """The menu bar, opened at menu ``index``; returns the chosen action or None."""
        s, lk = self.m.screen, self.look
        saved = s.save()
        sel = 0
        with self._kept_screen(saved):
            while True:
                s.restore(saved)
                self.draw_menu_bar(active=index)
                _, col, items = MENUS[index]
                left = col - 1
                s.box(1, left, len(items) + 2, MENU_W, lk.menu, style="single")
                for i, (label, hot, action) in enumerate(items):
                    attr = lk.menu_sel if i == sel else lk.menu
                    check = "√" if action == "sound" and self.m.sound else " "
                    s.put(2 + i, left + 1, f"{check}{label:<{MENU_W - 3}}", attr)
                    at = label.upper().find(hot)
                    if i != sel and at >= 0:
                        s.put(2 + i, left + 2 + at, label[at], lk.menu_hot)
                event = await self.m.key()
                match event:
                    case Key("LEFT"):
                        index, sel = (index - 1) % len(MENUS), 0
                    case Key("RIGHT"):
                        index, sel = (index + 1) % len(MENUS), 0
                    case Key("UP"):
                        sel = (sel - 1) % len(items)
                    case Key("DOWN"):
                        sel = (sel + 1) % len(items)
                    case Key("ENTER"):
                        return items[sel][2]
                    case Key("ESC") | Key("F10"):
                        return None
                    case Key(ch) if len(ch) == 1:
                        hit = [a for _, hot, a in items if hot == ch.upper()]
                        if hit:
                            return hit[0]
                        titles = [i for i, m in enumerate(MENUS) if m[0][0] == ch.upper()]
                        if titles:
                            index, sel = titles[0], 0
                    case Click(row, c) if row == MENU_ROW:
                        hit_menu = _menu_at(c)
                        if hit_menu is None or hit_menu == index:
                            return None
                        index, sel = hit_menu, 0
                    case Click(row, c) if 2 <= row < 2 + len(items) and left < c < left + MENU_W:
                        return items[row - 2][2]
                    case Click():
                        return None
                    case _:
                        pass

    async def do_action(self, action: str) -> None:
        match action:
            case "start":
                await self.start_game()
            case "exit":
                raise _Exit
            case "scoreboard":
                await self.show_scoreboard()
            case "colors":
                names = [name for name, _, _ in SCHEMES]
                pick = await self.choose("Colors", names, self.settings.scheme)
                if pick is not None:
                    self.settings = Settings(scheme=pick, speed=self.settings.speed)
                    self.save_settings()
                    self.say(f"Colors: {names[pick]}.")
            case "speed":
                names = [name for name, _, _ in SPEEDS]
                pick = await self.choose("Dice Speed", names, self.settings.speed)
                if pick is not None:
                    self.settings = Settings(scheme=self.settings.scheme, speed=pick)
                    self.save_settings()
                    self.say(f"Dice speed: {names[pick]}.")
            case "sound":
                self.m.sound = not self.m.sound
                self.say(f"Sound {'on' if self.m.sound else 'off'}.")
            case "help":
                await self.show_help()
            case "about":
                await self.message_box("About YZ", [
                    "YZ - dice for two players",
                    "A text-mode twin of the 1994 Windows game.",
                    "The computer plays the optimal solitaire",
                    "strategy (best average score).",
                ])

    # -- files ------------------------------------------------------------------------------------

    def load_settings(self) -> None:
        store = self.m.store
        if store is None:
            return
        loaded = store.load(SETTINGS_FILE, parse_settings)
        if loaded is not None and loaded.scheme < len(SCHEMES) and loaded.speed < len(SPEEDS):
            self.settings = loaded

    def save_settings(self) -> None:
        if self.m.store is None:
            return
        try:
            self.m.store.save(SETTINGS_FILE, dump_settings(self.settings))
        except OSError as err:
            self.say(f"Could not save the settings: {err}")

    def _notice_after(self, before: str | None) -> str | None:
        """The store's notice if it gave a new one (it has already reached ``m.notice``)."""
        notice = getattr(self.m.store, "last_notice", None)
        return notice if notice and notice != before else None

    async def _report_bad_board(self, notice: str) -> None:
        await self.message_box("Scoreboard", [
            "The scoreboard file could not be read.",
            "It was kept, moved aside, and a new",
            "scoreboard was started:",
            *_wrap(notice, 52),
        ])

    async def show_scoreboard(self) -> None:
        store = self.m.store
        board = Scoreboard()
        if store is not None:
            before = store.last_notice
            board = store.load(BOARD_FILE, parse_board) or Scoreboard()
            notice = self._notice_after(before)
            if notice:
                await self._report_bad_board(notice)
        lines = ["Player  Games  Wins  High  Average  YZs", "─" * 40]
        rows = board.ranked()
        if not rows:
            lines.append("No games played yet.")
        for ini, st in rows[:12]:
            lines.append(f"{ini:<6}{st.games:>7}{st.wins:>6}{st.high:>6}"
                         f"{st.average:>9.1f}{st.yz:>5}")
        await self.message_box("Scoreboard", lines)

    def record_game(self) -> str | None:
        """Add the finished game to the scoreboard; returns a notice if the file was bad."""
        g, store = self.game, self.m.store
        if g is None or store is None:
            return None
        totals = [c.total(self.rules) for c in g.cards]
        winner = g.winner()
        before = store.last_notice

        def change(board: Scoreboard | None) -> Scoreboard:
            board = board or Scoreboard()
            for p, name in enumerate(g.players):
                board = board.add(name, totals[p], won=winner == p, yz=self.yz_count[p])
            return board

        try:
            store.update(BOARD_FILE, parse_board, change, dump_board)
        except OSError as err:
            self.say(f"Could not save the scoreboard: {err}")
        return self._notice_after(before)

    # -- the game ---------------------------------------------------------------------------------

    def player(self) -> ComputerPlayer:
        assert self._player is not None, "prepare_player() comes first"
        return self._player

    async def prepare_player(self) -> None:
        """Load the strategy table from the program's store or, the first time, compute it
        with its progress on the screen, and keep it there for next time."""
        if self._player is not None:
            return
        store = self.m.store
        table = load_table(store, self.rules) if store is not None else None
        if table is None:
            steps = build_steps(self.rules)
            while True:
                try:
                    fraction = next(steps)
                except StopIteration as done:
                    table = done.value
                    break
                self.say(f"Working out the best strategy (once): {100 * fraction:3.0f}%")
                self.draw_messages()
                await self.m.sleep(0)
            if store is not None:
                try:
                    save_table(store, table)
                except OSError as err:
                    self.say(f"The strategy could not be kept ({err}); it works all the same.")
        assert table is not None
        self._player = ComputerPlayer(Solver(table))

    async def start_game(self) -> None:
        pick = await self.choose("New game", ["Play against the computer", "Two players"], 0)
        if pick is None:
            return
        first = await self.ask_text("New game", "Player 1, type your initials:", "P1")
        if first is None:
            return
        if pick == 0:
            second = COMPUTER if first != COMPUTER else "PC"
        else:
            second = None
            while second is None:
                second = await self.ask_text("New game", "Player 2, type your initials:", "P2")
                if second is None:
                    return
                if second == first:
                    await self.message_box("New game", ["Please pick different initials."])
                    second = None
        assert second is not None, "the loop above ends with a second name"
        self.game = Game(players=(first, second), rules=self.rules)
        self.computer = frozenset({1}) if pick == 0 else frozenset()
        self.yz_count = [0, 0]
        self.pending = ""
        if self.computer:
            await self.prepare_player()
        self.say(f"{first}, press R or click ROLL to start.")

    async def animate(self, indices: list[int]) -> None:
        """The dice tumble: random faces and clicks of the speaker, then the real dice."""
        _, frames, step = SPEEDS[self.settings.speed]
        g = self.game
        assert g is not None
        for _ in range(frames):
            for i in indices:
                self.draw_die(i, self.anim_rng.randint(1, 6), False)
            self.m.beep(180 + 40 * self.anim_rng.randint(0, 10), 12)
            await self.m.sleep(step)
        self.draw_dice()

    async def roll(self) -> None:
        g = self.game
        if g is None:
            await self.start_game()
            return
        if g.phase is Phase.OVER:
            self.say("This game is over. Choose GAME / Start for another.")
            return
        if g.phase is Phase.POSTED and (g.turn + 1) % len(g.players) in self.computer:
            await self.computer_turn()
            return
        if g.phase is Phase.ROLL and g.turn in self.computer:
            await self.computer_turn()
            return
        rolling = [i for i in range(DICE) if g.phase is Phase.POSTED or g.roll == 0
                   or g.marked[i]]
        g.roll_dice(self.game_rng)
        self.pending = ""
        self.draw()
        await self.animate(rolling)
        self.after_roll()

    def after_roll(self) -> None:
        g = self.game
        assert g is not None
        who = g.players[g.turn]
        if g.roll >= ROLLS_PER_TURN:
            self.say(f"{who}: {format_dice(g.dice)}. That was your last roll:",
                     "post to a box (click it or type its label).")
        else:
            self.say(f"{who}: {format_dice(g.dice)}.",
                     "Mark dice to roll again (1-5), or post to a box.")

    async def computer_turn(self) -> None:
        g = self.game
        assert g is not None
        await self.prepare_player()
        player = self.player()
        _, _, step = SPEEDS[self.settings.speed]
        pause = max(0.4, 8 * step)
        g.roll_dice(self.game_rng)
        who = g.players[g.turn]
        self.say(f"{who} rolls.")
        self.draw()
        await self.animate(list(range(DICE)))
        while True:
            advice = player.advise(g)
            await self.m.sleep(pause)
            if advice.box is not None:
                score = g.post(advice.box)
                if is_yz(g.dice):
                    self.yz_count[g.turn] += 1
                self.draw()
                self.say(f"{who} posts {score} in {advice.box} {BOX_NAMES[advice.box]}.")
                break
            for i, held in enumerate(advice.held):
                if not held:
                    g.toggle(i)
            self.say(f"{who} keeps {_kept(g.dice, advice.held)} and rolls again.")
            self.draw()
            await self.m.sleep(pause)
            rolling = [i for i in range(DICE) if g.marked[i]]
            g.roll_dice(self.game_rng)
            self.draw()
            await self.animate(rolling)
        if g.phase is Phase.OVER:
            await self.finish_game()
        else:
            nxt = g.players[(g.turn + 1) % len(g.players)]
            self.say(self.messages[0] if self.messages else "", f"{nxt}: press R or click ROLL.")

    async def post(self, box: str) -> None:
        g = self.game
        if g is None:
            self.say("Start a game first (GAME / Start).")
            return
        if g.phase is Phase.POSTED and g.turn in self.computer:
            self.say("The computer's posting stands.", "Press R or click ROLL for your turn.")
            return
        first_post = g.phase is Phase.ROLL
        before_after = g.phase
        score = g.post(box)
        if first_post and is_yz(g.dice):
            self.yz_count[g.turn] += 1
        who = g.players[g.turn]
        verb = "posts" if before_after is Phase.ROLL else "moves the dice to"
        self.draw()
        if g.phase is Phase.OVER:
            self.say(f"{who} {verb} {box}: {score}.")
            await self.finish_game()
            return
        nxt = g.players[(g.turn + 1) % len(g.players)]
        self.say(f"{who} {verb} {box} {BOX_NAMES[box]}: {score}.",
                 "Click another box to change it, or",
                 f"press R or click ROLL for {nxt}'s turn.")

    async def finish_game(self) -> None:
        g = self.game
        assert g is not None
        self.draw()
        totals = [c.total(self.rules) for c in g.cards]
        winner = g.winner()
        notice = self.record_game()
        if winner is None:
            result = f"A tie at {totals[0]}!"
        else:
            loser = 1 - winner
            result = f"{g.players[winner]} wins {totals[winner]} to {totals[loser]}."
        self.say(result, "GAME / Start for another game.")
        self.draw()
        tune = "T180 L16 O4 C E G > C" if winner not in self.computer else "T120 L8 O3 G E C"
        self.m.play(tune)
        lines = [f"{name:<4} {totals[p]:>5}" for p, name in enumerate(g.players)]
        await self.message_box("Game over", [*lines, "", result])
        if notice:
            await self._report_bad_board(notice)

    async def hint(self) -> None:
        g = self.game
        if g is None or g.phase is Phase.OVER:
            self.say("Hint: start a game from the GAME menu.")
            return
        if g.phase is Phase.POSTED or g.roll == 0:
            self.say("Hint: press R or click ROLL.")
            return
        await self.prepare_player()
        advice = self.player().advise(g)
        if advice.box is not None:
            score = g.allowed()[advice.box]
            self.say(f"Hint: post {score} in {advice.box} {BOX_NAMES[advice.box]}.",
                     f"(expected to finish about {g.card.total(self.rules) + advice.value:.0f})")
        else:
            marks = " ".join(str(i + 1) for i, h in enumerate(advice.held) if not h)
            self.say(f"Hint: keep {_kept(g.dice, advice.held)} and roll dice {marks} again.",
                     f"(expected to finish about {g.card.total(self.rules) + advice.value:.0f})")

    def toggle(self, index: int) -> None:
        g = self.game
        if g is None:
            return
        if g.phase is Phase.POSTED:
            self.say("You have posted: press R or click ROLL to go on.")
            return
        g.toggle(index)

    def select_all(self) -> None:
        g = self.game
        if g is None:
            return
        if g.phase is Phase.POSTED:
            self.say("You have posted: press R or click ROLL to go on.")
            return
        g.select_all()

    # -- input ------------------------------------------------------------------------------------

    async def handle(self, event: Event) -> None:
        match event:
            case Key("F10"):
                action = await self.menu(0)
                if action:
                    await self.do_action(action)
            case Click(row, col) if row == MENU_ROW:
                hit = _menu_at(col)
                if hit is not None:
                    action = await self.menu(hit)
                    if action:
                        await self.do_action(action)
            case Key("F5"):
                await self.show_help()
            case Key("ESC"):
                self.pending = ""
                self.say("")
            case Key(ch) if self.pending and ch in "1234567":
                label = self.pending + ch
                self.pending = ""
                if label not in BOXES:
                    self.say(f"There is no box {label}.")
                else:
                    await self.post(label)
            case Key(ch) if ch.upper() in ("A", "B"):
                self.pending = ch.upper()
                top = 6 if self.pending == "A" else 7
                self.say(f"Post to {self.pending}_: type 1-{top} (Esc cancels).")
            case Key(ch) if ch in "12345" and len(ch) == 1:
                self.toggle(int(ch) - 1)
            case Key("r") | Key("R") | Key(" ") | Key("ENTER"):
                await self.roll()
            case Key("s") | Key("S"):
                self.select_all()
            case Key("h") | Key("H") | Key("?"):
                await self.hint()
            case Click(row, col) if DIE_TOP <= row <= DIE_MARK_ROW and _die_at(col) is not None:
                index = _die_at(col)
                assert index is not None
                self.toggle(index)
            case Click(row, col) if _in_button(row, col, ROLL_BUTTON):
                await self.roll()
            case Click(row, col) if _in_button(row, col, SELECT_BUTTON):
                self.select_all()
            case Click(row, col) if CARD_LEFT < col < CARD_LEFT + CARD_W - 1 and _box_at(row):
                box = _box_at(row)
                assert box is not None
                await self.post(box)
            case _:
                pass

    async def show_help(self) -> None:
        s, lk = self.m.screen, self.look
        saved = s.save()
        page = 0
        with self._kept_screen(saved):
            while True:
                title, lines = helptext.PAGES[page]
                s.box(2, 4, 21, 72, lk.popup, style="double",
                      title=f"YZ help - {title} ({page + 1}/{len(helptext.PAGES)})")
                for i, line in enumerate(lines):
                    s.put(4 + i, 7, line, lk.popup)
                s.center(21, "PgDn/PgUp or arrows: pages    Esc: back to the game",
                         lk.popup_hi, 4, 72)
                match await self.m.key():
                    case Key("PGDN") | Key("DOWN") | Key("RIGHT") | Key(" ") | Key("ENTER"):
                        if page + 1 == len(helptext.PAGES):
                            return
                        page += 1
                    case Key("PGUP") | Key("UP") | Key("LEFT"):
                        page = max(0, page - 1)
                    case Key("ESC") | Key("F5"):
                        return
                    case Click():
                        page = (page + 1) % len(helptext.PAGES)
                    case _:
                        pass

    async def startup_show(self) -> None:
        s, lk = self.m.screen, self.look
        s.clear(lk.board)
        big = (
            "██   ██  ███████",
            " ██ ██       ██ ",
            "  ███      ██   ",
            "   █     ██     ",
            "   █    ███████ ",
        )
        for i, line in enumerate(big):
            s.center(3 + i, line, lk.message)
        s.center(10, "a game of dice for two players", lk.board)
        s.center(21, "Press any key to play", lk.key)
        saved_game = self.game
        self.game = Game(players=("", ""), rules=self.rules)
        self.game.dice = tuple(self.anim_rng.randint(1, 6) for _ in range(DICE))
        for i in range(DICE):
            self.draw_die_at(i, 13, 21 + 8 * i, self.game.dice[i])
        for _ in range(8):
            for i in range(DICE):
                self.draw_die_at(i, 13, 21 + 8 * i, self.anim_rng.randint(1, 6))
            self.m.beep(200 + 30 * self.anim_rng.randint(0, 12), 15)
            await self.m.sleep(0.06)
        for i, face in enumerate((5, 5, 5, 5, 5)):
            self.draw_die_at(i, 13, 21 + 8 * i, face)
        s.center(19, "Five alike: that is a YZ!", lk.board)
        self.m.play("T200 L16 O4 C E G > C")
        self.game = saved_game
        await self.m.key()

    def draw_die_at(self, index: int, row: int, col: int, face: int) -> None:
        s, lk = self.m.screen, self.look
        s.box(row, col, DIE_H, DIE_W, lk.die, style="single")
        for r, c in PIPS[face]:
            s.put(row + 1 + r, col + 1 + c, PIP, lk.die)

    def state(self) -> dict[str, object]:
        options = {
            "upper_bonus": self.rules.upper_bonus,
            "joker": self.rules.joker.value,
            "yz_bonus": self.rules.yz_bonus.value,
            "colors": SCHEMES[self.settings.scheme][0],
            "dice_speed": SPEEDS[self.settings.speed][0],
            "sound": self.m.sound,
        }
        if self.game is None:
            return {"phase": "idle", "turn": None, "players": [], "roll": 0, "dice": [],
                    "held": [], "scorecards": [], "yz_bonus": [], "totals": [],
                    "posted": None, "computer": [], "options": options}
        state = self.game.to_state()
        state["options"] = options
        state["computer"] = sorted(self.computer)
        state["yz_count"] = list(self.yz_count)
        return state


# -- helpers -----------------------------------------------------------------------------------

def _wrap(text: str, width: int) -> list[str]:
    words, lines, line = text.split(" "), [], ""
    for word in words:
        if line and len(line) + 1 + len(word) > width:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    lines.append(line)
    return lines


def _kept(dice: tuple[int, ...], held: tuple[bool, ...]) -> str:
    kept = [str(d) for d, h in zip(dice, held, strict=True) if h]
    return " ".join(kept) if kept else "nothing"


def _menu_at(col: int) -> int | None:
    for i, (title, start, _) in enumerate(MENUS):
        if start - 1 <= col <= start + len(title):
            return i
    return None


def _die_at(col: int) -> int | None:
    for i, start in enumerate(DIE_COLS):
        if start <= col < start + DIE_W:
            return i
    return None


def _in_button(row: int, col: int, button: tuple[int, int]) -> bool:
    start, width = button
    return BUTTON_ROW <= row < BUTTON_ROW + 3 and start <= col < start + width


def _box_at(row: int) -> str | None:
    for box, r in BOX_ROW.items():
        if r == row:
            return box
    return None


async def main(m: Machine) -> None:
    rules = Rules(upper_bonus=m.flags.has("U"))
    app = App(m, rules)
    app.load_settings()
    m.publish_state(app.state)
    try:
        if m.flags.show:
            await app.startup_show()
        app.draw()
        await app.start_game()
        if app.game is None:
            app.say("Choose GAME / Start (F10, or click GAME) to play.")
        while True:
            app.draw()
            event = await m.key()
            try:
                await app.handle(event)
            except YZError as err:
                m.beep(110, 150)
                app.say(str(err))
    except (_Exit, Quit):
        return

