"""The documented seeded shuffle: the only source of randomness in the engine.

Anyone can re-deal a finished match from its revealed seed, in any language:

1. A *stream* is named by the match's seed (a string) and a label such as ``deal:1``.
   Its bytes are SHA-256(f"{seed}:{label}:{i}") for i = 0, 1, 2, ... (i in decimal, UTF-8),
   concatenated.
2. ``below(n)`` reads the next 8 bytes as a big-endian unsigned integer x and returns x mod n,
   rejecting (and reading again) any x >= 2**64 - (2**64 mod n), so every result is equally likely.
3. ``shuffle`` is Fisher-Yates: for i from len-1 down to 1, swap item i with item below(i + 1).

`frontend/` re-implements this in JavaScript for the "verify this shuffle" check; tests pin
known outputs so that neither side can drift.
"""
import hashlib
import struct
from typing import TypeVar
from collections.abc import Sequence

T = TypeVar("T")
_SPAN = 2**64
_WORDS = struct.Struct(">4Q")  # a SHA-256 block as four big-endian 64-bit words


class Stream:
    """Uniform integers drawn from SHA-256 of a seed and a label."""

    def __init__(self, seed: str, label: str):
        self._prefix = f"{seed}:{label}:"
        self._block = 0
        self._words: list[int] = []  # the current block's unread words, the next one last

    def _next_u64(self) -> int:
        if not self._words:
            digest = hashlib.sha256(f"{self._prefix}{self._block}".encode()).digest()
            self._words = list(reversed(_WORDS.unpack(digest)))
            self._block += 1
        return self._words.pop()

    def below(self, n: int) -> int:
        """A uniform integer in 0..n-1."""
        limit = _SPAN - _SPAN % n
        while (x := self._next_u64()) >= limit:
            pass
        return x % n


def shuffled(items: Sequence[T], seed: str, label: str) -> list[T]:
    """A new list: `items` in the Fisher-Yates order drawn from (seed, label)."""
    stream = Stream(seed, label)
    result = list(items)
    for i in range(len(result) - 1, 0, -1):
        j = stream.below(i + 1)
        result[i], result[j] = result[j], result[i]
    return result


def pick(n: int, seed: str, label: str) -> int:
    """One uniform integer in 0..n-1 (e.g. the first dealer)."""
    return Stream(seed, label).below(n)
