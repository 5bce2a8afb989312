"""A turn: the player typing or clicking a move, or the computer thinking and moving.

The player's keys: digits (row then column of each square) or clicks, Backspace, Esc,
D (offer a draw), R/F (resign), Q/X (abandon), Left/Right (take back, replay), H (hint),
P (save the game as PDN).  The computer thinks through ``ui.work``, which answers the
keyboard between every step of the search (Esc there is its stop key: the best move so
far); its think delay and the hops it shows wait with ``ui.sleep``, with Esc bound as a
hot key that ends the wait.  ! (call it a draw) is a hot key for the whole of the
computer's turn, so it is answered at once wherever it is.
"""

from __future__ import annotations

from collections.abc import Generator, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, NoReturn

from retro import ui
from retro.games.checkers import engine as E
from retro.games.checkers import rules as R
from retro.games.checkers.draw import NAMES, SPEEDS, cell_square, move_text
from retro.games.checkers.engine import warmup
from retro.games.checkers.keys import TurnChanged
from retro.pc.clock import VirtualClock
from retro.pc.events import Click, Event
from retro.pc.machine import Machine

if TYPE_CHECKING:
    from retro.games.checkers.ui import Session

#: The computer offers a draw after this many plies without a capture or a man moving, when
#: the draw would settle no worse for it than playing on (``welcomes_draw``).
QUIET_PLIES_FOR_OFFER = 40
#: A search score further than this from even (evaluation units: a man is 100, a Weckers
#: point 30) is read as a game the side expects to win (or, below minus this, to lose).
DRAW_MARGIN = 40
#: Search level used to judge a draw offer (fixed, so the answer is reproducible).
JUDGE_LEVEL = 3


class DrawCalled(Exception):
    """! while the computer has the move."""


class MoveNow(Exception):
    """Esc during the computer's think delay or its hops: no more waiting."""


class Done(Exception):
    """The turn is over (a move made, a draw agreed, a resignation, an abandon)."""


# -- the player ----------------------------------------------------------------------------


async def human_turn(ses: Session) -> None:
    ses.phase = "input"
    ses.path, ses.typed = [], ""
    ses.draw()
    try:
        while True:
            ev = await ui.key(ses.m)
            if ev is not None:
                await human_key(ses, ev)
            ses.draw()
    except (Done, TurnChanged):
        ses.path, ses.typed = [], ""
        ses.phase = "play"


async def human_key(ses: Session, ev: Event) -> None:
    """One key or click while the player enters a move; raises ``Done`` when it is made."""
    game = ses.game
    assert game is not None
    if isinstance(ev, Click):
        sq = cell_square(ses.geometry, ev.row, ev.col)
        if sq is None:
            return
        if ev.button == "right":
            ses.path, ses.typed = [], ""
            return
        ses.say("")
        await add_square(ses, sq)
        return
    name = ev.name
    if ev.is_char and name.isdigit():
        ses.say("")
        ses.typed += name
        if len(ses.typed) < 2:
            return
        row, col = int(ses.typed[0]), int(ses.typed[1])
        ses.typed = ""
        g = ses.geometry
        if not (1 <= row <= g.rows and 1 <= col <= g.cols):
            ses.say(f"Row {row}, column {col} is off the board "
                    f"(rows 1-{g.rows}, columns 1-{g.cols}).", bad=True)
            return
        sq = g.square_at(row, col)
        if sq is None:
            ses.say(f"Row {row}, column {col} is a light square: "
                    "pieces stay on the dark ones.", bad=True)
            return
        await add_square(ses, sq)
        return
    upper = name.upper() if ev.is_char else name
    color = game.turn
    if upper == "BKSP":
        if ses.typed:
            ses.typed = ses.typed[:-1]
        elif ses.path:
            row, _col = ses.geometry.rc(ses.path.pop())
            ses.typed = str(row)
    elif upper == "ESC":
        ses.path, ses.typed = [], ""
        ses.say("")
    elif upper == "D":
        if await ses.offer_draw(color):
            raise Done
    elif upper in ("R", "F"):
        if await ses.ask(f"{NAMES[color]}, resign this game?"):
            ses.record_end(R.resign(game, color))
            raise Done
    elif upper in ("Q", "X"):
        if await ses.confirm("Abandon this game?"):
            ses.aborted = True
            raise Done
    elif upper == "LEFT":
        if ses.take_back():
            raise Done
    elif upper == "RIGHT":
        if ses.replay():
            raise Done
    elif upper == "H":
        await hint(ses)
    elif upper == "P":
        ses.save_pdn()


