"""The pending decision as a typed, documented value.

The engine keeps its pending decision as a small tuple (fast to copy, plain to
save). [`Game.decision`][baldurs_rules.game.Game.decision] turns it into one of
the classes below, so a frontend reads ``decision.location`` instead of
guessing what a tuple position means. Every decision has a ``kind``, the
``seat`` that decides, the ``cause`` that asks (a card, location, faction
space or connection, as an id or ``turn``), the legal ``options``, and a
``prompt`` in plain English that says why the choice is asked.

Examples:
    >>> import baldurs_rules as br
    >>> game = br.new_game(players=2, seed=1)
    >>> decision = game.decision
    >>> isinstance(decision, TurnDecision), decision.seat
    (True, 0)
    >>> decision.prompt
    'Your turn: build, place your worker or take income.'
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar

from baldurs_rules.actions import Action

if TYPE_CHECKING:
    from baldurs_rules.game import Game

__all__ = [
    "BuildDecision",
    "ChooseDecision",
    "Decision",
    "DraftDecision",
    "FactionDecision",
    "IncomeDecision",
    "KeepDecision",
    "PayDecision",
    "SiteDecision",
    "TakeDecision",
    "TradeDecision",
    "TurnDecision",
    "decision_of",
]


@dataclass(frozen=True, eq=True)
class Decision:
    """A decision some seat must take now.

    Attributes:
        kind: The decision kind (``turn``, ``trade``, ``income``, ``choose``,
            ``pay``, ``faction``, ``fort_site``, ``gate_site``, ``take``,
            ``build``, ``draft``, ``keep``).
        seat: The seat that decides.
        cause: What asks: a card, location trade (``location:n``), faction space
            (``faction:level``), connection bonus (``bonus:node``), ``turn``...
        prompt: A sentence in plain English saying what is asked and why.
        options: The legal answers, in the engine's order.
    """

    kind: str
    seat: int
    cause: str
    prompt: str = field(repr=False)
    options: tuple[Action, ...] = field(repr=False)

    KINDS: ClassVar[dict[str, type[Decision]]] = {}

    def grouped(self) -> dict[str, tuple[Action, ...]]:
        """The options in groups a frontend can offer in two steps.

        A build is chosen by card first (``"build <card>"``), then by lot; every
        other action is its own group, keyed by its notation.

        Examples:
            >>> import baldurs_rules as br
            >>> game = br.scenario({"players": 2, "available": [1, 2],
            ...     "seats": [{"resources": {"gold": 9}, "hand": ["elfsong_tavern"]}, {}]})
            >>> groups = game.decision.grouped()
            >>> [str(a) for a in groups["build elfsong_tavern"]]
            ['build elfsong_tavern 1', 'build elfsong_tavern 2']
            >>> list(groups)[-1]
            'income'
        """
        groups: dict[str, list[Action]] = {}
        for action in self.options:
            key = f"build {action.args[0]}" if action.kind == "build" else str(action)
            groups.setdefault(key, []).append(action)
        return {key: tuple(actions) for key, actions in groups.items()}


def _kind(name: str) -> Any:
    def register(cls: type[Decision]) -> type[Decision]:
        Decision.KINDS[name] = cls
        return cls

    return register


@_kind("turn")
@dataclass(frozen=True, eq=True)
class TurnDecision(Decision):
    """The turn's one action: build, place the worker, or take income."""


@_kind("trade")
@dataclass(frozen=True, eq=True)
class TradeDecision(Decision):
    """At most one trade of the special location the worker was just placed on.

    Attributes:
        location: The location id.
        costs: The favor cost of each trade now (damage included), by trade number.
    """

    location: str = ""
    costs: tuple[int, ...] = ()


@_kind("income")
@dataclass(frozen=True, eq=True)
class IncomeDecision(Decision):
    """The next income ability to use, or ``done``.

    Attributes:
        used: Cards whose ability was used in this income action.
    """

    used: tuple[str, ...] = ()


@_kind("choose")
@dataclass(frozen=True, eq=True)
class ChooseDecision(Decision):
    """One branch of a ``choose (a | b)`` effect.

    Attributes:
        texts: The rules text of each branch, by option number (1 first).
    """

    texts: tuple[str, ...] = ()


