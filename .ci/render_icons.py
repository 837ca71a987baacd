#!/usr/bin/env python3
"""Render every application icon from the one drawing, assets/icons/hicolor/scalable/apps/<id>.svg.

    python3 .ci/render_icons.py

Writes the freedesktop hicolor PNGs (48 to 512 px, for menus and docks), assets/icon.ico
(16, 32, 48 and 256 px, for the Windows programs) and assets/icon.icns (16 to 1024 px, for the
macOS .app), each image a PNG rendered by rsvg-convert (Debian: librsvg2-bin). Run it after
changing the drawing and commit what it writes; the program and its builds only read the files.
"""

from __future__ import annotations

import shutil
import struct
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.desktop import APP_ID, HICOLOR_SIZES  # noqa: E402

ICONS = ROOT / "assets" / "icons" / "hicolor"
SVG = ICONS / "scalable" / "apps" / f"{APP_ID}.svg"
ICO_SIZES = (16, 32, 48, 256)
# ICNS entry types holding PNG data, by pixel size (Apple's icon family types).
ICNS_TYPES = {16: b"icp4", 32: b"icp5", 64: b"icp6", 128: b"ic07", 256: b"ic08", 512: b"ic09"}


def render(size: int, folder: Path) -> bytes:
    target = folder / f"{size}.png"
    subprocess.run(["rsvg-convert", "-w", str(size), "-h", str(size), "-o", str(target), str(SVG)], check=True)
    return target.read_bytes()


def ico(images: dict[int, bytes]) -> bytes:
    """An .ico whose entries are PNG images (read by Windows Vista and later)."""
    header = struct.pack("<HHH", 0, 1, len(images))
    entries, blobs = b"", b""
    offset = 6 + 16 * len(images)
    for size, png in sorted(images.items()):
        side = 0 if size >= 256 else size  # 0 means 256
        entries += struct.pack("<BBBBHHII", side, side, 0, 0, 1, 32, len(png), offset + len(blobs))
        blobs += png
    return header + entries + blobs


def icns(images: dict[int, bytes]) -> bytes:
    body = b"".join(ICNS_TYPES[size] + struct.pack(">I", 8 + len(png)) + png for size, png in sorted(images.items()))
    return b"icns" + struct.pack(">I", 8 + len(body)) + body


def main() -> int:
    if shutil.which("rsvg-convert") is None:
        print("error: rsvg-convert is needed (Debian: apt-get install librsvg2-bin)", file=sys.stderr)
        return 1
    with tempfile.TemporaryDirectory() as scratch:
        folder = Path(scratch)
        images = {size: render(size, folder) for size in sorted(set(HICOLOR_SIZES) | set(ICO_SIZES) | set(ICNS_TYPES))}
    for size in HICOLOR_SIZES:
        target = ICONS / f"{size}x{size}" / "apps" / f"{APP_ID}.png"
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(images[size])
    (ROOT / "assets" / "icon.ico").write_bytes(ico({s: images[s] for s in ICO_SIZES}))
    (ROOT / "assets" / "icon.icns").write_bytes(icns({s: images[s] for s in ICNS_TYPES}))
    print(f"rendered {SVG.relative_to(ROOT)} at {', '.join(map(str, sorted(images)))} px")
    return 0


if __name__ == "__main__":
    sys.exit(main())
