"""An independent referee for Yucky Lucky You!, written from the manual, not from rules.py.

It drives the real program (the ``yucky`` entry point on a headless machine) as the
person at the keyboard would: keys and clicks found on the screen, sometimes wrong ones,
the cry remembered or forgotten, the computer's missing cry called or not, demo hands
now and then.  After every step it reads the published state and checks that what
changed is one move the manual allows, with its consequences:

* the 108 cards are all there (hands + discard + draw pile), no card more often than
  the deck has it, no hand over 72;
* a play matches the discard pile by colour, number or kind, or is a wild; after a
  draw only the drawn card may go down; a drawn card that fits must be played;
* skip and reverse give the player another turn, draw two gives the opponent two
  cards and another turn to the player; a wild names a colour;
* a wild draw four by the computer is always legal; the computer challenges yours
  exactly when it was not; the right side draws four or six;
* the cry: a player going down to one card without the cry is caught (two cards) only
  before the next move; the computer always catches you; you catch it only when you
  call it in time; a cry counts only for the play it was made for;
* the winner of a hand scores the loser's cards (face value, 20, 50); the game ends at
  the game point; the match file counts the games won (not demo games) and starts over
  after four.

Nothing here imports the rules engine; the deck and the scores are the manual's.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from retro.frontends.host import Driver
from retro.frontends.script import make_machine
from retro.pc.clock import VirtualClock
from retro.pc.events import Click, Event, Key
from retro.pc.machine import Sleep, WaitKey
from retro.programs import find

COLOURS = "RGBV"
COLOUR_WORDS = {"R": "RED", "G": "GREEN", "B": "BLUE", "V": "VIOLET"}
SEATS = ("you", "computer")


def manual_deck() -> Counter[str]:
    """The manual's 108 cards: per colour one 0, two of 1-9, skip, reverse, draw two."""
    deck: Counter[str] = Counter()
    for colour in COLOURS:
        deck[colour + "0"] = 1
        for rank in "123456789SRD":
            deck[colour + rank] = 2
    deck["WC"] = deck["W4"] = 4
    return deck


DECK = manual_deck()


def points(card: str) -> int:
    if card[0] == "W":
        return 50
    return 20 if card[1] in "SRD" else int(card[1])


def fits(card: str, top: str, colour: str | None) -> bool:
    """The manual's matching rule: colour, numeral or action, or a wild on anything."""
    if card[0] == "W":
        return True
    return card[0] == colour or (top[0] != "W" and card[1] == top[1])


def w4_allowed(hand: list[str], colour: str | None, without: str = "W4") -> bool:
    rest = list(hand)
    rest.remove(without)
    return not any(c[0] == colour for c in rest)


class RefereeError(AssertionError):
    """A transition the manual does not allow."""


@dataclass
class Snapshot:
    phase: str
    hand_number: int
    turn: str | None
    hands: dict[str, list[str]]
    discard: list[str]
    draw_pile: int
    colour: str | None
    drawn: str | None
    uncried: str | None
    scores: dict[str, int]
    games: dict[str, int]
    game_point: int
    demo: bool
    multiple: bool
    long_game: bool
    status: str

    @classmethod
    def of(cls, state: dict[str, Any]) -> Snapshot:
        return cls(phase=state["phase"], hand_number=state["hand_number"], turn=state["turn"],
                   hands={s: list(state["hands"][s]) for s in SEATS},
                   discard=list(state["discard"]), draw_pile=state["draw_pile"],
                   colour=state["color"], drawn=state["drawn"], uncried=state["uncried"],
                   scores=dict(state["scores"]), games=dict(state["games"]),
                   game_point=state["game_point"], demo=state["options"]["demo"],
                   multiple=state["hand_options"]["multiple_draw"],
                   long_game=state["hand_options"]["long_game"], status=state["status"])

    def rules_view(self) -> tuple:
        return (self.phase, self.hand_number, self.turn, self.hands, self.discard,
                self.draw_pile, self.colour, self.drawn, self.uncried, self.scores,
                self.games)

    @property
    def in_hand(self) -> bool:
        return self.phase in ("play", "drawn", "challenge", "start_color")

    @property
    def top(self) -> str:
        return self.discard[-1]


