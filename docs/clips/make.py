"""The README's moving pictures: every ``NAME.keys`` key script here, filmed as ``NAME.gif``.

    python docs/clips/make.py            write every clip (on purpose, as goldens are)
    python docs/clips/make.py yucky      only that one
    python docs/clips/make.py --check    exit 1 naming each clip its script no longer makes

Each script is a recording (its first line names the program, letters and seed) played by
``retro run --keys-file NAME.keys --gif NAME.gif`` in an empty save folder, so a clip never
depends on what was played before; pauses longer than ``IDLE_CAP`` are shortened.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

from retro.cli import main as retro

HERE = Path(__file__).resolve().parent
IDLE_CAP = "2s"


def make(keys: Path, out: Path) -> None:
    with tempfile.TemporaryDirectory(prefix="retro-clip-") as home:
        os.environ["RETRO_HOME"] = home
        status = retro(["run", "--keys-file", str(keys), "--gif", str(out),
                        "--idle-cap", IDLE_CAP])
    if status != 0:
        raise SystemExit(f"{keys.name}: retro run ended with status {status}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("names", nargs="*", help="clips to make (default: all)")
    parser.add_argument("--check", action="store_true",
                        help="compare with the clips here instead of writing them")
    ns = parser.parse_args()
    scripts = sorted(HERE.glob("*.keys"))
    if ns.names:
        scripts = [s for s in scripts if s.stem in ns.names]
    stale = []
    for keys in scripts:
        gif = keys.with_suffix(".gif")
        if ns.check:
            with tempfile.TemporaryDirectory() as folder:
                fresh = Path(folder) / gif.name
                make(keys, fresh)
                if not gif.exists() or fresh.read_bytes() != gif.read_bytes():
                    stale.append(gif.name)
        else:
            make(keys, gif)
            print(f"{gif.relative_to(HERE.parent.parent)}: {gif.stat().st_size:,} bytes")
    for name in stale:
        print(f"{name} is not what its key script makes: run python docs/clips/make.py",
              file=sys.stderr)
    return 1 if stale else 0


if __name__ == "__main__":
    raise SystemExit(main())
