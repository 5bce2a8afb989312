"""The independent referee replays full games through the real program.

Each session starts the real Pig Poker program headless, seats 2-6 players (people typed in
by name, and the computer), answers the option questions (Mud Puddle and Same Sex, all four
combinations in turn), and plays whole games by key script: the people's moves are chosen by
the referee's own seeded random player, which also tries squares its own rules say cannot be
taken.  After every step the program takes (every time it waits or pauses) the published
state is read, and every change is checked against ``referee`` (written from the manual,
importing nothing of the game's rules):

- a turn deals five different cards and rolls the die 1-5; the turn passes to the next seat;
- a twiddle redraws at most as many cards as the die allows, and leaves the others alone;
- a capture takes a square the referee's poker ranking (kickers included) allows, with the
  hand just played, and its score is the manual's formula; with no legal square the turn
  passes, and with one the player must take one (the program refuses illegal squares);
- four in a row ends the game; the payout follows the manual; chips are conserved in the
  game and in the bank file, which holds each player's new balance.

``REFEREE_GAMES`` (200) full games run by default: about a minute on an idle machine, several
on a loaded one; ``PIGPOKER_REFEREE_GAMES=N`` in the environment plays N instead (20 or
more to reach every player count).
"""

from __future__ import annotations

import os
import random
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from retro.frontends.host import Driver
from retro.frontends.script import drive, make_machine, parse
from retro.pc.clock import VirtualClock
from retro.programs import find

from . import referee as ref

#: Full games in the default run; PIGPOKER_REFEREE_GAMES=N plays more (or fewer) by hand.
REFEREE_GAMES = int(os.environ.get("PIGPOKER_REFEREE_GAMES", "200"))
GAMES_PER_SESSION = 4
TURN_CAP = 40                # then the people propose a draw on each of their turns
HARD_CAP = 400               # a game still going after this many turns fails the referee
OPTIONS = ((False, False), (True, False), (False, True), (True, True))
NAMES = ("Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal")


class RefereeError(AssertionError):
    pass


def expect(condition: bool, what: str, state: dict[str, Any]) -> None:
    if not condition:
        raise RefereeError(f"{what} (turn {state.get('turn_number')}, phase "
                           f"{state.get('phase')})")


@dataclass
class Tally:
    games: int = 0
    turns: int = 0
    captures: int = 0
    passes: int = 0
    twiddles: int = 0
    refused: int = 0          # illegal squares tried and refused
    wins: int = 0
    draws: int = 0
    players: set[int] = field(default_factory=set)
    options: set[tuple[bool, bool]] = field(default_factory=set)


def in_play(state: dict[str, Any]) -> bool:
    return state["screen"] in ("game", "over") and state["phase"] != "entry"


