"""The page on a phone, in a real headless Chromium with Playwright's phone emulation (390x844,
touch, three device pixels to a CSS pixel): the five games started from the menu and played to
a finished hand, deal, game or roll by taps, the on-screen keys and the phone's keyboard
alone; the first tap on its cell; the end of a session on the page; nothing drawn while
nothing changes; whole-pixel scaling; the cursor where the machine says.

Where there is no Chromium or no Playwright these tests skip with one line saying so.
"""

from __future__ import annotations

import base64
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from retro.cli import main as cli_main
from retro.pictures.png import read_png
from retro.pictures.raster import BAND_LEFT, BAND_TOP, render_rgb
from retro.programs import find
from tests.web.browsers import start_server, stop_server
from tests.web.test_browser import drawn, screen_of

try:
    from playwright.sync_api import Browser, Page
except ImportError:   # test_browser skips the module first
    pytest.skip("browser tests skipped: the playwright package is not installed",
                allow_module_level=True)

#: The phone: an iPhone 13's screen, all of it given to the page.
PHONE = {"viewport": {"width": 390, "height": 844}, "screen": {"width": 390, "height": 844},
         "device_scale_factor": 3, "is_mobile": True, "has_touch": True,
         "user_agent": "Mozilla/5.0 (iPhone; CPU iPhone OS 15_0 like Mac OS X) "
                       "AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148"}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    process, url = start_server(tmp_path_factory.mktemp("phone-home"))
    yield url
    stop_server(process)


@pytest.fixture
def phone(browser: Browser, server: str) -> Iterator[Callable[..., Page]]:
    """Open pages on the phone (each its own tab and session); all closed after the test."""
    contexts = []

    def opener(query: str = "", url: str = "", wait: bool = True, **options: Any) -> Page:
        context = browser.new_context(bypass_csp=True, accept_downloads=True,
                                      **{**PHONE, **options})
        contexts.append(context)
        page = context.new_page()
        page.goto(f"{url or server}?{query}")
        if wait:
            page.wait_for_function("window.retroPage && retroPage.frames > 0", timeout=20000)
        return page

    yield opener
    for context in contexts:
        context.close()


def cell_point(page: Page, row: int, col: int, down: float = 0.5) -> tuple[float, float]:
    """A point of a cell on the screen, in CSS pixels: across its middle, ``down`` of the way
    from its top."""
    box = page.locator("#screen").bounding_box()
    assert box is not None
    width, height, mono = page.evaluate("[document.getElementById('screen').width, "
                                        "document.getElementById('screen').height, "
                                        "retroPage.cells().mono]")
    top, left, cell_height = (0, 0, 14) if mono else (BAND_TOP, BAND_LEFT, 16)
    return (box["x"] + (left + col * 9 + 4.5) * box["width"] / width,
            box["y"] + (top + row * cell_height + cell_height * down) * box["height"] / height)


def tap(page: Page, row: int, col: int, down: float = 0.5) -> None:
    page.touchscreen.tap(*cell_point(page, row, col, down))


def key(page: Page, name: str, times: int = 1) -> None:
    """Taps of a key of the on-screen row, each answered by a frame or not."""
    for _ in range(times):
        sent = page.evaluate("retroPage.sent")
        page.locator(f'#keys button[data-key="{name}"]').tap()
        page.wait_for_function(f"retroPage.sent > {sent}", timeout=5000)


def type_text(page: Page, text: str) -> None:
    """Text from the phone's keyboard: the Type button opens it, the text arrives as input
    (no key events, as a phone's keyboard sends it)."""
    if page.evaluate("document.activeElement.id") != "typing":
        page.locator("#typing-button").tap()
    page.keyboard.insert_text(text)


