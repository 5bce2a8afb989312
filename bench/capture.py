"""What a capture costs beyond the waiting: `retro.capture` of a static screen, and pyte's rate.

Prints `capture_s` (median wall time of a capture of a program that draws one full screen and
waits), `settle_s` (the quiet time the capture waits for by design, the floor), `overhead_s`
(the difference: starting the program on a pty, reading, mapping the cells, hanging up), then
`pyte_mb_per_s`, the rate at which the terminal model reads a full-screen ANSI stream (retro's
own frames of charmap's attribute page, colours on every cell).
"""

from __future__ import annotations

import statistics
import sys
import time

from retro.capture import capture
from retro.frontends.script import run
from retro.screenfiles.ansi import encode_full
from retro.screenfiles.ansiread import TerminalModel, TerminalStream

SETTLE_MS = 150
#: A program that draws a full 80x25 screen of coloured text at once, then waits.
STATIC = ("import sys\n"
          "rows = ''.join(f'\\x1b[{r + 1};1H\\x1b[3{r % 8}m' + chr(65 + r) * 80\n"
          "               for r in range(25))\n"
          "sys.stdout.write('\\x1b[2J' + rows); sys.stdout.flush(); sys.stdin.read()")


def capture_seconds(runs: int) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        result = capture([sys.executable, "-c", STATIC], settle_ms=SETTLE_MS, timeout_s=60)
        times.append(time.perf_counter() - start)
        assert result.ok and result.screen.read(24) == "Y" * 80, result.failure
    return statistics.median(times)


def python_start_seconds(runs: int) -> float:
    import subprocess

    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run([sys.executable, "-c", "pass"], check=True)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def pyte_mb_per_s(megabytes: float) -> float:
    frame = encode_full(run("charmap", keys="PGDN").screen, colors="16").decode()
    frames = max(1, int(megabytes * 1e6 / len(frame)))
    stream = TerminalStream(TerminalModel())
    start = time.perf_counter()
    for _ in range(frames):
        stream.feed(frame)
    return frames * len(frame.encode()) / 1e6 / (time.perf_counter() - start)


def main() -> None:
    quick = "--quick" in sys.argv
    runs = 3 if quick else 11
    seconds = capture_seconds(runs)
    settle = SETTLE_MS / 1000
    print(f"runs = {runs}")
    print(f"capture_s = {seconds:.3f}")
    print(f"settle_s = {settle:.3f}")
    print(f"overhead_s = {seconds - settle:.3f}")
    print(f"python_start_s = {python_start_seconds(runs):.3f}")
    print(f"pyte_mb_per_s = {pyte_mb_per_s(0.5 if quick else 4.0):.2f}")


if __name__ == "__main__":
    main()
