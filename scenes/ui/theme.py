"""Colours and base sizes of the app's screens (sizes are at scale 1, i.e. a 1280x720 window)."""

from __future__ import annotations

BACKGROUND = (22, 48, 36)  # deep felt green
BACKGROUND_DARK = (14, 32, 24)
PANEL = (32, 64, 48)
PANEL_BORDER = (92, 130, 100)
TEXT = (238, 232, 214)
TEXT_DIM = (160, 170, 150)
TEXT_DISABLED = (110, 120, 108)
ACCENT = (226, 178, 74)  # brass
ACCENT_TEXT = (30, 24, 12)
BUTTON = (48, 88, 66)
BUTTON_HOVER = (64, 112, 84)
BUTTON_DISABLED = (38, 58, 48)
FOCUS = (246, 206, 110)
ERROR_BG = (120, 36, 32)
ERROR_TEXT = (255, 236, 230)
NOTICE_BG = (44, 58, 84)
WINNER = (246, 206, 110)
ROW_ALT = (28, 58, 43)
ROW_SELECTED = (70, 104, 78)

TITLE_SIZE = 52
HEADING_SIZE = 30
BODY_SIZE = 22
SMALL_SIZE = 17
ROW_HEIGHT = 46
RADIUS = 8
