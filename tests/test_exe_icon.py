"""The application icon, one drawing (the scalable SVG) rendered for every use: hicolor PNGs
from 48 to 512 px for the desktop's menu and the window, an .ico with every size Windows asks
for, an .icns for the macOS .app (.ci/render_icons.py writes them all).

The .ico stores PNG images (read by Windows Vista and later, and copied as they are into the
executable by PyInstaller), so each entry must be a PNG of the size its directory entry claims.
"""

from __future__ import annotations

import io
import os
import struct

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pygame  # noqa: E402

from game.desktop import APP_ID, HICOLOR_SIZES, icon_file  # noqa: E402
from game.resources import asset_path  # noqa: E402

PNG_MAGIC = b"\x89PNG\r\n\x1a\n"
WINDOWS_SIZES = {16, 32, 48, 256}  # small icons, Explorer lists, large tiles


def ico_entries(data: bytes) -> list[tuple[int, int, bytes]]:
    """(width, height, image bytes) per entry of an .ico file."""
    reserved, kind, count = struct.unpack_from("<HHH", data, 0)
    assert (reserved, kind) == (0, 1), "not an icon file"
    entries = []
    for i in range(count):
        w, h, _colors, _res, _planes, _bits, size, offset = struct.unpack_from("<BBBBHHII", data, 6 + 16 * i)
        assert offset + size <= len(data), "entry points past the end of the file"
        entries.append((w or 256, h or 256, data[offset : offset + size]))
    return entries


def test_every_hicolor_png_is_its_size_with_transparent_corners() -> None:
    for size in HICOLOR_SIZES:
        image = pygame.image.load(str(icon_file(size)))
        assert image.get_size() == (size, size)
        assert image.get_at((0, 0)).a == 0  # rounded corners: the desktop shows through
        assert image.get_at((size // 2, size // 2)).a == 255
    assert set(HICOLOR_SIZES) >= {48, 64, 128, 256, 512}


def test_the_scalable_icon_is_an_svg_drawn_at_256() -> None:
    svg = asset_path("icons", "hicolor", "scalable", "apps", f"{APP_ID}.svg").read_text(encoding="utf-8")
    assert '<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 256 256">' in svg
    assert "<image" not in svg and "<text" not in svg  # drawn, not a picture in a frame; no font needed


def test_icns_holds_png_images_of_the_sizes_it_declares() -> None:
    data = asset_path("icon.icns").read_bytes()
    assert data[:4] == b"icns" and struct.unpack(">I", data[4:8])[0] == len(data)
    sizes = {b"icp4": 16, b"icp5": 32, b"icp6": 64, b"ic07": 128, b"ic08": 256, b"ic09": 512}
    found, offset = set(), 8
    while offset < len(data):
        kind, length = data[offset:offset + 4], struct.unpack(">I", data[offset + 4:offset + 8])[0]
        blob = data[offset + 8:offset + length]
        assert blob.startswith(PNG_MAGIC)
        assert pygame.image.load(io.BytesIO(blob), "icon.png").get_size() == (sizes[kind],) * 2
        found.add(sizes[kind])
        offset += length
    assert found == set(sizes.values())


def test_ico_holds_every_windows_size_as_png() -> None:
    entries = ico_entries(asset_path("icon.ico").read_bytes())
    assert {w for w, _, _ in entries} == WINDOWS_SIZES
    for width, height, blob in entries:
        assert width == height
        assert blob.startswith(PNG_MAGIC)
        assert pygame.image.load(io.BytesIO(blob), "icon.png").get_size() == (width, height)
