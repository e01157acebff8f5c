"""``bbg validate``, ``bbg explain`` and ``bbg content``: check content, read a card, copy it."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path
from typing import TYPE_CHECKING

import click

if TYPE_CHECKING:
    from baldurs_rules.content.model import Content

from baldurs_rules.cli.common import CONTENT_DIR, CONTENT_HELP, load_content_dir, resolve_id


# ---------------------------------------------------------------- validate
@click.command()
@click.argument("directory", required=False, type=CONTENT_DIR)
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
def explain_text(content: Content, text: str) -> str:
    """Rules text, DSL source and definition place of a card (or a did-you-mean error)."""
    from baldurs_rules._resources import default_content_dir
    from baldurs_rules.present.card_text import card_text, where_defined

    names = content.names()
    ident = resolve_id("card or location", text, {i: names.get(i, i) for i in _known_ids(content)})
    lines = [card_text(content, ident)]
    sources = where_defined(content, ident)
    if sources:
        lines.append("Effects (effect language):")
        for label, source in sources:
            lines.append(f"  {label}: {source}")
    if any("# content/" in source for _, source in sources):
        lines.append(
            f"(content/ is the built-in content, in {default_content_dir()}; "
            "'bbg content export DIR' copies it to mod)"
        )
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
@click.option("--content", "content_dir", type=CONTENT_DIR, help=CONTENT_HELP)
def explain(card: str, content_dir: str | None) -> None:
    """Show a card's rules text, its effect source and where it is defined.

    CARD is an id or a display name, in any case (``"the high hall"``).
    """
    content = load_content_dir(content_dir)
    click.echo(explain_text(content, card))


# ---------------------------------------------------------------- content
@click.group(name="content", invoke_without_command=True)
@click.option("--path", "show_path", is_flag=True, help="Print where the built-in content is.")
@click.pass_context
def content_group(ctx: click.Context, show_path: bool) -> None:
    """The built-in content: where it is installed, and a copy to mod."""
    from baldurs_rules._resources import default_content_dir

    if show_path:
        click.echo(str(default_content_dir()))
    elif ctx.invoked_subcommand is None:
        click.echo(ctx.get_help())


@content_group.command(name="export")
@click.argument("directory", type=click.Path(file_okay=False, path_type=Path))
@click.option("--force", is_flag=True, help="Copy into a directory that is not empty.")
def export(directory: Path, force: bool) -> None:
    """Copy the built-in content to DIRECTORY, to edit it (check it with 'bbg validate DIR')."""
    from baldurs_rules._resources import default_content_dir

    if directory.exists() and any(directory.iterdir()) and not force:
        raise click.ClickException(
            f"{directory} is not empty: give an empty or new directory, "
            "or --force to copy over its files"
        )
    source = default_content_dir()
    files = sorted(p for p in source.rglob("*") if p.is_file() and "__pycache__" not in p.parts)
    for path in files:
        target = directory / path.relative_to(source)
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(path, target)
    click.echo(
        f"copied {len(files)} files of the built-in content to {directory}; "
        f"edit them, then check with: bbg validate {directory}"
    )
