"""YZ rules: five dice, thirteen boxes, two players; pure and seeded.

The scorecard follows the YZ manual: upper boxes A1-A6 (sum of that face, at least one
needed), lower boxes B1-B7 (three of a kind, four of a kind, full house 25, small straight
30, large straight 40, YZ 50, chance).  Any open box may take the dice; a box the dice do
not qualify for scores 0 (a scratch).  Further YZs earn 100 each only when the player's first
YZ was scored as 50 in B6.  The joker rule, the upper bonus and the reposting window are
described where they are coded; the official (Hasbro) readings of the joker and the bonus
are kept as named options for the solver's published checks.

Nothing here knows about screens or keys; randomness comes from the ``random.Random``
passed in.

>>> card = Scorecard()
>>> score_box("B3", parse_dice("2 2 5 5 5"), card)
25
>>> score_box("A5", parse_dice("2 2 5 5 5"), card)
15
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field, replace
from enum import Enum

from retro.kit.rules import IllegalMoveError, NotationError

UPPER: tuple[str, ...] = ("A1", "A2", "A3", "A4", "A5", "A6")
LOWER: tuple[str, ...] = ("B1", "B2", "B3", "B4", "B5", "B6", "B7")
BOXES: tuple[str, ...] = UPPER + LOWER

#: The manual's names for the boxes, in scorecard order.
BOX_NAMES: dict[str, str] = {
    "A1": "Ones", "A2": "Twos", "A3": "Threes", "A4": "Fours", "A5": "Fives", "A6": "Sixes",
    "B1": "3 of a Kind", "B2": "4 of a Kind", "B3": "Full House", "B4": "Sm Straight",
    "B5": "Lg Straight", "B6": "YZ", "B7": "Chance",
}

FULL_HOUSE = 25
SMALL_STRAIGHT = 30
LARGE_STRAIGHT = 40
YZ_SCORE = 50
#: Each further YZ earns this when the first YZ was scored 50 (manual: "MULTIPLE YZ BONUSES").
YZ_BONUS = 100
#: The usual upper-section bonus.  The YZ manual lists none, so it is an option (off).
UPPER_BONUS = 35
UPPER_BONUS_AT = 63
ROLLS_PER_TURN = 3
DICE = 5

Dice = tuple[int, ...]


class YZError(IllegalMoveError):
    """A move the rules do not allow; the message is meant for the player."""


class YZNotationError(NotationError):
    """Dice or a box label that cannot be read; the message is meant for the player."""


class IllegalRoll(YZError):
    """Rolling when no roll is allowed (e.g. a fourth roll)."""


class IllegalPost(YZError):
    """Posting to a box that is used or not allowed by the joker rule."""


class Joker(Enum):
    """Where a YZ rolled after B6 is used (with 50 or a scratch) may go.

    AS_WRITTEN is the YZ help text: the YZ is a joker only when its own upper box is used
    too.  A joker may go to any open lower box at full value (Full House 25, the straights 30
    and 40) or, like any roll, scratch an open box; with the lower section full it scratches
    an upper box.  While its upper box is open it is an ordinary roll: it scores where it
    qualifies (that upper box, 3 and 4 of a Kind, Chance) and may scratch any open box.  The
    published solitaire analyses call this the "free choice" joker.
    FORCED is the official (Hasbro) rule: the YZ must go to its own upper box while that box
    is open; otherwise to an open lower box at full value; only when the lower section is
    full may it scratch an upper box.
    """

    AS_WRITTEN = "as-written"
    FORCED = "forced"


class YZBonus(Enum):
    """When a second or later YZ earns the 100-point bonus.

    FIRST_YZ_50 is the YZ help text: "if, and only if, the first YZ was scored as 50": the
    player's first posted YZ decides, once and for all.  A first YZ put anywhere but B6 (a
    scratch of B6 before any YZ included) means no bonus in this game, even after a later YZ
    fills B6 with 50.
    BOX_HOLDS_50 is the official (Hasbro) rule: every YZ posted while B6 holds 50 earns it.
    """

    FIRST_YZ_50 = "first-yz-50"
    BOX_HOLDS_50 = "box-holds-50"


@dataclass(frozen=True)
class Rules:
    """The rules in force.  The defaults are the YZ help text's."""

    upper_bonus: bool = False
    joker: Joker = Joker.AS_WRITTEN
    yz_bonus: YZBonus = YZBonus.FIRST_YZ_50


DEFAULT_RULES = Rules()
#: The rules of the published solitaire analyses (optimal mean 254.5896): the upper bonus,
#: the free-choice joker (which is the help text's joker) and the official YZ bonus.
PUBLISHED_RULES = Rules(upper_bonus=True, joker=Joker.AS_WRITTEN,
                        yz_bonus=YZBonus.BOX_HOLDS_50)


