"""A small seeded random generator whose whole state is four small integers.

SFC32 (Chris Doty-Humphrey's Small Fast Chaotic generator, 32-bit words): its
state is a list of four 32-bit words (trivial to copy, save and compare), it
passes the PractRand tests far beyond what a game draws, and every step is a
few additions, shifts and xors on numbers below 2**54, which are fast machine
integers in Python and in the compiled build. It gives the same numbers on
every platform and Python version (unlike ``random.Random``, whose algorithms
may change). The seed is mixed with SplitMix64 first, so nearby seeds start far
apart.

Examples:
    >>> state = seed_state(7)
    >>> value = below(state, 6)
    >>> 0 <= value < 6
    True
    >>> len(state), all(0 <= word < 2**32 for word in state)
    (4, True)
"""

from __future__ import annotations

from typing import Any, Final

__all__ = ["STATE_WORDS", "below", "next32", "seed_state", "shuffle"]

STATE_WORDS: Final = 4
"""Number of 32-bit words in a generator state."""

# Final: the compiled build (mypyc) inlines these instead of looking them up
_M32: Final = 0xFFFFFFFF
_M64: Final = (1 << 64) - 1


def _splitmix64(x: int) -> tuple[int, int]:
    x = (x + 0x9E3779B97F4A7C15) & _M64
    z = x
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _M64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _M64
    return x, z ^ (z >> 31)


def seed_state(seed: int) -> list[int]:
    """A fresh generator state for a seed (any integer)."""
    x, first = _splitmix64(seed & _M64)
    _, second = _splitmix64(x)
    state = [first & _M32, first >> 32, second & _M32, 1]
    for _ in range(12):  # the customary warm-up of SFC
        next32(state)
    return state


def _step(a: int, b: int, c: int, d: int) -> tuple[int, int, int, int, int]:
    """One SFC32 step on the four words: the new words and the output."""
    t = (a + b + d) & _M32
    c2 = ((((c << 21) | (c >> 11)) & _M32) + t) & _M32
    return b ^ (b >> 9), (c + (c << 3)) & _M32, c2, (d + 1) & _M32, t


def next32(state: list[int]) -> int:
    """Advance ``state`` in place and return a 32-bit value."""
    state[0], state[1], state[2], state[3], t = _step(state[0], state[1], state[2], state[3])
    return t


def below(state: list[int], n: int) -> int:
    """A value in ``range(n)`` (1 <= n < 2**30), advancing ``state`` in place."""
    return (next32(state) * n) >> 32


def shuffle(state: list[int], items: list[Any]) -> None:
    """Shuffle ``items`` in place (Fisher-Yates), advancing ``state`` in place.

    Each draw is the step of ``next32`` on local words, written back to ``state``
    once: the compiled build passes the step's words unboxed, not through the list.
    """
    a, b, c, d = state[0], state[1], state[2], state[3]
    for i in range(len(items) - 1, 0, -1):
        a, b, c, d, t = _step(a, b, c, d)
        j = (t * (i + 1)) >> 32
        items[i], items[j] = items[j], items[i]
    state[0], state[1], state[2], state[3] = a, b, c, d
