"""The JSON Lines file a long run streams its records to, one line per finished game.

Each line is one game's record plus two fields: ``game`` (its index in the run)
and ``run`` (the options that define the run's records: players, bots, seed,
content fingerprint, ...). Lines are appended as games finish, each with one
``write`` of the whole line, so a reader never sees half a line unless the writer
was killed in the middle of that very write; such a *torn* last line (no final
newline) is dropped when the file is resumed. A run that finishes rewrites its
file in game order (a new file moved over the old one), so a complete file is
the same byte for byte whatever the number of worker processes and however often
the run was interrupted and resumed.

Examples:
    >>> import tempfile, pathlib
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "games.jsonl"
    >>> with RecordFile.open(path, {"seed": 0}, games=3) as out:
    ...     out.append(1, {"winners": [0]})
    >>> with RecordFile.open(path, {"seed": 0}, games=3, resume=True) as out:
    ...     sorted(out.records)
    [1]
    >>> try:
    ...     RecordFile.open(path, {"seed": 5}, games=3, resume=True)
    ... except StateError as error:
    ...     print(error.message.split(": ", 1)[1])
    it was made with other options: seed 0 (this run: 5); give the same options, or another file
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Mapping
from pathlib import Path
from types import TracebackType
from typing import Any

from baldurs_rules.errors import StateError

__all__ = ["RESERVED", "RecordFile", "line_of"]

RESERVED = ("game", "run")
"""The fields a record file adds to every record: its index in the run and the run's options."""

_HINTS = {
    "content": " (the content changed, or another --content)",
    "extras": " (a file of another command)",
}


def line_of(index: int, identity: Mapping[str, Any], record: Mapping[str, Any]) -> bytes:
    """The file line of a record: ``{"game": index, "run": identity, **record}`` and a newline.

    Examples:
        >>> line_of(2, {"seed": 0}, {"winners": [1]})
        b'{"game":2,"run":{"seed":0},"winners":[1]}\\n'
    """
    clash = [key for key in RESERVED if key in record]
    if clash:
        raise StateError(f"a record may not have the field {clash[0]!r} (a record file adds it)")
    data = {"game": index, "run": identity, **record}
    return (json.dumps(data, separators=(",", ":")) + "\n").encode("utf-8")


class RecordFile:
    """An open record file: the records already in it, and ``append`` for new ones.

    Use [`open`][baldurs_rules.runs.record_file.RecordFile.open]; close it (or use it as a
    context manager) when the run ends, and call
    [`finish`][baldurs_rules.runs.record_file.RecordFile.finish] once every game is in it.

    Attributes:
        path: The file.
        identity: The run's options, stored in every line.
        records: Game index -> record (without ``game`` and ``run``), those found
            when resuming and those appended since.
        resumed: How many records were found in the file when it was opened.
    """

    def __init__(
        self, path: Path, identity: dict[str, Any], fd: int, records: dict[int, dict[str, Any]]
    ) -> None:
        self.path = path
        self.identity = identity
        self.records = records
        self.resumed = len(records)
        self._fd: int | None = fd
        self._order = list(records)  # the games in the order of the file's lines

    @classmethod
    def open(
        cls,
        path: str | os.PathLike[str],
        identity: Mapping[str, Any],
        games: int,
        resume: bool = False,
    ) -> RecordFile:
        """Open a record file for a run of ``games`` games with options ``identity``.

        Without ``resume`` the file is created or emptied. With ``resume`` an existing
        file is read: every line must be a record of this very run (same ``identity``,
        a game index below ``games``, no index twice); a torn last line is dropped.

        Raises:
            StateError: The file cannot be resumed (which line, and why: other
                options, damaged, written by something else); it is left untouched.
            OSError: The file cannot be opened for writing (before any game is played).
        """
        path = Path(path)
        wanted: dict[str, Any] = json.loads(json.dumps(dict(identity)))
        fd = os.open(path, os.O_RDWR | os.O_CREAT | os.O_APPEND, 0o666)
        try:
            _lock(fd, path)
            records: dict[int, dict[str, Any]] = {}
            keep = 0
            if resume:
                records, keep = _read(path, _read_all(fd), wanted, games)
            os.ftruncate(fd, keep)
        except BaseException:
            os.close(fd)
            raise
        return cls(path, wanted, fd, records)

    def append(self, index: int, record: dict[str, Any]) -> None:
        """Write one finished game as one line (a single write of the whole line)."""
        if self._fd is None:
            raise StateError(f"{self.path} is closed")
        data = line_of(index, self.identity, record)
        view = memoryview(data)
        while view:
            view = view[os.write(self._fd, view) :]
        self.records[index] = record
        self._order.append(index)

    def finish(self) -> None:
        """Close the file and, if its lines are not in game order, rewrite them in order.

        The new file is written next to the old one and moved over it, so an
        interruption here leaves the old file whole.
        """
        self.close()
        if self._order == sorted(self._order):
            return
        temporary = self.path.with_name(self.path.name + ".sorting")
        with temporary.open("wb") as handle:
            for index in sorted(self.records):
                handle.write(line_of(index, self.identity, self.records[index]))
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temporary, self.path)
        self._order.sort()

    def close(self) -> None:
        """Flush the lines to disk and close the file (a second call does nothing)."""
        if self._fd is None:
            return
        fd, self._fd = self._fd, None
        try:
            os.fsync(fd)
        finally:
            os.close(fd)

    def __enter__(self) -> RecordFile:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.close()


