"""Every kind of pending work (frames) and of decision (asks) of the game: one class each.

A frame is pushed by one procedure and handled by another; an ask is set by one and
answered through its [`DecisionKind`][baldurs_rules.engine.machine.DecisionKind].
Both read its fields by name, and this module is the one place that says which
fields a kind has and in what order (the order of ``__init__``, which is also the
order of a saved ``[kind, *fields]``). Indices are the engine's: ``seat`` a seat
number, ``node``/``lot_node`` a map node, ``district``, ``location``, ``faction``,
``fort`` and ``tile`` positions in content order (-1: any).

The interpreter's own kinds ([`FxFrame`][baldurs_rules.engine.interpreter.FxFrame],
[`ChooseAsk`][baldurs_rules.engine.interpreter.ChooseAsk],
[`PayAsk`][baldurs_rules.engine.interpreter.PayAsk]) are in the generic engine;
[`FRAMES`][baldurs_rules.rules.pending.FRAMES] and
[`ASKS`][baldurs_rules.rules.pending.ASKS] list every kind a game can hold.

Examples:
    >>> BuildFrame(0, "elfsong_tavern", 12, 0, "build").to_list()
    ['build', 0, 'elfsong_tavern', 12, 0, 'build']
    >>> from_list(ASKS, ["trade", 1, 4])
    TradeAsk(seat=1, location=4)
"""

from __future__ import annotations

from typing import Any, Final, TypeVar, final

from baldurs_rules.engine import interpreter
from baldurs_rules.engine.machine import Ask, Frame, Record, kinds

__all__ = [
    "ASKS",
    "FRAMES",
    "AskFactionFrame",
    "AttackFrame",
    "BuildAsk",
    "BuildFrame",
    "ConnectFrame",
    "DraftAsk",
    "DraftFrame",
    "DrawBuildingFrame",
    "DrawLotFrame",
    "EndTurnFrame",
    "FactionAsk",
    "FinishFrame",
    "FortSiteAsk",
    "GateSiteAsk",
    "IncomeAsk",
    "IncomeFrame",
    "IncomeNextFrame",
    "InfluenceFrame",
    "KeepAsk",
    "KeepFrame",
    "ScoreFrame",
    "StartFrame",
    "TakeAsk",
    "TradeAsk",
    "TurnAsk",
    "TurnFrame",
    "VisitFrame",
    "from_list",
]


# ---------------------------------------------------------------- the turn (rules/turn.py)
@final
class StartFrame(Frame):
    """The setup is done: ``seat`` plays first."""

    kind = "start"

    def __init__(self, seat: int) -> None:
        self.seat: Final = seat


@final
class TurnFrame(Frame):
    """``seat``'s turn begins (it becomes the active seat)."""

    kind = "turn"

    def __init__(self, seat: int) -> None:
        self.seat: Final = seat


@final
class VisitFrame(Frame):
    """Put ``seat``'s worker on ``location`` (displacing another), then offer its trades."""

    kind = "visit"

    def __init__(self, seat: int, location: int) -> None:
        self.seat: Final = seat
        self.location: Final = location


@final
class IncomeFrame(Frame):
    """``seat`` takes income: the HQ's automatic income, then the abilities."""

    kind = "income"

    def __init__(self, seat: int) -> None:
        self.seat: Final = seat


@final
class IncomeNextFrame(Frame):
    """Ask ``seat`` for its next income ability (or ``done``)."""

    kind = "income_next"

    def __init__(self, seat: int) -> None:
        self.seat: Final = seat


@final
class EndTurnFrame(Frame):
    """``seat``'s turn ends: the next seat, the final round, or the finish."""

    kind = "end_turn"

    def __init__(self, seat: int) -> None:
        self.seat: Final = seat


@final
class FinishFrame(Frame):
    """Reveal the face-down token, resolve the final attack, then score."""

    kind = "finish"

    def __init__(self) -> None:
        pass


@final
class TurnAsk(Ask):
    """The turn's one action: build, place the worker, or take income."""

    kind = "turn"

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.cause = "turn"  # no cause of its own: its kind


@final
class TradeAsk(Ask):
    """At most one trade of ``location``, where ``seat``'s worker was just placed."""

    kind = "trade"

    def __init__(self, seat: int, location: int) -> None:
        self.seat = seat
        self.location: Final = location
        self.cause = "trade"  # no cause of its own: its kind


@final
class IncomeAsk(Ask):
    """The next income ability ``seat`` uses, or ``done``."""

    kind = "income"

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.cause = "income"  # no cause of its own: its kind


# ---------------------------------------------------------------- the map (rules/board.py)
@final
class BuildFrame(Frame):
    """Build ``card`` from ``seat``'s hand on the lot at ``lot_node`` (Build steps 1-8).

    Attributes:
        discount: Gold off the card's cost.
        cause: ``build`` for the turn's action, or the effect that builds.
    """

    kind = "build"

    def __init__(self, seat: int, card: str, lot_node: int, discount: int, cause: str) -> None:
        self.seat: Final = seat
        self.card: Final = card
        self.lot_node: Final = lot_node
        self.discount: Final = discount
        self.cause: Final = cause


@final
class ConnectFrame(Frame):
    """Pay the connection bonuses of every structure joined to the new piece on ``node``."""

    kind = "connect"

    def __init__(self, node: int, cause: str) -> None:
        self.node: Final = node
        self.cause: Final = cause


@final
class DrawLotFrame(Frame):
    """Draw a lot token after ``seat``'s build: a lot becomes available."""

    kind = "draw_lot"

    def __init__(self, seat: int) -> None:
        self.seat: Final = seat


