"""``bbg validate`` and ``bbg explain``: check content, read a card."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

import click

if TYPE_CHECKING:
    from baldurs_rules.content.model import Content

from baldurs_rules.cli import (
    _content,
)


# ---------------------------------------------------------------- validate
@click.command()
@click.argument("directory", required=False, type=click.Path(file_okay=False))
def validate(directory: str | None) -> None:
    """Check a content directory (default: the built-in content).

    Prints a summary line and exits 0, or every problem as
    file:line:col: message and exits 1.
    """
    from baldurs_rules.content.loader import load_content
    from baldurs_rules.errors import ContentError

    try:
        content = load_content(directory)
    except ContentError as exc:
        for problem in exc.problems:
            click.echo(problem.format(), err=True)
        count = len(exc.problems)
        click.echo(f"{count} problem{'s' if count != 1 else ''} found", err=True)
        sys.exit(1)
    click.echo(content.summary())


# ---------------------------------------------------------------- explain
def _explain_text(content: Content, ident: str) -> str:
    """Rules text, DSL source and definition place of a card (or a did-you-mean error)."""
    from baldurs_rules.errors import RulesError, did_you_mean
    from baldurs_rules.text import card_text, where_defined

    known = _known_ids(content)
    if ident not in known:
        by_name = {name.lower(): key for key, name in content.names().items() if key in known}
        ident = by_name.get(ident.lower(), ident)
    if ident not in known:
        raise RulesError(f"unknown card or location {ident!r}{did_you_mean(ident, known)}")
    lines = [card_text(content, ident)]
    sources = where_defined(content, ident)
    if sources:
        lines.append("Effects (effect language):")
        for label, source in sources:
            lines.append(f"  {label}: {source}")
    return "\n".join(lines)


def _known_ids(content: Content) -> list[str]:
    ids: list[str] = []
    for cards in (content.buildings, content.gates, content.agendas, content.hqs):
        ids.extend(cards)
    ids.extend(loc.id for loc in content.locations)
    ids.extend(f.id for f in content.factions)
    ids.extend(t.id for t in content.tiles)
    return ids


@click.command()
@click.argument("card")
@click.option("--content", "content_dir", type=click.Path(file_okay=False), help="Content dir.")
def explain(card: str, content_dir: str | None) -> None:
    """Show a card's rules text, its effect source and where it is defined."""
    content = _content(content_dir)
    click.echo(_explain_text(content, card))
