"""Sixty-Six: the two-handed trick game with marriages, closing and the trump nine."""

from retro.pc.machine import Machine, Option, Program


async def _main(m: Machine) -> None:
    from retro.games.sixtysix.ui import main  # heavy imports only when the game starts

    await main(m)


PROGRAM = Program(
    name="sixtysix", title="Sixty-Six", main=_main, aliases=("66",), order=3,
    options=(Option("closed", "after closing: led-suit (the manual: no trumps, the default) "
                              "or trumps (the standard rule)", "RULE"),),
)
