"""Sixty-Six at the table from prepared positions: the screen items one by one.

A test program sets up the match (hands, points, game points) and then runs the real
table on it, so the keys typed go through exactly the code a player's keys go through.
"""

from __future__ import annotations

import contextlib
import json
import re
from collections.abc import Callable
from pathlib import Path

from retro.frontends.script import run
from retro.games.sixtysix import PROGRAM
from retro.games.sixtysix.draw import (
    CARD_H,
    CPU_CARD_COL,
    HAND_TOP,
    MID_COL,
    SCORE_ROW,
    Painter,
    computer_slots,
)
from retro.games.sixtysix.rules import Close, Deal, DealResult, Match, parse_card
from retro.games.sixtysix.save import SAVE_NAME
from retro.games.sixtysix.ui import Leave, Table
from retro.pc.clock import VirtualClock
from retro.pc.machine import Machine, Program

Setup = Callable[[Table], None]


def prepared(setup: Setup) -> Program:
    """A program that runs the real table on a match ``setup`` prepares."""

    async def main(m: Machine) -> None:
        table = Table(m)
        setup(table)
        table.deal = table.match.deal
        with contextlib.suppress(Leave):
            await table.run(resumed=True)

    return Program(name="sixtysix-test", title="test", main=main)


def deal_of(table: Table, hand0: str, hand1: str, stock: str, trump: str,
            dealer: int = 1) -> Deal:
    d = Deal.from_codes(hand0, hand1, stock, trump, dealer=dealer,
                        options=table.match.options)
    table.match.deal = d
    table.match.dealer = dealer
    return d


def text(result) -> str:
    return " ".join(str(result.screen).split())


def rows(result, first: int, last: int) -> list[str]:
    return str(result.screen).split("\n")[first:last + 1]


def two_marriages(t: Table) -> None:
    deal_of(t, "KH QH KS QS 9C JC", "TH 9D JD QD KD AD", "AC AS TS JS 9S JH QC KC TC TD 9H",
            "AH")


def near_match_win(t: Table) -> None:
    """You lead the ace of hearts to 71 points; the match stands 6-0."""
    t.match.game_points = [6, 0]
    d = deal_of(t, "AH 9S", "TH 9D", "JS QS KS", "TS")
    d.apply(Close())
    d.points, d.tricks_won = [50, 30], [2, 1]


def you_lead_the_ace_of_clubs(t: Table) -> None:
    """Key 1 is the ace of clubs; the computer has no clubs and no trumps."""
    deal_of(t, "AC 9C JC QC KC TC", "TD 9D JD QD KD 9S", "AD AS TS JS QS KS JH QH KH TH AH",
            "9H")


# -- the hidden hand ---------------------------------------------------------------------

def test_hidden_hand_drawn_order_is_independent_of_its_contents():
    # Same shown card (a marriage partner), different hidden cards: the same column.
    a = Deal.from_codes("9C JC QC KC TC AC", "KH 9D JD QD KS 9S", "", "AD", dealer=1)
    b = Deal.from_codes("9C JC QC KC TC AC", "KH AS TS QS KD 9H", "", "AD", dealer=1)
    for d in (a, b):
        d.shown[1].add(parse_card("KH"))
    assert computer_slots(a, face_up=False) == computer_slots(b, face_up=False) == \
        [parse_card("KH"), None, None, None, None, None]

    def column(d: Deal) -> bytes:
        m = Machine(clock=VirtualClock())

        class View:
            deal, match, demo, speed, shown_trick = d, Match(m.rng), False, 5, None

        Painter(m).hands(View())
        s = m.screen
        return b"".join(s.to_bytes()[(HAND_TOP + r) * 160 + MID_COL * 2:
                                     (HAND_TOP + r + 1) * 160] for r in range(6 * CARD_H))

    assert column(a) == column(b)