@dataclass
class Tally:
    hands: int = 0
    transitions: int = 0
    plays: Counter[str] = field(default_factory=Counter)
    caught: Counter[str] = field(default_factory=Counter)
    challenges: Counter[str] = field(default_factory=Counter)
    games: int = 0
    clicks: int = 0
    refused: int = 0
    demo_hands: int = 0
    # Hands dealt under each rule: "long_game on", "multiple_draw off", ...
    hand_options: Counter[str] = field(default_factory=Counter)


def other(seat: str) -> str:
    return "computer" if seat == "you" else "you"


def diff(before: list[str], after: list[str]) -> tuple[Counter[str], Counter[str]]:
    b, a = Counter(before), Counter(after)
    return b - a, a - b


class Referee:
    """Plays the program through ``hands`` hands from ``seed`` and checks every step."""

    def __init__(self, seed: int, home: Path, game_point: int = 100,
                 demo_rate: float = 0.15, options: str = "") -> None:
        self.rng = random.Random(seed)
        self.home = home
        self.game_point = game_point
        self.demo_rate = demo_rate
        self.machine = make_machine("", "*", seed, home, None, VirtualClock())
        self.driver = Driver(find("yucky").main(self.machine))
        self.tally = Tally()
        self.pending: list[Event] = []      # keys the referee has decided to type next
        self.cry_armed = False              # the referee's own record of its Enter
        self.w4_guilty: bool | None = None  # was the wild draw four now waiting legal?
        self.expect_catch: str | None = None
        self.catch_sent = False             # Enter sent while the computer was catchable
        self.declined = False               # chose not to call the computer's cry this time
        # Options to switch on in the first hand with F3 ("long", "multiple"): the five
        # questions are long game, open hands, multiple draw, replay, marks.
        self.options_keys = {"": "", "long": "ynnnn", "multiple": "nyyyy",
                             "both": "yyynn"}[options]
        self.last: Snapshot | None = None
        self.match_file_games: dict[str, int] | None = None
        self.want_demo = False

    # -- driving -------------------------------------------------------------------------

    def run(self, hands: int) -> Tally:
        m = self.machine
        request = self.driver.start()
        self.last = Snapshot.of(m.state() or {})
        last_change, seen = m.now(), 0
        while not self.driver.ended and self.tally.hands < hands:
            if self.tally.transitions != seen:
                last_change, seen = m.now(), self.tally.transitions
            elif m.now() - last_change > 120:
                raise RefereeError(f"nothing happened for two minutes: {self.last}")
            if isinstance(request, Sleep):
                m.clock.advance(request.seconds)
                request = self.driver.resume(None)
            else:
                assert isinstance(request, WaitKey)
                event = m.take()
                if event is None:
                    event = self.decide(request.timeout)
                if event is None:
                    m.clock.advance(request.timeout or 0.001)
                elif isinstance(event, Click):
                    self.tally.clicks += 1
                request = self.driver.resume(event)
            self.observe(Snapshot.of(m.state() or {}))
        return self.tally

    def decide(self, timeout: float | None) -> Event | None:
        """The person's next input: None lets a delay pass."""
        s = self.last
        assert s is not None
        if timeout is not None:
            # The computer is thinking: call its missing cry now and then.
            if s.uncried == "computer" and not s.demo and not self.catch_sent \
                    and not self.declined:
                if self.rng.random() < 0.5:
                    self.catch_sent = True
                    return self.cry_key()
                self.declined = True
            if s.demo and s.phase in ("hand_over", "game_over") and not self.want_demo \
                    and self.rng.random() < 0.3:
                self.want_demo = True       # once: the key takes effect at the next hand
                return Key("F2")
            return None
        if self.pending:
            return self.pending.pop(0)
        return self.choose(s)

    def cry_key(self) -> Event:
        if self.rng.random() < 0.3:
            return Click(8, 41)             # the CRY! button
        return Key("ENTER")

    def screen_row(self, row: int) -> str:
        return self.machine.screen.read(row)

    def click_card(self, code: str) -> Event | None:
        for row in (3, 2, 4):
            col = self.screen_row(row).find(code)
            if col >= 0:
                return Click(row, col)
        return None

    def choose(self, s: Snapshot) -> Event:
        rng = self.rng
        status = s.status
        if "(Y/N)" in status and s.phase != "game_point":
            if "Play another game?" in status:
                return Key("y") if rng.random() < 0.8 else Click(0, 0, "right")
            if "Give up" in status:
                return Key("y") if rng.random() < 0.5 else Key("n")
            return Key("n")
        if s.phase == "game_point":
            if s.demo:
                return Key("F2")
            digits = str(self.game_point)
            self.pending = [Key(ch) for ch in digits[1:]] + [Key("ENTER")]
            return Key(digits[0])
        if s.phase in ("hand_over", "game_over", "match_over"):
            if not s.demo and rng.random() < self.demo_rate:
                self.want_demo = False
                return Key("F2")            # watch the computer play the next hand(s)
            return Key(" ")
        if s.demo:
            return Key("F2")                # the demo came back to a question: take over
        if s.phase == "start_color" or "pick the colour" in self.screen_row(23):
            return self.colour_choice()
        if s.phase in ("play", "drawn") and s.turn == "you":
            if self.options_keys:
                keys, self.options_keys = self.options_keys, ""
                self.pending = [Key(k) for k in keys]
                return Key("F3")
            return self.your_move(s)
        return Key(" ")

    def colour_choice(self) -> Event:
        colour = self.rng.choice(COLOURS)
        if self.rng.random() < 0.3:
            line = self.screen_row(23)
            col = line.find(COLOUR_WORDS[colour])
            if col >= 0:
                return Click(23, col + 1)
        return Key(colour.lower() if self.rng.random() < 0.5 else colour)

    def your_move(self, s: Snapshot) -> Event:
        rng = self.rng
        hand = s.hands["you"]
        if s.uncried == "computer" and not self.catch_sent and not self.declined:
            if rng.random() < 0.5:
                self.catch_sent = True
                return self.cry_key()
            self.declined = True
        catchable = s.uncried == "computer"     # Enter would catch, not cry
        single_drawn = s.phase == "drawn" and not s.multiple
        legal = [c for c in sorted(set(hand)) if fits(c, s.top, s.colour)]
        if single_drawn:
            legal = [s.drawn] if s.drawn else []
        # Cry before the play that leaves one card (mostly), sometimes at a wrong time.
        if len(hand) == 2 and not self.cry_armed and not catchable and rng.random() < 0.75:
            self.cry_armed = True
            return Key("ENTER") if rng.random() < 0.7 else Click(8, 41)
        if rng.random() < 0.04:
            bad = [c for c in sorted(set(hand)) if not fits(c, s.top, s.colour)]
            if bad:
                self.tally.refused += 1
                return self.type_card(rng.choice(bad))
        if rng.random() < 0.01 and s.phase == "play":
            return Key("x")                 # give up (asks first)
        if s.phase == "drawn" and s.multiple and (not legal or rng.random() < 0.3):
            return Key("p") if rng.random() < 0.5 else Key(" ")
        if not legal or rng.random() < 0.08:
            if single_drawn:
                return Key(" ")
            return Key(" ") if rng.random() < 0.6 else Click(20, 60, "right")
        honest = [c for c in legal if c != "W4" or w4_allowed(hand, s.colour)]
        pick = rng.choice(honest if honest and rng.random() < 0.9 else legal)
        if single_drawn and rng.random() < 0.5:
            if pick[0] == "W":
                self.pending = [Key(rng.choice(COLOURS))]
            return Key(" ")                 # Space plays the drawn card
        return self.type_card(pick)

    def type_card(self, code: str) -> Event:
        tail: list[Event] = []
        if code[0] == "W":
            colour = self.rng.choice(COLOURS)
            tail = [Key(colour)]
        if self.rng.random() < 0.35:
            click = self.click_card(code)
            if click is not None:
                self.pending = tail
                return click
        self.pending = [Key(code[1].lower() if self.rng.random() < 0.3 else code[1]), *tail]
        return Key(code[0])

    # -- checking ------------------------------------------------------------------------

    def observe(self, now: Snapshot) -> None:
        before = self.last
        assert before is not None
        self.last = now
        if now.rules_view() == before.rules_view():
            return
        self.tally.transitions += 1
        self.check_cards(now)
        if now.hand_number != before.hand_number and now.in_hand:
            self.check_deal(before, now)
            return
        if not before.in_hand:
            self.check_between_hands(before, now)
            return
        self.check_move(before, now)

    def fail(self, text: str, before: Snapshot, now: Snapshot) -> None:
        raise RefereeError(f"{text}\n before: {before}\n after:  {now}")

    def check_cards(self, s: Snapshot) -> None:
        if not s.in_hand and s.phase not in ("hand_over", "game_over", "match_over"):
            return
        if s.hand_number == 0:
            return
        seen = Counter(s.hands["you"]) + Counter(s.hands["computer"]) + Counter(s.discard)
        total = sum(seen.values()) + s.draw_pile
        if total != 108:
            raise RefereeError(f"{total} cards instead of 108: {s}")
        for card, n in seen.items():
            if n > DECK[card]:
                raise RefereeError(f"{n} copies of {card}: the deck has {DECK[card]}")
        if any(len(h) > 72 for h in s.hands.values()):
            raise RefereeError(f"a hand over 72 cards: {s}")

    def check_deal(self, before: Snapshot, now: Snapshot) -> None:
        self.tally.hands += 1
        self.tally.demo_hands += now.demo
        for rule, on in (("long_game", now.long_game), ("multiple_draw", now.multiple)):
            self.tally.hand_options[f"{rule} {'on' if on else 'off'}"] += 1
        self.cry_armed = False
        self.catch_sent = self.declined = False
        self.expect_catch = None
        self.w4_guilty = None
        size = 52 if now.long_game else 7
        top = now.top
        if len(now.discard) != 1 or top == "W4":
            self.fail("the first discard must be one card, never a wild draw four", before,
                      now)
        counts = sorted(len(h) for h in now.hands.values())
        starter_drew = top[0] != "W" and top[1] == "D"
        expected = sorted([size, size + 2]) if starter_drew else [size, size]
        if counts != expected:
            self.fail(f"dealt {counts}, expected {expected}", before, now)
        if top[0] == "W":
            if now.phase != "start_color" or now.colour is not None:
                self.fail("a start-up wild: the starter names the colour", before, now)
        elif now.colour != top[0]:
            self.fail("the colour in play is the first card's", before, now)
        if top[0] != "W" and top[1] in "SRD":
            starter = [s for s in SEATS if len(now.hands[s]) == size + 2] if starter_drew \
                else None
            if starter and now.turn == starter[0]:
                self.fail("after a start-up draw two the starter passes", before, now)
        if before.in_hand:
            self.fail("a new hand began in the middle of one", before, now)

    def check_between_hands(self, before: Snapshot, now: Snapshot) -> None:
        if before.phase == "match_over":
            if now.games != {"you": 0, "computer": 0}:
                self.fail("after the match a new one starts at 0-0", before, now)
        elif now.phase in ("game_over", "match_over") and before.phase == "hand_over":
            self.check_game_over(before, now)
        elif now.games != before.games:
            self.fail("games won changed outside a game's end", before, now)

    def check_game_over(self, before: Snapshot, now: Snapshot) -> None:
        self.tally.games += 1
        leader = max(SEATS, key=lambda s: now.scores[s])
        if now.scores[leader] < now.game_point:
            self.fail("the game ended before the game point", before, now)
        if now.demo:
            if now.games != before.games:
                self.fail("a demo game counted for the match", before, now)
            return
        won = dict(before.games)
        won[leader] += 1
        if now.games != won:
            self.fail(f"games won {now.games}, expected {won}", before, now)
        saved = self.read_match_file()
        expected = {"you": 0, "computer": 0} if max(won.values()) >= 4 else won
        if saved != expected:
            self.fail(f"the match file holds {saved}, expected {expected}", before, now)
        if (now.phase == "match_over") != (max(won.values()) >= 4):
            self.fail("the match is won by the first to four games", before, now)

    def read_match_file(self) -> dict[str, int]:
        text = (self.home / "YUCKY.SCR").read_text(encoding="ascii").split()
        # "YUCKY LUCKY YOU! MATCH you N computer M"
        return {"you": int(text[text.index("you") + 1]),
                "computer": int(text[text.index("computer") + 1])}

    def check_move(self, b: Snapshot, n: Snapshot) -> None:
        lost = {s: diff(b.hands[s], n.hands[s])[0] for s in SEATS}
        got = {s: diff(b.hands[s], n.hands[s])[1] for s in SEATS}
        gained = {s: len(n.hands[s]) - len(b.hands[s]) for s in SEATS}
        over = n.phase in ("hand_over", "game_over", "match_over")
        caught_now = b.uncried is not None and gained[b.uncried] == 2 \
            and not any(lost.values())
        robot_catcher = self.expect_catch == "you" or b.demo
        if self.expect_catch and robot_catcher and not caught_now:
            self.fail("the computer always calls your missing cry before the next move", b, n)
        self.expect_catch = None
        if self.catch_sent and b.uncried == "computer" and not b.demo and not caught_now:
            self.fail("your call of the computer's missing cry in time was not honoured", b, n)
        played = [s for s in SEATS if sum(lost[s].values()) == 1 and len(n.discard) >= 1
                  and n.top in lost[s]]
        if b.phase == "start_color":
            if n.colour not in tuple(COLOURS) or any(gained.values()):
                self.fail("naming the start colour changes nothing else", b, n)
            return
        if b.uncried and not any(lost.values()) and gained[b.uncried] == 2 \
                and gained[other(b.uncried)] == 0 and n.turn == b.turn \
                and n.uncried is None and n.phase == b.phase:
            self.check_catch(b, n)
            return
        if played:
            self.check_play(b, n, played[0], gained)
        elif b.phase == "challenge":
            self.check_answer(b, n, gained)
        elif over and not any(gained.values()) and not any(lost.values()):
            self.check_give_up(b, n)
            return
        elif b.turn is not None and gained[b.turn] in (0, 1) and gained[other(b.turn)] == 0:
            self.check_draw(b, n, gained[b.turn], got[b.turn])
        else:
            self.fail("no move of the manual explains this", b, n)
        if b.uncried and n.uncried == b.uncried and not over:
            self.fail("a missing cry stays catchable after the next move", b, n)
        if over:
            self.check_hand_end(b, n)

    def check_catch(self, b: Snapshot, n: Snapshot) -> None:
        target = b.uncried
        assert target is not None
        self.tally.caught[target] += 1
        if target == "computer" and not self.catch_sent and not b.demo:
            self.fail("the computer was caught without your call", b, n)

    def check_play(self, b: Snapshot, n: Snapshot, seat: str, gained: dict[str, int]) -> None:
        card = n.top
        self.tally.plays[card if card[0] == "W" else "X" + card[1]] += 1
        if b.turn != seat or b.phase not in ("play", "drawn"):
            self.fail(f"{seat} played out of turn", b, n)
        if not fits(card, b.top, b.colour):
            self.fail(f"{card} does not match {b.top} ({b.colour})", b, n)
        if b.phase == "drawn" and not b.multiple and card != b.drawn:
            self.fail("after a draw only the drawn card may be played", b, n)
        rest = n.hands[seat]
        opp = other(seat)
        if card == "W4":
            self.w4_guilty = not w4_allowed(b.hands[seat], b.colour)
            if (seat == "computer" or n.demo) and self.w4_guilty:
                self.fail("the computer never plays a wild draw four wrongly", b, n)
            if n.phase != "challenge" or n.turn != opp:
                self.fail("a wild draw four waits for the opponent's answer", b, n)
        elif card[0] == "W":
            if n.colour not in tuple(COLOURS) or (rest and n.turn != opp):
                self.fail("a wild names a colour and passes the turn", b, n)
        else:
            if n.colour != card[0]:
                self.fail("the colour in play follows the card", b, n)
            again = card[1] in "SRD"
            if rest and n.turn != (seat if again else opp):
                self.fail(f"{card}: wrong player next", b, n)
            due = 2 if card[1] == "D" else 0
            if gained[opp] != due and len(n.hands[opp]) < 72:
                self.fail(f"{card}: the opponent should draw {due}", b, n)
        # The cry: one card left.
        if len(rest) == 1:
            human = seat == "you" and not n.demo
            cried = self.cry_armed if human else n.uncried != seat
            if human and (n.uncried == "you") == cried:
                self.fail("the cry you issued (or forgot) was not honoured", b, n)
            if not cried:
                self.expect_catch = seat
        elif n.uncried is not None:
            self.fail("only a player left with one card can be caught", b, n)
        if seat == "you":
            self.cry_armed = False
        self.catch_sent = self.declined = False

    def check_answer(self, b: Snapshot, n: Snapshot, gained: dict[str, int]) -> None:
        victim, player = b.turn, other(b.turn or "you")
        assert victim is not None
        guilty = self.w4_guilty
        robot = victim == "computer" or b.demo
        if robot and guilty:
            outcome = "guilty"
            ok = gained[player] == 4 and gained[victim] == 0 and n.turn == victim
        elif robot and guilty is False:
            outcome = "accepted"
            ok = gained[victim] == 4 and gained[player] == 0 and n.turn == player
        else:
            outcome = "taken"                # you have no challenge command
            ok = gained[victim] == 4 and gained[player] == 0 and n.turn == player
        full = any(len(n.hands[s]) >= 72 for s in SEATS) or n.draw_pile == 0
        if not ok and not full:
            self.fail(f"wild draw four answered wrongly ({outcome})", b, n)
        self.tally.challenges[outcome] += 1
        self.w4_guilty = None
        self.catch_sent = self.declined = False
        self.cry_armed = False

    def check_draw(self, b: Snapshot, n: Snapshot, count: int, got: Counter[str]) -> None:
        seat = b.turn
        assert seat is not None
        if b.phase == "drawn" and not b.multiple:
            self.fail("a second draw without the multiple-draw option", b, n)
        if count == 1:
            card = next(iter(got))
            playable = fits(card, b.top, b.colour) and (
                card != "W4" or w4_allowed(n.hands[seat], b.colour))
            if n.phase == "drawn":
                if n.turn != seat or n.drawn != card:
                    self.fail("the drawn card waits to be played", b, n)
                if not b.multiple and not playable:
                    self.fail(f"drawn {card} does not fit but the turn went on", b, n)
            elif b.multiple or playable:
                self.fail(f"drawn {card} fits and must be played", b, n)
            elif n.turn != other(seat):
                self.fail("a drawn card that does not fit ends the turn", b, n)
        elif n.turn != other(seat):
            self.fail("a pass gives the turn to the opponent", b, n)
        if seat == "you":
            self.cry_armed = False
        self.catch_sent = self.declined = False

    def check_give_up(self, b: Snapshot, n: Snapshot) -> None:
        loser = b.turn
        assert loser is not None
        winner = other(loser)
        due = sum(points(c) for c in n.hands[loser])
        if n.scores[winner] - b.scores[winner] != due:
            self.fail("a hand given up scores the loser's cards for the winner", b, n)

    def check_hand_end(self, b: Snapshot, n: Snapshot) -> None:
        out = [s for s in SEATS if not n.hands[s]]
        if not out:
            self.fail("the hand ended with cards in both hands", b, n)
        winner = out[0]
        due = sum(points(c) for c in n.hands[other(winner)])
        if n.scores[winner] - b.scores[winner] != due:
            self.fail(f"{winner} should score {due}", b, n)
        if n.scores[other(winner)] != b.scores[other(winner)]:
            self.fail("only the winner scores", b, n)
        if n.phase in ("game_over", "match_over"):
            self.check_game_over(b, n)


