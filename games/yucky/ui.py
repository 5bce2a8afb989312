"""Yucky Lucky You! on the retro machine: the flow of the program, top to bottom.

The show, then games: the game point, hands until someone reaches it, the match file.
A hand is a loop of moves; after every move the opponent of a player left at one card
without the cry gets its chance to call it, before the next move of anyone (see the
README).  Drawing is in ``draw``, the pop-ups in ``popups``, the words in ``narrate``.
"""

from __future__ import annotations

import contextlib
import random

from retro.events import Click, Event, Key, Quit
from retro.games.yucky import popups, scorefile
from retro.games.yucky.ai import LAPSE, Computer
from retro.games.yucky.draw import TableView
from retro.games.yucky.layout import (
    A_ERROR,
    A_LABEL,
    A_PROMPT,
    A_TABLE,
    CATCH_MOMENT,
    COMPUTER_DELAY,
    DEAL_SOUND,
    DEMO_DELAY,
    DRAW_SOUND,
    PLAY_SOUND,
    PROMPT_ROW,
    TUNE_CAUGHT,
    TUNE_CRY,
    TUNE_LOSE,
    TUNE_WIN,
    Hot,
)
from retro.games.yucky.narrate import describe, start_up_text
from retro.games.yucky.rules import (
    COLOR_NAMES,
    COLORS,
    COMPUTER,
    DEFAULT_GAME_POINT,
    DRAW,
    GIVE_UP,
    MAX_GAME_POINT,
    MIN_GAME_POINT,
    PASS,
    YOU,
    Card,
    CardError,
    Catch,
    Caught,
    Cried,
    Drew,
    Game,
    IllegalMove,
    Match,
    Move,
    NameColor,
    Options,
    Phase,
    Play,
    Played,
    Respond,
    Round,
    parse_card,
)
from retro.machine import Machine

BORDERS = 16


class NewGame(Exception):
    """F8: abandon the game and start a new one."""


class QuitProgram(Exception):
    """F9: leave the program."""


