"""`retro serve` under load: N WebSocket clients playing demo games against one server.

Each client opens Sixty-Six in its own session, turns the demo on (F2: the computer plays
both hands, with its delays, animations and sounds) and, at a player's pace, presses Up and
Down, which change the speed shown on the bottom line.  The latency of a key is the time
from sending it to the first frame that changes those cells.

Prints `sessions`, `latency_ms_median`, `latency_ms_p95`, `cpu_per_session` (CPU seconds of
the server and its session processes per session per second of play: the share of one core
a session takes), `headless_frame_ms` (the same keys in a headless run, per key: the time a
machine takes to answer one with no server, pipe or socket between; the baseline), the
machine's `cores` and its 1-minute `load_before` and `load_after` (the machine may be shared).

Then, for a card game (Sixty-Six) and for checkers, one tab each left alone once its screen
is still: `idle_cpu_GAME`, the share of one core its session process takes while it waits
for a key (the target is under 0.001, a tenth of a percent; measured once the work it
started in the background, such as checkers loading its search, is over), and `rss_mb_GAME`,
the memory of that process (resident set, MB): what each more session costs.

    python bench/serve.py [--quick] [--sessions N] [--keys K] [--idle-seconds S]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import aiohttp

#: The bottom line's speed figure ("Speed  1.0") in Sixty-Six: row 24, columns 70-79.
SPEED_CELLS = range(24 * 80 + 70, 24 * 80 + 80)
GAME = "program=sixtysix&letters=*"
#: The games whose idle session is measured: a card game and checkers.
IDLE_GAMES = {"sixtysix": "program=sixtysix&letters=*&seed=1",
              "checkers": "program=checkers&seed=1"}
#: A screen with no frame for this long is still: the program waits for a key.
STILL_S = 3.0
#: At most this many seconds for a still session's background work to end.
SETTLE_S = 120


def _cpu_seconds(pid: int) -> float:
    """CPU time (user + system) of a process and its live children, from /proc."""
    tick = os.sysconf("SC_CLK_TCK")
    total = 0.0
    pids = [pid]
    try:
        for task in Path(f"/proc/{pid}/task").iterdir():
            pids += [int(p) for p in (task / "children").read_text().split()]
    except OSError:
        pass
    for each in pids:
        try:
            fields = Path(f"/proc/{each}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += (int(fields[11]) + int(fields[12])) / tick
    return total


def _children(pid: int) -> set[int]:
    found: set[int] = set()
    try:
        for task in Path(f"/proc/{pid}/task").iterdir():
            found |= {int(p) for p in (task / "children").read_text().split()}
    except OSError:
        pass
    return found


def _rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


async def idle_session(url: str, server_pid: int, query: str, seconds: float
                       ) -> tuple[float, float]:
    """(share of a core, resident MB) of one session process left alone on ``query``."""
    before = _children(server_pid)
    async with aiohttp.ClientSession() as http:
        socket = await http.ws_connect(f"{url}ws?{query}", headers={"Origin": url.rstrip("/")},
                                       max_msg_size=0)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:   # until no frame has come for STILL_S
            try:
                message = await socket.receive(timeout=STILL_S)
            except TimeoutError:
                break
            if message.type != aiohttp.WSMsgType.TEXT:
                raise RuntimeError(f"the {query} session closed: {message.extra}")
        (pid,) = _children(server_pid) - before
        # Work the program started in the background settles first (checkers loads its
        # compiled search in a thread while the player looks at the board).
        for _ in range(SETTLE_S):
            cpu = _cpu_seconds(pid)
            await asyncio.sleep(1.0)
            if _cpu_seconds(pid) == cpu:
                break
        cpu = _cpu_seconds(pid)
        await asyncio.sleep(seconds)
        share = (_cpu_seconds(pid) - cpu) / seconds
        rss = _rss_mb(pid)
        await socket.close()
    return share, rss


def _speed(screen: dict[int, int], data: dict) -> str:  # type: ignore[type-arg]
    """Apply a frame's cells to ``screen``; the speed figure it shows now."""
    cells = data["cells"]
    for i in range(0, len(cells), 3):
        screen[cells[i]] = cells[i + 1]
    return bytes(screen.get(i, 32) for i in SPEED_CELLS).decode("cp437")


