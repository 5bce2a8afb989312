"""``retro serve [--host H] [--port N] [--allow-host NAME]... [--max-sessions N]
[--max-per-address N] [--idle-timeout S] [--header-timeout S] [--record F]``.

Prints one line, the page's address, once the server answers; Ctrl+C or SIGTERM closes every
session (each saves, as closing the window does) and then the server.  Its log (refused
requests, each session's start and end) goes to standard error, one line an event.
"""

from __future__ import annotations

import asyncio
import logging
import signal
import sys
from collections.abc import Callable
from pathlib import Path

from retro.cli.common import FileProblem, Parser, check_output
from retro.programs import UsageError
from retro.web.protocol import CLOSE_SHUTDOWN
from retro.web.server import (
    HEADER_TIMEOUT_S,
    HUB,
    IDLE_TIMEOUT_S,
    LOG,
    KeyProblem,
    ServeConfig,
    make_app,
    runner_options,
    split_host,
)


def parse_args(args: list[str]) -> ServeConfig:
    parser = Parser(prog="retro serve", add_help=False)
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8080)
    parser.add_argument("--max-sessions", type=int, default=16)
    parser.add_argument("--idle-timeout", type=float, default=IDLE_TIMEOUT_S)
    parser.add_argument("--header-timeout", type=float, default=HEADER_TIMEOUT_S)
    parser.add_argument("--allow-host", action="append", default=[])
    parser.add_argument("--max-per-address", type=int)
    parser.add_argument("--record", type=Path)
    ns = parser.parse_args(args)
    if not 0 <= ns.port <= 65535:
        raise UsageError(f"--port {ns.port} is not a port number (0-65535; 0 picks a free one)")
    if ns.max_sessions < 1:
        raise UsageError("--max-sessions takes a number of sessions from 1 up")
    if ns.max_per_address is not None and ns.max_per_address < 1:
        raise UsageError("--max-per-address takes a number of sessions from 1 up")
    if not ns.idle_timeout > 0:
        raise UsageError("--idle-timeout takes a positive number of seconds")
    if not 0 < ns.header_timeout <= 3600:
        raise UsageError("--header-timeout takes a number of seconds above 0, at most 3600")
    for name in ns.allow_host:
        found = split_host(name)
        if found is None or found[1] is not None:
            raise UsageError(f"--allow-host {name!r} is not a host name or address "
                             "(a name such as games.example.org, without a port)")
    return ServeConfig(host=ns.host, port=ns.port, max_sessions=ns.max_sessions,
                       idle_timeout=ns.idle_timeout, record=ns.record,
                       allow_hosts=tuple(ns.allow_host), max_per_address=ns.max_per_address,
                       header_timeout=ns.header_timeout)


def log_to_stderr() -> None:
    """The server's log: ``retro serve: ...`` lines on standard error."""
    if LOG.handlers:
        return
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(logging.Formatter("retro serve: %(message)s"))
    LOG.addHandler(handler)
    LOG.setLevel(logging.INFO)
    LOG.propagate = False


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
    from aiohttp import web

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