async def add_square(ses: Session, sq: int) -> None:
    game = ses.game
    assert game is not None
    g = ses.geometry
    moves = game.legal_moves()
    row, col = g.rc(sq)
    where = f"row {row}, column {col}"
    piece = game.position.piece_at(sq)
    own = piece is not None and piece[0] == game.turn
    if ses.path and own and sq != ses.path[0]:
        ses.path = []                   # another of one's own pieces: start again with it
    if not ses.path:
        if not own:
            ses.say(f"There is no {NAMES[game.turn].lower()} piece on {where}.", bad=True)
            return
        if not R.moves_with_prefix(moves, (sq,)):
            if moves[0].is_capture:
                ses.say("You have a capture to make, and this piece cannot take.", bad=True)
            else:
                ses.say(f"The piece on {where} has nowhere to go.", bad=True)
            return
        ses.path = [sq]
        ses.hint = None
        return
    if sq == ses.path[-1] and len(ses.path) == 1:
        ses.path = []                               # the same square again: let go
        return
    wanted = (*ses.path, sq)
    matching = R.moves_with_prefix(moves, wanted)
    if not matching:
        shortcut = [m for m in moves if m.start == ses.path[0] and m.end == sq]
        if len(ses.path) == 1 and len(shortcut) == 1:
            await make_move(ses, shortcut[0])
        if moves[0].is_capture:
            ses.say("You must take: that is not one of the jumps open to you.", bad=True)
        else:
            ses.say(f"That piece cannot move to {where}.", bad=True)
        return
    full = [m for m in matching if m.path == wanted]
    if full:
        await make_move(ses, full[0])
    ses.path = list(wanted)                       # a jump goes on: more squares
    ses.say("Keep going: the jump is not finished.")


async def engine_ready(ses: Session) -> None:
    """Wait for the compiled search, if it is not ready yet (the first start on a
    machine compiles it in another process, see ``engine.warmup``): the message line says
    so and a bar shows the compile's progress, and every key is answered meanwhile (hot
    keys at once, the others kept for afterwards).  A headless run waits without looking at
    the keys, so a key script plays the same game whether or not the core was compiled."""
    if warmup.ready():
        return
    if isinstance(ses.m.clock, VirtualClock):
        warmup.wait()
        return
    before = ses.log.text
    ses.say(warmup.message())
    ses.draw()
    await ui.work(ses.m, warmup.waiting(), progress=ses.progress("Engine"), stop_keys=())
    ses.say(before)


async def make_move(ses: Session, move: R.Move) -> NoReturn:
    ses.path, ses.typed = [], ""
    ses.play(move)
    raise Done


async def hint(ses: Session) -> None:
    """The engine's choice at the current level, shown and highlighted (not played)."""
    game = ses.game
    assert game is not None
    await engine_ready(ses)
    ses.say("Looking for a hint...  Esc: the best so far")
    ses.draw()
    result = await ui.work(ses.m, E.Searcher(game, ses.settings.level).think(),
                           progress=ses.progress("Hint"))
    ses.hint = result.move
    ses.path = []
    ses.say(f"Hint (level {ses.settings.level}): {move_text(ses.geometry, result.move)}.")


# -- the computer ----------------------------------------------------------------------------


@contextmanager
def bound(ses: Session, key: str, action: ui.Action) -> Iterator[None]:
    """A hot key for as long as the block runs."""
    keys = ui.installed(ses.m)
    keys.add(key, action)
    try:
        yield
    finally:
        keys.remove(key)


def _call_draw(m: Machine) -> None:
    raise DrawCalled


def _move_now(m: Machine) -> None:
    raise MoveNow


