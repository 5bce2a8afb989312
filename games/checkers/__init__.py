"""Checkers and Weckers: plain checkers on 6 or 8 rows and columns, and the weighted games."""

from retro.pc.machine import Command, Machine, Option, Program


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
        Command("perft", "[--rows R] [--cols C] --depth D [--fen FEN]", _perft, help="""\
usage: retro perft checkers [--rows R] [--cols C] --depth D [--fen FEN]

Count the positions the move generator reaches, depth by depth (the standard check of a
checkers move generator against published counts).

options:
  --rows R, --cols C    the board, 6 or 8 each (default 8x8)
  --depth D             how many plies deep
  --fen FEN             start from this position instead of the opening one

example:
  retro perft checkers --depth 8        # 845931 at depth 8, the published count"""),
        Command("move", "--fen FEN [--level N]", _move, help="""\
usage: retro move checkers --fen FEN [--level N]

The computer's move in a position, in PDN numbers (11-15, 9x18x27); one fresh process per
move, as engine matches use it.  The same position and level always give the same move.

options:
  --fen FEN             the position (B: or W: to move, then the pieces)
  --level N             1-9, the search effort (default 5)

example:
  retro move checkers --level 9 --fen B:W18,22,23,24:B1,2,3,10"""),
    ),
)
