"""The bot protocol, the registry of bots, and bot spec strings.

A bot is named by a *spec*: ``name`` or ``name:key=value,key=value``, e.g.
``heuristic``, ``ismcts:iterations=400`` or ``ismcts:think=0.5s,c=0.7``. Names,
keys and values are case-insensitive; every bot lists the options it takes
(``OPTIONS`` on its class), and a wrong name, key or value is a
[`RulesError`][baldurs_rules.errors.RulesError] that says what was expected.

Examples:
    >>> parse_spec(" Heuristic : Follow=2 ")
    BotSpec('heuristic:follow=2')
    >>> split_specs("heuristic:follow=2,lots=3,greedy")
    ['heuristic:follow=2,lots=3', 'greedy']
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, Protocol, runtime_checkable

from baldurs_rules.actions import Action
from baldurs_rules.errors import RulesError, StateError, did_you_mean

if TYPE_CHECKING:
    from baldurs_rules.content.model import Content
    from baldurs_rules.game import Game

__all__ = [
    "BOTS",
    "Bot",
    "BotSpec",
    "Option",
    "SeededBot",
    "bot_names",
    "bot_summaries",
    "make_bot",
    "parse_spec",
    "play_game",
    "register",
    "split_specs",
]


@runtime_checkable
class Bot(Protocol):
    """A computer player.

    A bot may look at the game only as its seat could: ``game.view(seat)``,
    ``game.decision``, ``game.legal_actions()``, and copies made with
    ``game.clone(log=False)`` of a ``game.determinize(seat, rng)`` sample (a
    clone of the real game would show the next lot token or deck card). Its
    random state is plain data, so a saved game can continue exactly.

    Attributes:
        name: The bot's spec (``random``, ``ismcts:iterations=400``, ...).
    """

    name: str

    def choose(self, game: Game) -> Action:
        """Pick one of ``game.legal_actions()`` for ``game.current_player``."""
        ...

    def state(self) -> dict[str, Any]:
        """The bot's changing state (its random generator) as JSON-ready data."""
        ...

    def restore(self, data: dict[str, Any]) -> None:
        """Continue from what [`state`][baldurs_rules.bots.Bot.state] returned."""
        ...


# ---------------------------------------------------------------- options
_DURATION = re.compile(r"^(\d+(?:\.\d*)?|\.\d+)(ms|s|m)?$")
_UNIT = {"ms": 0.001, "s": 1.0, "m": 60.0, None: 1.0}


@dataclass(frozen=True)
class Option:
    """One option a bot takes in its spec.

    Attributes:
        kind: ``int``, ``float``, ``seconds`` (``0.5s``, ``500ms``, ``2``, ``1m``) or
            ``choice`` (one of ``choices``).
        default: The value without the option (None: not set).
        minimum: The smallest value accepted (numbers).
        help: What it does, in a few words.
        choices: The words a ``choice`` accepts.
    """

    kind: str
    default: Any
    minimum: float = 0.0
    help: str = ""
    choices: tuple[str, ...] = ()

    def parse(self, bot: str, key: str, text: str) -> Any:
        """The value of ``text`` for option ``key`` of ``bot``.

        Raises:
            RulesError: Not a value of this kind, or below the minimum.

        Examples:
            >>> Option("seconds", None).parse("ismcts", "think", "250ms")
            0.25
            >>> Option("choice", "wall", choices=("wall", "cpu")).parse("ismcts", "clock", "cpu")
            'cpu'
        """
        if self.kind == "choice":
            if text not in self.choices:
                raise RulesError(
                    f"option {key!r} of bot {bot!r} must be one of"
                    f" {', '.join(map(repr, self.choices))}, not {text!r}"
                    f"{did_you_mean(text, self.choices)}"
                )
            return text
        expected = {
            "int": "a whole number",
            "float": "a number",
            "seconds": "a duration such as 0.5s or 500ms",
        }[self.kind]
        value: float | int | None = None
        try:
            if self.kind == "int":
                value = int(text)
            elif self.kind == "float":
                value = float(text)
            else:
                match = _DURATION.match(text)
                if match:
                    value = float(match.group(1)) * _UNIT[match.group(2)]
        except ValueError:
            value = None
        if value is None or value != value or value in (float("inf"), float("-inf")):
            raise RulesError(f"option {key!r} of bot {bot!r} must be {expected}, not {text!r}")
        if value < self.minimum:
            raise RulesError(
                f"option {key!r} of bot {bot!r} must be at least {self.minimum:g}, not {text!r}"
            )
        return value


