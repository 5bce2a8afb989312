"""What the browser tests share: the system's Chromium, and ``retro serve`` run as a user
runs it (a process of its own on a free port)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                 "--no-first-run", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync"]


def start_server(home: Path, *options: str) -> tuple[subprocess.Popen[str], str]:
    """``retro serve --port 0 OPTIONS`` with its data in ``home``; the process and its address."""
    env = dict(os.environ, RETRO_HOME=str(home))
    process = subprocess.Popen([sys.executable, "-m", "retro.cli", "serve", "--port", "0",
                                *options], stdout=subprocess.PIPE, text=True, env=env)
    assert process.stdout is not None
    return process, process.stdout.readline().strip()


def stop_server(process: subprocess.Popen[str]) -> None:
    process.send_signal(signal.SIGTERM)
    try:
        process.wait(timeout=30)
    finally:
        process.kill()
