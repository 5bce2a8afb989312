"""The Checkers and Weckers screens: board, side panel, typed and clicked moves, F-keys.

Layout (80x25): the board on the left with row 1 at the top and column 1 at the left, each
square five cells wide and two high (row numbers to the left, column numbers above); the
side panel on the right (game, players, scores, level, whose move, last move, key legend);
the prompt and messages below the board; the delay (speed) at the lower right.
"""

from __future__ import annotations

import contextlib
from dataclasses import replace
from typing import Any

from retro.events import Click, Key, Quit
from retro.games.checkers import engine as E
from retro.games.checkers import rules as R
from retro.games.checkers.board import Geometry
from retro.games.checkers.help import PAGES
from retro.games.checkers.save import SAVE_NAME, Saved, Settings, dump, parse
from retro.machine import Machine

#: Delays the up/down keys step through: least seconds to think, and per hop.
SPEEDS = (0.0, 0.25, 0.5, 1.0, 2.0, 3.0)
#: Colours the pieces cycle through with F6/F9.  The game turns blinking off, so all
#: sixteen colours can be backgrounds; 2 (green) and 7 (grey) are the board's own.
PIECE_COLOURS = (0, 15, 4, 12, 14, 6, 1, 9, 5, 13, 3, 11, 8)
#: Piece colours light enough to need dark digits on them.
LIGHT_COLOURS = frozenset({3, 6, 7, 10, 11, 12, 13, 14, 15})
#: The computer offers a draw after this many plies without a capture or a man moving...
QUIET_PLIES_FOR_OFFER = 40
#: ...when it judges itself no better than this (evaluation units: a man is 100); it also
#: accepts an offer below this.
DRAW_MARGIN = 40
#: Search level used to judge a draw offer (fixed, so the answer is reproducible).
JUDGE_LEVEL = 3

BOARD_TOP = 3
BOARD_LEFT = 4
CELL_W = 5
CELL_H = 2
PANEL_COL = 46
PANEL_W = 32
PROMPT_ROW = 21
MESSAGE_ROW = 22
HINT_ROW = 24

NAMES = {R.BLACK: "Black", R.WHITE: "White"}


class _Leave(Exception):
    """Unwinds to ``main`` to end the program (after saving when asked)."""


