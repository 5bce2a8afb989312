"""The instructions (F5) and the poker-hands card (F3), in our own words."""

from __future__ import annotations

#: Help pages: each a title and up to 18 lines of at most 74 characters.
PAGES: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("The game", (
        "Pig Poker is a board game played with poker hands. The board has sixteen",
        "squares in a 4 by 4 grid. Win a square with a good enough hand and one of",
        "your pigs sits on it. The first player with four pigs in a line - across,",
        "down or corner to corner - wins the game and collects from the others.",
        "",
        "Two to six people can play. Type COMPUTER as a name to let the computer",
        "take a seat; it can take several seats, each with its own pig.",
        "",
        "Every square shows the hand pigged out on it:",
        "  top row     4 H F S 3 P P  four of a kind, full house, flush,",
        "                             straight, three of a kind, pairs",
        "                             (S and F lit together: straight flush)",
        "  second row  A K Q J T 9 8  the top cards of the hand",
        "  third row   7 6 5 4 3 2    more top cards",
        "  fourth row  the owner's pig and the hand's score",
        "The lit letters are in the owner's colour; the pig shape tells owners",
        "apart on a monochrome screen.",
    )),
    ("A turn", (
        "You are dealt five cards and the chance die is rolled. The die (1 to 5)",
        "says how many cards you may twiddle: send back to the deck and redraw.",
        "Twiddled cards are shuffled back in first, so one may come straight back.",
        "You may twiddle fewer, and you may twiddle in several goes until the",
        "die's number is used up.",
        "",
        "To twiddle, press the card numbers 1 to 5 (press again to change your",
        "mind), then Esc. With the mouse, click the numbers in the prompt, then 0.",
        "Esc or 0 with no cards marked means you are happy with the hand.",
        "",
        "Then you pig out: pick a square with the letters A to P, with the arrow",
        "keys and Enter, or by clicking it. A square can be taken when it is empty",
        "or holds a lower hand than yours, and your hand is at least jack high.",
        "You may retake your own square. If any square can be taken you must",
        "take one. Hands rank by ordinary poker rules; suits never matter and",
        "an ace is high, or low in the straight 5 4 3 2 A.",
        "After each turn all cards go back and the deck is shuffled.",
    )),
    ("Winning and the bank", (
        "Four of your pigs in a line wins. Then every other player pays you one",
        "chip for each pig you have on the board more than they do. A player who",
        "has more pigs on the board than you is paid double the difference by you.",
        "Nobody pays more chips than they have.",
        "",
        "The bank keeps an account for every name in the file PIGPOKER.SCR",
        "(capital and small letters count the same). A new name starts with 100",
        "chips. The bank has room for 100 accounts. Press F6 to look at them.",
    )),
    ("After a game, demo games, the hands on the board", (
        "After a game, Y plays again with the same players; N (or Esc) goes to",
        "the list of players, where players leave or join. On your turn Q or X",
        "proposes a draw: the game is called off only if every player agrees, and",
        "then nobody pays.",
        "",
        "Demo games (F2) are for watching: the computer plays every seat and no",
        "chips change hands: a game during which demo was on never touches",
        "the bank.",
        "",
        "To see the hand pigged out on a square, press V for all of them, right-",
        "click a square, or move the square cursor onto it: the cards are listed",
        "in the order poker compares them, so the kickers show.",
    )),
    ("Options and keys", (
        "Mud Puddle: an empty square can only be taken next to (sharing a side",
        "with) a square somebody holds. The first pig of a game may go anywhere.",
        "",
        "Same Sex: a held square falls only to a better hand of the same kind",
        "(a straight to a straight, a full house to a full house). Hands with no",
        "pair or better cannot be pigged out at all. Many players can deadlock.",
        "",
        "F1  sound on or off         F6  the bank accounts (Space, -, Esc)",
        "F2  demo: the computer      F7  quit (then Y)",
        "    plays every seat        F8  slower   F9  faster: the delay between",
        "F3  the poker hands              steps shows at the bottom right",
        "F5  these pages             F10 change the border colour",
        "",
        "The F1 and F2 legends name what the key will switch to.",
        "Start-up letters: S sound off, M mono, C colour, D no mouse, * no show.",
    )),
)

#: The F3 card: name, an example, how many of the 2,598,960 hands, the score rule.
HANDS: tuple[tuple[str, str, int, str], ...] = (
    ("Straight flush", "A-K-Q-J-T \u2660", 40, "25000+top card"),
    ("Four of a kind", "9-9-9-9-K", 624, "20000+100 x odd"),
    ("Full house", "7-7-7-4-4", 3_744, "15000+100 x 3s+2s"),
    ("Flush", "K-9-7-4-2 \u2666", 5_108, "10000+top card"),
    ("Straight", "9-8-7-6-5", 10_200, "9000+top card"),
    ("Three of a kind", "K-K-K-5-3", 54_912, "7000+100 x 3s"),
    ("Two pairs", "A-A-3-3-2", 123_552, "2000+100 x hi+lo"),
    ("One pair", "J-J-8-5-2", 1_098_240, "100 x pair"),
    ("Nothing (bust)", "A-K-9-6-4", 1_302_540, "top if J+, else 0"),
)

ALL_HANDS = 2_598_960


def chance_text(count: int) -> str:
    """The chance of being dealt one of ``count`` hands, written the way the manual does:
    per million for the rarest, per thousand, then a plain fraction."""
    p = count / ALL_HANDS
    if p < 0.001:
        return f"{p * 1e6:.0f} per million"
    if p < 0.1:
        per = p * 1000
        return f"{per:.1f} per 1,000" if per < 10 else f"{per:.0f} per 1,000"
    return f"{p:.3f}"