def wait_text(page: Page, pattern: str, timeout: float = 30.0) -> None:
    """Wait until the screen's text matches ``pattern``; fails showing the screen."""
    try:
        page.wait_for_function("(p) => new RegExp(p).test(String.fromCharCode("
                               "...retroPage.cells().chars))", arg=pattern, polling=100,
                               timeout=timeout * 1000)
    except Exception:
        text = bytes(page.evaluate("retroPage.cells().chars")).decode("cp437")
        pytest.fail(f"no {pattern!r} on the screen of {page.title()!r}:\n" +
                    "\n".join(text[i:i + 80] for i in range(0, 2000, 80)))


# -- the five games by touch --------------------------------------------------------------

#: Each game: its menu row, the launcher seed, the taps and keys after the start (("tap", row,
#: col), ("key", NAME[, times]), ("type", TEXT), ("wait", PATTERN)) and what the screen says
#: once the hand, deal, game or roll is over.
GAMES: dict[str, tuple[int, int, list[tuple[Any, ...]], str]] = {
    # Demo mode plays both hands (a short hand with this seed, though the real clock may
    # change who wins it): the hand's end, or the next hand dealt.
    "yucky": (7, 14, [("key", "ENTER"), ("key", "F2")], r"wins? the hand|Hand [2-9]"),
    # Names typed on the phone's keyboard; Ann keeps her first hand and pigs out on A; the
    # computer then plays its turn.
    "pigpoker": (8, 1, [("key", "ENTER"), ("wait", "Player 1 name"), ("type", "Ann"),
                        ("key", "ENTER"), ("type", "COMPUTER"), ("key", "ENTER"),
                        ("key", "ENTER"), ("key", "N"), ("key", "N"), ("key", "N"),
                        ("wait", "Twiddle up to"), ("key", "ESC"), ("wait", "Pig out on"),
                        ("tap", 3, 4)], r"Turn 3"),
    # Demo mode at the fastest speed plays the deal out.
    "sixtysix": (9, 1, [("key", "F2"), ("key", "UP", 6)],
                 r"wins? the game|Nobody reached 66"),
    # The computer plays both colours at level 1 with no delay: a whole game.
    "checkers": (10, 1, [("key", "F4"), ("key", "F7", 2), ("key", "UP", 6), ("key", "ENTER")],
                 r"Game over"),
    # Initials typed, one roll by the ROLL button, posted to Chance by a tap.
    "yz": (11, 1, [("key", "ENTER"), ("wait", "New game"), ("tap", 11, 30),
                   ("wait", "initials"), ("type", "AB"), ("key", "ENTER"),
                   ("wait", "to roll"), ("tap", 13, 45), ("wait", "roll 1 of 3"),
                   ("tap", 19, 10)], r"posts B7 Chance"),
}


def test_the_five_games_are_played_from_the_menu_by_taps_and_the_on_screen_keys(
        phone: Callable[..., Page], tmp_path: Path) -> None:
    pages = {}
    for name, (row, seed, _steps, _goal) in GAMES.items():
        page = pages[name] = phone(f"seed={seed}")
        assert page.evaluate("retroPage.touch") is True
        assert page.locator("#keys").is_visible()
        assert "Tap" in page.locator("#status").inner_text()   # not "Alt+Enter"
        tap(page, row, 30)   # the first tap: the game on that row starts
        page.wait_for_function(f"retroPage.program === '{name}'", timeout=20000)
        assert page.title() == f"{find(name).title} - retro"
        shown = page.eval_on_selector_all("#keys button", "(all) => all.map((b) => b.dataset.key)")
        assert "ESC" in shown and "ENTER" in shown
    for name, (_row, _seed, steps, _goal) in GAMES.items():   # all started: now play
        page = pages[name]
        for step in steps:
            if step[0] == "tap":
                tap(page, step[1], step[2])
            elif step[0] == "key":
                key(page, step[1], *step[2:])
            elif step[0] == "type":
                type_text(page, step[1])
            else:
                wait_text(page, step[1], timeout=30)
    for name, (_row, _seed, _steps, goal) in GAMES.items():
        wait_text(pages[name], goal, timeout=60)
    for name, page in pages.items():
        assert page.evaluate("retroPage.closed") is None, name
        screen, canvas = drawn(page, blink=True, cursor=False)
        assert np.array_equal(canvas, render_rgb(screen, blink_on=True)), name
    with pages["yz"].expect_download() as caught:
        pages["yz"].locator("#save").tap()
    assert caught.value.suggested_filename == "YZ-001.png"
    saved = tmp_path / "yz.png"
    caught.value.save_as(saved)
    assert read_png(saved).shape == (415, 738, 3)


