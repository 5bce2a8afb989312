"""The page's "Save clip": a session's last minute as a GIF, over its own socket.

A clip's frames are compared with ``retro run --png`` of the session's recording stopped at
each frame's moment, and with ``retro run --gif`` of the same screens.
"""

from __future__ import annotations

import asyncio
import base64
import io
import json
import time
import tracemalloc
from pathlib import Path
from typing import Any

import aiohttp
import numpy as np
import pytest
from PIL import Image

from retro.cli import main as cli_main
from retro.frontends.camera import Camera, ClipOutputs
from retro.frontends.record import read_header
from retro.frontends.script import make_machine, run
from retro.pc.machine import POLL_COST_S, Machine, Program, Sleep, WaitKey
from retro.pc.screen import Screen
from retro.pictures.clip import TICK_MS, ApngSink
from retro.pictures.png import read_png
from retro.pictures.raster import blink_visible, cursor_visible, render_rgb
from retro.web.history import ENTRY_BYTES, KEEP_S, ClipRefused, ScreenHistory
from retro.web.protocol import CLIP_ASK, CLIP_INTERVAL_S, BadMessage, parse_client
from retro.web.server import ServeConfig, Session
from retro.web.session import Channel, Watched, WebFrontend

from .conftest import PageScreen, connect, first_frame, served


def frames_of(data: bytes) -> tuple[list[np.ndarray], list[int]]:
    """Every frame of an animated GIF or PNG as RGB, and its duration in ms."""
    frames, durations = [], []
    with Image.open(io.BytesIO(data)) as image:
        for index in range(getattr(image, "n_frames", 1)):
            image.seek(index)
            frames.append(np.asarray(image.convert("RGB")))
            durations.append(int(image.info.get("duration", 0)))
    return frames, durations


async def _answer(socket: aiohttp.ClientWebSocketResponse, page: PageScreen,
                  timeout: float = 30.0) -> dict[str, Any]:
    """Messages until the ``clip`` answer (the others applied to ``page``)."""
    async def loop() -> dict[str, Any]:
        while True:
            message = await socket.receive()
            assert message.type == aiohttp.WSMsgType.TEXT, message
            data = json.loads(message.data)
            if data["t"] == "clip":
                return data
            page.apply(data)
    return await asyncio.wait_for(loop(), timeout)


async def _clip(client: Any, query: str, keys: list[str], linger: float = 0.4
                ) -> tuple[dict[str, Any], float]:
    """Play ``keys`` (one a third of a second) in a session, wait ``linger`` seconds, ask for
    its clip; the answer and the machine time of the last frame message before it."""
    socket = await connect(client, query, max_msg_size=0)
    page = PageScreen()
    await first_frame(socket, page)
    for key in keys:
        await socket.send_str(json.dumps({"t": "key", "k": key}))
        await asyncio.sleep(0.3)
    await asyncio.sleep(linger)
    await socket.send_str(json.dumps({"t": "clip"}))
    answer = await _answer(socket, page)
    await socket.close()
    return answer, page.frames[-1]["now"]


#: (query, phosphor, keys, linger): a colour game with the cursor blinking while a name is
#: typed, the same on the mono monitor in amber, and a demo playing itself (the program busy,
#: sleeping and polling, when the clip is asked for).
SCENES = {
    "colour": ("program=pigpoker&letters=*&seed=3", "green", list("Ann"), 0.4),
    "mono": ("program=pigpoker&letters=*M&seed=3&phosphor=amber", "amber", list("Ann"), 0.4),
    "demo": ("program=yucky&letters=*&seed=1", "green", ["F2"], 3.0),
}


