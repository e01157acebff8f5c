"""What the commands of ``bbg`` share: options, the console, progress, and printing a game.

Each helper imports the library lazily, so ``bbg --help`` stays quick.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

import click

from baldurs_rules._resources import bundled_mods

if TYPE_CHECKING:
    from rich.console import Console

    from baldurs_rules.actions import Action
    from baldurs_rules.content.model import Content
    from baldurs_rules.game import Game
    from baldurs_rules.runs.parallel import Outcome, Plan

__all__ = [
    "CONTENT_DIR",
    "CONTENT_HELP",
    "BotsOption",
    "bot_list",
    "check_players",
    "clipped",
    "describe_briefly",
    "escaped",
    "fail",
    "final_table",
    "load_content_dir",
    "make_console",
    "one_line",
    "print_action",
    "print_events",
    "printable",
    "progress_bar",
    "read_line",
    "resolve_id",
    "run_plan",
    "seat_label",
]


def fail(message: str, code: int) -> None:
    """Print ``error: message`` on stderr and exit with ``code``."""
    click.echo(f"error: {printable(message)}", err=True)
    sys.exit(code)


def one_line(exc: BaseException) -> str:
    """The first line worth showing of an error."""
    from baldurs_rules.errors import RulesError

    if isinstance(exc, RulesError) and exc.problems:
        first = exc.problems[0]
        text = f"{first.location}: {first.message}" if first.location else first.message
        more = len(exc.problems) - 1
        if more:
            text += f" (and {more} more problem{'s' if more > 1 else ''})"
        return text
    if isinstance(exc, OSError) and exc.strerror:
        where = f": {exc.filename}" if exc.filename else ""
        return f"{exc.strerror.lower()}{where}"
    text = str(exc).strip() or type(exc).__name__
    return text.splitlines()[0]


class ContentChoice(click.ParamType):  # type: ignore[type-arg]  # generic from click 8.2
    """A ``--content`` value: an existing directory, or the name of a bundled mod.

    A bad value is refused before anything runs, with the bundled names listed.
    """

    name = "content"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> str:
        from baldurs_rules.content.files import content_directory
        from baldurs_rules.errors import ContentError

        text = str(value)
        try:
            found = content_directory(text)
        except ContentError as exc:
            self.fail(exc.problems[0].message, param, ctx)
        if not found.is_dir():
            self.fail(f"Directory {text!r} does not exist.", param, ctx)
        return text


class BotsOption(click.Option):
    """A ``--bots`` option: ``{bots}`` in its help becomes the registered bots' names.

    The names come from the bot registry ([`bot_names`][baldurs_rules.bots.bot_names])
    when the help is read, so ``bbg`` imports no bot until a help text is shown.
    """

    @property
    def help(self) -> str | None:
        if self._help_template is None or "{bots}" not in self._help_template:
            return self._help_template
        from baldurs_rules.bots import bot_names

        return self._help_template.replace("{bots}", ", ".join(bot_names()))

    @help.setter
    def help(self, value: str | None) -> None:
        self._help_template = value


CONTENT_DIR = ContentChoice()
"""A ``--content`` directory or bundled mod name: click checks it before anything runs."""
CONTENT_HELP = "Content dir, or a bundled mod's name (" + ", ".join(bundled_mods()) + ")."
"""The help of every ``--content`` option: the bundled names come from the package."""


_CONTROLS = {code: "\ufffd" for code in (*range(0x20), 0x7F, *range(0x80, 0xA0)) if code != 0x0A}
"""Control characters (C0 but the newline, DEL, C1) and what stands for each on a terminal."""


def printable(text: str, newlines: bool = True) -> str:
    """``text`` with every control character replaced by U+FFFD (keeps newlines unless told).

    Text from files (labels, names, notation) must not drive the terminal: an ESC
    sequence could recolour it, move the cursor or retitle the window.

    Examples:
        >>> printable("red\x1b[31m alert\x07")
        'red\ufffd[31m alert\ufffd'
    """
    text = text.translate(_CONTROLS)
    return text if newlines else text.replace("\n", "\ufffd")


def make_console(stderr: bool = False) -> Console:
    from rich.console import Console

    stream = sys.stderr if stderr else sys.stdout
    width = None if stream.isatty() else 110
    return guarded(Console(stderr=stderr, width=width, highlight=False))


def guarded(console: Console) -> Console:
    """The console, with every control character of the text it prints made harmless.

    Rich's own styles and cursor moves are control segments and pass; a control
    character inside text (from a file: a label, a name, a notation) is replaced
    by U+FFFD, so it never reaches the terminal as a command.
    """
    from rich.console import RenderHook

    class _Guard(RenderHook):
        def process_renderables(self, renderables: list[Any]) -> list[Any]:
            return [_Printable(r) for r in renderables]

    console.push_render_hook(_Guard())
    return console


class _Printable:
    """A renderable whose text segments hold no control character (see ``guarded``)."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner

    def __rich_console__(self, console: Console, options: Any) -> Iterator[Any]:
        from rich.segment import Segment

        for segment in console.render(self.inner, options):
            if segment.control:
                yield segment
            else:
                yield Segment(printable(segment.text), segment.style)


