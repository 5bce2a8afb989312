"""Yucky Lucky You! on the retro machine: the flow of the program, top to bottom.

The show, then games: the game point, hands until someone reaches it, the match file.
A hand is a loop of moves; after every move the opponent of a player left at one card
without the cry gets its chance to call it, before the next move of anyone (see the
README).  Drawing is in ``draw``, the pop-ups in ``popups``, the words in ``narrate``.
"""

from __future__ import annotations

import contextlib
import random
from collections.abc import Awaitable, Callable

from retro import ui
from retro.games.yucky import popups, scorefile
from retro.games.yucky.ai import LAPSE, Computer
from retro.games.yucky.draw import TableView
from retro.games.yucky.layout import (
    A_ERROR,
    A_EVENT,
    A_LABEL,
    A_PROMPT,
    CATCH_MOMENT,
    COMPUTER_DELAY,
    DEAL_SOUND,
    DEMO_DELAY,
    DRAW_SOUND,
    EVENT_ROWS,
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
from retro.pc.events import Click, Event, Key, Quit
from retro.pc.machine import Machine

#: The manual's mouse convention for every yes/no question: right button yes, left no.
YES_NO_MOUSE = ui.RIGHT_YES | ui.LEFT_NO
#: Digits the game point field takes: more than 9999 can be typed, so a number too big is
#: refused with the reason instead of being cut short in silence.
GAME_POINT_TYPED = 9


class NewGame(Exception):
    """F8: abandon the game and start a new one."""


class QuitProgram(Exception):
    """F9: leave the program."""


class DemoStarted(Exception):
    """F2 while the program waits for you: the computer takes your seat at once."""


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
        # Who deals the next game's first hand: the deal alternates across the games played
        # in this sitting; only the first game's first dealer is drawn at random.
        self.next_game_dealer: int | None = None
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
        self.popup_redraw: Callable[[], None] | None = None
        self.stale = False              # something changed under an open pop-up
        self.waiting_for_you = False    # a wait F2 should end (the computer takes over)
        # The event lines first, the prompt line last: the kit's announcements go there.
        self.log = ui.MessageLine(m, EVENT_ROWS[0], 1, len(EVENT_ROWS), 78,
                                  self.a(A_EVENT), main=False)
        self.status_line = ui.MessageLine(m, PROMPT_ROW, 1, 1, 78, self.a(A_PROMPT),
                                          notices=True)
        self.keys = self.hot_keys()
        ui.install(m, self.keys)
        m.publish_state(self.state)

    # -- the function keys: one table, live in every wait ---------------------------------

    def hot_keys(self) -> ui.HotKeys:
        keys = ui.HotKeys()
        keys.add("F1", self.toggle_sound, legend=lambda: "Quiet" if self.m.sound else "Sound")
        keys.add("F2", self.toggle_demo, legend=lambda: "Play" if self.demo else "Demo")
        keys.add("F3", self.options, legend="Options")
        keys.add("F5", self.help, legend="Help")
        keys.add("F6", self.toggle_replay,
                 legend=lambda: "NoReplay" if self.replay_ask else "Replay")
        keys.add("F8", self.new_game, legend="New")
        keys.add("F9", self.quit, legend="Quit")
        keys.add("F10", self.border, legend="Border")
        return keys

    def refresh(self) -> None:
        """Show what a hot key changed: the table, or only the pop-up that is open."""
        if self.stage == "show":
            return
        if self.open_popup:
            self.stale = True           # redrawn when the pop-up has given the screen back
            if self.open_popup != "help":
                self.draw_title()       # the rows a centred pop-up leaves in view
                self.draw_keys()
            if self.popup_redraw is not None:
                self.popup_redraw()
            return
        self.draw()

    async def toggle_sound(self, m: Machine) -> None:
        m.sound = not m.sound
        m.hush()                        # nothing left queued to play on later
        self.say_status("Sound on." if m.sound else "Sound off.", A_LABEL)
        self.refresh()

    async def toggle_demo(self, m: Machine) -> None:
        self.demo = not self.demo
        self.say_status("Demo: the computer plays both hands. F2 to take over."
                        if self.demo else "Demo over: your cards again.", A_LABEL)
        self.refresh()
        if self.demo and self.waiting_for_you and not self.open_popup:
            raise DemoStarted

    async def toggle_replay(self, m: Machine) -> None:
        self.replay_ask = not self.replay_ask
        self.say_status("You will be asked to replay each hand." if self.replay_ask
                        else "No more replay questions.", A_LABEL)
        self.refresh()

    async def border(self, m: Machine) -> None:
        if self.s.mono:
            self.m.beep(220, 80)
            self.say_status("A mono display has no border colour.", A_LABEL)
            self.refresh()
        else:
            await ui.border_cycler()(m)

    async def options(self, m: Machine) -> None:
        await self.in_popup("options", popups.options_menu(self))

    async def help(self, m: Machine) -> None:
        await self.in_popup("help", popups.help_pages(self))

    async def new_game(self, m: Machine) -> None:
        if await self.confirm("Abandon this game and start a new one?"):
            raise NewGame

    async def quit(self, m: Machine) -> None:
        if await self.confirm("Quit the program? The game in progress is lost."):
            raise QuitProgram

    async def in_popup(self, name: str, work: Awaitable[None]) -> None:
        outer = (self.open_popup, self.popup_redraw, self.stale)
        self.open_popup, self.popup_redraw, self.stale = name, None, False
        try:
            await work
        finally:
            stale = self.stale
            self.open_popup, self.popup_redraw, self.stale = outer
        # The kit gives back the screen as it was; draw again only what changed meanwhile.
        if stale:
            self.refresh()

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

    def game_in_progress(self) -> bool:
        return self.game is not None and self.game.winner is None and not self.demo

    async def confirm(self, question: str) -> bool:
        """Before one key throws a game in progress away: Y to go ahead (Esc: no)."""
        answer = False

        async def ask() -> None:
            nonlocal answer
            answer = await ui.confirm_discard(self.m, question,
                                              in_progress=self.game_in_progress(),
                                              mouse=YES_NO_MOUSE)

        await self.in_popup(self.open_popup or "confirm", ask())
        return answer

    async def pause(self, seconds: float) -> None:
        """Let time pass while the computer acts; hot keys work and other keys typed
        meanwhile are kept for afterwards (type-ahead).  While the computer can be caught
        without its cry, Enter or the CRY button calls it at once."""
        r = self.round
        if r is None or r.uncried != COMPUTER or self.demo:
            await ui.sleep(self.m, seconds)
            return
        deadline = self.m.now() + seconds
        kept: list[Event] = []
        try:
            while (left := deadline - self.m.now()) > 0:
                ev = await ui.key(self.m, timeout=left)
                if ev is None:
                    break
                if self.is_cry(ev) and r.uncried == COMPUTER and not self.demo:
                    self.apply(Catch(YOU))
                    self.draw()
                else:
                    kept.append(ev)
        finally:
            for ev in reversed(kept):
                self.m.unread(ev)

    async def your_key(self) -> Event:
        """The next key or click from you; F2 (demo) ends the wait with ``DemoStarted``."""
        self.waiting_for_you = True
        try:
            ev = await ui.key(self.m)
        finally:
            self.waiting_for_you = False
        assert ev is not None
        return ev

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

    async def ask_yes_no(self, question: str, esc: bool = False,
                         enter: bool | None = None) -> bool:
        """Y/N, or the right mouse button for yes and the left one for no (the manual).

        ``esc`` is what Esc answers: the answer that loses nothing.
        """
        self.say_status(f"{question} (Y/N)", A_PROMPT)
        self.draw()
        try:
            return await ui.ask(self.m, question, esc=esc, enter=enter, mouse=YES_NO_MOUSE)
        finally:
            self.say_status("")

    async def ask_color(self, why: str, can_take_back: bool = True) -> str | None:
        """A colour by its letter or a click on it; None if Esc takes the card back."""
        while True:
            self.status = ""
            self.draw()
            hots = self.prompt_colors(why, can_take_back)
            match await self.your_key():
                case Key(ch) if ch.upper() in COLORS:
                    return ch.upper()
                case Key("ESC") if can_take_back:
                    return None
                case Click(row, col, "left"):
                    for hot in hots:
                        if hot.hit(row, col):
                            return str(hot.value)
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
        loaded = store.load_result(scorefile.SCORE_FILE, scorefile.parse)
        match = loaded.value
        if match is None:
            self.match = Match()
            if loaded.damaged:
                # The store's notice says where the file went; the screen says what follows.
                self.event_text = ("The match file YUCKY.SCR was damaged and has been put "
                                   "aside; a new match begins.")
        else:
            self.match = match

    # -- the program -------------------------------------------------------------------------

    async def run(self) -> None:
        self.load_match()
        if self.m.flags.show:
            await popups.show(self)
        while True:
            try:
                await self.play_game()
                if not self.demo and not await self.another_game():
                    return
            except NewGame:
                self.say_status("Game abandoned: a new game begins.")
                self.round = None
                self.game = None
                continue

    async def another_game(self) -> bool:
        """'Play another game?' Y or the right button plays on; N, the left button or Esc
        end the program (the match is saved; nothing is lost)."""
        self.waiting_for_you = True
        try:
            return await self.ask_yes_no("Play another game?", esc=False)
        except DemoStarted:
            return True                 # the computer plays on by itself
        finally:
            self.waiting_for_you = False

    async def ask_game_point(self) -> int:
        """The game point for a new game: typed digits, Enter for the default."""
        if self.demo:
            return self.game_point
        label = self.game_point_label()
        self.draw()
        col = 1 + len(label)

        def check(text: str) -> str | None:
            if text and not MIN_GAME_POINT <= int(text) <= MAX_GAME_POINT:
                return f"{MIN_GAME_POINT} to {MAX_GAME_POINT}, please."
            return None

        while True:
            self.waiting_for_you = True
            try:
                text = await ui.line_input(
                    self.m, PROMPT_ROW, col, 6, self.a(A_PROMPT), validate=check,
                    allowed=str.isdigit, max_length=GAME_POINT_TYPED,
                    buttons_at=(PROMPT_ROW, col + 7),
                    error_at=(PROMPT_ROW, col + 14, 79 - col - 14),
                    error_attr=self.a(A_ERROR))
            except DemoStarted:
                return self.game_point
            finally:
                self.waiting_for_you = False
            if text is not None:        # Esc starts the typing again
                self.s.move_cursor(24, 0, visible=False)
                return int(text) if text else self.game_point

    async def play_game(self) -> None:
        self.stage = "game_point"
        self.round = None
        self.hand_no = 0
        self.game = None
        self.draw()
        self.game_point = await self.ask_game_point()
        self.say_status("")
        self.game = Game.start(self.rng, self.game_point)
        if self.next_game_dealer is not None:
            self.game.next_dealer = self.next_game_dealer
        while self.game.winner is None:
            await self.play_hand()
        await self.game_over()

    async def play_hand(self) -> None:
        game = self.game
        assert game is not None
        replay = False
        if self.replay_ask and self.last_deal is not None and not self.demo:
            self.stage = "replay_prompt"
            try:
                self.waiting_for_you = True
                replay = await self.ask_yes_no("Replay the last hand with the same cards?")
            except DemoStarted:
                replay = False
            finally:
                self.waiting_for_you = False
        if replay and self.last_deal is not None:
            seed, dealer, options = self.last_deal
        else:
            seed, dealer = self.rng.getrandbits(64), game.next_dealer
            options = Options(self.long_game, self.multiple_draw)
            game.next_dealer = 1 - game.next_dealer
            self.next_game_dealer = game.next_dealer
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
        # Cooperative: hot keys and type-ahead stay live while the play-outs run, progress
        # shows on the prompt row, and Esc makes the computer play the best card so far.
        move = await ui.work(self.m, player.choose_steps(r, seat),
                             progress=ui.Progress(PROMPT_ROW, 0, 40, self.a(A_PROMPT),
                                                  label="The computer thinks"), every=8)
        if self.round is not r or r.phase is Phase.OVER or r.turn != seat:
            return              # a hot key (a new hand, the options) changed the table
        self.apply(move)

    async def your_turn(self) -> None:
        """Your keys and clicks until one move (a play, a draw, a pass...) is made."""
        r = self.round
        assert r is not None
        moves = len(r.events)
        while len(r.events) == moves and r.turn == YOU and r.phase is not Phase.OVER \
                and not self.demo and r.phase is not Phase.CHALLENGE:
            try:
                if r.phase is Phase.START_COLOR:
                    color = await self.ask_color("You start: name the colour:",
                                                 can_take_back=False)
                    if color is not None:
                        self.apply(NameColor(color))
                    continue
                if not self.status or self.status_attr == A_PROMPT:
                    self.say_status(self.turn_prompt())
                self.draw()
                ev = await self.your_key()
                self.say_status("")
                await self.your_input(ev)
            except DemoStarted:
                return                  # the computer plays your seat from now on

    def turn_prompt(self) -> str:
        r = self.round
        assert r is not None
        mouse = self.m.flags.mouse      # with the D letter the prompts name keys only
        if r.phase is Phase.DRAWN and not r.options.multiple_draw and r.drawn is not None:
            how = "Space or click it" if mouse else "Space plays it"
            return f"{r.drawn.code} fits and must be played: {how} (Enter cries)."
        if r.phase is Phase.DRAWN:
            return "Play a card, Space to draw again, or P to end your turn."
        how = "type or click a card" if mouse else "type a card"
        return f"Your turn: {how}, Space draws, Enter cries, X gives up."

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
                if await self.ask_yes_no("Give up this hand? The computer wins it.", esc=False):
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
        self.say_status(text + " Press a key.", A_LABEL)
        self.draw()
        if self.demo:
            await ui.sleep(self.m, 2.0)
        else:
            await self.any_key()

    async def any_key(self) -> None:
        with contextlib.suppress(DemoStarted):
            await self.your_key()

    async def game_over(self) -> None:
        game = self.game
        assert game is not None and game.winner is not None
        self.stage = "game_over"
        you, comp = game.scores
        counts = not self.demo
        recorded = None
        if counts:  # saved at once, the next match (0-0) if this one is decided
            recorded = scorefile.record_game(self.m.store, game.winner, self.match)
            self.match = recorded.match
        who = "You win" if game.winner == YOU else "The computer wins"
        text = f"{who} the game, {max(you, comp)} to {min(you, comp)}."
        match_over = counts and self.match.winner is not None
        if match_over:
            self.stage = "match_over"
            champion = "You win" if self.match.winner == YOU else "The computer wins"
            g = self.match.games
            text += f" {champion} the match, {max(g)} games to {min(g)}! A new match begins."
        elif not counts:
            text += " (A demo game does not count for the match.)"
        if recorded is not None and recorded.problem:
            text += f" (The match could not be saved: {recorded.problem}.)"
        self.event_text = text
        self.say_status("Press a key.", A_LABEL)
        self.m.play(TUNE_WIN if game.winner == YOU else TUNE_LOSE)
        self.draw()
        if self.demo:
            await ui.sleep(self.m, 3.0)
        else:
            await self.any_key()
        if match_over:
            self.match = Match()


async def main(m: Machine) -> None:
    """The program: the show, then games until the player quits (F9 or no more games)."""
    screen = YuckyScreen(m)
    with contextlib.suppress(QuitProgram, Quit):
        await screen.run()
    m.hush()