# -- dice ----------------------------------------------------------------------------------

def parse_dice(text: str) -> Dice:
    """``"3 1 6 6 2"`` or ``"31662"`` to a tuple of five faces 1-6 (order kept)."""
    digits = [ch for ch in text if not ch.isspace() and ch != ","]
    if len(digits) != DICE or any(ch not in "123456" for ch in digits):
        raise YZNotationError(f"Dice must be five faces 1-6, not {text!r}.")
    return tuple(int(ch) for ch in digits)


def format_dice(dice: Dice) -> str:
    """The faces separated by spaces: ``"3 1 6 6 2"``."""
    return " ".join(str(d) for d in dice)


def parse_box(text: str) -> str:
    """A box label in any case (``"a3"``, ``"B6"``) to its canonical form."""
    label = text.strip().upper()
    if label not in BOXES:
        raise YZNotationError(f"There is no box {text!r}: the boxes are A1-A6 and B1-B7.")
    return label


def format_box(box: str) -> str:
    """The label with the manual's name: ``"B3 Full House"``."""
    return f"{box} {BOX_NAMES[box]}"


def is_yz(dice: Dice) -> bool:
    """Five dice showing the same face."""
    return len(dice) == DICE and len(set(dice)) == 1


def _longest_run(dice: Dice) -> int:
    faces = sorted(set(dice))
    best = run = 0
    prev = -1
    for f in faces:
        run = run + 1 if f == prev + 1 else 1
        best = max(best, run)
        prev = f
    return best


def natural_score(box: str, dice: Dice) -> int:
    """What the dice score in ``box`` by the table alone (0 if they do not qualify)."""
    counts = Counter(dice)
    total = sum(dice)
    if box in UPPER:
        face = int(box[1])
        return face * counts[face]
    most = max(counts.values())
    match box:
        case "B1":
            return total if most >= 3 else 0
        case "B2":
            return total if most >= 4 else 0
        case "B3":
            # "3 of 1 die, 2 of another": five alike is not a full house (except as a joker).
            return FULL_HOUSE if sorted(counts.values()) == [2, 3] else 0
        case "B4":
            return SMALL_STRAIGHT if _longest_run(dice) >= 4 else 0
        case "B5":
            return LARGE_STRAIGHT if _longest_run(dice) == 5 else 0
        case "B6":
            return YZ_SCORE if most == 5 else 0
        case "B7":
            return total
    raise YZNotationError(f"There is no box {box!r}.")


def joker_score(box: str, dice: Dice) -> int:
    """A YZ used as a joker: lower boxes score in full, upper boxes by the table."""
    match box:
        case "B3":
            return FULL_HOUSE
        case "B4":
            return SMALL_STRAIGHT
        case "B5":
            return LARGE_STRAIGHT
    return natural_score(box, dice)


# -- the scorecard ---------------------------------------------------------------------------

@dataclass(frozen=True)
class Scorecard:
    """One player's card: each box's score or None (open), the YZ bonuses earned, and the box
    the player's first YZ went to (None until a YZ is posted), which decides the bonus."""

    scores: tuple[int | None, ...] = (None,) * len(BOXES)
    yz_bonuses: int = 0
    first_yz: str | None = None

    def __getitem__(self, box: str) -> int | None:
        return self.scores[BOXES.index(box)]

    def is_open(self, box: str) -> bool:
        return self[box] is None

    @property
    def open_boxes(self) -> tuple[str, ...]:
        return tuple(b for b, s in zip(BOXES, self.scores, strict=True) if s is None)

    @property
    def full(self) -> bool:
        return all(s is not None for s in self.scores)

    @property
    def upper_subtotal(self) -> int:
        return sum(self[b] or 0 for b in UPPER)

    def upper_bonus(self, rules: Rules) -> int:
        return UPPER_BONUS if rules.upper_bonus and self.upper_subtotal >= UPPER_BONUS_AT else 0

    @property
    def lower_total(self) -> int:
        return sum(self[b] or 0 for b in LOWER)

    @property
    def yz_bonus_points(self) -> int:
        return YZ_BONUS * self.yz_bonuses

    def total(self, rules: Rules) -> int:
        return (self.upper_subtotal + self.upper_bonus(rules) + self.lower_total
                + self.yz_bonus_points)

    def bonus_eligible(self, rules: Rules = DEFAULT_RULES) -> bool:
        """Whether a YZ posted now earns the 100-point bonus (see ``YZBonus``)."""
        if rules.yz_bonus is YZBonus.BOX_HOLDS_50:
            return self["B6"] == YZ_SCORE
        return self.first_yz == "B6"

    def with_score(self, box: str, score: int, bonus: bool) -> Scorecard:
        """The card with ``score`` in ``box`` (and one more bonus if ``bonus``); the first-YZ
        record is left alone (``post`` keeps it)."""
        scores = list(self.scores)
        scores[BOXES.index(box)] = score
        return replace(self, scores=tuple(scores), yz_bonuses=self.yz_bonuses + int(bonus))

    def to_dict(self) -> dict[str, int | None]:
        return dict(zip(BOXES, self.scores, strict=True))


