"""``bbg``: validate content, play, simulate, explain cards, replay and render games.

Every command imports the library lazily, so ``bbg --help`` stays quick. Errors
print one line, ``error: ...``, on stderr and exit with status 2 for a usage
error and 1 otherwise; ``bbg validate`` prints every content problem in
compiler style (``file:line:col: message``, the source line and a caret).

Example:
    >>> from click.testing import CliRunner
    >>> result = CliRunner().invoke(main, ["validate"])
    >>> result.exit_code, result.output.startswith("ok: ")
    (0, True)
"""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

if TYPE_CHECKING:
    from rich.console import Console

    from baldurs_rules.actions import Action
    from baldurs_rules.bots import Bot
    from baldurs_rules.content.model import Content
    from baldurs_rules.game import Game

__all__ = ["cli", "main"]


# ---------------------------------------------------------------- errors
def _one_line(exc: BaseException) -> str:
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


def _fail(message: str, code: int) -> None:
    click.echo(f"error: {message}", err=True)
    sys.exit(code)


_NO_ARGS_IS_HELP: Any = getattr(click.exceptions, "NoArgsIsHelpError", ())


class _Cli(click.Group):
    """A group whose every error ends in one ``error: ...`` line, never a traceback."""

    def main(
        self,
        args: Sequence[str] | None = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        **extra: Any,
    ) -> Any:
        from baldurs_rules.errors import RulesError

        try:
            value = super().main(args, prog_name, complete_var, False, **extra)
        except _NO_ARGS_IS_HELP as exc:  # click >= 8.2: bare ``bbg`` shows the help
            click.echo(exc.ctx.get_help() if exc.ctx else exc.format_message())
            value = 0
        except click.UsageError as exc:
            hint = ""
            if exc.ctx is not None:
                hint = f" (see '{exc.ctx.command_path} --help')"
            _fail(exc.format_message().splitlines()[0] + hint, 2)
        except click.ClickException as exc:
            _fail(exc.format_message(), exc.exit_code)
        except click.Abort:
            _fail("aborted", 1)
        except (RulesError, OSError) as exc:
            _fail(_one_line(exc), 1)
        except KeyboardInterrupt:
            _fail("interrupted", 130)
        if not standalone_mode:
            return value
        sys.exit(value if isinstance(value, int) else 0)


# ---------------------------------------------------------------- helpers
def _console(stderr: bool = False) -> Console:
    from rich.console import Console

    stream = sys.stderr if stderr else sys.stdout
    width = None if stream.isatty() else 110
    return Console(stderr=stderr, width=width, highlight=False)


def _content(directory: str | None) -> Content:
    from baldurs_rules.content.loader import load_content

    return load_content(directory)


def _bot_list(text: str) -> list[str]:
    from baldurs_rules.bots import make_bot
    from baldurs_rules.errors import RulesError

    names = [n.strip().lower() for n in text.split(",") if n.strip()]
    if not names:
        raise click.BadParameter("give at least one bot name", param_hint="'--bots'")
    for name in names:
        try:
            make_bot(name)
        except RulesError as exc:
            raise click.BadParameter(exc.message, param_hint="'--bots'") from None
    return names


def _check_players(content: Content, players: int) -> None:
    low, high = content.settings["players"]["min"], content.settings["players"]["max"]
    if not low <= players <= high:
        raise click.BadParameter(
            f"must be {low} to {high}, not {players}", param_hint="'--players'"
        )


def _seat_label(labels: Sequence[str], seat: int) -> str:
    return f"seat {seat} ({labels[seat]})" if 0 <= seat < len(labels) else "the city"


def _short(text: str, limit: int = 90) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _describe(game: Game, action: Action) -> str:
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


def _print_events(
    out: Console, game: Game, events: Sequence[dict[str, Any]], labels: Sequence[str]
) -> None:
    """Highlight attacks and the end of the game among new events."""
    from rich.markup import escape

    names = game.content.names()
    for e in events:
        kind = e["kind"]
        who = escape(_seat_label(labels, e["seat"]))
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


def _final_table(out: Console, game: Game, labels: Sequence[str]) -> None:
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
            labels[seat],
            str(result.before_scoring[seat]),
            *(str(values[seat]) for values in result.steps.values()),
            str(result.prestige[seat]),
            str(rank[seat]),
        )
    out.print(table)
    winners = ", ".join(f"seat {s} ({labels[s]})" for s in result.winners)
    top = result.prestige[result.winners[0]]
    if len(result.winners) == 1:
        out.print(f"[bold green]Winner: {winners} with {top} prestige[/]")
    else:
        out.print(f"[bold green]Shared victory (winners): {winners} with {top} prestige[/]")


