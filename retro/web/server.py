"""The web server: the page, its files, the machine description, and ``/ws`` for each tab.

Each WebSocket gets a session process (``retro.web.session``) of its own: the server only
checks the browser's messages and passes them on, and passes the session's lines back to
the page unchanged, so it never waits for a game.  See docs/web.md for the contract.
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import html
import ipaddress
import json
import os
import re
import secrets
import shutil
import sys
import time
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

from aiohttp import WSMsgType, web
from yarl import URL

from retro.web.protocol import (
    CLOSE_ENDED,
    CLOSE_FAILED,
    CLOSE_FULL,
    CLOSE_IDLE,
    BadMessage,
    RateLimit,
    dumps,
    event_message,
    parse_client,
)
from retro.web.query import BadQuery, Start, parse_query

#: The files the page loads, by name: nothing else is ever read from disk for a request.
STATIC_FILES = {
    "retro.js": "text/javascript",
    "retro.css": "text/css",
}
#: The cookie naming a browser's own save folder (when served beyond this computer).
BROWSER_COOKIE = "retro_browser"
_BROWSER_ID = re.compile(r"[A-Za-z0-9_-]{22}")
#: Folder, under the server's data folder, of the browsers' own save folders.
BROWSERS_FOLDER = "browsers"
#: The start of a save folder for a socket without a browser id (no cookie id has it).
FORGOTTEN_PREFIX = "gone."
#: A session that gets no key or click for this long ends (and saves).
IDLE_TIMEOUT_S = 30 * 60
#: How long a closing session may take to save before it is killed.
SAVE_GRACE_S = 20.0
#: Headers every answer carries: no framing by other sites, no guessing of types, and
#: scripts, styles and connections only from this server.
SECURITY_HEADERS = {
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "no-referrer",
    "Content-Security-Policy": "default-src 'self'; img-src 'self' data: blob:; "
                               "connect-src 'self'; frame-ancestors 'none'",
}


@dataclass
class ServeConfig:
    """How the server runs (``retro serve`` options; tests shorten the timeouts)."""

    host: str = "127.0.0.1"
    port: int = 8080
    max_sessions: int = 16
    idle_timeout: float = IDLE_TIMEOUT_S
    record: Path | None = None
    #: The server's data folder for the browsers' own save folders (default: the user's).
    data_root: Path | None = None
    rate_per_s: float | None = None

    @property
    def loopback(self) -> bool:
        """Whether only this computer can reach the server (saves go to the user's folder)."""
        return is_loopback(self.host)


def is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


@dataclass
class Session:
    """One tab's session: its process and what the server knows of it."""

    number: int
    process: asyncio.subprocess.Process
    socket: web.WebSocketResponse
    last_input: float = field(default_factory=time.monotonic)
    closing: tuple[int, str] | None = None   # the close code and reason once decided


class Hub:
    """The open sessions, the count used for ``--record`` names, shutdown."""

    def __init__(self, config: ServeConfig) -> None:
        self.config = config
        self.sessions: dict[int, Session] = {}
        self.started = 0
        self.starting = 0   # sessions whose process is being started: their places are taken
        self.stopping = False

    @property
    def full(self) -> bool:
        return len(self.sessions) + self.starting >= self.config.max_sessions

    def record_path(self, number: int) -> Path | None:
        """``--record FILE``: the first session writes FILE, the next FILE-2, FILE-3..."""
        path = self.config.record
        if path is None or number == 1:
            return path
        return path.with_name(f"{path.stem}-{number}{path.suffix}")

    def save_folder(self, browser: str | None) -> Path | None:
        """The RETRO_HOME of a session: None (the user's own) on a loopback address.  A
        socket without a browser id gets a fresh folder nobody can come back to: the
        session removes it when it ends (``forgotten``), so such sockets fill no disk."""
        if self.config.loopback:
            return None
        from retro.store.core import default_root

        root = self.config.data_root or default_root()
        return root / BROWSERS_FOLDER / (browser or FORGOTTEN_PREFIX + secrets.token_urlsafe(16))

    async def close_all(self, code: int, reason: str) -> None:
        """End every session (each saves), waiting for all of them."""
        self.stopping = True
        sessions = list(self.sessions.values())
        for session in sessions:
            session.closing = (code, reason)
        # All at once: a session busy in a long search, its input pipe full, must not keep
        # the others from hearing that they should save.
        await asyncio.gather(*(_quit(s.process) for s in sessions))
        await asyncio.gather(*(_finish(s.process) for s in list(self.sessions.values())))
        await asyncio.gather(*(s.socket.close(code=code, message=reason.encode())
                               for s in list(self.sessions.values())),
                             return_exceptions=True)


def forgotten(home: Path | None) -> bool:
    """Whether ``home`` is the save folder of a socket that brought no browser id."""
    return home is not None and home.name.startswith(FORGOTTEN_PREFIX)


HUB = web.AppKey("hub", Hub)


def make_app(config: ServeConfig) -> web.Application:
    app = web.Application(middlewares=[_security_headers])
    app[HUB] = Hub(config)
    app.router.add_get("/", _page)
    app.router.add_get("/ws", _socket)
    app.router.add_get("/machine.json", _machine)
    app.router.add_get("/static/{name}", _static)
    app.router.add_get("/favicon.ico", _no_icon)
    return app


@web.middleware
async def _security_headers(request: web.Request, handler: Any) -> web.StreamResponse:
    try:
        response = await handler(request)
    except web.HTTPException as err:
        response = err
    if not isinstance(response, web.WebSocketResponse):
        response.headers.update(SECURITY_HEADERS)
    if isinstance(response, web.HTTPException) and response.status >= 400:
        raise response
    return response


# -- pages ----------------------------------------------------------------------------

def _static_text(name: str) -> str:
    return (resources.files("retro.web") / "static" / name).read_text(encoding="utf-8")


def message_page(title: str, message: str, status: int) -> web.Response:
    """A plain page with one message (a bad URL, a full server)."""
    body = (_static_text("message.html")
            .replace("{title}", html.escape(title))
            .replace("{message}", html.escape(message)))
    return web.Response(text=body, status=status, content_type="text/html")


async def _page(request: web.Request) -> web.StreamResponse:
    hub = request.app[HUB]
    try:
        parse_query(request.query.items())
    except BadQuery as err:
        return message_page("This link cannot start a game", str(err), 400)
    if hub.full or hub.stopping:
        return message_page("The server is full",
                            f"All {hub.config.max_sessions} places are taken. Try again in a "
                            "little while, or close a tab that plays here.", 503)
    response = web.Response(text=_static_text("index.html"), content_type="text/html")
    if not hub.config.loopback and not _browser_id(request):
        response.set_cookie(BROWSER_COOKIE, secrets.token_urlsafe(16), max_age=400 * 86400,
                            httponly=True, samesite="Strict", path="/")
    return response


async def _static(request: web.Request) -> web.StreamResponse:
    name = request.match_info["name"]
    if name not in STATIC_FILES:   # only the page's own files: no path ever reaches the disk
        raise web.HTTPNotFound(text="no such file")
    return web.Response(text=_static_text(name), content_type=STATIC_FILES[name])


async def _no_icon(request: web.Request) -> web.StreamResponse:
    return web.Response(status=204)


async def _machine(request: web.Request) -> web.StreamResponse:
    """The palettes, timings and the fonts' raw bytes: the page draws as
    ``retro.pictures.raster`` does."""
    return web.json_response(machine_description())


def machine_description() -> dict[str, Any]:
    from retro.pc.font import CELL_WIDTH, LINE_GRAPHICS, font_bytes
    from retro.pictures import raster

    return {
        "vga": raster.VGA_PALETTE.tolist(),
        "phosphors": {name: levels.tolist() for name, levels in raster.PHOSPHORS.items()},
        "fonts": {str(h): base64.b64encode(font_bytes(h)).decode() for h in (16, 14)},
        "cellWidth": CELL_WIDTH,
        "lineGraphics": [LINE_GRAPHICS.start, LINE_GRAPHICS.stop],
        "band": [raster.BAND_TOP, raster.BAND_BOTTOM, raster.BAND_LEFT, raster.BAND_RIGHT],
        "frameHz": raster.FRAME_HZ,
        "blinkFrames": raster.BLINK_FRAMES,
        "cursorFrames": raster.CURSOR_FRAMES,
    }


def _browser_id(request: web.Request) -> str | None:
    value = request.cookies.get(BROWSER_COOKIE, "")
    return value if _BROWSER_ID.fullmatch(value) else None


def same_origin(request: web.Request) -> bool:
    """Whether the WebSocket comes from a page of this server (its Origin names our host)."""
    origin = request.headers.get("Origin")
    if not origin:
        return False
    try:
        url = URL(origin)
    except ValueError:
        return False
    if url.scheme not in ("http", "https") or not url.host:
        return False
    return url.raw_authority.lower() == request.host.lower()


# -- the WebSocket ----------------------------------------------------------------------

async def _socket(request: web.Request) -> web.StreamResponse:
    hub = request.app[HUB]
    if not same_origin(request):
        raise web.HTTPForbidden(text="this server takes WebSockets only from its own pages")
    try:
        start = parse_query(request.query.items()).with_seed()
    except BadQuery as err:
        raise web.HTTPBadRequest(text=str(err)) from None
    socket = web.WebSocketResponse(max_msg_size=4096, heartbeat=30.0)
    await socket.prepare(request)
    if hub.full or hub.stopping:
        await socket.close(code=CLOSE_FULL, message=b"the server is full: try again later")
        return socket
    hub.started += 1
    number = hub.started
    hub.starting += 1
    home = hub.save_folder(_browser_id(request))
    try:
        process = await _spawn(start, hub.record_path(number), home)
    except OSError as err:
        await socket.close(code=CLOSE_FAILED,
                           message=f"the game could not start: {err.strerror}".encode()[:120])
        await _forget(home)
        return socket
    finally:
        hub.starting -= 1
    session = Session(number, process, socket)
    hub.sessions[number] = session
    try:
        await _converse(session, hub.config)
    finally:
        del hub.sessions[number]
        await _quit(process)
        await _finish(process)
        code, reason = session.closing or (CLOSE_ENDED, "the page was closed")
        await socket.close(code=code, message=reason.encode()[:120])
        await _forget(home)
    return socket


async def _forget(home: Path | None) -> None:
    if forgotten(home):
        assert home is not None
        await asyncio.to_thread(shutil.rmtree, home, True)


async def _spawn(start: Start, record: Path | None, home: Path | None
                 ) -> asyncio.subprocess.Process:
    config = {"program": start.program, "letters": start.letters, "seed": start.seed,
              "options": start.options, "record": str(record) if record else None}
    env = dict(os.environ)
    if home is not None:
        home.mkdir(parents=True, exist_ok=True)
        env["RETRO_HOME"] = str(home)
    return await asyncio.create_subprocess_exec(
        sys.executable, "-m", "retro.web.session", json.dumps(config),
        stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE, env=env,
        limit=4 * 1024 * 1024, start_new_session=True)


async def _converse(session: Session, config: ServeConfig) -> None:
    """Pass messages both ways until either side ends (or the session idles too long)."""
    outgoing = asyncio.ensure_future(_forward_output(session))
    idle = asyncio.ensure_future(_watch_idle(session, config.idle_timeout))
    limit = RateLimit() if config.rate_per_s is None else \
        RateLimit(per_second=config.rate_per_s, burst=max(1, int(config.rate_per_s * 2)))
    stdin = session.process.stdin
    assert stdin is not None
    try:
        async for message in session.socket:
            if message.type != WSMsgType.TEXT:
                session.closing = (1003, "bad message: only JSON text is understood")
                break
            try:
                if not limit.allow():
                    raise BadMessage("too many messages: slow down")
                event = parse_client(message.data)
            except BadMessage as err:
                session.closing = (err.code, f"bad message: {err}")
                break
            session.last_input = time.monotonic()
            if event is None:
                continue
            with contextlib.suppress(ConnectionError):
                stdin.write((dumps(event_message(event)) + "\n").encode())
                await stdin.drain()
            if outgoing.done():
                break
    finally:
        idle.cancel()
        if not outgoing.done():
            await _quit(session.process)
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(asyncio.shield(outgoing), SAVE_GRACE_S)
        outgoing.cancel()


async def _forward_output(session: Session) -> None:
    """Send the session's lines to the page; close the page when the program ends."""
    stdout = session.process.stdout
    assert stdout is not None
    ended = False
    while True:
        line = await stdout.readline()
        if not line:
            break
        text = line.decode("utf-8").rstrip("\n")
        ended = ended or text.startswith('{"t":"end"')
        if not session.socket.closed:
            with contextlib.suppress(ConnectionError):
                await session.socket.send_str(text)
    if session.closing is None:
        session.closing = (CLOSE_ENDED, "the program ended") if ended else \
            (CLOSE_FAILED, "the game stopped unexpectedly")
    if not session.socket.closed:
        await session.socket.close(code=session.closing[0],
                                   message=session.closing[1].encode()[:120])


async def _watch_idle(session: Session, timeout: float) -> None:
    while True:
        left = session.last_input + timeout - time.monotonic()
        if left <= 0:
            span = _span(timeout)
            session.closing = (CLOSE_IDLE, f"no key for {span}: the game was closed and saved")
            await _quit(session.process)
            return
        await asyncio.sleep(min(left, 60.0))


def _span(seconds: float) -> str:
    """``30 minutes``, ``1 minute``, ``45 seconds``: a timeout in words."""
    amount, unit = (seconds / 60, "minute") if seconds >= 60 else (seconds, "second")
    return f"{amount:g} {unit}{'' if amount == 1 else 's'}"


async def _quit(process: asyncio.subprocess.Process) -> None:
    """Ask a session process to close its program (which saves), once."""
    stdin = process.stdin
    if stdin is None or stdin.is_closing():
        return
    with contextlib.suppress(ConnectionError, RuntimeError):
        stdin.write(b'{"t":"quit"}\n')
        await stdin.drain()
    stdin.close()


async def _finish(process: asyncio.subprocess.Process) -> None:
    """Wait for a session process to end; kill it if it takes longer than saving can."""
    try:
        await asyncio.wait_for(process.wait(), SAVE_GRACE_S)
    except TimeoutError:
        with contextlib.suppress(ProcessLookupError):
            process.kill()
        await process.wait()
