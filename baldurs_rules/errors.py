"""One error hierarchy for everything the library rejects.

Every error that comes from a file or an effect string carries a
[`Location`][baldurs_rules.errors.Location] and prints like a compiler
diagnostic: ``file:line:column: message``, then the source line and a caret.

Examples:
    >>> loc = Location("buildings.yaml", 3, 14, "    income: gain 2 gald")
    >>> print(Problem(loc, "unknown resource 'gald'; did you mean 'gold'?").format())
    buildings.yaml:3:14: unknown resource 'gald'; did you mean 'gold'?
        income: gain 2 gald
                 ^
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

__all__ = [
    "ContentError",
    "DslCheckError",
    "DslError",
    "DslSyntaxError",
    "EngineError",
    "IllegalActionError",
    "Location",
    "Problem",
    "RulesError",
    "StateError",
    "did_you_mean",
]


SHOWN = 120
"""The most characters of a source line a problem shows."""


@dataclass(frozen=True, slots=True)
class Location:
    """A place in a source: file, 1-based line and column, and the line's text.

    Attributes:
        file: The file name (or ``"<effect>"`` for a bare effect string).
        line: 1-based line number.
        column: 1-based column number.
        source_line: The text of that line, used to draw the caret.
    """

    file: str
    line: int
    column: int
    source_line: str = field(default="", compare=False, repr=False)

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.column}"


@dataclass(frozen=True, slots=True)
class Problem:
    """One diagnostic: where, and what is wrong.

    Attributes:
        location: Where (None for a note about the whole load).
        message: What is wrong, quoting the bad value.
        severity: ``"error"`` (the content does not load) or ``"warning"``
            (it loads, but is likely not what was meant); a warning prints
            ``file:line:col: warning: message``.

    Examples:
        >>> print(Problem(Location("mod.yaml", 2, 3), "cost 99 is high", "warning").format())
        mod.yaml:2:3: warning: cost 99 is high
    """

    location: Location | None
    message: str
    severity: str = "error"

    @property
    def is_warning(self) -> bool:
        """Whether the content still loads (a warning, not an error)."""
        return self.severity == "warning"

    def format(self) -> str:
        """Render as ``file:line:col: message`` plus the source line and a caret.

        A source line longer than ``SHOWN`` characters is cut to a window around
        the caret, marked with ``...``.
        """
        message = f"warning: {self.message}" if self.is_warning else self.message
        if self.location is None:
            return message
        head = f"{self.location}: {message}"
        text = self.location.source_line.rstrip("\n")
        if not text:
            return head
        column = max(self.location.column, 1) - 1
        if len(text) > SHOWN:
            start = max(0, min(column - SHOWN // 2, len(text) - SHOWN))
            before = "..." if start else ""
            after = "..." if start + SHOWN < len(text) else ""
            text = before + text[start : start + SHOWN] + after
            column += len(before) - start
        return f"{head}\n{text}\n{' ' * column}^"

    def __str__(self) -> str:
        return self.format()


class RulesError(Exception):
    """Base class of every error raised by baldurs_rules.

    Attributes:
        problems: All diagnostics (one or more), each with its location.
    """

    def __init__(self, problems: str | Problem | Sequence[Problem]) -> None:
        if isinstance(problems, str):
            problems = [Problem(None, problems)]
        elif isinstance(problems, Problem):
            problems = [problems]
        self.problems: tuple[Problem, ...] = tuple(problems)
        super().__init__("\n".join(p.format() for p in self.problems))

    @property
    def location(self) -> Location | None:
        """The location of the first problem, if it has one."""
        return self.problems[0].location if self.problems else None

    @property
    def message(self) -> str:
        """The message of the first problem, without its location."""
        return self.problems[0].message if self.problems else ""


class ContentError(RulesError):
    """Content files are unreadable, break their schema, or refer to unknown things."""


class DslError(RulesError):
    """An effect string is wrong (base of the two stages below)."""


class DslSyntaxError(DslError, ContentError):
    """An effect string does not follow the grammar."""


class DslCheckError(DslError, ContentError):
    """An effect string parses but means nothing valid (unknown name, wrong place, ...)."""


class IllegalActionError(RulesError):
    """An action that is not legal at the current decision point; the game is unchanged."""


class StateError(RulesError):
    """A saved game (JSON) or a scenario is malformed or inconsistent."""


class EngineError(RulesError):
    """The engine failed while applying a legal action (a bug, or content it cannot run).

    The game is restored to exactly what it was before the action.
    """


def did_you_mean(word: str, choices: Iterable[str]) -> str:
    """Suggest the closest known word, as a message suffix.

    Examples:
        >>> did_you_mean("gald", ["gold", "favor"])
        "; did you mean 'gold'?"
        >>> did_you_mean("xyz", ["gold", "favor"])
        "; expected one of 'favor', 'gold'"
        >>> did_you_mean("xyz", [f"word{i}" for i in range(9)])
        ''
    """
    options = sorted(set(choices))
    close = difflib.get_close_matches(word, options, n=1, cutoff=0.6)
    if close:
        return f"; did you mean {close[0]!r}?"
    if 0 < len(options) <= 8:
        return "; expected one of " + ", ".join(repr(o) for o in options)
    return ""


def quoted(value: object, limit: int = 60) -> str:
    """A value as an error message quotes it: its ``repr``, cut to ``limit`` characters.

    Examples:
        >>> quoted("gald")
        "'gald'"
        >>> quoted(list(range(40)), limit=20)
        '[0, 1, 2, 3, 4, 5...'
    """
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."
