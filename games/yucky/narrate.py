"""The words for what happened in a hand: one sentence per rules event, and the start-up.

Pure: no screen, no sound.  ``describe`` takes a typed event of ``rules`` and says it for
the event lines; "you" and "the computer" take their own verb forms (and in demo mode your
seat is "your hand", played by the computer).
"""

from __future__ import annotations

from retro.games.yucky.rules import (
    COLOR_NAMES,
    COMPUTER,
    HAND_LIMIT,
    YOU,
    Caught,
    Challenged,
    ColorNamed,
    Cried,
    Drew,
    Ended,
    HandEvent,
    Played,
    Redealt,
    Reshuffled,
    Round,
    Skipped,
    StartupW4,
    WentOut,
)


def _names(demo: bool) -> tuple[str, str]:
    return ("Your hand", "The computer") if demo else ("You", "The computer")


def verb(seat: int, demo: bool, plain: str, third: str | None = None) -> str:
    """``plain`` for you ("you draw"), the third person otherwise ("the computer draws")."""
    if seat == YOU and not demo:
        return plain
    return third or plain + "s"


def describe(event: HandEvent, r: Round, demo: bool) -> str:
    """A sentence for the event lines, or "" for an event told with another one."""
    name = _names(demo)
    match event:
        case Played(seat, card, color):
            if card.is_wild:
                return f"{name[seat]} {verb(seat, demo, 'play')} {card.code} for " \
                       f"{COLOR_NAMES[color]}."
            return f"{name[seat]} {verb(seat, demo, 'play')} {card.code}."
        case ColorNamed(seat, color):
            if r.top.is_wild and len(r.discard) > 1:
                return ""               # told with the wild that named it
            return f"{name[seat]} {verb(seat, demo, 'name')} {COLOR_NAMES[color]}."
        case Drew(seat, cards, why, short):
            return _drew(name[seat], seat, demo, len(cards), why, short, cards)
        case Skipped(seat):
            return f"{name[seat]} {verb(seat, demo, 'lose')} a turn."
        case Reshuffled():
            return "The discard pile is shuffled into a new draw pile."
        case Cried(seat):
            return f"{name[seat]}: \"YUCKY LUCKY YOU!\""
        case Caught(seat, _by):
            return f"Caught without the cry! {name[seat]} {verb(seat, demo, 'draw')} 2."
        case Challenged(victim, guilty):
            challenge = verb(victim, demo, "challenge")
            if guilty:
                return f"{name[victim]} {challenge} the wild draw four: it was not allowed!"
            return f"{name[victim]} {challenge} in vain."
        case WentOut(seat):
            return f"{name[seat]} {verb(seat, demo, 'go', 'goes')} out!"
        case Ended(winner, "giveup") if winner is not None:
            loser = 1 - winner
            return f"{name[loser]} {verb(loser, demo, 'give')} up the hand."
        case Ended():
            return "Nobody can play or draw: the lighter hand wins."
        case StartupW4():
            return "A wild draw four turned up and went back into the pile."
        case Redealt():
            return "Only wild draw fours were left to turn up: the cards are dealt again."
    return ""


def _drew(who: str, seat: int, demo: bool, n: int, why: str, short: str,
          cards: tuple) -> str:
    if why == "cry" and not short:
        return ""                       # told with the catch
    draw = verb(seat, demo, "draw")
    if n == 0:
        if short == "limit":
            hold = verb(seat, demo, "hold")
            return f"{who} already {hold} {HAND_LIMIT} cards: no card is drawn."
        return f"{who}: nothing left to draw."
    if why == "turn":
        if seat == YOU and not demo:
            return f"You draw {cards[0].code}."
        return f"{who} {draw} a card."
    reason = " to start" if why == "startup" else ""
    text = f"{who} {draw} {n}{reason}."
    if short == "limit":
        text += f" ({HAND_LIMIT} cards is the most a hand may hold.)"
    elif short == "empty":
        text += " (Nothing more was left to draw.)"
    return text


def start_up_text(r: Round) -> str:
    """What the first upturned card means (the manual's start-up rules)."""
    starter = YOU if r.dealer == COMPUTER else COMPUTER
    who = "you" if starter == YOU else "the computer"
    first = f"{r.top.code} turned up"
    if StartupW4() in r.events:
        first = f"A wild draw four went back into the pile; {r.top.code} turned up"
    if Redealt() in r.events:
        first = "Dealt again (only wild draw fours were left to turn up); " + first
    if r.top.is_wild:
        return f"{first}: {who} {verb(starter, False, 'name')} the colour."
    if r.top.rank == "D":
        return f"{first}: {who} {verb(starter, False, 'draw')} 2 and " \
               f"{verb(starter, False, 'pass', 'passes')}."
    if r.top.rank in "SR":
        return f"{first}: {who} {verb(starter, False, 'pass', 'passes')}."
    return f"{first}."
