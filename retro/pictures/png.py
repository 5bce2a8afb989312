"""PNG files with the standard library only (zlib + struct) and numpy.

``write_png`` writes 8-bit RGB.  ``read_png`` reads the non-interlaced PNGs this project
meets: 8-bit grey, RGB, grey+alpha and RGBA, and paletted or grey images of 1, 2, 4 or 8
bits per pixel (DOSBox writes 24-bit RGB for ``machine=vgaonly`` and 8-bit paletted images
for ``svga_s3``); alpha is dropped.  Anything else raises ``PngError``.
"""

from __future__ import annotations

import struct
import zlib
from os import PathLike

import numpy as np

SIGNATURE = b"\x89PNG\r\n\x1a\n"

# colour type -> samples per pixel
_CHANNELS = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}


class PngError(ValueError):
    """A file that is not a PNG this reader understands."""


def _chunk(kind: bytes, body: bytes) -> bytes:
    crc = zlib.crc32(kind + body) & 0xFFFFFFFF
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", crc)


def encode_png(rgb: np.ndarray) -> bytes:
    """The bytes of an 8-bit RGB PNG of ``rgb`` (shape (H, W, 3), uint8)."""
    image = np.asarray(rgb)
    if image.ndim != 3 or image.shape[2] != 3 or image.dtype != np.uint8:
        raise ValueError(f"need an (H, W, 3) uint8 array, got {image.shape} {image.dtype}")
    height, width = image.shape[:2]
    rows = np.empty((height, 1 + width * 3), dtype=np.uint8)
    rows[:, 0] = 0  # filter type None: text screens compress well enough without
    rows[:, 1:] = image.reshape(height, width * 3)
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (SIGNATURE + _chunk(b"IHDR", header)
            + _chunk(b"IDAT", zlib.compress(rows.tobytes(), 6)) + _chunk(b"IEND", b""))


def write_png(path: str | PathLike[str], rgb: np.ndarray) -> None:
    """Write ``rgb`` (H, W, 3) uint8 as an 8-bit RGB PNG."""
    data = encode_png(rgb)
    with open(path, "wb") as handle:
        handle.write(data)


def read_png(path: str | PathLike[str]) -> np.ndarray:
    """Read a PNG file as an (H, W, 3) uint8 RGB array."""
    with open(path, "rb") as handle:
        return decode_png(handle.read())


def decode_png(data: bytes) -> np.ndarray:
    """Decode PNG bytes to an (H, W, 3) uint8 RGB array."""
    if not data.startswith(SIGNATURE):
        raise PngError("not a PNG file (bad signature)")
    pos = len(SIGNATURE)
    header: tuple[int, ...] | None = None
    palette: np.ndarray | None = None
    idat: list[bytes] = []
    while pos + 8 <= len(data):
        (length,) = struct.unpack(">I", data[pos : pos + 4])
        kind = data[pos + 4 : pos + 8]
        body = data[pos + 8 : pos + 8 + length]
        if len(body) != length:
            raise PngError(f"chunk {kind!r} is cut short")
        pos += 12 + length
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"PLTE":
            palette = np.frombuffer(body, dtype=np.uint8).reshape(-1, 3)
        elif kind == b"IDAT":
            idat.append(body)
        elif kind == b"IEND":
            break
    if header is None:
        raise PngError("no IHDR chunk")
    width, height, depth, colour, _compression, _filter, interlace = header
    if colour not in _CHANNELS:
        raise PngError(f"unknown colour type {colour}")
    if interlace:
        raise PngError("interlaced PNGs are not supported")
    channels = _CHANNELS[colour]
    if depth != 8 and not (colour in (0, 3) and depth in (1, 2, 4)):
        raise PngError(f"bit depth {depth} with colour type {colour} is not supported")
    try:
        raw = zlib.decompress(b"".join(idat))
    except zlib.error as exc:
        raise PngError(f"bad image data: {exc}") from exc
    row_bytes = (width * channels * depth + 7) // 8
    bpp = max(1, channels * depth // 8)
    if len(raw) < height * (row_bytes + 1):
        raise PngError("image data is shorter than the header says")
    rows = _unfilter(raw, width=row_bytes, height=height, bpp=bpp)
    if depth < 8:
        bits = np.unpackbits(rows, axis=1).reshape(height, -1, depth)[:, :width]
        weights = (1 << np.arange(depth - 1, -1, -1)).astype(np.uint8)
        samples = (bits * weights).sum(axis=2).astype(np.uint8)
        if colour == 0:
            samples = (samples.astype(np.uint16) * 255 // ((1 << depth) - 1)).astype(np.uint8)
    else:
        samples = rows.reshape(height, width, channels)
    if colour == 3:
        if palette is None:
            raise PngError("paletted image without a PLTE chunk")
        index = samples.reshape(height, width)
        if int(index.max(initial=0)) >= len(palette):
            raise PngError("pixel index beyond the palette")
        return palette[index]
    if colour in (0, 4):
        grey = samples.reshape(height, width, -1)[:, :, 0]
        return np.repeat(grey[:, :, None], 3, axis=2)
    return np.ascontiguousarray(samples[:, :, :3])


def _unfilter(raw: bytes, *, width: int, height: int, bpp: int) -> np.ndarray:
    """Undo PNG's per-row filters; numpy for None/Sub/Up, a byte loop for Average/Paeth."""
    stride = width + 1
    out = np.zeros((height, width), dtype=np.uint8)
    prior = np.zeros(width, dtype=np.uint8)
    for y in range(height):
        kind = raw[y * stride]
        line = np.frombuffer(raw, dtype=np.uint8, count=width, offset=y * stride + 1)
        if kind == 0:
            row = line.copy()
        elif kind == 1:
            # Sub: each byte adds the one bpp to the left, so a running sum per channel.
            padded = np.zeros(-(-width // bpp) * bpp, dtype=np.uint8)
            padded[:width] = line
            row = np.cumsum(padded.reshape(-1, bpp), axis=0, dtype=np.uint8).reshape(-1)[:width]
        elif kind == 2:
            row = line + prior
        elif kind in (3, 4):
            row = np.frombuffer(_unfilter_slow(kind, line.tobytes(), prior.tobytes(), bpp),
                                dtype=np.uint8)
        else:
            raise PngError(f"unknown filter type {kind} on row {y}")
        out[y] = row
        prior = out[y]
    return out


def _unfilter_slow(kind: int, line: bytes, prior: bytes, bpp: int) -> bytes:
    row = bytearray(line)
    if kind == 3:
        for i in range(len(row)):
            left = row[i - bpp] if i >= bpp else 0
            row[i] = (row[i] + ((left + prior[i]) >> 1)) & 0xFF
        return bytes(row)
    for i in range(len(row)):
        a = row[i - bpp] if i >= bpp else 0
        b = prior[i]
        c = prior[i - bpp] if i >= bpp else 0
        p = a + b - c
        pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
        pred = a if pa <= pb and pa <= pc else (b if pb <= pc else c)
        row[i] = (row[i] + pred) & 0xFF
    return bytes(row)
