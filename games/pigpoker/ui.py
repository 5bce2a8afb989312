"""Pig Poker on the retro machine: the flow of the program, top to bottom.

Start-up show, the player list, the options, then games: each turn the cards and the die,
the twiddles, the square; the payout through the bank; the question after each game.  The
rules live in ``rules``, the drawing in ``draw``, the pop-ups in ``popups``, the layout in
``layout``.
"""

from __future__ import annotations

import random
from typing import Any

from retro import ui
from retro.games.pigpoker import ai
from retro.games.pigpoker import hands as hx
from retro.games.pigpoker import rules as r
from retro.games.pigpoker.bank import MAX_NAME, Bank, BankError
from retro.games.pigpoker.layout import (
    AFTER_GAME_QUESTION,
    CARD_COL,
    CARD_ROW,
    CARD_STEP,
    COMPUTER,
    DEFAULT_DELAY,
    DELAYS,
    GAME_LOG,
    HAND_ROW,
    INFO_ROW,
    MSG_ROW,
    PANEL_COL,
    PANEL_W,
    PIG_SHAPES,
    PROMPT_ROW,
    TWIDDLE_DIGIT_COLS,
    TWIDDLE_DONE_COL,
    Look,
    QuitGame,
    Seat,
    computer_request,
    fit_number,
    name_problem,
    square_at,
    square_name,
)
from retro.games.pigpoker.popups import Popups
from retro.pc.events import Click, Key, Quit
from retro.pc.machine import Machine