def test_the_first_tap_lands_on_the_cell_under_the_finger(phone: Callable[..., Page]) -> None:
    page = phone("seed=2")
    page.evaluate("""() => { const socket = retroPage.socket, send = socket.send.bind(socket);
        window.sentMessages = [];
        socket.send = (text) => { sentMessages.push(JSON.parse(text)); send(text); }; }""")
    before = page.locator("#screen").bounding_box()
    # Sixty-Six, the first touch of the page (the sound starts with it), low in its cell:
    # a tap reckoned from the canvas's top without the border band is a row lower.
    tap(page, 9, 30, down=0.8)
    page.wait_for_function("sentMessages.length >= 1", timeout=5000)
    assert page.evaluate("sentMessages[0]") == {"t": "click", "row": 9, "col": 30,
                                                "button": "left"}
    assert page.locator("#screen").bounding_box() == before   # nothing moved
    page.wait_for_function("retroPage.program === 'sixtysix'", timeout=20000)
    assert page.title() == "Sixty-Six - retro"


def test_in_portrait_the_picture_takes_the_full_width(phone: Callable[..., Page]) -> None:
    page = phone("seed=3")
    box = page.locator("#screen").bounding_box()
    assert box is not None
    assert box["x"] == 0 and box["y"] == 0 and box["width"] == 390
    assert abs(box["width"] / box["height"] - 4 / 3) < 0.005
    assert page.locator("#landscape").is_visible() and page.locator("#full").is_visible()


def test_a_held_on_screen_key_is_one_press_per_tap(phone: Callable[..., Page]) -> None:
    page = phone("seed=4")
    key(page, "DOWN")
    key(page, "DOWN")
    page.wait_for_function("retroPage.program === 'launcher'")
    wait_text(page, "Sixty-Six")
    # A tap counts as sent before its frame comes back: wait for the frame, then give a
    # held key's repeats time to show.  The third item is highlighted: two presses.
    third = "retroPage.cells().attrs[9 * 80 + 20]"
    page.wait_for_function(f"{third} === 0x70", timeout=5000)
    page.wait_for_timeout(600)
    assert page.evaluate(third) == 0x70   # ... and no repeats moved it on


def test_the_keys_row_can_be_shown_on_a_desktop(browser: Browser, server: str) -> None:
    context = browser.new_context(bypass_csp=True, viewport={"width": 960, "height": 760})
    try:
        page = context.new_page()
        page.goto(f"{server}?seed=5")
        page.wait_for_function("window.retroPage && retroPage.frames > 0", timeout=20000)
        assert page.evaluate("retroPage.touch") is False
        assert not page.locator("#keys").is_visible()
        page.locator("#show-keys").click()
        assert page.locator("#keys").is_visible()
        page.locator('#keys button[data-key="DOWN"]').click()
        page.wait_for_function("retroPage.cells().attrs[8 * 80 + 20] === 0x70", timeout=5000)
    finally:
        context.close()


# -- the end of a session --------------------------------------------------------------------