def _print_action(
    out: Console, game: Game, seat: int, action: Action, labels: Sequence[str]
) -> None:
    from rich.markup import escape

    text = escape(_short(_describe(game, action), 160))
    out.print(
        f"[dim]t{game.state.turn:>3}[/] {escape(_seat_label(labels, seat))}: "
        f"[bold]{escape(str(action))}[/] — {text}",
        no_wrap=True,
        overflow="ellipsis",
    )


# ---------------------------------------------------------------- the group
@click.group(cls=_Cli, name="bbg", context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="baldurs_rules", prog_name="bbg")
def cli() -> None:
    """Builders of Baldur's Gate, played from rules kept as data."""


main = cli
"""The ``bbg`` entry point (``baldurs_rules.cli:main``)."""


# ---------------------------------------------------------------- validate
@cli.command()
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


# ---------------------------------------------------------------- play
@cli.command()
@click.option("--players", default=4, show_default=True, type=int, help="Number of players.")
@click.option("--humans", default=0, show_default=True, type=int, help="Human seats (first).")
@click.option("--seed", default=7, show_default=True, type=int, help="The game's seed.")
@click.option("--advanced", is_flag=True, help="Use the advanced setup.")
@click.option(
    "--bots",
    "bot_names",
    default="greedy",
    show_default=True,
    help="Bots for the other seats, comma separated, cycled (random, greedy).",
)
@click.option("--content", "content_dir", type=click.Path(file_okay=False), help="Content dir.")
@click.option("--quiet", is_flag=True, help="Bot games: print only the final table.")
def play(
    players: int,
    humans: int,
    seed: int,
    advanced: bool,
    bot_names: str,
    content_dir: str | None,
    quiet: bool,
) -> None:
    """Play a game: humans take the first seats, bots the rest.

    At a human decision type the number of an action or its notation, or one
    of: help, board, explain CARD, undo, save FILE, load FILE, quit.
    """
    from baldurs_rules.bots import make_bot
    from baldurs_rules.game import new_game
    from baldurs_rules.simulate import bot_seed

    if not 0 <= humans <= players:
        raise click.BadParameter(f"must be 0 to {players}", param_hint="'--humans'")
    names = _bot_list(bot_names)
    content = _content(content_dir)
    _check_players(content, players)
    game = new_game(players, seed, advanced, content)
    bots: list[Bot | None] = [None] * players
    labels: list[str] = []
    for seat in range(players):
        if seat < humans:
            labels.append("you" if humans == 1 else f"human {seat + 1}")
        else:
            bot = make_bot(names[(seat - humans) % len(names)], bot_seed(seed, seat))
            bots[seat] = bot
            labels.append(bot.name)
    out = _console()
    out.print(
        f"[bold]Builders of Baldur's Gate[/] — {players} players, seed {seed}"
        + (", advanced" if advanced else "")
        + ": "
        + ", ".join(f"seat {s} {labels[s]}" for s in range(players))
    )
    session = _Session(out, game, bots, labels, quiet)
    if not session.run():
        return
    out.print()
    _final_table(out, session.game, labels)


_QUIT = "quit"
_CHANGED = "changed"