@contextmanager
def progress_bar(label: str, total: int) -> Iterator[Callable[[int], None]]:
    """A progress bar on stderr; yields ``advance(count)``.

    It refreshes only when told (no refresh thread), since worker processes may fork.
    """
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeElapsedColumn

    with Progress(
        "[progress.description]{task.description}",
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=make_console(stderr=True),
        auto_refresh=False,
    ) as progress:
        task = progress.add_task(label, total=total)

        def advance(count: int) -> None:
            progress.advance(task, count)
            progress.refresh()

        yield advance


def run_plan(
    plan: Plan,
    out_file: str | None,
    resume: bool,
    label: str,
    show: Callable[[Outcome], None],
) -> Outcome:
    """Run a plan under a progress bar, show its outcome, and stop like a shell tool.

    The games stream to ``out_file`` (if given), resumed with ``resume``. On the
    first SIGINT or SIGTERM the workers stop, ``show`` gets the partial outcome,
    and the command exits with 130 or 143 and one ``error:`` line saying what was
    kept. A command with its own kind of games (a tournament) passes its own plan
    and its own ``show``.
    """
    from baldurs_rules.runs.parallel import open_records, run, stop_on_signals

    if resume and not out_file:
        raise click.UsageError("--resume needs the file to resume (--out or --records)")
    file = open_records(plan, out_file, resume) if out_file else None  # before any game
    if file is not None and file.resumed:
        click.echo(f"{file.resumed} of {plan.games} games already in {out_file}", err=True)
    try:
        with stop_on_signals() as stop:  # a second signal while showing the outcome waits too
            with progress_bar(label, plan.games) as advance:
                outcome = run(plan, file, resume, advance, stop)
            show(outcome)
    finally:
        if file is not None:
            file.close()
    if not outcome.complete:
        done = len(outcome.records)
        kept = (
            f"; the finished games are in {out_file} (run again with --resume to continue)"
            if out_file
            else ""
        )
        fail(
            f"interrupted by {outcome.signal_name} after {done} of {plan.games} games{kept}",
            outcome.exit_code,
        )
    return outcome


def load_content_dir(directory: str | None) -> Content:
    from baldurs_rules.content.loader import load_content

    return load_content(directory)


def resolve_id(kind: str, text: str, names: Mapping[str, str]) -> str:
    """The id that a user's ``text`` names: an id or a display name, in any case.

    Spaces may stand for underscores and runs of spaces count as one. An unknown
    text is a ``RulesError`` that suggests the closest id (or name).

    Examples:
        >>> resolve_id("card", "The  ELFSONG tavern", {"elfsong_tavern": "The Elfsong Tavern"})
        'elfsong_tavern'
        >>> resolve_id("card", "elfsong tavern", {"elfsong_tavern": "The Elfsong Tavern"})
        'elfsong_tavern'
    """
    from baldurs_rules.errors import RulesError, did_you_mean

    def key(word: str) -> str:
        return " ".join(word.split()).lower()

    aliases = {key(name): ident for ident, name in names.items()}
    for ident in names:
        aliases[key(ident)] = aliases[key(ident.replace("_", " "))] = ident
    wanted = key(text)
    if wanted in aliases:
        return aliases[wanted]
    ids = {key(ident): ident for ident in names}
    hint = did_you_mean(wanted.replace(" ", "_"), ids) or did_you_mean(wanted, aliases)
    raise RulesError(f"unknown {kind} {text!r}{hint}")


def bot_list(text: str) -> list[str]:
    from baldurs_rules.bots import make_bot, split_specs
    from baldurs_rules.errors import RulesError

    try:
        names = [n.lower() for n in split_specs(text)]  # a spec's options have commas too
    except RulesError as exc:
        raise click.BadParameter(exc.message, param_hint="'--bots'") from None
    if not names:
        raise click.BadParameter("give at least one bot name", param_hint="'--bots'")
    for name in names:
        try:
            make_bot(name)
        except RulesError as exc:
            raise click.BadParameter(exc.message, param_hint="'--bots'") from None
    return names


