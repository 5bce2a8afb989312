"""Start-up cost: `retro --version` wall time and whether `import retro` pulls in pygame.

Prints `version_s` (median of N runs of the installed command, or `python -m retro.cli`
when it is not on PATH), `python_s` (a bare interpreter start, the floor, measured in the same
run) and `import_pulls_pygame`.
"""

from __future__ import annotations

import shutil
import statistics
import subprocess
import sys
import time


def _median_seconds(argv: list[str], runs: int) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(argv, check=True, capture_output=True)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> None:
    runs = 5 if "--quick" in sys.argv else 21
    command = [shutil.which("retro") or "", "--version"]
    if not command[0]:
        command = [sys.executable, "-m", "retro.cli", "--version"]
    print(f"runs = {runs}")
    print(f"version_s = {_median_seconds(command, runs):.3f}")
    print(f"python_s = {_median_seconds([sys.executable, '-c', 'pass'], runs):.3f}")
    probe = "import sys, retro, retro.cli, retro.frontends.script; print('pygame' in sys.modules)"
    pulled = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True)
    print(f"import_pulls_pygame = {pulled.stdout.strip()}")


if __name__ == "__main__":
    main()
