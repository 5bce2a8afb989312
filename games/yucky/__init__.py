"""Yucky Lucky You!: the card game of matching colours and numbers, you against the computer."""

from retro.pc.machine import Machine, Program


async def _main(m: Machine) -> None:
    from retro.games.yucky.ui import main  # the heavy imports happen only when the game starts

    await main(m)


PROGRAM = Program(name="yucky", title="Yucky Lucky You!", main=_main, aliases=("uno",), order=1)
