"""Sixty-Six on the retro machine: the match as the DOS program ran it, keys, mouse, sound.

The flow reads top to bottom: ``Table.run`` plays deals until a match is won, asks for
another match, and so on; each deal alternates ``human_move`` and ``computer_turn``.
Every wait goes through ``retro.ui`` (one hot-key table, live everywhere: F1 sound, F2
demo, F5 help, F7 quit, F10 border, Up/Down speed, L the last trick).  Drawing is in
``draw``, the rules in ``rules``, the computer player in ``ai``, the saved match in ``save``.
"""

from __future__ import annotations

import random
from collections.abc import Awaitable
from typing import TypeVar

from retro import ui
from retro.games.sixtysix import help as helptext
from retro.games.sixtysix.ai import ExpertPlayer
from retro.games.sixtysix.draw import (
    ACTION_ROW,
    CARD_H,
    CARD_W,
    DEFAULT_SPEED,
    HAND_TOP,
    LEGEND_ROW,
    MID_COL,
    MSG_COL,
    MSG_LINES,
    MSG_ROW,
    MSG_W,
    PILE_ROW,
    SPEED_COL,
    SPEEDS,
    STEP_S,
    STOCK_COL,
    TRUMP_COL,
    YOU_KEY_COL,
    Look,
    Painter,
    your_cards,
)
from retro.games.sixtysix.rules import (
    MATCH_POINTS,
    SUIT_NAMES,
    SUIT_SYMBOLS,
    Card,
    Close,
    Deal,
    Exchange,
    IllegalMove,
    Match,
    Move,
    Options,
    Play,
    format_cards,
    hand_order,
    options_named,
)
from retro.games.sixtysix.save import SAVE_NAME, Saved, SavedMatch, dump, parse
from retro.pc.events import Click, Event, Key, Quit
from retro.pc.machine import Machine

T = TypeVar("T")
YOU, COMPUTER = 0, 1
NAMES = ("you", "computer")

TUNES = {
    "card": "T255 L64 O5 C",
    "trick_you": "T200 L32 O4 E G",
    "trick_cpu": "T200 L32 O4 G E",
    "marriage": "T180 L16 O4 C E G > C",
    "close": "T150 L16 O3 G D",
    "exchange": "T220 L32 O5 C E C",
    "win": "T160 L8 O4 C E G > C4",
    "lose": "T120 L8 O3 G E C2",
    "deal": "T255 L64 O6 C",
    "error": "T120 L16 O2 C",
}
#: At top speed the game outruns its sound effects; a new effect never waits behind more
#: than this much of older ones (what is still queued is dropped), so sound keeps up.
SOUND_LAG_S = 0.5


class Leave(Exception):
    """F7: leave the program (the match is saved first)."""


class _DemoSwitch(Exception):
    """F2 while the table waits for you: stop waiting, the other side plays now."""


def sentence(text: str) -> str:
    """A rules error as a sentence: capital first, full stop last."""
    return text[0].upper() + text[1:] + ("" if text.endswith(".") else ".")


