"""``pytest --golden-report DIR``: every failing screen as pictures a reviewer takes in at once.

For each failure the test writes three PNGs in the VGA font (the expected screen, the actual
one, and a difference picture: the actual screen with the unchanged cells dimmed and every
changed area outlined) and notes an entry; at the end of the run ``write_index`` writes
``DIR/index.html`` with the three pictures side by side and the diff lines under them.  The
page holds its pictures (as data URIs) and its style, so it is one file that works anywhere;
the PNG files stay beside it to open on their own.
"""

from __future__ import annotations

import base64
import hashlib
import html
import re
from pathlib import Path
from typing import Any

import numpy as np

from retro.pc.font import CELL_WIDTH
from retro.pc.screen import ROWS, Screen
from retro.pictures.png import encode_png
from retro.pictures.raster import render_rgb
from retro.screenfiles.dump import changed_cells, diff

#: The outline of changed cells: a red no VGA colour has, so it never blends in.
OUTLINE = (255, 0, 64)
#: Pixels of the outline's width.
OUTLINE_WIDTH = 2
#: How bright unchanged cells stay in the difference picture.
DIM = 0.3
_SLUG = re.compile(r"[^A-Za-z0-9_.-]+")


def difference_picture(expected: Screen, actual: Screen) -> np.ndarray:
    """The actual screen with the unchanged cells dimmed and the changed areas outlined."""
    rgb = render_rgb(actual, border_band=False).astype(np.float32)
    changed = changed_cells(expected, actual)
    cell_height = rgb.shape[0] // ROWS
    mask = np.repeat(np.repeat(changed, cell_height, axis=0), CELL_WIDTH, axis=1)
    rgb[~mask] *= DIM
    out = rgb.astype(np.uint8)
    height, width = out.shape[:2]
    padded = np.pad(changed, 1)
    w = OUTLINE_WIDTH
    for row, col in zip(*np.nonzero(changed), strict=True):
        top, left = row * cell_height, col * CELL_WIDTH
        bottom, right = top + cell_height, left + CELL_WIDTH
        # An edge is drawn only where the neighbour is unchanged (areas, not a grid), and
        # on the neighbour's side, over dimmed pixels, so it shows on any colour; at the
        # screen's edge it goes inside.
        across = slice(max(0, left - w), min(width, right + w))
        down = slice(max(0, top - w), min(height, bottom + w))
        if not padded[row, col + 1]:
            out[max(0, top - w):top or w, across] = OUTLINE
        if not padded[row + 2, col + 1]:
            out[bottom if bottom < height else bottom - w:bottom + w, across] = OUTLINE
        if not padded[row + 1, col]:
            out[down, max(0, left - w):left or w] = OUTLINE
        if not padded[row + 1, col + 2]:
            out[down, right if right < width else right - w:right + w] = OUTLINE
    return out


#: The endings of the pictures ``record_failure`` writes.
KINDS = ("expected", "actual", "difference")


def clear(folder: Path) -> None:
    """Delete the pictures an earlier run left in ``folder`` (nothing else), so the folder
    holds only this run's failures."""
    if folder.is_dir():
        for kind in KINDS:
            for picture in folder.glob(f"*.{kind}.png"):
                picture.unlink()


def _slug(test: str, golden: str) -> str:
    digest = hashlib.sha256(f"{test}\n{golden}".encode()).hexdigest()[:10]
    return f"{_SLUG.sub('_', test)[-80:].strip('_')}-{digest}"


def record_failure(folder: Path, test: str, golden: str, expected: Screen | None,
                   actual: Screen) -> dict[str, Any]:
    """Write the PNGs of one failing screen into ``folder``; returns its index entry.
    ``expected`` None: the golden file does not exist yet."""
    folder.mkdir(parents=True, exist_ok=True)
    slug = _slug(test, golden)
    pictures = {"actual": render_rgb(actual, border_band=False)}
    if expected is not None:
        pictures["expected"] = render_rgb(expected, border_band=False)
        pictures["difference"] = difference_picture(expected, actual)
    files = {}
    for kind, rgb in pictures.items():
        name = f"{slug}.{kind}.png"
        (folder / name).write_bytes(encode_png(rgb))
        files[kind] = name
    lines = diff(expected, actual) if expected is not None else [
        "no golden file yet: pytest --update-golden writes it"]
    return {"test": test, "golden": golden, "files": files, "lines": lines}


_STYLE = """
body { font-family: sans-serif; margin: 1.5em; background: #f4f4f4; color: #222; }
section { background: #fff; border: 1px solid #ccc; padding: 1em; margin-bottom: 2em; }
h2 { font-size: 1.1em; margin: 0 0 .3em; font-family: monospace; }
.pictures { display: flex; gap: 1em; flex-wrap: wrap; }
figure { margin: 0; flex: 1 1 30%; min-width: 240px; }
figure img { width: 100%; image-rendering: pixelated; border: 1px solid #888; }
figcaption { font-weight: bold; margin-bottom: .3em; }
pre { background: #111; color: #ddd; padding: .8em; overflow-x: auto; font-size: .85em; }
"""


def write_index(folder: Path, failures: list[dict[str, Any]], compared: int) -> Path:
    """Write ``folder/index.html`` for the failures of a run; returns its path."""
    folder.mkdir(parents=True, exist_ok=True)
    parts = [f"<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
             f"<title>Golden screens: {len(failures)} failing</title>"
             f"<style>{_STYLE}</style></head><body>",
             f"<h1>Golden screens: {len(failures)} failing of {compared} compared</h1>"]
    if not failures:
        parts.append("<p>Every screen matched its golden file.</p>")
    for entry in sorted(failures, key=lambda e: (e["test"], e["golden"])):
        parts.append(f"<section><h2>{html.escape(entry['test'])}</h2>"
                     f"<p>{html.escape(entry['golden'])}</p><div class=\"pictures\">")
        for kind in KINDS:
            name = entry["files"].get(kind)
            if name is None:
                continue
            data = base64.b64encode((folder / name).read_bytes()).decode("ascii")
            parts.append(f"<figure><figcaption>{kind.capitalize()}</figcaption>"
                         f"<a href=\"{html.escape(name)}\"><img alt=\"{kind} screen\" "
                         f"src=\"data:image/png;base64,{data}\"></a></figure>")
        parts.append("</div><pre>" + html.escape("\n".join(entry["lines"])) + "</pre></section>")
    parts.append("</body></html>\n")
    index = folder / "index.html"
    index.write_text("\n".join(parts), encoding="utf-8")
    return index

