"""retro: an 80x25 text-mode PC for faithful recreations of DOS-era games.

What a game author or a test author uses is exported here::

    from retro import Machine, Program, Key, Click, run

    async def main(m: Machine) -> None:
        m.screen.put(0, 0, "Press a key", 0x1F)
        await m.key()

    result = run(Program(name="hello", title="Hello", main=main), keys="ENTER")

Importing this package is cheap and never imports pygame (or numpy): the names below are
loaded on first use, and the window front end only when a window is opened.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

__version__ = "0.1.0"

#: Public name -> the module that defines it.
_EXPORTS = {
    "Machine": "retro.machine", "Program": "retro.machine", "Flags": "retro.machine",
    "Option": "retro.machine", "Command": "retro.machine",
    "Key": "retro.events", "Click": "retro.events", "Event": "retro.events",
    "Quit": "retro.events",
    "Screen": "retro.screen",
    "run": "retro.script", "RunResult": "retro.script", "ScriptError": "retro.script",
    "Store": "retro.store", "StoreError": "retro.store",
    "RulesError": "retro.rules", "IllegalMoveError": "retro.rules",
    "NotationError": "retro.rules",
}

__all__ = [
    "Click", "Command", "Event", "Flags", "IllegalMoveError", "Key", "Machine",
    "NotationError", "Option", "Program", "Quit", "RulesError", "RunResult", "Screen",
    "ScriptError", "Store", "StoreError", "__version__", "run",
]

if TYPE_CHECKING:
    from retro.events import Click, Event, Key, Quit
    from retro.machine import Command, Flags, Machine, Option, Program
    from retro.rules import IllegalMoveError, NotationError, RulesError
    from retro.screen import Screen
    from retro.script import RunResult, ScriptError, run
    from retro.store import Store, StoreError


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'retro' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_EXPORTS))
