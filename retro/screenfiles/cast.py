"""asciicast v2 files: a terminal session as timed output, as asciinema records and plays it.

The first line is a JSON header (``version`` 2, ``width`` 80, ``height`` 25); each line after
it is one event, ``[seconds, "o", text]``: the text the terminal received at that moment.
``CastWriter`` writes them as they come; ``read_cast`` reads a file back.  No wall-clock
``timestamp`` is written, so the same session gives the same bytes.
"""

from __future__ import annotations

import codecs
import json
from pathlib import Path
from typing import IO, Any

from retro.pc.screen import COLS, ROWS

#: Digits of the event times (microseconds, as asciinema writes them).
TIME_DIGITS = 6


class CastWriter:
    """Writes an asciicast v2 file event by event; ``output`` takes the terminal's bytes."""

    def __init__(self, path: Path, *, idle_time_limit: float | None = None,
                 term: str = "xterm-256color") -> None:
        header: dict[str, Any] = {"version": 2, "width": COLS, "height": ROWS}
        if idle_time_limit is not None:
            header["idle_time_limit"] = idle_time_limit
        header["env"] = {"TERM": term}
        self._file: IO[str] = path.open("w", encoding="utf-8", newline="\n")
        self._file.write(json.dumps(header) + "\n")
        # Output read in pieces may split a character: the decoder keeps the part.
        self._decoder = codecs.getincrementaldecoder("utf-8")(errors="replace")
        self.events = 0

    def output(self, t: float, data: bytes) -> None:
        """The terminal got ``data`` at ``t`` seconds from the start."""
        text = self._decoder.decode(data)
        if text:
            event = [round(t, TIME_DIGITS), "o", text]
            self._file.write(json.dumps(event, ensure_ascii=False) + "\n")
            self.events += 1

    def close(self) -> None:
        self._file.close()


def read_cast(path: Path) -> tuple[dict[str, Any], list[tuple[float, str]]]:
    """A cast's header and its output events as (seconds, text)."""
    lines = path.read_text(encoding="utf-8").splitlines()
    header = json.loads(lines[0])
    if not isinstance(header, dict) or header.get("version") != 2:
        raise ValueError(f"{path}: not an asciicast v2 file")
    events = []
    for line in lines[1:]:
        if line.strip():
            t, kind, text = json.loads(line)
            if kind == "o":
                events.append((float(t), text))
    return header, events
