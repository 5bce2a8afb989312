"""Checkers and Weckers on the screen: the sitting at the machine, from start to F1.

The flow reads like the DOS program: resume a saved game (or start from ``--fen`` or
``--pdn``), else the new-game screen; play turns until the game ends; the game-over screen;
again.  Drawing is in ``draw``, the new-game screen in ``newgame``, the function keys in
``keys``, the turns in ``turns``.  Waiting and interaction go through ``retro.ui``.
"""

from __future__ import annotations

import contextlib
from typing import Any

from retro import ui
from retro.games.checkers import pdn
from retro.games.checkers import rules as R
from retro.games.checkers.board import Geometry
from retro.games.checkers.draw import (
    MESSAGE_LINES,
    MESSAGE_ROW,
    NAMES,
    PROMPT_ROW,
    SPEEDS,
    Painter,
)
from retro.games.checkers.draw import PIECE_COLOURS as PIECE_COLOURS  # the save schema's check
from retro.games.checkers.engine import warmup
from retro.games.checkers.help import PAGES
from retro.games.checkers.keys import TurnChanged, hot_keys
from retro.games.checkers.newgame import draw_options, option_screen
from retro.games.checkers.record import Record
from retro.games.checkers.save import SAVE_NAME, Saved, Settings, dump, parse
from retro.games.checkers.turns import (
    computer_turn,
    engine_ready,
    human_turn,
    judged_score,
    welcomes_draw,
)
from retro.pc.events import Key, Quit
from retro.pc.machine import Machine

#: Where a game saved as PDN goes: CHECK001.PDN, CHECK002.PDN, ... in the save folder.
PDN_NAME = "CHECK{:03d}.PDN"


class _Leave(Exception):
    """Unwinds to ``main`` to end the program (after saving when asked)."""


