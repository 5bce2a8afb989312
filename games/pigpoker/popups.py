"""Pig Poker's pop-ups: the hands on the board, the poker hands card, help, the bank, quit.

All through the kit: each gives back exactly what was under it, and the hot keys stay live
inside (F1 sound, F10 border ...).
"""

from __future__ import annotations

from retro import ui
from retro.games.pigpoker import hands as hx
from retro.games.pigpoker import help as helptext
from retro.games.pigpoker import rules as r
from retro.games.pigpoker.draw import Drawing
from retro.games.pigpoker.layout import (
    BANK_PAGE,
    PIG_SHAPES,
    QuitGame,
    fit_number,
    ordered_cards,
    square_name,
)
from retro.pc.machine import Machine


class Popups(Drawing):
    """Pop-ups over the game screen; each gives back exactly what was under it."""

    async def confirm_quit(self, m: Machine) -> None:
        """F7 then Y leaves (the manual's own question, so nothing more is asked)."""
        if await ui.ask(m, "Leave Pig Poker?", esc=False, title="Quit"):
            raise QuitGame

    async def board_popup(self) -> None:
        """Every hand pigged out on the board, with its cards (V)."""
        game = self.game
        assert game is not None
        s, lk = self.s, self.look
        held = [i for i in range(r.SQUARES) if not game.board[i].empty]
        height = max(len(held), 1) + 5
        async with ui.popup(self.m, 2, 4, height, 75, lk.popup, frame="double",
                            title="Hands on the board"):
            if not held:
                s.put(4, 7, "No square is held yet.", lk.popup)
            for n, i in enumerate(held):
                sq = game.board[i]
                owner = sq.owner
                assert owner is not None
                pig = self.seats[owner].pig
                s.put(3 + n, 6, f"{square_name(i)} ", lk.popup_hi)
                s.put(3 + n, 8, PIG_SHAPES[pig], lk.pig_on(s.mono, pig, lk.popup))
                line = (f"{self.seats[owner].name[:16]:<16}  {ordered_cards(sq.hand)}  "
                        f"{hx.describe_class(sq.cls)[:25]:<25}{sq.score:>6}")
                s.put(3 + n, 10, line, lk.popup)
            s.put(2 + height - 2, 6, "Cards in the order poker compares them.  Any key: back",
                  lk.popup_hi)
            await ui.key(self.m)

    async def hands_popup(self, m: Machine) -> None:
        """F3: the poker hands, best first, with the manual's counts and chances."""
        s, lk = self.s, self.look
        with ui.hotkeys_off(m, "F3"):
            async with ui.popup(m, 3, 2, 17, 76, lk.popup, frame="double",
                                title="Poker hands, best first"):
                s.put(4, 4, f"{'Hand':<16}{'Example':<11}{'Hands':>10}  {'Chance':<15} Score",
                      lk.popup_hi)
                for n, (name, example, count, rule) in enumerate(helptext.HANDS):
                    chance = helptext.chance_text(count)
                    s.put(6 + n, 4,
                          f"{name:<16}{example:<11}{count:>10,}  {chance:<15} {rule}",
                          lk.popup)
                s.put(16, 4, "An ace counts high or low in a straight: 5 4 3 2 A is the "
                      "lowest.", lk.popup)
                s.put(17, 4, "Suits never break a tie. Counts are out of 2,598,960 hands.",
                      lk.popup)
                s.put(18, 4, "Press any key.", lk.popup_hi)
                await ui.key(m)

    async def help_pages(self, m: Machine) -> None:
        """F5: the instructions; F5 again (or Esc) closes them."""
        with ui.hotkeys_off(m, "F5"):
            await ui.page(m, helptext.PAGES, title="Pig Poker help", row=1, height=23,
                          close_keys=("ESC", "F5"))

    async def bank_popup(self, m: Machine) -> None:
        """F6: the bank's accounts; Space pages forward, - back, Esc leaves (the manual)."""
        accounts = self.bank.accounts()
        self.bank.messages.clear()  # short forms of the store's notices, already given
        rows = [f"{a.name:<20}{fit_number(a.chips, 11)}" for a in accounts]
        pages = [(f"{'Name':<20}{'Chips':>11}", rows[k:k + BANK_PAGE])
                 for k in range(0, max(len(rows), 1), BANK_PAGE)]
        with ui.hotkeys_off(m, "F6"):
            await ui.page(m, pages, title=f"The bank: {len(accounts)} account(s)", row=2,
                          col=14, height=20, width=52, close_keys=("ESC", "F6"))
