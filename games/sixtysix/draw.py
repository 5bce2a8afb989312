"""Drawing the Sixty-Six table: layout, colours, cards, hands, the middle and the scores.

Screen plan (rows 0-24)::

    0      title bar
    1      headings: YOUR HAND / trumps / COMPUTER
    2-19   your six cards (left, keys 1-6) and the computer's (right, face down
           unless demo mode); between them the stock and trump card (rows 3-6), the
           trick in play (rows 8-11) and the scores (rows 13-18)
    20-22  messages
    23     what you may do now (marriage, close, exchange)
    24     function keys and the speed

Nothing here waits or reads keys: ``ui`` runs the game and calls these to paint.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from retro.games.sixtysix.rules import (
    MATCH_POINTS,
    SUIT_NAMES,
    SUIT_SYMBOLS,
    Card,
    Deal,
    Match,
    hand_order,
)
from retro.pc.machine import Machine

YOU, COMPUTER = 0, 1

# -- layout --------------------------------------------------------------------------------

TITLE_ROW, HEAD_ROW = 0, 1
HAND_TOP, CARD_H, CARD_W = 2, 3, 7
YOU_KEY_COL, YOU_CARD_COL, YOU_NAME_COL = 1, 3, 11
CPU_CARD_COL, CPU_NAME_COL = 71, 53
MID_COL, MID_W = 29, 24
STOCK_COL, TRUMP_COL, PILE_ROW = 32, 42, 3
TRICK_ROW = 9
SCORE_ROW = 13
MSG_ROW, MSG_COL, MSG_LINES, MSG_W = 20, 1, 3, 78
ACTION_ROW, LEGEND_ROW = 23, 24
SPEED_COL = 62        # the hot-key legends end here, the speed follows

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


def speed_text(speed: int) -> str:
    """.1 to 10.0, the way the speed is written at the bottom of the screen."""
    v = f"{SPEEDS[speed]:.1f}"
    return f"{v.removeprefix('0'):>4}"


def your_cards(deal: Deal | None) -> list[Card]:
    """Your hand as numbered on the screen (keys 1-6): by suit, high card first."""
    return sorted(deal.hands[YOU], key=hand_order) if deal else []


def computer_slots(deal: Deal, face_up: bool) -> list[Card | None]:
    """The computer's hand as drawn, top to bottom; None is a card face down.

    Face down, the order must tell nothing: the cards it had to show (a marriage partner,
    a trump card it took) come first, in a fixed order, then one back per hidden card.
    Where a back sits therefore depends only on how many cards are shown and hidden.
    """
    hand = deal.hands[COMPUTER]
    if face_up:
        return [*sorted(hand, key=hand_order)]
    shown = sorted((c for c in hand if c in deal.shown[COMPUTER]), key=hand_order)
    return [*shown, *([None] * (len(hand) - len(shown)))]


class TableView(Protocol):
    """What the painter reads from the table."""

    deal: Deal | None
    match: Match
    demo: bool
    speed: int
    shown_trick: tuple[Card, Card] | None


class Painter:
    """Paints the table on the machine's screen."""

    def __init__(self, m: Machine) -> None:
        self.m = m
        self.s = m.screen
        self.look = make_look(m.screen.mono)

    def frame(self) -> None:
        """The parts that never change: background, title and headings."""
        s, lk = self.s, self.look
        s.clear(lk.table)
        s.fill(TITLE_ROW, 0, 1, 80, " ", lk.title)
        s.center(TITLE_ROW, "S I X T Y - S I X", lk.title)
        s.put(TITLE_ROW, 1, "♠ ♥ ♦ ♣", lk.title)
        s.put(TITLE_ROW, 72, "♣ ♦ ♥ ♠", lk.title)
        s.put(HEAD_ROW, YOU_KEY_COL, "YOUR HAND", lk.heading)
        s.put(HEAD_ROW, CPU_CARD_COL - 1, "COMPUTER", lk.heading)

    def card(self, row: int, col: int, card: Card | None, *, back: bool = False,
             dim: bool = False) -> None:
        s, lk = self.s, self.look
        if card is None and not back:
            s.fill(row, col, CARD_H, CARD_W, " ", lk.table)
            return
        if back or card is None:
            s.box(row, col, CARD_H, CARD_W, lk.card_back, fill="░")
            return
        attr = lk.card_red if card.suit in "HD" else lk.card_black
        if dim:
            attr = lk.card_dim
        s.box(row, col, CARD_H, CARD_W, attr)
        s.put(row + 1, col + 1, card_face(card), attr)

    def slot(self, row: int, col: int) -> None:
        self.s.box(row, col, CARD_H, CARD_W, self.look.slot, fill=" ")

    def hands(self, t: TableView) -> None:
        s, lk, d = self.s, self.look, t.deal
        s.fill(HAND_TOP, 0, 18, MID_COL, " ", lk.table)
        s.fill(HAND_TOP, CPU_NAME_COL, 18, 80 - CPU_NAME_COL, " ", lk.table)
        if d is None:
            return
        playable = set(d.playable(YOU)) if d.turn == YOU and not d.over else set()
        for i, card in enumerate(your_cards(d)):
            row = HAND_TOP + i * CARD_H
            s.put(row + 1, YOU_KEY_COL, str(i + 1), lk.key)
            grey = bool(d.trick) and d.turn == YOU and d.closed and card not in playable
            self.card(row, YOU_CARD_COL, card, dim=grey)
            s.put(row + 1, YOU_NAME_COL, card.words, lk.label)
            if card in d.shown[YOU]:
                s.put(row + 2, YOU_NAME_COL, "(shown)", lk.label)
        face_up = t.demo or d.over
        for i, slot in enumerate(computer_slots(d, face_up)):
            row = HAND_TOP + i * CARD_H
            if slot is None:
                self.card(row, CPU_CARD_COL, None, back=True)
                continue
            self.card(row, CPU_CARD_COL, slot)
            if face_up:
                name = slot.words
                s.put(row + 1, CPU_CARD_COL - 1 - len(name), name, lk.label)
            else:
                s.put(row + 1, CPU_CARD_COL - 8, "(shown)", lk.label)

    def middle(self, t: TableView) -> None:
        s, lk, d = self.s, self.look, t.deal
        s.fill(HEAD_ROW, MID_COL, 19, MID_W, " ", lk.table)
        if d is not None:
            if d.trick_trump() is None:
                heading = "No trumps now"        # closed: the led suit wins (the manual)
            else:
                heading = f"Trumps: {SUIT_SYMBOLS[d.trump]} {SUIT_NAMES[d.trump]}"
            s.center(HEAD_ROW, heading, lk.heading, MID_COL, MID_W)
            if d.closed:
                label = "closed by you" if d.closed_by == YOU else (
                    "closed by computer" if d.closed_by == COMPUTER else "stock used up")
                self.slot(PILE_ROW, STOCK_COL)
                self.slot(PILE_ROW, TRUMP_COL)
                s.center(PILE_ROW + 3, label.upper(), lk.mark, MID_COL, MID_W)
            else:
                if d.stock:
                    self.card(PILE_ROW, STOCK_COL, None, back=True)
                else:
                    self.slot(PILE_ROW, STOCK_COL)
                self.card(PILE_ROW, TRUMP_COL, d.trump_card)
                s.put(PILE_ROW + 3, STOCK_COL, f"stock {d.stock_count:>2}", lk.label)
                s.put(PILE_ROW + 3, TRUMP_COL, "trump", lk.label)
            s.put(TRICK_ROW - 1, STOCK_COL + 1, "you", lk.label)
            s.put(TRICK_ROW - 1, TRUMP_COL - 1, "computer", lk.label)
            yours = theirs = None
            if d.trick:
                if d.leader == YOU:
                    yours = d.trick[0]
                else:
                    theirs = d.trick[0]
            elif t.shown_trick is not None:
                yours, theirs = t.shown_trick
            for card, col in ((yours, STOCK_COL), (theirs, TRUMP_COL)):
                if card is None:
                    self.slot(TRICK_ROW, col)
                else:
                    self.card(TRICK_ROW, col, card)
        self.scores(t)

    def scores(self, t: TableView) -> None:
        s, lk, d, mt = self.s, self.look, t.deal, t.match
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
                s.put(r + 1, col + 4, "SW", lk.mark)     # schwarz: no trick yet
            s.put(r + 2, col, f"{tricks[p]:>3}", lk.value)
            s.put(r + 3, col, f"{mt.game_points[p]:>3}", lk.value)
        s.put(r + 4, MID_COL, f"Match to {MATCH_POINTS}", lk.label)
        if mt.carry:
            s.put(r + 4, MID_COL + 13, f"carry {mt.carry}", lk.mark)
        if d is not None:
            dealer = "You deal" if d.dealer == YOU else "Computer deals"
            s.put(r + 5, MID_COL, dealer, lk.label)

    def actions(self, text: str) -> None:
        s, lk = self.s, self.look
        s.fill(ACTION_ROW, 0, 1, 80, " ", lk.table)
        if text:
            s.put(ACTION_ROW, 1, text, lk.action)

    def speed(self, t: TableView) -> None:
        """The speed, right of the hot-key legends on the bottom row."""
        s, lk = self.s, self.look
        s.fill(LEGEND_ROW, SPEED_COL, 1, 80 - SPEED_COL, " ", lk.legend)
        s.put(LEGEND_ROW, SPEED_COL + 1, f"↑↓ Speed {speed_text(t.speed)}", lk.legend)
