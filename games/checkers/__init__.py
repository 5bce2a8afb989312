"""Checkers and Weckers: plain checkers on 6 or 8 rows and columns, and the weighted games."""

from retro.machine import Machine, Program


async def _main(m: Machine) -> None:
    from games.checkers.ui import main  # the heavy imports happen only when the game starts

    await main(m)


PROGRAM = Program(name="checkers", title="Checkers and Weckers", main=_main,
                  letters="A", aliases=("weckers", "check1"), params=("fen",))
