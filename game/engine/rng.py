"""A tiny seeded generator owned by each state: cloning it copies one integer.

SplitMix64: fast in pure Python, the same sequence on every platform and Python version,
which `random.Random` does not promise for `shuffle`/`randrange` across versions.
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import TypeVar

T = TypeVar("T")
_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


class Rng:
    __slots__ = ("state",)

    def __init__(self, seed: int = 0) -> None:
        self.state = (seed * 0xD1B54A32D192ED03 + 0x2545F4914F6CDD1D) & _MASK

    def next64(self) -> int:
        self.state = s = (self.state + _GOLDEN) & _MASK
        z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def randrange(self, n: int) -> int:
        """Uniform integer in [0, n) (multiply-shift; bias below 2**-50 for game sizes)."""
        if n <= 0:
            raise ValueError("randrange needs n > 0")
        self.state = s = (self.state + _GOLDEN) & _MASK  # next64, inlined (random bots call this at every move)
        z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return ((z ^ (z >> 31)) * n) >> 64

    def random(self) -> float:
        return (self.next64() >> 11) * (1.0 / 9007199254740992.0)

    def choice(self, seq: Sequence[T]) -> T:
        return seq[self.randrange(len(seq))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher-Yates with `next64` inlined (the same draws; setups and determinize shuffle
        often)."""
        s = self.state
        for i in range(len(items) - 1, 0, -1):
            s = (s + _GOLDEN) & _MASK
            z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            j = ((z ^ (z >> 31)) * (i + 1)) >> 64
            items[i], items[j] = items[j], items[i]
        self.state = s

    def spawn(self) -> Rng:
        """An independent generator derived from this one (advances this one)."""
        return Rng(self.next64())

    def clone(self) -> Rng:
        new = Rng.__new__(Rng)
        new.state = self.state
        return new