class Table:
    """One sitting at the table: the match, the screen, the hot keys and the settings."""

    def __init__(self, m: Machine, options: Options | None = None) -> None:
        self.m = m
        self.paint = Painter(m)
        self.look: Look = self.paint.look
        self.options = options or Options()
        self.match = Match(m.rng, options=self.options)
        self.deal: Deal | None = None
        self.demo = False
        self.speed = DEFAULT_SPEED
        self.phase = "start"
        self.shown_trick: tuple[Card, Card] | None = None   # the last trick, yours first
        self.waiting = False            # waiting for your move or the next game (F2 ends it)
        self.sound_end = 0.0
        # Said at the first wait, so that no deal message scrolls them away: (text, alert).
        self.notes: list[tuple[str, bool]] = []
        self.on_screen = False          # the table is drawn (not the opening show)
        self.players = {
            YOU: ExpertPlayer(YOU, random.Random(m.rng.getrandbits(32))),
            COMPUTER: ExpertPlayer(COMPUTER, random.Random(m.rng.getrandbits(32))),
        }
        self.log = ui.MessageLine(m, MSG_ROW, MSG_COL, MSG_LINES, MSG_W, self.look.message,
                                  scroll=True)
        self.keys = self.hot_keys()
        ui.install(m, self.keys)
        m.publish_state(self.state)

    # -- the published state (--state) -------------------------------------------------

    def state(self) -> dict[str, object]:
        d = self.deal
        mt = self.match

        def who(p: int | None) -> str | None:
            return None if p is None else NAMES[p]

        base: dict[str, object] = {
            "phase": self.phase,
            "game_points": {"you": mt.game_points[YOU], "computer": mt.game_points[COMPUTER]},
            "carry": mt.carry,
            "match_to": MATCH_POINTS,
            "match_winner": who(mt.winner),
            "dealer": who(mt.dealer),
            "deals_played": mt.deals_played,
            "closed_rule": mt.options.name,
            "demo": self.demo,
            "sound": self.m.sound,
            "speed": SPEEDS[self.speed],
        }
        if d is None:
            return base | {"turn": None, "leader": None, "hands": {"you": [], "computer": []},
                           "trump": None, "trump_card": None, "stock": 0, "closed": False,
                           "closed_by": None, "trick": [], "points": {"you": 0, "computer": 0},
                           "tricks_won": {"you": 0, "computer": 0}, "marriages": [],
                           "exchanges": [], "schwarz": {"you": True, "computer": True},
                           "last_trick": None, "result": None}
        res = d.result
        last = d.last_trick
        return base | {
            "turn": None if d.over else who(d.turn),
            "leader": who(d.leader),
            "hands": {"you": format_cards(sorted(d.hands[YOU], key=hand_order)).split(),
                      "computer": format_cards(sorted(d.hands[COMPUTER],
                                                      key=hand_order)).split()},
            "trump": d.trump,
            "trump_card": d.trump_card.code if d.trump_card_up else None,
            "stock": d.stock_count,
            "closed": d.closed,
            "closed_by": who(d.closed_by),
            "trick": [c.code for c in d.trick],
            "points": {"you": d.points[YOU], "computer": d.points[COMPUTER]},
            "tricks_won": {"you": d.tricks_won[YOU], "computer": d.tricks_won[COMPUTER]},
            "marriages": [{"by": NAMES[p], "suit": s, "points": d.marriage_points(s)}
                          for p, s in d.marriages],
            "exchanges": [{"by": NAMES[p], "took": c.code} for p, c in d.exchanges],
            "schwarz": {"you": d.tricks_won[YOU] == 0, "computer": d.tricks_won[COMPUTER] == 0},
            "last_trick": None if last is None else {
                "leader": NAMES[last[0]], "cards": [last[1].code, last[2].code],
                "winner": NAMES[last[3]]},
            "result": None if res is None else {
                "winner": who(res.winner), "game_points": res.game_points,
                "reason": res.reason, "schneider": res.schneider, "schwarz": res.schwarz},
        }

    # -- drawing ---------------------------------------------------------------------------

    def draw_all(self) -> None:
        self.on_screen = True
        self.paint.frame()
        self.log.redraw()
        lk = self.look
        # Legends name what the key switches to; a click on one presses its key.
        self.keys.draw_status(self.m, LEGEND_ROW, 0, SPEED_COL, attr=lk.legend,
                              key_attr=lk.legend)
        self.refresh()

    def refresh(self) -> None:
        if not self.on_screen:
            return
        self.paint.hands(self)
        self.paint.middle(self)
        self.draw_actions()
        self.keys.redraw_status(self.m)
        self.paint.speed(self)

    def say(self, text: str, alert: bool = False) -> None:
        if not self.on_screen:          # a hot key during the opening show
            self.note(text, alert)
            return
        self.log.say(text, self.look.alert if alert else None)

    def note(self, text: str, alert: bool = True) -> None:
        """A word about the start (a save that could not be read, a bad option)."""
        self.notes.append((text, alert))

    def actions(self) -> list[str]:
        d = self.deal
        if d is None or d.over or d.turn != YOU or self.demo:
            return []
        out = []
        if d.leading:
            suits = d.marriage_available(YOU)
            if suits:
                out.append("K/Q marriage (" + " ".join(SUIT_SYMBOLS[x] for x in suits) + ")")
            if d.can_close(YOU):
                out.append("C close")
            if d.can_exchange(YOU):
                out.append("E exchange the 9")
        if d.last_trick is not None:
            out.append("L last trick")
        return out

    def draw_actions(self) -> None:
        d = self.deal
        text = ""
        if d is not None and not d.over and d.turn == YOU and not self.demo:
            what = "your lead" if d.leading else "your answer"
            n = len(d.hands[YOU])
            text = f"{'1' if n == 1 else f'1-{n}'} play ({what})"
            for a in self.actions():
                text += "   " + a
        self.paint.actions(text)

    # -- sound -------------------------------------------------------------------------------

    def sfx(self, name: str) -> None:
        now = self.m.now()
        if self.sound_end - now > SOUND_LAG_S:
            self.m.hush()
        self.sound_end = now + self.m.play(TUNES[name])

    # -- the hot keys (live in every wait) ---------------------------------------------------

    def hot_keys(self) -> ui.HotKeys:
        keys = ui.HotKeys()
        sound = ui.sound_toggle(quiet=True)     # drops what is queued on the speaker too

        async def toggle_sound(m: Machine) -> None:
            await sound(m)
            self.sound_end = m.now()

        keys.add("F1", toggle_sound, legend=lambda: "Sound off" if self.m.sound else "Sound on")
        keys.add("F2", self.toggle_demo, legend=lambda: "Demo off" if self.demo else "Demo on")
        keys.add("F5", self.show_help, legend="Help")
        keys.add("F7", self.quit, legend="Quit")
        keys.add("F10", ui.border_cycler())
        keys.add("UP", lambda m: self.set_speed(self.speed - 1))
        keys.add("DOWN", lambda m: self.set_speed(self.speed + 1))
        for name in ("L", "l"):
            keys.add(name, self.show_last_trick)
        return keys

    def set_speed(self, speed: int) -> None:
        """Up is faster, Down slower; the ends stay put (no wrapping round)."""
        self.speed = min(len(SPEEDS) - 1, max(0, speed))
        if self.on_screen:
            self.paint.speed(self)

    def toggle_demo(self, m: Machine) -> None:
        self.demo = not self.demo
        if not self.demo:
            # Demo mode owned the hand: keys typed while it played are not your moves.
            ui.flush_typeahead(m)
        self.say("Demo mode: the computer plays both hands." if self.demo
                 else "Demo mode off: your hand is yours again.")
        self.refresh()
        if self.waiting:
            raise _DemoSwitch

    async def nested(self, show: Awaitable[T]) -> T:
        """Run a pop-up; F2 pressed inside it counts once the pop-up is gone."""
        was_waiting, demo = self.waiting, self.demo
        self.waiting = False
        try:
            value = await show
        finally:
            self.waiting = was_waiting
        if was_waiting and self.demo != demo:
            raise _DemoSwitch
        return value

    async def show_help(self, m: Machine) -> None:
        await self.nested(self._help(m))

    async def _help(self, m: Machine) -> None:
        lk = self.look
        old_phase, self.phase = self.phase, "help"
        try:
            # The pager turns pages with the arrows too: inside it they are not the speed.
            with ui.hotkeys_off(m, "F5", "L", "l", "UP", "DOWN"):
                await ui.page(m, helptext.pages(self.match.options), title="Sixty-Six",
                              row=3, col=5, height=19, width=70, margin=1, attr=lk.popup,
                              head_attr=lk.popup_title, close_keys=("ESC", "F5"))
        finally:
            self.phase = old_phase

    async def show_last_trick(self, m: Machine) -> None:
        await self.nested(self._last_trick(m))

    async def _last_trick(self, m: Machine) -> None:
        d = self.deal
        if d is None or d.last_trick is None:
            self.say("No trick has been taken yet in this game.")
            return
        leader, led, followed, winner = d.last_trick
        yours, theirs = (led, followed) if leader == YOU else (followed, led)
        lk = self.look
        async with ui.popup(m, 6, 24, 10, 34, lk.popup, title="The last trick") as box:
            box.put(0, 6, "you", lk.popup)
            box.put(0, 18, "computer", lk.popup)
            self.paint.card(box.row + 1, box.col + 4, yours)
            self.paint.card(box.row + 1, box.col + 18, theirs)
            first = "You" if leader == YOU else "The computer"
            taker = "you" if winner == YOU else "the computer"
            box.center(4, f"{first} led; {taker} took it")
            box.center(5, f"({led.points + followed.points} points).")
            box.center(7, "Press any key", lk.popup_title)
            with ui.hotkeys_off(m, "L", "l"):
                await ui.key(m)

    async def quit(self, m: Machine) -> None:
        saved = self.save_match()
        if saved or await self.nested(ui.ask(m, "The match could not be saved. Quit anyway?",
                                             esc=False)):
            raise Leave

    # -- saving and resuming ----------------------------------------------------------------

    def save_match(self) -> bool:
        """Keep the match (or, once it is won, only the settings); False if that failed."""
        store = self.m.store
        if store is None:
            return True
        saved = Saved(self.speed, None if self.match.winner is not None
                      else SavedMatch.of(self.match))
        result = store.update_result(SAVE_NAME, parse, lambda old: saved, dump)
        if not result.saved:
            why = result.reason or "the save folder cannot be used"
            self.say(f"The match could not be saved: {why}.", alert=True)
            return False
        return True

    def resume(self) -> bool:
        """Pick up the saved match, if there is one; True if it was."""
        store = self.m.store
        if store is None:
            return False
        loaded = store.load_result(SAVE_NAME, parse)
        if loaded.damaged:
            self.note("The saved match could not be read: it was set aside. "
                      "A new match starts.")
        elif loaded.unavailable:
            self.note(f"The saved match cannot be read: {loaded.reason}.")
        saved = loaded.value
        if saved is None:
            return False
        self.speed = saved.speed
        if saved.match is None:
            return False
        self.match = saved.match.match(self.m.rng)
        self.deal = self.match.deal
        gp = self.match.game_points
        self.note(f"Your saved match is back: you {gp[YOU]}, the computer {gp[COMPUTER]} "
                  f"(match to {MATCH_POINTS}).", alert=False)
        return True

    # -- waiting ---------------------------------------------------------------------------

    async def pause(self, steps: float = 1.0) -> None:
        """Wait a while (by the speed setting); hot keys work, other keys are kept."""
        await ui.sleep(self.m, STEP_S * SPEEDS[self.speed] * steps)

    async def wait_for_you(self) -> Event | None:
        """The next key or click for the table; None if F2 switched the demo meanwhile."""
        for text, alert in self.notes:
            self.say(text, alert)
        self.notes = []
        self.waiting = True
        try:
            return await ui.key(self.m)
        except _DemoSwitch:
            return None
        finally:
            self.waiting = False

    # -- the human's move -------------------------------------------------------------------

    async def human_move(self) -> Move | None:
        """Read keys until a legal move; None if demo mode took over."""
        d = self.deal
        assert d is not None
        while True:
            if self.demo:
                return None
            self.draw_actions()
            ev = await self.wait_for_you()
            if ev is None:
                continue
            move = await self.move_for(ev)
            if move is None:
                continue
            try:
                d.copy().apply(move)
            except IllegalMove as err:
                self.sfx("error")
                self.say(sentence(str(err)), alert=True)
                continue
            return move

    async def move_for(self, ev: Event) -> Move | None:
        d = self.deal
        assert d is not None
        mine = your_cards(d)
        match ev:
            case Key(ch) if len(ch) == 1 and ch in "0123456789":
                if 1 <= int(ch) <= len(mine):
                    return Play(mine[int(ch) - 1])
                self.sfx("error")
                self.say(f"There is no card {ch}: your cards are numbered 1 to {len(mine)}.",
                         alert=True)
                return None
            case Key(ch) if ch.upper() in ("K", "Q"):
                return await self.marriage_move(ch.upper())
            case Key(ch) if ch.upper() == "C":
                return Close()
            case Key(ch) if ch.upper() == "E":
                return Exchange()
            case Click(row, col, _):
                if YOU_KEY_COL <= col < MID_COL - 1 and HAND_TOP <= row < HAND_TOP + 18:
                    i = (row - HAND_TOP) // CARD_H
                    if i < len(mine):
                        card = mine[i]
                        return Play(card, marriage=d.leading and d.can_marry(YOU, card))
                if PILE_ROW <= row < PILE_ROW + CARD_H and TRUMP_COL <= col < TRUMP_COL + CARD_W:
                    return Exchange()
                if PILE_ROW <= row < PILE_ROW + CARD_H and STOCK_COL <= col < STOCK_COL + CARD_W:
                    return Close()
        return None

    async def marriage_move(self, rank: str) -> Move | None:
        d = self.deal
        assert d is not None
        if not d.leading:
            self.sfx("error")
            self.say("A marriage can only be declared when it is your lead.", alert=True)
            return None
        suits = d.marriage_available(YOU)
        if not suits:
            self.sfx("error")
            self.say("You need the king and queen of one suit for a marriage.", alert=True)
            return None
        suit = suits[0]
        if len(suits) > 1:
            lk = self.look
            items = [f"~{SUIT_NAMES[x][0].upper()}~{SUIT_NAMES[x][1:]} {SUIT_SYMBOLS[x]}"
                     for x in suits]
            # A pop-up: Esc takes the question away with it.  The arrows move its bar.
            with ui.hotkeys_off(self.m, "UP", "DOWN"):
                chosen = await ui.choose(self.m, items, title="Marriage in",
                                         row=TRICK_QUESTION_ROW, col=MID_COL + 4,
                                         attr=lk.popup, hot_attr=lk.popup_title)
            if chosen is None:
                return None
            suit = suits[chosen]
        return Play(Card(suit=suit, rank=rank), marriage=True)

    # -- playing a move ---------------------------------------------------------------------

    async def perform(self, player: int, move: Move) -> None:
        d = self.deal
        assert d is not None
        who = "You" if player == YOU else "The computer"
        before = d.copy()
        d.apply(move)
        match move:
            case Exchange():
                self.say(f"{who} exchanged the nine of trumps for the "
                         f"{before.trump_card.words}.")
                self.sfx("exchange")
            case Close():
                rule = "follow suit, no trumps" if d.trick_trump() is None else "follow suit"
                self.say(f"{who} closed the game: {rule} from now on, and no 10 for the "
                         "last trick.")
                self.sfx("close")
            case Play(card, marriage):
                self.shown_trick = None
                if marriage:
                    pts = d.marriage_points(card.suit)
                    led = "" if d.over else f" and led the {card.words}"
                    self.say(f"{who} declared the marriage in {SUIT_NAMES[card.suit]} "
                             f"({pts} points){led}.")
                    self.sfx("marriage")
                elif not before.trick:
                    self.say(f"{who} led the {card.words}.")
                    self.sfx("card")
                else:
                    self.trick_done(player, before, card)
        self.refresh()

    def trick_done(self, player: int, before: Deal, card: Card) -> None:
        d = self.deal
        assert d is not None and d.last_trick is not None
        lead = before.trick[0]
        self.shown_trick = (card, lead) if player == YOU else (lead, card)
        winner = d.last_trick[3]
        pts = lead.points + card.points
        who = "You" if player == YOU else "The computer"
        if winner == player:
            self.say(f"{who} played the {card.words} and took the trick ({pts} points).")
        else:
            other = "the computer" if winner == COMPUTER else "you"
            self.say(f"{who} played the {card.words}; {other} took the trick ({pts} points).")
        self.sfx("trick_you" if winner == YOU else "trick_cpu")
        if d.exhausted and not before.exhausted:
            taker = "you" if d.trump_card in d.hands[YOU] else "the computer"
            rule = "follow suit, no trumps" if d.trick_trump() is None else "follow suit"
            self.say(f"The stock is used up and {taker} took the trump card: {rule} from "
                     "now on.")

    async def computer_turn(self, player: int) -> None:
        d = self.deal
        assert d is not None
        await self.pause()
        if player == YOU and not self.demo:
            return          # demo mode went off during the pause: this move is yours
        expert = self.players[player]
        # The search runs as the kit's cooperative work: hot keys answered, keys kept,
        # "Thinking" shown on the action row while it lasts (nothing stops it: no Esc).
        thinking = ui.Progress(ACTION_ROW, 1, 30, self.look.action, label="Thinking",
                               total=expert.config.samples)
        move = await ui.work(self.m, expert.choose_steps(d, carry=self.match.carry),
                             thinking, stop_keys=())
        if player == YOU and not self.demo:
            return          # ... or while it was thinking
        await self.perform(player, move)

    # -- the flow ---------------------------------------------------------------------------

    async def play_deal(self) -> None:
        mt = self.match
        d = mt.deal
        if d is None or d.over:
            d = mt.new_deal()
            self.deal = d
            self.shown_trick = None
            self.phase = "deal"
            if mt.deals_played:
                self.log.clear()
            self.say(("You deal." if d.dealer == YOU else "The computer deals.")
                     + f" Trumps are {SUIT_NAMES[d.trump]}: the {d.trump_card.words} is "
                     "turned up.")
            self.refresh()
            self.sfx("deal")
        self.deal = d
        self.phase = "play"
        while not d.over:
            self.refresh()
            if d.turn == YOU and not self.demo:
                move = await self.human_move()
                if move is None:
                    continue
                await self.perform(YOU, move)
            else:
                await self.computer_turn(d.turn)
        self.end_of_deal()

    def end_of_deal(self) -> None:
        d, mt = self.deal, self.match
        assert d is not None and d.result is not None
        res = d.result
        winner, gp = mt.score_deal()
        self.phase = "match_over" if mt.winner is not None else "game_over"
        self.refresh()
        if winner is None:
            self.say("Nobody reached 66: one game point carries over to the next game.")
            self.sfx("lose")
        else:
            name = "You win" if winner == YOU else "The computer wins"
            extra = []
            if res.reason == "closing failed":
                closer = "the computer" if d.closed_by == COMPUTER else "you"
                extra.append(f"{closer} closed and missed 66")
            if res.schneider:
                extra.append("schneider")
            if res.schwarz:
                extra.append("schwarz")
            more = f" ({', '.join(extra)})" if extra else ""
            carried = gp - res.game_points
            points = f"{gp} game point{'s' if gp != 1 else ''}"
            if carried:
                points = (f"{res.game_points} game point{'s' if res.game_points != 1 else ''}"
                          f" and {carried} carried over, {gp} in all")
            self.say(f"{name} the game{more}: {points}.")
            self.sfx("win" if winner == YOU else "lose")
        if mt.winner is not None:
            if mt.winner == YOU:
                self.say(f"YOU WIN THE MATCH, {mt.game_points[YOU]} to "
                         f"{mt.game_points[COMPUTER]}!", alert=True)
            else:
                self.say(f"The computer wins the match, {mt.game_points[COMPUTER]} to "
                         f"{mt.game_points[YOU]}.", alert=True)
            self.save_match()           # a won match is not resumed

    def new_match(self) -> None:
        self.match = Match(self.m.rng, dealer=1 - self.match.dealer, options=self.options)
        self.deal = None
        self.log.clear()
        self.draw_all()

    async def run(self, resumed: bool = False) -> None:
        self.draw_all()
        if not resumed:
            first = "you deal" if self.match.dealer == YOU else "the computer deals"
            self.say(f"The coin is flipped: {first} first.")
        while True:
            await self.play_deal()
            if self.demo:
                await self.pause(4)
                if self.match.winner is not None:
                    self.new_match()
                continue
            if self.match.winner is None:
                self.say("Press any key for the next game.")
                await self.wait_for_you()
                continue
            if not await ui.ask(self.m, "Another match?", esc=False):
                return
            self.new_match()