def check_players(content: Content, players: int) -> None:
    low, high = content.settings["players"]["min"], content.settings["players"]["max"]
    if not low <= players <= high:
        raise click.BadParameter(
            f"must be {low} to {high}, not {players}", param_hint="'--players'"
        )


def seat_label(labels: Sequence[str], seat: int) -> str:
    return f"seat {seat} ({labels[seat]})" if 0 <= seat < len(labels) else "the city"


def clipped(text: str, limit: int = 90) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def describe_briefly(game: Game, action: Action) -> str:
    """A short description: builds and visits in a few words, others as the engine says."""
    try:
        names = game.content.names()
        if action.kind == "visit":
            location = str(action.args[0])
            district = next(
                (loc.district for loc in game.content.locations if loc.id == location), ""
            )
            return f"Place the worker on {names.get(location, location)} in {names[district]}"
        text = game.describe(action)
        if action.kind == "build":
            return text.split(". ", 1)[0]
        return text
    except Exception:  # a description is a nicety: never let it stop a game
        return str(action)


def print_events(
    out: Console, game: Game, events: Sequence[dict[str, Any]], labels: Sequence[str]
) -> None:
    """Highlight attacks and the end of the game among new events."""
    from rich.markup import escape

    names = game.content.names()
    for e in events:
        kind = e["kind"]
        who = escape(seat_label(labels, e["seat"]))
        district = escape(names.get(str(e.get("district", "")), str(e.get("district", ""))))
        if kind == "attack":
            outcome = "[green]held[/]" if e.get("held") else "[red]fallen[/]"
            out.print(
                f"   [bold red]⚔ attack on {district}[/]: strength {e['strength']}, "
                f"defense {e['defense']} — {outcome}"
            )
        elif kind == "resource" and str(e["cause"]).startswith("attack"):
            out.print(f"     {who} gains {e['delta']} {e['resource']} for the defense")
        elif kind == "damage_token":
            out.print(f"     a damage token on the special location of {district}")
        elif kind == "damaged":
            out.print(f"     [red]the building of {who} on lot {e['lot']} is damaged[/]")
        elif kind == "end_triggered":
            out.print("   [bold magenta]★ the last lot token is drawn: the end is triggered[/]")
        elif kind == "final_round":
            out.print("   [bold magenta]★ final round: every player takes one last turn[/]")
        elif kind == "final_token":
            out.print(
                f"   [bold magenta]★ the face-down token is lot {e['lot']}: "
                f"final attack on {district}[/]"
            )
        elif kind == "agenda_scored":
            card = escape(names.get(str(e["cause"]), str(e["cause"])))
            out.print(f"   [magenta]{who} scores agenda {card}: {e['value']}[/]")


def final_table(out: Console, game: Game, labels: Sequence[str]) -> None:
    from rich.table import Table

    result = game.result()
    table = Table(title="Final scoring")
    table.add_column("seat")
    table.add_column("player")
    table.add_column("before", justify="right")
    for step in result.steps:
        table.add_column(step, justify="right")
    table.add_column("total", justify="right", style="bold")
    table.add_column("rank", justify="right")
    rank = {seat: i + 1 for i, seat in enumerate(result.ranking)}
    for seat in range(len(result.prestige)):
        table.add_row(
            str(seat),
            escaped(labels[seat]),
            str(result.before_scoring[seat]),
            *(str(values[seat]) for values in result.steps.values()),
            str(result.prestige[seat]),
            str(rank[seat]),
        )
    out.print(table)
    winners = ", ".join(f"seat {s} ({escaped(labels[s])})" for s in result.winners)
    top = result.prestige[result.winners[0]]
    if len(result.winners) == 1:
        out.print(f"[bold green]Winner: {winners} with {top} prestige[/]")
    else:
        out.print(f"[bold green]Shared victory (winners): {winners} with {top} prestige[/]")


def print_action(
    out: Console, game: Game, seat: int, action: Action, labels: Sequence[str]
) -> None:
    from rich.markup import escape

    text = escape(clipped(describe_briefly(game, action), 160))
    out.print(
        f"[dim]t{game.state.turn:>3}[/] {escape(seat_label(labels, seat))}: "
        f"[bold]{escape(str(action))}[/] — {text}",
        no_wrap=True,
        overflow="ellipsis",
    )


def escaped(text: str) -> str:
    """Text from a file, safe in Rich markup: its brackets escaped, its control
    characters replaced (see ``printable``)."""
    from rich.markup import escape

    return escape(printable(text))


def read_line(prompt: str) -> str | None:
    """One line of input (None at the end of input)."""
    click.echo(prompt, nl=False)
    try:
        line = input()
    except EOFError:
        click.echo()
        return None
    return line