@pytest.mark.parametrize("scene", sorted(SCENES))
def test_a_clip_over_the_socket_is_the_png_of_each_moment_of_the_session(
        tmp_path: Path, retro_home: Path, scene: str) -> None:
    query, phosphor, played, linger = SCENES[scene]
    record = tmp_path / "play.keys"

    async def go() -> tuple[dict[str, Any], float]:
        async with served(ServeConfig(port=0, record=record)) as client:
            return await _clip(client, query, played, linger)
    answer, last_frame_now = asyncio.run(go())
    assert "error" not in answer, answer
    frames, durations = frames_of(base64.b64decode(answer["gif"]))
    assert len(frames) == answer["frames"] > 1
    assert sum(durations) == answer["ms"]
    # The durations add up to the session's machine time at the clip, within a tick (a
    # busy program's clip ends where its request under way is answered: a frame message's
    # time may be later).
    if scene != "demo":
        assert answer["now"] >= last_frame_now
    assert abs(answer["start"] + sum(durations) - answer["now"] * 1000) <= TICK_MS
    # The whole session so far: the game draws at once, and the clip starts there.
    assert answer["now"] < KEEP_S and answer["start"] == 0
    # The recording ends at the last key; the session then waited for the next one, its
    # clock (the blink and cursor phases) going on until the clip: so does the replay's.
    keys = tmp_path / "then-waited.keys"
    keys.write_text(record.read_text(encoding="utf-8") + "wait:5000\n", encoding="utf-8")
    start = answer["start"]
    for index, frame in enumerate(frames[:-1]):
        out = tmp_path / f"at-{start}.png"
        assert cli_main(["run", "--keys-file", str(keys), "--stop-at", str(start),
                         "--phosphor", phosphor, "--png", str(out)]) == 0
        assert np.array_equal(frame, read_png(out)), f"frame {index} at {start} ms"
        start += durations[index]
    # The last frame is the picture of the clip's end (a moment between two ticks, which
    # --stop-at cannot name: its function can).  A busy program's clip ends at the instant
    # its request under way is answered, and shows the screen before its next step at that
    # instant: so the replay stops a microsecond short of the end (computed on the two
    # clocks, the same instant can differ in its last bits) and is drawn at the end.
    found, script = read_header(keys.read_text(encoding="utf-8"))
    assert found is not None
    end = answer["now"]
    stopped = run(found.program, letters=found.letters, seed=found.seed or 0, keys=script,
                  params=found.options, home=tmp_path / "replay", stop_ms=end * 1000 - 0.001)
    assert stopped.machine.now() == pytest.approx(end, abs=2e-6)
    assert np.array_equal(frames[-1], render_rgb(
        stopped.screen, blink_on=blink_visible(end), cursor_on=cursor_visible(end),
        phosphor=phosphor))


def test_one_browser_cannot_get_another_browsers_clip(tmp_path: Path) -> None:
    data = tmp_path / "server-data"

    async def go() -> tuple[dict[str, Any], list[dict[str, Any]], int]:
        config = ServeConfig(host="0.0.0.0", port=0, data_root=data)
        async with served(config) as client:
            first = await connect(client, "program=yucky&letters=*&seed=1",
                                  max_msg_size=0)
            other = await connect(client, "program=charmap&seed=1")
            mine, theirs = PageScreen(), PageScreen()
            await first_frame(first, mine)
            await first_frame(other, theirs)
            await first.send_str(json.dumps({"t": "clip"}))
            answer = await _answer(first, mine)
            await asyncio.sleep(0.5)
            await other.close()
            async for message in other:
                theirs.apply(json.loads(message.data))
            await first.close()
            # No address serves a clip: it exists only as the answer on its own socket.
            statuses = [(await client.get(path)).status
                        for path in ("/clip", "/clip.gif", "/static/clip.gif")]
            assert statuses == [404, 404, 404]
            return answer, theirs.others, len(theirs.frames)
    answer, others, frames = asyncio.run(go())
    assert frames >= 1
    assert [m for m in others if m["t"] == "clip"] == []
    picture = frames_of(base64.b64decode(answer["gif"]))[0][-1]
    charmap = render_rgb(run("charmap").screen)
    assert not np.array_equal(picture, charmap)   # the yucky session's own screen


def test_a_second_clip_within_the_interval_is_refused_with_a_reason(
        tmp_path: Path, retro_home: Path) -> None:
    async def go() -> tuple[list[dict[str, Any]], dict[str, Any]]:
        async with served(ServeConfig(port=0, clip_interval=1.5)) as client:
            socket = await connect(client, "program=charmap&seed=1",
                                   max_msg_size=0)
            page = PageScreen()
            await first_frame(socket, page)
            answers = []
            for _ in range(3):   # while the first is made, then just after it
                await socket.send_str(json.dumps({"t": "clip"}))
            for _ in range(3):
                answers.append(await _answer(socket, page))
            await asyncio.sleep(1.6)   # the interval is over: the next one is made
            await socket.send_str(json.dumps({"t": "clip"}))
            later = await _answer(socket, page)
            await socket.close()
            return answers, later
    answers, later = asyncio.run(go())
    assert sum("gif" in a for a in answers) == 1
    reasons = sorted(a["error"] for a in answers if "error" in a)
    assert len(reasons) == 2
    assert all(r.startswith(("a clip is being made", "one clip every 1.5 seconds"))
               for r in reasons), reasons
    assert "gif" in later, later
    assert ServeConfig().clip_interval == CLIP_INTERVAL_S == 5.0


def test_a_clip_being_made_refuses_the_next_however_long_it_takes() -> None:
    session = Session(1, None, None, clip_asked=100.0)   # type: ignore[arg-type]
    assert session.clip_refusal(101.0) == "one clip every 5 seconds: try again in 4 s"
    assert session.clip_refusal(105.0) is None
    session.clip_pending = True
    assert session.clip_refusal(200.0) == "a clip is being made: it comes in a moment"