def _lock(fd: int, path: Path) -> None:
    """Refuse a file that another run is writing (an advisory lock, where the OS has one)."""
    if sys.platform == "win32":  # pragma: no cover - no fcntl
        return
    import fcntl

    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        raise StateError(f"{path} is being written by another run") from None


def _read_all(fd: int) -> bytes:
    chunks = []
    os.lseek(fd, 0, os.SEEK_SET)
    while chunk := os.read(fd, 1 << 20):
        chunks.append(chunk)
    return b"".join(chunks)


def _read(
    path: Path, data: bytes, wanted: dict[str, Any], games: int
) -> tuple[dict[int, dict[str, Any]], int]:
    """The records of a file being resumed, and the size of its whole lines."""
    keep = data.rfind(b"\n") + 1  # what follows the last newline is a torn line
    records: dict[int, dict[str, Any]] = {}
    for number, line in enumerate(data[:keep].split(b"\n")[:-1], 1):
        if not line.strip():
            continue
        index, record = _parse_line(path, number, line, wanted, games)
        if index in records:
            raise StateError(f"{path}:{number}: game {index} is in the file twice")
        records[index] = record
    return records, keep


def _parse_line(
    path: Path, number: int, line: bytes, wanted: dict[str, Any], games: int
) -> tuple[int, dict[str, Any]]:
    """One line of a file being resumed, checked against the run that resumes it."""
    where = f"{path}:{number}"
    try:
        data = json.loads(line)
    except (ValueError, RecursionError):
        raise StateError(f"{where}: not valid JSON: the file is damaged") from None
    if not isinstance(data, dict) or not isinstance(data.get("run"), dict):
        raise StateError(
            f"{where}: not a line of a resumable run (no 'run' field); "
            "it was written by something else, or by an older version"
        )
    index = data.get("game")
    if not isinstance(index, int) or isinstance(index, bool) or index < 0:
        raise StateError(f"{where}: the field 'game' must be a game index, not {index!r}")
    if data["run"] != wanted:
        raise StateError(
            f"cannot resume {path}: it was made with other options: "
            f"{_differences(data['run'], wanted)}; give the same options, or another file"
        )
    if index >= games:
        raise StateError(
            f"{where}: the file has game {index}, beyond this run's {games} games "
            f"(resume with at least {index + 1} games)"
        )
    return index, {key: value for key, value in data.items() if key not in RESERVED}


def _differences(found: dict[str, Any], wanted: dict[str, Any]) -> str:
    """``key file-value (this run: value)`` for each option that differs."""
    keys = [*wanted, *(key for key in found if key not in wanted)]
    return ", ".join(
        f"{key} {json.dumps(found.get(key))} (this run: {json.dumps(wanted.get(key))})"
        + _HINTS.get(key, "")
        for key in keys
        if found.get(key) != wanted.get(key)
    )
