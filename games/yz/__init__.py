"""YZ: the two-player dice game with five dice and thirteen boxes."""

from retro.pc.machine import Machine, Program


async def _main(m: Machine) -> None:
    from retro.games.yz.ui import main  # heavy imports only when the game starts

    await main(m)


PROGRAM = Program(name="yz", title="YZ", main=_main, letters="U", aliases=("dice",), order=5)
