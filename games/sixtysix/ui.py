"""Sixty-Six on the retro machine: the table, the keys and mouse, sound and the match.

Screen plan (rows 0-24)::

    0      title bar
    1      headings: YOUR HAND / trumps / COMPUTER
    2-19   your six cards (left, keys 1-6) and the computer's (right, face down
           unless demo mode); between them the stock and trump card (rows 3-6), the
           trick in play (rows 8-11) and the scores (rows 13-18)
    20-22  messages
    23     what you may do now (marriage, close, exchange)
    24     function keys and the speed

The rules live in ``rules`` and the computer player in ``ai``; this module only draws,
reads keys and clicks and makes the sounds.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from retro.events import Click, Event, Key, Quit
from retro.games.sixtysix import help as helptext
from retro.games.sixtysix.ai import ExpertPlayer
from retro.games.sixtysix.rules import (
    MATCH_POINTS,
    RANK_NAMES,
    SUIT_NAMES,
    SUIT_SYMBOLS,
    Card,
    Close,
    Deal,
    Exchange,
    IllegalMove,
    Match,
    Move,
    Play,
    format_cards,
    hand_order,
)
from retro.machine import Machine

YOU, COMPUTER = 0, 1
NAMES = ("you", "computer")

# -- layout --------------------------------------------------------------------------------

TITLE_ROW, HEAD_ROW = 0, 1
HAND_TOP, CARD_H, CARD_W = 2, 3, 7
YOU_KEY_COL, YOU_CARD_COL, YOU_NAME_COL = 1, 3, 11
CPU_CARD_COL, CPU_NAME_COL = 71, 53
MID_COL, MID_W = 29, 24
STOCK_COL, TRUMP_COL, PILE_ROW = 32, 42, 3
TRICK_ROW = 9
SCORE_ROW = 13
MSG_ROW, MSG_LINES = 20, 3
ACTION_ROW, LEGEND_ROW = 23, 24

#: Speeds shown at the bottom: .1 the fastest, 10.0 the slowest (seconds-ish per step).
SPEEDS = (0.1, 0.2, 0.3, 0.5, 0.7, 1.0, 1.5, 2.0, 3.0, 4.0, 5.0, 7.0, 10.0)
DEFAULT_SPEED = SPEEDS.index(1.0)
STEP_S = 0.4          # a pause of speed 1.0 between the computer's moves


@dataclass(frozen=True)
class Look:
    """Every attribute the game uses, picked for colour or for the MDA on purpose."""

    table: int
    title: int
    heading: int
    card_black: int
    card_red: int
    card_back: int
    card_dim: int
    slot: int
    key: int
    label: int
    value: int
    mark: int
    message: int
    alert: int
    action: int
    legend: int
    popup: int
    popup_title: int


def make_look(mono: bool) -> Look:
    if mono:
        # MDA: reverse video for card faces, intense for what matters, underline for keys.
        return Look(table=0x07, title=0x70, heading=0x0F, card_black=0x70, card_red=0x70,
                    card_back=0x07, card_dim=0x07, slot=0x07, key=0x0F, label=0x07,
                    value=0x0F, mark=0x0F, message=0x0F, alert=0xF0, action=0x0F,
                    legend=0x70, popup=0x70, popup_title=0x0F)
    return Look(table=0x27, title=0x1F, heading=0x2E, card_black=0x70, card_red=0x74,
                card_back=0x19, card_dim=0x78, slot=0x22, key=0x2F, label=0x27,
                value=0x2F, mark=0x2E, message=0x2F, alert=0x4F, action=0x2E,
                legend=0x70, popup=0x1F, popup_title=0x1E)


def card_face(card: Card) -> str:
    rank = "10" if card.rank == "T" else card.rank
    return f"{rank:<2}{SUIT_SYMBOLS[card.suit]:>3}"


def card_name(card: Card) -> str:
    return f"{RANK_NAMES[card.rank]} of {SUIT_NAMES[card.suit]}"


class Leave(Exception):
    """F7: leave the program."""


class Table:
    """One sitting at the table: the match, the screen and the settings."""

    def __init__(self, m: Machine) -> None:
        self.m = m
        self.s = m.screen
        self.look = make_look(m.screen.mono)
        self.match = Match(m.rng)
        self.deal: Deal | None = None
        self.demo = False
        self.speed = DEFAULT_SPEED
        self.messages: list[tuple[str, bool]] = []
        self.phase = "start"
        self.shown_trick: tuple[Card, Card] | None = None   # the last trick, yours first
        self.players = {
            YOU: ExpertPlayer(YOU, random.Random(m.rng.getrandbits(32))),
            COMPUTER: ExpertPlayer(COMPUTER, random.Random(m.rng.getrandbits(32))),
        }
        m.publish_state(self.state)

    # -- state for --state ---------------------------------------------------------------

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
                           "result": None}
        res = d.result
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
            "result": None if res is None else {
                "winner": who(res.winner), "game_points": res.game_points,
                "reason": res.reason, "schneider": res.schneider, "schwarz": res.schwarz},
        }

    # -- drawing ----------------------------------------------------------------------------

    def draw_all(self) -> None:
        s, lk = self.s, self.look
        s.clear(lk.table)
        s.fill(TITLE_ROW, 0, 1, 80, " ", lk.title)
        s.center(TITLE_ROW, "S I X T Y - S I X", lk.title)
        s.put(TITLE_ROW, 1, "♠ ♥ ♦ ♣", lk.title)
        s.put(TITLE_ROW, 72, "♣ ♦ ♥ ♠", lk.title)
        s.put(HEAD_ROW, YOU_KEY_COL, "YOUR HAND", lk.heading)
        s.put(HEAD_ROW, CPU_CARD_COL - 1, "COMPUTER", lk.heading)
        self.draw_hands()
        self.draw_middle()
        self.draw_messages()
        self.draw_actions()
        self.draw_legend()

    def _card(self, row: int, col: int, card: Card | None, *, back: bool = False,
              dim: bool = False) -> None:
        s, lk = self.s, self.look
        if card is None and not back:
            s.fill(row, col, CARD_H, CARD_W, " ", lk.table)
            return
        if back:
            s.box(row, col, CARD_H, CARD_W, lk.card_back, fill="░")
            return
        assert card is not None
        attr = lk.card_red if card.suit in "HD" else lk.card_black
        if dim:
            attr = lk.card_dim
        s.box(row, col, CARD_H, CARD_W, attr)
        s.put(row + 1, col + 1, card_face(card), attr)

    def _slot(self, row: int, col: int) -> None:
        self.s.box(row, col, CARD_H, CARD_W, self.look.slot, fill=" ")

    def your_cards(self) -> list[Card]:
        d = self.deal
        return sorted(d.hands[YOU], key=hand_order) if d else []

    def draw_hands(self) -> None:
        s, lk, d = self.s, self.look, self.deal
        s.fill(HAND_TOP, 0, 18, MID_COL, " ", lk.table)
        s.fill(HAND_TOP, CPU_NAME_COL, 18, 80 - CPU_NAME_COL, " ", lk.table)
        if d is None:
            return
        mine = self.your_cards()
        playable = set(d.playable(YOU)) if d.turn == YOU and not d.over else set()
        for i, card in enumerate(mine):
            row = HAND_TOP + i * CARD_H
            s.put(row + 1, YOU_KEY_COL, str(i + 1), lk.key)
            grey = bool(d.trick) and d.turn == YOU and d.closed and card not in playable
            self._card(row, YOU_CARD_COL, card, dim=grey)
            s.put(row + 1, YOU_NAME_COL, card_name(card), lk.label)
            if card in d.shown[YOU]:
                s.put(row + 2, YOU_NAME_COL, "(shown)", lk.label)
        theirs = sorted(d.hands[COMPUTER], key=hand_order)
        for i, card in enumerate(theirs):
            row = HAND_TOP + i * CARD_H
            if self.demo or d.over:
                self._card(row, CPU_CARD_COL, card)
                name = card_name(card)
                s.put(row + 1, CPU_CARD_COL - 1 - len(name), name, lk.label)
            elif card in d.shown[COMPUTER]:
                # A card the computer had to show (marriage, trump card) stays face up.
                self._card(row, CPU_CARD_COL, card)
                s.put(row + 1, CPU_CARD_COL - 8, "(shown)", lk.label)
            else:
                self._card(row, CPU_CARD_COL, None, back=True)

    def draw_middle(self) -> None:
        s, lk, d = self.s, self.look, self.deal
        s.fill(HEAD_ROW, MID_COL, 19, MID_W, " ", lk.table)
        if d is not None:
            s.center(HEAD_ROW, f"Trumps: {SUIT_SYMBOLS[d.trump]} {SUIT_NAMES[d.trump]}",
                     lk.heading, MID_COL, MID_W)
            if d.closed:
                label = "closed by you" if d.closed_by == YOU else (
                    "closed by computer" if d.closed_by == COMPUTER else "stock used up")
                self._slot(PILE_ROW, STOCK_COL)
                self._slot(PILE_ROW, TRUMP_COL)
                s.center(PILE_ROW + 3, label.upper(), lk.mark, MID_COL, MID_W)
            else:
                if d.stock:
                    self._card(PILE_ROW, STOCK_COL, None, back=True)
                else:
                    self._slot(PILE_ROW, STOCK_COL)
                self._card(PILE_ROW, TRUMP_COL, d.trump_card)
                s.put(PILE_ROW + 3, STOCK_COL, f"stock {d.stock_count:>2}", lk.label)
                s.put(PILE_ROW + 3, TRUMP_COL, "trump", lk.label)
            s.put(TRICK_ROW - 1, STOCK_COL + 1, "you", lk.label)
            s.put(TRICK_ROW - 1, TRUMP_COL - 1, "computer", lk.label)
            yours = theirs = None
            if d.trick:
                if d.leader == YOU:
                    yours = d.trick[0]
                    theirs = d.trick[1] if len(d.trick) > 1 else None
                else:
                    theirs = d.trick[0]
                    yours = d.trick[1] if len(d.trick) > 1 else None
            elif self.shown_trick is not None:
                yours, theirs = self.shown_trick
            for card, col in ((yours, STOCK_COL), (theirs, TRUMP_COL)):
                if card is None:
                    self._slot(TRICK_ROW, col)
                else:
                    self._card(TRICK_ROW, col, card)
        self.draw_scores()

    def draw_scores(self) -> None:
        s, lk, d, mt = self.s, self.look, self.deal, self.match
        r = SCORE_ROW
        s.fill(r, MID_COL, 6, MID_W, " ", lk.table)
        s.put(r, MID_COL, "            You  Comp.", lk.heading)
        pts = d.points if d else [0, 0]
        tricks = d.tricks_won if d else [0, 0]
        s.put(r + 1, MID_COL, "Points", lk.label)
        s.put(r + 2, MID_COL, "Tricks", lk.label)
        s.put(r + 3, MID_COL, "Game points", lk.label)
        for p, col in ((YOU, MID_COL + 12), (COMPUTER, MID_COL + 18)):
            s.put(r + 1, col, f"{pts[p]:>3}", lk.value)
            if d is not None and tricks[p] == 0:
                s.put(r + 1, col + 4, "SW", lk.mark)
            s.put(r + 2, col, f"{tricks[p]:>3}", lk.value)
            s.put(r + 3, col, f"{mt.game_points[p]:>3}", lk.value)
        s.put(r + 4, MID_COL, f"Match to {MATCH_POINTS}", lk.label)
        if mt.carry:
            s.put(r + 4, MID_COL + 13, f"carry {mt.carry}", lk.mark)
        if d is not None:
            dealer = "You deal" if d.dealer == YOU else "Computer deals"
            s.put(r + 5, MID_COL, dealer, lk.label)

    def say(self, text: str, alert: bool = False) -> None:
        self.messages.append((text, alert))
        self.messages = self.messages[-MSG_LINES:]
        self.draw_messages()

    def clear_messages(self) -> None:
        self.messages = []
        self.draw_messages()

    def draw_messages(self) -> None:
        s, lk = self.s, self.look
        s.fill(MSG_ROW, 0, MSG_LINES, 80, " ", lk.table)
        for i, (text, alert) in enumerate(self.messages):
            s.put(MSG_ROW + i, 1, text[:78], lk.alert if alert else lk.message)

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
        return out

    def draw_actions(self) -> None:
        s, lk = self.s, self.look
        s.fill(ACTION_ROW, 0, 1, 80, " ", lk.table)
        d = self.deal
        if d is not None and not d.over and d.turn == YOU and not self.demo:
            what = "your lead" if d.leading else "your answer"
            text = f"1-{len(d.hands[YOU])} play ({what})"
            for a in self.actions():
                text += "   " + a
            s.put(ACTION_ROW, 1, text, lk.action)

    def draw_legend(self) -> None:
        s, lk = self.s, self.look
        s.fill(LEGEND_ROW, 0, 1, 80, " ", lk.legend)
        sound = "on " if self.m.sound else "off"
        demo = "on " if self.demo else "off"
        s.put(LEGEND_ROW, 1, f"F1 Sound {sound}  F2 Demo {demo}  F5 Help  F7 Quit  "
              "F10 Border", lk.legend)
        s.put(LEGEND_ROW, 63, f"↑↓ Speed {self.speed_text()}", lk.legend)

    def speed_text(self) -> str:
        """.1 to 10.0, the way the speed is written at the bottom of the screen."""
        v = f"{SPEEDS[self.speed]:.1f}"
        return f"{v.removeprefix('0'):>4}"

    def refresh(self) -> None:
        self.draw_hands()
        self.draw_middle()
        self.draw_actions()
        self.draw_legend()

    # -- sound --------------------------------------------------------------------------------

    def sfx(self, name: str) -> None:
        tunes = {
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
        self.m.play(tunes[name])

    # -- input ----------------------------------------------------------------------------------

    async def pause(self, steps: float = 1.0) -> None:
        """Wait a while (by the speed setting), handling function keys meanwhile."""
        end = self.m.now() + STEP_S * SPEEDS[self.speed] * steps
        while True:
            left = end - self.m.now()
            if left <= 0:
                return
            ev = await self.m.key(timeout=left)
            if ev is not None:
                await self.common_key(ev)

    async def common_key(self, ev: Event) -> bool:
        """Keys that work at any moment; True if the event was one of them."""
        match ev:
            case Key("F1"):
                self.m.sound = not self.m.sound
                self.draw_legend()
            case Key("F2"):
                self.demo = not self.demo
                self.say("Demo mode: the computer plays both hands." if self.demo
                         else "Demo mode off: your hand is yours again.")
                self.refresh()
            case Key("F5"):
                await self.help()
            case Key("F7"):
                raise Leave
            case Key("F10"):
                self.s.border = (self.s.border + 1) % 16
            case Key("UP"):
                self.speed = max(0, self.speed - 1)
                self.draw_legend()
            case Key("DOWN"):
                self.speed = min(len(SPEEDS) - 1, self.speed + 1)
                self.draw_legend()
            case _:
                return False
        return True

    async def help(self) -> None:
        s, lk = self.s, self.look
        saved = s.save()
        page = 0
        old_phase = self.phase
        self.phase = "help"
        try:
            while True:
                title, lines = helptext.PAGES[page]
                s.box(3, 5, 19, 70, lk.popup, style="double",
                      title=f"{title} ({page + 1}/{len(helptext.PAGES)})")
                for i, line in enumerate(lines):
                    s.put(5 + i, 7, line, lk.popup)
                s.put(20, 7, "PgDn/Space next   PgUp previous   Esc back to the game",
                      lk.popup_title)
                ev = await self.m.key()
                match ev:
                    case Key("ESC") | Key("F5"):
                        return
                    case Key("PGUP") | Key("UP") | Key("LEFT"):
                        page = max(0, page - 1)
                    case Key("F7"):
                        raise Leave
                    case _:
                        if page == len(helptext.PAGES) - 1:
                            return
                        page += 1
        finally:
            s.restore(saved)
            self.phase = old_phase

    async def wait_any(self, prompt: str) -> Event:
        self.say(prompt)
        while True:
            ev = await self.m.key()
            if not await self.common_key(ev):
                return ev

    # -- the human's move -----------------------------------------------------------------------

    async def human_move(self) -> Move | None:
        """Read keys until a legal move; None if demo mode took over."""
        d = self.deal
        assert d is not None
        while True:
            if self.demo:
                return None
            self.draw_actions()
            ev = await self.m.key()
            if await self.common_key(ev):
                continue
            move = await self.move_for(ev)
            if move is None:
                continue
            try:
                probe = d.copy()
                probe.apply(move)
            except IllegalMove as err:
                self.sfx("error")
                self.say(str(err)[0].upper() + str(err)[1:] + ".", alert=True)
                continue
            return move

    async def move_for(self, ev: Event) -> Move | None:
        d = self.deal
        assert d is not None
        mine = self.your_cards()
        match ev:
            case Key(ch) if ch.isdigit() and 1 <= int(ch) <= len(mine):
                return Play(mine[int(ch) - 1])
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
                        marry = d.leading and d.can_marry(YOU, card)
                        return Play(card, marriage=marry)
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
            choices = " or ".join(f"{x} ({SUIT_SYMBOLS[x]})" for x in suits)
            self.say(f"Marriage in which suit? Press {choices}; Esc to cancel.")
            while True:
                ev = await self.m.key()
                if await self.common_key(ev):
                    continue
                if isinstance(ev, Key) and ev.name.upper() in suits:
                    suit = ev.name.upper()
                    break
                if isinstance(ev, Key) and ev.name == "ESC":
                    return None
        return Play(Card(suit=suit, rank=rank), marriage=True)

    # -- playing a move ---------------------------------------------------------------------------

    async def perform(self, player: int, move: Move) -> None:
        d = self.deal
        assert d is not None
        who = "You" if player == YOU else "The computer"
        before = d.copy()
        d.apply(move)
        match move:
            case Exchange():
                self.say(f"{who} exchanged the 9 of trumps for the "
                         f"{card_name(before.trump_card)}.")
                self.sfx("exchange")
            case Close():
                self.say(f"{who} closed the game: follow suit from now on, no 10 for "
                         "the last trick.")
                self.sfx("close")
            case Play(card, marriage):
                self.shown_trick = None
                if marriage:
                    pts = d.marriage_points(card.suit)
                    led = "" if d.over else f" and led the {card_name(card)}"
                    self.say(f"{who} declared the marriage in {SUIT_NAMES[card.suit]} "
                             f"({pts} points){led}.")
                    self.sfx("marriage")
                elif not before.trick:
                    self.say(f"{who} led the {card_name(card)}.")
                    self.sfx("card")
                elif len(before.trick) == 1:
                    lead = before.trick[0]
                    yours = card if player == YOU else lead
                    theirs = lead if player == YOU else card
                    self.shown_trick = (yours, theirs)
                    assert d.last_trick is not None
                    winner = d.last_trick[3]
                    pts = lead.points + card.points
                    if winner == player:
                        self.say(f"{who} played the {card_name(card)} and took the trick "
                                 f"({pts} points).")
                    else:
                        other = "the computer" if winner == COMPUTER else "you"
                        self.say(f"{who} played the {card_name(card)}; {other} took the "
                                 f"trick ({pts} points).")
                    self.sfx("trick_you" if winner == YOU else "trick_cpu")
                    if d.exhausted and not before.exhausted:
                        taker = "you" if d.trump_card in d.hands[YOU] else "the computer"
                        self.say(f"The stock is used up and {taker} took the trump card: "
                                 "follow suit from now on.")
        self.refresh()

    async def computer_turn(self, player: int) -> None:
        d = self.deal
        assert d is not None
        await self.pause()
        move = self.players[player].choose(d, carry=self.match.carry)
        await self.perform(player, move)

    # -- the flow ---------------------------------------------------------------------------------

    async def play_deal(self) -> None:
        mt = self.match
        d = mt.new_deal()
        self.deal = d
        self.shown_trick = None
        self.phase = "deal"
        if mt.deals_played:
            self.clear_messages()
        self.say(("You deal." if d.dealer == YOU else "The computer deals.")
                 + f" Trumps are {SUIT_NAMES[d.trump]}: the {card_name(d.trump_card)} is "
                 "turned up.")
        self.refresh()
        self.sfx("deal")
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
        await self.end_of_deal()

    async def end_of_deal(self) -> None:
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
            self.say(f"{name} the game{more}: {gp} game point{'s' if gp != 1 else ''}.")
            self.sfx("win" if winner == YOU else "lose")
        if mt.winner is not None:
            if mt.winner == YOU:
                self.say(f"YOU WIN THE MATCH, {mt.game_points[YOU]} to "
                         f"{mt.game_points[COMPUTER]}!", alert=True)
            else:
                self.say(f"The computer wins the match, {mt.game_points[COMPUTER]} to "
                         f"{mt.game_points[YOU]}.", alert=True)

    async def run(self) -> None:
        self.draw_all()
        first = "you deal" if self.match.dealer == YOU else "the computer deals"
        self.say(f"The coin is flipped: {first} first.")
        while True:
            await self.play_deal()
            if self.demo:
                await self.pause(4)
                if self.match.winner is not None:
                    self.match = Match(self.m.rng, dealer=1 - self.match.dealer)
                continue
            if self.match.winner is None:
                await self.wait_any("Press any key for the next game.")
                continue
            ev = await self.wait_any("Another match? Press Y or N.")
            while not (isinstance(ev, Key) and ev.name.upper() in "YN"):
                ev = await self.wait_any("Another match? Press Y or N.")
            if ev.name.upper() == "N":
                return
            self.match = Match(self.m.rng, dealer=1 - self.match.dealer)
            self.deal = None
            self.draw_all()


async def startup_show(m: Machine, look: Look) -> None:
    """A short title screen with a tune; any key skips it."""
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
        if await m.key(timeout=0.25) is not None:
            break
    m.hush()


async def main(m: Machine) -> None:
    table = Table(m)
    try:
        if m.flags.show:
            await startup_show(m, table.look)
        await table.run()
    except (Leave, Quit):
        return