class Checker:
    """Checks each change of the published state against the referee's rules."""

    def __init__(self, tally: Tally) -> None:
        self.tally = tally
        self.prev: dict[str, Any] | None = None

    def see(self, s: dict[str, Any]) -> None:
        p, self.prev = self.prev, s
        if not in_play(s):
            return
        if p is None or not in_play(p) or p["phase"] in ("over", "drawn"):
            if s["phase"] not in ("over", "drawn"):
                self.new_game(s)
            return
        if s["turn_number"] == p["turn_number"]:
            self.same_turn(p, s)
        elif s["turn_number"] == p["turn_number"] + 1:
            self.next_turn(p, s)
        else:
            expect(False, f"turn {p['turn_number']} jumped to {s['turn_number']}", s)

    def new_game(self, s: dict[str, Any]) -> None:
        expect(all(sq["owner"] is None for sq in s["board"]), "a new game starts empty", s)
        expect(s["turn_number"] == 1, "a new game starts at turn 1", s)
        self.new_turn(s)
        self.tally.players.add(len(s["players"]))
        self.tally.options.add((s["options"]["mud_puddle"], s["options"]["same_sex"]))

    def new_turn(self, s: dict[str, Any]) -> None:
        hand = s["hand"]
        expect(len(hand) == 5 and len(set(hand)) == 5, f"five different cards: {hand}", s)
        expect(1 <= s["die"] <= 5, f"the die shows 1-5, not {s['die']}", s)
        expect(s["twiddles_left"] == s["die"], "the die's number of twiddles", s)
        expect(s["phase"] == "twiddle", "a turn starts with the twiddles", s)
        self.tally.turns += 1

    def same_turn(self, p: dict[str, Any], s: dict[str, Any]) -> None:
        expect(s["turn"] == p["turn"], "the same player within a turn", s)
        if s["phase"] == "drawn":
            expect(s["board"] == p["board"] and s["payout"] == [0] * len(s["players"]),
                   "a draw changes nothing", s)
            expect(chips(s) == chips(p), "a draw moves no chips", s)
            self.tally.draws += 1
            return
        if s["phase"] == "over":
            self.capture(p, s, final=True)
            return
        expect(s["board"] == p["board"], "the board changes only by a capture", s)
        expect(chips(s) == chips(p), "chips change only when a game is won", s)
        if p["phase"] == "place":
            expect(s["phase"] == "place" and s["hand"] == p["hand"],
                   "nothing changes a hand once it is final", s)
            return
        used = p["twiddles_left"] - s["twiddles_left"]
        changed = sum(a != b for a, b in zip(p["hand"], s["hand"], strict=True))
        expect(used >= 0 and changed <= used, f"{changed} cards redrawn with {used} twiddles",
               s)
        expect(len(set(s["hand"])) == 5, "a redraw never repeats a card", s)
        if s["twiddles_left"] == 0:
            expect(s["phase"] == "place", "no twiddles left: the hand is final", s)
        self.tally.twiddles += used > 0

    def next_turn(self, p: dict[str, Any], s: dict[str, Any]) -> None:
        n = len(s["players"])
        expect(s["turn"] == (p["turn"] + 1) % n, "the turn passes to the next seat", s)
        changed = [i for i in range(16) if s["board"][i] != p["board"][i]]
        expect(len(changed) <= 1, f"one capture a turn, not {changed}", s)
        expect(chips(s) == chips(p), "chips change only when a game is won", s)
        if changed:
            self.capture(p, s, final=False)
        else:
            expect(p["phase"] == "place", "a turn ends after its hand is final", p)
            legal = ref.legal_squares(p["board"], p["hand"], *options(p))
            expect(not legal, f"a square could be taken ({legal}), so one must be", p)
            self.tally.passes += 1
        self.new_turn(s)

    def capture(self, p: dict[str, Any], s: dict[str, Any], final: bool) -> None:
        changed = [i for i in range(16) if s["board"][i] != p["board"][i]]
        expect(len(changed) == 1, f"one square captured, not {changed}", s)
        i = changed[0]
        square = s["board"][i]
        seat = p["turn"]
        expect(square["owner"] == seat, "the player to move holds the captured square", s)
        if p["phase"] == "place":
            expect(square["hand"] == p["hand"], "the hand played is the one pigged out", s)
        expect(ref.may_take(p["board"], i, square["hand"], *options(p)),
               f"square {i} may not be taken with {square['hand']}", s)
        expect(square["score"] == ref.manual_score(square["hand"]),
               f"score {square['score']} of {square['hand']}", s)
        self.tally.captures += 1
        line = ref.completed_line(s["board"], seat)
        expect((line is not None) == final, "the game ends exactly at four in a row", s)
        if not final:
            return
        expect(s["winner"] == seat and tuple(s["line"]) == line, "the winner and line", s)
        pigs = ref.pig_counts(s["board"], len(s["players"]))
        owed = ref.payout(pigs, seat, chips(p))
        expect(s["payout"] == owed, f"payout {s['payout']}, the manual's {owed}", s)
        expect(chips(s) == [c + d for c, d in zip(chips(p), owed, strict=True)],
               "balances after the payout", s)
        expect(sum(chips(s)) == sum(chips(p)), "the payout conserves chips", s)
        self.tally.wins += 1


def chips(s: dict[str, Any]) -> list[int]:
    return [pl["chips"] for pl in s["players"]]


def options(s: dict[str, Any]) -> tuple[bool, bool]:
    return s["options"]["mud_puddle"], s["options"]["same_sex"]


class Session:
    """The real program, driven a few keys at a time, every state it passes through seen."""

    def __init__(self, seed: int, home: Path, checker: Checker) -> None:
        program = find("pigpoker")
        self.home = home
        self.m = make_machine(program.letters, "*", seed, home, None, VirtualClock())
        self.driver = Driver(program.main(self.m))
        self.checker = checker
        self.seen: list[dict[str, Any]] = []
        resume = self.driver.resume

        def watched(value: Any) -> Any:
            request = resume(value)
            state = self.m.state()
            if state is not None and (not self.seen or state != self.seen[-1]):
                self.seen.append(state)
                checker.see(state)
            return request

        self.driver.resume = watched  # type: ignore[method-assign]
        self.driver.start()

    def send(self, keys: str) -> dict[str, Any]:
        self.seen = self.seen[-1:]
        drive(self.m, self.driver, parse(keys), until_ms=600_000)
        state = self.m.state()
        assert state is not None
        return state

    def asks(self, question: str) -> bool:
        return self.m.screen.find(question) is not None

    def bank(self) -> dict[str, int]:
        lines = (self.home / "PIGPOKER.SCR").read_text().splitlines()[1:]
        return {line[9:].upper(): int(line[:8]) for line in lines if line.strip()}


