"""The instructions (F5), in our own words."""

from __future__ import annotations

from retro.games.sixtysix.rules import Options

Page = tuple[str, tuple[str, ...]]

#: Help pages: each a title and up to 15 lines of at most 66 characters.
PAGES: tuple[Page, ...] = (
    ("The game", (
        "Sixty-Six is a two-handed trick game played with 24 cards: the",
        "ace, ten, king, queen, jack and nine of each suit, ranking in that",
        "order. You play against the computer; your cards are on the left.",
        "",
        "Whoever first collects 66 points wins the game at once. Points",
        "come from the cards in the tricks you take:",
        "    ace 11   ten 10   king 4   queen 3   jack 2   nine 0",
        "and from marriages. The 24 cards hold 120 points in all.",
        "",
        "A coin decides the first dealer; after that the deal alternates.",
        "Each player gets six cards, three at a time, and the next card is",
        "turned up: its suit is trumps. The rest form the stock.",
    )),
    ("Tricks and the stock", (
        "The player who did not deal leads first. The other answers with",
        "any card: the higher card of the suit led takes the trick, and a",
        "trump beats any card of another suit.",
        "",
        "After each trick both draw from the stock, the trick's winner",
        "first, and the winner leads next. When the stock is used up, the",
        "second player's last draw is the turned-up trump card.",
        "",
        "From then on the game is closed: no more drawing, and you must",
        "play a card of the suit led if you have one (the program will",
        "not let you do otherwise). There are no trumps any more: the",
        "higher card of the suit led takes every trick, and a player who",
        "cannot follow loses it whatever he plays.",
        "Whoever takes the last trick of an unclosed game scores 10 more.",
    )),
    ("Marriages, the trump 9, closing", (
        "Marriage: holding the king and queen of a suit when it is your",
        "lead, press K or Q. You show both, score 20 (40 in trumps) at",
        "once and lead the card you pressed. Reaching 66 this way wins.",
        "If you could marry in two suits, you will be asked which.",
        "",
        "Trump 9: once you have taken a trick, and it is your lead, press",
        "E to swap the 9 of trumps for the turned-up trump card.",
        "",
        "Closing: on your lead, while cards remain in the stock, press C.",
        "The stock is turned down, no more cards are drawn, trumps are",
        "out of play, suit must be followed, and there is no 10",
        "for the last trick. If you close and then fail to reach 66, the",
        "computer scores 2 game points (3 if it had no trick yet when",
        "you closed).",
    )),
    ("Scoring", (
        "The winner of a game scores 1 game point, plus 1 if the loser has",
        "fewer than 33 points (schneider), plus 1 more if the loser has not",
        "taken a single trick (schwarz): 3 at most. A loser with no trick",
        "but 33 points or more (a marriage of 40) gives 2. SW beside a",
        "score marks a player who has no trick yet.",
        "",
        "If the last card is played and nobody has 66, nobody scores: one",
        "game point is put aside for the next winner. These pile up.",
        "",
        "The first to 7 game points wins the match.",
    )),
    ("Keys and mouse", (
        "1-6      play the card with that number (or click on it)",
        "K  Q     declare a marriage and lead that king or queen",
        "C        close the game          E   exchange the trump 9",
        "F1       sound on or off         F2  demo: the computer plays",
        "F5       these pages             F7  quit (the match is kept)",
        "F10      change the border colour",
        "L        see the last trick again",
        "Up/Down  speed of play, shown at the bottom: .1 is the fastest,",
        "         10.0 the slowest",
        "Clicking a king or queen whose partner you hold declares the",
        "marriage for you; click the stock to close, the trump card to",
        "exchange the 9.",
        "",
        "Start with S for no sound, M for a mono screen, * to skip the",
        "opening show; --closed trumps plays the standard closed-game rule.",
    )),
)

#: The standard closed-game rule (``--closed trumps``) reads differently on two pages.
_STANDARD = {
    "not let you do otherwise). There are no trumps any more: the":
        "not let you do otherwise). Trumps keep their power (the standard",
    "higher card of the suit led takes every trick, and a player who":
        "rule, chosen with --closed trumps): a player who cannot follow",
    "cannot follow loses it whatever he plays.":
        "may still take the trick with a trump.",
    "The stock is turned down, no more cards are drawn, trumps are":
        "The stock is turned down, no more cards are drawn, the trump",
    "out of play, suit must be followed, and there is no 10":
        "card is out of play, suit must be followed, and there is no 10",
}


def pages(options: Options) -> list[Page]:
    """The help pages for the closed-game rule in force."""
    if not options.trumps_after_closing:
        return list(PAGES)
    return [(title, tuple(_STANDARD.get(line, line) for line in lines))
            for title, lines in PAGES]
