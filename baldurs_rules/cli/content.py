"""``bbg validate``, ``bbg explain`` and ``bbg content``: check content, read a card, copy it."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path
from typing import TYPE_CHECKING

import click

if TYPE_CHECKING:
    from baldurs_rules.content.diff import ContentDiff
    from baldurs_rules.content.model import Content

from baldurs_rules.cli.common import (
    CONTENT_DIR,
    CONTENT_HELP,
    load_content_dir,
    printable,
    resolve_id,
)


# ---------------------------------------------------------------- validate
@click.command()
@click.argument("directory", required=False, type=CONTENT_DIR)
@click.option("--strict", is_flag=True, help="Exit 1 when there are warnings too.")
def validate(directory: str | None, strict: bool) -> None:
    """Check a content directory (default: the built-in content).

    Prints every problem as file:line:col: message on stderr and exits 1 when
    the content does not load; else each warning (file:line:col: warning:
    message), their count and the summary line, and exits 0 (1 with --strict
    when there are warnings).
    """
    from baldurs_rules.content.lint import content_warnings
    from baldurs_rules.content.loader import load_content
    from baldurs_rules.errors import ContentError

    try:
        content = load_content(directory)
    except ContentError as exc:
        for problem in exc.problems:
            click.echo(printable(problem.format()), err=True)
        count = len(exc.problems)
        click.echo(f"{count} problem{'s' if count != 1 else ''} found", err=True)
        sys.exit(1)
    warnings = content_warnings(directory)  # the content loads: they go with its summary
    for warning in warnings:
        click.echo(printable(warning.format()))
    if warnings:
        count = len(warnings)
        click.echo(f"{count} warning{'s' if count != 1 else ''}")
    click.echo(printable(content.summary()))
    if strict and warnings:
        sys.exit(1)


# ---------------------------------------------------------------- explain
def explain_text(content: Content, text: str, source: bool = False) -> str:
    """Rules text of a card (or a did-you-mean error); with ``source``, also the effect
    language source of each effect and the file:line:column it is defined at."""
    from baldurs_rules._resources import default_content_dir
    from baldurs_rules.present.card_text import card_text, where_defined

    names = content.names()
    ident = resolve_id("card or location", text, {i: names.get(i, i) for i in _known_ids(content)})
    lines = [card_text(content, ident)]
    sources = where_defined(content, ident) if source else []
    if sources:
        lines.append("Effects (effect language):")
        for label, effect in sources:
            lines.append(f"  {label}: {effect}")
    if any("# content/" in effect for _, effect in sources):
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
@click.option(
    "--source",
    is_flag=True,
    help="Also show each effect in the effect language and the file:line it is defined at.",
)
def explain(card: str, content_dir: str | None, source: bool) -> None:
    """Show a card's rules text (with --source: its effect source and where it is defined).

    CARD is an id or a display name, in any case (``"the high hall"``).
    """
    from baldurs_rules.errors import RulesError

    content = load_content_dir(content_dir)
    try:
        text = explain_text(content, card, source)
    except RulesError:
        removal = _removal(content_dir, card)
        if removal is None:
            raise
        from baldurs_rules.content.diff import Removal

        assert isinstance(removal, Removal)
        raise RulesError(
            f"{removal.id!r} was removed by the mod {removal.mod!r}"
            f" (remove: in {removal.location}); explain it without --content"
            " to read the card it removed"
        ) from None
    click.echo(printable(text))


def _removal(content_dir: str | None, card: str) -> object | None:
    """The removal of ``card`` (an id, or a name of the content without the mod) by a mod."""
    from baldurs_rules.content.diff import removed_by

    removals = removed_by(content_dir)
    key = "_".join(card.lower().split())
    if key in removals:
        return removals[key]
    base = load_content_dir(None)
    names = {"_".join(name.lower().split()): ident for ident, name in base.names().items()}
    return removals.get(names.get(key, ""))


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
@click.option(
    "--merged",
    "merged",
    type=CONTENT_DIR,
    help="Write the content of this mod merged with what it extends, as one full content.",
)
def export(directory: Path, force: bool, merged: str | None) -> None:
    """Copy the built-in content (or a mod merged, --merged MOD) to DIRECTORY.

    Edit the copy, then check it with 'bbg validate DIRECTORY'.
    """
    from baldurs_rules._resources import default_content_dir

    if directory.exists() and any(directory.iterdir()) and not force:
        raise click.ClickException(
            f"{directory} is not empty: give an empty or new directory, "
            "or --force to copy over its files"
        )
    if merged is not None:
        _export_merged(merged, directory)
        return
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


def _export_merged(mod: str, directory: Path) -> None:
    from baldurs_rules.content.diff import merged_files
    from baldurs_rules.content.yamlio import dump_yaml

    files = merged_files(mod)
    directory.mkdir(parents=True, exist_ok=True)
    for name, data in files.items():
        header = f"# {name} of {mod} merged with the content it extends (bbg content export)\n"
        (directory / name).write_text(header + dump_yaml(data), "utf-8")
    click.echo(
        f"wrote the {len(files)} files of {mod} merged with the content it extends"
        f" to {directory}; check with: bbg validate {directory}"
    )


# ---------------------------------------------------------------- diff
@content_group.command(name="diff")
@click.argument("mod", type=CONTENT_DIR)
@click.option("--json", "as_json", is_flag=True, help="Print the changes as JSON, for tools.")
def diff(mod: str, as_json: bool) -> None:
    """What the mod MOD changes against the content it extends.

    Lists the cards added, replaced (each changed field, and the card's text
    before and after), removed, and every value of game.yaml changed.
    """
    from baldurs_rules.content.diff import content_diff

    changes = content_diff(mod)
    if as_json:
        import json

        click.echo(json.dumps(_with_text(changes), indent=2, ensure_ascii=False))
        return
    click.echo(printable(diff_text(changes)))


_STATUSES = ("added", "replaced", "removed")
_SINGULAR = {
    "buildings": "building",
    "gates": "gate",
    "agendas": "agenda",
    "hqs": "HQ",
    "locations": "location",
    "factions": "faction",
}


def _value(value: object) -> str:
    return "none" if value is None or value == "" else repr(value)


def _card_lines(content: Content | None, ident: str) -> list[str]:
    from baldurs_rules.present.card_text import card_text

    if content is None:
        return []
    try:
        return card_text(content, ident).splitlines()
    except KeyError:
        return []


def diff_text(changes: ContentDiff) -> str:
    """The report of ``bbg content diff``: cards by status, then the values of game.yaml."""
    counts = {s: sum(1 for c in changes.cards if c.status == s) for s in _STATUSES}
    base = "the default content" if changes.base == "default" else changes.base
    lines = [
        f"{changes.name}: {counts['added']} added, {counts['replaced']} replaced,"
        f" {counts['removed']} removed, {len(changes.numbers)}"
        f" value{'s' if len(changes.numbers) != 1 else ''} of game.yaml changed"
        f" (against {base})"
    ]
    for status in _STATUSES:
        group = [c for c in changes.cards if c.status == status]
        if group:
            lines.append(f"{status.capitalize()}:")
        for card in group:
            lines.append(f"  {_SINGULAR[card.kind]} {card.id} ({card.name})")
            lines += [
                f"    {f.field}: {_value(f.before)} -> {_value(f.after)}" for f in card.fields
            ]
            before = _card_lines(changes.base_content, card.id) if status != "added" else []
            after = _card_lines(changes.content, card.id) if status != "removed" else []
            if status == "replaced":
                lines += ["    before:", *(f"      {t}" for t in before)]
                lines += ["    after:", *(f"      {t}" for t in after)]
            else:
                lines += [f"    {t}" for t in before + after]
    if changes.numbers:
        lines.append("game.yaml:")
        lines += [f"  {n.path}: {_value(n.before)} -> {_value(n.after)}" for n in changes.numbers]
    if changes.map_changed:
        lines.append("map.yaml: the mod's map replaces the whole map")
    return "\n".join(lines)


def _with_text(changes: ContentDiff) -> dict[str, object]:
    """The JSON of a diff, each card with its text before and after (lines, [] when absent)."""
    data = changes.to_json()
    cards: list[dict[str, object]] = data["cards"]
    for card, change in zip(cards, changes.cards, strict=True):
        card["text_before"] = _card_lines(changes.base_content, change.id)
        card["text_after"] = _card_lines(changes.content, change.id)
        if change.status == "added":
            card["text_before"] = []
        if change.status == "removed":
            card["text_after"] = []
    return data


# ---------------------------------------------------------------- schema
@content_group.command(name="schema")
@click.option(
    "--out",
    "directory",
    required=True,
    type=click.Path(file_okay=False, path_type=Path),
    help="Directory to write the schemas to (made if missing).",
)
def schema(directory: Path) -> None:
    """Write the JSON Schema of every content file kind (and mod.yaml) to a directory.

    Point an editor's YAML language server at them: a first line
    '# yaml-language-server: $schema=SCHEMAS/buildings.json' in buildings.yaml.
    """
    from baldurs_rules._resources import schema_dir

    directory.mkdir(parents=True, exist_ok=True)
    names = sorted(p.name for p in schema_dir().glob("*.json"))
    for name in names:
        shutil.copyfile(schema_dir() / name, directory / name)
    click.echo(f"wrote {len(names)} schemas to {directory}: {', '.join(names)}")
