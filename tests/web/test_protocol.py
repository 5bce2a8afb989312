"""``retro serve`` through its HTTP and WebSocket protocol (aiohttp's test client)."""

from __future__ import annotations

import asyncio
import base64
import contextlib
import html
import json
import logging
import os
import socket
import struct
import time
from pathlib import Path

import aiohttp
import pytest
from aiohttp.test_utils import TestClient

from retro.cli import main as cli_main
from retro.frontends.record import replay
from retro.frontends.script import run
from retro.pc import cp437
from retro.programs import menu
from retro.web.protocol import (
    CLOSE_BAD_MESSAGE,
    CLOSE_ENDED,
    CLOSE_FAILED,
    CLOSE_FULL,
    CLOSE_IDLE,
    CLOSE_SHUTDOWN,
    CLOSE_TOO_BIG,
    BadMessage,
    RateLimit,
    parse_client,
)
from retro.web.query import BadQuery, parse_query
from retro.web.server import BROWSER_COOKIE, BROWSERS_FOLDER, ServeConfig

from .conftest import PageScreen, closed, connect, first_frame, served

LAUNCHER = menu()


def _cli_error(capsys: pytest.CaptureFixture[str], args: list[str]) -> str:
    assert cli_main(args) == 2
    return capsys.readouterr().err.splitlines()[0].removeprefix("retro: ")


# -- the URL ---------------------------------------------------------------------------

#: Starts and the command line that says the same, each refused or not by ``retro run``.
#: (A link without a seed draws one; these name one where the command line's words need it.)
COMMAND_LINE_WALK = [
    ("program=nosuchgame", ["nosuchgame"]),
    ("program=yucky&letters=Q", ["yucky", "Q"]),
    ("program=sixtysix&letters=SZ", ["sixtysix", "SZ"]),
    ("program=checkers&fen=zz", ["checkers", "--fen", "zz"]),
    ("program=sixtysix&fen=zz", ["sixtysix", "--fen", "zz"]),
    ("program=launcher&fen=x", ["launcher", "--fen", "x"]),
    ("program=checkers&closed=trumps", ["checkers", "--closed", "trumps"]),
    ("program=sixtysix&closed=trumps", ["sixtysix", "--closed", "trumps"]),
    # The command line refuses an unknown closed rule: so does a link, in the same words.
    ("program=sixtysix&closed=nonsense", ["sixtysix", "--closed", "nonsense"]),
    ("program=yucky&seed=-1", ["yucky", "--seed", "-1"]),
    ("program=yucky&seed=18446744073709551616", ["yucky", "--seed", "18446744073709551616"]),
    ("program=yucky&seed=18446744073709551615", ["yucky", "--seed", "18446744073709551615"]),
    ("program=yucky&seed=0", ["yucky", "--seed", "0"]),
    ("program=yucky&seed=abc", ["yucky", "--seed", "abc"]),
    ("program=yucky&seed=1e3", ["yucky", "--seed", "1e3"]),
    ("program=yucky&seed=" + "9" * 30, ["yucky", "--seed", "9" * 30]),
    ("program=yucky&phosphor=purple", ["yucky", "--phosphor", "purple"]),
    ("program=yucky&letters=m&phosphor=amber", ["yucky", "m", "--phosphor", "amber"]),
]


def _command_line_verdict(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                          args: list[str]) -> str | None:
    """What ``retro run ARGS`` says: None when it starts the game, else its one line."""
    status = cli_main(["run", *args, "--until", "0", "--txt", str(tmp_path / "out.txt")])
    err = capsys.readouterr().err
    if status == 0:
        return None
    assert status == 2, err
    return err.splitlines()[0].removeprefix("retro: ")


@pytest.mark.parametrize(("query", "args"), COMMAND_LINE_WALK)
def test_a_link_is_refused_exactly_when_the_command_line_refuses_with_its_words(
        capsys: pytest.CaptureFixture[str], tmp_path: Path, retro_home: Path, query: str,
        args: list[str]) -> None:
    expected = _command_line_verdict(capsys, tmp_path, args)
    pairs = [tuple(pair.split("=", 1)) for pair in query.split("&")]
    if expected is None:
        parse_query(pairs)   # type: ignore[arg-type]
        return
    with pytest.raises(BadQuery) as caught:
        parse_query(pairs)   # type: ignore[arg-type]
    assert str(caught.value) == expected


def test_seed_two_to_the_64_is_refused_on_the_page_with_the_command_lines_words(
        capsys: pytest.CaptureFixture[str], tmp_path: Path, retro_home: Path) -> None:
    words = _command_line_verdict(capsys, tmp_path, ["checkers", "--seed", str(2**64)])
    assert words is not None and "out of range" in words

    async def go() -> None:
        async with served() as client:
            page = await client.get(f"/?program=checkers&seed={2**64}")
            assert page.status == 400 and html.escape(words) in await page.text()
            with pytest.raises(aiohttp.WSServerHandshakeError) as caught:
                await connect(client, f"program=checkers&seed={2**64}")
            assert caught.value.status == 400
            good = await client.get(f"/?program=checkers&seed={2**64 - 1}")
            assert good.status == 200
    asyncio.run(go())