class Session:
    """One sitting at the machine: settings, the game in progress, the screen."""

    def __init__(self, m: Machine) -> None:
        self.m = m
        self.settings = Settings(sound=m.flags.sound)
        self.alt = m.flags.has("A")
        self.options = R.Options()
        self.record: Record | None = None
        self.phase = "options"
        self.typed = ""                     # digits typed for the square being entered
        self.path: list[int] = []           # squares entered so far
        self.hint: R.Move | None = None     # the move the H key suggested
        self.aborted = False
        self.owns_save = False              # the saved game on disk is this game's
        self.last_search: dict[str, Any] | None = None
        self.overrides: dict[int, tuple[str, bool, int] | None] = {}  # shown during hops
        self.covered = 0                    # pop-ups of ours open (no repaint under them)
        self.painter = Painter(self)
        self.log = ui.MessageLine(m, MESSAGE_ROW, 1, MESSAGE_LINES, 78, m.attr(0x1E, 0x07))
        ui.install(m, hot_keys(self))
        m.screen.border = self.settings.border
        m.publish_state(self.state)

    # -- what is on the board ------------------------------------------------------------

    @property
    def game(self) -> R.Game | None:
        return self.record.current if self.record is not None else None

    @property
    def geometry(self) -> Geometry:
        assert self.game is not None
        return self.game.position.geometry

    @property
    def last_squares(self) -> set[int]:
        """The squares the last move went through (highlighted on the board)."""
        rec = self.record
        if rec is None or rec.at == 0 or self.overrides:
            return set()
        before, after = rec.games[rec.at - 1], rec.current
        if len(after.history) == len(before.history):
            return set()                    # a result without a move
        move = R.parse_move(before, after.history[-1])
        return set(move.path)

    @property
    def hint_squares(self) -> set[int]:
        return set(self.hint.path) if self.hint is not None else set()

    # -- published state -------------------------------------------------------------------

    def state(self) -> dict[str, Any]:
        game = self.game
        opts = game.options if game else self.options
        out: dict[str, Any] = {
            "phase": self.phase,
            "rows": opts.rows,
            "cols": opts.cols,
            "variant": opts.variant,
            "options": {"take_one": opts.take_one, "seven_eleven": opts.seven_eleven,
                        "lite": opts.lite, "game_point": opts.game_point},
            "level": self.settings.level,
            "players": {"black": self.settings.players[R.BLACK],
                        "white": self.settings.players[R.WHITE]},
            "speed": SPEEDS[self.settings.speed],
            "sound": self.m.sound,
            "turn": None, "fen": None, "scores": {"black": 0, "white": 0},
            "history": [], "result": None, "draw_watch": None, "message": self.log.text,
            "search": self.last_search,
        }
        if game is not None:
            out["turn"] = "black" if game.turn == R.BLACK else "white"
            out["fen"] = R.format_fen(game)
            out["scores"] = {"black": game.scores[0], "white": game.scores[1]}
            out["history"] = list(game.history)
            if game.result is not None:
                winner = game.result.winner
                out["result"] = {"winner": None if winner is None else
                                 ("black" if winner == R.BLACK else "white"),
                                 "reason": game.result.reason}
            if game.draw_watch is not None:
                w = game.draw_watch
                out["draw_watch"] = {"refuser": "black" if w.refuser == R.BLACK else "white",
                                     "bar": w.bar, "moves": w.count}
        return out

    # -- the screen --------------------------------------------------------------------------

    def draw(self) -> None:
        self.painter.everything()

    def refresh(self) -> None:
        """Show what a key changed (not under a pop-up: it comes back on closing)."""
        if self.covered:
            return
        if self.phase == "options":
            draw_options(self)
        else:
            self.draw()

    def say(self, text: str, bad: bool = False) -> None:
        self.log.say(text, self.m.attr(0x1C, 0x0F) if bad else None)
        if bad:
            self.m.beep(220, 120)

    def progress(self, label: str) -> ui.Progress:
        return ui.Progress(PROMPT_ROW, 62, 17, self.m.attr(0x17, 0x07), label=label)

    async def ask(self, question: str) -> bool:
        """A yes/no question; Esc is no (nothing is lost)."""
        self.covered += 1
        try:
            # Esc and ! may be bound for the computer's turn: here they answer the question.
            with ui.hotkeys_off(self.m, "ESC", "!"):
                answer = await ui.ask(self.m, question, esc=False)
        finally:
            self.covered -= 1
        self.refresh()          # not in the finally: a program closed must not repaint
        return answer

    async def confirm(self, question: str) -> bool:
        """Before throwing the game in progress away."""
        self.covered += 1
        try:
            with ui.hotkeys_off(self.m, "ESC", "!"):
                answer = await ui.confirm_discard(self.m, question)
        finally:
            self.covered -= 1
        self.refresh()
        return answer

    async def show_help(self, m: Machine) -> None:
        phase = self.phase
        game = self.game
        mover = self.settings.players[game.turn] if game is not None else ""
        self.phase = "help"
        self.covered += 1
        try:
            # Rows 1-20: the title and the message lines stay in view below the pages.
            # The arrows turn the pages here (they change the speed everywhere else).
            with ui.hotkeys_off(m, "ESC", "!", "UP", "DOWN"):
                await ui.page(m, PAGES, title=" Checkers and Weckers: help ", row=1,
                              height=20, attr=m.attr(0x30, 0x07),
                              head_attr=m.attr(0x3F, 0x0F))
        finally:
            self.covered -= 1
            self.phase = phase
        self.refresh()
        if game is not None and phase in ("input", "thinking") and \
                self.settings.players[game.turn] != mover:
            raise TurnChanged           # F3/F4 inside the help gave the turn away

    # -- the game record -------------------------------------------------------------------

    def play(self, move: R.Move) -> None:
        assert self.record is not None
        self.record.play(move)
        self.hint = None
        self.m.beep(660, 20)
        if move.is_capture:
            self.m.beep(880, 40)

    def record_end(self, game: R.Game) -> None:
        assert self.record is not None
        self.record.end(game)

    def take_back(self) -> bool:
        """Back to the last position a keyboard player had to move in."""
        rec = self.record
        if rec is None or not rec.can_take_back or self.aborted:
            self.say("There is no move to take back.", bad=True)
            return False
        rec.take_back()
        while rec.can_take_back and self.settings.players[rec.current.turn] == "computer":
            rec.take_back()
        self.hint = None
        self.say(f"Taken back: {NAMES[rec.current.turn]} to move. "
                 "Right replays what was taken back.")
        return True

    def replay(self) -> bool:
        rec = self.record
        if rec is None or not rec.can_replay:
            self.say("There is no move to replay.", bad=True)
            return False
        rec.replay()
        while rec.can_replay and not rec.current.over and \
                self.settings.players[rec.current.turn] == "computer":
            rec.replay()
        self.hint = None
        self.say("Replayed.")
        return True

    # -- draws ---------------------------------------------------------------------------

    async def offer_draw(self, offerer: str) -> bool:
        """True when the draw is agreed (the game is then over)."""
        game = self.game
        assert game is not None
        other = R.other(offerer)
        if self.settings.players[other] == "computer":
            await engine_ready(self)
            score = await ui.work(self.m, judged_score(self, other))
            accepted = welcomes_draw(game, other, score)
            self.say(f"{NAMES[other]} " + ("accepts the draw." if accepted else
                                            "refuses the draw: 10 moves to gain, or it is a draw."))
        else:
            was, self.phase = self.phase, "draw-offer"
            try:
                accepted = await self.ask(f"{NAMES[offerer]} offers a draw. "
                                          f"{NAMES[other]}, do you accept?")
            finally:
                self.phase = was
            if not accepted:
                self.say(f"{NAMES[other]} refused: {NAMES[other]} has 10 moves to gain.")
        assert self.record is not None
        if accepted:
            self.record_end(R.agree_draw(game))
            return True
        self.record.amend(R.refuse_draw(game, other))
        return False

    # -- saving --------------------------------------------------------------------------

    async def quit_and_save(self, m: Machine) -> None:
        game = self.game
        in_progress = game is not None and not game.over and not self.aborted
        question = "Quit and save this game?" if in_progress else "Quit?"
        if not await self.ask(question):
            return
        if not self.save_now() and self.m.store is not None:
            self.say(f"The game could not be saved: {self.m.store.problem_reason(SAVE_NAME)}.",
                     bad=True)
            if not await self.ask("Quit without saving?"):
                return
        raise _Leave

    def save_now(self) -> bool:
        """Save the game in progress; False if the disk refused (the store has said why)."""
        store = self.m.store
        game = self.game
        if store is None or game is None or game.over or self.aborted:
            return True
        assert self.record is not None
        self.settings.sound = self.m.sound
        self.settings.border = self.m.screen.border
        if not store.save(SAVE_NAME, dump(Saved(game, self.settings,
                                                self.record.quiet_plies))):
            return False
        self.owns_save = True
        return True

    def drop_save(self) -> None:
        """The saved game has been played to its end: remove it (only if it is ours)."""
        if self.owns_save and self.m.store is not None:
            self.m.store.delete(SAVE_NAME, if_unchanged=True)  # unless saved again elsewhere
            self.owns_save = False

    def resume(self) -> bool:
        store = self.m.store
        if store is None:
            return False
        loaded = store.load_result(SAVE_NAME, parse)
        saved = loaded.value
        if saved is None:
            if loaded.damaged:
                self.say("The saved game could not be read: it was set aside. "
                         "A new game starts.", bad=True)
            return False
        self.owns_save = True
        self.record = Record.starting(saved.game, saved.quiet)
        self.options = saved.game.options
        self.settings = saved.settings
        self.m.sound = self.settings.sound and self.m.flags.sound
        self.m.screen.border = self.settings.border
        self.phase = "play"
        self.say("Your saved game is back where you left it.")
        return True

    def save_pdn(self) -> None:
        """The game so far as a PDN file in the save folder (a new file each time)."""
        store = self.m.store
        rec = self.record
        if store is None or rec is None:
            self.say("There is no save folder to write the PDN file to.", bad=True)
            return
        n = 1
        while store.exists(PDN_NAME.format(n)):
            n += 1
        name = PDN_NAME.format(n)

        def player(color: str) -> str:
            if self.settings.players[color] == "computer":
                return f"Computer (level {self.settings.level})"
            return "Keyboard"

        text = pdn.format_pdn(rec.first, rec.current, player(R.BLACK), player(R.WHITE))
        if not store.save(name, text.encode("ascii", "replace")):
            self.say(f"The PDN file could not be written: {store.problem_reason(name)}.",
                     bad=True)
            return
        self.say(f"The game is saved as {name} in the save folder.")

    # -- starting ----------------------------------------------------------------------------

    def start_new_game(self) -> None:
        self.record = Record.starting(R.new_game(self.options, self.m.rng))
        self.aborted = False
        self.path, self.typed, self.hint = [], "", None
        self.say("")
        self.phase = "play"

    def start_from_params(self) -> bool:
        """``--pdn FILE`` or ``--fen FEN``: a game from outside (the saved one stays)."""
        path = self.m.params.get("pdn")
        fen = self.m.params.get("fen")
        try:
            if path:
                self.record = pdn.read_pdn_file(path)
            elif fen:
                self.record = Record.starting(R.parse_fen(fen))
            else:
                return False
        except (R.FenError, pdn.PdnError) as err:
            what = "PDN file" if path else "FEN"
            self.say(f"That {what} cannot be read: {err}", bad=True)
            return False
        assert self.game is not None
        self.options = self.game.options
        self.phase = "play"
        return True

    # -- playing ---------------------------------------------------------------------------

    async def play_game(self) -> None:
        """Play until the game ends or is abandoned."""
        while True:
            game = self.game
            assert game is not None
            if game.over or self.aborted:
                return
            if self.settings.players[game.turn] == "computer":
                await computer_turn(self)
            else:
                await human_turn(self)

    async def game_over(self) -> bool:
        """The end of a game; True when a move was taken back (play goes on)."""
        game = self.game
        assert game is not None
        self.phase = "over"
        self.drop_save()            # a finished game leaves no saved game behind
        if self.aborted:
            text = "Game abandoned."
        else:
            res = game.result
            assert res is not None
            if res.winner is None:
                text = f"A draw ({res.reason})."
            else:
                text = f"{NAMES[res.winner]} wins ({res.reason})."
            if game.options.weighted:
                b, w = game.scores
                text += f"  Score {b} to {w}."
        self.say(text)
        self.draw()
        if not self.aborted:
            await ui.sleep(self.m, self.m.play("T180 L16 O4 C E G > C"))
        while True:
            self.draw()
            ev = await ui.key(self.m)
            if not isinstance(ev, Key):
                continue
            name = ev.name.upper() if ev.is_char else ev.name
            if name == "ENTER":
                return False
            if name == "LEFT" and self.take_back():
                self.phase = "play"
                return True
            if name == "P":
                self.save_pdn()


async def main(m: Machine) -> None:
    warmup.start()      # the compiled search gets ready while the player looks at the board
    session = Session(m)
    try:
        if not session.start_from_params() and not session.resume():
            await option_screen(session)
        while True:
            await session.play_game()
            if await session.game_over():
                continue
            await option_screen(session)
    except _Leave:
        return
    except Quit:
        # The window closed: keep the game in progress, as F1 would.
        with contextlib.suppress(OSError):
            session.save_now()
        return
