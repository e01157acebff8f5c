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
    'Your turn: build (2 of your cards are affordable), place your worker or take income.'
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, ClassVar

from baldurs_rules.actions import Action
from baldurs_rules.dsl.render import to_text
from baldurs_rules.engine.interpreter import ChooseAsk, PayAsk
from baldurs_rules.engine.machine import Ask
from baldurs_rules.present.narration import Narrator
from baldurs_rules.rules.lookup import Lookup
from baldurs_rules.rules.pending import (
    BuildAsk,
    DraftAsk,
    FactionAsk,
    FortSiteAsk,
    GateSiteAsk,
    IncomeAsk,
    KeepAsk,
    TakeAsk,
    TradeAsk,
    TurnAsk,
)

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
    "prompt_of",
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
        at_once: The abilities one answer may use together, in order, because
            their order cannot change anything (see
            [`Lookup.income_at_once`][baldurs_rules.rules.lookup.Lookup.income_at_once]);
            using them all ends the income action. Empty when the order may matter.
    """

    used: tuple[str, ...] = ()
    at_once: tuple[Action, ...] = ()


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
    ask = game.state.decision
    if ask is None:
        return None
    unprompted = _unprompted(game, ask)
    return replace(unprompted, prompt=_prompt(game, unprompted))


def _unprompted(game: Game, ask: Ask) -> Decision:
    """The typed decision of an ask, every field but its prompt."""
    details = _DETAILS[type(ask)](game, ask)
    cause = str(details.pop("cause", ask.cause))
    return Decision.KINDS[ask.kind](
        kind=ask.kind,
        seat=ask.seat,
        cause=cause,
        prompt="",
        options=tuple(game.legal_actions()),
        **details,
    )


# The public fields of each kind of ask (ids, not indices); "cause" when it is not the ask's.
def _turn(game: Game, ask: TurnAsk | IncomeAsk) -> dict[str, Any]:
    if isinstance(ask, IncomeAsk):
        at_once = Lookup.of(game.content).income_at_once(game.state)
        return {"cause": "turn", "used": tuple(game.state.used), "at_once": at_once}
    return {"cause": "turn"}


def _trade(game: Game, ask: TradeAsk) -> dict[str, Any]:
    look = Lookup.of(game.content)
    trades = range(len(game.content.locations[ask.location].trades))
    costs = tuple(look.trade_cost(game.state, ask.location, i) for i in trades)
    return {"cause": "turn", "location": look.locations[ask.location], "costs": costs}


def _choose(game: Game, ask: ChooseAsk | PayAsk) -> dict[str, Any]:
    look, names = Lookup.of(game.content), game.content.names()
    if isinstance(ask, PayAsk):
        return {"text": to_text(look.effect(ask.nid), names)}
    return {"texts": tuple(to_text(branch, names) for branch in look.branches(ask.nid))}


def _faction(game: Game, ask: FactionAsk) -> dict[str, Any]:
    return {"amount": ask.amount}


def _site(game: Game, ask: FortSiteAsk | GateSiteAsk) -> dict[str, Any]:
    t = Lookup.of(game.content)
    district = None if ask.district < 0 else t.districts[ask.district]
    return {"piece": game.content.fortifications[ask.fort].id, "district": district}


def _take(game: Game, ask: TakeAsk) -> dict[str, Any]:
    return {"source": "offer" if ask.source == 1 else "any"}


def _build(game: Game, ask: BuildAsk) -> dict[str, Any]:
    t = Lookup.of(game.content)
    return {"tile": None if ask.tile < 0 else t.tiles[ask.tile], "discount": ask.discount}


def _setup(game: Game, ask: DraftAsk | KeepAsk) -> dict[str, Any]:
    if isinstance(ask, KeepAsk):
        what = "building" if ask.what == 0 else "agenda"
        return {"cause": "advanced_setup", "what": what, "count": ask.count}
    return {"cause": "advanced_setup"}


_DETAILS: dict[type[Ask], Callable[[Game, Any], dict[str, Any]]] = {
    TurnAsk: _turn,
    TradeAsk: _trade,
    IncomeAsk: _turn,
    ChooseAsk: _choose,
    PayAsk: _choose,
    FactionAsk: _faction,
    FortSiteAsk: _site,
    GateSiteAsk: _site,
    TakeAsk: _take,
    BuildAsk: _build,
    DraftAsk: _setup,
    KeepAsk: _setup,
}
"""The public fields of each kind of ask (a test checks that every kind has its entry)."""


# ---------------------------------------------------------------- prompts
def prompt_of(game: Game, ask: Ask) -> str:
    """The prompt of a pending ask: what is asked of its seat, and why.

    The why comes from the log (the card built or used, the faction space
    reached, the piece a bonus is joined to), told to the deciding seat.

    Examples:
        >>> import textwrap, baldurs_rules as br
        >>> game = br.scenario({"players": 2, "seats": [{"resources": {"favor": 3}}, {}]})
        >>> game.apply("visit high_hall")
        >>> print(textwrap.fill(game.decision.prompt, 70))
        Your worker is on The High Hall: make one of its trades (trade 1 for 1
        favor, trade 2 for 2 favor; you have 3 favor), or skip.
    """
    return _prompt(game, _unprompted(game, ask))


def _prompt(game: Game, decision: Decision) -> str:
    narrator = Narrator(game, decision.seat)
    why = narrator.why(decision.cause, decision.seat, len(game.state.events))
    return _PROMPTS[decision.kind](game, narrator, decision, why[:1].upper() + why[1:])


Prompt = Callable[["Game", "Narrator", Any, str], str]
"""A prompt: the game, a narrator for the deciding seat, the typed decision, and why."""


def _turn_prompt(game: Game, narrator: Narrator, decision: TurnDecision, why: str) -> str:
    state, seat = game.state, narrator.reader if narrator.reader is not None else 0
    options = game.legal_actions()
    cards = {str(a.args[0]) for a in options if a.kind == "build"}
    head = "Your last turn (the final round)" if state.phase == "final" else "Your turn"
    choices = []
    if cards:
        count = len(cards)
        choices.append(f"build ({count} of your cards {'is' if count == 1 else 'are'} affordable)")
    if any(a.kind == "visit" for a in options):
        choices.append("place your worker")
    choices.append("take income")
    text = (
        f"{head}: {', '.join(choices[:-1])} or {choices[-1]}"
        if len(choices) > 1
        else f"{head}: take income"
    )
    notes = []
    if not cards:
        notes.append(_no_build_reason(game, seat))
    if state.worker[seat] >= 0:
        notes.append(
            f"your worker is still on {narrator.name(narrator.t.locations[state.worker[seat]])}"
        )
    return text + (f" ({'; '.join(notes)})." if notes else ".")


def _no_build_reason(game: Game, seat: int) -> str:
    state = game.state
    if state.cubes[seat] <= 0:
        return "you have no cubes left to build with"
    if not state.hand[seat]:
        return "you have no building card in hand"
    if not state.available:
        return "no lot is available"
    return "you cannot afford any card in your hand"


def _trade_prompt(game: Game, narrator: Narrator, decision: TradeDecision, why: str) -> str:
    location = decision.location
    costs = ", ".join(f"trade {n} for {c} favor" for n, c in enumerate(decision.costs, 1))
    seat = narrator.reader if narrator.reader is not None else 0
    favor = game.state.res[seat][narrator.t.favor]
    district = narrator.t.districts[
        narrator.t.location_district[narrator.t.location_index[location]]
    ]
    damage = game.state.damage[narrator.t.district_index[district]]
    hurt = ""
    if damage:
        tokens = "1 damage token makes" if damage == 1 else f"{damage} damage tokens make"
        hurt = f"; {tokens} them dearer"
    return (
        f"Your worker is on {narrator.name(location)}: make one of its trades"
        f" ({costs}; you have {favor} favor{hurt}), or skip."
    )


def _income_prompt(game: Game, narrator: Narrator, decision: IncomeDecision, why: str) -> str:
    used = len(decision.used)
    so_far = f" ({used} used so far)" if used else ""
    return (
        "You are taking income: use the income ability of each card in your portfolio once,"
        f" in any order, or say done{so_far}."
    )


def _choose_prompt(game: Game, narrator: Narrator, decision: ChooseDecision, why: str) -> str:
    texts = [t.rstrip(".") for t in decision.texts]
    listed = "; ".join(f"{n}) {t[:1].lower() + t[1:]}" for n, t in enumerate(texts, 1))
    return f"{why}: choose one: {listed}."


def _pay_prompt(game: Game, narrator: Narrator, decision: PayDecision, why: str) -> str:
    return f"{why}: pay for this? {decision.text}"


def _faction_prompt(game: Game, narrator: Narrator, decision: FactionDecision, why: str) -> str:
    return f"{why}: choose a faction to gain {decision.amount} influence with."


def _site_prompt(game: Game, narrator: Narrator, decision: SiteDecision, why: str) -> str:
    piece = narrator.name(decision.piece).lower()
    district = decision.district
    if piece == "gate" or decision.piece == "gate":
        top = game.state.gate_deck[-1] if game.state.gate_deck else None
        card = f" (you take {narrator.name(top)}, the top gate card)" if top else ""
        return f"{why}: choose a gate site for your gate{card}."
    where = f" in {narrator.name(district)}" if district else ""
    return f"{why}: choose a site{where} for your {piece}."


def _take_prompt(game: Game, narrator: Narrator, decision: TakeDecision, why: str) -> str:
    deck = any(a.args == ("deck",) for a in game.legal_actions())
    source = "from the offer or the top of the deck" if deck else "from the offer"
    return f"{why}: take a building card {source}."


def _build_prompt(game: Game, narrator: Narrator, decision: BuildDecision, why: str) -> str:
    tile = narrator.name(decision.tile).lower() if decision.tile else "building"
    off = f" with {decision.discount} gold off" if decision.discount else ""
    return f"{why}: build a {tile}{off}; choose the card, then the lot."


def _draft_prompt(game: Game, narrator: Narrator, decision: DraftDecision, why: str) -> str:
    count = len(game.state.hq_offer)
    return (
        f"Advanced setup: choose your HQ card ({count} left in the draft);"
        " your HQ stands in the district it names."
    )


def _keep_prompt(game: Game, narrator: Narrator, decision: KeepDecision, why: str) -> str:
    what, count = decision.what, decision.count
    advanced = game.content.settings["advanced"]
    key = "buildings" if what == "building" else "agendas"
    dealt, kept = advanced["deal"][key], advanced["keep"][key]
    cards = f"{count} more {what} card{'s' if count > 1 else ''}"
    lie = "it lies" if count == 1 else "they lie"
    return (
        f"Advanced setup: you were dealt {dealt} {what} cards and keep {kept}:"
        f" put back {cards} (under the deck, where only you will know {lie})."
    )


_PROMPTS: dict[str, Prompt] = {
    "turn": _turn_prompt,
    "trade": _trade_prompt,
    "income": _income_prompt,
    "choose": _choose_prompt,
    "pay": _pay_prompt,
    "faction": _faction_prompt,
    "fort_site": _site_prompt,
    "gate_site": _site_prompt,
    "take": _take_prompt,
    "build": _build_prompt,
    "draft": _draft_prompt,
    "keep": _keep_prompt,
}
