"""The standard-library PNG reader and writer."""

from __future__ import annotations

import struct
import zlib
from pathlib import Path

import numpy as np
import pytest

from retro.pictures.png import PngError, decode_png, encode_png, read_png, write_png


def _paeth(a: int, b: int, c: int) -> int:
    p = a + b - c
    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
    return a if pa <= pb and pa <= pc else (b if pb <= pc else c)


def _encode_filtered(rgb: np.ndarray, filters: list[int]) -> bytes:
    """An independent, slow PNG encoder that uses the given filter on each row."""
    height, width, _ = rgb.shape
    rows = rgb.reshape(height, width * 3).astype(int)
    out = bytearray()
    for y in range(height):
        kind = filters[y % len(filters)]
        out.append(kind)
        for x in range(width * 3):
            a = rows[y, x - 3] if x >= 3 else 0
            b = rows[y - 1, x] if y else 0
            c = rows[y - 1, x - 3] if y and x >= 3 else 0
            pred = [0, a, b, (a + b) // 2, _paeth(a, b, c)][kind]
            out.append((rows[y, x] - pred) & 0xFF)

    def chunk(kind: bytes, body: bytes) -> bytes:
        crc = struct.pack(">I", zlib.crc32(kind + body))
        return struct.pack(">I", len(body)) + kind + body + crc

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
            + chunk(b"IDAT", zlib.compress(bytes(out))) + chunk(b"IEND", b""))


def _image(seed: int, height: int = 9, width: int = 13) -> np.ndarray:
    return np.random.default_rng(seed).integers(0, 256, (height, width, 3), dtype=np.uint8)


def test_write_then_read_gives_the_same_pixels(tmp_path: Path) -> None:
    image = _image(1, 37, 53)
    write_png(tmp_path / "x.png", image)
    assert np.array_equal(read_png(tmp_path / "x.png"), image)


@pytest.mark.parametrize("filters", [[0], [1], [2], [3], [4], [0, 1, 2, 3, 4]])
def test_every_row_filter_decodes(filters: list[int]) -> None:
    image = _image(len(filters) * 10 + filters[0])
    assert np.array_equal(decode_png(_encode_filtered(image, filters)), image)


def test_written_png_opens_in_pygame(tmp_path: Path) -> None:
    pygame = pytest.importorskip("pygame")
    image = _image(2, 20, 30)
    write_png(tmp_path / "x.png", image)
    loaded = pygame.surfarray.array3d(pygame.image.load(str(tmp_path / "x.png")))
    assert np.array_equal(loaded.transpose(1, 0, 2), image)


def test_reads_dosbox_rgb_and_paletted_screenshots(reference: Path) -> None:
    rgb = read_png(reference / "dosbox" / "cp437-chart.png")
    paletted = read_png(reference / "dosbox" / "cp437-chart.svga_s3.png")
    assert rgb.shape == (400, 720, 3)
    assert paletted.shape == (400, 640, 3)
    # Same text in both: light grey (AA or AD red) on black, white on blue in the right half.
    assert {tuple(c) for c in paletted.reshape(-1, 3)} >= {(0, 0, 0), (0xAA, 0xAA, 0xAA)}
    assert (0xAD, 0xAA, 0xAD) in {tuple(c) for c in rgb.reshape(-1, 3)}


def test_not_a_png_is_an_error() -> None:
    with pytest.raises(PngError, match="signature"):
        decode_png(b"GIF89a....")


def test_encoder_rejects_wrong_shapes() -> None:
    with pytest.raises(ValueError, match="uint8"):
        encode_png(np.zeros((4, 4), dtype=np.uint8))