async def _play(url: str, number: int, keys: int, latencies: list[float],
                started: asyncio.Barrier, done: asyncio.Barrier) -> None:
    async with aiohttp.ClientSession() as http:
        socket = await http.ws_connect(f"{url}ws?{GAME}&seed={number}",
                                       headers={"Origin": url.rstrip("/")},
                                       max_msg_size=0)
        screen: dict[int, int] = {}

        async def until_speed(wanted: str | None) -> str:
            """Read frames until the speed figure is ``wanted`` (None: differs from now)."""
            now = bytes(screen.get(i, 32) for i in SPEED_CELLS).decode("cp437")
            while True:
                message = await socket.receive(timeout=60)
                if message.type != aiohttp.WSMsgType.TEXT:
                    raise RuntimeError(f"session {number} closed: {message.extra}")
                data = json.loads(message.data)
                if data["t"] == "frame":
                    shown = _speed(screen, data)
                    if shown.strip() and (shown == wanted or (wanted is None and shown != now)):
                        return shown

        await until_speed(None)   # the first frame
        await socket.send_str(json.dumps({"t": "key", "k": "F2"}))   # demo on
        await started.wait()
        pace = random.Random(number)
        figures = [bytes(screen.get(i, 32) for i in SPEED_CELLS).decode("cp437"), None]
        for n in range(keys):
            await asyncio.sleep(pace.uniform(0.15, 0.45))
            sent = time.perf_counter()
            await socket.send_str(json.dumps({"t": "key", "k": "UP" if n % 2 == 0 else "DOWN"}))
            # Up shows the second figure, Down the first again: a frame sent before the
            # key (the demo's own) never shows the figure the key asks for.
            figures[1 - n % 2] = await until_speed(figures[1 - n % 2])
            latencies.append(time.perf_counter() - sent)
        await done.wait()
        await socket.close()


def headless_key_ms(keys: int) -> float:
    """Milliseconds a headless machine takes per key of the same probe (Up/Down in
    Sixty-Six), the changed cells included: the work of a key with no server between."""
    from retro.frontends.script import drive, parse, run
    from retro.programs import find
    from retro.web.session import Channel, WebFrontend

    result = run(find("sixtysix"), letters="*", seed=0, keys="", stop_at_end=True)
    assert result.driver is not None
    frontend = WebFrontend(Channel(-1, -1))
    frontend.frame(result.machine)
    times = []
    for n in range(keys):
        start = time.perf_counter()
        drive(result.machine, result.driver, parse("UP" if n % 2 == 0 else "DOWN"), 600_000,
              True, None)
        frontend.frame(result.machine)
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


async def bench(sessions: int, keys: int, idle_seconds: float) -> dict[str, str]:
    home = tempfile.mkdtemp(prefix="retro-serve-bench-")
    env = dict(os.environ, RETRO_HOME=home, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    server = subprocess.Popen([sys.executable, "-m", "retro.cli", "serve", "--port", "0",
                               "--max-sessions", str(sessions + len(IDLE_GAMES))],
                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
                              env=env)
    assert server.stdout is not None
    url = server.stdout.readline().strip()
    latencies: list[float] = []
    load_before = os.getloadavg()[0]
    started, done = asyncio.Barrier(sessions + 1), asyncio.Barrier(sessions + 1)
    try:
        players = [asyncio.ensure_future(_play(url, n, keys, latencies, started, done))
                   for n in range(sessions)]
        await started.wait()   # every session open and in its demo: measure from here
        cpu_start, wall_start = _cpu_seconds(server.pid), time.perf_counter()
        await done.wait()      # every key answered, no session closed yet
        cpu = _cpu_seconds(server.pid) - cpu_start
        wall = time.perf_counter() - wall_start
        await asyncio.gather(*players)
        for _ in range(600):   # the played sessions save and end first
            if not _children(server.pid):
                break
            await asyncio.sleep(0.1)
        idle = {name: await idle_session(url, server.pid, query, idle_seconds)
                for name, query in IDLE_GAMES.items()}
    finally:
        server.terminate()
        server.wait(timeout=60)
    ordered = sorted(latencies)
    p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
    return {
        "sessions": str(sessions),
        "keys": str(len(latencies)),
        "latency_ms_median": f"{statistics.median(ordered) * 1000:.1f}",
        "latency_ms_p95": f"{p95 * 1000:.1f}",
        "cpu_per_session": f"{cpu / sessions / wall:.3f}",
        "headless_frame_ms": f"{headless_key_ms(40):.3f}",
        **{f"idle_cpu_{name}": f"{share:.5f}" for name, (share, _rss) in idle.items()},
        **{f"rss_mb_{name}": f"{rss:.1f}" for name, (_share, rss) in idle.items()},
        "cores": str(os.cpu_count()),
        "load_before": f"{load_before:.2f}",
        "load_after": f"{os.getloadavg()[0]:.2f}",
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="4 sessions, 20 keys each")
    parser.add_argument("--sessions", type=int)
    parser.add_argument("--keys", type=int, help="keys each client presses")
    parser.add_argument("--idle-seconds", type=float,
                        help="how long each idle session is measured (default 30, 10 --quick)")
    ns = parser.parse_args()
    sessions = ns.sessions or (4 if ns.quick else 16)
    keys = ns.keys or (20 if ns.quick else 100)
    idle_seconds = ns.idle_seconds or (10.0 if ns.quick else 30.0)
    for name, value in asyncio.run(bench(sessions, keys, idle_seconds)).items():
        print(f"{name} = {value}")


if __name__ == "__main__":
    main()
