"""Checkers and Weckers: plain checkers on 6 or 8 rows and columns, and the weighted games."""

from retro.machine import Command, Machine, Option, Program


async def _main(m: Machine) -> None:
    from retro.games.checkers.ui import main  # the heavy imports happen only when the game starts

    await main(m)


def _perft(args: list[str]) -> int:
    from retro.games.checkers.commands import perft_main

    return perft_main(args)


def _move(args: list[str]) -> int:
    from retro.games.checkers.commands import move_main

    return move_main(args)


def _check_fen(text: str) -> str | None:
    from retro.games.checkers.rules import FenError, parse_fen

    try:
        parse_fen(text)
    except FenError as err:
        return str(err)
    return None


def _check_pdn(path: str) -> str | None:
    from retro.games.checkers.pdn import PdnError, read_pdn_file

    try:
        read_pdn_file(path)
    except PdnError as err:
        return str(err)
    return None


PROGRAM = Program(
    name="checkers", title="Checkers and Weckers", main=_main, letters="A",
    aliases=("weckers", "check1"), order=4,
    options=(Option("fen", "start from this position (checkers FEN)", "FEN", _check_fen),
             Option("pdn", "load the first game of this PDN file", "FILE", _check_pdn)),
    commands=(
        Command("perft", "--rows R --cols C --depth D [--fen FEN]", _perft),
        Command("move", "--fen FEN --level N", _move),
    ),
)
