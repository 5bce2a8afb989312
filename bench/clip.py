"""What filming a run costs: `retro run --gif` beside the plain headless run, in one process.

For a Yucky demo (the computer plays both seats) and a checkers game (the computer plays
both sides), each case is run twice with the same seed and keys: plain, and filmed into a
GIF (``retro.frontends.camera``).  Prints per case: `machine_s` (machine time of the run),
`plain_s` and `clip_s` (wall time of the two runs), `clip_cpu_s` and `plain_cpu_s` (their
CPU time: the machine may be shared), `filming_s` and `filming_cpu_s` (the wall and CPU
time spent inside the camera: taking the pictures and encoding them), `machine_s_per_wall_s`
(machine seconds filmed per wall second of the filmed run, the game's own work included),
`encode_rate` and `encode_rate_cpu` (machine seconds filmed per second of filming alone, wall
and CPU), `frames`, `bytes` and
`bytes_per_minute` (the GIF's size per minute of machine time).  The goal: a minute of Yucky
demo under 1 MB, and the filming at least 20 times faster than real time.  First
`warmup_s`: the renderer draws its tile tables once per process (a short clip of charmap).
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

from retro.frontends.camera import Camera, ClipOutputs
from retro.frontends.script import run
from retro.pc.machine import Machine

#: (name, program, letters, keys at full length, keys for --quick)
CASES = [
    ("yucky_demo", "yucky", "*", "F2 wait:60000", "F2 wait:20000"),
    ("checkers_game", "checkers", "*", "ENTER F4 wait:60000", "ENTER F4 wait:20000"),
]


class TimedCamera:
    """A camera that counts the wall time spent inside it."""

    def __init__(self, camera: Camera) -> None:
        self.camera = camera
        self.seconds = 0.0
        self.cpu_seconds = 0.0

    def watch(self, machine: Machine, t0: float, t1: float) -> None:
        start, cpu = time.perf_counter(), time.process_time()
        self.camera.watch(machine, t0, t1)
        self.seconds += time.perf_counter() - start
        self.cpu_seconds += time.process_time() - cpu

    def finish(self, machine: Machine) -> None:
        start, cpu = time.perf_counter(), time.process_time()
        self.camera.finish(machine)
        self.seconds += time.perf_counter() - start
        self.cpu_seconds += time.process_time() - cpu


def timed(program: str, letters: str, keys: str, home: str,
          camera: TimedCamera | None) -> tuple[float, float, float]:
    """(wall s, cpu s, machine s) of one run (filmed when ``camera`` is given)."""
    wall, cpu = time.perf_counter(), time.process_time()
    result = run(program, seed=1, letters=letters, keys=keys, home=home, stop_at_end=True,
                 watch=None if camera is None else camera.watch)
    if camera is not None:
        camera.finish(result.machine)
    return time.perf_counter() - wall, time.process_time() - cpu, result.machine.now()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="20 s of machine time a case")
    ns = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        start = time.perf_counter()
        timed("charmap", "", "2 wait:500", f"{folder}/warmup",
              TimedCamera(Camera(ClipOutputs(gif=Path(folder) / "warmup.gif"))))
        print(f"warmup_s = {time.perf_counter() - start:.2f}")
        for name, program, letters, keys, quick in CASES:
            script = quick if ns.quick else keys
            plain = timed(program, letters, script, f"{folder}/{name}-plain", None)
            out = Path(folder) / f"{name}.gif"
            camera = TimedCamera(Camera(ClipOutputs(gif=out)))
            clip = timed(program, letters, script, f"{folder}/{name}-clip", camera)
            film = camera.camera.film
            assert film is not None
            machine_s = clip[2]
            size = out.stat().st_size
            print(f"{name}.machine_s = {machine_s:.2f}")
            print(f"{name}.plain_s = {plain[0]:.2f}")
            print(f"{name}.clip_s = {clip[0]:.2f}")
            print(f"{name}.plain_cpu_s = {plain[1]:.2f}")
            print(f"{name}.clip_cpu_s = {clip[1]:.2f}")
            print(f"{name}.filming_s = {camera.seconds:.2f}")
            print(f"{name}.filming_cpu_s = {camera.cpu_seconds:.2f}")
            print(f"{name}.machine_s_per_wall_s = {machine_s / clip[0]:.1f}")
            print(f"{name}.encode_rate = {machine_s / camera.seconds:.0f}")
            print(f"{name}.encode_rate_cpu = {machine_s / camera.cpu_seconds:.0f}")
            print(f"{name}.frames = {film.frames}")
            print(f"{name}.bytes = {size}")
            print(f"{name}.bytes_per_minute = {size * 60 / machine_s:.0f}")


if __name__ == "__main__":
    main()