@_kind("pay")
@dataclass(frozen=True, eq=True)
class PayDecision(Decision):
    """Whether to pay the cost of an optional effect (``pay ...: ...``).

    Attributes:
        text: The rules text of the whole optional effect.
    """

    text: str = ""


@_kind("faction")
@dataclass(frozen=True, eq=True)
class FactionDecision(Decision):
    """Which faction gets influence (``gain N influence with any faction``).

    Attributes:
        amount: The influence to gain.
    """

    amount: int = 0


@_kind("fort_site")
@dataclass(frozen=True, eq=True)
class SiteDecision(Decision):
    """Where to put a watchtower, keep or gate (``fort_site`` or ``gate_site``).

    Attributes:
        piece: ``watchtower``, ``keep`` or ``gate``.
        district: The district it must go in, or None for any.
    """

    piece: str = ""
    district: str | None = None


Decision.KINDS["gate_site"] = SiteDecision


@_kind("take")
@dataclass(frozen=True, eq=True)
class TakeDecision(Decision):
    """Which building card to draw.

    Attributes:
        source: ``offer`` (face-up cards only) or ``any`` (the offer or the deck).
    """

    source: str = "any"


@_kind("build")
@dataclass(frozen=True, eq=True)
class BuildDecision(Decision):
    """What to build, and where, for an effect that builds.

    Attributes:
        tile: The building type required, or None for any.
        discount: Gold off the card's cost.
    """

    tile: str | None = None
    discount: int = 0


@_kind("draft")
@dataclass(frozen=True, eq=True)
class DraftDecision(Decision):
    """Which HQ card to take in the advanced draft."""


@_kind("keep")
@dataclass(frozen=True, eq=True)
class KeepDecision(Decision):
    """Which dealt card to put back under its deck (advanced setup).

    Attributes:
        what: ``building`` or ``agenda``.
        count: Cards still to put back, this one included.
    """

    what: str = "building"
    count: int = 1


def decision_of(game: Game) -> Decision | None:
    """The typed form of the game's pending decision (None when the game is over)."""
    from baldurs_rules.narrate import decision_prompt

    raw = game.state.decision
    if raw is None:
        return None
    kind = str(raw[0])
    details = _details(game, raw)
    cause = str(details.pop("cause", kind))
    return Decision.KINDS[kind](
        kind=kind,
        seat=int(raw[1]),
        cause=cause,
        prompt=decision_prompt(game, raw),
        options=tuple(game.legal_actions()),
        **details,
    )


def _details(game: Game, raw: tuple[Any, ...]) -> dict[str, Any]:
    """The named, public fields of a raw decision (ids, not indices)."""
    from baldurs_rules.rules import Rules

    rules = Rules.of(game.content)
    t, state, kind = rules.t, game.state, raw[0]
    program = t.program
    names = game.content.names()
    if kind == "turn":
        return {"cause": "turn"}
    if kind == "trade":
        location = raw[2]
        trades = range(len(game.content.locations[location].trades))
        costs = tuple(rules.turns.trade_cost(state, location, i) for i in trades)
        return {"cause": "turn", "location": t.locations[location], "costs": costs}
    if kind == "income":
        return {"cause": "turn", "used": tuple(state.used)}
    if kind in ("choose", "pay"):
        from baldurs_rules.dsl.render import to_text

        nid, cause = raw[2], raw[4]
        if kind == "pay":
            return {"cause": cause, "text": to_text(program.nodes[nid], names)}
        texts = tuple(to_text(program.nodes[k], names) for k in program.kids[nid])
        return {"cause": cause, "texts": texts}
    if kind == "faction":
        return {"cause": raw[3], "amount": raw[2]}
    if kind in ("fort_site", "gate_site"):
        district = None if raw[3] < 0 else t.districts[raw[3]]
        piece = game.content.fortifications[raw[2]].id
        return {"cause": raw[4], "piece": piece, "district": district}
    if kind == "take":
        return {"cause": raw[3], "source": "offer" if raw[2] == 1 else "any"}
    if kind == "build":
        tile = None if raw[2] < 0 else t.tiles[raw[2]]
        return {"cause": raw[4], "tile": tile, "discount": raw[3]}
    if kind == "draft":
        return {"cause": "advanced_setup"}
    if kind == "keep":
        return {
            "cause": "advanced_setup",
            "what": "building" if raw[2] == 0 else "agenda",
            "count": raw[3],
        }
    raise KeyError(kind)
