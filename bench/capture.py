"""What a capture costs beyond the waiting: `retro.capture` of a static screen, of a program
that prints nothing and waits for a key, of `true`, and the terminal model's rate beside pyte's.

Prints `capture_s` (median wall time of a capture of a program that draws one full screen and
waits), `settle_s` (the quiet time the capture waits for by design, the floor), `overhead_s`
(the difference: starting the program on a pty, reading, mapping the cells, hanging up);
`silent_start_s` (a capture of `sh -c 'read x'`, which prints nothing: the settle time, not
the timeout) and `true_s` (a capture of `true`, collected as it ends), both with the default
settle and a 10 s timeout, targets under 1 s; then `model_mb_per_s` and `pyte_mb_per_s`, the
rates at which retro's terminal model and plain pyte (``pyte.Screen`` and ``pyte.Stream``)
read a full-screen ANSI stream (retro's own frames of charmap's attribute page, colours on
every cell), and `model_text_mb_per_s` and `pyte_text_mb_per_s` for plain lines of text (what
`ls` or a log prints; every character goes through the model's `draw`).
"""

from __future__ import annotations

import statistics
import sys
import time

import pyte

from retro.capture import DEFAULT_SETTLE_MS, capture
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


def command_seconds(command: list[str], runs: int) -> float:
    """The median wall time of a capture of ``command`` with the defaults."""
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        result = capture(command)
        times.append(time.perf_counter() - start)
        assert result.ok, result.failure
    return statistics.median(times)


def mb_per_s(text: str, megabytes: float, *, plain_pyte: bool) -> float:
    """The rate at which a model reads ``text`` fed again and again."""
    frames = max(1, int(megabytes * 1e6 / len(text)))
    if plain_pyte:
        stream: pyte.Stream = pyte.Stream(pyte.Screen(80, 25))
    else:
        stream = TerminalStream(TerminalModel())
    start = time.perf_counter()
    for _ in range(frames):
        stream.feed(text)
    return frames * len(text.encode()) / 1e6 / (time.perf_counter() - start)


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
    print(f"default_settle_s = {DEFAULT_SETTLE_MS / 1000:.3f}")
    print(f"silent_start_s = {command_seconds(['sh', '-c', 'read x'], runs):.3f}")
    print(f"true_s = {command_seconds(['true'], runs):.3f}")
    megabytes = 0.5 if quick else 4.0
    frame = encode_full(run("charmap", keys="PGDN").screen, colors="16").decode()
    text = "".join(f"line {n}: the quick brown fox jumps over the lazy dog\r\n"
                   for n in range(2000))
    print(f"model_mb_per_s = {mb_per_s(frame, megabytes, plain_pyte=False):.2f}")
    print(f"pyte_mb_per_s = {mb_per_s(frame, megabytes, plain_pyte=True):.2f}")
    print(f"model_text_mb_per_s = {mb_per_s(text, megabytes, plain_pyte=False):.2f}")
    print(f"pyte_text_mb_per_s = {mb_per_s(text, megabytes, plain_pyte=True):.2f}")


if __name__ == "__main__":
    main()
