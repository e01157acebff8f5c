"""Generic generated parts that keep their input and regenerate their output.

A page is rendered in one :class:`Session`: a scratch directory (the reader's
working directory) and one Python namespace, so the snippets and commands of a page
run in order and see what the earlier ones made, as a reader following the page would.

* ``python:NAME``: a ```` ```python ```` block, run; its printed output is the
  ```` ```text ```` block after it. An exception prints its last traceback line.
* ``console:NAME``: a ```` ```console ```` block of ``$ bbg ...`` lines; each command
  is run (in-process, through click's runner) and its output written under it.
* A titled code block in the prose (```` ```yaml title="mod/mod.yaml" ````) is an example
  file: it is written into the scratch directory when the page reaches it.
"""

from __future__ import annotations

import contextlib
import io
import re
import shlex
import tempfile
import traceback
from pathlib import Path
from types import TracebackType
from typing import Any

from .common import block, cli, portable

FENCE = re.compile(r"^```(\w+)[^\n]*\n(.*?)^```$", re.S | re.M)
TITLED = re.compile(r'^```\w+ title="([^"]+)"\n(.*?)^```$', re.S | re.M)


def fences(text: str) -> list[tuple[str, str]]:
    """(language, body) of each fenced block of ``text``."""
    return [(m.group(1), m.group(2)) for m in FENCE.finditer(text)]


def commands(text: str) -> list[str]:
    """The ``$ ...`` lines of a console block."""
    return [line[2:] for line in text.splitlines() if line.startswith("$ ")]


class Session:
    """One page's scratch directory and Python namespace."""

    def __init__(self) -> None:
        self._scratch = tempfile.TemporaryDirectory(prefix="docgen-")
        self.folder = Path(self._scratch.name)
        self.namespace: dict[str, Any] = {"__name__": "__docs__"}

    def __enter__(self) -> Session:
        from baldurs_rules.content.loader import clear_memory_cache

        # A content loaded earlier in this process (from another working directory) names
        # its files relative to that directory; the page's commands load it afresh here.
        clear_memory_cache()
        return self

    def __exit__(
        self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self._scratch.cleanup()

    def write_files(self, prose: str) -> None:
        """Write the example files (titled code blocks) of ``prose`` into the folder."""
        for match in TITLED.finditer(prose):
            path = self.folder / match.group(1)
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(match.group(2), encoding="utf-8")

    def python(self, old: str) -> str:
        """The part's Python snippet, and what it prints when run."""
        code = next((body for language, body in fences(old) if language == "python"), None)
        if code is None:
            raise SystemExit(f"a python part has no ```python block: {old[:80]!r}")
        printed = io.StringIO()
        with contextlib.redirect_stdout(printed):
            try:
                exec(compile(code, "<docs>", "exec"), self.namespace)
            except Exception as exc:  # the snippet shows an error on purpose
                line = traceback.format_exception_only(type(exc), exc)[-1].strip()
                print(line if "." in line.split(":")[0] else f"{type(exc).__module__}.{line}")
        output = portable(printed.getvalue())
        if not output:
            return block(code, "python")
        return block(code, "python") + "\n" + block(output, "text")

    def console(self, old: str) -> str:
        """The part's ``$ bbg ...`` commands, each followed by what it prints."""
        lines: list[str] = []
        for command in commands(old):
            args = shlex.split(command)
            if args[0] != "bbg":
                raise SystemExit(f"a console part runs only bbg commands, not {command!r}")
            lines += [f"$ {command}", *cli(args[1:], ok=None).rstrip("\n").splitlines()]
        return block("\n".join(lines))