@pytest.mark.parametrize("path", ["/no/such/file.pdn", "GOOD"])
def test_a_link_cannot_make_the_server_read_a_file(tmp_path: Path, path: str) -> None:
    # --pdn FILE on the command line; from a page it would read the server's files: another
    # browser's saves, or /dev/zero until the server's memory runs out.
    if path == "GOOD":
        good = tmp_path / "game.pdn"
        good.write_text('[Event "x"]\n1. 11-15 23-19 *\n', encoding="utf-8")
        path = str(good)
    with pytest.raises(BadQuery, match="'pdn' names a file on the server"):
        parse_query([("program", "checkers"), ("pdn", path)])


def test_a_good_query_names_the_program_its_letters_seed_and_options() -> None:
    start = parse_query([("program", "Weckers"), ("letters", "ms"), ("seed", "7"),
                         ("phosphor", "amber")])
    assert (start.program, start.letters, start.seed, start.phosphor) == \
        ("checkers", "ms", 7, "amber")
    assert parse_query([]).program == "launcher"
    assert parse_query([("scaling", "integer")]).program == "launcher"   # the page's own


@pytest.mark.parametrize(("pairs", "words"), [
    ([("phosphor", "purple")], "--phosphor: invalid choice: 'purple'"),
    ([("scaling", "smooth")], "--scaling: invalid choice: 'smooth'"),
    ([("colour", "red")], "unknown parameter 'colour'"),
    ([("seed", "1"), ("seed", "2")], "given twice"),
])
def test_the_pages_own_parameters_are_checked(pairs: list[tuple[str, str]], words: str) -> None:
    with pytest.raises(BadQuery, match=words):
        parse_query(pairs)


def test_a_bad_link_is_a_400_page_with_the_message_not_a_traceback() -> None:
    async def go() -> None:
        async with served() as client:
            response = await client.get("/?program=checkers&fen=%3Cscript%3E")
            text = await response.text()
            assert response.status == 400
            assert "--fen:" in text and "<script>" not in text and "Traceback" not in text
            good = await client.get("/?program=checkers&letters=M&seed=3")
            assert good.status == 200 and '<canvas id="screen"' in await good.text()
    asyncio.run(go())


def test_files_come_only_from_the_package() -> None:
    async def go() -> None:
        async with served() as client:
            script = await client.get("/static/retro.js")
            assert script.status == 200 and "retroPage" in await script.text()
            for path in ("/static/server.py", "/static/..%2Fserver.py",
                         "/static/%2e%2e%2f%2e%2e%2fpyproject.toml", "/static/",
                         "/../pyproject.toml", "/static/message.html"):
                response = await client.get(path)
                assert response.status == 404, path
    asyncio.run(go())


def test_the_machine_description_carries_the_fonts_and_palettes_of_the_raster() -> None:
    import base64

    from retro.pc.font import font_bytes
    from retro.pictures.raster import PHOSPHORS, VGA_PALETTE

    async def go() -> None:
        async with served() as client:
            found = await (await client.get("/machine.json")).json()
        assert base64.b64decode(found["fonts"]["14"]) == font_bytes(14)
        assert found["vga"] == VGA_PALETTE.tolist()
        assert found["phosphors"]["amber"] == PHOSPHORS["amber"].tolist()
    asyncio.run(go())


# -- the WebSocket -----------------------------------------------------------------------

@pytest.mark.parametrize("headers", [{"Origin": "http://evil.example"},
                                     {"Origin": "null"}, {},
                                     {"Origin": "http://127.0.0.1:{other}"},
                                     {"Origin": "http://localhost:{port}"},
                                     {"Origin": "ftp://127.0.0.1:{port}"},
                                     {"Origin": "http://127.0.0.1:{port}.evil.example"}])
def test_a_websocket_from_another_origin_is_refused(headers: dict[str, str]) -> None:
    async def go() -> None:
        async with served() as client:
            sent = {name: value.format(port=client.port, other=client.port + 1)
                    for name, value in headers.items()} or {"Origin": ""}
            with pytest.raises(aiohttp.WSServerHandshakeError) as caught:
                await client.ws_connect("/ws", headers=sent)
            assert caught.value.status == 403
    asyncio.run(go())


