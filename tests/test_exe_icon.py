"""The application icon: a PNG for the window, an .ico with every size Windows asks for.

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


def test_png_icon_is_square_with_transparency() -> None:
    image = pygame.image.load(str(asset_path("icon.png")))
    assert image.get_size() == (256, 256)
    assert image.get_at((0, 0)).a == 0  # rounded corners: the desktop shows through
    assert image.get_at((128, 128)).a == 255


def test_ico_holds_every_windows_size_as_png() -> None:
    entries = ico_entries(asset_path("icon.ico").read_bytes())
    assert {w for w, _, _ in entries} == WINDOWS_SIZES
    for width, height, blob in entries:
        assert width == height
        assert blob.startswith(PNG_MAGIC)
        assert pygame.image.load(io.BytesIO(blob), "icon.png").get_size() == (width, height)
