"""``retro serve [--host H] [--port N] [--max-sessions N] [--idle-timeout S] [--record F]``.

Prints one line, the page's address, once the server answers; Ctrl+C or SIGTERM closes every
session (each saves, as closing the window does) and then the server.
"""

from __future__ import annotations

import asyncio
import dataclasses
import signal
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from retro.cli.common import FileProblem, Parser, check_output
from retro.programs import UsageError

if TYPE_CHECKING:
    from retro.web.server import ServeConfig


def parser() -> Parser:
    """The parser of ``retro serve``'s words, with each option's help."""
    found = Parser(prog="retro serve", add_help=False)
    found.add_argument("--host", default="127.0.0.1", metavar="H",
                       help="the address to listen on (default 127.0.0.1, this computer "
                            "only); any other address prints a warning, and each browser "
                            "then gets a save folder of its own")
    found.add_argument("--port", type=int, default=8080, metavar="N",
                       help="the port (default 8080; 0 picks a free one, and the line says "
                            "which)")
    found.add_argument("--max-sessions", type=int, default=16, metavar="N",
                       help="open games at most (default 16); past it a page says the server "
                            "is full")
    found.add_argument("--idle-timeout", type=float, default=None, metavar="S",
                       help="a game without a key or click for S seconds ends and saves "
                            "(default 1800: 30 minutes)")
    found.add_argument("--record", type=Path, metavar="FILE",
                       help="each session keeps a replayable key script: FILE, then FILE-2, "
                            "FILE-3...")
    return found


def parse_args(args: list[str]) -> ServeConfig:
    # The server (aiohttp) is imported only when it serves: --help stays quick.
    from retro.web.server import ServeConfig

    ns = parser().parse_args(args)
    if not 0 <= ns.port <= 65535:
        raise UsageError(f"--port {ns.port} is not a port number (0-65535; 0 picks a free one)")
    if ns.max_sessions < 1:
        raise UsageError("--max-sessions takes a number of sessions from 1 up")
    if ns.idle_timeout is not None and not ns.idle_timeout > 0:
        raise UsageError("--idle-timeout takes a positive number of seconds")
    config = ServeConfig(host=ns.host, port=ns.port, max_sessions=ns.max_sessions,
                         record=ns.record)
    if ns.idle_timeout is not None:
        config = dataclasses.replace(config, idle_timeout=ns.idle_timeout)
    return config


def main(args: list[str]) -> int:
    """``retro serve``: exit status 0 after a clean stop, 1 if the address cannot be used."""
    config = parse_args(args)
    if config.record is not None:
        check_output(config.record)
        try:
            config.record.write_text("", encoding="utf-8")
        except OSError as err:
            raise FileProblem(f"cannot write the recording {config.record}: "
                              f"{err.strerror}") from None
    if not config.loopback:
        print(f"retro serve: listening on {config.host}: anyone who can reach this address "
              "can play here (each browser has its own save folder)", file=sys.stderr)
    try:
        return asyncio.run(serve(config, ready=lambda url: print(url, flush=True)))
    except OSError as err:
        print(f"retro serve: cannot listen on {config.host} port {config.port}: "
              f"{err.strerror or err}", file=sys.stderr)
        return 1


async def serve(config: ServeConfig, ready: Callable[[str], None]) -> int:
    """Serve until SIGINT or SIGTERM; ``ready`` gets the address once it answers."""
    from aiohttp import web

    from retro.web.protocol import CLOSE_SHUTDOWN
    from retro.web.server import HUB, make_app

    app = make_app(config)
    runner = web.AppRunner(app, handle_signals=False, access_log=None)
    await runner.setup()
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(signum, stop.set)
    try:
        site = web.TCPSite(runner, config.host, config.port)
        await site.start()
        host, port = runner.addresses[0][:2]
        shown = f"[{host}]" if ":" in host else host
        ready(f"http://{shown}:{port}/")
        await stop.wait()
        await app[HUB].close_all(CLOSE_SHUTDOWN, "the server is stopping: the game was saved")
    finally:
        for signum in (signal.SIGINT, signal.SIGTERM):
            loop.remove_signal_handler(signum)
        await runner.cleanup()
    return 0