def test_a_key_sends_only_the_cells_it_changed_and_the_screen_matches_a_headless_run() -> None:
    async def go() -> None:
        async with served() as client:
            socket = await connect(client, "seed=1")
            page = PageScreen()
            first = await first_frame(socket, page)
            assert len(first["cells"]) == 3 * 2000   # the first frame is the whole screen
            await socket.send_str(json.dumps({"t": "key", "k": "DOWN"}))
            expected = run(LAUNCHER, keys="DOWN").screen
            await page.read_until(socket, expected.chars, expected.attrs)
            changed = sum(len(f["cells"]) // 3 for f in page.frames[1:])
            assert 0 < changed <= 2 * 44   # the two menu lines that swapped colours
            await socket.close()
    asyncio.run(go())


def test_a_character_the_pc_lacks_is_ignored_and_the_game_goes_on() -> None:
    # A European keyboard's euro sign, a Cyrillic letter or an emoji in Pig Poker's name
    # field ended the game without saving (code page 437 cannot show them).
    async def go() -> None:
        async with served() as client:
            socket = await connect(client, "program=pigpoker&letters=*&seed=1")
            page = PageScreen()
            await first_frame(socket, page)
            for key in ("\u20ac", "\u0416", "\U0001f600", "A", "\u00e9"):
                await socket.send_str(json.dumps({"t": "key", "k": key}))

            async def typed() -> None:   # the name field shows what the PC could take
                while "Enter to start: A\u00e9 " not in cp437.decode(bytes(page.chars)):
                    message = await socket.receive()
                    assert message.type == aiohttp.WSMsgType.TEXT, message
                    page.apply(json.loads(message.data))
            await asyncio.wait_for(typed(), 20.0)
            assert not socket.closed
            await socket.close()
    asyncio.run(go())


def test_garbage_ends_only_its_own_session_with_a_reason() -> None:
    async def go() -> None:
        async with served() as client:
            victim, bystander = await connect(client), await connect(client)
            page = PageScreen()
            await first_frame(bystander, page)
            await victim.send_str("{not json")
            assert await closed(victim) == (CLOSE_BAD_MESSAGE, "bad message: message is not JSON")
            await bystander.send_str(json.dumps({"t": "key", "k": "DOWN"}))
            expected = run(LAUNCHER, keys="DOWN").screen
            await page.read_until(bystander, expected.chars, expected.attrs)
            await bystander.close()
    asyncio.run(go())


@pytest.mark.parametrize(("send", "code", "words"), [
    (lambda s: s.send_bytes(b"\x00\x01"), 1003, "only JSON text"),
    (lambda s: s.send_str(json.dumps({"t": "key", "k": "x" * 300})), CLOSE_TOO_BIG, "longer"),
    (lambda s: s.send_str(json.dumps({"t": "click", "row": 25, "col": 0, "button": "left"})),
     CLOSE_BAD_MESSAGE, "outside the screen"),
])
def test_a_bad_message_ends_the_session_with_its_reason(send, code, words) -> None:  # type: ignore[no-untyped-def]
    async def go() -> None:
        async with served() as client:
            socket = await connect(client)
            await send(socket)
            found_code, reason = await closed(socket)
            assert found_code == code and words in reason
    asyncio.run(go())


def test_messages_faster_than_the_rate_limit_end_the_session() -> None:
    async def go() -> None:
        async with served(ServeConfig(port=0, rate_per_s=5)) as client:
            socket = await connect(client)
            for _ in range(40):
                await socket.send_str(json.dumps({"t": "key", "k": "DOWN"}))
            assert await closed(socket) == (CLOSE_BAD_MESSAGE, "bad message: too many "
                                            "messages: slow down")
    asyncio.run(go())


def test_browser_messages_are_checked_for_type_and_shape() -> None:
    assert parse_client('{"t":"key","k":"F5"}').name == "F5"   # type: ignore[union-attr]
    assert parse_client('{"t":"key","k":"\u20ac"}') is None   # no such key on the PC
    for bad in ('[1]', '{"t":"key","k":"F13"}', '{"t":"key","k":"ab"}',
                '{"t":"key","k":"\\n"}', '{"t":"key","k":"a","x":1}',
                '{"t":"click","row":true,"col":0,"button":"left"}',
                '{"t":"click","row":1,"col":0,"button":"middle"}', '{"t":"quit"}'):
        with pytest.raises(BadMessage):
            parse_client(bad)


def test_the_rate_limit_lets_a_burst_through_then_refills() -> None:
    now = [0.0]
    limit = RateLimit(per_second=10, burst=3, clock=lambda: now[0])
    assert [limit.allow() for _ in range(4)] == [True, True, True, False]
    now[0] += 0.1
    assert limit.allow() and not limit.allow()


def test_past_max_sessions_the_page_says_the_server_is_full() -> None:
    async def go() -> None:
        async with served(ServeConfig(port=0, max_sessions=1)) as client:
            socket = await connect(client)
            await first_frame(socket, PageScreen())
            page = await client.get("/")
            assert page.status == 503 and "The server is full" in await page.text()
            second = await connect(client)
            code, reason = await closed(second)
            assert code == CLOSE_FULL and "full" in reason
            await socket.close()
    asyncio.run(go())


def test_an_idle_session_ends_and_says_why() -> None:
    async def go() -> None:
        async with served(ServeConfig(port=0, idle_timeout=1.0)) as client:
            socket = await connect(client)
            code, reason = await closed(socket)
            assert code == CLOSE_IDLE and "no key and nothing drawn for 1 second:" in reason
    asyncio.run(go())


def test_tones_are_sent_with_the_speakers_quantised_frequencies_and_not_with_sound_off() -> None:
    from retro.pc.speaker import quantise

    async def tones(letters: str) -> list[list]:  # type: ignore[type-arg]
        async with served() as client:
            socket = await connect(client, f"program=yucky&letters={letters}&seed=1")
            page = PageScreen()
            await first_frame(socket, page)
            await asyncio.sleep(1.5)   # the show's tune starts at once
            await socket.close()
            async for message in socket:
                page.apply(json.loads(message.data))
            return [seg for m in page.others if m["t"] == "tones" for seg in m["segs"]]

    sounded = asyncio.run(tones(""))
    heard = [hz for _start, _seconds, hz in sounded if hz is not None]
    assert heard and all(hz == quantise(hz) for hz in heard)
    assert asyncio.run(tones("S")) == []


def test_closing_the_tab_saves_and_a_recording_replays_the_same_screen(
        tmp_path: Path, retro_home: Path) -> None:
    record = tmp_path / "play.keys"

    async def go() -> None:
        async with served(ServeConfig(port=0, record=record)) as client:
            for _ in range(2):
                socket = await connect(client, "program=checkers&seed=5")
                page = PageScreen()
                await first_frame(socket, page)
                await socket.send_str(json.dumps({"t": "key", "k": "ENTER"}))
                await asyncio.sleep(1.0)
                await socket.close()
    asyncio.run(go())
    assert (retro_home / "CHECKERS.SAV").is_file()
    for path in (record, tmp_path / "play-2.keys"):
        text = path.read_text(encoding="utf-8")
        assert text.startswith("#!retro run checkers --seed 5"), text
        assert "ENTER" in text
        assert replay(path, home=tmp_path / "replay").ended is False


def test_beyond_loopback_each_browser_saves_in_its_own_folder(tmp_path: Path) -> None:
    data = tmp_path / "server-data"

    async def go() -> tuple[str, str]:
        config = ServeConfig(host="0.0.0.0", port=0, data_root=data)
        async with served(config) as client:
            ids = []
            for _ in range(2):
                client.session.cookie_jar.clear()
                page = await client.get("/?program=checkers")
                browser = page.cookies[BROWSER_COOKIE].value
                socket = await connect(client, "program=checkers",
                                       Cookie=f"{BROWSER_COOKIE}={browser}")
                await first_frame(socket, PageScreen())
                await socket.send_str(json.dumps({"t": "key", "k": "ENTER"}))
                await asyncio.sleep(1.0)
                await socket.close()
                ids.append(browser)
            return ids[0], ids[1]
    first, second = asyncio.run(go())
    assert first != second
    for browser in (first, second):   # the cookie is ID.SIGNATURE; the folder is ID
        assert (data / BROWSERS_FOLDER / browser.split(".")[0] / "CHECKERS.SAV").is_file()


def test_beyond_loopback_a_socket_without_a_browser_id_leaves_no_folder(tmp_path: Path) -> None:
    # Its saves could never be found again; kept, every such socket (a script can open
    # thousands) would leave a folder on the server's disk.
    data = tmp_path / "server-data"

    async def go() -> None:
        config = ServeConfig(host="0.0.0.0", port=0, data_root=data)
        async with served(config) as client:
            for _ in range(2):
                socket = await connect(client, "program=checkers")
                await first_frame(socket, PageScreen())
                assert len(list((data / BROWSERS_FOLDER).iterdir())) == 1   # while it plays
                await socket.send_str(json.dumps({"t": "key", "k": "ENTER"}))
                await asyncio.sleep(1.0)
                await socket.close()
                await closed(socket)
                # The server removes the folder after its game has saved and ended, a
                # moment after the socket closes: wait for that, with a deadline.
                for _ in range(200):
                    if not any((data / BROWSERS_FOLDER).iterdir()):
                        break
                    await asyncio.sleep(0.05)
                assert list((data / BROWSERS_FOLDER).iterdir()) == []
    asyncio.run(go())
    assert list((data / BROWSERS_FOLDER).iterdir()) == []


def test_on_loopback_the_page_sets_no_cookie() -> None:
    async def go() -> None:
        async with served() as client:
            page = await client.get("/")
            assert BROWSER_COOKIE not in page.cookies
    asyncio.run(go())


def test_a_recorded_session_in_the_menu_replays_with_retro_run_keys_file(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record = tmp_path / "menu.keys"

    async def go() -> None:
        async with served(ServeConfig(port=0, record=record)) as client:
            socket = await connect(client, "seed=3")
            page = PageScreen()
            await first_frame(socket, page)
            for _ in range(2):
                await socket.send_str(json.dumps({"t": "key", "k": "DOWN"}))
            expected = run(LAUNCHER, keys="DOWN DOWN").screen
            await page.read_until(socket, expected.chars, expected.attrs)
            await socket.close()
            await asyncio.sleep(0.5)
    asyncio.run(go())
    out = tmp_path / "replayed.bin"
    assert cli_main(["run", "--keys-file", str(record), "--bin", str(out)]) == 0
    assert out.read_bytes() == run(LAUNCHER, keys="DOWN DOWN").screen.to_bytes()


def test_a_games_own_sound_key_stops_the_tones_it_sends_and_starts_them_again() -> None:
    async def go() -> list[tuple[int, int]]:
        async with served() as client:
            socket = await connect(client, "program=sixtysix&letters=*&seed=1")
            await first_frame(socket, PageScreen())
            counts = []
            for key in ("F2", "F1", "F1"):   # demo on (it plays with sound), off, on
                await socket.send_str(json.dumps({"t": "key", "k": key}))
                page = PageScreen()
                end = asyncio.get_running_loop().time() + 3.0
                while (left := end - asyncio.get_running_loop().time()) > 0:
                    with contextlib.suppress(TimeoutError):
                        page.apply(json.loads((await socket.receive(timeout=left)).data))
                kinds = [m["t"] for m in page.others if m["t"] in ("tones", "hush")]
                # A tune sent before the key reached the machine may still be on its way when
                # the key is sent, so what counts is what follows the last hush.
                after_hush = (kinds[len(kinds) - kinds[::-1].index("hush"):] if "hush" in kinds
                              else kinds)
                counts.append((kinds.count("tones"), after_hush.count("tones"),
                               kinds.count("hush")))
            await socket.close()
            return counts
    (on, _, _), (_, off, hushed), (again, _, _) = asyncio.run(go())
    assert on > 0 and off == 0 and hushed > 0 and again > 0, (on, off, hushed, again)


def test_when_the_program_ends_the_page_is_told_and_the_socket_closes() -> None:
    async def go() -> None:
        async with served() as client:
            socket = await connect(client)
            page = PageScreen()
            await first_frame(socket, page)
            await socket.send_str(json.dumps({"t": "key", "k": "ESC"}))   # leave the menu
            async for message in socket:
                page.apply(json.loads(message.data))
            assert [m["t"] for m in page.others][-1:] == ["end"]
            assert socket.close_code == CLOSE_ENDED
    asyncio.run(go())


def test_a_session_that_cannot_start_closes_with_the_reason_and_frees_its_place(
        tmp_path: Path) -> None:
    data = tmp_path / "server-data"
    data.mkdir()
    (data / BROWSERS_FOLDER).write_text("a file where the save folders should be",
                                        encoding="utf-8")

    async def go() -> None:
        config = ServeConfig(host="10.0.0.1", port=0, max_sessions=1, data_root=data)
        async with served(config) as client:
            for _ in range(2):   # the place is free again for the second try
                socket = await connect(client)
                code, reason = await closed(socket)
                assert code == CLOSE_FAILED and reason.startswith("the game could not start")
    asyncio.run(go())


def test_the_idle_timeout_is_said_in_words() -> None:
    from retro.web.server import _span

    assert [_span(s) for s in (1800, 60, 90, 1, 2.5)] == \
        ["30 minutes", "1 minute", "1.5 minutes", "1 second", "2.5 seconds"]


def test_a_frame_goes_out_when_only_the_cursor_moves_and_not_when_nothing_changed() -> None:
    from retro.frontends.script import make_machine
    from retro.pc.clock import VirtualClock
    from retro.web.session import Channel, WebFrontend

    machine = make_machine("", "", 0, None, None, VirtualClock())
    frontend = WebFrontend(Channel(-1, -1))
    first = frontend.frame(machine)
    assert first is not None and len(first["cells"]) == 3 * 2000
    assert frontend.frame(machine) is None
    machine.screen.cursor.col = 5
    moved = frontend.frame(machine)
    assert moved is not None and moved["cells"] == [] and moved["cursor"][1] == 5
    machine.screen.put(2, 3, "A", 0x1F)
    typed = frontend.frame(machine)
    assert typed is not None and typed["cells"] == [2 * 80 + 3, ord("A"), 0x1F]


def test_stopping_asks_every_session_to_save_at_once() -> None:
    # One session not reading its input (a long search, a full pipe) held up the quit of
    # every session after it: they were asked one after the other.
    import sys

    from aiohttp import web

    from retro.web.server import Hub, Session

    async def go() -> None:
        pipe = asyncio.subprocess.PIPE
        busy = await asyncio.create_subprocess_exec(
            sys.executable, "-c", "import time; time.sleep(60)", stdin=pipe)
        saver = await asyncio.create_subprocess_exec(
            sys.executable, "-c", "import sys; sys.stdin.readline()", stdin=pipe)
        assert busy.stdin is not None
        busy.stdin.write(b"x" * (1 << 20))   # more than the pipe holds: a drain waits
        hub = Hub(ServeConfig())
        hub.sessions = {1: Session(1, busy, web.WebSocketResponse()),
                        2: Session(2, saver, web.WebSocketResponse())}
        stopping = asyncio.ensure_future(hub.close_all(1001, "stopping"))
        try:
            assert await asyncio.wait_for(saver.wait(), 10.0) == 0
        finally:
            busy.kill()
            await stopping
    asyncio.run(go())


# -- who is served: the Host check, browser ids, the per-address cap --------------------

def _records(caplog: pytest.LogCaptureFixture, words: str) -> list[str]:
    return [r.getMessage() for r in caplog.records if words in r.getMessage()]


def test_a_foreign_host_is_refused_with_421_and_one_log_line(
        caplog: pytest.LogCaptureFixture) -> None:
    # A page of evil.example, its name re-pointed at 127.0.0.1 (DNS rebinding), sends its
    # own name as the Host and its own origin, which then matches.
    caplog.set_level(logging.INFO, logger="retro.web")

    async def go() -> None:
        async with served() as client:
            port = client.port
            for host in ("evil.example", f"evil.example:{port}", f"127.0.0.1:{port + 1}",
                         "127.0.0.1", f"127.0.0.2:{port}", f"localhost.:{port}", ""):
                page = await client.get("/", headers={"Host": host})
                assert page.status == 421, host
            for host in (f"127.0.0.1:{port}", f"localhost:{port}", f"[::1]:{port}",
                         f"LocalHost:{port}"):
                page = await client.get("/", headers={"Host": host})
                assert page.status == 200, host
            evil = f"http://evil.example:{port}"
            with pytest.raises(aiohttp.WSServerHandshakeError) as caught:
                await client.ws_connect("/ws", headers={"Host": f"evil.example:{port}",
                                                        "Origin": evil})
            assert caught.value.status == 421
    asyncio.run(go())
    refused = _records(caplog, "refused a request for host")
    assert len(refused) == 8 and "'evil.example'" in refused[0]


def test_beyond_loopback_the_allowed_hosts_are_served_with_any_port(tmp_path: Path) -> None:
    async def go() -> None:
        config = ServeConfig(host="10.0.0.5", port=0, data_root=tmp_path,
                             allow_hosts=("Games.Example.org",))
        async with served(config) as client:
            for host, status in (("games.example.org", 200), ("games.example.org:8443", 200),
                                 ("10.0.0.5:8080", 200), ("evil.example", 421),
                                 ("10.0.0.6:8080", 421), (f"127.0.0.1:{client.port}", 200)):
                page = await client.get("/", headers={"Host": host})
                assert page.status == status, host
    asyncio.run(go())


def test_the_host_check_by_default_and_on_a_wildcard_address() -> None:
    from retro.web.server import HostCheck, machine_names

    named = HostCheck(ServeConfig(host="10.0.0.5"))
    assert named.allows("10.0.0.5:8080", 8080) and not named.allows("192.168.1.2:8080", 8080)
    for name in machine_names():
        assert named.allows(f"{name}:8080", 8080)
    wildcard = HostCheck(ServeConfig(host="0.0.0.0"))
    assert wildcard.allows("192.168.1.2:8080", 8080) and wildcard.allows("[fe80::1]", 8080)
    assert not wildcard.allows("evil.example:8080", 8080)
    told = HostCheck(ServeConfig(host="0.0.0.0", allow_hosts=("games.example.org",)))
    assert told.allows("games.example.org", 8080) and not told.allows("192.168.1.2", 8080)
    loopback = HostCheck(ServeConfig(host="127.0.0.1"))
    assert loopback.allows("127.0.0.1:8080", 8080) and not loopback.allows("127.0.0.1:80", 8080)
    assert not loopback.allows("x" * 300, 8080) and not loopback.allows("a b", 8080)


@pytest.mark.parametrize("made_up", ["A" * 22, "A" * 22 + "." + "B" * 22])
def test_a_made_up_browser_id_gets_a_fresh_one_and_leaves_no_folder(
        tmp_path: Path, made_up: str) -> None:
    data = tmp_path / "server-data"

    async def go() -> None:
        config = ServeConfig(host="0.0.0.0", port=0, data_root=data)
        async with served(config) as client:
            page = await client.get("/?program=checkers", headers={
                "Cookie": f"{BROWSER_COOKIE}={made_up}"})
            fresh = page.cookies[BROWSER_COOKIE].value
            assert fresh != made_up and fresh.split(".")[0] != made_up.split(".")[0]
            client.session.cookie_jar.clear()
            socket = await connect(client, "program=checkers",
                                   Cookie=f"{BROWSER_COOKIE}={made_up}")
            await first_frame(socket, PageScreen())
            await socket.send_str(json.dumps({"t": "key", "k": "ENTER"}))
            await asyncio.sleep(1.0)
            await socket.close()
            await _ended(client)
    asyncio.run(go())
    assert list((data / BROWSERS_FOLDER).iterdir()) == []


def test_a_browser_id_the_server_signed_is_kept_across_restarts_and_the_key_is_private(
        tmp_path: Path) -> None:
    from retro.web.server import KEY_FILE, BrowserIds, load_key

    data = tmp_path / "server-data"

    async def cookie(sent: str = "") -> str | None:
        async with served(ServeConfig(host="0.0.0.0", port=0, data_root=data)) as client:
            headers = {"Cookie": f"{BROWSER_COOKIE}={sent}"} if sent else {}
            page = await client.get("/", headers=headers)
            return page.cookies[BROWSER_COOKIE].value if BROWSER_COOKIE in page.cookies \
                else None
    given = asyncio.run(cookie())
    assert given is not None
    assert asyncio.run(cookie(given)) is None   # known: no new cookie
    assert (data / KEY_FILE).stat().st_mode & 0o777 == 0o600
    ids = BrowserIds(load_key(data))
    assert ids.check(given) == given.split(".")[0]
    browser, signature = given.split(".")
    assert ids.check(f"{browser}.{signature[:-1]}{'A' if signature[-1] != 'A' else 'B'}") \
        is None
    assert BrowserIds(b"another key" * 4).check(given) is None


def test_a_key_file_others_can_read_is_refused_in_one_line(tmp_path: Path) -> None:
    from retro.web.server import KEY_FILE, KeyProblem, load_key

    load_key(tmp_path)
    (tmp_path / KEY_FILE).chmod(0o644)
    with pytest.raises(KeyProblem, match="can be read by other users"):
        load_key(tmp_path)


async def _ended(client: TestClient, timeout: float = 20.0) -> None:   # type: ignore[type-arg]
    """Wait until every session of the served app has ended and its folder is dealt with."""
    from retro.web.server import HUB

    hub = client.server.app[HUB]
    for _ in range(int(timeout / 0.05)):
        if not hub.sessions and not hub.homes and not hub.by_address:
            await asyncio.sleep(0.1)
            return
        await asyncio.sleep(0.05)
    raise AssertionError(f"sessions still open: {hub.sessions}")


def test_a_browsers_folder_with_nothing_saved_is_removed(tmp_path: Path) -> None:
    data = tmp_path / "server-data"

    async def go() -> None:
        async with served(ServeConfig(host="0.0.0.0", port=0, data_root=data)) as client:
            page = await client.get("/")
            browser = page.cookies[BROWSER_COOKIE].value
            socket = await connect(client, "seed=1", Cookie=f"{BROWSER_COOKIE}={browser}")
            await first_frame(socket, PageScreen())
            assert (data / BROWSERS_FOLDER / browser.split(".")[0]).is_dir()
            await socket.close()
            await _ended(client)
    asyncio.run(go())
    assert list((data / BROWSERS_FOLDER).iterdir()) == []


def test_folders_left_with_nothing_saved_are_swept_when_the_server_starts(
        tmp_path: Path) -> None:
    browsers = tmp_path / BROWSERS_FOLDER
    for name in ("gone.x", "empty", "kept"):
        (browsers / name).mkdir(parents=True)
    (browsers / "empty" / ".CHECKERS.SAV.lock").write_text("", encoding="utf-8")
    (browsers / "kept" / "CHECKERS.SAV").write_text("{}", encoding="utf-8")
    (browsers / "gone.x" / "CHECKERS.SAV").write_text("{}", encoding="utf-8")
    from retro.web.server import make_app

    make_app(ServeConfig(host="0.0.0.0", data_root=tmp_path))
    assert [p.name for p in browsers.iterdir()] == ["kept"]


def test_one_address_holds_at_most_max_per_address_sessions() -> None:
    async def go() -> None:
        async with served(ServeConfig(port=0, max_per_address=2)) as client:
            first, second = await connect(client), await connect(client)
            for socket in (first, second):
                await first_frame(socket, PageScreen())
            third = await connect(client)
            code, reason = await closed(third)
            assert code == CLOSE_FULL and "this address already plays 2 games" in reason
            await first.close()
            await closed(first)
            for _ in range(100):   # the place is free once the session has ended
                again = await connect(client)
                message = await again.receive(timeout=20)
                if message.type == aiohttp.WSMsgType.TEXT:
                    break
                await asyncio.sleep(0.05)
            else:
                raise AssertionError("the freed place was never given again")
            await again.close()
            await second.close()
    asyncio.run(go())


def test_the_per_address_cap_defaults_and_counts_an_ipv6_network_as_one() -> None:
    from retro.web.server import MAX_PER_ADDRESS, client_key

    assert ServeConfig(host="0.0.0.0").per_address == MAX_PER_ADDRESS
    assert ServeConfig(host="127.0.0.1", max_sessions=9).per_address == 9
    assert ServeConfig(host="0.0.0.0", max_per_address=3).per_address == 3
    assert client_key("2001:db8::1") == client_key("2001:db8::ffff:1") == "2001:db8::/64"
    assert client_key("2001:db8:0:1::1") != client_key("2001:db8::1")
    assert client_key("::ffff:10.0.0.7") == client_key("10.0.0.7") == "10.0.0.7"
    assert client_key("10.0.0.7") != client_key("10.0.0.8")


# -- slow and broken clients ----------------------------------------------------------------

def _handshake(port: int) -> bytes:
    key = base64.b64encode(os.urandom(16)).decode()
    return (f"GET /ws?seed=1 HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
            f"Origin: http://127.0.0.1:{port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n").encode()


def _reset(writer: asyncio.StreamWriter) -> None:
    """Close with a TCP reset (SO_LINGER 0), as a crashed client or a dropped network does."""
    raw = writer.get_extra_info("socket")
    raw.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
    writer.transport.abort()


def test_sockets_reset_after_the_handshake_leave_no_traceback_and_one_line_each(
        caplog: pytest.LogCaptureFixture, capfd: pytest.CaptureFixture[str]) -> None:
    caplog.set_level(logging.INFO)

    async def go() -> None:
        async with served(ServeConfig(port=0, max_sessions=30, max_per_address=30)) as client:
            async def one(n: int) -> None:
                reader, writer = await asyncio.open_connection("127.0.0.1", client.port)
                writer.write(_handshake(client.port))
                await writer.drain()
                if n % 3 == 2:   # a third during the handshake
                    _reset(writer)
                    return
                answer = await reader.readuntil(b"\r\n\r\n")
                assert answer.startswith(b"HTTP/1.1 101"), answer
                if n % 3:   # a third after the first frame started to come
                    await reader.read(100)
                _reset(writer)
            await asyncio.gather(*(one(n) for n in range(12)))
            await _ended(client)
    asyncio.run(go())
    bad = [r for r in caplog.records if r.exc_info or r.levelno >= logging.ERROR]
    assert bad == [], [r.getMessage() for r in bad]
    assert "Traceback" not in capfd.readouterr().err
    started = len(_records(caplog, "started for 127.0.0.1"))
    assert started >= 8 and len(_records(caplog, "ended:")) == started


def test_a_half_sent_request_is_closed_after_the_header_timeout() -> None:
    async def go() -> None:
        async with served(ServeConfig(port=0, header_timeout=0.5)) as client:
            reader, writer = await asyncio.open_connection("127.0.0.1", client.port)
            writer.write(f"GET / HTTP/1.1\r\nHost: 127.0.0.1:{client.port}\r\n".encode())
            await writer.drain()
            started = time.monotonic()
            assert await asyncio.wait_for(reader.read(), 10.0) == b""   # closed, no answer
            assert 0.3 < time.monotonic() - started < 5.0
            writer.close()
            # A whole request is still answered.
            reader, writer = await asyncio.open_connection("127.0.0.1", client.port)
            writer.write(f"GET / HTTP/1.1\r\nHost: 127.0.0.1:{client.port}\r\n\r\n".encode())
            assert (await asyncio.wait_for(reader.readline(), 10.0)).startswith(b"HTTP/1.1 200")
            writer.close()
    asyncio.run(go())


def test_the_log_has_one_line_when_a_session_starts_and_one_when_it_ends(
        caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO, logger="retro.web")

    async def go() -> None:
        async with served() as client:
            socket = await connect(client, "program=checkers&letters=m&seed=4")
            await first_frame(socket, PageScreen())
            await socket.close()
            await _ended(client)
    asyncio.run(go())
    lines = [r.getMessage() for r in caplog.records if r.name == "retro.web"]
    assert lines == ["session 1 started for 127.0.0.1: checkers m --seed 4",
                     "session 1 ended: the page was closed (1000)"]


# -- ended sessions say why ---------------------------------------------------------------

def test_a_stopping_server_closes_a_new_socket_with_the_shutdown_code() -> None:
    from retro.web.server import HUB

    async def go() -> None:
        async with served() as client:
            client.server.app[HUB].stopping = True
            socket = await connect(client)
            code, reason = await closed(socket)
            assert code == CLOSE_SHUTDOWN and "stopping" in reason
    asyncio.run(go())


def test_a_demo_playing_by_itself_is_not_idle() -> None:
    # Someone watching Sixty-Six play itself presses no key: the frames it draws count.
    async def go() -> None:
        # The demo's longest pause between frames is about 1.6 s (more on a loaded machine).
        async with served(ServeConfig(port=0, idle_timeout=4.0)) as client:
            socket = await connect(client, "program=sixtysix&letters=*&seed=1")
            await first_frame(socket, PageScreen())
            await socket.send_str(json.dumps({"t": "key", "k": "F2"}))
            end = asyncio.get_running_loop().time() + 9.0
            while (left := end - asyncio.get_running_loop().time()) > 0:
                with contextlib.suppress(TimeoutError):
                    message = await socket.receive(timeout=left)
                    assert message.type == aiohttp.WSMsgType.TEXT, (message, socket.close_code)
            await socket.close()
    asyncio.run(go())


def test_a_session_waiting_for_a_key_sleeps_until_a_message_comes() -> None:
    import threading

    from retro.frontends.host import FRAME_S
    from retro.pc.machine import WaitKey
    from retro.web.session import Channel, Watched, WebFrontend

    async def idle() -> None:
        return None
    read, write = os.pipe()
    program = Watched(idle())
    frontend = WebFrontend(Channel(read, -1), program)
    program.request = WaitKey(None)
    woke = threading.Event()
    waiter = threading.Thread(target=lambda: (frontend.wait(FRAME_S), woke.set()))
    waiter.start()
    assert not woke.wait(0.5)   # a polling loop would have woken 35 times by now
    os.write(write, b'{"t":"key","k":"ENTER"}\n')
    assert woke.wait(5.0)
    waiter.join()
    program.request = WaitKey(0.5)   # a timed wait (a demo, an animation) wakes each frame
    started = time.monotonic()
    frontend.wait(FRAME_S)
    assert time.monotonic() - started < 0.3
    program.close()
    os.close(read)
    os.close(write)


# -- the checks at their bounds --------------------------------------------------------------

def test_a_message_of_exactly_the_size_limit_passes_and_one_byte_more_does_not() -> None:
    from retro.web.protocol import MAX_MESSAGE_BYTES

    key = '{"t":"key","k":"a"}'
    assert parse_client(key.ljust(MAX_MESSAGE_BYTES)).name == "a"   # type: ignore[union-attr]
    with pytest.raises(BadMessage) as caught:
        parse_client(key.ljust(MAX_MESSAGE_BYTES + 1))
    assert caught.value.code == CLOSE_TOO_BIG
    assert MAX_MESSAGE_BYTES == 256   # the documented contract (docs/web.md)


def test_a_frame_past_the_websockets_own_limit_is_cut_off_before_it_is_read() -> None:
    # 4096 bytes: a frame longer than that never reaches parse_client (nor the memory).
    async def go() -> None:
        async with served() as client:
            socket = await connect(client)
            await socket.send_str(json.dumps({"t": "key", "k": "x" * 5000}))
            code, reason = await closed(socket)
            assert code == CLOSE_TOO_BIG and "longer than 256 bytes" not in reason
    asyncio.run(go())


@pytest.mark.parametrize(("row", "col", "good"), [
    (0, 0, True), (24, 79, True), (0, 80, False), (24, 80, False), (25, 0, False),
    (-1, 0, False), (0, -1, False)])
def test_a_click_is_taken_exactly_on_the_screens_cells(row: int, col: int, good: bool) -> None:
    text = json.dumps({"t": "click", "row": row, "col": col, "button": "left"})
    if good:
        assert parse_client(text) is not None
    else:
        with pytest.raises(BadMessage, match="outside the screen"):
            parse_client(text)


def test_the_default_rate_limit_is_a_burst_of_120_then_60_a_second() -> None:
    now = [0.0]
    limit = RateLimit(clock=lambda: now[0])
    assert sum(limit.allow() for _ in range(200)) == 120
    now[0] += 1.0
    assert sum(limit.allow() for _ in range(200)) == 60
    now[0] += 3600.0   # a long pause refills the bucket only up to the burst
    assert sum(limit.allow() for _ in range(500)) == 120


def test_a_query_value_of_the_length_limit_passes_and_one_more_character_does_not() -> None:
    from retro.web.query import MAX_VALUE_CHARS

    assert parse_query([("seed", "0" * MAX_VALUE_CHARS)]).seed == 0
    with pytest.raises(BadQuery, match=f"longer than {MAX_VALUE_CHARS} characters"):
        parse_query([("seed", "0" * (MAX_VALUE_CHARS + 1))])
    assert MAX_VALUE_CHARS == 400   # the documented contract (docs/web.md)