def test_the_clip_message_is_checked_like_the_others() -> None:
    assert parse_client('{"t":"clip"}') is CLIP_ASK
    for bad in ('{"t":"clip","k":"x"}', '{"t":"clips"}', '{"t":"clip","gif":""}'):
        with pytest.raises(BadMessage):
            parse_client(bad)


# -- the kept screens: the last minute, bounded --------------------------------------------

async def _counter(m: Machine) -> None:
    """Draws a count every 0.37 s for 90 s, a blinking cell and the cursor showing, and
    once a screen that lasts less than a tick."""
    m.screen.put(0, 0, "blink", 0x9E)
    m.screen.cursor.visible = True
    for n in range(int(90 / 0.37)):
        m.screen.put(2, 0, f"count {n:4d}", 0x1F)
        m.screen.cursor.col = n % 80
        if n == 200:
            m.screen.put(3, 0, "flash", 0x4F)
            await m.sleep(0.004)   # replaced before the camera's next tick
            m.screen.put(3, 0, "     ", 0x07)
            await m.sleep(0.366)
        else:
            await m.sleep(0.37)


COUNTER = Program(name="counter", title="Counter", main=_counter)


def _kept_and_filmed(tmp_path: Path, history: ScreenHistory) -> tuple[float, bytes]:
    """Run the counter, noting its screens as a session does and filming it as ``retro run
    --gif`` does; the run's end and the whole run's GIF."""
    out = tmp_path / "whole.gif"
    camera = Camera(ClipOutputs(gif=out))

    def watch(machine: Machine, t0: float, t1: float) -> None:
        history.note(machine.screen, t0)
        camera.watch(machine, t0, t1)
    result = run(COUNTER, watch=watch)
    camera.finish(result.machine)
    return result.machine.now(), out.read_bytes()


def _picture_at(frames: list[np.ndarray], durations: list[int], first: int, ms: int
                ) -> np.ndarray:
    """The picture a clip whose first frame starts at ``first`` shows at ``ms``."""
    start = first
    for frame, duration in zip(frames, durations, strict=True):
        if start <= ms < start + duration:
            return frame
        start += duration
    raise AssertionError(f"{ms} ms is not in the clip")


def test_only_the_last_minute_is_kept_and_its_frames_are_the_whole_run_gifs(
        tmp_path: Path) -> None:
    history = ScreenHistory()
    end, whole = _kept_and_filmed(tmp_path, history)
    assert end > 89
    clip = history.clip(end)
    frames, durations = frames_of(clip.gif)
    assert abs(sum(durations) - KEEP_S * 1000) <= TICK_MS
    assert clip.first_ms == round((end - KEEP_S) * 1000 / TICK_MS + 0.5) * TICK_MS
    last = history.shots[-1][0]   # the minute before the last change is kept
    assert history.shots[0][0] <= last - KEEP_S < history.shots[1][0]
    whole_frames, whole_durations = frames_of(whole)
    start = clip.first_ms
    for index, frame in enumerate(frames):
        expected = _picture_at(whole_frames, whole_durations, 0, start)
        assert np.array_equal(frame, expected), f"frame {index} at {start} ms"
        start += durations[index]
    # And the --png picture of a moment in the middle, blink and cursor phases included.
    ms = clip.first_ms + sum(durations[:5])
    stopped = run(COUNTER, stop_ms=ms).machine
    png = render_rgb(stopped.screen, blink_on=blink_visible(ms / 1000),
                     cursor_on=cursor_visible(ms / 1000))
    assert np.array_equal(frames[5], png)


def test_a_screen_replaced_within_a_tick_is_not_kept() -> None:
    history = ScreenHistory()
    screen = Screen()
    for n in range(10):
        screen.put(0, 0, str(n), 0x07)
        history.note(screen, 1.001 + n * 0.0009)   # ten screens between two ticks
    assert len(history.shots) == 1
    screen.put(0, 0, "x", 0x07)
    history.note(screen, 1.01)   # the tick at 1.01 sees this one, none saw the one before
    assert [t for t, _ in history.shots] == [1.01]
    screen.put(0, 0, "y", 0x07)
    history.note(screen, 1.015)
    assert [t for t, _ in history.shots] == [1.01, 1.015]


def test_the_kept_screens_stay_within_their_byte_bound() -> None:
    history = ScreenHistory(max_bytes=64 * 1024)
    rng = np.random.default_rng(1)
    screen = Screen()
    for n in range(200):   # screens that do not compress: ~4 KB each
        screen.chars[:] = rng.integers(0, 256, screen.chars.shape, dtype=np.uint8)
        history.note(screen, n * 0.1)
    assert history.bytes <= 64 * 1024
    assert history.bytes == sum(len(p) + ENTRY_BYTES for _t, p in history.shots)
    assert history.shots[0][0] > 0
    clip = history.clip(20.0)
    assert clip.first_ms == round(history.shots[0][0] * 1000)   # it covers what is kept