def test_esc_in_the_menu_shows_the_end_and_a_key_does_not_vanish(
        phone: Callable[..., Page]) -> None:
    page = phone("seed=6")
    assert page.locator("#ended").is_hidden()
    key(page, "ESC")
    page.wait_for_function("retroPage.closed !== null", timeout=10000)
    assert page.evaluate("retroPage.closed.code") == 1000
    assert page.locator("#ended").is_visible()
    assert "ended" in page.locator("#ended-title").inner_text()
    assert "saved" in page.locator("#ended-reason").inner_text()
    sent = page.evaluate("retroPage.sent")
    page.locator('#keys button[data-key="ENTER"]').tap()
    assert page.evaluate("retroPage.sent") == sent
    assert "Start again" in page.locator("#status").inner_text()   # said, not swallowed
    with page.expect_navigation(timeout=20000):   # the page starts again by loading anew
        page.locator("#again").tap()
    page.wait_for_function("window.retroPage && retroPage.frames > 0 && retroPage.closed === null",
                           timeout=20000)
    assert page.locator("#ended").is_hidden()


#: Each close code of retro/web/protocol.py: the overlay's title and words in its text.
CLOSES = [
    (1000, "", "The game has ended", "saved"),
    (1001, "the server is stopping", "The server is stopping", "saved"),
    (1013, "the server is full", "The server is full", "Try again"),
    (4000, "idle", "Closed for lack of play", "saved"),
    (4001, "the session process ended", "The game stopped unexpectedly", "process ended"),
    (1008, "bad message: x", "The server ended this session", "bad message: x"),
    (1009, "message longer than 256 bytes", "The server ended this session", "256"),
    (1006, "", "The connection was lost", "could not be reached"),
]


def test_each_close_code_has_its_own_words(phone: Callable[..., Page]) -> None:
    page = phone("seed=7")
    for code, reason, title, words in CLOSES:
        found = page.evaluate("([c, r]) => retroPage.endedWhy(c, r)", [code, reason])
        assert found[0] == title and words in found[1], code


def test_a_server_that_fills_after_the_page_loaded_shows_the_overlay(
        browser: Browser, tmp_path: Path) -> None:
    process, url = start_server(tmp_path, "--max-sessions", "1")
    contexts = []
    try:
        held: list[Any] = []
        late = browser.new_context(bypass_csp=True, **PHONE)
        contexts.append(late)
        late_page = late.new_page()
        late_page.route("**/machine.json", lambda route: held.append(route))
        late_page.goto(f"{url}?seed=8", wait_until="domcontentloaded")   # the page: 200
        deadline = time.monotonic() + 10
        while not held and time.monotonic() < deadline:
            late_page.wait_for_timeout(50)
        first = browser.new_context(bypass_csp=True, **PHONE)
        contexts.append(first)
        first_page = first.new_page()
        first_page.goto(f"{url}?seed=8")   # takes the only place
        first_page.wait_for_function("window.retroPage && retroPage.frames > 0", timeout=20000)
        held[0].continue_()
        late_page.wait_for_function("window.retroPage && retroPage.closed !== null",
                                    timeout=20000)
        assert late_page.evaluate("retroPage.closed.code") == 1013
        assert late_page.locator("#ended").is_visible()
        assert late_page.locator("#ended-title").inner_text() == "The server is full"
        assert late_page.evaluate("retroPage.frames") == 0
    finally:
        for context in contexts:
            context.close()
        stop_server(process)


# -- idle costs nothing ----------------------------------------------------------------------

COUNT_ANIMATION_FRAMES = """
    window.animationFrames = 0;
    const request = window.requestAnimationFrame.bind(window);
    window.requestAnimationFrame = (callback) => { window.animationFrames++;
                                                   return request(callback); };
"""


@pytest.fixture
def counted(browser: Browser, server: str) -> Iterator[Callable[[str], Page]]:
    contexts = []

    def opener(query: str) -> Page:
        context = browser.new_context(bypass_csp=True, **PHONE)
        context.add_init_script(COUNT_ANIMATION_FRAMES)
        contexts.append(context)
        page = context.new_page()
        page.goto(f"{server}?{query}")
        page.wait_for_function("window.retroPage && retroPage.frames > 0", timeout=20000)
        return page

    yield opener
    for context in contexts:
        context.close()