class _Session:
    """The play loop: bots move, humans are asked, with undo/save/load."""

    def __init__(
        self,
        out: Console,
        game: Game,
        bots: list[Bot | None],
        labels: list[str],
        quiet: bool,
    ) -> None:
        self.out = out
        self.game = game
        self.bots = bots
        self.labels = labels
        self.quiet = quiet
        self.history: list[Game] = []

    def run(self) -> bool:
        """Play to the end; False if the human quit (or the input ended)."""
        while not self.game.is_over:
            seat = self.game.current_player
            bot = self.bots[seat]
            if bot is not None:
                self.apply(seat, bot.choose(self.game))
                continue
            answer = self.ask(seat)
            if answer is _QUIT:
                return False
            if answer is _CHANGED:
                continue
            assert not isinstance(answer, str)
            self.history.append(self.game.clone())
            self.apply(seat, answer)
        return True

    def apply(self, seat: int, action: Action) -> None:
        game = self.game
        before = len(game.events)
        if not self.quiet:
            _print_action(self.out, game, seat, action, self.labels)
        game.apply(action)
        if not self.quiet:
            _print_events(self.out, game, game.events[before:], self.labels)

    # ------------------------------------------------------------ a human's decision
    def ask(self, seat: int) -> Action | str:
        """A human's answer: an action, ``_CHANGED`` (undo, load) or ``_QUIT``."""
        from baldurs_rules.errors import RulesError

        game = self.game
        if game.decision is not None and game.decision[0] == "turn":
            _board(self.out, game, seat, self.labels)
        self.show_options(seat)
        while True:
            line = _read(f"seat {seat}> ")
            if line is None:
                self.out.print("end of input: leaving the game")
                return _QUIT
            words = line.split()
            if not words:
                continue
            command, rest = words[0].lower(), " ".join(words[1:])
            if command.isdigit():
                options = game.legal_actions()
                number = int(command)
                if 1 <= number <= len(options):
                    return options[number - 1]
                self.out.print(f"[red]choose 1 to {len(options)}[/]")
                continue
            if command in ("quit", "exit"):
                self.out.print("bye")
                return _QUIT
            try:
                handled = self.command(seat, command, rest)
            except (RulesError, OSError) as exc:
                self.out.print(f"[red]error: {_markup(_one_line(exc))}[/]")
                continue
            if handled is True:
                return _CHANGED
            if handled is False:
                continue
            try:
                return game.parse_action(line)
            except RulesError as exc:
                self.out.print(f"[red]{_markup(_one_line(exc))}[/] (type help)")

    def command(self, seat: int, command: str, rest: str) -> bool | None:
        """Run a session command: True if the game changed, False if handled, None if not one."""
        from baldurs_rules.actions import ACTION_KINDS
        from baldurs_rules.game import Game

        out = self.out
        if command in ("help", "?"):
            out.print(
                "Type the number of an action, or its notation (e.g. 'income').\n"
                "Commands: help · board · explain CARD · undo · save FILE · load FILE · quit\n"
                "Action kinds:"
            )
            for kind, meaning in ACTION_KINDS.items():
                out.print(f"  [bold]{kind}[/]: {_markup(meaning)}")
            return False
        if command == "board":
            _board(out, self.game, seat, self.labels)
            self.show_options(seat)
            return False
        if command == "explain":
            if not rest:
                out.print("[red]explain what? give a card, location or faction id[/]")
                return False
            out.print(_markup(_explain_text(self.game.content, rest.strip())))
            return False
        if command == "undo":
            if not self.history:
                out.print("[red]nothing to undo[/]")
                return False
            self.game = self.history.pop()
            out.print("undone: back to your previous decision")
            return True
        if command == "save":
            if not rest:
                out.print("[red]save where? give a file name[/]")
                return False
            Path(rest).write_text(self.game.to_json(), encoding="utf-8")
            out.print(f"saved to {_markup(rest)}")
            return False
        if command == "load":
            if not rest:
                out.print("[red]load what? give a file name[/]")
                return False
            text = Path(rest).read_text(encoding="utf-8")
            loaded = Game.from_json(text, self.game.content)
            if loaded.state.players != self.game.state.players:
                out.print(
                    f"[red]that game has {loaded.state.players} players, "
                    f"this one {self.game.state.players}[/]"
                )
                return False
            self.game = loaded
            self.history.clear()
            out.print(f"loaded {_markup(rest)}")
            return True
        return None

    def show_options(self, seat: int) -> None:
        from rich.markup import escape

        game, out = self.game, self.out
        decision = game.decision
        kind = decision[0] if decision else "?"
        out.print(f"[bold]{escape(self.labels[seat])} (seat {seat}) decides: {kind}[/]")
        for text in _relevant_texts(game, seat):
            out.print(escape(text))
        for number, action in enumerate(game.legal_actions(), 1):
            out.print(
                f"  [cyan]{number:>3}[/] [bold]{escape(str(action))}[/] — "
                f"{escape(_short(_describe(game, action), 160))}",
                no_wrap=True,
                overflow="ellipsis",
            )


def _markup(text: str) -> str:
    from rich.markup import escape

    return escape(text)


def _read(prompt: str) -> str | None:
    """One line of input (None at the end of input)."""
    click.echo(prompt, nl=False)
    try:
        line = input()
    except EOFError:
        click.echo()
        return None
    return line


