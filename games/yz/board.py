"""Drawing YZ's board: the menu bar, the scorecard, the dice, the buttons; and hit tests.

``Board`` draws what it is given (the game, who the computer is, what is pending) and
keeps nothing of the game itself; the flow in ``ui`` decides what to show when.
"""

from __future__ import annotations

from collections.abc import Callable

from retro.games.yz.layout import (
    BOX_ROW,
    BUTTON_ROW,
    CARD_BOTTOM,
    CARD_LEFT,
    CARD_TOP,
    CARD_W,
    COL_W,
    DIE_COLS,
    DIE_H,
    DIE_KEY_ROW,
    DIE_MARK_ROW,
    DIE_TOP,
    DIE_W,
    HEADER_ROW,
    LABEL_COL,
    MENU_ROW,
    PIP,
    PIPS,
    PLAYER_COLS,
    ROLL_BUTTON,
    SELECT_BUTTON,
    SEPARATOR_ROWS,
    TOTAL_ROW,
    TURN_ROW,
    UPPER_BONUS_ROW,
    UPPER_TOTAL_ROW,
    YZ_BONUS_ROW,
    Look,
)
from retro.games.yz.rules import BOX_NAMES, DICE, ROLLS_PER_TURN, Game, Phase, Rules
from retro.pc.machine import Machine

#: Menus: title, column of its hot letter, items (label, hot letter, action).
MENUS: tuple[tuple[str, int, tuple[tuple[str, str, str], ...]], ...] = (
    ("Game", 1, (("Start", "S", "start"), ("Exit", "X", "exit"))),
    ("Options", 7, (("Scoreboard", "S", "scoreboard"), ("Colors...", "C", "colors"),
                    ("Dice Speed...", "D", "speed"), ("Sound", "N", "sound"))),
    ("Help", 16, (("Instructions   F1", "I", "help"), ("About YZ", "A", "about"))),
)
MENU_W = 20


