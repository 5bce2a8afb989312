"""``retro capture --cast`` and ``--gif``: a terminal program's session as it came."""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
from PIL import Image

from retro.cli import main
from retro.pictures.raster import render_rgb
from retro.screenfiles.ansiread import ByteTerminalStream, TerminalModel, cells_to_screen
from retro.screenfiles.cast import read_cast
from retro.screenfiles.dump import from_text, to_text

DEMO = Path(__file__).with_name("curses_demo.py")
KEYS = 'a F1 wait:300 UP "hi" expect:"char i"'


def _capture(tmp_path: Path, *outputs: str) -> dict[str, Path]:
    paths = {kind: tmp_path / f"session.{kind}" for kind in ("txt", *outputs)}
    options = [part for kind, path in paths.items() for part in (f"--{kind}", str(path))]
    assert main(["capture", "--keys", KEYS, "--timeout", "30", *options, "--",
                 sys.executable, str(DEMO)]) == 0
    return paths


def test_a_capture_cast_fed_to_the_capture_screen_ends_on_its_txt_dump(tmp_path: Path) -> None:
    paths = _capture(tmp_path, "cast")
    header, events = read_cast(paths["cast"])
    assert (header["version"], header["width"], header["height"]) == (2, 80, 25)
    times = [t for t, _text in events]
    assert times == sorted(times) and len(events) >= 4
    model = TerminalModel(reply=lambda answer: None)
    stream = ByteTerminalStream(model)
    for _t, text in events:
        stream.feed_bytes(text.encode("utf-8"))
    assert to_text(cells_to_screen(model)) == paths["txt"].read_text(encoding="utf-8")


def test_a_capture_gif_ends_on_the_captured_screen_through_the_renderer(
        tmp_path: Path) -> None:
    paths = _capture(tmp_path, "gif")
    screen = from_text(paths["txt"].read_text(encoding="utf-8"))
    with Image.open(paths["gif"]) as image:
        assert image.n_frames >= 3   # type: ignore[attr-defined]
        image.seek(image.n_frames - 1)   # type: ignore[attr-defined]
        last = np.asarray(image.convert("RGB"))
    # The last frame is the final screen in the blink and cursor phases of its moment.
    looks = [render_rgb(screen, blink_on=blink, cursor_on=cursor)
             for blink in (True, False) for cursor in (True, False)]
    assert any(np.array_equal(last, look) for look in looks)


#: A program that draws, waits, and on the hang-up clears its screen and says goodbye.
GOODBYE = ("import signal, sys, time\n"
           "def bye(*args):\n"
           "    sys.stdout.write('\\x1b[2J\\x1b[Hgoodbye'); sys.stdout.flush(); sys.exit(0)\n"
           "signal.signal(signal.SIGHUP, bye)\n"
           "sys.stdout.write('\\x1b[2J\\x1b[3;5Hhello'); sys.stdout.flush()\n"
           "while True: time.sleep(1)\n")


def test_what_a_program_writes_as_it_quits_is_not_in_the_cast(tmp_path: Path) -> None:
    cast, txt = tmp_path / "bye.cast", tmp_path / "bye.txt"
    assert main(["capture", "--timeout", "30", "--cast", str(cast), "--txt", str(txt), "--",
                 sys.executable, "-c", GOODBYE]) == 0
    _header, events = read_cast(cast)
    assert "hello" in "".join(text for _t, text in events)
    assert "goodbye" not in "".join(text for _t, text in events)
