"""YZ on the retro machine: the flow of a run, top to bottom, on the retro.ui kit.

``main`` loads the settings, shows the startup show, then waits for the player: a game is
started from GAME / Start (or Enter / ROLL when none is in progress).  Each turn the person
rolls, marks dice and posts; the computer's turn follows when the person rolls again.
Hot keys (F1 and F5 help, F10 the menus) work in every wait.  Drawing is in ``board``, the
pop-ups in ``screens``, the menus in ``menus``, the files in ``records``; the rules live in
``rules`` and the computer player in ``ai``.
"""

from __future__ import annotations

import random
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field

from retro import ui
from retro.games.yz import records, screens
from retro.games.yz.ai import ComputerPlayer
from retro.games.yz.board import MENUS, Board, card_hit, die_at, in_button
from retro.games.yz.layout import (
    LEGEND_ROW,
    MENU_ROW,
    MSG_COL,
    MSG_LINES,
    MSG_ROW,
    MSG_W,
    ROLL_BUTTON,
    SCHEMES,
    SELECT_BUTTON,
    SPEEDS,
    Look,
    make_look,
)
from retro.games.yz.menus import run_menu
from retro.games.yz.rules import (
    BOX_NAMES,
    BOXES,
    DICE,
    ROLLS_PER_TURN,
    Game,
    Phase,
    Rules,
    YZError,
    YZNotationError,
    format_dice,
    is_yz,
)
from retro.games.yz.scoreboard import Settings
from retro.games.yz.screens import COMPUTER
from retro.games.yz.solver import Solver, build_steps, load_table, save_table, table_name
from retro.pc.events import Click, Event, Key, Quit
from retro.pc.machine import Machine

LEGEND = "R Roll  1-5 Mark  S Select all  A1-B7 Post  H Hint  F5 Help  F10 Menu, Exit"


class _Exit(Exception):
    """GAME / Exit: leave the program."""


class _NewGame(Exception):
    """GAME / Start (confirmed): back to the main loop, which asks for the new game."""


