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
    "Machine": "retro.pc.machine", "Program": "retro.pc.machine", "Flags": "retro.pc.machine",
    "Option": "retro.pc.machine", "Command": "retro.pc.machine",
    "Key": "retro.pc.events", "Click": "retro.pc.events", "Event": "retro.pc.events",
    "Quit": "retro.pc.events",
    "Screen": "retro.pc.screen",
    "run": "retro.frontends.script", "RunResult": "retro.frontends.script",
    "ScriptError": "retro.frontends.script",
    "Store": "retro.store", "StoreError": "retro.store",
    "RulesError": "retro.kit.rules", "IllegalMoveError": "retro.kit.rules",
    "NotationError": "retro.kit.rules",
}

__all__ = [
    "Click", "Command", "Event", "Flags", "IllegalMoveError", "Key", "Machine",
    "NotationError", "Option", "Program", "Quit", "RulesError", "RunResult", "Screen",
    "ScriptError", "Store", "StoreError", "__version__", "run",
]

if TYPE_CHECKING:
    from retro.frontends.script import RunResult, ScriptError, run
    from retro.kit.rules import IllegalMoveError, NotationError, RulesError
    from retro.pc.events import Click, Event, Key, Quit
    from retro.pc.machine import Command, Flags, Machine, Option, Program
    from retro.pc.screen import Screen
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
