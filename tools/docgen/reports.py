"""Run every content-report block of the docs again: ``python -m tools.docgen.reports``.

A block ``<!-- content-report:NAME -->`` of ``docs/content.md`` or ``docs/modding.md`` holds
a report written by ``python -m baldurs_rules.runs.content_report`` together with the
command that made it (its ``Command:`` code block). After a content change every block is
stale (``tests/runs/test_content_report.py`` checks their fingerprints); this script reads
each block's command and runs it again with ``--docs PAGE --block NAME``, so the page gets
the new figures. These runs are long (1,000 four-player games of heuristic bots take a
few minutes on two processes), so they are not part of ``python -m tools.docgen``.

Usage (from the repository root):
    python -m tools.docgen.reports [--list] [NAME ...]
        NAME: only these blocks (default: every block of both pages)
        --list: print each block with its command and run nothing
"""

from __future__ import annotations

import re
import shlex
import sys
from collections.abc import Sequence

from .common import ROOT

PAGES = ("docs/content.md", "docs/modding.md")
"""The pages whose content-report blocks this script writes."""

BLOCK = re.compile(
    r"<!-- content-report:([\w-]+) -->\nCommand:\n\n```sh\n(python -m [^\n]+)\n```", re.S
)
PREFIX = "python -m baldurs_rules.runs.content_report "


def blocks() -> list[tuple[str, str, list[str]]]:
    """(page, block name, the report's arguments) of every block, in page order.

    Raises:
        SystemExit: A block's command is not a content report's.
    """
    found = []
    for page in PAGES:
        for name, command in BLOCK.findall((ROOT / page).read_text(encoding="utf-8")):
            if not command.startswith(PREFIX):
                raise SystemExit(f"{page}: block {name}: not a content report: {command}")
            found.append((page, name, shlex.split(command.removeprefix(PREFIX))))
    return found


def main(argv: Sequence[str]) -> int:
    """Run the blocks named in ``argv`` (every block without names); 1 if a name is unknown."""
    from baldurs_rules.runs.content_report.markdown import main as report

    listing = "--list" in argv
    names = [a for a in argv if a != "--list"]
    known = blocks()
    unknown = sorted(set(names) - {name for _, name, _ in known})
    if unknown:
        print(f"no block {unknown}: the blocks are {[n for _, n, _ in known]}", file=sys.stderr)
        return 1
    for page, name, args in known:
        if names and name not in names:
            continue
        print(f"{page} {name}: {PREFIX}{shlex.join(args)}", file=sys.stderr, flush=True)
        if not listing:
            report([*args, "--docs", str(ROOT / page), "--block", name])
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
