"""Drawing Pig Poker's screens: the player list, the board, the panels, the prompts."""

from __future__ import annotations

from retro import ui
from retro.games.pigpoker import hands as hx
from retro.games.pigpoker import rules as r
from retro.games.pigpoker.bank import Bank
from retro.games.pigpoker.layout import (
    BOARD_COL,
    BOARD_ROW,
    CARD_COL,
    CARD_ROW,
    CARD_STEP,
    CELL_H,
    CELL_W,
    DIE_COL,
    ENTRY_LOG,
    GAME_LOG,
    HAND_ROW,
    HIGH_LABELS,
    INFO_ROW,
    LEGEND_ROW,
    LOW_LABELS,
    PANEL_COL,
    PANEL_W,
    PIG_SHAPES,
    PLAYERS_H,
    PLAYERS_ROW,
    PROMPT_ROW,
    SUIT_SYMBOLS,
    TWIDDLE_DIGIT_COLS,
    TWIDDLE_DONE_COL,
    TYPE_LABELS,
    TYPE_PEGS,
    Look,
    Seat,
    fit_number,
    ordered_cards,
    pegged_ranks,
    rank_text,
    square_name,
    square_origin,
)
from retro.pc.machine import Machine
from retro.pc.screen import Screen


class Drawing:
    """What the game draws; ``ui.PigPokerScreen`` holds the state and runs the flow."""

    m: Machine
    s: Screen
    look: Look
    bank: Bank
    seats: list[Seat]
    options: r.Options
    game: r.Game | None
    speed: ui.SpeedStepper
    sound: ui.SoundToggle
    log: ui.MessageLine | None
    demo: bool
    demo_game: bool
    cursor: int
    marks: list[int]

    def _chips(self, name: str) -> int:
        account = self.bank.find(name)
        return account.chips if account else 0

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
        self.use_log(ENTRY_LOG)


    # -- drawing the game screen -----------------------------------------------------------

    def say(self, text: str) -> None:
        """A message, wrapped inside the message area at word boundaries, never cut."""
        if self.log is None:
            self.use_log(ENTRY_LOG)
        assert self.log is not None
        self.log.say(text)

    def say_after_notices(self, text: str) -> None:
        """Say ``text`` once the machine's notices are on screen: the bank's short words
        for a problem the store's notice gives in full are the ones left showing."""
        if self.log is None:
            self.use_log(ENTRY_LOG)
        assert self.log is not None
        self.log.show_notices()
        self.log.say(text)

    def use_log(self, area: tuple[int, int, int, int]) -> None:
        """Messages go to ``area`` from now on (the latest one is carried over)."""
        old = self.log
        if old is None or (old.row, old.col, old.height, old.width) != area:
            self.log = ui.MessageLine(self.m, *area, self.look.message, notices=True)
            if old is not None and old.text:
                self.log.say(old.text)
        else:
            old.redraw()

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
        items = [("F1", self.sound.legend(self.m)),
                 ("F2", "Play" if self.demo else "Demo"), ("F3", "Hands"), ("F5", "Help"),
                 ("F6", "Bank"), ("F7", "Quit"), ("F10", "Border")]
        col = 1
        for keyname, what in items:
            s.put(LEGEND_ROW, col, keyname, lk.legend_key)
            s.put(LEGEND_ROW, col + len(keyname) + 1, what, lk.legend)
            col += len(keyname) + len(what) + 2
        # The delay between game steps, near the lower right as the original showed it.
        s.put(LEGEND_ROW, 67, "F8/F9", lk.legend_key)
        s.put(LEGEND_ROW, 73, f"{self.speed.delay:g}s", lk.legend)

    def draw_game(self) -> None:
        self.draw_frame()
        self.draw_board()
        self.draw_players()
        self.draw_hand()
        self.draw_info()
        self.use_log(GAME_LOG)
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
            for cc in range(5):
                s.vline(top + CELL_H * rr + 1, left + CELL_W * cc, CELL_H - 1, lk.grid)
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
            # What the bank holds: a demo game's payout is shown in its own box, never here.
            s.put(row, PANEL_COL + 22, f"{fit_number(self._chips(seat.name), 10)} "
                  f"{pigs[p]:>4}", attr)
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
        s.fill(INFO_ROW, 0, 1, 80, " ", lk.text)
        s.put(INFO_ROW, 1, f"Turn {game.turn_number}   Options: {', '.join(opts) or 'none'}",
              lk.text)
        if game.phase == r.DRAWN:
            s.put(INFO_ROW, 46, "The game was called a draw.", lk.text)
        elif self.demo_game:
            s.put(INFO_ROW, 46, "Demo game: off the bank so far.", lk.text)

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
        """The hand on square ``i`` as a message (right click, the square cursor)."""
        if i is not None and self.game is not None:
            self.say(self.square_text(i))
