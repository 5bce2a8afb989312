"""charmap: the core's own golden screens, colour and mono."""

from __future__ import annotations

import pytest

from retro.frontends.script import run


@pytest.mark.parametrize(("page", "name"), [("1", "codes"), ("2", "attributes"),
                                            ("3", "lines")])
@pytest.mark.parametrize("letters", ["", "M"])
def test_charmap_pages_match_golden(assert_screen, page: str, name: str, letters: str) -> None:
    mode = "mono" if letters else "colour"
    assert_screen(run("charmap", keys=page, letters=letters), f"charmap/{name}-{mode}")


def test_code_page_shows_every_code_once_in_each_attribute() -> None:
    screen = run("charmap").screen
    for left, attr in ((2, 0x07), (42, 0x1E)):
        codes = [int(screen.chars[3 + hi, left + 3 + 2 * lo]) for hi in range(16)
                 for lo in range(16)]
        attrs = {int(screen.attrs[3 + hi, left + 3 + 2 * lo]) for hi in range(16)
                 for lo in range(16)}
        assert codes == list(range(256)) and attrs == {attr}


def test_attribute_page_shows_all_256_attributes() -> None:
    screen = run("charmap", keys="2").screen
    shown = {int(screen.attrs[3 + bg, 4 + 4 * fg]) for bg in range(16) for fg in range(16)}
    assert shown == set(range(256))


def test_b_toggles_blink_bit_and_f10_steps_border() -> None:
    screen = run("charmap", keys="b F10 F10").screen
    assert screen.blink is False and screen.border == 2


def test_escape_quits() -> None:
    assert run("charmap", keys="ESC").ended