def test_an_idle_menu_requests_no_animation_frames(counted: Callable[[str], Page]) -> None:
    page = counted("seed=9")
    page.wait_for_timeout(300)
    frames, draws = page.evaluate("[animationFrames, retroPage.draws]")
    page.wait_for_timeout(1000)
    assert page.evaluate("[animationFrames, retroPage.draws]") == [frames, draws]


def test_a_blinking_cursor_is_redrawn_only_when_its_phase_turns(
        counted: Callable[[str], Page]) -> None:
    # YZ's initials box: a visible cursor, nothing blinking.  The phase turns every 8 frames
    # of 70 Hz: 8.75 times a second.
    page = counted("program=yz&seed=1")
    key(page, "ENTER")
    wait_text(page, "New game")
    tap(page, 11, 30)
    page.wait_for_function("retroPage.cells().cursor[4] === true", timeout=10000)
    page.wait_for_timeout(300)
    frames, draws = page.evaluate("[animationFrames, retroPage.draws]")
    page.wait_for_timeout(2000)
    more_frames, more_draws = page.evaluate("[animationFrames, retroPage.draws]")
    assert 10 <= more_draws - draws <= 19, more_draws - draws
    assert more_frames - frames <= 19


# -- the cursor where the machine says -----------------------------------------------------

def cursor_canvas(page: Page) -> tuple[Any, np.ndarray, dict[str, bool]]:
    """The page's screen, its canvas and the phases it was drawn at, in one turn of the page's
    script, taken when the page's own clock shows the cursor."""
    found = page.wait_for_function(
        "() => { if (retroPage.shown().cursor !== true || retroPage.drawPending())"
        " return false;"
        " const c = document.getElementById('screen'); return [retroPage.cells(), "
        "retroPage.pixels(), [c.width, c.height], retroPage.shown()]; }",
        polling=5, timeout=5000)
    held, pixels, size, phase = found.json_value()
    rgb = np.frombuffer(base64.b64decode(pixels), dtype=np.uint8).reshape(size[1], size[0], 3)
    return screen_of(held), rgb, phase


@pytest.mark.parametrize("letters", ["*", "*M"])
def test_the_cursor_shows_on_the_machines_scan_lines_in_its_own_phase(
        phone: Callable[..., Page], letters: str) -> None:
    # Yucky's help: `retro run yucky '*' --seed 1 --keys F5 --txt -` says
    # cursor=23,39,shown,14-15 (lines 12 and 13 of the 14-line mono cell).
    page = phone(f"program=yucky&letters={letters}&seed=1")
    page.evaluate("() => window.dispatchEvent(new KeyboardEvent('keydown', {key: 'F5'}))")
    page.wait_for_function("retroPage.cells().cursor.join() === '23,39,14,15,true'",
                           timeout=10000)
    screen, canvas, phase = cursor_canvas(page)
    assert phase["cursor"] is True and page.evaluate("retroPage.phase") is None
    expected = render_rgb(screen, blink_on=phase["blink"], cursor_on=True)
    assert np.array_equal(canvas, expected)
    without = render_rgb(screen, blink_on=phase["blink"], cursor_on=False)
    lines = sorted({int(y) for y in np.nonzero((canvas != without).any(axis=(1, 2)))[0]})
    top, cell = (0, 14) if "M" in letters else (BAND_TOP, 16)
    wanted = [12, 13] if "M" in letters else [14, 15]
    assert lines == [top + 23 * cell + line for line in wanted]
    columns = sorted({int(x) for x in np.nonzero((canvas != without).any(axis=(0, 2)))[0]})
    left = 0 if "M" in letters else BAND_LEFT
    assert columns == list(range(left + 39 * 9, left + 40 * 9))


# -- whole pixels ------------------------------------------------------------------------------

