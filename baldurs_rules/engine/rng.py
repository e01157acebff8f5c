"""A small seeded random generator whose whole state is one integer.

SplitMix64 is fast in pure Python, has a 64-bit state that is trivial to copy,
save and compare, and gives the same numbers on every platform and Python
version (unlike ``random.Random``, whose algorithms may change).

Examples:
    >>> state = seed_state(7)
    >>> state, value = below(state, 6)
    >>> 0 <= value < 6
    True
"""

from __future__ import annotations

from typing import Any

__all__ = ["below", "next64", "seed_state", "shuffle"]

_MASK = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15


def seed_state(seed: int) -> int:
    """The generator state for a seed (any integer)."""
    _, mixed = next64(seed & _MASK)
    return mixed


def next64(state: int) -> tuple[int, int]:
    """Advance the state; return the new state and a 64-bit value."""
    state = (state + _GAMMA) & _MASK
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return state, z ^ (z >> 31)


def below(state: int, n: int) -> tuple[int, int]:
    """A value in ``range(n)`` (n >= 1) and the new state."""
    state, value = next64(state)
    return state, (value * n) >> 64


def shuffle(state: int, items: list[Any]) -> int:
    """Shuffle ``items`` in place (Fisher-Yates); return the new state."""
    for i in range(len(items) - 1, 0, -1):
        state, j = below(state, i + 1)
        items[i], items[j] = items[j], items[i]
    return state
