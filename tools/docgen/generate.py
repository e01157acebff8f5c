"""Write every generated part of every page under ``docs/``: nothing there is typed by hand.

A generated part sits between ``<!-- generated: NAME -->`` and ``<!-- end: NAME -->``;
everything else in a page is prose. A part whose opening marker ends its line is a
block (the generator writes whole lines); one inside a sentence is inline (a few
words: a number or a list quoted from the content). Each page has a registry of
generators, one per part name (``PAGES`` below, gathered from the other modules of
this package); any page may also quote a value of ``game.yaml`` by its
content key with a part named ``key:<dotted.key>`` (``key:attack.strength``), a constant
of the code with ``code:<dotted.name>`` (``code:baldurs_rules.web.protocol.MAX_REQUEST``),
a value of the code as JSON with ``json:<dotted.name>`` (a dotted name may go on into
a table's keys), a parameter's default with ``default:<callable>.<parameter>``, a callable's
parameters and defaults with ``signature:<callable>``, a value of a content schema with
``schema:<file>.<json.path>`` (``schema:mod.properties.name.maxLength``), a count of the
default content with ``count:<name>`` (``content.COUNTS``), a list of the registered bots
with ``bots:<list>`` (``bots.LISTS``), a table of constants
of the code (its ``Value`` column, from its name and ``Where`` columns) with
``constants:<label>``, and the usage or option table of a command with ``usage:CMD`` /
``options:CMD`` (``cli.py``). Whole generated files (the board pictures) are in
``FILES``, generated charts in ``CHARTS`` (compared by the figures they carry, not by
their pixels).

A generator gets the part's current text and returns the new one, so a part may keep
its input and regenerate only its output (the modding guide's commands are written
in the part, their outputs are produced by running them).

Figures measured by benchmarks (timings) are never generated: they are noisy on a
shared machine, so the pages name the benchmark that prints them instead.

The web table's pictures of ``docs/play.md`` are taken in Chromium by a whole game
(``screenshots``): a plain run only checks, without a browser, that the page shows exactly
the pictures of their manifest at their sizes; ``--screenshots`` takes them again first.

Usage (from the repository root):  python -m tools.docgen [--check] [--screenshots] [PAGE ...]
        --check: write nothing; exit 1 naming every stale part (PAGE: docs/rules.md ...)
        --screenshots: also play the pictures' game in Chromium (python -m
            tools.docgen.screenshots); with --check, replay it and compare the manifest
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass

from . import bots, cli, common, content
from .common import ROOT, Part, png_text
from .session import Session

DOCS = ROOT / "docs"
MARK = re.compile(r"<!-- generated: ([\w.:-]+) -->(\n?)(.*?)<!-- end: \1 -->", re.S)


@dataclass(frozen=True)
class Stale:
    """A generated part (or file) whose committed text differs from what its generator writes."""

    page: str
    part: str
    reason: str = ""
    """Set when no generator of this run can write it (it says what to run)."""

    def __str__(self) -> str:
        if self.reason:
            return f"{self.page}: {self.reason}"
        return f"{self.page}: part '{self.part}' is stale" if self.part else f"{self.page} is stale"


def _charts() -> dict[str, Callable[[], bytes]]:
    from . import samples

    return dict(samples.CHARTS)


def _registry() -> tuple[dict[str, Mapping[str, Part]], dict[str, Callable[[], str]]]:
    from . import (
        architecture,
        limits,
        modding,
        performance,
        play_transcript,
        rl,
        rules,
        samples,
        testing,
    )

    pages: dict[str, Mapping[str, Part]] = {
        "play.md": {name: _ignoring(make) for name, make in play_transcript.PARTS.items()},
        "rules.md": rules.PARTS,
        "modding.md": modding.PARTS,
        "rl.md": rl.PARTS,
        "performance.md": performance.PARTS,
        "testing.md": testing.PARTS,
        "content.md": content.PARTS,
        **samples.PAGES,
        **limits.PAGES,
        **architecture.PAGES,
    }
    return pages, dict(samples.FILES)


def _ignoring(make: Callable[[], str]) -> Part:
    return lambda old: make()


QUOTES: dict[str, Callable[[str], str]] = {
    "key": common.quote_key,
    "code": common.quote_code,
    "json": common.quote_json,
    "default": common.quote_default,
    "signature": common.quote_signature,
    "schema": common.quote_schema,
    "count": content.count,
    "usage": cli.usage,
    "bots": bots.quote_bots,
}
"""The generic parts that quote one thing by the rest of their name (``key:attack.strength``)."""


def part_for(page: str, name: str, parts: Mapping[str, Part], session: Session) -> Part:
    """The generator of part ``name`` of ``page``: its own, or a generic one by prefix
    (``key:`` a content value, ``code:`` a constant of the code, ``json:`` a value of
    the code as JSON, ``default:`` a parameter's default, ``signature:`` a callable's
    parameters, ``schema:`` a value of a content schema, ``count:`` a count of the
    content, ``constants:<label>`` a table of constants with their values written again,
    ``python:`` a snippet run, ``console:`` commands run, ``usage:``/``options:`` a
    command's usage and option table).

    Raises:
        SystemExit: The page has no generator of that name.
    """
    if name in parts:
        return parts[name]
    prefix, _, rest = name.partition(":")
    if prefix in QUOTES:
        return lambda old: QUOTES[prefix](rest)
    if prefix == "constants":
        return common.constants_table
    if prefix == "python":
        return session.python
    if prefix == "console":
        return session.console
    if prefix == "options":
        return cli.options(rest)
    known = ", ".join(sorted(parts)) or "none"
    raise SystemExit(f"docs/{page}: no generator for the part '{name}' (this page has: {known})")


def render(page: str, text: str, parts: Mapping[str, Part]) -> str:
    """``text`` (the page ``page``) with every generated part written again, in page order.

    The example files of the page (titled code blocks) are written into a scratch
    directory as they come, and the parts run there, as a reader following the page would.

    Raises:
        SystemExit: A registered part has no place in the page, or a marker no generator.
    """
    found = [match.group(1) for match in MARK.finditer(text)]
    missing = sorted(set(parts) - set(found))
    if missing:
        raise SystemExit(f"docs/{page}: no place for the parts {missing}")
    out, done = [], 0
    with Session() as session:
        for match in MARK.finditer(text):
            prose = text[done : match.start()]
            session.write_files(prose)
            name, newline, old = match.group(1), match.group(2), match.group(3)
            with common.inside(session.folder):
                new = part_for(page, name, parts, session)(old)
            if newline and not new.endswith("\n"):
                new += "\n"
            out += [prose, f"<!-- generated: {name} -->{newline}{new}<!-- end: {name} -->"]
            done = match.end()
    return "".join([*out, text[done:]])


def stale_parts(page: str, old: str, new: str) -> list[Stale]:
    """The parts of ``page`` whose text differs between ``old`` and ``new``."""
    before = {m.group(1): m.group(3) for m in MARK.finditer(old)}
    after = {m.group(1): m.group(3) for m in MARK.finditer(new)}
    stale = [Stale(f"docs/{page}", name) for name in after if before.get(name) != after[name]]
    if not stale and old != new:
        stale.append(Stale(f"docs/{page}", ""))
    return stale


def run(check: bool, only: Iterable[str] = ()) -> list[Stale]:
    """Regenerate the pages and files (all, or those named in ``only``); with ``check``
    write nothing. Returns what was (or would be) changed."""
    pages, files = _registry()
    wanted = set(only)
    stale: list[Stale] = []
    for page, parts in pages.items():
        if wanted and page not in wanted:
            continue
        path = DOCS / page
        old = path.read_text(encoding="utf-8")
        new = render(page, old, parts)
        stale += stale_parts(page, old, new)
        if not check and new != old:
            path.write_text(new, encoding="utf-8")
    for name, make in files.items():
        if wanted and name not in wanted:
            continue
        path = DOCS / name
        new = make()
        if not path.exists() or path.read_text(encoding="utf-8") != new:
            stale.append(Stale(f"docs/{name}", ""))
            if not check:
                path.write_text(new, encoding="utf-8")
    for name, draw in _charts().items():
        if wanted and name not in wanted:
            continue
        path = DOCS / name
        chart = draw()
        if not path.exists() or png_text(path.read_bytes()) != png_text(chart):
            stale.append(Stale(f"docs/{name}", ""))
            if not check:
                path.write_bytes(chart)
    if not wanted or "play.md" in wanted:
        stale += stale_picture_references()
    return stale


def stale_picture_references() -> list[Stale]:
    """The pictures docs/play.md shows that are missing or out of date, as stale parts.

    Docgen cannot draw them itself (a browser takes them): each one says to run
    ``python -m tools.docgen --screenshots``.
    """
    from . import screenshots

    why = "run python -m tools.docgen --screenshots"
    return [
        Stale("docs/play.md", "pictures", f"{p} ({why})") for p in screenshots.stale_references()
    ]


def main(argv: list[str]) -> int:
    check, shots = "--check" in argv, "--screenshots" in argv
    if shots:
        from . import screenshots

        if screenshots.main(["--check"] if check else []):
            return 1
    only = [a.removeprefix("docs/") for a in argv if a not in ("--check", "--screenshots")]
    stale = run(check, only)
    for item in stale:
        print(item if check or item.reason else f"wrote {item.page} ({item.part or 'whole file'})")
    if check and stale:
        print(f"{len(stale)} stale: run python -m tools.docgen", file=sys.stderr)
        return 1
    return 1 if any(item.reason for item in stale) else 0
