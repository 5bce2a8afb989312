"""The page in a real headless Chromium (Playwright driving the system's /usr/bin/chromium).

One server and one browser serve the whole module.  Where there is no Chromium or no
Playwright these tests skip with one line saying so.
"""

from __future__ import annotations

import base64
import os
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from retro.cli import main as cli_main
from retro.frontends.script import run
from retro.pc.screen import Screen
from retro.pictures.png import read_png
from retro.pictures.raster import BAND_LEFT, BAND_TOP, render_rgb
from retro.programs import find, menu
from retro.programs.launcher import TOP
from tests.web.browsers import CHROMIUM, start_server, stop_server

LAUNCHER = menu()

if not CHROMIUM.exists():
    pytest.skip(f"browser tests skipped: no Chromium at {CHROMIUM} (apt-get install chromium)",
                allow_module_level=True)
try:
    from playwright.sync_api import Browser, Page
except ImportError:
    pytest.skip("browser tests skipped: the playwright package is not installed",
                allow_module_level=True)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """``retro serve --port 0`` for the module; its address."""
    process, url = start_server(tmp_path_factory.mktemp("served-home"))
    yield url
    stop_server(process)


@pytest.fixture
def open_page(browser: Browser, server: str) -> Iterator[Any]:
    """Open pages (each its own tab and session); all closed after the test."""
    contexts = []

    def opener(query: str = "", size: tuple[int, int] = (960, 760), **options: Any) -> Page:
        # Playwright evaluates its own scripts as strings, which the page's CSP forbids.
        context = browser.new_context(bypass_csp=True, accept_downloads=True,
                                      viewport={"width": size[0], "height": size[1]},
                                      **options)
        contexts.append(context)
        page = context.new_page()
        page.goto(f"{server}?{query}")
        page.wait_for_function("window.retroPage && retroPage.frames > 0", timeout=20000)
        return page

    yield opener
    for context in contexts:
        context.close()


def wait_for_screen(page: Page, screen: Screen, timeout: float = 20.0) -> None:
    """Wait until the page holds exactly the cells of ``screen``."""
    chars = ",".join(map(str, screen.chars.ravel().tolist()))
    attrs = ",".join(map(str, screen.attrs.ravel().tolist()))
    page.wait_for_function(
        "([c, a]) => { const s = retroPage.cells(); "
        "return s.chars.join() === c && s.attrs.join() === a; }",
        arg=[chars, attrs], timeout=timeout * 1000)


def canvas_rgb(page: Page) -> np.ndarray:
    width, height = page.evaluate("[screen.width, screen.height]".replace(
        "screen", "document.getElementById('screen')"))
    data = base64.b64decode(page.evaluate("retroPage.pixels()"))
    return np.frombuffer(data, dtype=np.uint8).reshape(height, width, 3)


@pytest.mark.parametrize(("letters", "phosphor", "blink"), [
    ("", "green", "on"), ("", "green", "off"), ("M", "amber", "on"), ("M", "white", "off")])
def test_the_canvas_is_the_frame_retro_run_png_writes(
        open_page: Any, tmp_path: Path, letters: str, phosphor: str, blink: str) -> None:
    # The chart of every character in every attribute: glyphs, 9th columns, colours, MDA
    # attributes and blinking cells.
    keys = "PGDN"
    page = open_page(f"program=charmap&letters={letters}&seed=0&phosphor={phosphor}")
    page.keyboard.press("PageDown")
    wait_for_screen(page, run(find("charmap"), letters=letters, keys=keys).screen)
    page.evaluate(f"retroPage.render({{blink: {'true' if blink == 'on' else 'false'}, "
                  "cursor: false})")
    png = tmp_path / "run.png"
    assert cli_main(["run", "charmap", *([letters] if letters else []), "--keys", keys,
                     "--png", str(png), "--blink-phase", blink, "--phosphor", phosphor]) == 0
    expected = read_png(png)
    found = canvas_rgb(page)
    assert found.shape == expected.shape == ((350, 720, 3) if letters else (415, 738, 3))
    assert np.array_equal(found, expected), f"{np.count_nonzero(found != expected)} values differ"


def drawn(page: Page, blink: bool, cursor: bool) -> tuple[Screen, np.ndarray]:
    """The page's screen drawn at these phases, and its canvas: taken in one turn of the
    page's script, so that no frame arriving in between makes the two disagree."""
    held, pixels, (width, height) = page.evaluate(
        "(phase) => { retroPage.render(phase); const c = document.getElementById('screen');"
        " return [retroPage.cells(), retroPage.pixels(), [c.width, c.height]]; }",
        {"blink": blink, "cursor": cursor})
    rgb = np.frombuffer(base64.b64decode(pixels), dtype=np.uint8).reshape(height, width, 3)
    return screen_of(held), rgb


