"""Yes/no with each game's mouse convention, confirm-before-discard, the choice list."""

from __future__ import annotations

import pytest

from retro import ui
from retro.pc.machine import Machine

from .conftest import backdrop, calm


def _answer(kit_run, keys: str, **options: object) -> tuple[object, bool]:
    got: list[object] = []
    before: list[bytes] = []

    async def main(m: Machine) -> None:
        backdrop(m)
        before.append(m.screen.to_bytes())
        got.append(await ui.ask(m, "Play another game?", **options))  # type: ignore[arg-type]

    result = kit_run(main, keys)
    return (got[0] if got else "no answer"), result.screen.to_bytes() == before[0]


@pytest.mark.parametrize(("keys", "answer"), [("y", True), ("Y", True), ("n", False),
                                              ("N", False), ("x q ENTER n", False)])
def test_y_and_n_answer_and_the_screen_comes_back(kit_run, keys: str, answer: bool) -> None:
    assert _answer(kit_run, keys) == (answer, True)


@pytest.mark.parametrize("esc", [True, False])
def test_esc_gives_the_answer_the_caller_says_destroys_nothing(kit_run, esc: bool) -> None:
    assert _answer(kit_run, "ESC", esc=esc) == (esc, True)


def test_the_yucky_convention_right_button_yes_left_no(kit_run) -> None:
    yucky = ui.RIGHT_YES | ui.LEFT_NO
    assert _answer(kit_run, "rclick:3,3", mouse=yucky)[0] is True
    assert _answer(kit_run, "click:3,3", mouse=yucky)[0] is False


@pytest.mark.parametrize(("mouse", "left", "right"), [
    (ui.LEFT_YES, True, "no answer"), (ui.LEFT_NO, False, "no answer"),
    (ui.RIGHT_YES, "no answer", True), (ui.RIGHT_NO, "no answer", False),
    (ui.LEFT_YES | ui.RIGHT_NO, True, False),
])
def test_each_mouse_convention_answers_with_its_own_button_only(
        kit_run, mouse: ui.Mouse, left: object, right: object) -> None:
    assert _answer(kit_run, "click:3,3", mouse=mouse)[0] == left
    assert _answer(kit_run, "rclick:3,3", mouse=mouse)[0] == right


def test_without_a_convention_only_the_buttons_take_clicks(kit_run) -> None:
    assert _answer(kit_run, "click:3,3 rclick:3,3")[0] == "no answer"


def test_a_click_on_the_yes_or_no_button(kit_run) -> None:
    from retro.frontends.script import run
    from retro.pc.machine import Program

    async def probe(m: Machine) -> None:
        await ui.ask(m, "Play another game?")

    shown = run(Program(name="p", title="p", main=probe))  # kept: the pop-up stays open
    screen = shown.screen
    yes, no = screen.find("[ Yes ]"), screen.find("[ No ]")
    assert yes and no
    assert _answer(kit_run, f"click:{yes[0] + 1},{yes[1] + 3}")[0] is True
    assert _answer(kit_run, f"rclick:{no[0] + 1},{no[1] + 3}")[0] is False


def test_enter_answers_only_when_given_an_answer(kit_run) -> None:
    assert _answer(kit_run, "ENTER", enter=True)[0] is True
    assert _answer(kit_run, "ENTER")[0] == "no answer"


def test_confirm_discard_asks_only_with_a_game_in_progress(kit_run) -> None:
    got: list[bool] = []

    async def main(m: Machine) -> None:
        got.append(await ui.confirm_discard(m, "Abandon this game?", in_progress=False))
        got.append(await ui.confirm_discard(m, "Abandon this game?"))
        got.append(await ui.confirm_discard(m, "Abandon this game?"))

    kit_run(main, "ESC y")
    assert got == [True, False, True]


def _chosen(kit_run, keys: str, items: list[str]) -> tuple[int | None, bool]:
    got: list[int | None] = []
    before: list[bytes] = []

    async def main(m: Machine) -> None:
        backdrop(m)
        before.append(m.screen.to_bytes())
        got.append(await ui.choose(m, items, title="Level", row=5, col=10))

    result = kit_run(main, keys)
    return got[0], result.screen.to_bytes() == before[0]


ITEMS = ["~N~ew game", "Load a game", "~Q~uit"]


@pytest.mark.parametrize(("keys", "answer"), [
    ("ENTER", 0), ("DOWN ENTER", 1), ("UP ENTER", 2), ("END UP HOME DOWN ENTER", 1),
    ("q", 2), ("L", 1), ("n", 0), ("z ESC", None),
    ("click:8,14", 1), ("click:5,14 click:20,14 click:7,14", 0),
])
def test_choose_by_arrows_hot_letters_clicks_or_esc(kit_run, keys: str,
                                                    answer: int | None) -> None:
    assert _chosen(kit_run, keys, ITEMS) == (answer, True)


@pytest.mark.parametrize("mono", [False, True])
def test_golden_ask(kit_run, assert_screen, mono: bool) -> None:
    async def main(m: Machine) -> None:
        calm(m)
        await ui.ask(m, "Abandon the game in progress and start a new one?")

    result = kit_run(main, "", letters="M" if mono else "")
    assert_screen(result, f"ui/ask-{'mono' if mono else 'colour'}")


@pytest.mark.parametrize("mono", [False, True])
def test_golden_choose(kit_run, assert_screen, mono: bool) -> None:
    async def main(m: Machine) -> None:
        calm(m)
        await ui.choose(m, ITEMS, title="Game")

    result = kit_run(main, "DOWN", letters="M" if mono else "")
    assert_screen(result, f"ui/choose-{'mono' if mono else 'colour'}")


def test_a_flat_question_on_the_message_rows(kit_run) -> None:
    rows: list[str] = []

    async def main(m: Machine) -> None:
        calm(m)
        ask = ui.ask(m, "Play another game?", row=22, col=0, width=80, frame=None)
        keys = ui.HotKeys()
        keys.add("F12", lambda m: rows.extend(m.screen.read(r).strip() for r in (22, 23, 24)))
        ui.install(m, keys)
        assert await ask is True

    result = kit_run(main, "F12 y")
    assert rows == ["Play another game?", "", "[ Yes ]    [ No ]"] and result.ended