# ---------------------------------------------------------------- specs
@dataclass(frozen=True)
class BotSpec:
    """A parsed bot spec: a registered name and its options (values parsed).

    Attributes:
        name: The bot's registered name.
        options: Option values by key, in the order given.
        text: The spec in normal form (lower case, no spaces), e.g.
            ``ismcts:iterations=400``.
    """

    name: str
    options: dict[str, Any] = field(default_factory=dict)
    text: str = ""

    def __str__(self) -> str:
        return self.text or self.name

    def __repr__(self) -> str:
        return f"BotSpec({str(self)!r})"


def parse_spec(spec: str) -> BotSpec:
    """Read a bot spec: ``name`` or ``name:key=value,key=value``.

    Raises:
        RulesError: Unknown bot or option (with a suggestion), a bad value, an
            option given twice, or a malformed spec.

    Examples:
        >>> parse_spec("greedy:follow=2").options
        {'follow': 2}
        >>> parse_spec("gredy")
        Traceback (most recent call last):
        ...
        baldurs_rules.errors.RulesError: unknown bot 'gredy'; did you mean 'greedy'?
    """
    if not isinstance(spec, str):
        raise RulesError(f"a bot spec must be text, not {type(spec).__name__}")
    text = "".join(spec.split()).lower()
    name, colon, rest = text.partition(":")
    if name not in BOTS:
        raise RulesError(f"unknown bot {name or spec!r}{did_you_mean(name, BOTS)}")
    known = BOTS[name].OPTIONS
    if colon and not rest:
        raise RulesError(f"bot spec {spec!r} has nothing after ':' (expected key=value)")
    options: dict[str, Any] = {}
    for part in rest.split(",") if rest else ():
        key, equals, value = part.partition("=")
        if not equals or not key or not value:
            raise RulesError(
                f"bot spec {spec!r}: {part!r} is not key=value"
                f" (options of {name!r}: {', '.join(known) or 'none'})"
            )
        if key not in known:
            hint = did_you_mean(key, known) if known else f"; bot {name!r} takes no options"
            raise RulesError(f"unknown option {key!r} of bot {name!r}{hint}")
        if key in options:
            raise RulesError(f"bot spec {spec!r} gives option {key!r} twice")
        options[key] = known[key].parse(name, key, value)
    return BotSpec(name, options, text)


def split_specs(text: str) -> list[str]:
    """Split a comma-separated list of bot specs (a spec's own options have commas too).

    A piece of the form ``key=value`` continues the spec before it.

    Raises:
        RulesError: The list starts with an option instead of a bot name.

    Examples:
        >>> split_specs("random, ismcts:think=1s,c=0.5 ,greedy")
        ['random', 'ismcts:think=1s,c=0.5', 'greedy']
    """
    specs: list[str] = []
    for piece in ("".join(text.split())).split(","):
        if not piece:
            continue
        if "=" in piece and ":" not in piece:
            if not specs:
                raise RulesError(f"bot list {text!r} starts with an option, not a bot name")
            specs[-1] += "," + piece
        else:
            specs.append(piece)
    return specs


# ---------------------------------------------------------------- registry
class SeededBot:
    """Base of the built-in bots: a name, a seeded generator, options from a spec.

    Subclasses set ``name`` and ``OPTIONS`` and read their options from
    ``self.options``. The generator is the bot's only changing state:
    [`state`][baldurs_rules.bots.base.SeededBot.state] returns it as plain data.

    Args:
        seed: Seeds the bot's own ``random.Random`` (the global one is never used).
        **options: Values of ``OPTIONS`` (missing ones take their default).
    """

    name: str = ""
    OPTIONS: ClassVar[dict[str, Option]] = {}
    TIER: ClassVar[int] = 0
    """Where the bot comes in a list of bots, weakest first (``bot_names``)."""

    def __init__(self, seed: int = 0, **options: Any) -> None:
        unknown = [key for key in options if key not in self.OPTIONS]
        if unknown:
            raise RulesError(
                f"unknown option {unknown[0]!r} of bot {type(self).name!r}"
                f"{did_you_mean(unknown[0], self.OPTIONS)}"
            )
        self.seed = seed
        self.rng = random.Random(seed)
        self.options = {key: opt.default for key, opt in self.OPTIONS.items()}
        self.options.update(options)
        given = ",".join(f"{k}={_format(v)}" for k, v in options.items())
        self.name = f"{type(self).name}:{given}" if given else type(self).name

    def choose(self, game: Game) -> Action:  # pragma: no cover - every subclass defines it
        raise NotImplementedError

    def best_of(self, scored: Iterable[tuple[Action, float]]) -> Action:
        """The action of highest value; values within 1e-9 of it tie, broken by the generator.

        Examples:
            >>> bot = SeededBot(0)
            >>> bot.best_of([(Action("income"), 1.0), (Action("done"), 3.0)])
            Action('done')
        """
        best: list[Action] = []
        best_value = float("-inf")
        for action, value in scored:
            if value > best_value + 1e-9:
                best, best_value = [action], value
            elif value >= best_value - 1e-9:
                best.append(action)
        return best[0] if len(best) == 1 else self.rng.choice(best)

    def state(self) -> dict[str, Any]:
        """The bot's spec and generator state, as JSON-ready data.

        Examples:
            >>> from baldurs_rules.bots import RandomBot
            >>> bot = RandomBot(3)
            >>> saved = bot.state()
            >>> first = bot.rng.random()
            >>> bot.restore(saved)
            >>> bot.rng.random() == first
            True
        """
        version, internal, gauss = self.rng.getstate()
        return {"bot": self.name, "rng": [version, list(internal), gauss]}

    def restore(self, data: dict[str, Any]) -> None:
        """Set the generator back to a [`state`][baldurs_rules.bots.base.SeededBot.state].

        Raises:
            StateError: The data is for another bot spec, or is malformed.
        """
        if not isinstance(data, dict) or data.get("bot") != self.name:
            found = data.get("bot") if isinstance(data, dict) else data
            raise StateError(f"saved bot state is for {found!r}, not for bot {self.name!r}")
        try:
            version, internal, gauss = data["rng"]
            self.rng.setstate((version, tuple(internal), gauss))
        except (KeyError, TypeError, ValueError) as exc:
            raise StateError(f"saved state of bot {self.name!r} is malformed: {exc}") from None

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.seed})"