@dataclass
class App:
    """One run of YZ: the settings, the game in progress and what the screen shows."""

    m: Machine
    rules: Rules
    settings: Settings = field(default_factory=Settings)
    game: Game | None = None
    computer: frozenset[int] = frozenset()
    yz_count: list[int] = field(default_factory=list)
    pending: str = ""               # a half-typed box code: "A" or "B", shown until used
    tumbling: bool = False          # the dice are rolling: no score preview yet
    messages: list[str] = field(default_factory=list)
    game_rng: random.Random = field(default_factory=random.Random)
    anim_rng: random.Random = field(default_factory=random.Random)
    player: ComputerPlayer | None = None   # made on first use (loads or builds a table)

    def __post_init__(self) -> None:
        # Two streams from the one machine stream: the dice the game deals, and the faces
        # shown while they tumble, so the dice speed never changes the game.
        self.game_rng = random.Random(self.m.rng.getrandbits(64))
        self.anim_rng = random.Random(self.m.rng.getrandbits(64))
        self.board = Board(self.m, self.rules, lambda: self.look)

    @property
    def look(self) -> Look:
        return make_look(self.settings.scheme, self.m.screen.mono)

    @property
    def in_progress(self) -> bool:
        """A game that leaving or starting another would throw away: begun, not over."""
        g = self.game
        if g is None or g.phase is Phase.OVER:
            return False
        return g.roll > 0 or any(card.open_boxes != BOXES for card in g.cards)

    # -- hot keys ----------------------------------------------------------------------------

    def hot_keys(self) -> ui.HotKeys:
        keys = ui.HotKeys()
        keys.add("F1", self.help_key, legend="Help")
        keys.add("F5", self.help_key)
        keys.add("F10", self.menu_key, legend="Menu")
        # The menu bar stays in sight above every dialog, so its titles answer in every wait.
        for index, (title, start, _items) in enumerate(MENUS):
            keys.add_area(MENU_ROW, start - 1, start + len(title) + 1, self.menu_click(index))
        return keys

    def menu_click(self, index: int) -> Callable[[Machine], Awaitable[None]]:
        async def open_it(m: Machine) -> None:
            self.cancel_pending()
            await self.open_menu(index)

        return open_it

    async def help_key(self, m: Machine) -> None:
        self.cancel_pending()
        await screens.show_help(m, self.look)

    async def menu_key(self, m: Machine) -> None:
        self.cancel_pending()
        await self.open_menu(0)

    async def open_menu(self, index: int) -> None:
        action = await run_menu(self.m, self.board, index)
        if action:
            await self.do_action(action)

    async def do_action(self, action: str) -> None:
        m, lk = self.m, self.look
        match action:
            case "start":
                if await ui.confirm_discard(m, "Abandon this game and start a new one?",
                                            in_progress=self.in_progress):
                    raise _NewGame
            case "exit":
                if await ui.confirm_discard(m, "Abandon this game and leave YZ?",
                                            in_progress=self.in_progress):
                    raise _Exit
            case "scoreboard":
                board, notice = records.load_board(m.store)
                if notice:
                    await screens.report_bad_board(m, lk, notice)
                await screens.show_scoreboard(m, lk, board)
            case "colors":
                names = [name for name, _, _ in SCHEMES]
                pick = await screens.choose(m, lk, "Colors", names, self.settings.scheme)
                if pick is not None:
                    self.settings = Settings(scheme=pick, speed=self.settings.speed)
                    failed = records.save_settings(m.store, self.settings)
                    self.say(f"Colors: {names[pick]}.", *([failed] if failed else []))
                    self.draw()
            case "speed":
                names = [name for name, _, _ in SPEEDS]
                pick = await screens.choose(m, lk, "Dice Speed", names, self.settings.speed)
                if pick is not None:
                    self.settings = Settings(scheme=self.settings.scheme, speed=pick)
                    failed = records.save_settings(m.store, self.settings)
                    self.say(f"Dice speed: {names[pick]}.", *([failed] if failed else []))
            case "sound":
                m.sound = not m.sound
                self.say(f"Sound {'on' if m.sound else 'off'}.")
            case "help":
                await screens.show_help(m, lk)
            case "about":
                await screens.show_about(m, lk)

    # -- drawing -------------------------------------------------------------------------------

    def draw(self) -> None:
        s, lk, b = self.m.screen, self.look, self.board
        s.clear(lk.board)
        s.move_cursor(24, 0, visible=False)
        b.draw_menu_bar()
        b.draw_card(self.game, self.computer, preview=not self.tumbling)
        b.draw_turn(self.game, self.pending)
        b.draw_dice(self.game)
        b.draw_buttons(self.game)
        self.draw_messages()
        s.fill(LEGEND_ROW, 0, 1, 80, " ", lk.legend)
        s.put(LEGEND_ROW, 1, LEGEND, lk.legend)

    def draw_messages(self) -> None:
        s, lk = self.m.screen, self.look
        s.fill(MSG_ROW, MSG_COL, MSG_LINES, MSG_W, " ", lk.board)
        for i, line in enumerate(self.messages[-MSG_LINES:]):
            s.put(MSG_ROW + i, MSG_COL, line, lk.message)

    def say(self, *lines: str) -> None:
        """Put a message in the message area: each text from a new line, wrapped at
        word boundaries (never cut inside a word)."""
        self.messages = [ln for text in lines for ln in ui.wrap(text, MSG_W)]

    # -- the strategy ----------------------------------------------------------------------------

    async def prepare_player(self) -> ComputerPlayer:
        """The computer player, its table loaded from the program's store or, the first
        time, computed as cooperative work with its progress on the screen (hot keys
        stay live meanwhile) and kept in the store for next time."""
        if self.player is not None:
            return self.player
        store, lk = self.m.store, self.look
        table = load_table(store, self.rules) if store is not None else None
        if table is None:
            self.say("Working out the best strategy (only the first time)...")
            self.draw_messages()
            bar = ui.Progress(MSG_ROW + 2, MSG_COL, MSG_W, lk.message, label="Strategy")
            table = await ui.work(self.m, build_steps(self.rules), bar, stop_keys=())
            self.say("")
            if store is not None and not save_table(store, table):
                why = store.problem_reason(table_name(self.rules))
                self.say(f"The strategy could not be kept ({why}); it works all the same, "
                         "and is worked out again next time.")
        self.player = ComputerPlayer(Solver(table))
        return self.player

    # -- a new game ------------------------------------------------------------------------------

    async def start_game(self) -> None:
        """The New game questions; the game in progress (if any) stays when they are
        cancelled with Esc."""
        m, lk = self.m, self.look
        pick = await screens.choose(m, lk, "New game",
                                    ["Play against the computer", "Two players"], 0)
        if pick is None:
            return
        computer_taken = {COMPUTER: "the computer's"}
        first = await screens.ask_initials(m, lk, "Player 1, type your initials:", "P1",
                                           computer_taken)
        if first is None:
            return
        if pick == 0:
            second = COMPUTER
        else:
            taken = {**computer_taken, first: "player 1's"}
            answer = await screens.ask_initials(m, lk, "Player 2, type your initials:",
                                                "P2" if first != "P2" else "P1", taken)
            if answer is None:
                return
            second = answer
        self.game = Game(players=(first, second), rules=self.rules)
        self.computer = frozenset({1}) if pick == 0 else frozenset()
        self.yz_count = [0, 0]
        self.pending = ""
        self.say("")
        self.draw()
        if self.computer:
            await self.prepare_player()
        self.say(f"{first}, press R or click ROLL to start.")

    # -- turns ------------------------------------------------------------------------------------

    async def animate(self, indices: list[int]) -> None:
        """The dice tumble: random faces and clicks of the speaker, then the real dice.

        The scorecard shows the new roll's scores only once they have stopped."""
        _, frames, step = SPEEDS[self.settings.speed]
        self.tumbling = True
        self.draw()
        try:
            for _ in range(frames):
                for i in indices:
                    self.board.draw_die(i, self.anim_rng.randint(1, 6), False)
                self.m.beep(180 + 40 * self.anim_rng.randint(0, 10), 12)
                await ui.sleep(self.m, step)
        finally:
            self.tumbling = False
        self.draw()

    async def roll(self) -> None:
        g = self.game
        if g is None:
            await self.start_game()
            return
        if g.phase is Phase.OVER:
            self.say("This game is over. Choose GAME / Start for another.")
            return
        if g.phase is Phase.POSTED and (g.turn + 1) % len(g.players) in self.computer:
            await self.computer_turn()
            return
        if g.phase is Phase.ROLL and g.turn in self.computer:
            await self.computer_turn()
            return
        rolling = [i for i in range(DICE) if g.phase is Phase.POSTED or g.roll == 0
                   or g.marked[i]]
        g.roll_dice(self.game_rng)
        await self.animate(rolling)
        who = g.players[g.turn]
        if g.roll >= ROLLS_PER_TURN:
            self.say(f"{who}: {format_dice(g.dice)}. That was your last roll:",
                     "post to a box (click it or type its label).")
        else:
            self.say(f"{who}: {format_dice(g.dice)}.",
                     "Mark dice to roll again (1-5), or post to a box.")

    async def computer_turn(self) -> None:
        """The computer's whole turn; it takes up where it was if it was interrupted."""
        g = self.game
        assert g is not None
        player = await self.prepare_player()
        _, _, step = SPEEDS[self.settings.speed]
        pause = max(0.4, 8 * step)
        who = g.players[(g.turn + 1) % len(g.players)] if g.phase is Phase.POSTED \
            else g.players[g.turn]
        if g.phase is Phase.POSTED or g.roll == 0:
            g.roll_dice(self.game_rng)
            self.say(f"{who} rolls.")
            await self.animate(list(range(DICE)))
        while True:
            advice = player.advise(g)
            await ui.sleep(self.m, pause)
            if advice.box is not None:
                score = g.post(advice.box)
                if is_yz(g.dice):
                    self.yz_count[g.turn] += 1
                self.say(self.posting_message(who, "posts", advice.box, score))
                self.draw()
                break
            # Marked as a whole (not toggled), so a turn taken up again marks the same dice.
            g.marked = tuple(not held for held in advice.held)
            self.say(f"{who} keeps {_kept(g.dice, advice.held)} and rolls again.")
            self.draw()
            await ui.sleep(self.m, pause)
            rolling = [i for i in range(DICE) if g.marked[i]]
            g.roll_dice(self.game_rng)
            await self.animate(rolling)
        if g.phase is Phase.OVER:
            await self.finish_game()
        else:
            nxt = g.players[(g.turn + 1) % len(g.players)]
            self.say(self.messages[0] if self.messages else "", f"{nxt}: press R or click ROLL.")

    def posting_message(self, who: str, verb: str, box: str, score: int) -> str:
        g = self.game
        assert g is not None
        text = f"{who} {verb} {box} {BOX_NAMES[box]}: {score}"
        bonus = g.posting_bonus
        return f"{text}, and a YZ bonus of {bonus}." if bonus else f"{text}."

    async def post(self, box: str) -> None:
        g = self.game
        if g is None:
            self.say("Start a game first (GAME / Start).")
            return
        if self.computer_posting_shown():
            self.say("The computer's posting stands.", "Press R or click ROLL for your turn.")
            return
        first_post = g.phase is Phase.ROLL
        score = g.post(box)
        if first_post and is_yz(g.dice):
            self.yz_count[g.turn] += 1
        who = g.players[g.turn]
        text = self.posting_message(who, "posts" if first_post else "moves the dice to",
                                    box, score)
        self.draw()
        if g.phase is Phase.OVER:
            self.say(text)
            await self.finish_game()
            return
        nxt = g.players[(g.turn + 1) % len(g.players)]
        self.say(text, "Click another box to change it, or",
                 f"press R or click ROLL for {nxt}'s turn.")

    async def finish_game(self) -> None:
        g, m = self.game, self.m
        assert g is not None
        totals = [c.total(self.rules) for c in g.cards]
        winner = g.winner()
        notice, failed = records.record_game(m.store, g, self.rules, self.yz_count)
        if winner is None:
            result = f"A tie at {totals[0]}!"
        else:
            result = f"{g.players[winner]} wins {totals[winner]} to {totals[1 - winner]}."
        self.say(result, failed or "GAME / Start for another game.")
        self.draw()
        tune = "T180 L16 O4 C E G > C" if winner not in self.computer else "T120 L8 O3 G E C"
        m.play(tune)
        lines = [f"{name:<4} {totals[p]:>5}" for p, name in enumerate(g.players)]
        await screens.message_box(m, self.look, "Game over",
                                  [*lines, "", result, *(ui.wrap(failed, 44) if failed else [])])
        if notice:
            await screens.report_bad_board(m, self.look, notice)

    async def hint(self) -> None:
        g = self.game
        if g is None or g.phase is Phase.OVER:
            self.say("Hint: start a game from the GAME menu.")
            return
        if g.phase is Phase.POSTED or g.roll == 0:
            self.say("Hint: press R or click ROLL.")
            return
        player = await self.prepare_player()
        advice = player.advise(g)
        finish = f"(expected to finish about {g.card.total(self.rules) + advice.value:.0f})"
        if advice.box is not None:
            score = g.allowed()[advice.box]
            self.say(f"Hint: post {score} in {advice.box} {BOX_NAMES[advice.box]}.", finish)
        else:
            marks = " ".join(str(i + 1) for i, h in enumerate(advice.held) if not h)
            self.say(f"Hint: keep {_kept(g.dice, advice.held)} and roll dice {marks} again.",
                     finish)

    def say_dice_are_posted(self) -> None:
        """A die key or click after a posting: say whose posting it was, truly."""
        g = self.game
        assert g is not None
        if g.turn in self.computer:
            self.say("The computer has posted.", "Press R or click ROLL for your turn.")
        else:
            self.say("You have posted: press R or click ROLL to go on.")

    def _dice_to_hold(self) -> Game | None:
        """The game whose dice may be held now; none (said why) once they are posted."""
        g = self.game
        if g is not None and g.phase is Phase.POSTED:
            self.say_dice_are_posted()
            return None
        return g

    def toggle(self, index: int) -> None:
        if (g := self._dice_to_hold()) is not None:
            g.toggle(index)

    def select_all(self) -> None:
        if (g := self._dice_to_hold()) is not None:
            g.select_all()

    # -- input ------------------------------------------------------------------------------------

    def computer_posting_shown(self) -> bool:
        g = self.game
        return g is not None and g.phase is Phase.POSTED and g.turn in self.computer

    def cancel_pending(self) -> None:
        """Forget a half-typed box code (any other action does)."""
        if self.pending:
            self.pending = ""
            self.say("")

    async def handle(self, event: Event) -> None:
        """One key or click from the main loop (hot keys never get here)."""
        letter = self.pending
        if letter and not (isinstance(event, Key) and len(event.name) == 1
                           and event.name.isdigit()):
            self.cancel_pending()
        match event:
            case Key("ESC"):
                self.cancel_pending()
            case Key(ch) if letter and len(ch) == 1 and ch.isdigit():
                self.pending = ""
                label = letter + ch
                if label not in BOXES:
                    self.say(f"There is no box {label}: the boxes are A1-A6 and B1-B7.")
                else:
                    await self.post(label)
            case Key(ch) if ch.upper() in ("A", "B") and self.computer_posting_shown():
                # No box code can be started over the computer's posting: it stands.
                self.say("The computer's posting stands.", "Press R or click ROLL for your turn.")
            case Key(ch) if ch.upper() in ("A", "B"):
                self.pending = ch.upper()
                top = 6 if self.pending == "A" else 7
                self.say(f"Post to {self.pending}_: type 1-{top} (Esc cancels).")
            case Key(ch) if ch in "12345" and len(ch) == 1:
                self.toggle(int(ch) - 1)
            case Key("r") | Key("R") | Key(" ") | Key("ENTER"):
                await self.roll()
            case Key("s") | Key("S"):
                self.select_all()
            case Key("h") | Key("H") | Key("?"):
                await self.hint()
            case Click(_, _, "right"):
                pass    # YZ's mouse is the left button; the right one does nothing
            case Click(row, col) if die_at(row, col) is not None:
                index = die_at(row, col)
                assert index is not None
                self.toggle(index)
            case Click(row, col) if in_button(row, col, ROLL_BUTTON):
                await self.roll()
            case Click(row, col) if in_button(row, col, SELECT_BUTTON):
                self.select_all()
            case Click(row, col) if card_hit(row, col) is not None:
                await self.click_box(*_known(card_hit(row, col)))
            case _:
                pass

    async def click_box(self, box: str, column: int | None) -> None:
        """A click on a box's row: in the labels or your own column it posts there; in
        the other player's column it does not."""
        g = self.game
        # (When the computer has just posted, ``post`` says that its posting stands.)
        if g is not None and column is not None and column != g.turn \
                and g.turn not in self.computer:
            mine = g.players[g.turn]
            self.say(f"That is {g.players[column]}'s column: post in your own ({mine}), "
                     "or click the box's name.")
            return
        await self.post(box)

    def state(self) -> dict[str, object]:
        options = {
            "upper_bonus": self.rules.upper_bonus,
            "joker": self.rules.joker.value,
            "yz_bonus": self.rules.yz_bonus.value,
            "colors": SCHEMES[self.settings.scheme][0],
            "dice_speed": SPEEDS[self.settings.speed][0],
            "sound": self.m.sound,
        }
        if self.game is None:
            return {"phase": "idle", "turn": None, "players": [], "roll": 0, "dice": [],
                    "held": [], "scorecards": [], "yz_bonus": [], "totals": [],
                    "posted": None, "computer": [], "pending": self.pending,
                    "options": options}
        state = self.game.to_state()
        state["options"] = options
        state["computer"] = sorted(self.computer)
        state["yz_count"] = list(self.yz_count)
        state["pending"] = self.pending
        return state


