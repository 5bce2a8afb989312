"""``retro serve [--host H] [--port N] [--allow-host NAME]... [--max-sessions N]
[--max-per-address N] [--idle-timeout S] [--header-timeout S] [--record F]``.

Prints one line, the page's address, once the server answers; Ctrl+C or SIGTERM closes every
session (each saves, as closing the window does) and then the server.  Its log (refused
requests, each session's start and end) goes to standard error, one line an event.
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
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
    found.add_argument("--allow-host", action="append", default=[], metavar="NAME",
                       help="a host name the page may be reached by (repeat it for more); "
                            "every other Host header is refused (docs/web.md: DNS "
                            "rebinding)")
    found.add_argument("--max-sessions", type=int, default=16, metavar="N",
                       help="open games at most (default 16); past it a page says the server "
                            "is full")
    found.add_argument("--max-per-address", type=int, default=None, metavar="N",
                       help="open games one client address may hold (default 4 beyond "
                            "loopback, no cap on it)")
    found.add_argument("--idle-timeout", type=float, default=None, metavar="S",
                       help="a game without a key or click, or a frame it drew by itself, "
                            "for S seconds ends and saves (default 1800: 30 minutes)")
    found.add_argument("--header-timeout", type=float, default=None, metavar="S",
                       help="a request whose headers have not all come in S seconds is "
                            "closed (default 10)")
    found.add_argument("--record", type=Path, metavar="FILE",
                       help="each session keeps a replayable key script: FILE, then FILE-2, "
                            "FILE-3...")
    return found


def parse_args(args: list[str]) -> ServeConfig:
    # The server (aiohttp) loads only when it serves: --help stays quick.
    from retro.web.server import ServeConfig, split_host

    ns = parser().parse_args(args)
    if not 0 <= ns.port <= 65535:
        raise UsageError(f"--port {ns.port} is not a port number (0-65535; 0 picks a free one)")
    if ns.max_sessions < 1:
        raise UsageError("--max-sessions takes a number of sessions from 1 up")
    if ns.max_per_address is not None and ns.max_per_address < 1:
        raise UsageError("--max-per-address takes a number of sessions from 1 up")
    if ns.idle_timeout is not None and not ns.idle_timeout > 0:
        raise UsageError("--idle-timeout takes a positive number of seconds")
    if ns.header_timeout is not None and not 0 < ns.header_timeout <= 3600:
        raise UsageError("--header-timeout takes a number of seconds above 0, at most 3600")
    for name in ns.allow_host:
        host = split_host(name)
        if host is None or host[1] is not None:
            raise UsageError(f"--allow-host {name!r} is not a host name or address "
                             "(a name such as games.example.org, without a port)")
    config = ServeConfig(host=ns.host, port=ns.port, max_sessions=ns.max_sessions,
                         record=ns.record, allow_hosts=tuple(ns.allow_host),
                         max_per_address=ns.max_per_address)
    if ns.idle_timeout is not None:
        config = dataclasses.replace(config, idle_timeout=ns.idle_timeout)
    if ns.header_timeout is not None:
        config = dataclasses.replace(config, header_timeout=ns.header_timeout)
    return config


def log_to_stderr() -> None:
    """The server's log: ``retro serve: ...`` lines on standard error."""
    from retro.web.server import LOG  # with the server: only when it serves

    if LOG.handlers:
        return
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(logging.Formatter("retro serve: %(message)s"))
    LOG.addHandler(handler)
    LOG.setLevel(logging.INFO)
    LOG.propagate = False


def main(args: list[str]) -> int:
    """``retro serve``: exit status 0 after a clean stop, 1 if the address cannot be used."""
    from retro.web.server import KeyProblem  # with the server: only when it serves

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
    log_to_stderr()
    try:
        return asyncio.run(serve(config, ready=lambda url: print(url, flush=True)))
    except KeyProblem as err:
        print(f"retro serve: {err}", file=sys.stderr)
        return 1
    except OSError as err:
        print(f"retro serve: cannot listen on {config.host} port {config.port}: "
              f"{err.strerror or err}", file=sys.stderr)
        return 1


async def serve(config: ServeConfig, ready: Callable[[str], None]) -> int:
    """Serve until SIGINT or SIGTERM; ``ready`` gets the address once it answers."""
    # aiohttp loads when the server starts: --help stays quick.
    from aiohttp import web

    from retro.web.protocol import CLOSE_SHUTDOWN
    from retro.web.server import HUB, make_app, runner_options

    app = make_app(config)
    runner = web.AppRunner(app, handle_signals=False, access_log=None,
                           **runner_options(config))
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