def _relevant_texts(game: Game, seat: int) -> list[str]:
    """Card texts worth showing at the pending decision."""
    from baldurs_rules.text import card_text

    content = game.content
    decision = game.decision
    if decision is None:
        return []
    kind = decision[0]
    cards: list[str] = []
    if kind == "trade":
        cards = [content.locations[int(decision[2])].id]
    elif kind == "income":
        cards = [str(a.args[0]) for a in game.legal_actions() if a.kind == "use"]
    elif kind in ("take", "build"):
        cards = list(dict.fromkeys(str(a.args[0]) for a in game.legal_actions() if a.args))
        cards = [c for c in cards if c in content.buildings]
    elif kind in ("keep", "draft"):
        cards = [str(a.args[0]) for a in game.legal_actions() if a.args]
    texts = []
    for card in cards:
        try:
            texts.append(card_text(content, card))
        except KeyError:
            continue
    return texts


def _board(out: Console, game: Game, seat: int, labels: Sequence[str]) -> None:
    """The public board and the seat's own cards."""
    from rich.markup import escape
    from rich.table import Table

    from baldurs_rules.text import card_text

    content = game.content
    names = content.names()
    view = game.view(seat)
    out.rule(
        f"turn {view['turn']} · {view['phase']} · attack strength {view['strength']} · "
        f"{view['bag_size']} lot tokens in the bag"
    )
    table = Table(show_edge=False, pad_edge=False)
    table.add_column("seat")
    for rid in content.resources:
        table.add_column(rid.id, justify="right")
    for faction in content.factions:
        table.add_column(faction.name.split()[-1][:8], justify="right")
    table.add_column("worker")
    table.add_column("portfolio", justify="right")
    table.add_column("hand", justify="right")
    for s, info in enumerate(view["seats"]):
        worker = info["worker"]
        table.add_row(
            f"{s} {labels[s]}" + (" *" if s == seat else ""),
            *(str(info["resources"][r.id]) for r in content.resources),
            *(str(info["influence"][f.id]) for f in content.factions),
            names.get(worker, "home") if worker else "home",
            str(len(info["portfolio"])),
            str(info["hand_size"]),
        )
    out.print(table)
    tracks = ", ".join(
        f"{names.get(d, d)} {n}" + (f" (damage {view['damage'][d]})" if view["damage"][d] else "")
        for d, n in view["tracks"].items()
        if n or view["damage"][d]
    )
    out.print(f"attack tracks: {escape(tracks or 'all empty')}")
    available = [str(n) for n, lot in view["lots"].items() if lot["status"] == "available"]
    out.print(f"available lots: {', '.join(available) or 'none'}")
    offer = ", ".join(names.get(c, c) for c in view["offer"])
    out.print(f"offer: {escape(offer or 'empty')}")
    out.print("[bold]your hand:[/]")
    for card in view["hand"]:
        out.print("  " + escape(card_text(content, card)).replace("\n", "\n  "))
    if not view["hand"]:
        out.print("  (no building cards)")
    out.print("[bold]your agendas:[/]")
    for card in view["agendas"]:
        out.print("  " + escape(card_text(content, card)).replace("\n", "\n  "))
    portfolio = [names.get(c, c) for c in view["seats"][seat]["portfolio"]]
    if portfolio:
        out.print(f"your portfolio: {escape(', '.join(portfolio))}")


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


@cli.command()
@click.argument("card")
@click.option("--content", "content_dir", type=click.Path(file_okay=False), help="Content dir.")
def explain(card: str, content_dir: str | None) -> None:
    """Show a card's rules text, its effect source and where it is defined."""
    content = _content(content_dir)
    click.echo(_explain_text(content, card))