def test_hidden_hand_order_does_not_follow_sorted_contents():
    # A shown card goes to the top whatever it is; a shown ace of spades is not drawn
    # below the backs where sorting would put it.
    d = Deal.from_codes("9C JC QC KC TC AC", "AS 9D JD QD KD 9H", "", "AD", dealer=1)
    d.shown[1].add(parse_card("AS"))
    assert computer_slots(d, face_up=False)[0] == parse_card("AS")
    assert computer_slots(d, face_up=True)[-1] == parse_card("AS")


def test_computer_hand_on_screen_shows_only_backs_and_shown_cards():
    result = run(prepared(two_marriages), keys="")
    col = str(result.screen).split("\n")
    faces = [col[HAND_TOP + i * CARD_H + 1][CPU_CARD_COL:CPU_CARD_COL + 7] for i in range(6)]
    assert all(f == "│░░░░░│" for f in faces)


# -- demo mode -----------------------------------------------------------------------------

def test_f2_at_the_next_game_prompt_starts_the_demo():
    def setup(t: Table) -> None:
        d = deal_of(t, "AH 9S", "TH 9D", "JS QS KS", "TS")
        d.apply(Close())
        d.points, d.tricks_won = [60, 30], [2, 1]

    at_prompt = run(prepared(setup), keys="1")
    assert "Press any key for the next game" in text(at_prompt)
    assert at_prompt.state["phase"] == "game_over"
    demo = run(prepared(setup), keys="1 F2", until_ms=3_000)
    st = demo.state
    assert st["demo"] and st["deals_played"] == 1 and st["phase"] == "play"
    assert st["points"]["you"] + st["points"]["computer"] > 0 or st["trick"]


def test_turning_demo_off_gives_you_the_very_next_move():
    from retro.frontends.host import Driver
    from retro.frontends.script import drive, make_machine
    from retro.pc.events import Key
    from retro.pc.machine import WaitKey

    m = make_machine(PROGRAM.letters, "*", 1, None, None, VirtualClock())
    driver = Driver(PROGRAM.main(m))
    driver.start()
    drive(m, driver, [])
    start = m.state()
    assert start["turn"] == "you"
    m.push(Key("F2"))                       # demo on: the computer is to play your card ...
    request = driver.resume(m.take())
    assert isinstance(request, WaitKey) and request.timeout   # ... after its pause
    m.push(Key("F2"))                       # demo off during that pause
    driver.resume(m.take())
    drive(m, driver, [])
    st = m.state()
    assert not st["demo"] and st["turn"] == "you"
    assert st["hands"]["you"] == start["hands"]["you"] and st["trick"] == start["trick"]


# -- messages and marks ----------------------------------------------------------------------

def test_schwarz_mark_goes_once_that_player_has_taken_a_trick():
    setup = you_lead_the_ace_of_clubs
    before = run(prepared(setup), keys="")
    line = rows(before, SCORE_ROW + 1, SCORE_ROW + 1)[0]
    assert line.count("SW") == 2
    after = run(prepared(setup), keys="1")
    assert after.state["tricks_won"] == {"you": 1, "computer": 0}
    line = rows(after, SCORE_ROW + 1, SCORE_ROW + 1)[0]
    assert line.count("SW") == 1 and line.index("SW") > MID_COL + 18


def test_carried_point_is_mentioned_when_awarded():
    m = Machine(clock=VirtualClock())
    table = Table(m)
    table.draw_all()
    table.match = Match(m.rng, carry=1)
    d = table.match.new_deal()
    d.result = DealResult(0, 1, "66")
    table.deal = d
    table.end_of_deal()
    assert "You win the game: 1 game point and 1 carried over, 2 in all." in table.log.history
    assert table.match.game_points == [2, 0]


def test_repeated_messages_do_not_stack():
    result = run(prepared(you_lead_the_ace_of_clubs), keys="E E E")
    area = "\n".join(rows(result, 20, 22))
    assert area.count("You must win a trick before exchanging the trump nine.") == 1


