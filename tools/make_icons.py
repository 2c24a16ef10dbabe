"""Draw the app's PNG icons and favicon.ico from static/icons/icon.svg (run by `make icons`; the results are committed).

Needs rsvg-convert (Debian's librsvg2-bin) and nothing else: favicon.ico is
two PNG images (16 and 32 pixels) in the ICO container, which every browser
reads, written here by hand rather than with an imaging library.
"""

from __future__ import annotations

import struct
import subprocess
import sys
from pathlib import Path

ICONS = Path(__file__).resolve().parent.parent / "static" / "icons"
SOURCE = ICONS / "icon.svg"
# the web app manifest's sizes, and iOS's home-screen icon
PNGS = {"icon-192.png": 192, "icon-512.png": 512, "apple-touch-icon.png": 180}
FAVICON_SIZES = (16, 32)


def render(size: int) -> bytes:
    """The icon drawn at `size` x `size` pixels, as PNG bytes."""
    return subprocess.run(
        ["rsvg-convert", "--width", str(size), "--height", str(size), str(SOURCE)],
        check=True, capture_output=True,
    ).stdout


def ico(images: dict[int, bytes]) -> bytes:
    """An ICO file holding one PNG per size (ICONDIR, then one ICONDIRENTRY each, then the images)."""
    header = struct.pack("<HHH", 0, 1, len(images))
    offset = len(header) + 16 * len(images)
    entries, data = b"", b""
    for size, png in images.items():
        entries += struct.pack("<BBBBHHII", size % 256, size % 256, 0, 0, 1, 32, len(png), offset + len(data))
        data += png
    return header + entries + data


def main() -> int:
    """Write every PNG and favicon.ico beside the SVG."""
    for name, size in PNGS.items():
        (ICONS / name).write_bytes(render(size))
    (ICONS / "favicon.ico").write_bytes(ico({size: render(size) for size in FAVICON_SIZES}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