# ---------------------------------------------------------------- simulate
@cli.command()
@click.option("--games", default=100, show_default=True, type=click.IntRange(min=0))
@click.option("--players", default=4, show_default=True, type=int)
@click.option(
    "--bots",
    "bot_names",
    default="random,greedy",
    show_default=True,
    help="Bot names cycled over the seats, shifted by one each game.",
)
@click.option("--seed", default=0, show_default=True, type=int, help="Game i uses seed + i.")
@click.option("--jobs", default=1, show_default=True, type=click.IntRange(min=1))
@click.option("--advanced", is_flag=True, help="Use the advanced setup.")
@click.option("--content", "content_dir", type=click.Path(file_okay=False), help="Content dir.")
@click.option("--out", "out_file", type=click.Path(dir_okay=False), help="Write records (.jsonl).")
@click.option(
    "--backend",
    type=click.Choice(["local", "ray"]),
    default="local",
    show_default=True,
    help="Processes on this machine, or a Ray cluster (extra baldurs_rules[ray]).",
)
@click.option("--address", help="Ray cluster address (default: start a local Ray instance).")
def simulate(
    games: int,
    players: int,
    bot_names: str,
    seed: int,
    jobs: int,
    advanced: bool,
    content_dir: str | None,
    out_file: str | None,
    backend: str,
    address: str | None,
) -> None:
    """Play many bot games and summarize who wins and how."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeElapsedColumn

    from baldurs_rules.simulate import simulate as run_games
    from baldurs_rules.simulate import summarize

    names = _bot_list(bot_names)
    _check_players(_content(content_dir), players)
    out = _console()
    with Progress(
        "[progress.description]{task.description}",
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=_console(stderr=True),
        auto_refresh=False,  # no refresh thread: worker processes may be forked
    ) as progress:
        task = progress.add_task("games", total=games)

        def advance(count: int) -> None:
            progress.advance(task, count)
            progress.refresh()

        records = run_games(
            games,
            players,
            names,
            seed=seed,
            jobs=jobs,
            advanced=advanced,
            content_path=content_dir,
            progress=advance,
            backend=backend,
            address=address,
        )
    if out_file:
        with open(out_file, "w", encoding="utf-8") as handle:
            for record in records:
                handle.write(json.dumps(record, separators=(",", ":")) + "\n")
    _summary_tables(out, summarize(records), players)
    if out_file:
        out.print(f"records written to {_markup(out_file)}")


def _summary_tables(out: Console, summary: dict[str, Any], players: int) -> None:
    from rich.table import Table

    out.print(f"[bold]{summary['games']} games[/], {players} players")
    seats = Table(title="Wins per seat")
    seats.add_column("seat")
    seats.add_column("wins", justify="right")
    seats.add_column("share", justify="right")
    games = max(1, summary["games"])
    for seat, wins in enumerate(summary["wins_per_seat"]):
        seats.add_row(str(seat), f"{wins:g}", f"{wins / games:.0%}")
    out.print(seats)
    bots = Table(title="Wins per bot (a shared victory splits one win)")
    bots.add_column("bot")
    bots.add_column("wins", justify="right")
    bots.add_column("seats played", justify="right")
    bots.add_column("wins per seat", justify="right")
    for name, wins in summary["wins_per_bot"].items():
        bots.add_row(
            name,
            f"{wins:g}",
            str(summary["seats_per_bot"][name]),
            f"{summary['win_rate_per_bot'][name]:.0%}",
        )
    out.print(bots)
    steps = Table(title="Mean prestige per scoring step (per seat)")
    steps.add_column("who")
    columns = list(summary["mean_prestige"])
    for column in columns:
        steps.add_column(column.replace("_", " "), justify="right")
    rows = [("all", summary["mean_prestige"]), *summary["mean_prestige_per_bot"].items()]
    for who, means in rows:
        steps.add_row(who, *(f"{means.get(c, 0.0):.1f}" for c in columns))
    out.print(steps)
    out.print(
        f"mean game length: {summary['mean_turns']:.1f} turns, "
        f"{summary['mean_decisions']:.1f} decisions"
    )


# ---------------------------------------------------------------- replay
def _read_record(path: str, index: int) -> dict[str, Any]:
    from baldurs_rules.errors import StateError

    found = 0
    with open(path, encoding="utf-8") as handle:
        for number, line in enumerate(handle, 1):
            if not line.strip():
                continue
            if found == index:
                try:
                    record = json.loads(line)
                except ValueError as exc:
                    raise StateError(f"{path}:{number}: not valid JSON ({exc})") from None
                if not isinstance(record, dict):
                    raise StateError(f"{path}:{number}: a record must be a JSON object")
                return record
            found += 1
    raise StateError(f"{path} has {found} record{'s' if found != 1 else ''}; no game {index}")


def _start_record(record: dict[str, Any], content: Content) -> tuple[Game, list[str]]:
    """A new game for a record (checked like ``replay``), and its actions."""
    from baldurs_rules.errors import StateError
    from baldurs_rules.game import FORMAT, new_game

    if record.get("format") != FORMAT:
        raise StateError(f"not a game record (expected format {FORMAT!r})")
    if record.get("content") != content.fingerprint:
        raise StateError(
            f"the record is for content {record.get('content')!r}, "
            f"not {content.fingerprint!r} (use --content)"
        )
    actions = record.get("actions")
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise StateError("the record's actions must be a list of notations")
    game = new_game(
        int(record.get("players", 0)),
        int(record.get("seed", 0)),
        bool(record.get("advanced", False)),
        content,
    )
    return game, actions


def _labels(record: dict[str, Any], players: int) -> list[str]:
    bots = record.get("bots")
    if isinstance(bots, list) and len(bots) == players:
        return [str(b) for b in bots]
    return [f"player {s}" for s in range(players)]


@cli.command()
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--game", "index", default=0, show_default=True, type=click.IntRange(min=0))
@click.option("--step", is_flag=True, help="Wait for Enter between actions.")
@click.option("--content", "content_dir", type=click.Path(file_okay=False), help="Content dir.")
def replay(file: str, index: int, step: bool, content_dir: str | None) -> None:
    """Step through a recorded game of a .jsonl file (record K, default 0)."""
    from baldurs_rules.errors import IllegalActionError

    record = _read_record(file, index)
    content = _content(content_dir)
    game, actions = _start_record(record, content)
    labels = _labels(record, game.state.players)
    out = _console()
    out.print(
        f"[bold]replay[/] of game {index} of {_markup(file)}: {game.state.players} players, "
        f"seed {game.state.seed}, {len(actions)} actions"
    )
    waiting = step
    for number, text in enumerate(actions, 1):
        seat = game.current_player
        try:
            action = game.parse_action(text)
        except IllegalActionError as exc:
            raise IllegalActionError(f"action {number} of the record: {exc.message}") from None
        before = len(game.events)
        _print_action(out, game, seat, action, labels)
        game.apply(action)
        _print_events(out, game, game.events[before:], labels)
        if waiting and number < len(actions) and _read("") is None:
            waiting = False
    if game.is_over:
        out.print()
        _final_table(out, game, labels)
    else:
        out.print(f"the record stops before the end (seat {game.current_player} to decide)")


# ---------------------------------------------------------------- render
@cli.command()
@click.option("--seed", default=0, show_default=True, type=int, help="A fresh game's seed.")
@click.option("--players", default=4, show_default=True, type=int)
@click.option(
    "--moves",
    default=0,
    show_default=True,
    type=click.IntRange(min=0),
    help="Random moves to play from the start.",
)
@click.option(
    "--record",
    "record_file",
    type=click.Path(dir_okay=False),
    help="Draw a recorded game (.jsonl) instead.",
)
@click.option(
    "--game",
    "index",
    default=0,
    show_default=True,
    type=click.IntRange(min=0),
    help="Which record of the file.",
)
@click.option("--at", "at", type=click.IntRange(min=0), help="Moves of the record to play.")
@click.option("--seat", type=int, help="Draw from this seat's point of view.")
@click.option("--content", "content_dir", type=click.Path(file_okay=False), help="Content dir.")
@click.option(
    "--out",
    "out_file",
    required=True,
    type=click.Path(dir_okay=False),
    help="The SVG file to write.",
)
def render(
    seed: int,
    players: int,
    moves: int,
    record_file: str | None,
    index: int,
    at: int | None,
    seat: int | None,
    content_dir: str | None,
    out_file: str,
) -> None:
    """Write an SVG picture of the board of a game."""
    from baldurs_rules.bots import RandomBot
    from baldurs_rules.game import new_game
    from baldurs_rules.render_svg import render_svg

    content = _content(content_dir)
    if record_file:
        record = _read_record(record_file, index)
        game, actions = _start_record(record, content)
        for text in actions[: len(actions) if at is None else at]:
            game.apply(text)
        where = f"game {index} of {record_file} at move {len(game.actions)}"
    else:
        game = new_game(players, seed, False, content)
        bot = RandomBot(seed)
        for _ in range(moves):
            if game.is_over:
                break
            game.apply(bot.choose(game))
        where = f"seed {seed}, {players} players, after {len(game.actions)} random moves"
    if seat is not None and not 0 <= seat < game.state.players:
        raise click.BadParameter(f"must be 0 to {game.state.players - 1}", param_hint="'--seat'")
    Path(out_file).write_text(render_svg(game, seat), encoding="utf-8")
    click.echo(f"wrote {out_file} ({where})")


def _register() -> None:
    from baldurs_rules.cli_balance import balance

    cli.add_command(balance)


_register()

if __name__ == "__main__":  # pragma: no cover
    main()
