"""Helpers of the web tests: a served app in plain asyncio, screens from frame messages, and
the browser of the browser tests."""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import AsyncIterator, Iterator
from typing import Any

import aiohttp
import numpy as np
import pytest
from aiohttp.test_utils import TestClient, TestServer

from retro.web.server import ServeConfig, make_app, runner_options
from tests.web.browsers import CHROMIUM, CHROMIUM_ARGS


@contextlib.asynccontextmanager
async def served(config: ServeConfig | None = None) -> AsyncIterator[TestClient]:
    """A test client of the app, on a real loopback port, with the server's runner options
    (the header timeout)."""
    config = config or ServeConfig(port=0)
    server = TestServer(make_app(config))
    await server.start_server(**runner_options(config))
    async with server, TestClient(server) as client:
        yield client


def origin(client: TestClient) -> str:
    return f"http://{client.host}:{client.port}"


async def connect(client: TestClient, query: str = "", *, max_msg_size: int = 4 * 1024 * 1024,
                  **headers: str) -> aiohttp.ClientWebSocketResponse:
    """A WebSocket to ``/ws?QUERY`` with the page's own Origin (unless ``headers`` say);
    ``max_msg_size`` 0 takes a message of any size (a clip)."""
    sent = {"Origin": origin(client), **headers}
    return await client.ws_connect(f"/ws?{query}", headers=sent, max_msg_size=max_msg_size)


class PageScreen:
    """The screen a page holds, built from the frame messages as the page builds it."""

    def __init__(self) -> None:
        self.chars = np.full(2000, 0x20, dtype=np.uint8)
        self.attrs = np.full(2000, 0x07, dtype=np.uint8)
        self.frames: list[dict[str, Any]] = []
        self.others: list[dict[str, Any]] = []

    def apply(self, message: dict[str, Any]) -> None:
        if message["t"] != "frame":
            self.others.append(message)
            return
        self.frames.append(message)
        cells = message["cells"]
        for i in range(0, len(cells), 3):
            self.chars[cells[i]], self.attrs[cells[i]] = cells[i + 1], cells[i + 2]

    async def read_until(self, socket: aiohttp.ClientWebSocketResponse, chars: np.ndarray,
                         attrs: np.ndarray, timeout: float = 20.0) -> None:
        """Read messages until the screen equals (chars, attrs); fails after ``timeout``."""
        async def loop() -> None:
            while not (np.array_equal(self.chars, chars.ravel())
                       and np.array_equal(self.attrs, attrs.ravel())):
                message = await socket.receive()
                assert message.type == aiohttp.WSMsgType.TEXT, message
                self.apply(json.loads(message.data))
        await asyncio.wait_for(loop(), timeout)


async def first_frame(socket: aiohttp.ClientWebSocketResponse, screen: PageScreen,
                      timeout: float = 20.0) -> dict[str, Any]:
    async def loop() -> dict[str, Any]:
        while True:
            message = await socket.receive()
            assert message.type == aiohttp.WSMsgType.TEXT, message
            data = json.loads(message.data)
            screen.apply(data)
            if data["t"] == "frame":
                return data
    return await asyncio.wait_for(loop(), timeout)


async def closed(socket: aiohttp.ClientWebSocketResponse, timeout: float = 20.0
                 ) -> tuple[int | None, str]:
    """Read until the server closes the socket: (close code, reason)."""
    async def loop() -> tuple[int | None, str]:
        while True:
            message = await socket.receive()
            if message.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSING,
                                aiohttp.WSMsgType.CLOSED):
                return socket.close_code, str(message.extra or "")
    return await asyncio.wait_for(loop(), timeout)


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """The system's Chromium under Playwright, for a module of browser tests."""
    # Imported here: only the browser tests need Playwright, and they skip without it.
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as playwright:
        found = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield found
        found.close()