def referee_run(seed: int, hands: int, home: Path, **kw: Any) -> Tally:
    return Referee(seed, home, **kw).run(hands)


def main() -> None:
    """``python tests/yucky/referee.py --runs 32 --hands 40``: a longer run than the suite's.

    Runs cycle through the options plain, plain, long game (10 hands: they are long),
    multiple draw; seeds start at ``--seed``.
    """
    import argparse
    import tempfile
    import time

    parser = argparse.ArgumentParser(description=main.__doc__)
    parser.add_argument("--runs", type=int, default=32)
    parser.add_argument("--hands", type=int, default=40)
    parser.add_argument("--seed", type=int, default=100)
    args = parser.parse_args()
    start = time.perf_counter()
    total = Tally()
    faults = 0
    for seed in range(args.seed, args.seed + args.runs):
        options = ("", "", "long", "multiple")[seed % 4]
        hands = 10 if options == "long" else args.hands
        with tempfile.TemporaryDirectory() as home:
            try:
                tally = referee_run(seed, hands, Path(home), options=options)
            except RefereeError as err:
                faults += 1
                print(f"seed {seed} ({options or 'plain'}): {err}")
                continue
        for name in ("hands", "transitions", "games", "clicks", "refused", "demo_hands"):
            setattr(total, name, getattr(total, name) + getattr(tally, name))
        total.plays += tally.plays
        total.caught += tally.caught
        total.challenges += tally.challenges
        total.hand_options += tally.hand_options
    print(f"hands = {total.hands}\ntransitions = {total.transitions}\ngames = {total.games}\n"
          f"clicks = {total.clicks}\ndemo_hands = {total.demo_hands}\n"
          f"caught = {dict(total.caught)}\nchallenges = {dict(total.challenges)}\n"
          f"wild_draw_fours = {total.plays['W4']}\n"
          f"hand_options = {dict(sorted(total.hand_options.items()))}\nfaults = {faults}\n"
          f"seconds = {time.perf_counter() - start:.0f}")


if __name__ == "__main__":
    main()
