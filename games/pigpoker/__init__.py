"""Pig Poker: capture squares of a 4x4 board with poker hands, four in a row wins."""

from retro.pc.machine import Machine, Program


async def _main(m: Machine) -> None:
    from retro.games.pigpoker.ui import main  # heavy imports only when the game starts

    await main(m)


PROGRAM = Program(name="pigpoker", title="Pig Poker", main=_main, aliases=("pig", "poker"), order=2)
