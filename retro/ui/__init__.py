"""retro.ui: the interaction kit every game uses, in the DOS style (await, draw, await).

One hot-key table per game is live in every wait of the kit: pop-ups, prompts, the pager,
delays and long work.  Nothing here knows a game.  See docs/machine.md, "The ui kit"::

    from retro import ui

    keys = ui.HotKeys()
    keys.add("F1", ui.sound_toggle())          # legend: "Sound off" / "Sound on"
    keys.add("F5", show_help, legend="Help")
    keys.add("F10", ui.border_cycler())
    ui.install(m, keys)

    ev = await ui.key(m)                       # hot keys run meanwhile
    await ui.sleep(m, 0.8)                     # hot keys answered, type-ahead kept
    if await ui.ask(m, "Play another game?", esc=False, mouse=ui.RIGHT_YES | ui.LEFT_NO):
        ...

Imports from retro: ``retro.pc`` and ``retro.kit`` only.
"""

from __future__ import annotations

from retro.ui.actions import (
    MONO_BORDER,
    BorderCycler,
    SoundToggle,
    SpeedStepper,
    border_cycler,
    sound_toggle,
    speed_stepper,
)
from retro.ui.dialogs import (
    BUTTONS,
    LEFT_NO,
    LEFT_YES,
    RIGHT_NO,
    RIGHT_YES,
    Mouse,
    ask,
    choose,
    confirm_discard,
)
from retro.ui.hotkeys import Action, HotKey, HotKeys, dispatch, hotkeys_off, install, installed
from retro.ui.lineinput import Validator, line_input
from retro.ui.message import MessageLine
from retro.ui.pager import HelpPage, Page, page, paginate
from retro.ui.popup import Box, popup
from retro.ui.text import hot_letter, wrap
from retro.ui.waits import announce, flush_typeahead, key, show_notices, sleep
from retro.ui.work import Progress, work

__all__ = [
    "BUTTONS", "LEFT_NO", "LEFT_YES", "MONO_BORDER", "RIGHT_NO", "RIGHT_YES",
    "Action", "BorderCycler", "Box", "HelpPage", "HotKey", "HotKeys", "MessageLine",
    "Mouse", "Page", "Progress", "SoundToggle", "SpeedStepper", "Validator",
    "announce", "ask", "border_cycler", "choose", "confirm_discard", "dispatch",
    "flush_typeahead", "hot_letter", "hotkeys_off", "install", "installed", "key",
    "line_input", "page", "paginate", "popup", "show_notices", "sleep", "sound_toggle",
    "speed_stepper", "work", "wrap",
]