def page_screen(page: Page) -> Screen:
    """The screen the page holds, as a ``Screen`` (cells and registers)."""
    return screen_of(page.evaluate("retroPage.cells()"))


def screen_of(held: dict[str, Any]) -> Screen:
    screen = Screen(mono=held["mono"])
    screen.chars[:] = np.array(held["chars"], dtype=np.uint8).reshape(25, 80)
    screen.attrs[:] = np.array(held["attrs"], dtype=np.uint8).reshape(25, 80)
    screen.border, screen.blink = held["border"], held["blink"]
    row, col, start, end, visible = held["cursor"]
    screen.cursor.row, screen.cursor.col = row, col
    screen.cursor.start, screen.cursor.end, screen.cursor.visible = start, end, visible
    return screen


@pytest.mark.parametrize(("letters", "phosphor"), [("*", "green"), ("*M", "green")])
def test_the_cursor_is_drawn_as_the_raster_draws_it(open_page: Any, letters: str,
                                                     phosphor: str) -> None:
    page = open_page(f"program=pigpoker&letters={letters}&seed=1&phosphor={phosphor}")
    page.keyboard.press("Enter")   # the bet prompt: a visible cursor
    page.wait_for_function("retroPage.cells().cursor[4] === true", timeout=20000)
    for blink in (True, False):
        screen, canvas = drawn(page, blink, cursor=True)
        expected = render_rgb(screen, blink_on=blink, cursor_on=True, phosphor=phosphor)
        assert np.array_equal(canvas, expected)
    screen, canvas = drawn(page, True, cursor=False)
    row, col = screen.cursor.row, screen.cursor.col
    without = render_rgb(screen, blink_on=True, cursor_on=False, phosphor=phosphor)
    shown = render_rgb(screen, blink_on=True, cursor_on=True, phosphor=phosphor)
    assert screen.cursor.visible and not np.array_equal(without, shown)   # to be seen
    assert np.array_equal(canvas, without), (row, col)


def test_f5_opens_the_help_and_the_page_does_not_reload(open_page: Any) -> None:
    page = open_page("program=checkers&letters=*&seed=1")
    page.evaluate("window.stillHere = 'yes'")
    page.keyboard.press("F5")
    wait_for_screen(page, run(find("checkers"), letters="*", seed=1, keys="F5").screen)
    assert page.evaluate("window.stillHere") == "yes"
    assert page.evaluate("performance.getEntriesByType('navigation').length") == 1


CTRL_W_KEPT = """() => window.dispatchEvent(new KeyboardEvent('keydown',
    {key: 'w', ctrlKey: true, cancelable: true}))"""


def test_the_browsers_own_meaning_of_the_games_keys_is_suppressed(open_page: Any) -> None:
    page = open_page("seed=7")
    assert page.evaluate(CTRL_W_KEPT) is True   # Ctrl+W still closes the tab
    suppressed = page.evaluate("""() => ['F1', 'F3', 'F5', 'F10', 'F11', 'Tab', 'Backspace',
        'Escape', 'Enter', ' ', 'a', 'PageDown', 'Home'].filter((key) => window.dispatchEvent(
            new KeyboardEvent('keydown', {key, cancelable: true})))""")
    assert suppressed == []   # dispatchEvent is true only when nothing prevented the default
    # Those keys end the launcher (Escape); on the ended page Ctrl+W closes the tab too.
    page.wait_for_function("retroPage.closed !== null", timeout=10000)
    assert page.evaluate(CTRL_W_KEPT) is True


def test_a_character_typed_with_altgr_reaches_the_game(open_page: Any) -> None:
    # A German keyboard's @ is AltGr+Q, which Windows reports as Ctrl+Alt+Q.
    page = open_page("program=pigpoker&letters=*&seed=1")
    page.wait_for_function("retroPage.frames > 0", timeout=20000)
    page.evaluate("""() => window.dispatchEvent(new KeyboardEvent('keydown', {key: '@',
        code: 'KeyQ', ctrlKey: true, altKey: true, modifierAltGraph: true, cancelable: true}))""")
    page.wait_for_function(
        "String.fromCharCode(...retroPage.cells().chars.slice(23 * 80, 24 * 80)).includes(': @')",
        timeout=20000)