async def computer_turn(ses: Session) -> None:
    game = ses.game
    assert game is not None
    color = game.turn
    ses.phase = "thinking"
    ses.hint = None
    ses.draw()
    start = ses.m.now()
    search = E.Searcher(game, ses.settings.level).think()
    try:
        with bound(ses, "!", _call_draw):
            await engine_ready(ses)
            result = await ui.work(ses.m, search, progress=ses.progress("Nodes"))
            ses.last_search = {"nodes": result.nodes, "depth": result.depth,
                               "stopped": result.stopped}
            rest = SPEEDS[ses.settings.speed] - (ses.m.now() - start)
            if rest > 0 and not result.stopped:
                await _wait(ses, rest)
            # In a long quiet game the computer offers a draw unless it judges itself
            # ahead; a refusal starts the 10-move rule, so even two computers finish.
            if ses.record is not None and ses.record.quiet_plies >= QUIET_PLIES_FOR_OFFER \
                    and welcomes_draw(game, color, result.score) and game.draw_watch is None:
                ses.record.quiet_plies = 0
                if await ses.offer_draw(color):
                    return
            ses.phase = "play"
            called = await show_hops(ses, result.move)
    except DrawCalled:
        search.close()
        ses.record_end(R.agree_draw(game, "draw called while the computer thought"))
        ses.phase = "play"
        ses.draw()
        return
    except TurnChanged:
        search.close()
        ses.phase = "play"
        return
    ses.play(result.move)
    ses.say(f"{NAMES[color]} played {move_text(ses.geometry, result.move)}.")
    after = ses.game
    assert after is not None
    if called and not after.over:
        ses.record_end(R.agree_draw(after, "draw called while the computer moved"))
    ses.phase = "play"


async def _wait(ses: Session, seconds: float) -> None:
    """The computer's delay; Esc cuts it short."""
    try:
        with bound(ses, "ESC", _move_now):
            await ui.sleep(ses.m, seconds)
    except MoveNow:
        pass


async def show_hops(ses: Session, move: R.Move) -> bool:
    """Show the move hop by hop (the first at once: the think delay came before it).

    Esc shows the rest at once; ! does too, and the game is then called a draw (True).
    """
    game = ses.game
    assert game is not None
    piece = game.position.piece_at(move.start)
    hurry = False
    called = False
    for i in range(1, len(move.path)):
        if i > 1 and not hurry:
            try:
                with bound(ses, "ESC", _move_now), bound(ses, "!", _call_draw):
                    await ui.sleep(ses.m, SPEEDS[ses.settings.speed])
            except MoveNow:
                hurry = True
            except DrawCalled:
                hurry = called = True
        ses.overrides = {move.start: None, move.path[i]: piece}
        ses.overrides.update({h: None for h in move.hopped[:i]})
        ses.draw()
    ses.overrides = {}
    return called


def judged_score(ses: Session, color: str) -> Generator[int, bool | None, int]:
    """A fixed shallow search of the position from ``color``'s side (for draw offers)."""
    game = ses.game
    assert game is not None
    result = yield from E.Searcher(game, JUDGE_LEVEL).think()
    return result.score if game.turn == color else -result.score



def draw_would_give(game: R.Game, color: str) -> int:
    """What a draw agreed now settles for ``color``: 1 a win, 0 a true draw, -1 a loss.

    In plain checkers a draw is a draw; the Weckers games settle every draw on the scores.
    """
    result = R.agree_draw(game).result
    assert result is not None
    if result.winner is None:
        return 0
    return 1 if result.winner == color else -1


def expected_from_play(score: int) -> int:
    """The outcome a search score (from the side's view) promises: 1 win, 0 even, -1 loss."""
    if score > DRAW_MARGIN:
        return 1
    if score < -DRAW_MARGIN:
        return -1
    return 0


def welcomes_draw(game: R.Game, color: str, score: int) -> bool:
    """Whether the computer playing ``color`` takes (or offers) a draw now.

    It compares what the draw would settle with what it expects from playing on, and takes
    the draw when that is no worse; a draw that settles as a loss never (refusing costs
    nothing: the 10-move rule can only bring the same draw later).
    """
    settled = draw_would_give(game, color)
    return settled >= 0 and settled >= expected_from_play(score)