def test_long_messages_wrap_at_a_word_and_are_never_cut():
    result = run(prepared(you_lead_the_ace_of_clubs), keys="C")
    area = rows(result, 20, 22)
    joined = " ".join(" ".join(area).split())
    assert "no 10 for the last trick." in joined
    assert all(not line.rstrip().endswith("tric") for line in area)


def test_esc_at_the_marriage_suit_question_clears_the_question():
    before = run(prepared(two_marriages), keys="")
    asked = run(prepared(two_marriages), keys="K")
    assert "Marriage in" in text(asked) and "Hearts" in text(asked) and "Spades" in text(asked)
    gone = run(prepared(two_marriages), keys="K ESC")
    assert gone.screen.to_bytes() == before.screen.to_bytes()
    assert gone.state["marriages"] == []
    married = run(prepared(two_marriages), keys="K S")
    assert married.state["marriages"] == [{"by": "you", "suit": "S", "points": 20}]


def test_another_match_question_does_not_stay_into_the_new_match():
    asked = run(prepared(near_match_win), keys="1")
    assert asked.state["phase"] == "match_over" and "Another match?" in text(asked)
    again = run(prepared(near_match_win), keys="1 Y")
    assert "Another match" not in text(again)
    assert again.state["game_points"] == {"you": 0, "computer": 0}
    assert run(prepared(near_match_win), keys="1 ESC").ended      # Esc: no more matches


def test_one_card_left_reads_1_play():
    def setup(t: Table) -> None:
        d = deal_of(t, "AH", "9H", "JS", "TS")
        d.apply(Close())

    result = run(prepared(setup), keys="")
    action = rows(result, 23, 23)[0]
    assert "1 play (your lead)" in action and "1-1" not in action


def test_cards_are_named_in_words_in_sentences():
    def setup(t: Table) -> None:
        d = deal_of(t, "AH JC QC KC TC AC", "TH 9D JD QD KD 9S",
                    "9C TS JS QS KS AD TD JH QH KH 9H", "AS")
        d.tricks_won = [1, 0]

    result = run(prepared(setup), keys="E")
    area = " ".join(rows(result, 20, 22))
    assert "You do not hold the nine of spades." in area
    assert not re.search(r"\b(10|[2-9TJQKA])[CDHS]\b", area)


# -- the last trick ------------------------------------------------------------------------

def test_l_shows_the_last_trick_again_and_any_key_puts_the_table_back():
    setup = you_lead_the_ace_of_clubs
    none_yet = run(prepared(setup), keys="L")
    assert "No trick has been taken yet" in text(none_yet)
    after = run(prepared(setup), keys="1")
    last = after.state["last_trick"]
    assert last["leader"] == "you" and last["winner"] == "you" and last["cards"][0] == "AC"
    shown = run(prepared(setup), keys="1 L")
    assert "The last trick" in text(shown) and "You led; you took it" in text(shown)
    assert "│A   ♣│" in str(shown.screen)
    back = run(prepared(setup), keys="1 L x")
    assert back.screen.to_bytes() == after.screen.to_bytes()


# -- the closed-game rule at the table -----------------------------------------------------

def test_closed_game_shows_no_trumps_under_the_manuals_rule():
    def setup(t: Table) -> None:
        deal_of(t, "AH 9C JC QC KC TC", "TS 9D JD QD KD TD", "JS", "9S")  # key 6: AH

    closed = run(prepared(setup), keys="C")
    assert "No trumps now" in text(closed) and closed.state["closed_rule"] == "led-suit"
    won = run(prepared(setup), keys="C 6")     # the ace of hearts against a void trumper
    assert won.state["tricks_won"]["you"] == 1


def test_closed_option_plays_the_standard_rule():
    result = run("sixtysix", seed=1, keys="", letters="*", params={"closed": "trumps"})
    assert result.state["closed_rule"] == "trumps"
    bad = run("sixtysix", seed=1, keys="", letters="*", params={"closed": "bezique"})
    assert bad.state["closed_rule"] == "led-suit" and "unknown closed-game rule" in \
        text(bad).lower()
    assert any(o.name == "closed" for o in PROGRAM.options)


