"""Pig Poker's pop-ups: the hands on the board, the poker hands card, help, the bank, quit."""

from __future__ import annotations

from retro.events import Key
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


class Popups(Drawing):
    """Pop-ups over the game screen; each gives back exactly what was under it."""

    async def confirm_quit(self) -> None:
        saved = self.s.save()
        self.s.box(10, 22, 5, 36, self.look.popup, style="double", title="Quit")
        self.s.center(12, "Leave Pig Poker?  (Y/N)", self.look.popup, 22, 36)
        event = await self.m.key()
        self.s.restore(saved)
        if isinstance(event, Key) and event.name in ("y", "Y"):
            raise QuitGame


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