class Board:
    """Draws on ``m.screen`` in the look ``look()`` gives (it follows the Colors choice)."""

    def __init__(self, m: Machine, rules: Rules, look: Callable[[], Look]) -> None:
        self.m = m
        self.rules = rules
        self._look = look

    @property
    def look(self) -> Look:
        return self._look()

    # -- the menu bar and its menus ------------------------------------------------------------

    def draw_menu_bar(self, active: int | None = None) -> None:
        s, lk = self.m.screen, self.look
        s.fill(MENU_ROW, 0, 1, 80, " ", lk.menu)
        for i, (title, col, _) in enumerate(MENUS):
            attr = lk.menu_sel if i == active else lk.menu
            s.put(MENU_ROW, col - 1, f" {title} ", attr)
            if i != active:
                s.put(MENU_ROW, col, title[0], lk.menu_hot)
        s.put(MENU_ROW, 74, "YZ", lk.menu)

    def draw_menu(self, index: int, sel: int) -> None:
        """The open menu ``index`` below its title, item ``sel`` highlighted."""
        s, lk = self.m.screen, self.look
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

    # -- the scorecard -------------------------------------------------------------------------

    def draw_card(self, game: Game | None, computer: frozenset[int], preview: bool) -> None:
        """The scorecard; with ``preview`` the scores the dice would get in the open boxes
        of the person to move (not while the dice tumble, nor for the computer)."""
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
        if game is None:
            return
        for p, name in enumerate(game.players):
            col = PLAYER_COLS[p]
            now = p == game.turn and game.phase is not Phase.OVER
            s.put(HEADER_ROW, col, name.center(COL_W), lk.header_now if now else lk.header)
            card = game.cards[p]
            for box, row in BOX_ROW.items():
                value = card[box]
                if value is not None:
                    s.put(row, col, f"{value:>5}  ", lk.score)
            s.put(UPPER_TOTAL_ROW, col, f"{card.upper_subtotal:>5}", lk.score)
            if self.rules.upper_bonus:
                s.put(UPPER_BONUS_ROW, col, f"{card.upper_bonus(self.rules):>5}", lk.score)
            s.put(YZ_BONUS_ROW, col, f"{card.yz_bonus_points:>5}", lk.score)
            s.put(TOTAL_ROW, col, f"{card.total(self.rules):>5}", lk.total)
        if (preview and game.phase is Phase.ROLL and game.roll >= 1
                and game.turn not in computer):
            col = PLAYER_COLS[game.turn]
            for box, score in game.allowed().items():
                if score:   # a scratch would show 0 in every box: leave those blank
                    s.put(BOX_ROW[box], col, f"{score:>5}", lk.preview)

    def draw_turn(self, game: Game | None, pending: str) -> None:
        """Whose turn it is, and a half-typed box code (``A_``) while one is pending."""
        s, lk = self.m.screen, self.look
        s.fill(TURN_ROW, 38, 1, 41, " ", lk.board)
        if game is None:
            line = "No game in progress"
        elif game.phase is Phase.OVER:
            line = "Game over"
        else:
            who = game.players[game.turn]
            if game.phase is Phase.POSTED:
                line = f"{who} has posted"
            elif game.roll == 0:
                line = f"{who} to roll"
            else:
                line = f"{who}: roll {game.roll} of {ROLLS_PER_TURN}"
        s.put(TURN_ROW, 38, line, lk.board)
        if pending:
            s.put(TURN_ROW, 66, f" Box {pending}_ ", lk.key if self.m.screen.mono
                  else lk.header_now)

    # -- the dice and the buttons ------------------------------------------------------------------

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

    def draw_die_at(self, row: int, col: int, face: int) -> None:
        """A die anywhere (the startup show)."""
        s, lk = self.m.screen, self.look
        s.box(row, col, DIE_H, DIE_W, lk.die, style="single")
        for r, c in PIPS[face]:
            s.put(row + 1 + r, col + 1 + c, PIP, lk.die)

    def draw_dice(self, game: Game | None) -> None:
        for i in range(DICE):
            if game is None or not game.dice:
                self.draw_die(i, None, False)
            else:
                self.draw_die(i, game.dice[i], game.marked[i])

    def draw_buttons(self, game: Game | None) -> None:
        s, lk = self.m.screen, self.look
        can_roll = game is not None and game.can_roll() and (
            game.phase is Phase.POSTED or game.roll == 0 or any(game.marked))
        can_select = (game is not None and game.phase is Phase.ROLL
                      and 1 <= game.roll < ROLLS_PER_TURN)
        for (col, width), label, on in ((ROLL_BUTTON, "ROLL", can_roll),
                                        (SELECT_BUTTON, "SELECT ALL", can_select)):
            attr = lk.button if on else lk.button_off
            s.box(BUTTON_ROW, col, 3, width, attr, style="single")
            s.center(BUTTON_ROW + 1, label, attr, col, width)


# -- hit tests -----------------------------------------------------------------------------------

def menu_at(col: int) -> int | None:
    """The menu whose title is at column ``col`` of the menu bar."""
    for i, (title, start, _) in enumerate(MENUS):
        if start - 1 <= col <= start + len(title):
            return i
    return None


def menu_item_at(index: int, row: int, col: int) -> str | None:
    """The action of the item of open menu ``index`` at (row, col), if any."""
    _, start, items = MENUS[index]
    left = start - 1
    if 2 <= row < 2 + len(items) and left < col < left + MENU_W - 1:
        return items[row - 2][2]
    return None


def die_at(row: int, col: int) -> int | None:
    """The die (0-4) at a cell: its face, its key or its mark."""
    if not DIE_TOP <= row <= DIE_MARK_ROW:
        return None
    for i, start in enumerate(DIE_COLS):
        if start <= col < start + DIE_W:
            return i
    return None


def in_button(row: int, col: int, button: tuple[int, int]) -> bool:
    start, width = button
    return BUTTON_ROW <= row < BUTTON_ROW + 3 and start <= col < start + width


def card_hit(row: int, col: int) -> tuple[str, int | None] | None:
    """The box row clicked on the card and whose column: (box, player index or None for
    the labels), or None off the box rows."""
    if not CARD_LEFT < col < CARD_LEFT + CARD_W - 1:
        return None
    box = next((b for b, r in BOX_ROW.items() if r == row), None)
    if box is None:
        return None
    player = next((p for p, start in enumerate(PLAYER_COLS)
                   if start - 1 <= col < start - 1 + COL_W + 1), None)
    return box, player