def is_joker(card: Scorecard, dice: Dice) -> bool:
    """A YZ rolled after B6 is used, with its own upper box used too (the help text)."""
    return is_yz(dice) and not card.is_open("B6") and not card.is_open(f"A{dice[0]}")


def allowed_posts(card: Scorecard, dice: Dice, rules: Rules = DEFAULT_RULES) -> dict[str, int]:
    """Every box the dice may go to now, with the score each would get.

    Normally every open box is allowed (a box the dice do not fit takes 0: a scratch).  A YZ
    rolled after B6 is used may be a joker, and ``rules.joker`` decides where it may go.
    """
    open_boxes = card.open_boxes
    if not is_yz(dice) or card.is_open("B6"):
        return {b: natural_score(b, dice) for b in open_boxes}
    own = f"A{dice[0]}"
    if rules.joker is Joker.AS_WRITTEN:
        if card.is_open(own):
            return {b: natural_score(b, dice) for b in open_boxes}
        return {b: joker_score(b, dice) for b in open_boxes}
    if card.is_open(own):
        return {own: natural_score(own, dice)}
    lower = [b for b in open_boxes if b in LOWER]
    if lower:
        return {b: joker_score(b, dice) for b in lower}
    return {b: 0 for b in open_boxes}


def score_box(box: str, dice: Dice, card: Scorecard, rules: Rules = DEFAULT_RULES) -> int:
    """The score ``dice`` would get in ``box`` on ``card``; raises IllegalPost if not allowed."""
    box = parse_box(box)
    if not card.is_open(box):
        raise IllegalPost(f"{format_box(box)} is already used.")
    allowed = allowed_posts(card, dice, rules)
    if box not in allowed:
        raise IllegalPost(_joker_reason(card, dice))
    return allowed[box]


def _joker_reason(card: Scorecard, dice: Dice) -> str:
    own = f"A{dice[0]}"
    if card.is_open(own):
        return f"Under the official joker rule this YZ must go in {format_box(own)}."
    return "Under the official joker rule this YZ must go in an open lower box (B1-B7)."


def earns_yz_bonus(card: Scorecard, dice: Dice, rules: Rules = DEFAULT_RULES) -> bool:
    """Whether posting ``dice`` now earns the 100-point bonus (anywhere it goes)."""
    return is_yz(dice) and card.bonus_eligible(rules)


def post(card: Scorecard, box: str, dice: Dice, rules: Rules = DEFAULT_RULES) -> Scorecard:
    """The card after posting ``dice`` to ``box``, YZ bonus and first-YZ record included."""
    score = score_box(box, dice, card, rules)
    box = parse_box(box)
    after = card.with_score(box, score, earns_yz_bonus(card, dice, rules))
    if is_yz(dice) and card.first_yz is None:
        after = replace(after, first_yz=box)
    return after


# -- the game --------------------------------------------------------------------------------

class Phase(Enum):
    ROLL = "roll"        # the player to move rolls (roll 0) or may roll again / post
    POSTED = "posted"    # the player has posted; may repost until the next player's roll
    OVER = "over"


@dataclass(frozen=True)
class Posting:
    """The last posting of a turn, kept so it can be changed before the next roll."""

    player: int
    box: str
    before: Scorecard   # the card as it was, restored when the player reposts