#: Where the marriage-suit question opens (over the trick in the middle).
TRICK_QUESTION_ROW = 8


async def startup_show(m: Machine, look: Look) -> None:
    """A short title screen with a tune; any key skips it (hot keys work meanwhile)."""
    s = m.screen
    s.clear(look.table)
    s.box(5, 20, 13, 40, look.popup, style="double")
    s.center(7, "S I X T Y - S I X", look.popup_title, 20, 40)
    s.center(11, "the card game of marriages,", look.popup, 20, 40)
    s.center(12, "closing and the trump nine", look.popup, 20, 40)
    s.center(15, "press any key", look.popup, 20, 40)
    m.play("T140 L8 O4 E G > C < G E4 L16 C D E F G4")
    # The four suits appear one by one; any key ends the show.
    for step in range(16):
        suit = "♠♥♦♣"[step % 4]
        s.put(9, 30 + (step % 4) * 6, suit, look.popup_title if step < 4 else look.popup)
        if await ui.key(m, timeout=0.25) is not None:
            break
    m.hush()


def closed_rule(m: Machine) -> tuple[Options, str | None]:
    """The rule from ``--closed``; an unknown name plays the manual's rule, with a word."""
    name = m.params.get("closed")
    if not name:
        return Options(), None
    try:
        return options_named(name), None
    except ValueError as err:
        return Options(), f"{sentence(str(err))} Playing the manual's rule."


async def main(m: Machine) -> None:
    options, problem = closed_rule(m)
    table = Table(m, options)
    try:
        # Picked up before the show, so that F7 during it cannot write over the saved match.
        resumed = table.resume()
        if problem:
            table.note(problem)
        if m.flags.show:
            await startup_show(m, table.look)
        await table.run(resumed)
    except Leave:
        return
    except Quit:
        table.save_match()          # the window was closed: keep the match, as F7 would
        return
