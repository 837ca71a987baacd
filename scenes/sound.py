"""Short sound effects, synthesized when first played (no sound files, no numpy).

Each effect is a few hundred milliseconds of 16-bit samples built with `array` and `math`.
When no audio device exists (CI, a server, a muted machine) the bank stays silent instead of
failing: the app must run everywhere.
"""

from __future__ import annotations

import math
import random
from array import array
from collections.abc import Callable

import pygame

RATE = 22050
NAMES = ("deal", "reveal", "capture", "score")


def _envelope(i: int, n: int, attack: int, decay_power: float = 2.0) -> float:
    if i < attack:
        return i / attack
    return (1.0 - (i - attack) / max(1, n - attack)) ** decay_power


def _deal(rate: int) -> list[float]:
    """A card sliding on felt: band-limited noise with a fast decay."""
    rng = random.Random(1)
    n = int(rate * 0.09)
    out, low = [], 0.0
    for i in range(n):
        low += 0.35 * (rng.uniform(-1, 1) - low)
        out.append(low * 0.9 * _envelope(i, n, int(rate * 0.004), 2.5))
    return out


def _reveal(rate: int) -> list[float]:
    """A card flipped over: a short upward chirp with a click."""
    n = int(rate * 0.12)
    out, phase = [], 0.0
    for i in range(n):
        t = i / n
        phase += 2 * math.pi * (500 + 700 * t) / rate
        out.append(0.45 * math.sin(phase) * _envelope(i, n, int(rate * 0.003), 3.0))
    return out


def _capture(rate: int) -> list[float]:
    """A card taken: a soft low thump and a fifth above it."""
    n = int(rate * 0.22)
    out = []
    for i in range(n):
        t = i / rate
        env = _envelope(i, n, int(rate * 0.005), 2.0)
        out.append(env * (0.5 * math.sin(2 * math.pi * 196 * t) + 0.25 * math.sin(2 * math.pi * 294 * t)))
    return out


def _score(rate: int) -> list[float]:
    """Points counted: a bright rising arpeggio (C-E-G)."""
    out: list[float] = []
    for freq in (523.25, 659.25, 783.99):
        n = int(rate * 0.09)
        for i in range(n):
            t = i / rate
            env = _envelope(i, n, int(rate * 0.004), 1.5)
            out.append(env * (0.35 * math.sin(2 * math.pi * freq * t) + 0.1 * math.sin(4 * math.pi * freq * t)))
    return out


SYNTHS: dict[str, Callable[[int], list[float]]] = {
    "deal": _deal,
    "reveal": _reveal,
    "capture": _capture,
    "score": _score,
}


def to_pcm16(samples: list[float], channels: int) -> bytes:
    """Floats in [-1, 1] -> interleaved signed 16-bit frames in the machine's byte order."""
    data = array("h")  # signed 16-bit on every platform pygame supports
    for value in samples:
        v = int(max(-1.0, min(1.0, value)) * 32000)
        data.extend([v] * channels)
    return data.tobytes()  # native byte order, as the mixer's size=-16 (AUDIO_S16SYS) expects


class SoundBank:
    """The app's sound effects; `play` is a no-op when sound is off or no device exists.

    Each effect is synthesized when it is first played (a few milliseconds), not at start-up:
    the first frame of the app does not wait for sounds it may never play."""

    def __init__(self) -> None:
        self.sounds: dict[str, pygame.mixer.Sound] = {}
        self.available = False
        self.problem: str | None = None
        self._frequency = RATE
        self._channels = 2

    def start(self) -> None:
        """Open the audio device (a failure only disables sound)."""
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init(frequency=RATE, size=-16, channels=2, buffer=512, allowedchanges=0)
            init = pygame.mixer.get_init()
            if not init:
                raise pygame.error("the mixer did not start")
            freq, size, channels = init
            if size != -16:
                raise pygame.error(f"unsupported sample format {size}")
            self._frequency, self._channels = freq, channels
            self.available = True
        except (pygame.error, NotImplementedError, OSError) as exc:
            self._disable(exc)

    def _disable(self, exc: BaseException) -> None:
        self.sounds.clear()
        self.available = False
        self.problem = str(exc)

    def _sound(self, name: str) -> pygame.mixer.Sound | None:
        """The effect, synthesized the first time it is asked for; None when sound is off."""
        sound = self.sounds.get(name)
        if sound is None and self.available:
            try:
                sound = pygame.mixer.Sound(buffer=to_pcm16(SYNTHS[name](self._frequency), self._channels))
            except (pygame.error, OSError) as exc:
                self._disable(exc)
                return None
            self.sounds[name] = sound
        return sound

    def play(self, name: str, volume: float = 0.6) -> None:
        if name not in SYNTHS:
            raise KeyError(f"unknown sound '{name}' (sounds: {', '.join(NAMES)})")
        sound = self._sound(name)
        if sound is None:
            return
        try:
            sound.set_volume(volume)
            sound.play()
        except pygame.error:
            self.available = False