@dataclass
class Game:
    """A game of YZ between one or two players.

    ``marked`` are the dice chosen for the next roll (the manual's "select dice to be
    rerolled"); ``held`` is its complement.  The game ends when the last card is full; that
    last posting is final, since no further roll can come.
    """

    players: tuple[str, ...] = ("1", "2")
    rules: Rules = field(default_factory=Rules)
    cards: list[Scorecard] = field(default_factory=list)
    turn: int = 0
    roll: int = 0
    dice: Dice = ()
    marked: tuple[bool, ...] = (False,) * DICE
    phase: Phase = Phase.ROLL
    posting: Posting | None = None

    def __post_init__(self) -> None:
        if not self.cards:
            self.cards = [Scorecard() for _ in self.players]

    # -- questions ----------------------------------------------------------------------------

    @property
    def card(self) -> Scorecard:
        """The card of the player whose turn it is."""
        return self.cards[self.turn]

    @property
    def held(self) -> tuple[bool, ...]:
        return tuple(not m for m in self.marked)

    def can_roll(self) -> bool:
        if self.phase is Phase.POSTED:
            return True
        return self.phase is Phase.ROLL and self.roll < ROLLS_PER_TURN

    def can_post(self) -> bool:
        return self.phase is Phase.ROLL and self.roll >= 1

    def allowed(self) -> dict[str, int]:
        """Boxes open to the current dice and their scores ({} when no posting is possible)."""
        if self.phase is Phase.POSTED and self.posting is not None:
            return allowed_posts(self.posting.before, self.dice, self.rules)
        if not self.can_post():
            return {}
        return allowed_posts(self.card, self.dice, self.rules)

    def winner(self) -> int | None:
        """Index of the winning player once the game is over (None for a tie)."""
        if self.phase is not Phase.OVER:
            return None
        totals = [c.total(self.rules) for c in self.cards]
        best = max(totals)
        return totals.index(best) if totals.count(best) == 1 else None

    # -- moves ----------------------------------------------------------------------------------

    def toggle(self, index: int) -> None:
        """Mark die ``index`` (0-4) for the next roll, or restore it."""
        if not 0 <= index < DICE:
            raise YZError(f"There is no die {index + 1}.")
        if self.phase is not Phase.ROLL or self.roll == 0:
            raise YZError("Roll the dice first.")
        if self.roll >= ROLLS_PER_TURN:
            raise IllegalRoll("Three rolls are up: post your score.")
        marked = list(self.marked)
        marked[index] = not marked[index]
        self.marked = tuple(marked)

    def select_all(self) -> None:
        """Mark all five dice to be rolled again."""
        if self.phase is not Phase.ROLL or self.roll == 0:
            raise YZError("Roll the dice first.")
        if self.roll >= ROLLS_PER_TURN:
            raise IllegalRoll("Three rolls are up: post your score.")
        self.marked = (True,) * DICE

    def roll_dice(self, rng: random.Random) -> Dice:
        """Roll: all five on a turn's first roll, else the marked dice.

        After a posting this is the next player's first roll, which makes the posting final.
        """
        if self.phase is Phase.OVER:
            raise IllegalRoll("The game is over.")
        if self.phase is Phase.POSTED:
            self._next_turn()
        if self.roll >= ROLLS_PER_TURN:
            raise IllegalRoll("Three rolls are up: post your score.")
        if self.roll == 0:
            self.dice = tuple(rng.randint(1, 6) for _ in range(DICE))
        else:
            if not any(self.marked):
                raise IllegalRoll("Mark the dice to roll again, or post your score.")
            self.dice = tuple(rng.randint(1, 6) if m else d
                              for d, m in zip(self.dice, self.marked, strict=True))
        self.roll += 1
        self.marked = (False,) * DICE
        return self.dice

    def keep(self, held: tuple[bool, ...], rng: random.Random) -> Dice:
        """Roll again keeping the ``held`` dice (the computer player's move)."""
        self.marked = tuple(not h for h in held)
        return self.roll_dice(rng)

    def post(self, box: str) -> int:
        """Post the dice to ``box`` (or repost them there); returns the score given."""
        box = parse_box(box)
        if self.phase is Phase.POSTED and self.posting is not None:
            before = self.posting.before
        elif self.can_post():
            before = self.card
        else:
            raise IllegalPost("Roll the dice before posting." if self.phase is Phase.ROLL
                              else "The game is over.")
        after = post(before, box, self.dice, self.rules)
        self.cards[self.turn] = after
        self.posting = Posting(self.turn, box, before)
        self.phase = Phase.POSTED
        self.marked = (False,) * DICE
        if all(c.full for c in self.cards):
            self.phase = Phase.OVER
        return after[box] or 0

    @property
    def posting_bonus(self) -> int:
        """The YZ bonus points the posting that can still be changed earned (0 if none)."""
        if self.posting is None:
            return 0
        after = self.cards[self.posting.player]
        return after.yz_bonus_points - self.posting.before.yz_bonus_points

    def _next_turn(self) -> None:
        self.turn = (self.turn + 1) % len(self.players)
        self.roll = 0
        self.posting = None
        self.phase = Phase.ROLL

    def to_state(self) -> dict[str, object]:
        """The documented state: see games/yz/README.md."""
        return {
            "phase": self.phase.value,
            "turn": self.turn,
            "players": list(self.players),
            "roll": self.roll,
            "dice": list(self.dice),
            "held": list(self.held),
            "scorecards": [c.to_dict() for c in self.cards],
            "yz_bonus": [c.yz_bonus_points for c in self.cards],
            "totals": [c.total(self.rules) for c in self.cards],
            "posted": self.posting.box if self.posting else None,
            "first_yz": [c.first_yz for c in self.cards],
            "options": {"upper_bonus": self.rules.upper_bonus, "joker": self.rules.joker.value,
                        "yz_bonus": self.rules.yz_bonus.value},
        }