def test_a_held_key_repeats_at_the_pc_keyboards_rate(open_page: Any) -> None:
    page = open_page("seed=8")
    start = time.monotonic()
    page.keyboard.down("ArrowDown")
    time.sleep(1.0)
    page.keyboard.up("ArrowDown")
    held = time.monotonic() - start
    sent = page.evaluate("retroPage.sent")
    time.sleep(0.3)
    # The press, then after half a second 30 a second (timers may run late on a busy machine).
    expected = 1 + (held - 0.5) * 30
    assert 0.5 * expected <= sent <= expected + 2, (sent, held)
    assert page.evaluate("retroPage.sent") == sent   # released: no more


def test_alt_enter_toggles_full_screen(open_page: Any) -> None:
    page = open_page("seed=9")
    page.keyboard.press("Alt+Enter")
    page.wait_for_function("document.fullscreenElement !== null", timeout=5000)
    page.keyboard.press("Alt+Enter")
    page.wait_for_function("document.fullscreenElement === null", timeout=5000)
    assert page.evaluate("retroPage.sent") == 0   # neither press reached the game


def test_a_click_lands_on_the_cell_under_it(open_page: Any) -> None:
    # A small, wide window: the canvas is scaled by CSS and centred with empty bands.
    page = open_page("seed=2", size=(1100, 500))
    row, col = TOP + 5, 30  # the sixth game of the menu
    box = page.locator("#screen").bounding_box()
    width, height = page.evaluate("[document.getElementById('screen').width, "
                                  "document.getElementById('screen').height]")
    x = box["x"] + (BAND_LEFT + col * 9 + 4) * box["width"] / width
    y = box["y"] + (BAND_TOP + row * 16 + 8) * box["height"] / height
    assert page.evaluate(f"retroPage.cellAt({x}, {y})") == [row, col]
    page.mouse.click(x, y)
    wait_for_screen(page, run(LAUNCHER, keys=f"click:{row + 1},{col + 1}").screen)


def test_right_clicks_and_taps_arrive_as_clicks_on_their_cell(open_page: Any) -> None:
    page = open_page("seed=3", size=(700, 700), has_touch=True)
    page.evaluate("""() => { const socket = retroPage.socket, send = socket.send.bind(socket);
        window.sentMessages = [];
        socket.send = (text) => { sentMessages.push(JSON.parse(text)); send(text); }; }""")
    box = page.locator("#screen").bounding_box()
    width, height = page.evaluate("[document.getElementById('screen').width, "
                                  "document.getElementById('screen').height]")

    def point(row: int, col: int) -> tuple[float, float]:
        return (box["x"] + (BAND_LEFT + col * 9 + 4) * box["width"] / width,
                box["y"] + (BAND_TOP + row * 16 + 8) * box["height"] / height)

    page.mouse.click(*point(24, 79), button="right")
    page.touchscreen.tap(*point(0, 0))
    page.mouse.click(box["x"] + 1, box["y"] + 1)   # the border band: no cell
    page.wait_for_function("sentMessages.length >= 2", timeout=5000)
    assert page.evaluate("sentMessages") == [
        {"t": "click", "row": 24, "col": 79, "button": "right"},
        {"t": "click", "row": 0, "col": 0, "button": "left"}]


def test_two_tabs_are_independent_machines(open_page: Any) -> None:
    first, second = open_page("seed=4"), open_page("seed=4")
    first.keyboard.press("ArrowDown")
    first.keyboard.press("ArrowDown")
    second.keyboard.press("ArrowUp")
    wait_for_screen(first, run(LAUNCHER, keys="DOWN DOWN").screen)
    wait_for_screen(second, run(LAUNCHER, keys="UP").screen)


#: A middle-game position, out of the opening book: a level 9 search takes seconds.
MIDDLE_GAME = "B:W17,21,22,23,24,25,26,27,28,29,31,32:B1,2,3,4,6,7,8,9,10,11,12,15"


def screen_text(page: Page) -> str:
    return bytes(page.evaluate("retroPage.cells().chars")).decode("cp437")


def test_a_level_9_search_in_one_tab_does_not_hold_up_another(open_page: Any) -> None:
    other = open_page("seed=5")
    thinker = open_page(f"program=checkers&letters=*&seed=1&fen={MIDDLE_GAME}")
    for key in ["F8"] * 6 + ["Enter", "h"]:   # level 9, play, ask for a hint: a long search
        thinker.keyboard.press(key)
    thinker.wait_for_function("retroPage.cells().chars.map((c) => String.fromCharCode(c))"
                              ".join('').includes('Looking for a hint')", timeout=10000)
    delays = []
    for key in ["ArrowDown", "ArrowUp"] * 3:
        frames = other.evaluate("retroPage.frames")
        start = time.monotonic()
        other.keyboard.press(key)
        other.wait_for_function(f"retroPage.frames > {frames}", timeout=10000)
        delays.append(time.monotonic() - start)
    assert "Hint (level 9)" not in screen_text(thinker), "the search ended too soon to tell"
    assert max(delays) < 0.5, delays
    thinker.wait_for_function("retroPage.cells().chars.map((c) => String.fromCharCode(c))"
                              ".join('').includes('Hint (level 9)')", timeout=60000)