class YuckyScreen(TableView):
    """The whole program: its settings, the match in progress and the screen."""

    def __init__(self, m: Machine) -> None:
        self.m = m
        self.s = m.screen
        self.rng = random.Random(m.rng.getrandbits(64))
        self.computer = Computer(random.Random(m.rng.getrandbits(64)), lapse=LAPSE)
        self.stand_in = Computer(random.Random(m.rng.getrandbits(64)), lapse=LAPSE)
        self.long_game = False
        self.open_hands = False
        self.multiple_draw = False
        self.replay_ask = False
        self.mark_playable = False
        self.demo = False
        self.game_point = DEFAULT_GAME_POINT
        self.match = Match()
        self.game: Game | None = None
        self.round: Round | None = None
        self.hand_no = 0
        self.last_deal: tuple[int, int, Options] | None = None
        self.stage = "show"
        self.event_text = ""
        self.status = ""
        self.status_attr = A_PROMPT
        self.typed = ""
        self.cry_armed = False
        self.reveal = False
        self.hots: list[Hot] = []
        self._seen = 0
        self.open_popup = ""            # "options", "help" or "confirm" while one is open
        m.publish_state(self.state)

    # -- state for --state -------------------------------------------------------------------

    def state(self) -> dict:
        r = self.round
        if r is not None:
            data = r.state()
        else:
            data = {"turn": None, "dealer": None, "hands": {"you": [], "computer": []},
                    "discard": [], "draw_pile": 0, "color": None, "drawn": None,
                    "uncried": None, "winner": None, "points": 0}
        data["phase"] = str(r.phase) if r is not None and self.stage == "play" else self.stage
        scores = self.game.scores if self.game else [0, 0]
        data["scores"] = {"you": scores[YOU], "computer": scores[COMPUTER]}
        data["games"] = {"you": self.match.games[YOU], "computer": self.match.games[COMPUTER]}
        data["game_point"] = self.game.target if self.game else self.game_point
        data["hand_number"] = self.hand_no
        data["options"] = {"long_game": self.long_game, "open_hands": self.open_hands,
                           "multiple_draw": self.multiple_draw, "replay_hand": self.replay_ask,
                           "mark_playable": self.mark_playable,
                           "demo": self.demo, "sound": self.m.sound}
        in_force = r.options if r is not None else Options(self.long_game, self.multiple_draw)
        data["hand_options"] = {"long_game": in_force.long_game,
                                "multiple_draw": in_force.multiple_draw}
        data["moves"] = len(r.events) if r is not None else 0
        data["cry_armed"] = self.cry_armed
        data["message"] = self.event_text
        data["status"] = self.status
        return data

    # -- input -------------------------------------------------------------------------------

    async def event(self, timeout: float | None = None) -> Event | None:
        """The next key or click, after the hot keys had their say.

        Hot keys are handled here and still returned, so a waiting loop can notice (demo
        mode switched on, say).  With a timeout, None once it has passed.
        """
        deadline = None if timeout is None else self.m.now() + timeout
        while True:
            if deadline is None:
                ev = await self.m.key()
            else:
                left = deadline - self.m.now()
                if left <= 0:
                    return None
                ev = await self.m.key(timeout=left)
                if ev is None:
                    return None
            if isinstance(ev, Key):
                await self.hot_key(ev.name)
            return ev

    async def hot_key(self, name: str, redraw: bool = True) -> bool:
        """Carry out a function key; True if ``name`` was one."""
        match name:
            case "F1":
                self.m.sound = not self.m.sound
                self.say_status("Sound on." if self.m.sound else "Sound off.", A_LABEL)
            case "F2":
                self.demo = not self.demo
                self.say_status("Demo: the computer plays both hands. F2 to take over."
                                if self.demo else "Demo over: your cards again.", A_LABEL)
            case "F3":
                if not self.open_popup:
                    self.open_popup = "options"
                    try:
                        await popups.options_menu(self)
                    finally:
                        self.open_popup = ""
            case "F5":
                if self.open_popup in ("", "options"):
                    outer, self.open_popup = self.open_popup, "help"
                    try:
                        await popups.help_pages(self)
                    finally:
                        self.open_popup = outer
            case "F6":
                self.replay_ask = not self.replay_ask
                self.say_status("You will be asked to replay each hand." if self.replay_ask
                                else "No more replay questions.", A_LABEL)
            case "F8":
                if await self.confirm("Abandon this game and start a new one?"):
                    raise NewGame
            case "F9":
                if await self.confirm("Quit the program? The game in progress is lost."):
                    raise QuitProgram
            case "F10":
                if self.s.mono:
                    self.m.beep(220, 80)
                    self.say_status("A mono display has no border colour.", A_LABEL)
                else:
                    self.s.border = (self.s.border + 1) % BORDERS
            case _:
                return False
        if redraw and self.open_popup != "help":
            self.draw()
        return True

    def game_in_progress(self) -> bool:
        return self.game is not None and self.game.winner is None and not self.demo

    async def confirm(self, question: str) -> bool:
        """Before one key throws a game in progress away: Y to go ahead (Esc: no)."""
        if not self.game_in_progress():
            return True
        if self.open_popup == "confirm":
            return False
        outer, self.open_popup = self.open_popup, "confirm"
        saved = self.s.save()
        saved_status = (self.status, self.status_attr)
        try:
            return await self.ask_yes_no(question, default=False, redraw=False)
        finally:
            self.open_popup = outer
            self.status, self.status_attr = saved_status
            self.s.restore(saved)

    async def pause(self, seconds: float) -> None:
        """Let time pass while the computer acts; Enter or the CRY button can catch it.

        Other keys typed meanwhile are kept for afterwards (type-ahead).
        """
        deadline = self.m.now() + seconds
        kept: list[Event] = []
        try:
            while True:
                left = deadline - self.m.now()
                if left <= 0:
                    return
                ev = await self.event(left)
                if ev is None:
                    continue            # a host may wake us early: wait out the time
                r = self.round
                if self.is_cry(ev) and r and r.uncried == COMPUTER and not self.demo:
                    self.apply(Catch(YOU))
                    self.draw()
                elif not (isinstance(ev, Key) and len(ev.name) > 1 and ev.name[0] == "F"):
                    kept.append(ev)
        finally:
            for ev in kept:
                self.m.push(ev)

    def is_cry(self, ev: Event) -> bool:
        if isinstance(ev, Key):
            return ev.name == "ENTER"
        return ev.button == "left" and self.hit(ev, self.hots) == "cry"

    @staticmethod
    def hit(ev: Click, hots: list[Hot]) -> object:
        for hot in hots:
            if hot.hit(ev.row, ev.col):
                return hot.value
        return None

    async def ask_yes_no(self, question: str, default: bool | None = None,
                         redraw: bool = True) -> bool:
        """Y/N: keys Y and N, the right mouse button yes and the left one no.

        Esc (and Enter) give ``default`` when there is one; otherwise only Y/N answer.
        """
        self.say_status(f"{question} (Y/N)", A_PROMPT)
        if redraw:
            self.draw()
        else:
            self.draw_status()
        answer = await self._yes_no(question, default)
        self.say_status("")
        return answer

    async def _yes_no(self, question: str, default: bool | None) -> bool:
        while True:
            ev = await self.event()
            match ev:
                case Key(ch) if ch.upper() == "Y":
                    return True
                case Key(ch) if ch.upper() == "N":
                    return False
                case Key("ESC") | Key("ENTER") if default is not None:
                    return default
                case Click(_, _, "right"):
                    return True
                case Click(_, _, "left"):
                    return False
                case Key(name) if name.startswith("F"):
                    self.say_status(f"{question} (Y/N)", A_PROMPT)
                    self.draw_status()

    async def ask_color(self, why: str, can_take_back: bool = True) -> str | None:
        """A colour by its letter or a click on it; None if Esc takes the card back."""
        while True:
            self.status = ""
            self.draw()
            hots = self.prompt_colors(why, can_take_back)
            ev = await self.event()
            match ev:
                case Key(ch) if ch.upper() in COLORS:
                    return ch.upper()
                case Key("ESC") if can_take_back:
                    return None
                case Click(row, col, "left"):
                    for hot in hots:
                        if hot.hit(row, col):
                            return str(hot.value)
                case Key(name) if len(name) > 1 and name.startswith("F"):
                    continue            # a hot key did its work
            self.m.beep(220, 80)

    # -- messages ------------------------------------------------------------------------

    def say_status(self, text: str, attr: tuple[int, int] = A_PROMPT) -> None:
        self.status, self.status_attr = text, attr

    def error(self, text: str) -> None:
        self.say_status(text, A_ERROR)
        self.m.beep(150, 180)

    # -- narration -------------------------------------------------------------------------

    def apply(self, move: Move) -> None:
        """Apply a move to the hand and tell what happened (with sound)."""
        r = self.round
        assert r is not None
        actor = move.by if isinstance(move, Catch) else r.turn
        if actor == YOU and not isinstance(move, Respond):
            # Your move starts a fresh account of events (not the four taken for you).
            self.event_text = ""
            self.cry_armed = False      # a cry counts only for the play it was made for
        r.apply(move)
        texts: list[str] = []
        for event in r.events[self._seen:]:
            self.sound_for(event)
            text = describe(event, r, self.demo)
            if text:
                texts.append(text)
        self._seen = len(r.events)
        if texts:
            self.event_text = " ".join([self.event_text, *texts]).strip()[-400:]

    def sound_for(self, event: object) -> None:
        match event:
            case Played():
                for hz, ms in PLAY_SOUND:
                    self.m.beep(hz, ms)
            case Drew(_, cards) if cards:
                self.m.beep(*DRAW_SOUND)
            case Cried(seat) if seat == COMPUTER or self.demo:
                self.m.play(TUNE_CRY)   # your own cry sounded when you issued it
            case Caught():
                self.m.play(TUNE_CAUGHT)

    # -- the match file --------------------------------------------------------------------

    def load_match(self) -> None:
        store = self.m.store
        if store is None:
            return
        before = len(self.m.notices)
        match = store.load(scorefile.SCORE_FILE, scorefile.parse)
        if match is None:
            self.match = Match()
            if len(self.m.notices) > before:
                self.event_text = ("The match file YUCKY.SCR was damaged and has been put "
                                   "aside; a new match begins.")
                self.m.notice(f"{scorefile.SCORE_FILE} could not be read; a new match begins")
        else:
            self.match = match

    def save_match_as(self, match: Match) -> None:
        if self.m.store is not None:
            self.m.store.save(scorefile.SCORE_FILE, scorefile.dump(match))

    def record_game(self, winner: int) -> bool:
        """The one place a finished game reaches the match file; True if the match is won."""
        self.match.record(winner)
        match_over = self.match.winner is not None
        # Saved at once, the new match (0-0) if this one is decided.
        self.save_match_as(Match() if match_over else self.match)
        return match_over

    # -- the program -------------------------------------------------------------------------

    async def run(self) -> None:
        self.load_match()
        if self.m.flags.show:
            await popups.show(self)
        while True:
            try:
                await self.play_game()
                if not self.demo and not await self.ask_yes_no("Play another game?"):
                    return
            except NewGame:
                self.say_status("Game abandoned: a new game begins.")
                self.round = None
                self.game = None
                continue

    async def ask_game_point(self) -> int:
        """The game point for a new game: typed digits, Enter for the default."""
        if self.demo:
            return self.game_point
        digits = ""
        while True:
            self.draw()
            text = f"Game point ({MIN_GAME_POINT}-{MAX_GAME_POINT}, Enter for " \
                   f"{self.game_point}): {digits}"
            self.s.fill(PROMPT_ROW, 0, 1, 80, " ", self.a(A_TABLE))
            self.s.put(PROMPT_ROW, 1, text, self.a(A_PROMPT))
            if self.status_attr == A_ERROR and self.status:
                self.s.put(PROMPT_ROW, 3 + len(text), self.status, self.a(A_ERROR))
            self.s.move_cursor(PROMPT_ROW, 1 + len(text), visible=True)
            ev = await self.event()
            match ev:
                case Key(ch) if ch.isdigit() and len(digits) < 4:
                    digits += ch
                    self.say_status("")
                case Key("BKSP"):
                    digits = digits[:-1]
                case Key("ESC"):
                    digits = ""
                case Key("ENTER") | Click(_, _, "left"):
                    value = self.game_point if not digits else int(digits)
                    if MIN_GAME_POINT <= value <= MAX_GAME_POINT:
                        self.s.move_cursor(24, 0, visible=False)
                        self.say_status("")
                        return value
                    self.error(f"{MIN_GAME_POINT} to {MAX_GAME_POINT}, please.")
                    digits = ""
                case Key("F2") if self.demo:
                    self.s.move_cursor(24, 0, visible=False)
                    return self.game_point
                case Key(name) if len(name) == 1:
                    self.m.beep(220, 60)

    async def play_game(self) -> None:
        self.stage = "game_point"
        self.round = None
        self.hand_no = 0
        self.game = None
        self.draw()
        self.game_point = await self.ask_game_point()
        self.say_status("")
        self.game = Game.start(self.rng, self.game_point)
        while self.game.winner is None:
            await self.play_hand()
        await self.game_over()

    async def play_hand(self) -> None:
        game = self.game
        assert game is not None
        replay = False
        if self.replay_ask and self.last_deal is not None and not self.demo:
            self.stage = "replay_prompt"
            replay = await self.ask_yes_no("Replay the last hand with the same cards?", False)
        if replay and self.last_deal is not None:
            seed, dealer, options = self.last_deal
        else:
            seed, dealer = self.rng.getrandbits(64), game.next_dealer
            options = Options(self.long_game, self.multiple_draw)
            game.next_dealer = 1 - game.next_dealer
        options = Options(options.long_game, self.multiple_draw)
        self.last_deal = (seed, dealer, options)
        self.round = Round.deal(random.Random(seed), dealer, options)
        self.hand_no += 1
        self.reveal = False
        self.cry_armed = False
        self.typed = ""
        self.stage = "play"
        deals = "you deal" if dealer == YOU else "the computer deals"
        self.event_text = f"Hand {self.hand_no}: {deals}."
        self.say_status("")
        self.event_text += " " + start_up_text(self.round)
        self._seen = len(self.round.events)
        self.draw()
        for _ in range(6):
            self.m.beep(*DEAL_SOUND)
        await self.play_moves()
        await self.hand_over()

    async def play_moves(self) -> None:
        """Move after move until the hand is over; each pass of the loop is one move."""
        r = self.round
        assert r is not None
        while r.phase is not Phase.OVER:
            self.draw()
            if r.uncried is not None:
                # Before anyone's next move, the opponent may call the missing cry.
                catcher = 1 - r.uncried
                robot = catcher == COMPUTER or self.demo
                player = self.computer if catcher == COMPUTER else self.stand_in
                if robot and player.wants_catch(r, catcher):
                    await self.pause(DEMO_DELAY)
                    if r.uncried is not None:
                        self.apply(Catch(catcher))
                    continue
            seat = r.turn
            if seat == COMPUTER or self.demo:
                await self.robot_move(seat)
            elif r.phase is Phase.CHALLENGE:
                await self.take_the_four()
            else:
                await self.your_turn()

    async def take_the_four(self) -> None:
        """The manual leaves you no command to challenge the computer (it never cheats):
        the four are drawn for you, after a moment in which you may still call its cry."""
        r = self.round
        assert r is not None
        await self.pause(CATCH_MOMENT)
        if r.phase is Phase.CHALLENGE and r.turn == YOU and not self.demo:
            self.apply(Respond(False))

    async def robot_move(self, seat: int) -> None:
        r = self.round
        assert r is not None
        await self.pause(DEMO_DELAY if self.demo else COMPUTER_DELAY)
        if r.phase is Phase.OVER or (r.turn != seat) or (seat == YOU and not self.demo):
            return
        player = self.computer if seat == COMPUTER else self.stand_in
        move = player.choose(r, seat)
        self.apply(move)

    async def your_turn(self) -> None:
        """Your keys and clicks until one move (a play, a draw, a pass...) is made."""
        r = self.round
        assert r is not None
        moves = len(r.events)
        while len(r.events) == moves and r.turn == YOU and r.phase is not Phase.OVER \
                and not self.demo and r.phase is not Phase.CHALLENGE:
            if r.phase is Phase.START_COLOR:
                color = await self.ask_color("You start: name the colour:", can_take_back=False)
                if color is not None:
                    self.apply(NameColor(color))
                continue
            if not self.status or self.status_attr == A_PROMPT:
                self.say_status(self.turn_prompt())
            self.draw()
            ev = await self.event()
            if isinstance(ev, Key) and ev.name.startswith("F") and len(ev.name) > 1:
                continue
            self.say_status("")
            await self.your_input(ev)

    def turn_prompt(self) -> str:
        r = self.round
        assert r is not None
        if r.phase is Phase.DRAWN and not r.options.multiple_draw and r.drawn is not None:
            return f"{r.drawn.code} fits and must be played: Space or click it (Enter cries)."
        if r.phase is Phase.DRAWN:
            return "Play a card, Space to draw again, or P to end your turn."
        return "Your turn: type or click a card, Space draws, Enter cries, X gives up."

    async def your_input(self, ev: Event | None) -> None:
        r = self.round
        assert r is not None
        match ev:
            case None:
                return
            case Key("ENTER"):
                self.cry()
            case Click(_, _, "left"):
                # A click elsewhere on the table does nothing.
                target = self.hit(ev, self.hots)
                if target == "cry":
                    self.cry()
                elif target == "draw":
                    await self.draw_or_play_drawn()
                elif isinstance(target, int) and target < len(r.cards[YOU]):
                    self.typed = ""
                    await self.try_play(r.cards[YOU][target])
            case Click(_, _, "right") | Key(" "):
                self.typed = ""
                await self.draw_or_play_drawn()
            case Key("ESC") | Key("BKSP"):
                self.typed = ""
            case Key(ch) if len(ch) == 1:
                await self.typed_key(ch.upper())

    async def typed_key(self, ch: str) -> None:
        r = self.round
        assert r is not None
        if not self.typed:
            if ch in "RGBVW":
                self.typed = ch
            elif ch == "X":
                if await self.ask_yes_no("Give up this hand? The computer wins it."):
                    self.apply(GIVE_UP)
                self.say_status("")
            elif ch == "P" and r.phase is Phase.DRAWN:
                self.try_move(PASS)
            else:
                self.error("Type a card: R, G, B or V and 0-9, S, R or D; or WC, W4.")
            return
        code = self.typed + ch
        self.typed = ""
        try:
            card = parse_card(code)
        except CardError as exc:
            self.error(str(exc))
            return
        if card not in r.cards[YOU]:
            self.error(f"You have no {code}.")
            return
        await self.try_play(card)

    def cry(self) -> None:
        r = self.round
        assert r is not None
        if r.uncried == COMPUTER:
            self.apply(Catch(YOU))
            return
        self.cry_armed = True
        self.m.play(TUNE_CRY)
        self.say_status("You cry YUCKY LUCKY YOU! - now play your card.", A_LABEL)

    async def draw_or_play_drawn(self) -> None:
        r = self.round
        assert r is not None
        if r.phase is Phase.DRAWN and not r.options.multiple_draw and r.drawn is not None:
            await self.try_play(r.drawn)
        else:
            self.try_move(DRAW)

    def try_move(self, move: Move) -> bool:
        try:
            self.apply(move)
        except IllegalMove as exc:
            text = str(exc)
            self.error(text[:1].upper() + text[1:] + ".")
            return False
        return True

    async def try_play(self, card: Card) -> None:
        r = self.round
        assert r is not None
        if not r.can_play(card):
            self.error(f"{card.code} does not fit {self.top_text()}.")
            return
        if r.phase is Phase.DRAWN and not r.options.multiple_draw and card != r.drawn:
            self.error(f"After a draw only {r.drawn.code if r.drawn else 'that card'} "
                       "may be played.")
            return
        color = None
        if card.is_wild:
            color = await self.ask_color(f"{card.code}: pick the colour:")
            if color is None:
                self.say_status("")
                return
        self.try_move(Play(card, color, self.cry_armed))

    def top_text(self) -> str:
        r = self.round
        assert r is not None
        name = COLOR_NAMES[r.color] if r.color else "no colour yet"
        if r.top.is_wild:
            return f"the colour in play ({name})"
        return f"{r.top.code} (colour {name})"

    async def hand_over(self) -> None:
        r = self.round
        game = self.game
        assert r is not None and game is not None
        self.reveal = True
        game.record(r)
        self.stage = "hand_over"
        if r.winner is None:
            text = "Nobody wins this hand."
        elif r.winner == YOU:
            text = f"You win the hand and score {r.points}!"
            self.m.play(TUNE_WIN)
        else:
            text = f"The computer wins the hand and scores {r.points}."
            self.m.play(TUNE_LOSE)
        self.say_status(text + "  Press a key.", A_LABEL)
        self.draw()
        if self.demo:
            await self.pause(2.0)
        else:
            await self.any_key()

    async def any_key(self) -> None:
        while True:
            ev = await self.event()
            if isinstance(ev, Key) and ev.name.startswith("F") and len(ev.name) > 1:
                if self.demo:
                    return
                continue
            return

    async def game_over(self) -> None:
        game = self.game
        assert game is not None and game.winner is not None
        self.stage = "game_over"
        you, comp = game.scores
        counts = not self.demo
        match_over = counts and self.record_game(game.winner)
        who = "You win" if game.winner == YOU else "The computer wins"
        text = f"{who} the game, {max(you, comp)} to {min(you, comp)}."
        if match_over:
            self.stage = "match_over"
            champion = "You win" if self.match.winner == YOU else "The computer wins"
            g = self.match.games
            text += f" {champion} the match, {max(g)} games to {min(g)}! A new match begins."
        elif not counts:
            text += " (A demo game does not count for the match.)"
        self.event_text = text
        self.say_status("Press a key.", A_LABEL)
        self.m.play(TUNE_WIN if game.winner == YOU else TUNE_LOSE)
        self.draw()
        if self.demo:
            await self.pause(3.0)
        else:
            await self.any_key()
        if match_over:
            self.match = Match()


async def main(m: Machine) -> None:
    """The program: the show, then games until the player quits (F9 or no more games)."""
    ui = YuckyScreen(m)
    with contextlib.suppress(QuitProgram, Quit):
        await ui.run()
    m.hush()