# -- leaving and resuming a match ------------------------------------------------------------

def test_f7_saves_the_match_and_the_next_start_resumes(retro_home: Path):
    played = run("sixtysix", seed=4, keys="1", letters="*")
    quit_ = run("sixtysix", seed=4, keys="1 F7", letters="*")
    assert quit_.ended and (retro_home / SAVE_NAME).exists()
    back = run("sixtysix", seed=99, keys="", letters="*")
    assert "Your saved match is back" in text(back)
    for key in ("hands", "points", "trick", "trump", "game_points", "turn", "stock"):
        assert back.state[key] == played.state[key], key


def test_closing_the_window_saves_the_match(retro_home: Path):
    from retro.frontends.host import Driver
    from retro.frontends.script import drive, make_machine, parse

    m = make_machine(PROGRAM.letters, "*", 4, None, None, VirtualClock())
    driver = Driver(PROGRAM.main(m))
    driver.start()
    drive(m, driver, parse("1"))
    driver.quit()
    saved = json.loads((retro_home / SAVE_NAME).read_text())
    assert sorted(saved["match"]["deal"]["hands"][0]) == sorted(m.state()["hands"]["you"])


def test_won_match_is_not_resumed(retro_home: Path):
    run(prepared(near_match_win), keys="1 F7")
    saved = json.loads((retro_home / SAVE_NAME).read_text())
    assert saved["match"] is None
    fresh = run("sixtysix", seed=2, keys="", letters="*")
    assert "The coin is flipped" in text(fresh)


def test_bad_save_file_is_moved_aside_with_a_message(retro_home: Path):
    retro_home.mkdir(parents=True, exist_ok=True)
    (retro_home / SAVE_NAME).write_text('{"format": 1, "speed": 99, "match": null}\n')
    result = run("sixtysix", seed=2, keys="", letters="*")
    assert "could not be read" in text(result) and "saved match is back" not in text(result)
    assert (retro_home / f"{SAVE_NAME}.bad-1").exists()


def test_a_save_that_fails_does_not_crash(tmp_path: Path, monkeypatch):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("x")
    monkeypatch.setenv("RETRO_HOME", str(blocker))
    asked = run("sixtysix", seed=2, keys="F7", letters="*")
    assert not asked.ended and "could not be saved" in text(asked)
    assert "Quit anyway?" in text(asked)
    stay = run("sixtysix", seed=2, keys="F7 N", letters="*")
    assert not stay.ended and stay.state["phase"] == "play"
    gone = run("sixtysix", seed=2, keys="F7 Y", letters="*")
    assert gone.ended


def test_speed_is_kept_with_the_save(retro_home: Path):
    run("sixtysix", seed=3, keys="UP UP F7", letters="*")
    assert run("sixtysix", seed=3, keys="", letters="*").state["speed"] == 0.5



def test_hot_keys_during_the_opening_show_leave_the_show_alone():
    shown = run("sixtysix", seed=1, keys="", letters="", until_ms=100)
    pressed = run("sixtysix", seed=1, keys="UP L", letters="", until_ms=100)
    assert "press any key" in text(pressed) and "press any key" in text(shown)
    assert rows(pressed, 19, 24) == rows(shown, 19, 24)      # no message, no speed drawn
    after = run("sixtysix", seed=1, keys="L SPACE", letters="")
    assert "No trick has been taken yet" in text(after)


def test_resumed_between_deals_says_so_after_the_new_deal(retro_home: Path):
    run(prepared(lambda t: (near_match_win(t), setattr(t.match, "game_points", [3, 1]))[0]),
        keys="1 F7")
    back = run("sixtysix", seed=3, keys="", letters="*")
    assert back.state["game_points"]["you"] >= 4
    assert "Your saved match is back" in text(back)