def test_a_websocket_from_another_origin_is_refused_by_the_server(open_page: Any,
                                                                  server: str) -> None:
    page = open_page()
    port = server.rstrip("/").rsplit(":", 1)[1]
    # The page is at 127.0.0.1; localhost is the same server but another origin.
    outcome = page.evaluate("""(port) => new Promise((done) => {
        const socket = new WebSocket(`ws://localhost:${port}/ws`);
        socket.onopen = () => done('open');
        socket.onclose = (event) => done(`closed ${event.code}`);
    })""", port)
    assert outcome == "closed 1006"   # the handshake was refused (403)
    same = page.evaluate("""() => new Promise((done) => {
        const socket = new WebSocket(`ws://${location.host}/ws`);
        socket.onopen = () => { socket.close(); done('open'); };
        socket.onclose = (event) => done(`closed ${event.code}`);
    })""")
    assert same == "open"


def test_garbage_from_one_page_ends_only_its_own_session(open_page: Any) -> None:
    bad, good = open_page("seed=6"), open_page("seed=6")
    bad.evaluate("retroPage.socket.send('{\"t\": \"reboot\"}')")
    bad.wait_for_function("retroPage.closed !== null", timeout=10000)
    assert bad.evaluate("retroPage.closed") == {
        "code": 1008, "reason": "bad message: unknown message (expected a key, a click or a clip)"}
    assert "The session has ended" in bad.locator("#status").inner_text()
    good.keyboard.press("ArrowDown")
    wait_for_screen(good, run(LAUNCHER, keys="DOWN").screen)


def test_ctrl_f5_saves_the_canvas_as_a_png(open_page: Any, tmp_path: Path) -> None:
    page = open_page("program=charmap&seed=0")
    with page.expect_download() as caught:
        page.keyboard.press("Control+F5")
    saved = tmp_path / "saved.png"
    caught.value.save_as(saved)
    # Named after the program's title, as the window names its pictures.
    assert caught.value.suggested_filename == "Character-and-attribute-chart-001.png"
    assert np.array_equal(read_png(saved), canvas_rgb(page))


def test_picture_of_the_page(open_page: Any, tmp_path: Path) -> None:
    """The README's picture; ``RETRO_WEB_PICTURE=docs/web.png`` writes it there."""
    page = open_page("program=sixtysix&letters=*&seed=1", size=(960, 760))
    page.keyboard.press("Enter")
    wait_for_screen(page, run(find("sixtysix"), letters="*", seed=1, keys="ENTER").screen)
    page.evaluate("retroPage.render({blink: true, cursor: false})")
    target = Path(os.environ.get("RETRO_WEB_PICTURE", tmp_path / "web.png"))
    page.screenshot(path=str(target))
    assert read_png(target).shape[:2] == (760, 960)


def test_the_save_clip_button_downloads_the_sessions_gif(open_page: Any, tmp_path: Path
                                                         ) -> None:
    from PIL import Image

    page = open_page("program=charmap&seed=0")
    page.keyboard.press("PageDown")   # the page of attributes: cells that blink
    screen = run(find("charmap"), keys="PGDN").screen
    wait_for_screen(page, screen)
    with page.expect_download() as caught:
        page.locator("#clip").click()
    assert caught.value.suggested_filename == "Character-and-attribute-chart-001.gif"
    saved = tmp_path / "saved.gif"
    caught.value.save_as(saved)
    with Image.open(saved) as gif:
        assert gif.format == "GIF" and gif.size == (738, 415) and gif.n_frames > 1
        gif.seek(gif.n_frames - 1)
        last = np.asarray(gif.convert("RGB"))
    # The screen as the session shows it, in one of the two blink phases.
    assert any(np.array_equal(last, render_rgb(screen, blink_on=phase))
               for phase in (True, False))
    page.wait_for_function("retroPage.clips === 1", timeout=5000)
    assert page.locator("#status").inner_text().startswith(
        "Clip saved: Character-and-attribute-chart-001.gif")
    assert page.locator("#clip").is_enabled()
    # Asked again at once: the page says why not, and downloads nothing.
    page.locator("#clip").click()
    page.wait_for_function("retroPage.clips === 2", timeout=5000)
    assert page.locator("#status").inner_text().startswith("No clip: one clip every 5 seconds")