@final
class AttackFrame(Frame):
    """Resolve the attack on ``district`` (``final``: 1 for the final attack, else 0)."""

    kind = "attack"

    def __init__(self, district: int, final: int) -> None:
        self.district: Final = district
        self.final: Final = final


# ---------------------------------------------------------------- the atoms (rules/atoms.py)
@final
class InfluenceFrame(Frame):
    """Move ``seat``'s cube ``amount`` spaces up the track of ``faction``."""

    kind = "influence"

    def __init__(self, seat: int, faction: int, amount: int, cause: str) -> None:
        self.seat: Final = seat
        self.faction: Final = faction
        self.amount: Final = amount
        self.cause: Final = cause


@final
class AskFactionFrame(Frame):
    """Ask ``seat`` which faction gets ``amount`` influence (``with any faction``)."""

    kind = "ask_faction"

    def __init__(self, seat: int, amount: int, cause: str) -> None:
        self.seat: Final = seat
        self.amount: Final = amount
        self.cause: Final = cause


@final
class DrawBuildingFrame(Frame):
    """``seat`` draws a building card from ``source`` (0: offer or deck, 1: offer, 2: deck)."""

    kind = "draw_building"

    def __init__(self, seat: int, source: int, cause: str) -> None:
        self.seat: Final = seat
        self.source: Final = source
        self.cause: Final = cause


@final
class FactionAsk(Ask):
    """Which faction gets ``amount`` influence."""

    kind = "faction"

    def __init__(self, seat: int, amount: int, cause: str) -> None:
        self.seat = seat
        self.amount: Final = amount
        self.cause = cause


@final
class FortSiteAsk(Ask):
    """Where ``seat`` puts the fortification ``fort`` (in ``district``; -1: any district)."""

    kind = "fort_site"

    def __init__(self, seat: int, fort: int, district: int, cause: str) -> None:
        self.seat = seat
        self.fort: Final = fort
        self.district: Final = district
        self.cause = cause


@final
class GateSiteAsk(Ask):
    """Where ``seat`` puts a gate (``fort``, the gate piece; ``district`` -1: any)."""

    kind = "gate_site"

    def __init__(self, seat: int, fort: int, district: int, cause: str) -> None:
        self.seat = seat
        self.fort: Final = fort
        self.district: Final = district
        self.cause = cause


@final
class TakeAsk(Ask):
    """Which building card ``seat`` takes from ``source`` (0: offer or deck, 1: offer)."""

    kind = "take"

    def __init__(self, seat: int, source: int, cause: str) -> None:
        self.seat = seat
        self.source: Final = source
        self.cause = cause


@final
class BuildAsk(Ask):
    """What ``seat`` builds, and where, for an effect that builds.

    Attributes:
        tile: The building type required (-1: any).
        discount: Gold off the card's cost.
    """

    kind = "build"

    def __init__(self, seat: int, tile: int, discount: int, cause: str) -> None:
        self.seat = seat
        self.tile: Final = tile
        self.discount: Final = discount
        self.cause = cause


# ---------------------------------------------------------------- setup and end
@final
class DraftFrame(Frame):
    """Ask ``seat`` for its HQ card in the advanced draft."""

    kind = "draft"

    def __init__(self, seat: int) -> None:
        self.seat: Final = seat


@final
class KeepFrame(Frame):
    """Ask ``seat`` to put back ``count`` dealt cards (``what``: 0 buildings, 1 agendas)."""

    kind = "keep"

    def __init__(self, seat: int, what: int, count: int) -> None:
        self.seat: Final = seat
        self.what: Final = what
        self.count: Final = count


@final
class ScoreFrame(Frame):
    """The final scoring."""

    kind = "score"

    def __init__(self) -> None:
        pass


@final
class DraftAsk(Ask):
    """Which HQ card ``seat`` takes in the advanced draft."""

    kind = "draft"

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.cause = "draft"  # no cause of its own: its kind


@final
class KeepAsk(Ask):
    """Which dealt card ``seat`` puts back (``what``: 0 buildings, 1 agendas; ``count`` left)."""

    kind = "keep"

    def __init__(self, seat: int, what: int, count: int) -> None:
        self.seat = seat
        self.what: Final = what
        self.count: Final = count
        self.cause = "keep"  # no cause of its own: its kind


FRAMES: Final[dict[str, type[Frame]]] = {
    **interpreter.FRAMES,
    **kinds(
        StartFrame,
        TurnFrame,
        VisitFrame,
        IncomeFrame,
        IncomeNextFrame,
        EndTurnFrame,
        FinishFrame,
        BuildFrame,
        ConnectFrame,
        DrawLotFrame,
        AttackFrame,
        InfluenceFrame,
        AskFactionFrame,
        DrawBuildingFrame,
        DraftFrame,
        KeepFrame,
        ScoreFrame,
    ),
}
"""Every frame kind of a game, by name."""

ASKS: Final[dict[str, type[Ask]]] = {
    **interpreter.ASKS,
    **kinds(
        TurnAsk,
        TradeAsk,
        IncomeAsk,
        FactionAsk,
        FortSiteAsk,
        GateSiteAsk,
        TakeAsk,
        BuildAsk,
        DraftAsk,
        KeepAsk,
    ),
}
"""Every ask kind of a game, by name."""

R = TypeVar("R", bound=Record)


def from_list(registry: dict[str, type[R]], data: list[Any]) -> R:
    """A record from its saved form ``[kind, *fields]`` (checked beforehand: see
    [`baldurs_rules.rules.shapes`][])."""
    return registry[data[0]](*data[1:])
