"""The secret keys of a web table: one per human seat and one for spectators.

A token is 32 random bytes from Python's ``secrets`` module, URL-safe; it goes in the
*fragment* of the link the server prints (``/#seat=1&token=...``), which the
browser never sends to the server in a request line or a ``Referer``, so it
never shows in an access log. Every check compares in constant time
(``hmac.compare_digest``) against every key, so the time
taken says nothing about how much of a guess was right or whose key it was
close to.

The keys are kept next to the game file (``game.json.tokens``, readable by
its owner only), so a server restarted with ``--resume`` accepts the same
links and the players' open pages reconnect by themselves.

Examples:
    >>> keys = Tokens.new(3, humans=[0, 2])
    >>> keys.seat_of(keys.seats[2]), keys.seat_of(keys.spectator), keys.seat_of("nope")
    (2, 'spectator', None)
"""

from __future__ import annotations

import hmac
import json
import os
import secrets
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from baldurs_rules.errors import StateError

__all__ = ["FORMAT", "SPECTATOR", "Tokens", "tokens_path"]

FORMAT = "baldurs_rules/table-tokens@1"
"""The format tag of a tokens file."""

SPECTATOR: Literal["spectator"] = "spectator"
"""What [`Tokens.seat_of`][baldurs_rules.web.tokens.Tokens.seat_of] says for the spectators' key."""

_BYTES = 32


def tokens_path(game_file: str | os.PathLike[str]) -> Path:
    """Where the keys of the table saved in ``game_file`` are kept.

    Examples:
        >>> tokens_path("games/friday.json").as_posix()
        'games/friday.json.tokens'
    """
    path = Path(game_file)
    return path.with_name(path.name + ".tokens")


@dataclass(frozen=True)
class Tokens:
    """The keys of one table.

    Attributes:
        seats: One key per seat; None for a bot's seat (no one may act for it).
        spectator: The key of the spectators' link (public information only).
    """

    seats: tuple[str | None, ...]
    spectator: str

    @classmethod
    def new(cls, players: int, humans: Sequence[int]) -> Tokens:
        """Fresh random keys for the human seats and the spectators."""
        return cls(
            tuple(secrets.token_urlsafe(_BYTES) if s in humans else None for s in range(players)),
            secrets.token_urlsafe(_BYTES),
        )

    def seat_of(self, token: object) -> int | Literal["spectator"] | None:
        """Whose key ``token`` is: a seat, ``"spectator"``, or None (no one's).

        Every key is compared, in constant time, whatever matches first.
        """
        if not isinstance(token, str) or not token or not token.isascii():
            return None
        given = token.encode("ascii")
        found: int | Literal["spectator"] | None = None
        for seat, key in enumerate(self.seats):
            if key is not None and hmac.compare_digest(given, key.encode("ascii")):
                found = seat
        if hmac.compare_digest(given, self.spectator.encode("ascii")):
            found = SPECTATOR
        return found

    # ------------------------------------------------------------ the file
    def save(self, path: str | os.PathLike[str]) -> None:
        """Write the keys to ``path`` (owner-only permissions, atomically)."""
        target = Path(path)
        data = {"format": FORMAT, "seats": list(self.seats), "spectator": self.spectator}
        handle, temporary = tempfile.mkstemp(prefix=f".{target.name}.", dir=target.parent)
        try:
            os.chmod(temporary, 0o600)
            with os.fdopen(handle, "w", encoding="utf-8") as out:
                json.dump(data, out)
            os.replace(temporary, target)
        except BaseException:
            Path(temporary).unlink(missing_ok=True)
            raise

    @classmethod
    def load(cls, path: str | os.PathLike[str], players: int, humans: Sequence[int]) -> Tokens:
        """Read the keys saved by [`save`][baldurs_rules.web.tokens.Tokens.save].

        Raises:
            StateError: Not a tokens file, or not for these seats (with the file's name).
            OSError: The file cannot be read.
        """
        where = Path(path)
        try:
            data = json.loads(where.read_text(encoding="utf-8"))
        except ValueError as exc:
            raise StateError(f"{where}: not valid JSON ({exc})") from None
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise StateError(f"{where}: not a tokens file (expected format {FORMAT!r})")
        seats, spectator = data.get("seats"), data.get("spectator")
        if not isinstance(seats, list) or len(seats) != players or not _key(spectator):
            raise StateError(f"{where}: needs one entry per seat ({players}) and a spectator key")
        for seat, key in enumerate(seats):
            if (seat in humans) != _key(key) or (key is not None and not _key(key)):
                want = "a key" if seat in humans else "null (a bot plays it)"
                raise StateError(f"{where}: seat {seat} needs {want}, not {str(key)[:12]!r}")
        return cls(tuple(seats), str(spectator))


def _key(value: object) -> bool:
    return isinstance(value, str) and len(value) >= 16 and value.isascii()
