"""The web server: the page, its files, the machine description, and ``/ws`` for each tab.

Each WebSocket gets a session process (``retro.web.session``) of its own: the server only
checks the browser's messages and passes them on, and passes the session's lines back to
the page unchanged, so it never waits for a game.  See docs/web.md for the contract.
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import hashlib
import hmac
import html
import ipaddress
import json
import logging
import math
import os
import re
import secrets
import shutil
import socket as sockets
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

from aiohttp import WSMsgType, web
from yarl import URL

from retro.store.core import default_root
from retro.web.protocol import (
    CLIP_INTERVAL_S,
    CLOSE_ENDED,
    CLOSE_FAILED,
    CLOSE_FULL,
    CLOSE_IDLE,
    CLOSE_SHUTDOWN,
    MAX_CLIP_BYTES,
    BadMessage,
    ClipAsk,
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
#: The server's log: one line a refused request, a session's start and its end.
LOG = logging.getLogger("retro.web")
#: The cookie naming a browser's own save folder (when served beyond this computer): the
#: id, a dot and the server's signature of it, so only ids this server handed out count.
BROWSER_COOKIE = "retro_browser"
_BROWSER_COOKIE = re.compile(r"([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{22})")
#: Folder, under the server's data folder, of the browsers' own save folders.
BROWSERS_FOLDER = "browsers"
#: The file, in the server's data folder, of the key that signs browser ids (owner-only).
KEY_FILE = "browsers.key"
KEY_BYTES = 32
#: The start of a save folder for a socket without a browser id (no cookie id has it).
FORGOTTEN_PREFIX = "gone."
#: The longest line a session sends: a clip's GIF in base64 and its fields.
CLIP_LINE_BYTES = (MAX_CLIP_BYTES + 2) // 3 * 4 + 1024
#: A session that gets no key or click for this long ends (and saves).
IDLE_TIMEOUT_S = 30 * 60
#: How long a closing session may take to save before it is killed.
SAVE_GRACE_S = 20.0
#: A connection must finish sending a request's headers this long after it opens (or after
#: the previous answer); a half-sent request is closed then.
HEADER_TIMEOUT_S = 10.0
#: Sessions one client address may hold at once beyond loopback (an IPv6 address counts by
#: its /64 network, which one machine usually has all of).
MAX_PER_ADDRESS = 4
#: The names a loopback server answers to (with its own port): a page of another site whose
#: name was pointed at 127.0.0.1 (DNS rebinding) sends its own name and is refused.
LOOPBACK_NAMES = ("127.0.0.1", "localhost", "[::1]")
_HOST = re.compile(r"(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(?::([0-9]{1,5}))?")
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
    #: ``--allow-host``: the names (and addresses) the server answers to besides its own.
    allow_hosts: tuple[str, ...] = ()
    #: ``--max-per-address``; None: ``MAX_PER_ADDRESS`` beyond loopback, no cap on loopback.
    max_per_address: int | None = None
    header_timeout: float = HEADER_TIMEOUT_S
    #: A session makes at most one clip in this many seconds.
    clip_interval: float = CLIP_INTERVAL_S

    @property
    def loopback(self) -> bool:
        """Whether only this computer can reach the server (saves go to the user's folder)."""
        return is_loopback(self.host)

    @property
    def per_address(self) -> int:
        """The most sessions one client address may hold."""
        if self.max_per_address is not None:
            return self.max_per_address
        return self.max_sessions if self.loopback else MAX_PER_ADDRESS

    def root(self) -> Path:
        """The server's data folder."""
        return self.data_root or default_root()


def runner_options(config: ServeConfig) -> dict[str, Any]:
    """The ``aiohttp.web.AppRunner`` options the server runs with: the header timeout is
    aiohttp's keep-alive timeout, which closes a connection waiting for a request's headers
    (one never finished, or never started) once it runs out."""
    return {"keepalive_timeout": config.header_timeout}


def is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def host_name(text: str) -> str:
    """A host as a ``Host`` header names it: lower case, an IPv6 address in brackets."""
    text = text.strip().lower()
    with contextlib.suppress(ValueError):
        if ipaddress.ip_address(text.strip("[]")).version == 6:
            return f"[{ipaddress.ip_address(text.strip('[]')).compressed}]"
    return text


def split_host(header: str) -> tuple[str, int | None] | None:
    """A ``Host`` header's name and port (None: no port given); None if it is no host."""
    found = _HOST.fullmatch(header.strip().lower())
    if found is None:
        return None
    return host_name(found.group(1)), int(found.group(2)) if found.group(2) else None


def is_wildcard(host: str) -> bool:
    """Whether ``--host`` is every address of the machine (``0.0.0.0``, ``::``)."""
    try:
        return ipaddress.ip_address(host.strip("[]")).is_unspecified
    except ValueError:
        return host == ""


def is_address(name: str) -> bool:
    try:
        ipaddress.ip_address(name.strip("[]"))
    except ValueError:
        return False
    return True


def machine_names() -> set[str]:
    """This machine's own names (``gethostname``, its fully qualified name)."""
    names = set()
    with contextlib.suppress(OSError):
        names |= {host_name(sockets.gethostname()), host_name(sockets.getfqdn())}
    return names - {""}


class HostCheck:
    """Which ``Host`` headers the server answers (docs/web.md, "The host check").

    The three loopback names with the server's own port always; the ``--host`` address;
    the ``--allow-host`` names, with any port (a proxy in front may use its own).  Beyond
    loopback with no ``--allow-host``: the machine's own names too, and on a wildcard
    address (``0.0.0.0``) any address typed as such (a rebinding page sends a name, never
    an address)."""

    def __init__(self, config: ServeConfig) -> None:
        self.names = {host_name(name) for name in config.allow_hosts}
        self.names.add(host_name(config.host))
        self.any_address = False
        if not config.loopback and not config.allow_hosts:
            self.names |= machine_names()
            self.any_address = is_wildcard(config.host)

    def allows(self, header: str, port: int | None) -> bool:
        """Whether a request with this ``Host`` header, come in on ``port``, is served."""
        found = split_host(header)
        if found is None:
            return False
        name, given = found
        if is_loopback(name) and (given or 80) != port:
            return False
        return (name in LOOPBACK_NAMES or name in self.names
                or (self.any_address and is_address(name)))


def client_key(remote: str | None) -> str:
    """What the per-address cap counts: the address, an IPv6 address by its /64."""
    try:
        address = ipaddress.ip_address(remote or "")
    except ValueError:
        return remote or "?"
    if address.version == 6 and address.ipv4_mapped is None:
        return str(ipaddress.ip_network(f"{address}/64", strict=False))
    return str(address.ipv4_mapped or address) if address.version == 6 else str(address)


class KeyProblem(Exception):
    """The key that signs browser ids cannot be made or read: one line saying why."""


def load_key(root: Path) -> bytes:
    """The key in ``root/KEY_FILE``, made (owner-only) the first time."""
    path = root / KEY_FILE
    try:
        root.mkdir(parents=True, exist_ok=True)
        try:
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        except FileExistsError:
            pass
        else:
            with os.fdopen(fd, "wb") as out:
                out.write(secrets.token_bytes(KEY_BYTES))
        if path.stat().st_mode & 0o077:
            raise KeyProblem(f"the key file {path} can be read by other users: "
                             f"make it the owner's only (chmod 600) or remove it")
        key = path.read_bytes()
    except OSError as err:
        raise KeyProblem(f"cannot keep the key file {path}: "
                         f"{err.strerror or err}") from None
    if len(key) < KEY_BYTES:
        raise KeyProblem(f"the key file {path} is damaged (shorter than {KEY_BYTES} bytes): "
                         "remove it and a new one is made")
    return key


class BrowserIds:
    """Browser ids signed with the server's key: ``check`` knows only those it handed out."""

    def __init__(self, key: bytes) -> None:
        self.key = key

    def sign(self, browser: str) -> str:
        digest = hmac.new(self.key, b"browser:" + browser.encode(), hashlib.sha256).digest()
        return base64.urlsafe_b64encode(digest[:16]).rstrip(b"=").decode()

    def new(self) -> str:
        """A fresh cookie value: ``ID.SIGNATURE``."""
        browser = secrets.token_urlsafe(16)
        return f"{browser}.{self.sign(browser)}"

    def check(self, cookie: str) -> str | None:
        """The id of a cookie value this server signed; None for any other."""
        found = _BROWSER_COOKIE.fullmatch(cookie)
        if found is None:
            return None
        browser, signature = found.groups()
        return browser if hmac.compare_digest(signature, self.sign(browser)) else None


def saved_nothing(folder: Path) -> bool:
    """Whether a save folder holds no save (only the store's hidden locks and temporaries)."""
    try:
        return all(entry.name.startswith(".") for entry in folder.iterdir())
    except OSError:
        return False


@dataclass
class Session:
    """One tab's session: its process and what the server knows of it."""

    number: int
    process: asyncio.subprocess.Process
    socket: web.WebSocketResponse
    #: The last key or click, or the last frame the program drew by itself (a demo).
    last_active: float = field(default_factory=time.monotonic)
    closing: tuple[int, str] | None = None   # the close code and reason once decided
    #: When the page last asked for a clip (monotonic), and whether its answer is pending.
    clip_asked: float | None = None
    clip_pending: bool = False

    def clip_refusal(self, now: float, interval: float = CLIP_INTERVAL_S) -> str | None:
        """Why a clip asked for at ``now`` is not made (None: it is): one at a time, one
        every ``interval`` seconds."""
        if self.clip_pending:
            return "a clip is being made: it comes in a moment"
        if self.clip_asked is not None and now - self.clip_asked < interval:
            wait = math.ceil(interval - (now - self.clip_asked))
            return f"one clip every {interval:g} seconds: try again in {wait} s"
        return None


class Hub:
    """The open sessions, the count used for ``--record`` names, shutdown."""

    def __init__(self, config: ServeConfig) -> None:
        self.config = config
        self.sessions: dict[int, Session] = {}
        self.started = 0
        self.starting = 0   # sessions whose process is being started: their places are taken
        self.stopping = False
        self.hosts = HostCheck(config)
        self.by_address: Counter[str] = Counter()   # places taken, by ``client_key``
        self.homes: Counter[Path] = Counter()        # sessions playing in each save folder
        self.ids: BrowserIds | None = None
        if not config.loopback:
            root = config.root()
            self.ids = BrowserIds(load_key(root))
            self.sweep(root / BROWSERS_FOLDER)

    def sweep(self, browsers: Path) -> None:
        """Remove the save folders nothing was saved in (left by a server that was killed)."""
        with contextlib.suppress(OSError):
            for folder in browsers.iterdir():
                if folder.is_dir() and (forgotten(folder) or saved_nothing(folder)):
                    shutil.rmtree(folder, ignore_errors=True)

    def browser(self, request: web.Request) -> str | None:
        """The browser id of a request's cookie, if this server signed it."""
        if self.ids is None:
            return None
        return self.ids.check(request.cookies.get(BROWSER_COOKIE, ""))

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
        return self.config.root() / BROWSERS_FOLDER / (
            browser or FORGOTTEN_PREFIX + secrets.token_urlsafe(16))

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
        await asyncio.gather(*(_close(s.socket, code, reason)
                               for s in list(self.sessions.values())))


def forgotten(home: Path | None) -> bool:
    """Whether ``home`` is the save folder of a socket that brought no browser id."""
    return home is not None and home.name.startswith(FORGOTTEN_PREFIX)


HUB = web.AppKey("hub", Hub)


def make_app(config: ServeConfig) -> web.Application:
    """The application; beyond loopback it makes (or reads) the key that signs browser ids
    and raises ``KeyProblem`` if it cannot."""
    app = web.Application(middlewares=[_security_headers, _host_check])
    app[HUB] = Hub(config)
    app.router.add_get("/", _page)
    app.router.add_get("/ws", _socket)
    app.router.add_get("/machine.json", _machine)
    app.router.add_get("/static/{name}", _static)
    app.router.add_get("/favicon.ico", _no_icon)
    return app


@web.middleware
async def _host_check(request: web.Request, handler: Any) -> web.StreamResponse:
    """Only requests naming this server are served (DNS rebinding, docs/web.md)."""
    hub = request.app[HUB]
    host = request.headers.get("Host", "")
    sockname = request.transport.get_extra_info("sockname") if request.transport else None
    port = sockname[1] if isinstance(sockname, tuple) and len(sockname) >= 2 else None
    if not hub.hosts.allows(host, port):
        LOG.warning("refused a request for host %r from %s (see --allow-host)",
                    host[:100], request.remote)
        raise web.HTTPMisdirectedRequest(
            text="this server does not answer to that name (see retro serve --allow-host)")
    return await handler(request)


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
    if hub.ids is not None and hub.browser(request) is None:
        response.set_cookie(BROWSER_COOKIE, hub.ids.new(), max_age=400 * 86400,
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
    # The font and the raster (numpy) load for the page's first request only.
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
    try:
        await socket.prepare(request)
    except ConnectionError:   # the client went away during the handshake
        LOG.info("a client at %s went away during the handshake", request.remote)
        return socket
    address = client_key(request.remote)
    refusal = None
    if hub.stopping:
        refusal = (CLOSE_SHUTDOWN, "the server is stopping: try again in a moment")
    elif hub.full:
        refusal = (CLOSE_FULL, f"the server is full: all {hub.config.max_sessions} places "
                               "are taken, try again later")
    elif hub.by_address[address] >= hub.config.per_address:
        refusal = (CLOSE_FULL, f"this address already plays {hub.config.per_address} games "
                               "here: close one of them first")
    if refusal is not None:
        LOG.info("refused a session for %s: %s", request.remote, refusal[1])
        await _close(socket, *refusal)
        return socket
    # The session runs in a task of its own: a handler cancelled because its client went
    # away (aiohttp's handler_cancellation) still waits for its game to save and end.
    life = asyncio.ensure_future(_play(hub, request, socket, start, address))
    try:
        await asyncio.shield(life)
    except asyncio.CancelledError:
        await life
        raise
    return socket


async def _play(hub: Hub, request: web.Request, socket: web.WebSocketResponse, start: Start,
                address: str) -> None:
    """One session from its process's start to its end, its place and folder given back."""
    hub.started += 1
    number = hub.started
    hub.starting += 1
    hub.by_address[address] += 1
    home = hub.save_folder(hub.browser(request))
    if home is not None:
        hub.homes[home] += 1
    try:
        try:
            process = await _spawn(start, hub.record_path(number), home)
        except OSError as err:
            await _close(socket, CLOSE_FAILED,
                         f"the game could not start: {err.strerror or err}")
            LOG.warning("session %d could not start: %s", number, err.strerror or err)
            return
        finally:
            hub.starting -= 1
        session = Session(number, process, socket)
        hub.sessions[number] = session
        LOG.info("session %d started for %s: %s", number, request.remote, _describe(start))
        try:
            await _converse(session, hub.config)
        finally:
            del hub.sessions[number]
            await _quit(process)
            await _finish(process)
            code, reason = session.closing or (CLOSE_ENDED, "the page was closed")
            await _close(socket, code, reason)
            LOG.info("session %d ended: %s (%d)", number, reason, code)
    finally:
        hub.by_address[address] -= 1
        if hub.by_address[address] <= 0:
            del hub.by_address[address]
        if home is not None:
            hub.homes[home] -= 1
            if hub.homes[home] <= 0:
                del hub.homes[home]
                await _forget(home)


def _describe(start: Start) -> str:
    """``sixtysix * --seed 7``: what a session plays, as the command line would say it."""
    words = [start.program, start.letters, f"--seed {start.seed}"]
    words += [f"--{name} {value}" for name, value in start.options.items()]
    return " ".join(word for word in words if word)


async def _close(socket: web.WebSocketResponse, code: int, reason: str) -> None:
    """Close a page's socket with a code and a reason; a page already gone is no error."""
    with contextlib.suppress(ConnectionError, RuntimeError):
        await socket.close(code=code, message=reason.encode()[:120])


async def _forget(home: Path) -> None:
    """Remove a save folder no session plays in when it holds no save: a socket without a
    browser id always (nobody could find it again), a browser's own if nothing was saved."""
    if forgotten(home) or saved_nothing(home):
        await asyncio.to_thread(shutil.rmtree, home, True)


async def _spawn(start: Start, record: Path | None, home: Path | None
                 ) -> asyncio.subprocess.Process:
    config = {"program": start.program, "letters": start.letters, "seed": start.seed,
              "options": start.options, "record": str(record) if record else None,
              "phosphor": start.phosphor}
    env = dict(os.environ)
    if home is not None:
        home.mkdir(parents=True, exist_ok=True)
        env["RETRO_HOME"] = str(home)
    return await asyncio.create_subprocess_exec(
        sys.executable, "-m", "retro.web.session", json.dumps(config),
        stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE, env=env,
        limit=CLIP_LINE_BYTES, start_new_session=True)


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
            if message.type == WSMsgType.ERROR:   # the page went away without closing
                session.closing = (CLOSE_ENDED, "the page went away")
                break
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
            session.last_active = time.monotonic()
            if event is None:
                continue
            if isinstance(event, ClipAsk):
                refusal = session.clip_refusal(session.last_active, config.clip_interval)
                if refusal is not None:
                    with contextlib.suppress(ConnectionError, RuntimeError):
                        await session.socket.send_str(dumps({"t": "clip", "error": refusal}))
                    continue
                session.clip_asked, session.clip_pending = session.last_active, True
            with contextlib.suppress(ConnectionError):
                stdin.write((dumps(event_message(event)) + "\n").encode())
                await stdin.drain()
            if outgoing.done():
                break
        else:
            if session.closing is None:   # the page closed its socket
                session.closing = (CLOSE_ENDED, "the page was closed")
    finally:
        idle.cancel()
        if not outgoing.done():
            await _quit(session.process)
            with contextlib.suppress(Exception):
                await asyncio.wait_for(asyncio.shield(outgoing), SAVE_GRACE_S)
        outgoing.cancel()
        if outgoing.done() and not outgoing.cancelled() and outgoing.exception() is not None:
            LOG.warning("session %d: passing its screen on failed: %s", session.number,
                        outgoing.exception())


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
        if text.startswith('{"t":"frame"'):
            # The program drew by itself (a demo, an animation): someone may be watching.
            session.last_active = time.monotonic()
        elif text.startswith('{"t":"clip"'):
            session.clip_pending = False
        if not session.socket.closed:
            with contextlib.suppress(ConnectionError, RuntimeError):
                await session.socket.send_str(text)
    if session.closing is None:
        session.closing = (CLOSE_ENDED, "the program ended") if ended else \
            (CLOSE_FAILED, "the game stopped unexpectedly")
    if not session.socket.closed:
        await _close(session.socket, *session.closing)


async def _watch_idle(session: Session, timeout: float) -> None:
    while True:
        left = session.last_active + timeout - time.monotonic()
        if left <= 0:
            span = _span(timeout)
            session.closing = (CLOSE_IDLE, f"no key and nothing drawn for {span}: the game "
                                           "was closed and saved")
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
