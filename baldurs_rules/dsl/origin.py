"""Map character offsets in an effect string to file locations.

An effect written inside a YAML file is a scalar value; an error at offset 7 of
that value must point at the right line and column of the YAML file, whatever
the quoting style. [`Origin`][baldurs_rules.dsl.origin.Origin] does that.

Examples:
    >>> Origin.of_string("gain 2 gald").locate(7)
    Location(file='<effect>', line=1, column=8)
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Sequence

from baldurs_rules.errors import Location

__all__ = ["Origin", "SourceText"]


class SourceText:
    """A file's text with its line table, computed once.

    Attributes:
        file: The file name shown in locations.
        raw: The whole text.
        lines: The text split into lines.
        starts: The offset where each line starts.
    """

    __slots__ = ("file", "lines", "raw", "starts")

    def __init__(self, file: str, raw: str) -> None:
        self.file = file
        self.raw = raw
        self.lines = raw.split("\n")
        self.starts = _line_starts(raw)

    def location(self, line: int, column: int) -> Location:
        """A location from 1-based line and column, with its source line."""
        text = self.lines[line - 1] if 0 < line <= len(self.lines) else ""
        return Location(self.file, line, column, text)


class Origin:
    """Where each character of an effect string came from.

    Args:
        file: File name used in locations.
        positions: For each character of the string, its (line, column), 1-based.
        lines: The source lines of the file, to show the caret line.
    """

    __slots__ = ("_end", "file", "lines", "positions")

    def __init__(
        self,
        file: str,
        positions: Sequence[tuple[int, int]],
        lines: Sequence[str],
        end: tuple[int, int] | None = None,
    ) -> None:
        self.file = file
        self.positions = positions
        self.lines = lines
        self._end = end or (positions[-1] if positions else (1, 1))

    @classmethod
    def of_string(cls, text: str, file: str = "<effect>") -> Origin:
        """The origin of a bare string: offsets count lines and columns in it."""
        positions: list[tuple[int, int]] = []
        line, col = 1, 1
        for ch in text:
            positions.append((line, col))
            if ch == "\n":
                line, col = line + 1, 1
            else:
                col += 1
        return cls(file, positions, text.split("\n"), (line, col))

    @classmethod
    def of_yaml_scalar(cls, text: str, value_start: int, source: SourceText) -> Origin:
        """The origin of a YAML scalar's value.

        Aligns the n-th non-blank character of the value with the n-th non-blank
        character of the raw source after ``value_start`` (skipping quotes and
        block indicators), which is exact for plain, quoted and block scalars
        without escapes and close otherwise.

        Args:
            text: The scalar's value.
            value_start: Offset in the file where the scalar starts.
            source: The whole file.
        """
        raw, starts = source.raw, source.starts
        positions: list[tuple[int, int]] = []
        j = _skip_indicator(raw, value_start)
        last = _pos(starts, j)
        for ch in text:
            if ch.isspace():
                positions.append(last)
                continue
            while j < len(raw) and raw[j] != ch:
                j += 1
            if j >= len(raw):
                positions.append(last)
                continue
            last = _pos(starts, j)
            positions.append(last)
            j += 1
        end = _pos(starts, min(j, len(raw))) if text else last
        return cls(source.file, positions, source.lines, end)

    def locate(self, offset: int) -> Location:
        """The location of character ``offset`` (offsets past the end point after it)."""
        if 0 <= offset < len(self.positions):
            line, col = self.positions[offset]
        else:
            line, col = self._end
        text = self.lines[line - 1] if 0 < line <= len(self.lines) else ""
        return Location(self.file, line, col, text)


def _line_starts(raw: str) -> list[int]:
    starts = [0]
    starts.extend(i + 1 for i, ch in enumerate(raw) if ch == "\n")
    return starts


def _pos(starts: list[int], index: int) -> tuple[int, int]:
    line = bisect_right(starts, index)
    return line, index - starts[line - 1] + 1


def _skip_indicator(raw: str, i: int) -> int:
    if i < len(raw) and raw[i] in "\"'":
        return i + 1
    if i < len(raw) and raw[i] in "|>":
        newline = raw.find("\n", i)
        return len(raw) if newline < 0 else newline + 1
    return i
