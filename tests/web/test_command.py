"""``retro serve`` as a command: its one line, its warning, a clean stop that saves."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import aiohttp
import pytest

from retro.cli import main as cli_main
from retro.cli.serve import parse_args
from retro.web.protocol import CLOSE_SHUTDOWN
from retro.web.server import IDLE_TIMEOUT_S


def _serve(home: Path, *args: str) -> subprocess.Popen[str]:
    env = dict(os.environ, RETRO_HOME=str(home))
    return subprocess.Popen([sys.executable, "-m", "retro.cli", "serve", "--port", "0", *args],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)


def test_sigterm_saves_every_open_game_and_stops_cleanly_after_one_line(
        retro_home: Path) -> None:
    server = _serve(retro_home)
    try:
        assert server.stdout is not None
        url = server.stdout.readline().strip()
        assert url.startswith("http://127.0.0.1:") and url.endswith("/")
        assert int(url.rsplit(":", 1)[1].rstrip("/")) > 0   # --port 0: the real port

        async def play_and_stop() -> int | None:
            async with aiohttp.ClientSession() as client:
                socket = await client.ws_connect(f"{url}ws?program=checkers",
                                                 headers={"Origin": url.rstrip("/")})
                await socket.receive()
                await socket.send_str(json.dumps({"t": "key", "k": "ENTER"}))
                await asyncio.sleep(1.0)
                server.send_signal(signal.SIGTERM)
                async for _message in socket:
                    pass
                return socket.close_code
        assert asyncio.run(play_and_stop()) == CLOSE_SHUTDOWN
        assert server.wait(timeout=30) == 0
        assert server.stdout.read() == ""   # exactly one line, the address
    finally:
        server.kill()
        server.wait()
    assert (retro_home / "CHECKERS.SAV").is_file()


def test_another_host_prints_one_warning_line(retro_home: Path) -> None:
    server = _serve(retro_home, "--host", "0.0.0.0")
    try:
        assert server.stdout is not None and server.stderr is not None
        assert server.stdout.readline().startswith("http://0.0.0.0:")
        server.send_signal(signal.SIGINT)
        assert server.wait(timeout=30) == 0
        warning = server.stderr.read().splitlines()
        assert len(warning) == 1 and "anyone who can reach this address" in warning[0]
    finally:
        server.kill()
        server.wait()


def test_serve_help_and_bad_options(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli_main(["serve", "--help"]) == 0
    assert "usage: retro serve" in capsys.readouterr().out
    assert cli_main(["serve", "--port", "70000"]) == 2
    assert "--port 70000 is not a port number" in capsys.readouterr().err
    config = parse_args([])
    assert (config.host, config.port, config.max_sessions, config.idle_timeout) == \
        ("127.0.0.1", 8080, 16, IDLE_TIMEOUT_S)


def test_serve_takes_allowed_hosts_a_per_address_cap_and_a_header_timeout(
        capsys: pytest.CaptureFixture[str]) -> None:
    config = parse_args(["--host", "0.0.0.0", "--allow-host", "games.example.org",
                         "--allow-host", "10.0.0.5", "--max-per-address", "2",
                         "--header-timeout", "3"])
    assert config.allow_hosts == ("games.example.org", "10.0.0.5")
    assert (config.per_address, config.header_timeout) == (2, 3.0)
    for bad, words in ((["--allow-host", "x.org:80"], "--allow-host 'x.org:80' is not"),
                       (["--allow-host", "a b"], "is not a host name"),
                       (["--max-per-address", "0"], "--max-per-address takes"),
                       (["--header-timeout", "0"], "--header-timeout takes")):
        assert cli_main(["serve", *bad]) == 2
        assert words in capsys.readouterr().err.splitlines()[0]


def test_a_key_file_others_can_read_stops_the_server_with_one_line(retro_home: Path) -> None:
    from retro.web.server import KEY_FILE

    retro_home.mkdir(parents=True, exist_ok=True)
    (retro_home / KEY_FILE).write_bytes(b"k" * 32)
    (retro_home / KEY_FILE).chmod(0o644)
    server = _serve(retro_home, "--host", "0.0.0.0")
    out, err = server.communicate(timeout=60)
    assert server.returncode == 1 and out == ""
    lines = [line for line in err.splitlines() if "anyone who can reach" not in line]
    assert len(lines) == 1 and "can be read by other users" in lines[0], err
