"""The function keys: one hot-key table, live in every wait (thinking, delays, pop-ups,
the help pages, the new-game screen), as the manual's "at any time"."""

from __future__ import annotations

from typing import TYPE_CHECKING

from retro import ui
from retro.games.checkers import rules as R
from retro.games.checkers.draw import NAMES, PIECE_COLOURS, SPEEDS
from retro.pc.machine import Machine

if TYPE_CHECKING:
    from retro.games.checkers.ui import Session


class TurnChanged(Exception):
    """F3/F4 handed the side to move to the other kind of player during its turn."""


def hot_keys(ses: Session) -> ui.HotKeys:
    keys = ui.HotKeys()
    sides = {"keyboard": "computer", "computer": "keyboard"}

    def players(color: str) -> ui.Action:
        def toggle(m: Machine) -> None:
            st = ses.settings
            st.players[color] = sides[st.players[color]]
            ses.say(f"{NAMES[color]} is played by the {st.players[color]} now.")
            ses.refresh()
            game = ses.game
            if game is not None and not game.over and game.turn == color and \
                    ses.phase in ("input", "thinking"):
                raise TurnChanged
        return toggle

    def colour(color: str) -> ui.Action:
        async def cycle(m: Machine) -> None:
            if m.screen.mono:
                await ui.announce(m, "Piece colours need a colour screen.")
                return
            st = ses.settings
            other = st.colours[R.other(color)]
            i = PIECE_COLOURS.index(st.colours[color])
            while True:
                i = (i + 1) % len(PIECE_COLOURS)
                if PIECE_COLOURS[i] != other:
                    break
            st.colours[color] = PIECE_COLOURS[i]
            ses.refresh()
        return cycle

    def level(step: int) -> ui.Action:
        def change(m: Machine) -> None:
            st = ses.settings
            st.level = min(9, max(1, st.level + step))
            ses.say(f"Level {st.level} of 9.")
            ses.refresh()
        return change

    def speed(step: int) -> ui.Action:
        def change(m: Machine) -> None:
            st = ses.settings
            st.speed = min(len(SPEEDS) - 1, max(0, st.speed + step))
            ses.refresh()
        return change

    sound = ui.sound_toggle()

    async def toggle_sound(m: Machine) -> None:
        await sound(m)
        ses.settings.sound = m.sound
        ses.refresh()

    border = ui.border_cycler()

    async def next_border(m: Machine) -> None:
        await border(m)
        ses.settings.border = m.screen.border
        ses.refresh()

    keys.add("F1", ses.quit_and_save, legend="Quit & save")
    keys.add("F2", toggle_sound, legend=lambda: sound.legend(ses.m))
    keys.add("F3", players(R.WHITE),
             legend=lambda: f"White to {sides[ses.settings.players[R.WHITE]]}")
    keys.add("F4", players(R.BLACK),
             legend=lambda: f"Black to {sides[ses.settings.players[R.BLACK]]}")
    keys.add("F5", ses.show_help, legend="Help")
    keys.add("F6", colour(R.WHITE), legend="White colour")
    keys.add("F7", level(-1), legend="Easier")
    keys.add("F8", level(+1), legend="Harder")
    keys.add("F9", colour(R.BLACK), legend="Black colour")
    keys.add("F10", next_border, legend="Border")
    keys.add("UP", speed(-1))
    keys.add("DOWN", speed(+1))
    return keys