def test_whole_pixels_enlarge_the_frame_by_whole_factors_as_scaling_integer_does(
        browser: Browser, server: str, tmp_path: Path) -> None:
    # 760x600 CSS pixels at 2 device pixels each: room for the mono frame at 2x3 (1440x1050
    # device pixels, as --scaling integer picks), not for the colour one at 3x4.
    context = browser.new_context(bypass_csp=True, viewport={"width": 760, "height": 600},
                                  device_scale_factor=2)
    try:
        page = context.new_page()
        page.goto(f"{server}?program=charmap&letters=M&seed=0#scaling=integer")
        page.wait_for_function("window.retroPage && retroPage.frames > 0", timeout=20000)
        page.evaluate("retroPage.render({blink: true, cursor: false})")
        assert page.locator("#whole").get_attribute("aria-pressed") == "true"
        box = page.locator("#screen").bounding_box()
        assert box is not None and (box["width"], box["height"]) == (720, 525)
        assert (box["x"] * 2) % 1 == 0 and (box["y"] * 2) % 1 == 0   # on device pixels
        shot = tmp_path / "whole.png"
        page.screenshot(path=str(shot), clip=box, scale="device")
        png = tmp_path / "run.png"
        assert cli_main(["run", "charmap", "M", "--keys", "", "--png", str(png),
                         "--blink-phase", "on"]) == 0
        expected = np.repeat(np.repeat(read_png(png), 3, axis=0), 2, axis=1)
        assert np.array_equal(read_png(shot)[..., :3], expected)
        page.locator("#whole").click()   # off: the largest 4:3 picture
        assert page.locator("#whole").get_attribute("aria-pressed") == "false"
        box = page.locator("#screen").bounding_box()
        assert box is not None and box["width"] > 720
        assert abs(box["width"] / box["height"] - 4 / 3) < 0.01
    finally:
        context.close()


def test_whole_pixels_fall_back_to_the_4_3_picture_where_no_factors_fit(
        phone: Callable[..., Page]) -> None:
    # The colour frame needs 2214x1660 device pixels for 3x4; a phone has 1170 across.
    page = phone("seed=11#scaling=integer")
    box = page.locator("#screen").bounding_box()
    assert box is not None and box["width"] == 390
    factors = page.evaluate("[retroPage.placement(760, 560, 2), retroPage.placement(1200, 900, 2)]")
    assert factors[0][3] == 560 and abs(factors[0][2] / 560 - 4 / 3) < 0.001   # as tall
    assert factors[1][2:] == [738 * 3 / 2, 415 * 4 / 2]   # 3x4 in 2400x1800 device pixels


def test_the_phones_keyboard_types_deletes_and_enters(phone: Callable[..., Page]) -> None:
    # YZ's initials: "ABX", the X taken back, Enter; as a phone's keyboard sends them (input
    # events, no key events).
    page = phone("program=yz&seed=1")
    key(page, "ENTER")
    wait_text(page, "New game")
    tap(page, 11, 30)
    wait_text(page, "initials")
    type_text(page, "ABX")
    wait_text(page, r"\[ABX")
    page.evaluate("""() => { const field = document.getElementById('typing');
        for (const inputType of ['deleteContentBackward', 'insertLineBreak']) {
            field.dispatchEvent(new InputEvent('beforeinput', {inputType, cancelable: true}));
        } }""")
    wait_text(page, "AB  to roll|AB to roll")
    assert page.evaluate("document.getElementById('typing').value") == " "


def test_save_clip_is_a_tap_away_on_the_phone(phone: Callable[..., Page], tmp_path: Path
                                              ) -> None:
    from PIL import Image

    page = phone("program=yz&seed=4")
    button = page.locator("#clip")
    box = button.bounding_box()
    assert box is not None and box["y"] + box["height"] <= 844   # on the screen, no scrolling
    with page.expect_download() as caught:
        button.tap()
    assert caught.value.suggested_filename == "YZ-001.gif"
    saved = tmp_path / "yz.gif"
    caught.value.save_as(saved)
    with Image.open(saved) as gif:
        assert gif.format == "GIF" and gif.size == (738, 415)
