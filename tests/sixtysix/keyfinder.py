"""Finding key scripts for the screen tests: the game is driven headless and a chooser
picks your moves from the published state; the keys typed are recorded.

The scripts found are plain key strings, so a test can replay them with
``retro.frontends.script.run``
(exactly what ``retro run sixtysix --keys ...`` does) and compare the screen.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from retro.frontends.host import Driver
from retro.frontends.script import drive, make_machine, parse
from retro.games.sixtysix import PROGRAM
from retro.games.sixtysix.rules import Close, Exchange, Move, Play, hand_order
from retro.pc.clock import VirtualClock


def record(seed: int, choose: Callable[[object], str | None], letters: str = "*",
           limit: int = 400) -> tuple[str, object]:
    """Play with keys from ``choose(table)`` until it returns None; returns (keys, table)."""
    machine = make_machine(PROGRAM.letters, letters, seed, None, None, VirtualClock())
    driver = Driver(PROGRAM.main(machine))
    driver.start()
    drive(machine, driver, [])
    table = machine._state.__self__  # the Table whose ``state`` method was published
    keys: list[str] = []
    for _ in range(limit):
        if driver.ended:
            break
        key = choose(table)
        if key is None:
            break
        keys.append(key)
        drive(machine, driver, parse(key))
    return " ".join(keys), table


def move_keys(table: object, move: Move) -> str:
    """The keys that make ``move`` on the table (digits index your sorted hand)."""
    deal = table.deal
    match move:
        case Exchange():
            return "E"
        case Close():
            return "C"
        case Play(card, True):
            key = card.rank
            if len(deal.marriage_available(0)) > 1:
                key += f" {card.suit}"
            return key
        case Play(card, False):
            mine = sorted(deal.hands[0], key=hand_order)
            return str(mine.index(card) + 1)
    raise TypeError(move)


def expert_chooser(stop: Callable[[object], bool], seed: int = 0,
                   prefer: Callable[[object], Move | None] | None = None):
    """Your moves by the expert player (or ``prefer`` first); SPACE between games."""
    from retro.games.sixtysix.ai import ExpertConfig, ExpertPlayer

    me = ExpertPlayer(0, random.Random(seed), ExpertConfig(samples=4))

    def choose(table: object) -> str | None:
        if stop(table):
            return None
        deal = table.deal
        if deal is None or deal.over:
            return "SPACE"
        if deal.turn != 0:
            return None
        move = prefer(table) if prefer else None
        if move is None:
            move = me.choose(deal, table.match.carry)
        return move_keys(table, move)

    return choose
