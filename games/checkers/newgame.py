"""The new-game screen: board size, game, options, and the settings the F-keys change.

Every key here shows what it did: the option rows and the settings rows below them are
drawn again after each key (the F-keys too, which are the session's hot keys), and a
refusal says why on the message line.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from retro import ui
from retro.games.checkers import rules as R
from retro.games.checkers.draw import NAMES, SPEEDS
from retro.pc.events import Key

if TYPE_CHECKING:
    from retro.games.checkers.ui import Session

BOX_TOP, BOX_LEFT, BOX_HEIGHT, BOX_WIDTH = 2, 14, 19, 52


def capitalised(text: str) -> str:
    """The first letter made capital, the rest left alone (proper names keep theirs)."""
    return text[:1].upper() + text[1:]


def reoption(o: R.Options, **changes: Any) -> R.Options:
    """Change options, dropping the ones the new choice does not allow."""
    merged = {"rows": o.rows, "cols": o.cols, "variant": o.variant,
              "take_one": o.take_one, "seven_eleven": o.seven_eleven, "lite": o.lite,
              "game_point": 0, **changes}
    if merged["variant"] != R.WECKERS:
        merged["seven_eleven"] = False
    if merged["variant"] == R.STANDARD:
        merged["lite"] = False
    return R.Options(**merged)


def changed(o: R.Options, name: str) -> R.Options | None:
    """The options after one key of the new-game screen (None: not one of its keys).

    Raises ``OptionsError`` with the reason when the key does not apply.
    """
    if name == "R":
        return reoption(o, rows=14 - o.rows)
    if name == "C":
        return reoption(o, cols=14 - o.cols)
    if name == "V":
        return reoption(o, variant=R.VARIANTS[(R.VARIANTS.index(o.variant) + 1)
                                              % len(R.VARIANTS)])
    if name == "T":
        return reoption(o, take_one=not o.take_one)
    if name == "7":
        if o.variant != R.WECKERS:
            raise R.OptionsError("the 7/11 option belongs to Weckers only")
        return replace(o, seven_eleven=not o.seven_eleven)
    if name == "L":
        if o.variant == R.STANDARD:
            raise R.OptionsError("Lite belongs to the Weckers games")
        return replace(o, lite=not o.lite)
    if name in ("+", "-", "G"):
        if o.variant != R.WECKERS_TWO:
            raise R.OptionsError("the game point belongs to Weckers Two")
        top = R.total_start_weight(o.rows, o.cols, o.take_one) // 10 * 10
        point = o.game_point + (-10 if name == "-" else 10)
        if point > top:
            point = 10
        elif point < 10:
            point = top
        return replace(o, game_point=point)
    return None


async def option_screen(ses: Session) -> None:
    """Until Enter: the new game's options; then the game is set up on the session."""
    ses.phase = "options"
    ses.record = None
    while True:
        draw_options(ses)
        ev = await ui.key(ses.m)
        if not isinstance(ev, Key):
            continue
        name = ev.name.upper() if ev.is_char else ev.name
        if name == "ENTER":
            ses.start_new_game()
            return
        try:
            options = changed(ses.options, name)
        except R.OptionsError as err:
            ses.say(capitalised(str(err)) + ".", bad=True)
            continue
        if options is not None:
            ses.options = options
            ses.say("")


def draw_options(ses: Session) -> None:
    ses.painter.everything()
    m = ses.m
    s = m.screen
    o = ses.options
    text = m.attr(0x1F, 0x07)
    key = m.attr(0x1E, 0x0F)
    dim = m.attr(0x17, 0x07)
    s.box(BOX_TOP, BOX_LEFT, BOX_HEIGHT, BOX_WIDTH, m.attr(0x1F, 0x07), style="double",
          title=" New game ")
    onoff = {True: "on", False: "off"}
    rows = [
        ("R", "Rows", str(o.rows), True),
        ("C", "Columns", str(o.cols), True),
        ("V", "Game", R.VARIANT_NAMES[o.variant], True),
        ("T", "Take-One", onoff[o.take_one], True),
        ("7", "7/11 scoring (Weckers)", onoff[o.seven_eleven], o.variant == R.WECKERS),
        ("L", "Lite (Weckers games)", onoff[o.lite], o.variant != R.STANDARD),
        ("+-", "Game point (Weckers Two)",
         str(o.game_point) if o.variant == R.WECKERS_TWO else "-",
         o.variant == R.WECKERS_TWO),
    ]
    left = BOX_LEFT + 3
    for i, (k, label, value, active) in enumerate(rows):
        row = BOX_TOP + 2 + i
        s.put(row, left, k.ljust(3), key if active else dim)
        s.put(row, left + 4, f"{label} ".ljust(30, "."), text if active else dim)
        s.put(row, left + 35, value.ljust(12), key if active else dim)
    if o.variant != R.STANDARD:
        total = R.total_start_weight(o.rows, o.cols, o.take_one)
        s.put(BOX_TOP + 9, left, f"Weights 1 to 6; {total} in all on the board.", dim)
    # The settings the function keys change, so that each F-key shows what it did.
    st = ses.settings
    settings = [
        ("F3 F4", "Players", f"{NAMES[R.BLACK]} {st.players[R.BLACK]}, "
                             f"{NAMES[R.WHITE]} {st.players[R.WHITE]}"),
        ("F7 F8", "Level", f"{st.level} of 9"),
        ("F2", "Sound", onoff[m.sound]),
        ("↑ ↓", "Delay", f"{SPEEDS[st.speed]:.2f} s"),
        ("F6 F9", "Colours", "need a colour screen" if s.mono else "white    black"),
        ("F10", "Border", "needs a colour screen" if s.mono else ""),
    ]
    for i, (k, label, value) in enumerate(settings):
        row = BOX_TOP + 11 + i
        s.put(row, left, k, key)
        s.put(row, left + 6, label, text)
        s.put(row, left + 15, value, text)
    if not s.mono:
        colour_row = BOX_TOP + 15
        s.put(colour_row, left + 21, "  ", st.colours[R.WHITE] << 4)
        s.put(colour_row, left + 30, "  ", st.colours[R.BLACK] << 4)
        s.put(colour_row + 1, left + 15, "[  ]", text)
        s.put(colour_row + 1, left + 16, "  ", s.border << 4)
        s.put(colour_row + 1, left + 20, f"colour {s.border}", text)
    s.put(BOX_TOP + BOX_HEIGHT - 1, left, " Enter: start the game ", key)