class Referee:
    """Plays the people's seats with its own random choices and checks what follows."""

    def __init__(self, seed: int, home: Path, tally: Tally) -> None:
        self.rng = random.Random(seed)
        self.tally = tally
        self.session = Session(seed, home, Checker(tally))
        self.names: list[str] = []
        self.proposed_at = 0              # the turn a draw was last proposed on

    def seat(self, count: int) -> dict[str, Any]:
        humans = self.rng.randint(1, count) if self.rng.random() < 0.5 else count
        kinds = ["human"] * humans + ["computer"] * (count - humans)
        self.rng.shuffle(kinds)
        keys = ["F9 F9"]     # 0.1 s between the computer's steps: each is a state to check
        for kind in kinds:
            if kind == "computer":
                keys.append('"computer" ENTER')
            else:
                keys.append(f'"{self.fresh_name()}" ENTER')
        state = self.session.send(" ".join(keys))
        expect(len(state["players"]) == count, f"{count} players seated", state)
        return state

    def fresh_name(self) -> str:
        taken = {pl.upper() for pl in self.names}
        name = next(f"{n}{k}" for k in range(1, 99) for n in NAMES if f"{n}{k}".upper()
                    not in taken)
        self.names.append(name)
        return name

    def start(self, opts: tuple[bool, bool]) -> dict[str, Any]:
        answers = " ".join("y" if on else "n" for on in opts)
        state = self.session.send(f"ENTER {answers}")
        expect(state["options"] == {"mud_puddle": opts[0], "same_sex": opts[1]},
               "the options asked for", state)
        return state

    def play_game(self, state: dict[str, Any]) -> dict[str, Any]:
        while state["phase"] not in ("over", "drawn"):
            expect(state["turn_number"] <= HARD_CAP, "the game does not end", state)
            seat = state["players"][state["turn"]]
            expect(not seat["is_computer"], "the program waits only for people", state)
            if (state["turn_number"] > TURN_CAP and state["phase"] == "twiddle"
                    and self.proposed_at != state["turn_number"]):
                self.proposed_at = state["turn_number"]
                state = self.propose_draw()
            elif state["phase"] == "twiddle":
                state = self.twiddle(state)
            else:
                state = self.place(state)
        self.tally.games += 1
        self.check_bank(state)
        return state

    def twiddle(self, s: dict[str, Any]) -> dict[str, Any]:
        k = self.rng.randint(0, s["twiddles_left"])
        marks = sorted(self.rng.sample(range(5), k))
        after = self.session.send(" ".join(str(p + 1) for p in marks) + " ESC")
        first = next((x for x in self.session.seen[1:] if in_play(x) and (
            x["hand"] != s["hand"] or x["twiddles_left"] != s["twiddles_left"]
            or x["phase"] != s["phase"])), None)
        expect(first is not None, "the twiddle or stand is taken", after)
        assert first is not None
        if first["turn_number"] == s["turn_number"]:
            if marks:
                expect(first["twiddles_left"] == s["twiddles_left"] - k,
                       f"{k} twiddles used", first)
                expect(all(first["hand"][q] == s["hand"][q] for q in range(5)
                           if q not in marks), "unmarked cards are kept", first)
            else:
                expect(first["phase"] == "place" and first["hand"] == s["hand"],
                       "Esc with nothing marked stands", first)
        return after

    def place(self, s: dict[str, Any]) -> dict[str, Any]:
        legal = ref.legal_squares(s["board"], s["hand"], *options(s))
        expect(bool(legal), "the program waits for a square only when one is legal", s)
        illegal = [i for i in range(16) if i not in legal]
        if illegal and self.rng.random() < 0.3:
            wrong = self.rng.choice(illegal)
            after = self.session.send("ABCDEFGHIJKLMNOP"[wrong])
            expect(after["board"] == s["board"] and after["turn_number"] == s["turn_number"]
                   and after["phase"] == "place", f"square {wrong} is refused", after)
            self.tally.refused += 1
        choice = self.rng.choice(legal)
        after = self.session.send("ABCDEFGHIJKLMNOP"[choice])
        taken = next((x for x in self.session.seen[1:] if in_play(x)
                      and x["board"] != s["board"]), None)
        expect(taken is not None, f"square {choice} is taken", after)
        assert taken is not None
        expect(taken["board"][choice]["owner"] == s["turn"]
               and taken["board"][choice]["hand"] == s["hand"],
               f"the hand goes on the square chosen ({choice})", taken)
        return after

    def propose_draw(self) -> dict[str, Any]:
        state = self.session.send("Q")
        while self.session.asks("call the game a draw?"):
            state = self.session.send("Y")
        return state

    def check_bank(self, s: dict[str, Any]) -> None:
        bank = self.session.bank()
        for pl in s["players"]:
            expect(bank[pl["name"].upper()] == pl["chips"],
                   f"the bank holds {pl['name']}'s balance", s)
        expect(sum(bank.values()) == 100 * len(bank), "the bank conserves chips", s)

    def between_games(self, n_players: int) -> None:
        """Back to the player list: sometimes one player leaves and a new one joins."""
        state = self.session.send("N")
        expect(state["screen"] == "entry", "N goes to the player list", state)
        if self.rng.random() < 0.5:
            leave = self.rng.randint(1, n_players)
            gone = state["players"][leave - 1]["name"]
            joiner = '"computer"' if self.rng.random() < 0.3 else f'"{self.fresh_name()}"'
            state = self.session.send(f'"{leave}" ENTER {joiner} ENTER')
            names = [pl["name"] for pl in state["players"]]
            expect(len(names) == n_players and (gone not in names or gone.startswith(
                "COMPUTER")), "a player left and another joined", state)
            if all(pl["is_computer"] for pl in state["players"]):
                state = self.session.send(f'"1" ENTER "{self.fresh_name()}" ENTER')


