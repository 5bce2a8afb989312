"""Sixty-Six: the two-handed trick game with marriages, closing and the trump nine."""

from retro.pc.machine import Machine, Option, Program


async def _main(m: Machine) -> None:
    from retro.games.sixtysix.ui import main  # heavy imports only when the game starts

    await main(m)


def _check_closed(name: str) -> str | None:
    """``--closed RULE`` names one of the two rules, or the start is refused."""
    from retro.games.sixtysix.rules import options_named  # the rules only when asked

    try:
        options_named(name)
    except ValueError as err:
        return str(err)
    return None


PROGRAM = Program(
    name="sixtysix", title="Sixty-Six", main=_main, aliases=("66",), order=3,
    options=(Option("closed", "after closing: led-suit (the manual: no trumps, the default) "
                              "or trumps (the standard rule)", "RULE", _check_closed),),
)