class PigPokerScreen(Popups):
    """The whole program's state between keys."""

    def __init__(self, m: Machine) -> None:
        self.m = m
        self.s = m.screen
        self.look = Look.for_machine(m)
        self.bank = Bank(m.store)
        self.seats: list[Seat] = []
        self.options = r.Options()
        self.game: r.Game | None = None
        self.speed = ui.speed_stepper(DELAYS, names=[f"{d:g}s" for d in DELAYS],
                                      start=DEFAULT_DELAY, quiet=True)
        self.sound = ui.sound_toggle()
        self.border = ui.border_cycler()
        self.log: ui.MessageLine | None = None
        self.demo = False
        # A game stays off the bank only when the computer played every person's hand in it,
        # from the first turn to the last: no person made a move by hand.
        self.demo_game = False
        self.person_moved = False       # a person twiddled, stood or took a square by hand
        self.demo_played_person = False  # demo played (part of) a person's turn
        self.cursor = 5
        self.marks: list[int] = []
        self.first_seat = 0
        self.mode = "entry"
        self.players_ai: dict[int, ai.ExactPlayer] = {}
        # The rules get their own stream, seeded from the machine's, so screens that use
        # randomness never shift the deal.
        self.rules_rng = random.Random(m.rng.getrandbits(64))

    # -- the published state -------------------------------------------------------------

    def state(self) -> dict[str, Any]:
        if self.game is not None:
            data = self.game.state()
        else:
            data = {
                "phase": "entry", "players": [
                    {"name": s.name, "is_computer": s.is_computer,
                     "chips": self._chips(s.name), "pigs": 0} for s in self.seats],
                "turn": None, "turn_number": 0, "hand": [], "hand_score": 0, "die": 0,
                "twiddles_left": 0,
                "board": [{"owner": None, "hand": [], "score": 0} for _ in range(16)],
                "options": {"mud_puddle": self.options.mud_puddle,
                            "same_sex": self.options.same_sex},
                "winner": None, "line": [], "payout": [],
            }
        data.update(screen=self.mode, marked=[p + 1 for p in self.marks], cursor=self.cursor,
                    delay=self.speed.delay, demo=self.demo,
                    demo_game=self.demo_game, sound=self.m.sound,
                    message=self.message)
        return data

    @property
    def message(self) -> str:
        return self.log.text if self.log is not None else ""

    # -- running -------------------------------------------------------------------------

    async def run(self) -> None:
        self.m.publish_state(self.state)
        self.install_hot_keys()
        try:
            if self.m.flags.show:
                await self.show()
            while await self.entry():
                while True:
                    await self.play_game()
                    if not await self.after_game():
                        break
        except (QuitGame, Quit):
            return

    # -- the function keys: one table, live in every wait ---------------------------------

    def install_hot_keys(self) -> None:
        keys = ui.HotKeys()
        keys.add("F1", self.sound_key, legend=lambda: self.sound.legend(self.m))
        keys.add("F2", self.demo_key, legend=lambda: "Play" if self.demo else "Demo")
        keys.add("F3", self.hands_popup, legend="Hands")
        keys.add("F5", self.help_pages, legend="Help")
        keys.add("F6", self.bank_popup, legend="Bank")
        keys.add("F7", self.confirm_quit, legend="Quit")
        keys.add("F8", self.slower_key, legend="Slower")
        keys.add("F9", self.faster_key, legend="Faster")
        keys.add("F10", self.border_key, legend="Border")
        ui.install(self.m, keys)

    async def sound_key(self, m: Machine) -> None:
        await self.sound(m)
        self.draw_legend()

    async def border_key(self, m: Machine) -> None:
        await self.border(m)          # in mono it says the border needs a colour monitor
        self.draw_legend()

    def slower_key(self, m: Machine) -> None:
        if self.speed.index < len(DELAYS) - 1:
            self.speed.step(1)
        self.draw_legend()

    def faster_key(self, m: Machine) -> None:
        if self.speed.index > 0:
            self.speed.step(-1)
        self.draw_legend()

    def demo_key(self, m: Machine) -> None:
        self.demo = not self.demo
        if not self.demo:
            self.say("Demo off: players are back at the table.")
        elif self.game is not None and not self.game.over and self.person_moved:
            self.say("Demo: the computer plays every seat. A person has played in this "
                     "game, so it counts for the bank.")
        else:
            self.say("Demo: the computer plays every seat. A game in which no person "
                     "plays a turn stays off the bank.")
        if self.game is not None and self.mode == "game":
            self.draw_info()
        self.draw_legend()

    async def player_key(self) -> Key | Click | None:
        """A person's next key or click at a prompt; None when F2 just handed the seat to
        the computer (F2 comes here as a plain key, so the prompt can give the turn up)."""
        with ui.hotkeys_off(self.m, "F2"):
            event = await ui.key(self.m)
        if event == Key("F2"):
            self.demo_key(self.m)
            return None if self.demo else await self.player_key()
        assert isinstance(event, Key | Click)
        return event

    # -- startup show ----------------------------------------------------------------------

    async def show(self) -> None:
        s, lk = self.s, self.look
        s.clear(lk.text)
        s.box(4, 14, 14, 52, lk.title, style="double")
        s.center(6, "P I G   P O K E R", lk.title, 14, 52)
        s.center(8, "a board game of poker hands for 2 to 6", lk.title, 14, 52)
        mono = s.mono
        for n, shape in enumerate(PIG_SHAPES):
            s.put(11, 25 + 6 * n, shape, lk.pig(mono, n))
        s.center(14, "Four pigs in a line wins the pot.", lk.title, 14, 52)
        s.center(16, "Press any key", lk.title, 14, 52)
        self.m.play("T180 L8 O4 C E G > C4 < G E C4")
        await ui.key(self.m)

    # -- player entry ------------------------------------------------------------------------

    async def entry(self) -> bool:
        """Seat the players and pick the options; False if nobody is left to play."""
        self.mode, self.game = "entry", None
        self.marks = []
        while True:
            self.draw_entry()
            number = len(self.seats) + 1
            if len(self.seats) >= r.MAX_PLAYERS:
                prompt = "Six players. Enter starts; 1-6 sends a player away: "
            else:
                prompt = f"Player {number} name (or COMPUTER), Enter to start: "
            self.prompt(prompt)
            typed = await ui.line_input(self.m, PROMPT_ROW, len(prompt) + 1, MAX_NAME + 1,
                                        self.look.prompt, max_length=MAX_NAME,
                                        validate=name_problem, error_at=(MSG_ROW, 1, 78))
            if typed is None:                   # Esc: nothing typed
                continue
            name = " ".join(typed.split())
            if not name:
                if len(self.seats) >= r.MIN_PLAYERS:
                    break
                self.say("At least two players are needed.")
                continue
            if name.isdigit():
                n = int(name)
                if 1 <= n <= len(self.seats):
                    gone = self.seats.pop(n - 1)
                    self.say(f"{gone.name} leaves the table.")
                else:
                    self.say(f"There is no player {n}.")
                continue
            if len(self.seats) >= r.MAX_PLAYERS:
                self.say("Six players is the most. Send one away first (1-6).")
                continue
            self.add_seat(name)
        await self.ask_options()
        return True

    def add_seat(self, name: str) -> None:
        asked = computer_request(name)
        if asked is None:
            self.say("Names beginning with COMPUTER belong to the computer; "
                     "please choose another name.")
            return
        is_computer = asked
        if is_computer:
            # COMPUTER, COMPUTER 2, ...: always the computer, never a person under that name;
            # a typed number is kept when that computer is not seated yet.
            taken = {s.name.upper() for s in self.seats}
            typed = " ".join(name.split()).upper().replace(COMPUTER, "").strip()
            name = f"{COMPUTER} {int(typed)}" if typed and int(typed) > 1 else COMPUTER
            n = 2
            while name in taken:
                name, n = f"{COMPUTER} {n}", n + 1
        if any(s.name.upper() == " ".join(name.split()).upper() for s in self.seats):
            self.say(f"{name} is already at the table.")
            return
        try:
            # The computer always gets a seat: a full bank refuses only new people.
            account = self.bank.open(name, past_the_limit=is_computer)
        except BankError as err:
            self.say(str(err))
            return
        # The bank's messages are short forms of what the store has already said in full
        # (in the notices): on the message row only, so a problem is said once.
        if self.bank.messages:
            self.say_after_notices(self.bank.messages[-1])
            self.bank.messages.clear()
        else:
            self.say(f"{account.name} sits down with {account.chips} chips.")
        free = [k for k in range(len(PIG_SHAPES)) if k not in {s.pig for s in self.seats}]
        self.seats.append(Seat(account.name, is_computer, free[0]))

    async def ask_options(self) -> None:
        mud = await ui.ask(self.m, "Play with the Mud Puddle option?",
                           esc=self.options.mud_puddle, enter=self.options.mud_puddle)
        same = await ui.ask(self.m, "Play with the Same Sex option?",
                            esc=self.options.same_sex, enter=self.options.same_sex)
        self.options = r.Options(mud_puddle=mud, same_sex=same)

    # -- a game --------------------------------------------------------------------------

    async def play_game(self) -> None:
        players = [r.Player(s.name, s.is_computer) for s in self.seats]
        chips = [self.bank.open(s.name).chips for s in self.seats]
        self.game = r.Game(players, self.rules_rng, self.options, chips=chips,
                           first=self.first_seat)
        self.first_seat = (self.first_seat + 1) % len(players)
        self.players_ai = {}
        self.mode = "game"
        self.demo_game = self.person_moved = self.demo_played_person = False
        game = self.game
        game.start_turn()
        self.say(f"New game. {self.seats[game.turn].name} starts.")
        while not game.over:
            self.marks = []
            self.draw_game()
            if self.seats[game.turn].is_computer or self.demo:
                await self.computer_turn()
            else:
                await self.human_turn()
        self.marks = []
        self.draw_game()
        if game.phase == r.OVER:
            await self.settle()

    def judge_bank(self, person_moved: bool = False) -> None:
        """Keep ``demo_game`` true while the computer has played every person's hand."""
        self.person_moved = self.person_moved or person_moved
        self.demo_game = self.demo_played_person and not self.person_moved
        if self.game is not None and self.mode == "game":
            self.draw_info()

    def _ai(self, seat: int) -> ai.ExactPlayer:
        return self.players_ai.setdefault(seat, ai.ExactPlayer())

    async def computer_turn(self) -> None:
        game = self.game
        assert game is not None
        who = self.seats[game.turn].name
        if not self.seats[game.turn].is_computer:       # demo plays a person's turn
            self.demo_played_person = True
            self.judge_bank()
        player = self._ai(game.turn)
        await ui.sleep(self.m, self.delay)
        while game.phase == r.TWIDDLE:
            # Cooperative: hot keys and type-ahead stay live, progress shows on the prompt
            # row, and Esc makes the computer settle for the best choice weighed so far.
            picks = await ui.work(self.m, player.twiddle_steps(game),
                                  progress=ui.Progress(PROMPT_ROW, 1, 40, self.look.prompt,
                                                       label=f"{who[:16]} thinks"))
            if not picks:
                game.stand()
                break
            self.marks = sorted(picks)
            self.say(f"{who} twiddles {len(picks)} card{'s' * (len(picks) > 1)}.")
            self.draw_game()
            await ui.sleep(self.m, self.delay)
            game.twiddle(picks)
            self.m.beep(660, 40)
            self.marks = []
            self.draw_game()
            await ui.sleep(self.m, self.delay)
        await self.place(player.square(game) if game.legal_squares() else None)

    async def human_turn(self) -> None:
        game = self.game
        assert game is not None
        while game.phase == r.TWIDDLE:
            picks = await self.twiddle_prompt()
            if picks is None:                    # drawn, or demo took over
                return
            self.judge_bank(person_moved=True)
            if picks:
                game.twiddle(picks)
                self.m.beep(660, 40)
                self.say(f"{len(picks)} card{'s' * (len(picks) > 1)} twiddled.")
            else:
                game.stand()
            self.marks = []
            self.draw_game()
        if not game.legal_squares():
            await self.place(None)
            return
        square = await self.square_prompt()
        if square is not None:
            self.judge_bank(person_moved=True)
            await self.place(square)

    async def place(self, square: int | None) -> None:
        """Pig out on ``square`` (None: nothing can be taken) and say what happened."""
        game = self.game
        assert game is not None
        who = self.seats[game.turn].name
        name = hx.describe_class(game.hand_class)
        if square is None:
            self.say(f"{who}: {name} cannot take any square.")
            self.draw_game()
            await ui.sleep(self.m, self.delay)
            game.pass_turn()
            return
        self.cursor = square
        taken = game.board[square].owner
        seat = game.turn
        game.capture(square)
        note = ""
        if taken is not None and taken != seat:
            note = f" from {self.seats[taken].name}"
        self.say(f"{who} pigs out on {square_name(square)}{note}: {name}, "
                 f"score {game.board[square].score}.")
        self.m.play("T200 L16 O5 C E G")
        self.draw_game()
        await ui.sleep(self.m, self.delay)

    @property
    def delay(self) -> float:
        return self.speed.delay

    async def twiddle_prompt(self) -> list[int] | None:
        """Marks for this round (empty list: stand); None if the turn ended otherwise."""
        game = self.game
        assert game is not None
        self.marks = []
        while True:
            self.draw_hand()
            self.draw_twiddle_prompt()
            event = await self.player_key()
            if event is None:
                await self.computer_turn()
                return None
            pick: int | None = None
            match event:
                case Key(ch) if ch in "12345" and len(ch) == 1:
                    pick = int(ch) - 1
                case Key("ESC") | Key("0") | Key("ENTER"):
                    return list(self.marks)
                case Key(ch) if ch in ("q", "Q", "x", "X"):
                    if await self.propose_draw():
                        return None
                case Key("v") | Key("V"):
                    await self.board_popup()
                case Click(row, col, "right") if square_at(row, col) is not None:
                    self.show_square(square_at(row, col))
                case Click(row, col, _) if row == PROMPT_ROW and col in TWIDDLE_DIGIT_COLS:
                    pick = TWIDDLE_DIGIT_COLS.index(col)
                case Click(row, col, _) if row == PROMPT_ROW and col == TWIDDLE_DONE_COL:
                    return list(self.marks)
                case Click(row, col, _) if CARD_ROW <= row <= CARD_ROW + 3 and \
                        CARD_COL <= col < CARD_COL + 5 * CARD_STEP and \
                        (col - CARD_COL) % CARD_STEP < 5:
                    pick = (col - CARD_COL) // CARD_STEP
            if pick is None:
                continue
            if pick in self.marks:
                self.marks.remove(pick)
            elif len(self.marks) < game.twiddles_left:
                self.marks.append(pick)
                self.marks.sort()
            else:
                self.say(f"Only {game.twiddles_left} card"
                         f"{'s' * (game.twiddles_left > 1)} may be twiddled.")
                self.m.beep(220, 80)

    async def square_prompt(self) -> int | None:
        """The square chosen by letter, arrows and Enter, or a click; None if drawn."""
        game = self.game
        assert game is not None
        legal = game.legal_squares()
        if self.cursor not in legal:
            self.cursor = legal[0]
        shown: int | None = None        # the square whose hand the message line shows
        while True:
            self.draw_board()
            if self.cursor != shown:
                self.show_square(self.cursor)
                shown = self.cursor
            self.prompt("Pig out on which square? A-P, arrows and Enter, or click it."
                        "  V: hands", keys="A-P")
            event = await self.player_key()
            if event is None:
                self.say("The computer takes over this seat.")
                await self.place(self._ai(game.turn).square(game))
                return None
            choice: int | None = None
            match event:
                case Key(ch) if len(ch) == 1 and ch.upper() in "ABCDEFGHIJKLMNOP":
                    choice = "ABCDEFGHIJKLMNOP".index(ch.upper())
                case Key("UP"):
                    self.cursor = (self.cursor - 4) % 16
                case Key("DOWN"):
                    self.cursor = (self.cursor + 4) % 16
                case Key("LEFT"):
                    self.cursor = self.cursor - 1 if self.cursor % 4 else self.cursor + 3
                case Key("RIGHT"):
                    self.cursor = self.cursor + 1 if self.cursor % 4 != 3 else self.cursor - 3
                case Key("ENTER") | Key(" "):
                    choice = self.cursor
                case Key(ch) if ch in ("q", "Q", "x", "X"):
                    if await self.propose_draw():
                        return None
                case Key("v") | Key("V"):
                    await self.board_popup()
                case Click(row, col, "right"):
                    self.show_square(square_at(row, col))
                case Click(row, col, _):
                    choice = square_at(row, col)
            if choice is None:
                continue
            if choice in legal:
                return choice
            self.cursor = shown = choice
            try:
                game.capture(choice)             # raises with the reason in player's words
            except r.PigPokerError as err:
                self.say(f"Not {square_name(choice)}: {err}. {self.square_text(choice)}")
                self.m.beep(220, 120)

    async def propose_draw(self) -> bool:
        """Ask everyone to call the game a draw; True if they all agreed."""
        game = self.game
        assert game is not None
        votes = []
        for seat, player in enumerate(self.seats):
            if seat == game.turn:
                votes.append(True)
            elif player.is_computer:
                votes.append(ai.agrees_to_draw(game, seat))
            else:
                votes.append(await ui.ask(self.m, f"{player.name}, call the game a draw?",
                                          esc=False))
            if not votes[-1]:
                self.say(f"{player.name} wants to play on. No draw.")
                return False
        game.agree_draw(votes)
        self.say("Everyone agrees: the game is a draw and no chips change hands.")
        return True

    async def settle(self) -> None:
        """Pay out through the bank and show who paid whom."""
        game = self.game
        assert game is not None and game.winner is not None
        changes = {self.seats[p].name: d for p, d in enumerate(game.deltas)}
        if self.demo_game:
            # Watching costs nothing: the payout is shown, the bank keeps its balances.
            accounts = {s.name.upper(): self._chips(s.name) for s in self.seats}
        else:
            accounts = {a.name.upper(): a.chips for a in self.bank.settle(changes)}
        self.m.play("T160 L8 O4 G > C E G4 E8 G2")
        winner = self.seats[game.winner].name
        self.say(f"{winner} has four in a row and wins!")
        if self.bank.messages:  # e.g. the bank could not be saved (the payout box names the winner)
            self.say_after_notices(self.bank.messages.pop())
        self.draw_game()
        s, lk = self.s, self.look
        # Above the message lines, whatever the number of players: the heads on the top
        # edge, the chips in play on the bottom one.
        height = 3 + len(self.seats)
        top = HAND_ROW
        title = "Payout, demo: bank untouched" if self.demo_game else "Payout"
        s.fill(HAND_ROW, PANEL_COL, GAME_LOG[0] - HAND_ROW, PANEL_W, " ", lk.text)
        s.box(top, PANEL_COL, height, PANEL_W, lk.popup, style="double", title=title)
        s.put(top + 1, 38, "Player            Pigs  Change      Bank", lk.popup)
        pigs = game.pigs()
        for p, seat in enumerate(self.seats):
            d = game.deltas[p]
            line = (f"{seat.name[:16]:<16}  {pigs[p]:>4}  {d:>+6} "
                    f"{fit_number(accounts.get(seat.name.upper(), 0), 9)}")
            s.put(top + 2 + p, 38, line, lk.popup_hi if p == game.winner else lk.popup)
        in_play = fit_number(sum(game.chips), 20).strip()
        s.center(top + height - 1, f" {in_play} chips in play ", lk.popup, PANEL_COL, PANEL_W)

    async def after_game(self) -> bool:
        """Another game with the same players (True), or the drop/join step (False).

        The question means what it says: Y (or Enter) plays again; N goes to the player
        list, where players drop out or join and F7 leaves; Esc gives the same answer as N
        (it throws nothing away: the players stay seated); Q and X, the keys that end a game
        in play, ask whether to leave the program, as F7 does.
        """
        self.mode = "over"
        if self.demo:
            await ui.sleep(self.m, max(self.delay * 4, 1.0))
            return True
        self.m.flush_keys()
        keys = ui.installed(self.m)
        for letter in "qQxX":
            keys.add(letter, self.confirm_quit)
        try:
            # Flat, over the board's bottom edge and the prompt rows: the board and the
            # payout stay in view while the table decides.
            return await ui.ask(self.m, AFTER_GAME_QUESTION, esc=False, enter=True,
                                row=INFO_ROW - 1, col=0, width=80, frame=None,
                                attr=self.look.prompt, button_attr=self.look.prompt_key)
        finally:
            for letter in "qQxX":
                keys.remove(letter)


async def main(m: Machine) -> None:
    await PigPokerScreen(m).run()