def sessions(games: int) -> Iterator[tuple[int, int]]:
    """(session seed, players) until ``games`` games are planned."""
    planned, seed = 0, 0
    while planned < games:
        yield seed, 2 + seed % 5
        planned += GAMES_PER_SESSION
        seed += 1


def referee_games(games: int, home: Path) -> Tally:
    tally = Tally()
    game_no = 0
    for seed, count in sessions(games):
        folder = home / f"s{seed}"
        folder.mkdir()
        r = Referee(seed, folder, tally)
        r.seat(count)
        for g in range(GAMES_PER_SESSION):
            if game_no >= games:
                break
            state = r.start(OPTIONS[game_no % len(OPTIONS)])
            r.play_game(state)
            game_no += 1
            if g + 1 < GAMES_PER_SESSION:
                r.between_games(count)
    return tally


def test_referee_replays_full_games_with_two_to_six_players_and_every_option(
        tmp_path: Path) -> None:
    tally = referee_games(REFEREE_GAMES, tmp_path)
    assert tally.games == REFEREE_GAMES
    assert tally.players == {2, 3, 4, 5, 6}
    assert tally.options == set(OPTIONS)
    assert tally.wins > REFEREE_GAMES // 3 and tally.captures > 10 * REFEREE_GAMES
    assert tally.passes > 0 and tally.refused > 0 and tally.twiddles > 0


# -- the referee's own rules against the manual's examples --------------------------------------

@pytest.mark.parametrize(("hand", "score"), [
    ("9S 9H 9D 9C KS", 21300), ("7S 7H 7D 4C 4S", 15704), ("AS KH QD JC TS", 9014),
    ("9S 8H 7D 6C 5S", 9009), ("5S 4H 3D 2C AS", 9005), ("KS KH KD 5C 3S", 8300),
    ("AS AH 3D 3C 2S", 3403), ("AS KH 9D 6C 4S", 14), ("9S 7H 6D 3C 2S", 0),
])
def test_referee_scores_the_manual_examples(hand: str, score: int) -> None:
    assert ref.manual_score(hand.split()) == score


def test_referee_ranks_by_standard_poker_with_kickers() -> None:
    def s(text: str) -> ref.Strength:
        return ref.strength(text.split())
    assert s("KS KH AD 4C 2S") > s("KD KC QD JC 9S")      # the kicker
    assert s("JS JH 5D 4C 2S") > s("TS TH AD KC QS")      # two jacks beat two tens
    assert s("5S 4H 3D 2C AS") < s("6S 5H 4D 3C 2S")      # the wheel is the lowest straight
    assert s("AS KH 9D 6C 4S") == s("AD KC 9S 6H 4D")     # suits never count