def _format(value: Any) -> str:
    """An option value as a spec writes it (``0.5s`` stays ``0.5``)."""
    return f"{value:g}" if isinstance(value, float) else str(value)


BOTS: dict[str, type[SeededBot]] = {}
"""The bots [`make_bot`][baldurs_rules.bots.make_bot] knows, by name; ``BOTS[name](seed)``."""


def bot_names() -> list[str]:
    """The names of the registered bots, weakest first: what every list of bots shows.

    Examples:
        >>> import baldurs_rules.bots
        >>> bot_names()
        ['random', 'greedy', 'heuristic', 'ismcts']
    """
    return sorted(BOTS, key=lambda name: (BOTS[name].TIER, name))


def bot_summaries() -> dict[str, str]:
    """Each registered bot's one-line description (its docstring's first line), weakest first.

    Examples:
        >>> import baldurs_rules.bots
        >>> bot_summaries()["random"]
        'Picks uniformly among the legal actions.'
    """
    return {name: (BOTS[name].__doc__ or "").strip().splitlines()[0] for name in bot_names()}


def register(cls: type[SeededBot]) -> type[SeededBot]:
    """Class decorator: add a bot class to [`BOTS`][baldurs_rules.bots.BOTS] under its name."""
    BOTS[cls.name] = cls
    return cls


def make_bot(spec: str, seed: int = 0) -> Bot:
    """A bot from its spec (``name`` or ``name:key=value,...``, any case).

    Args:
        spec: The bot's name and options.
        seed: The bot's seed.

    Raises:
        RulesError: Unknown name or option, or a bad value (with a suggestion).

    Examples:
        >>> make_bot("greedy", 3)
        GreedyBot(3)
        >>> make_bot("heuristic:follow=0").name
        'heuristic:follow=0'
    """
    parsed = parse_spec(spec)
    bot: Bot = BOTS[parsed.name](seed, **parsed.options)
    return bot


def play_game(
    players: int,
    seed: int,
    bots: Sequence[Bot],
    advanced: bool = False,
    content: Content | None = None,
    on_action: Callable[[Game, int, Action], None] | None = None,
) -> Game:
    """Play a whole game with one bot per seat.

    Args:
        players: Number of seats.
        seed: The game's seed.
        bots: One bot per seat; ``bots[s]`` decides whenever seat ``s`` must.
        advanced: Use the advanced setup.
        content: The content (default content if None).
        on_action: Called as ``on_action(game, seat, action)`` before each action
            is applied (the game is still at the decision).

    Returns:
        The finished game.

    Raises:
        RulesError: Not one bot per seat.

    Examples:
        >>> from baldurs_rules.bots import RandomBot
        >>> game = play_game(2, 7, [RandomBot(1), RandomBot(2)])
        >>> len(game.result().prestige)
        2
    """
    from baldurs_rules.game import new_game

    if len(bots) != players:
        raise RulesError(f"need one bot per seat: {players} seats, {len(bots)} bots")
    game = new_game(players, seed, advanced, content)
    while not game.is_over:
        seat = game.current_player
        action = bots[seat].choose(game)
        if on_action is not None:
            on_action(game, seat, action)
        game.apply(action)
    return game
