"""A screen that must be seen before it is dismissed: input typed ahead does not act on it.

WHY: a player who types ahead while the table plays ("1 Enter 1 Enter…") goes on typing when a
summary appears (the day's scores, the results, a hot-seat pass screen); those keys were meant
for the table, and one of them would close the screen before it was read (the results left for
the main menu without showing who won; a pass screen showed the next hand to the last player).
So such a screen takes no key or click for a moment after it appears, and after that only once
the typing has paused: each press it ignored pushes its opening back a little (never beyond
`most` seconds, so nobody is locked out). A key or click made after it appeared, once the
keyboard is quiet, acts at once.
"""

from __future__ import annotations

import pygame

GUARDED_INPUT = (pygame.KEYDOWN, pygame.KEYUP, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.TEXTINPUT)
PRESSES = (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN)
LEAST_SECONDS = 0.8  # no key or click acts sooner than this after the screen appears
QUIET_SECONDS = 0.45  # ... nor sooner than this after an ignored press (typing that goes on)
MOST_SECONDS = 3.0  # ... nor later than this: the screen then takes input whatever happens


class InputGuard:
    """The scene calls `update(dt)` every frame and asks `blocks(event)` before handling input."""

    def __init__(self, least: float = LEAST_SECONDS, quiet: float = QUIET_SECONDS, most: float = MOST_SECONDS) -> None:
        self.least, self.quiet, self.most = least, quiet, max(least, most)
        self.age = 0.0  # seconds since the screen appeared
        self.last_press: float | None = None  # when the last ignored press came (age)
        self.pressed_before = False  # a press ignored by the guard: its release is ignored too

    def restart(self) -> None:
        """The screen appears (again) now."""
        self.age, self.last_press, self.pressed_before = 0.0, None, False

    def update(self, dt: float) -> None:
        self.age += dt

    @property
    def open(self) -> bool:
        if self.age >= self.most:
            return True
        if self.age < self.least:
            return False
        return self.last_press is None or self.age - self.last_press >= self.quiet

    def blocks(self, event: pygame.event.Event) -> bool:
        """Whether `event` is input the screen must not act on (it is then consumed)."""
        if event.type not in GUARDED_INPUT:
            return False
        if not self.open:
            if event.type in PRESSES:
                self.last_press = self.age
                self.pressed_before = True
            return True
        if self.pressed_before and event.type in (pygame.KEYUP, pygame.MOUSEBUTTONUP):
            self.pressed_before = False  # the end of a press made while the screen was guarded
            return True
        self.pressed_before = False
        return False
