"""Drawing the Yucky Lucky You! table: the title, the hands, the piles, the panels.

``TableView`` is the drawing half of the screen object; the flow in ``ui`` decides what
happens and calls ``draw`` when something changed.  Nothing here waits for input.
"""

from __future__ import annotations

from retro import ui
from retro.games.yucky.layout import (
    A_BACK,
    A_BACK_FILL,
    A_CRY,
    A_CRY_LIT,
    A_EVENT,
    A_KEYNAME,
    A_KEYS,
    A_LABEL,
    A_MARK,
    A_PROMPT,
    A_RULE,
    A_SCORE,
    A_SCORE_HEAD,
    A_TABLE,
    A_TITLE,
    BOX_MAX,
    CARD_EDGE,
    CARD_FACE,
    COLOR_ATTR,
    COLOR_COL,
    COMP_LABEL,
    COMP_TOP,
    COMPACT_PER_ROW,
    CRY_BOX,
    DISCARD_BOX,
    DRAW_BOX,
    EVENT_ROWS,
    HAND_ROWS,
    KEYS_ROW,
    MONO_FACE,
    PROMPT_ROW,
    RULES_AT,
    SCORE_BOX,
    SORT_KEY,
    YOUR_LABEL,
    YOUR_TOP,
    Hot,
)
from retro.games.yucky.rules import (
    COLOR_NAMES,
    COLORS,
    COMPUTER,
    MATCH_GAMES,
    MAX_GAME_POINT,
    MIN_GAME_POINT,
    W4,
    YOU,
    Card,
    Game,
    Match,
    Options,
    Phase,
    Round,
)
from retro.pc.machine import Machine
from retro.pc.screen import Screen

TITLE_ROOM = 61                # columns right of the name for the options in force