class Session:
    """One sitting at the machine: settings, the game in progress, the screen."""

    def __init__(self, m: Machine) -> None:
        self.m = m
        self.s = m.screen
        self.settings = Settings(sound=m.flags.sound)
        self.alt = m.flags.has("A")
        self.options = R.Options()
        self.game: R.Game | None = None
        self.phase = "options"
        self.quiet = 0
        self.typed = ""                     # digits typed for the square being entered
        self.path: list[int] = []           # squares entered so far
        self.message = ""
        self.message_bad = False
        self.aborted = False
        self.owns_save = False              # the saved game on disk is this game's
        self.last_search: dict[str, Any] | None = None
        self.overrides: dict[int, tuple[str, bool, int] | None] = {}  # shown during hops
        m.publish_state(self.state)

    # -- attributes ----------------------------------------------------------------------

    def a(self, colour: int, mono: int) -> int:
        return self.m.attr(colour, mono)

    @property
    def mono(self) -> bool:
        return self.s.mono

    # -- published state -------------------------------------------------------------------

    def state(self) -> dict[str, Any]:
        game = self.game
        opts = game.options if game else self.options
        out: dict[str, Any] = {
            "phase": self.phase,
            "rows": opts.rows,
            "cols": opts.cols,
            "variant": opts.variant,
            "options": {"take_one": opts.take_one, "seven_eleven": opts.seven_eleven,
                        "lite": opts.lite, "game_point": opts.game_point},
            "level": self.settings.level,
            "players": {"black": self.settings.players[R.BLACK],
                        "white": self.settings.players[R.WHITE]},
            "speed": SPEEDS[self.settings.speed],
            "sound": self.m.sound,
            "turn": None, "fen": None, "scores": {"black": 0, "white": 0},
            "history": [], "result": None, "draw_watch": None, "message": self.message,
            "search": self.last_search,
        }
        if game is not None:
            out["turn"] = "black" if game.turn == R.BLACK else "white"
            out["fen"] = R.to_fen(game)
            out["scores"] = {"black": game.scores[0], "white": game.scores[1]}
            out["history"] = list(game.history)
            if game.result is not None:
                winner = game.result.winner
                out["result"] = {"winner": None if winner is None else
                                 ("black" if winner == R.BLACK else "white"),
                                 "reason": game.result.reason}
            if game.draw_watch is not None:
                w = game.draw_watch
                out["draw_watch"] = {"refuser": "black" if w.refuser == R.BLACK else "white",
                                     "bar": w.bar, "moves": w.count}
        return out

    # -- drawing -------------------------------------------------------------------------

    def geom(self) -> Geometry:
        assert self.game is not None
        return self.game.position.geometry

    def draw_all(self) -> None:
        s = self.s
        s.border = self.settings.border
        s.blink = self.mono     # colour: bit 7 gives bright backgrounds (white pieces)
        s.clear(self.a(0x17, 0x07))
        title = " Checkers and Weckers "
        s.fill(0, 0, 1, 80, " ", self.a(0x70, 0x70))
        s.put(0, 1, title, self.a(0x70, 0x70))
        if self.game is not None:
            desc = self.game.options.describe()
            s.put(0, 79 - len(desc), desc, self.a(0x70, 0x70))
            self.draw_frame()
            self.draw_board()
            self.draw_panel()
        self.draw_hint()
        self.draw_prompt()

    def draw_frame(self) -> None:
        g = self.geom()
        s = self.s
        lab = self.a(0x1E, 0x0F)
        s.box(BOARD_TOP - 1, BOARD_LEFT - 1, g.rows * CELL_H + 2, g.cols * CELL_W + 2,
              self.a(0x1F, 0x07), style="double")
        for c in range(1, g.cols + 1):
            s.put(BOARD_TOP - 2, BOARD_LEFT + (c - 1) * CELL_W + 2, str(c), lab)
        for r in range(1, g.rows + 1):
            s.put(BOARD_TOP + (r - 1) * CELL_H, BOARD_LEFT - 3, str(r), lab)

    def draw_board(self) -> None:
        g = self.geom()
        for r in range(1, g.rows + 1):
            for c in range(1, g.cols + 1):
                self.draw_cell(r, c)

    def draw_cell(self, r: int, c: int) -> None:
        assert self.game is not None
        g = self.geom()
        s = self.s
        top = BOARD_TOP + (r - 1) * CELL_H
        left = BOARD_LEFT + (c - 1) * CELL_W
        sq = g.square_at(r, c)
        if sq is None:
            s.fill(top, left, CELL_H, CELL_W, " ", self.a(0x70, 0x00))
            return
        marked = sq in self.path
        if self.mono:
            s.fill(top, left, CELL_H, CELL_W, "▓" if marked else "░", 0x07)
        else:
            s.fill(top, left, CELL_H, CELL_W, " ", 0x10 if marked else 0x20)
        piece = self.overrides[sq] if sq in self.overrides else \
            self.game.position.piece_at(sq)
        if piece is None:
            return
        color, king, weight = piece
        mark_top = "K" if king else " "
        mark_low = str(weight) if weight else " "
        if self.alt:
            # Alternate symbols: the sides differ by their brackets, not by brightness.
            ends = "()" if color == R.BLACK else "[]"
            if self.mono:
                attr = 0x70 if color == R.WHITE else 0x07
            else:
                bg = self.settings.colours[color]
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
        bg = self.settings.colours[color]
        core = (bg << 4) | (0x0 if bg in LIGHT_COLOURS else 0xF)
        s.put(top, left + 1, f" {mark_top} ", core)
        s.put(top + 1, left + 1, f" {mark_low} ", core)

    def draw_panel(self) -> None:
        assert self.game is not None
        game = self.game
        s = self.s
        frame = self.a(0x1B, 0x07)
        text = self.a(0x1F, 0x07)
        hi = self.a(0x1E, 0x0F)
        opts = game.options
        s.box(1, PANEL_COL, 10, PANEL_W, frame, style="double",
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
        s.put(2, PANEL_COL + 2, " ".join(extras), text)
        for i, color in enumerate((R.BLACK, R.WHITE)):
            row = 4 + i
            s.put(row, PANEL_COL + 2, f"{NAMES[color]}:", hi if game.turn == color else text)
            s.put(row, PANEL_COL + 9, self.settings.players[color], text)
            if opts.weighted:
                s.put(row, PANEL_COL + 19, f"score {game.score(color):3d}", hi)
        s.put(7, PANEL_COL + 2, f"Level {self.settings.level}", text)
        s.put(7, PANEL_COL + 14, f"Move {len(game.history) // 2 + 1}", text)
        if game.over:
            status = "Game over"
        elif self.aborted:
            status = "Game abandoned"
        else:
            status = f"{NAMES[game.turn]} to move"
        s.put(8, PANEL_COL + 2, status, hi)
        if game.history:
            s.put(9, PANEL_COL + 2, f"Last: {game.history[-1]}"[:PANEL_W - 4], text)
        self.draw_legend()

    def draw_legend(self) -> None:
        s = self.s
        key = self.a(0x1E, 0x0F)
        text = self.a(0x17, 0x07)
        st = self.settings
        sides = {"keyboard": "computer", "computer": "keyboard"}
        # Toggle legends name what the key switches TO, as on the original.
        items = [
            (11, 0, "F1", "Quit & save"), (11, 17, "F5", "Help"),
            (12, 0, "F2", "Sound " + ("off" if self.m.sound else "on")),
            (12, 17, "F10", "Border"),
            (13, 0, "F3", "White to " + sides[st.players[R.WHITE]]),
            (14, 0, "F4", "Black to " + sides[st.players[R.BLACK]]),
            (15, 0, "F6", "White colour"), (15, 17, "F9", "Black colour"),
            (16, 0, "F7", "Easier"), (16, 17, "F8", "Harder"),
            (17, 0, "D", "Draw"), (17, 17, "R/F", "Resign"),
            (18, 0, "Q/X", "Abandon"), (18, 17, "Esc", "Move now"),
        ]
        for row, col, k, label in items:
            s.put(row, PANEL_COL + col, k, key)
            s.put(row, PANEL_COL + col + 4, label, text)

    def draw_hint(self) -> None:
        s = self.s
        s.fill(HINT_ROW, 0, 1, 80, " ", self.a(0x70, 0x70))
        if self.phase == "options":
            hint = " Enter: play   F5: help   F1: quit"
        else:
            hint = " Type row and column of each square, or click. Esc clears."
        s.put(HINT_ROW, 0, hint, self.a(0x70, 0x70))
        delay = f"Delay {SPEEDS[self.settings.speed]:.2f}s ↑↓ "
        s.put(HINT_ROW, 80 - len(delay), delay, self.a(0x70, 0x70))

    def draw_prompt(self, prompt: str | None = None) -> None:
        s = self.s
        base = self.a(0x17, 0x07)
        s.fill(PROMPT_ROW, 0, 2, 80, " ", base)
        if prompt is None:
            prompt = self.move_prompt()
        s.put(PROMPT_ROW, 1, prompt, self.a(0x1F, 0x0F))
        end = 1 + len(prompt)
        if self.message:
            bad = self.a(0x1C, 0x0F) if self.message_bad else self.a(0x1E, 0x07)
            s.put(MESSAGE_ROW, 1, self.message[:78], bad)
        s.move_cursor(PROMPT_ROW, min(end, 79), visible=self.phase == "input")

    def move_prompt(self) -> str:
        if self.game is None or self.phase != "input":
            return ""
        g = self.geom()
        parts = ["{},{}".format(*g.rc(sq)) for sq in self.path]
        shown = ("-" if len(self.path) < 2 or not self.game.legal_moves()[0].is_capture
                 else "x").join(parts)
        if self.typed:
            shown += ("-" if parts else "") + self.typed
        return f"{NAMES[self.game.turn]}, your move: {shown}"

    def say(self, text: str, bad: bool = False) -> None:
        self.message = text
        self.message_bad = bad
        if bad:
            self.m.beep(220, 120)

    # -- sounds --------------------------------------------------------------------------

    def click_sound(self) -> None:
        self.m.beep(660, 20)

    # -- option screen ---------------------------------------------------------------------

    async def option_screen(self) -> None:
        self.phase = "options"
        self.game = None
        while True:
            self.draw_options()
            ev = await self.m.key()
            o = self.options
            if isinstance(ev, Key):
                name = ev.name.upper() if ev.is_char else ev.name
                try:
                    if name == "ENTER":
                        self.start_new_game()
                        return
                    if name == "R":
                        o = self.reoption(o, rows=14 - o.rows)
                    elif name == "C":
                        o = self.reoption(o, cols=14 - o.cols)
                    elif name == "V":
                        nxt = R.VARIANTS[(R.VARIANTS.index(o.variant) + 1) % len(R.VARIANTS)]
                        o = self.reoption(o, variant=nxt)
                    elif name == "T":
                        o = self.reoption(o, take_one=not o.take_one)
                    elif name == "7":
                        if o.variant != R.WECKERS:
                            raise R.OptionsError("the 7/11 option belongs to Weckers only")
                        o = replace(o, seven_eleven=not o.seven_eleven)
                    elif name == "L":
                        if o.variant == R.STANDARD:
                            raise R.OptionsError("Lite belongs to the Weckers games")
                        o = replace(o, lite=not o.lite)
                    elif name in ("+", "-", "G"):
                        if o.variant != R.WECKERS_TWO:
                            raise R.OptionsError("the game point belongs to Weckers Two")
                        total = R.total_start_weight(o.rows, o.cols, o.take_one)
                        step = -10 if name == "-" else 10
                        point = o.game_point + step
                        if point > total // 10 * 10:
                            point = 10
                        elif point < 10:
                            point = total // 10 * 10
                        o = replace(o, game_point=point)
                    else:
                        await self.common_key(ev)
                        continue
                    self.message = ""
                except R.OptionsError as err:
                    self.say(str(err).capitalize() + ".", bad=True)
                self.options = o

    @staticmethod
    def reoption(o: R.Options, **changes: Any) -> R.Options:
        """Change options, dropping the ones the new choice does not allow."""
        merged = {"rows": o.rows, "cols": o.cols, "variant": o.variant,
                  "take_one": o.take_one, "seven_eleven": o.seven_eleven, "lite": o.lite,
                  "game_point": 0, **changes}
        if merged["variant"] != R.WECKERS:
            merged["seven_eleven"] = False
        if merged["variant"] == R.STANDARD:
            merged["lite"] = False
        return R.Options(**merged)

    def draw_options(self) -> None:
        self.draw_all()
        s = self.s
        o = self.options
        frame = self.a(0x1F, 0x07)
        text = self.a(0x1F, 0x07)
        key = self.a(0x1E, 0x0F)
        dim = self.a(0x17, 0x07)
        s.box(3, 14, 15, 52, frame, style="double", title=" New game ")
        onoff = {True: "on", False: "off"}
        rows = [
            ("R", "Rows", str(o.rows), True),
            ("C", "Columns", str(o.cols), True),
            ("V", "Game", R.VARIANT_NAMES[o.variant], True),
            ("T", "Take-One", onoff[o.take_one], True),
            ("7", "7/11 scoring (Weckers)", onoff[o.seven_eleven], o.variant == R.WECKERS),
            ("L", "Lite (Weckers games)", onoff[o.lite], o.variant != R.STANDARD),
            ("+-", "Game point (Weckers Two)",
             str(o.game_point) if o.variant == R.WECKERS_TWO else "-",
             o.variant == R.WECKERS_TWO),
        ]
        for i, (k, label, value, active) in enumerate(rows):
            row = 5 + i * 1
            s.put(row, 17, k.ljust(3), key if active else dim)
            s.put(row, 21, f"{label} ".ljust(30, "."), text if active else dim)
            s.put(row, 52, value.ljust(12), key if active else dim)
        s.put(13, 17, "Enter", key)
        s.put(13, 23, "start the game", text)
        total = R.total_start_weight(o.rows, o.cols, o.take_one)
        if o.variant != R.STANDARD:
            s.put(14, 17, f"Weights 1 to 6; {total} in all on the board.", dim)
        s.put(15, 17, "Keys F2-F10 work here as during play.", dim)
        self.draw_prompt("")

    def start_new_game(self) -> None:
        self.game = R.new_game(self.options, self.m.rng)
        self.quiet = 0
        self.aborted = False
        self.path = []
        self.typed = ""
        self.message = ""
        self.phase = "play"

    # -- keys that work everywhere -------------------------------------------------------

    async def common_key(self, ev: Key | Click | None) -> str | None:
        """F-keys and speed keys.  Returns ``"players"`` when who-plays-what changed."""
        if not isinstance(ev, Key):
            return None
        st = self.settings
        match ev.name:
            case "F1":
                await self.quit_and_save()
            case "F2":
                self.m.sound = not self.m.sound
                st.sound = self.m.sound
            case "F3" | "F4":
                color = R.WHITE if ev.name == "F3" else R.BLACK
                st.players[color] = "computer" if st.players[color] == "keyboard" \
                    else "keyboard"
                self.refresh()
                return "players"
            case "F5":
                await self.show_help()
            case "F6" | "F9":
                if self.mono:
                    self.say("Piece colours need a colour screen.", bad=True)
                else:
                    color = R.WHITE if ev.name == "F6" else R.BLACK
                    other = st.colours[R.BLACK if color == R.WHITE else R.WHITE]
                    i = PIECE_COLOURS.index(st.colours[color])
                    while True:
                        i = (i + 1) % len(PIECE_COLOURS)
                        if PIECE_COLOURS[i] != other:
                            break
                    st.colours[color] = PIECE_COLOURS[i]
            case "F7":
                st.level = max(1, st.level - 1)
            case "F8":
                st.level = min(9, st.level + 1)
            case "F10":
                if self.mono:
                    self.say("The border colour needs a colour screen.", bad=True)
                else:
                    st.border = (st.border + 1) % 16
            case "UP":
                st.speed = max(0, st.speed - 1)
            case "DOWN":
                st.speed = min(len(SPEEDS) - 1, st.speed + 1)
            case _:
                return None
        self.refresh()
        return "handled"

    def refresh(self) -> None:
        if self.phase == "options":
            self.draw_options()
        else:
            self.draw_all()

    async def ask(self, question: str) -> bool:
        """A yes/no question on the prompt line; Y is yes, anything else no."""
        self.draw_prompt(question + " (Y/N)")
        self.s.move_cursor(PROMPT_ROW, min(len(question) + 8, 79), visible=True)
        while True:
            ev = await self.m.key()
            if isinstance(ev, Key) and ev.is_char and ev.name.upper() in "YN":
                return ev.name.upper() == "Y"
            if isinstance(ev, Key) and ev.name == "ESC":
                return False

    async def show_help(self) -> None:
        saved = self.s.save()
        phase = self.phase
        self.phase = "help"
        page = 0
        while True:
            title, lines = PAGES[page]
            s = self.s
            attr = self.a(0x30, 0x07)
            s.fill(1, 0, 23, 80, " ", attr)
            s.box(1, 0, 23, 80, self.a(0x3F, 0x0F), style="double",
                  title=f" Help {page + 1}/{len(PAGES)}: {title} ")
            for i, line in enumerate(lines):
                s.put(3 + i, 4, line, attr)
            s.put(22, 4, "PgDn/PgUp: pages   any other key: back to the game",
                  self.a(0x3E, 0x0F))
            ev = await self.m.key()
            if isinstance(ev, Key) and ev.name in ("PGDN", "DOWN", "RIGHT", " ", "ENTER"):
                if page + 1 < len(PAGES):
                    page += 1
                    continue
                break
            if isinstance(ev, Key) and ev.name in ("PGUP", "UP", "LEFT"):
                page = max(0, page - 1)
                continue
            break
        # Not in a ``finally``: closing the coroutine (end of a headless run) must not
        # repaint the screen the run is reporting.
        self.s.restore(saved)
        self.phase = phase

    # -- saving --------------------------------------------------------------------------

    async def quit_and_save(self) -> None:
        in_progress = self.game is not None and not self.game.over and not self.aborted
        question = "Quit and save this game?" if in_progress else "Quit?"
        if not await self.ask(question):
            self.draw_prompt()
            return
        if not self.save_now() and self.m.store is not None:
            self.say(f"The game could not be saved: {self.m.store.problem_reason(SAVE_NAME)}.",
                     bad=True)
            if not await self.ask("Quit without saving?"):
                self.draw_prompt()
                return
        raise _Leave

    def save_now(self) -> bool:
        """Save the game in progress; False if the disk refused (the store has said why)."""
        store = self.m.store
        if store is None:
            return True
        if self.game is not None and not self.game.over and not self.aborted:
            if not store.save(SAVE_NAME, dump(Saved(self.game, self.settings, self.quiet))):
                return False
            self.owns_save = True
        return True

    def drop_save(self) -> None:
        """The saved game has been played to its end: remove it (only if it is ours)."""
        if self.owns_save and self.m.store is not None:
            self.m.store.delete(SAVE_NAME, if_unchanged=True)  # unless saved again elsewhere
            self.owns_save = False

    def resume(self) -> bool:
        store = self.m.store
        if store is None:
            return False
        loaded = store.load_result(SAVE_NAME, parse)
        saved = loaded.value
        if saved is None:
            if loaded.damaged:
                self.say("The saved game could not be read: it was set aside. "
                         "A new game starts.", bad=True)
            return False
        self.owns_save = True
        self.game = saved.game
        self.options = saved.game.options
        self.settings = saved.settings
        self.m.sound = self.settings.sound and self.m.flags.sound
        self.quiet = saved.quiet
        self.phase = "play"
        self.say("Your saved game is back where you left it.")
        return True

    # -- playing ---------------------------------------------------------------------------

    async def play_game(self) -> None:
        """Play until the game ends or is abandoned."""
        while True:
            assert self.game is not None
            if self.game.over or self.aborted:
                return
            color = self.game.turn
            if self.settings.players[color] == "computer":
                await self.computer_turn()
            else:
                await self.human_turn()

    async def human_turn(self) -> None:
        assert self.game is not None
        self.phase = "input"
        self.path = []
        self.typed = ""
        self.draw_all()
        while True:
            ev = await self.m.key()
            outcome = await self.human_key(ev)
            if outcome == "done":
                self.phase = "play"
                return
            self.draw_all()

    async def human_key(self, ev: Key | Click) -> str | None:
        """One key or click while the player enters a move; ``"done"`` ends the turn."""
        assert self.game is not None
        game = self.game
        color = game.turn
        if isinstance(ev, Click):
            sq = self.cell_square(ev.row, ev.col)
            if sq is None:
                return None
            if ev.button == "right":
                self.path, self.typed = [], ""
                return None
            self.message = ""
            return await self.add_square(sq)
        name = ev.name
        if ev.is_char and name.isdigit():
            self.message = ""
            self.typed += name
            if len(self.typed) < 2:
                return None
            row, col = int(self.typed[0]), int(self.typed[1])
            self.typed = ""
            g = self.geom()
            if not (1 <= row <= g.rows and 1 <= col <= g.cols):
                self.say(f"Row {row}, column {col} is off the board "
                         f"(rows 1-{g.rows}, columns 1-{g.cols}).", bad=True)
                return None
            sq = g.square_at(row, col)
            if sq is None:
                self.say(f"Row {row}, column {col} is a light square: "
                         "pieces stay on the dark ones.", bad=True)
                return None
            return await self.add_square(sq)
        upper = name.upper() if ev.is_char else name
        if upper == "BKSP":
            if self.typed:
                self.typed = self.typed[:-1]
            elif self.path:
                sq = self.path.pop()
                row, col = self.geom().rc(sq)
                self.typed = str(row)
            return None
        if upper == "ESC":
            self.path, self.typed, self.message = [], "", ""
            return None
        if upper == "D":
            return await self.offer_draw(color)
        if upper in ("R", "F"):
            if await self.ask(f"{NAMES[color]}, resign this game?"):
                self.game = R.resign(game, color)
                await self.finish_move_effects()
                return "done"
            return None
        if upper in ("Q", "X"):
            if await self.ask("Abandon this game?"):
                self.aborted = True
                return "done"
            return None
        if await self.common_key(ev) == "players" and \
                self.settings.players[color] == "computer":
            return "done"
        return None

    def cell_square(self, row: int, col: int) -> int | None:
        g = self.geom()
        r = (row - BOARD_TOP) // CELL_H + 1
        c = (col - BOARD_LEFT) // CELL_W + 1
        if row < BOARD_TOP or col < BOARD_LEFT or not (1 <= r <= g.rows and 1 <= c <= g.cols):
            return None
        return g.square_at(r, c)

    async def add_square(self, sq: int) -> str | None:
        assert self.game is not None
        game = self.game
        g = self.geom()
        moves = game.legal_moves()
        row, col = g.rc(sq)
        where = f"row {row}, column {col}"
        if not self.path:
            piece = game.position.piece_at(sq)
            if piece is None or piece[0] != game.turn:
                self.say(f"There is no {NAMES[game.turn].lower()} piece on {where}.",
                         bad=True)
                return None
            if not R.moves_with_prefix(moves, (sq,)):
                if moves[0].is_capture:
                    self.say("You have a capture to make, and this piece cannot take.",
                             bad=True)
                else:
                    self.say(f"The piece on {where} has nowhere to go.", bad=True)
                return None
            self.path = [sq]
            return None
        if sq == self.path[-1] and len(self.path) == 1:
            self.path = []                              # the same square again: let go
            return None
        wanted = (*self.path, sq)
        matching = R.moves_with_prefix(moves, wanted)
        if not matching:
            shortcut = [m for m in moves if m.start == self.path[0] and m.end == sq]
            if len(self.path) == 1 and len(shortcut) == 1:
                return await self.make_human_move(shortcut[0])
            if moves[0].is_capture:
                self.say("You must take: that is not one of the jumps open to you.",
                         bad=True)
            else:
                self.say(f"That piece cannot move to {where}.", bad=True)
            return None
        full = [m for m in matching if m.path == wanted]
        if full:
            return await self.make_human_move(full[0])
        self.path = list(wanted)                       # a jump goes on: more squares
        self.say("Keep going: the jump is not finished.")
        return None

    async def make_human_move(self, move: R.Move) -> str:
        self.path, self.typed = [], ""
        await self.apply(move, animate=False)
        return "done"

    async def apply(self, move: R.Move, animate: bool) -> None:
        assert self.game is not None
        game = self.game
        if animate:
            # Hop by hop, so the player can follow the move (one step for a plain move).
            piece = game.position.piece_at(move.start)
            for i in range(1, len(move.path)):
                await self.m.sleep(SPEEDS[self.settings.speed])
                self.overrides = {move.start: None, move.path[i]: piece}
                self.overrides.update({h: None for h in move.hopped[:i]})
                self.draw_all()
            self.overrides = {}
        start_piece = game.position.piece_at(move.start)
        assert start_piece is not None, "a move starts on a piece"
        was_man = not start_piece[1]
        self.game = R.play(game, move)
        self.quiet = 0 if move.is_capture or was_man else self.quiet + 1
        self.path = []
        self.click_sound()
        if move.is_capture:
            self.m.beep(880, 40)
        await self.finish_move_effects()

    async def finish_move_effects(self) -> None:
        assert self.game is not None
        if self.game.over:
            self.draw_all()

    # -- draws ---------------------------------------------------------------------------

    async def offer_draw(self, offerer: str) -> str | None:
        assert self.game is not None
        other = R.other(offerer)
        if self.settings.players[other] == "computer":
            accepted = self.computer_accepts(other)
            self.say(f"{NAMES[other]} " + ("accepts the draw." if accepted else
                                            "refuses the draw: 10 moves to gain, or it is a draw."))
        else:
            accepted = await self.ask(f"{NAMES[offerer]} offers a draw. "
                                      f"{NAMES[other]}, do you accept?")
            if not accepted:
                self.say(f"{NAMES[other]} refused: {NAMES[other]} has 10 moves to gain.")
        if accepted:
            self.game = R.agree_draw(self.game)
            return "done"
        self.game = R.refuse_draw(self.game, other)
        return None

    def computer_accepts(self, color: str) -> bool:
        """The computer takes a draw unless it judges itself clearly better."""
        assert self.game is not None
        game = self.game
        if game.turn != color:
            # Judge from the mover's side: a shallow search of the position.
            view = -E.best_move(game, JUDGE_LEVEL).score
        else:
            view = E.best_move(game, JUDGE_LEVEL).score
        return view <= DRAW_MARGIN

    # -- the computer's turn ------------------------------------------------------------------

    async def computer_turn(self) -> None:
        assert self.game is not None
        game = self.game
        color = game.turn
        self.phase = "thinking"
        self.message = ""
        self.draw_all()
        self.draw_prompt(f"{NAMES[color]} is thinking...  Esc: move now   !: call it a draw")
        start = self.m.now()
        search = E.Searcher(game, self.settings.level).think()
        stop = False
        try:
            next(search)
            while True:
                ev = await self.m.poll()
                if ev is not None:
                    action = await self.thinking_key(ev)
                    if action == "draw":
                        search.close()
                        self.game = R.agree_draw(game, "draw called while the computer thought")
                        self.draw_all()
                        return
                    if action == "stop":
                        stop = True
                    if action == "players" and self.settings.players[color] == "keyboard":
                        search.close()
                        self.phase = "play"
                        return
                search.send(stop)
        except StopIteration as done:
            result: E.SearchResult = done.value
        self.last_search = {"nodes": result.nodes, "depth": result.depth,
                            "stopped": result.stopped}
        rest = SPEEDS[self.settings.speed] - (self.m.now() - start)
        if rest > 0 and not stop:
            await self.m.sleep(rest)
        if self.game is not game:       # a key changed the game meanwhile (it cannot, today)
            return
        # In a long quiet game the computer offers a draw unless it judges itself ahead;
        # a refusal starts the 10-move rule, so even two computers always finish.
        if self.quiet >= QUIET_PLIES_FOR_OFFER and result.score <= DRAW_MARGIN and \
                game.draw_watch is None:
            self.quiet = 0
            outcome = await self.offer_draw(color)
            if outcome == "done":
                self.draw_all()
                return
        await self.apply(result.move, animate=True)
        self.say(f"{NAMES[color]} played {R.format_move(result.move)}.")
        self.phase = "play"

    async def thinking_key(self, ev: Key | Click) -> str | None:
        if not isinstance(ev, Key):
            return None
        if ev.name == "ESC":
            return "stop"
        if ev.name == "!":
            return "draw"
        outcome = await self.common_key(ev)
        if outcome == "players":
            return "players"
        if outcome:
            assert self.game is not None
            self.draw_prompt(f"{NAMES[self.game.turn]} is thinking...  "
                             "Esc: move now   !: call it a draw")
        return None

    # -- the end of a game ---------------------------------------------------------------

    async def game_over(self) -> None:
        assert self.game is not None
        self.phase = "over"
        self.drop_save()            # a finished game leaves no saved game behind
        if self.aborted:
            text = "Game abandoned."
        else:
            res = self.game.result
            assert res is not None
            if res.winner is None:
                text = f"A draw ({res.reason})."
            else:
                text = f"{NAMES[res.winner]} wins ({res.reason})."
            if self.game.options.weighted:
                b, w = self.game.scores
                text += f"  Score {b} to {w}."
            await self.m.sleep(self.m.play("T180 L16 O4 C E G > C"))
        self.message, self.message_bad = text, False
        while True:
            self.draw_all()
            self.draw_prompt("Game over. Enter: new game   F1: quit")
            ev = await self.m.key()
            if isinstance(ev, Key) and ev.name == "ENTER":
                return
            await self.common_key(ev)


async def main(m: Machine) -> None:
    session = Session(m)
    try:
        fen = m.params.get("fen")
        if fen:
            try:
                session.game = R.parse_fen(fen)
            except R.FenError as err:
                session.say(f"That FEN cannot be read: {err}", bad=True)
            else:
                session.options = session.game.options
                session.phase = "play"
        if session.game is None and not session.resume():
            await session.option_screen()
        while True:
            await session.play_game()
            await session.game_over()
            await session.option_screen()
    except _Leave:
        return
    except Quit:
        # The window closed: keep the game in progress, as F1 would.
        with contextlib.suppress(OSError):
            session.save_now()
        return