def test_a_clip_larger_than_the_limit_is_refused_in_one_line() -> None:
    history = ScreenHistory()
    rng = np.random.default_rng(2)
    screen = Screen()
    for n in range(20):
        screen.chars[:] = rng.integers(0, 256, screen.chars.shape, dtype=np.uint8)
        history.note(screen, n * 0.1)
    with pytest.raises(ClipRefused, match="larger than 100 KB"):
        history.clip(2.0, limit=100 * 1024)
    assert len(history.clip(2.0).gif) > 100 * 1024


def test_a_clip_before_anything_was_kept_is_refused() -> None:
    with pytest.raises(ClipRefused, match="nothing has been drawn yet"):
        ScreenHistory().clip(1.0)


# -- APNG: one frame in memory --------------------------------------------------------------

def test_an_apng_keeps_one_frame_in_memory_however_long(tmp_path: Path) -> None:
    palette = np.array([[0, 0, 0], [255, 255, 255]], np.uint8)

    def grown(count: int) -> int:
        sink = ApngSink(tmp_path / f"{count}.png")
        rng = np.random.default_rng(count)
        tracemalloc.start()
        for _ in range(count):
            sink.add(rng.integers(0, 2, (415, 738), dtype=np.uint8), 20, palette)
        held = tracemalloc.get_traced_memory()[0]
        tracemalloc.stop()
        sink.close()
        assert frames_of((tmp_path / f"{count}.png").read_bytes())[1] == [20] * count
        return held

    # Each frame is 306 KB of pixels: 40 kept would be 12 MB.
    assert grown(40) - grown(4) < 1_000_000


def test_a_session_clip_takes_the_time_it_is_asked_at(tmp_path: Path) -> None:
    # The session's time goes on while the screen stays: the last frame grows with it.
    history = ScreenHistory()
    history.note(Screen(), 0.0)
    screen = Screen()
    screen.put(0, 0, "hello", 0x1E)
    history.note(screen, 0.5)
    started = time.monotonic()
    short, long = history.clip(1.0), history.clip(3.0)
    assert time.monotonic() - started < 5
    assert (short.first_ms, short.ms, long.ms) == (500, 500, 2500)


def test_a_clip_starts_at_the_programs_first_drawing() -> None:
    # Nothing noted before 0.5 s: the clip starts there, as retro run --gif leaves out the
    # blank screen before a program first draws.
    history = ScreenHistory()
    screen = Screen()
    screen.put(0, 0, "hello", 0x1E)
    history.note(screen, 0.504)
    clip = history.clip(1.0)
    assert (clip.first_ms, clip.ms) == (510, 490)


def test_an_apng_frame_longer_than_its_delay_field_is_split_and_adds_up(tmp_path: Path
                                                                        ) -> None:
    palette = np.array([[0, 0, 0], [255, 255, 255]], np.uint8)
    picture = np.zeros((10, 12), np.uint8)
    picture[2:5, 3:7] = 1
    changed = picture.copy()
    changed[8, 11] = 1
    sink = ApngSink(tmp_path / "long.png")
    sink.add(picture, 30, palette)
    sink.add(changed, 700_000, palette)   # 70000 ticks: the delay field holds 65535
    sink.add(picture, 20, palette)
    sink.close()
    frames, durations = frames_of((tmp_path / "long.png").read_bytes())
    assert durations == [30, 655_350, 44_650, 20]
    expected = [picture, changed, changed, picture]
    for frame, indices in zip(frames, expected, strict=True):
        assert np.array_equal(frame, palette[indices])


class _Clock:
    def __init__(self, now: float) -> None:
        self.t = now

    def now(self) -> float:
        return self.t


@pytest.mark.parametrize(("request_", "end"), [
    (Sleep(0.3), 8.3), (WaitKey(0.2), 8.2), (WaitKey(0.0), 8.0 + POLL_COST_S),
    (WaitKey(None), 8.5), (Sleep(2.0), 8.5)])
def test_a_clip_ends_where_the_request_under_way_is_answered_at_the_latest(
        request_: Sleep | WaitKey, end: float) -> None:
    # The program ran (and drew) at 8.0 and asked for this; the session's clock says 8.5:
    # a replay answers the request at 8.0 plus its length, and draws what comes next.
    machine = make_machine("", "", 1, None, None, _Clock(8.0))
    program = Watched(_counter(machine))
    frontend = WebFrontend(Channel(-1, -1), program, ScreenHistory())
    frontend.ran(machine)
    program.request = request_
    machine.clock.t = 8.5   # type: ignore[attr-defined]
    assert frontend.clip_end(machine) == pytest.approx(end)
    assert frontend.history is not None and frontend.history.shots[0][0] == 8.0
    program.close()
