"""Regenerate VGA8x16.bin and VGA8x14.bin from Debian's ``vgabios`` package.

Usage::

    python fonts/extract.py                         # reads /usr/share/vgabios/vgabios.bin
    python fonts/extract.py vgabios_0.8a+ds-2_all.deb
    python fonts/extract.py path/to/vgabios.bin --out some/folder

The LGPL VGA BIOS of the Bochs/plex86 project carries the IBM 8x14 and 8x16 character
generator tables back to back: 8x14 at file offset 0x1778, 8x16 at 0x2578 (each glyph one
byte per scan line, bit 7 the leftmost dot).  A ``.deb`` is unpacked with the standard
library only (``ar`` members, then the data tarball).
"""

from __future__ import annotations

import argparse
import io
import lzma
import sys
import tarfile
from pathlib import Path

DEFAULT_SOURCE = Path("/usr/share/vgabios/vgabios.bin")
MEMBER = "usr/share/vgabios/vgabios.bin"

#: (file name, offset in vgabios.bin, scan lines per glyph)
TABLES: tuple[tuple[str, int, int], ...] = (
    ("VGA8x16.bin", 0x2578, 16),
    ("VGA8x14.bin", 0x1778, 14),
)

# The 8x16 'A' as printed in IBM's VGA technical reference: a check that the offsets
# still point at the font in whatever build of the package is given.
_A_8X16 = bytes.fromhex("000010386cc6c6fec6c6c6c600000000")


def _from_deb(data: bytes) -> bytes:
    """The vgabios.bin member of a Debian package (an ``ar`` archive holding a tarball)."""
    if not data.startswith(b"!<arch>\n"):
        raise ValueError("not a Debian package (no ar header)")
    pos = 8
    while pos + 60 <= len(data):
        header = data[pos : pos + 60]
        name = header[:16].decode("ascii").strip().rstrip("/")
        size = int(header[48:58].decode("ascii").strip())
        body = data[pos + 60 : pos + 60 + size]
        pos += 60 + size + (size & 1)
        if name.startswith("data.tar"):
            if name.endswith(".xz"):
                body = lzma.decompress(body)
            with tarfile.open(fileobj=io.BytesIO(body), mode="r:*") as tar:
                for member in tar.getmembers():
                    if member.name.lstrip("./") == MEMBER:
                        handle = tar.extractfile(member)
                        if handle is None:
                            break
                        return handle.read()
            raise ValueError(f"{MEMBER} is not in the package's data tarball")
    raise ValueError("the package has no data.tar member")


def read_bios(source: Path) -> bytes:
    """The BIOS image from ``vgabios.bin`` itself or from the ``.deb`` that ships it."""
    data = source.read_bytes()
    return _from_deb(data) if source.suffix == ".deb" else data


def extract(bios: bytes) -> dict[str, bytes]:
    """The font tables, by output file name; raises ``ValueError`` if they are not there."""
    fonts = {name: bios[offset : offset + 256 * lines] for name, offset, lines in TABLES}
    for (name, _offset, lines) in TABLES:
        if len(fonts[name]) != 256 * lines:
            raise ValueError(f"the BIOS image is too short for {name}")
    glyph_a = fonts["VGA8x16.bin"][0x41 * 16 : 0x42 * 16]
    if glyph_a != _A_8X16:
        raise ValueError("no VGA 8x16 font at offset 0x2578: a different vgabios build?")
    return fonts


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("source", nargs="?", type=Path, default=DEFAULT_SOURCE,
                        help="vgabios.bin or the vgabios .deb (default: %(default)s)")
    parser.add_argument("--out", type=Path, default=Path(__file__).resolve().parent,
                        help="folder to write the .bin files to (default: this folder)")
    args = parser.parse_args(argv)
    try:
        fonts = extract(read_bios(args.source))
    except (OSError, ValueError) as exc:
        print(f"extract: {exc}", file=sys.stderr)
        return 1
    args.out.mkdir(parents=True, exist_ok=True)
    for name, table in fonts.items():
        (args.out / name).write_bytes(table)
        print(f"wrote {args.out / name} ({len(table)} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