class TableView:
    """What the drawing needs of the screen object (set by ``ui.YuckyScreen``)."""

    m: Machine
    s: Screen
    round: Round | None
    game: Game | None
    match: Match
    stage: str
    long_game: bool
    open_hands: bool
    multiple_draw: bool
    replay_ask: bool
    mark_playable: bool
    demo: bool
    reveal: bool
    cry_armed: bool
    game_point: int
    hand_no: int
    event_text: str
    status: str
    status_attr: tuple[int, int]
    typed: str
    hots: list[Hot]
    log: ui.MessageLine
    status_line: ui.MessageLine
    keys: ui.HotKeys
    stale: bool

    def a(self, pair: tuple[int, int]) -> int:
        return self.m.attr(*pair)

    def draw(self) -> None:
        s = self.s
        s.clear(self.a(A_TABLE))
        s.move_cursor(24, 0, visible=False)
        self.hots = []
        self.draw_title()
        r = self.round
        if r is not None:
            self.draw_hand(YOU)
            s.hline(RULES_AT[0], 0, 80, self.a(A_RULE))
            self.draw_marks()
            self.draw_table()
            s.hline(RULES_AT[1], 0, 80, self.a(A_RULE))
            self.draw_hand(COMPUTER)
        self.draw_score()
        self.draw_events()
        self.draw_status()
        self.draw_keys()

    # -- the title: the rules in force, and what changes with the next deal ----------------

    def title_flags(self, short: bool = False) -> str:
        r = self.round
        now = r.options if r is not None else Options(self.long_game, self.multiple_draw)
        this, following = ("(now)", "(next)") if short else ("(this hand)", "(next hand)")
        flags: list[str] = []
        for name, in_force, chosen in (("Long game", now.long_game, self.long_game),
                                       ("Open hands", self.open_hands, self.open_hands),
                                       ("Multiple draw", now.multiple_draw,
                                        self.multiple_draw)):
            if in_force and chosen:
                flags.append(name)
            elif in_force:
                flags.append(f"{name} {this}")          # switched off from the next deal
            elif chosen:
                flags.append(f"{name} {following}")     # switched on from the next deal
        if self.demo:
            flags.append("DEMO")
        return "  ".join(flags)

    def draw_title(self) -> None:
        s = self.s
        s.fill(0, 0, 1, 80, " ", self.a(A_TITLE))
        s.put(0, 1, "YUCKY LUCKY YOU!", self.a(A_TITLE))
        text = self.title_flags()
        if len(text) > TITLE_ROOM:
            text = self.title_flags(short=True)
        s.put(0, 79 - len(text), text, self.a(A_TITLE))

    # -- the hands -------------------------------------------------------------------------

    def hand_order(self, seat: int) -> list[int]:
        """Shown sorted by colour and rank (a 50-card hand is unreadable otherwise); a
        click still names the card's place in the hand."""
        assert self.round is not None
        cards = self.round.cards[seat]
        return sorted(range(len(cards)), key=lambda i: SORT_KEY[cards[i].code])

    def draw_hand(self, seat: int) -> None:
        r = self.round
        assert r is not None
        s = self.s
        cards = r.cards[seat]
        label_row, top = (YOUR_LABEL, YOUR_TOP) if seat == YOU else (COMP_LABEL, COMP_TOP)
        who = "YOUR HAND" if seat == YOU else "COMPUTER'S HAND"
        if seat == YOU and self.demo:
            who = "YOUR HAND (the computer plays it)"
        count = f"{len(cards)} card{'s' if len(cards) != 1 else ''}"
        s.put(label_row, 1, f"{who}  {count}", self.a(A_LABEL))
        if r.dealer == seat:
            s.put(label_row, 79 - 6, "dealer", self.a(A_TABLE))
        if r.turn == seat and r.phase is not Phase.OVER and self.stage == "play":
            s.put(label_row, 0, "\u25ba", self.a(A_LABEL))
        face_up = seat == YOU or self.open_hands or self.demo or self.reveal
        order = self.hand_order(seat)
        if len(cards) <= BOX_MAX:
            for place, i in enumerate(order):
                card = cards[i]
                col = 1 + place * 4
                self.card_box(top, col, card if face_up else None)
                if seat == YOU:
                    self.hots.append(Hot(top, col, 4, i, height=3))
        else:
            for place, i in enumerate(order[:HAND_ROWS * COMPACT_PER_ROW]):
                card = cards[i]
                row, col = top + place // COMPACT_PER_ROW, 1 + (place % COMPACT_PER_ROW) * 3
                if face_up:
                    s.put(row, col, card.code, self.card_attr(card))
                else:
                    s.put(row, col, "\u2592\u2592", self.a(A_BACK_FILL))
                if seat == YOU:
                    self.hots.append(Hot(row, col, 2, i))

    def playable_now(self) -> set[Card]:
        """The kinds of card you may legally put down now (for the marks option)."""
        r = self.round
        if r is None or r.turn != YOU or self.demo or self.stage != "play" \
                or r.phase not in (Phase.PLAY, Phase.DRAWN):
            return set()
        cards = set(r.playable(YOU))
        if W4 in cards and not r.w4_legal(YOU):
            cards.discard(W4)
        return cards

    def draw_marks(self) -> None:
        """The option's marks: a pointer under each card that may be played now."""
        r = self.round
        assert r is not None
        if not self.mark_playable:
            return
        legal = self.playable_now()
        if not legal:
            return
        cards = r.cards[YOU]
        attr = self.a(A_MARK)
        for place, i in enumerate(self.hand_order(YOU)[:HAND_ROWS * COMPACT_PER_ROW]):
            if cards[i] not in legal:
                continue
            if len(cards) <= BOX_MAX:
                self.s.put(RULES_AT[0], 2 + place * 4, "\u25b2\u25b2", attr)
            else:
                row = YOUR_TOP + place // COMPACT_PER_ROW
                self.s.put(row, 3 + (place % COMPACT_PER_ROW) * 3, "\u25c4", attr)

    def card_attr(self, card: Card) -> int:
        return self.m.attr(CARD_FACE[card.color], MONO_FACE[card.color])

    def card_box(self, row: int, col: int, card: Card | None) -> None:
        s = self.s
        if card is None:
            s.box(row, col, 3, 4, self.a(A_BACK), fill=None)
            s.put(row + 1, col + 1, "\u2592\u2592", self.a(A_BACK_FILL))
            return
        edge = self.m.attr(CARD_EDGE[card.color], 0x0F if card.is_wild else 0x07)
        s.box(row, col, 3, 4, edge, fill=None)
        s.put(row + 1, col + 1, card.code, self.card_attr(card))

    # -- the table -------------------------------------------------------------------------

    def draw_table(self) -> None:
        r = self.round
        assert r is not None
        s = self.s
        row, col, h, w = DRAW_BOX
        s.box(row, col, h, w, self.a(A_BACK), style="double", fill="\u2592")
        s.paint(row + 1, col + 1, h - 2, w - 2, self.a(A_BACK_FILL))
        s.put(row + h, col, "DRAW", self.a(A_LABEL))
        s.put(row + h + 1, col, f"{len(r.draw_pile)} left", self.a(A_TABLE))
        self.hots.append(Hot(row, col, w, "draw", height=h))
        row, col, h, w = DISCARD_BOX
        top = r.top
        edge = self.m.attr(CARD_EDGE[top.color], 0x0F)
        face = self.card_attr(top)
        s.box(row, col, h, w, edge, style="double")
        s.fill(row + 1, col + 1, h - 2, w - 2, " ", face)
        s.put(row + 1, col + 1, top.code, face)
        s.put(row + 2, col + 3, top.code[1] if not top.is_wild else "W", face)
        s.put(row + 3, col + 4, top.code, face)
        s.put(row + h, col, "DISCARD", self.a(A_LABEL))
        s.put(row + h + 1, col, f"{len(r.discard)} down", self.a(A_TABLE))
        s.put(8, COLOR_COL, "COLOUR", self.a(A_LABEL))
        if r.color is not None:
            name = COLOR_NAMES[r.color].upper()
            s.put(10, COLOR_COL, "\u2588\u2588", self.a((COLOR_ATTR[r.color], 0x07)))
            s.put(10, COLOR_COL + 3, name, self.a((COLOR_ATTR[r.color], 0x0F)))
        else:
            s.put(10, COLOR_COL, "to be named", self.a(A_TABLE))
        row, col, h, w = CRY_BOX
        lit = r.uncried == COMPUTER and not self.demo
        cry_attr = self.a(A_CRY_LIT if lit else A_CRY)
        s.box(row, col, h, w, cry_attr)
        s.center(row + 1, "CRY!", cry_attr, col, w)
        self.hots.append(Hot(row, col, w, "cry", height=h))
        s.put(row + h, col, "Enter or click" if self.m.flags.mouse else "Enter calls it",
              self.a(A_TABLE))
        if self.cry_armed:
            s.put(row + h + 1, col, "cry is ready", self.a(A_LABEL))
        s.put(13, COLOR_COL, self.turn_text(), self.a(A_LABEL))

    def turn_text(self) -> str:
        r = self.round
        if r is None or self.stage != "play":
            return ""
        if r.phase is Phase.OVER:
            return "Hand over"
        if r.phase is Phase.CHALLENGE:
            return "Wild draw four!"
        if r.turn == YOU and not self.demo:
            return "Your turn"
        return "Computer's turn" if r.turn == COMPUTER else "Your hand's turn"

    def draw_score(self) -> None:
        s = self.s
        row, col, h, w = SCORE_BOX
        attr = self.a(A_SCORE)
        s.box(row, col, h, w, attr, title="Score")
        head = self.a(A_SCORE_HEAD)
        s.put(row + 1, col + 2, "              You  Comp", head)
        scores = self.game.scores if self.game else [0, 0]
        s.put(row + 2, col + 2, f"Points     {scores[YOU]:6d} {scores[COMPUTER]:5d}", attr)
        cards = [len(h) for h in self.round.cards] if self.round else [0, 0]
        s.put(row + 3, col + 2, f"Cards      {cards[YOU]:6d} {cards[COMPUTER]:5d}", attr)
        g = self.match.games
        s.put(row + 4, col + 2, f"Games won  {g[YOU]:6d} {g[COMPUTER]:5d}", attr)
        target = self.game.target if self.game else self.game_point
        s.put(row + 5, col + 2, f"Game point {target:6d}", attr)
        s.put(row + 6, col + 2, f"Hand {self.hand_no}", attr)
        s.put(row + 7, col + 2, f"Match: first to {MATCH_GAMES} games", attr)

    # -- the lines at the bottom ------------------------------------------------------------

    def draw_events(self) -> None:
        """The latest events on two rows: the words that fit, older ones fall off the
        front (a sentence is never cut inside a word)."""
        lines = ui.wrap(self.event_text, self.log.width) if self.event_text else []
        self.say_on(self.log, " ".join(lines[-len(EVENT_ROWS):]), A_EVENT)

    def draw_status(self) -> None:
        text = self.status
        if self.typed:
            # Half a card code: the prompt gives way to what comes next.
            wild = self.typed == "W"
            text = f"Card: {self.typed}_   then " + (
                "C (wild) or 4 (wild draw four)" if wild else "0-9, S, R or D") \
                + "; Esc clears."
        self.say_on(self.status_line, text, self.status_attr)
        if self.stage == "game_point" and not self.demo:
            # The question of the line input; the kit draws the digits and the cursor.
            self.s.fill(PROMPT_ROW, 0, 1, 80, " ", self.a(A_TABLE))
            label = self.game_point_label()
            self.s.put(PROMPT_ROW, 1, label, self.a(A_PROMPT))
            self.s.move_cursor(PROMPT_ROW, 1 + len(label), visible=True)

    def game_point_label(self) -> str:
        return f"Game point ({MIN_GAME_POINT}-{MAX_GAME_POINT}, Enter for {self.game_point}): "

    def say_on(self, line: ui.MessageLine, text: str, attr: tuple[int, int]) -> None:
        """Say ``text`` on a message line; the cells after the words keep the table's
        colour (a message line paints its whole width in the message's)."""
        line.say(text, self.a(attr))
        table = self.a(A_TABLE)
        for row in range(line.row, line.row + line.height):
            shown = self.s.read(row, line.col, line.width).rstrip()
            self.s.paint(row, line.col + len(shown), 1, line.width - len(shown), table)

    def draw_keys(self) -> None:
        """The function keys from the hot-key table; a toggle names the mode it switches
        to (the manual's legend rule)."""
        s = self.s
        s.fill(KEYS_ROW, 0, 1, 80, " ", self.a(A_KEYS))
        col = 0
        for key, label in self.keys.legends(self.m):
            s.put(KEYS_ROW, col, key, self.a(A_KEYNAME))
            col += len(key) + 1
            s.put(KEYS_ROW, col, label, self.a(A_KEYS))
            col += len(label) + 1

    def prompt_colors(self, why: str, can_take_back: bool) -> list[Hot]:
        """The colour question on the prompt line; returns the clickable colour names."""
        row = PROMPT_ROW
        self.s.fill(row, 0, 1, 80, " ", self.a(A_TABLE))
        col = self.s.put(row, 1, why, self.a(A_PROMPT)) + 2
        hots = []
        for color in COLORS:
            name = COLOR_NAMES[color].upper()
            self.s.put(row, col, name[0], self.a((COLOR_ATTR[color], 0x09)))
            self.s.put(row, col + 1, name[1:], self.a((COLOR_ATTR[color], 0x07)))
            hots.append(Hot(row, col, len(name), color))
            col += len(name) + 2
        if can_take_back:
            self.s.put(row, col, "(Esc: take the card back)", self.a(A_TABLE))
        return hots