def _kept(dice: tuple[int, ...], held: tuple[bool, ...]) -> str:
    kept = [str(d) for d, h in zip(dice, held, strict=True) if h]
    return " ".join(kept) if kept else "nothing"


def _known(hit: tuple[str, int | None] | None) -> tuple[str, int | None]:
    assert hit is not None
    return hit


async def main(m: Machine) -> None:
    app = App(m, Rules(upper_bonus=m.flags.has("U")))
    app.settings = records.load_settings(m.store)
    m.publish_state(app.state)
    ui.install(m, app.hot_keys())
    try:
        if m.flags.show:
            await screens.startup_show(m, app.look, app.board, app.anim_rng)
        new_game = True   # the program opens on the New game questions; Esc leaves them
        while True:
            app.draw()
            try:
                if new_game:
                    new_game = False
                    await app.start_game()
                    if app.game is None:   # the questions were left with Esc: say how back
                        app.say("Press Enter or click ROLL for a new game.",
                                "F10 or a click on GAME opens the menus,", "F1 the help.")
                    continue
                event = await ui.key(m)
                assert event is not None, "a wait without a timeout always gives an event"
                await app.handle(event)
            except _NewGame:        # GAME / Start, confirmed, from wherever it was chosen
                new_game = True
            except (YZError, YZNotationError) as err:
                m.beep(110, 150)
                app.say(str(err))
    except (_Exit, Quit):
        return
