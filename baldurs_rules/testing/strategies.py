"""Hypothesis strategies: games at random decision points, legal actions, valid cards.

Every strategy takes an optional ``content`` (the default content if None),
so modders generate games and cards of their own content.
"""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

from baldurs_rules.content.loader import load_content
from baldurs_rules.content.model import Content
from baldurs_rules.dsl import ast as A
from baldurs_rules.dsl.checker import Slot
from baldurs_rules.dsl.render import to_source
from baldurs_rules.game import Game, new_game

__all__ = [
    "action_sequences",
    "agenda_cards",
    "building_cards",
    "effects",
    "expressions",
    "games",
    "gate_cards",
    "legal_actions",
]


def _as_strategy(value: Any) -> st.SearchStrategy[Any]:
    return value if isinstance(value, st.SearchStrategy) else st.just(value)


def games(
    players: int | st.SearchStrategy[int] | None = None,
    advanced: bool | st.SearchStrategy[bool] | None = None,
    content: Content | None = None,
    max_steps: int = 300,
) -> st.SearchStrategy[Game]:
    """A game (2 to 4 players, basic or advanced) at a random decision point.

    The game is played from a drawn seed by drawn legal actions, so Hypothesis
    shrinks a failing case to a short, replayable game.
    """
    low, high = 2, 4
    players_st = _as_strategy(players) if players is not None else st.integers(low, high)
    advanced_st = _as_strategy(advanced) if advanced is not None else st.booleans()

    @st.composite
    def build(draw: st.DrawFn) -> Game:
        game = new_game(
            draw(players_st),
            draw(st.integers(0, 2**32 - 1)),
            draw(advanced_st),
            content or load_content(),
        )
        for _ in range(draw(st.integers(0, max_steps))):
            if game.is_over:
                break
            legal = game.legal_actions()
            game.apply(legal[draw(st.integers(0, len(legal) - 1))])
        return game

    return build()


def legal_actions(game: Game) -> st.SearchStrategy[Any]:
    """One legal action of ``game`` (the game must not be over)."""
    legal = game.legal_actions()
    if not legal:
        raise ValueError("the game is over: it has no legal action")
    return st.sampled_from(legal)


def action_sequences(game: Game, max_size: int = 50) -> st.SearchStrategy[list[Any]]:
    """A list of actions, each legal after the ones before it (``game`` is not changed)."""

    @st.composite
    def build(draw: st.DrawFn) -> list[Any]:
        copy, actions = game.clone(), []
        for _ in range(draw(st.integers(0, max_size))):
            if copy.is_over:
                break
            action = draw(st.sampled_from(copy.legal_actions()))
            copy.apply(action)
            actions.append(action)
        return actions

    return build()


# ---------------------------------------------------------------- effects and cards


class _Words:
    def __init__(self, content: Content) -> None:
        self.resources = [r.id for r in content.resources]
        self.payable = [r.id for r in content.resources if r.payable]
        self.factions = [f.id for f in content.factions]
        self.districts = [d.id for d in content.board.districts]
        self.types = [t.id for t in content.tiles]


def _n(low: int, high: int) -> st.SearchStrategy[A.Number]:
    return st.integers(low, high).map(A.Number)


def _name(words: list[str]) -> st.SearchStrategy[A.Name]:
    return st.sampled_from(words).map(A.Name)


def _atoms(w: _Words, here: bool) -> st.SearchStrategy[Any]:
    resource = st.builds(A.Amount, _n(1, 5), _name(w.resources))
    influence = st.builds(A.InfluenceAmount, _n(1, 3), st.none() | _name(w.factions))
    where: st.SearchStrategy[Any] = st.none() | st.builds(A.InDistrict, _name(w.districts))
    if here:
        where = where | st.just(A.Here())
    buildings = st.builds(
        A.Draw, _n(1, 2), _name(["building", "buildings"]), st.none() | _name(["offer", "deck"])
    )
    return st.one_of(
        st.lists(resource | influence, min_size=1, max_size=3).map(lambda i: A.Gain(tuple(i))),
        st.lists(resource, min_size=1, max_size=2).map(lambda i: A.Lose(tuple(i))),
        buildings,
        st.builds(A.Draw, _n(1, 2), _name(["agenda", "agendas"])),
        st.just(A.TakeGate()),
        st.builds(A.Place, _name(["watchtower", "keep"]), where),
        st.builds(A.Build, st.none() | _name(w.types), st.none() | _n(1, 3)),
        st.just(A.ReturnWorker()),
        st.just(A.Nothing()),
    )


def _conditions(w: _Words) -> st.SearchStrategy[Any]:
    quantity = st.sampled_from(["gold", "supply", "favor", "districts", "hand"]).map(
        lambda q: A.Quantity(A.Name(q))
    )
    return st.builds(
        A.Compare, st.sampled_from([">=", "<=", ">", "<", "==", "!="]), quantity, _n(0, 6)
    )


def _steps(w: _Words, here: bool) -> st.SearchStrategy[Any]:
    def extend(inner: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
        cost = st.lists(st.builds(A.Amount, _n(1, 3), _name(w.payable)), min_size=1, max_size=2)
        plain = inner.filter(lambda n: not isinstance(n, A.Seq))
        return st.one_of(
            st.lists(plain, min_size=2, max_size=3).map(lambda s: A.Seq(tuple(s))),
            st.builds(A.Paid, cost.map(tuple), inner),
            st.builds(A.When, _conditions(w), inner, st.none() | inner),
            st.builds(A.Repeat, st.integers(1, 3), inner),
            st.builds(A.Each, _name(["opponent", "player"]), inner),
            st.lists(inner, min_size=2, max_size=3).map(lambda o: A.Choose(tuple(o))),
        )

    return st.recursive(_atoms(w, here), extend, max_leaves=6)


def effects(content: Content | None = None, slot: Slot = Slot.INCOME) -> st.SearchStrategy[str]:
    """Effect source text that parses and passes the checker in ``slot``."""
    words = _Words(content or load_content())
    return _steps(words, slot.has_here).map(to_source)


def _exprs(w: _Words) -> st.SearchStrategy[Any]:
    counted = [*w.types, "building", "watchtower", "keep", "gate", "fortification", "structure"]
    leaves = st.one_of(
        _n(0, 9),
        st.sampled_from(
            [
                "gold",
                "supply",
                "favor",
                "districts",
                "largest_network",
                "portfolio",
                "hand",
                "agendas",
                "fortifications",
            ]
        ).map(lambda q: A.Quantity(A.Name(q))),
        st.builds(A.Count, _name(counted), st.none() | st.builds(A.InDistrict, _name(w.districts))),
        st.builds(A.Influence, _name([*w.factions, "highest", "lowest"])),
    )

    def extend(inner: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
        return st.one_of(
            st.builds(A.Op, st.sampled_from(["+", "-", "*"]), inner, inner),
            st.builds(A.Op, st.just("per"), inner, _n(1, 4)),
            st.builds(
                A.Extreme,
                st.sampled_from(["min", "max"]),
                st.lists(inner, min_size=2, max_size=3).map(tuple),
            ),
            st.builds(A.CondExpr, inner, _conditions(w), st.none() | inner),
        )

    return st.recursive(leaves, extend, max_leaves=6)


def expressions(content: Content | None = None) -> st.SearchStrategy[str]:
    """Agenda score expressions that parse and pass the checker."""
    return _exprs(_Words(content or load_content())).map(to_source)


_IDS = st.text("abcdefghijklmnopqrstuvwxyz", min_size=3, max_size=12).map(lambda s: f"gen_{s}")
_NAMES = st.text("abcdefghijklmnopqrstuvwxyz ", min_size=3, max_size=20).map(
    lambda s: s.strip().title() or "Nameless"
)


def building_cards(content: Content | None = None) -> st.SearchStrategy[dict[str, Any]]:
    """A schema-valid building card (as YAML-ready data) with effects in the language."""
    content = content or load_content()
    types = [t.id for t in content.tiles]

    @st.composite
    def build(draw: st.DrawFn) -> dict[str, Any]:
        card: dict[str, Any] = {
            "id": draw(_IDS),
            "name": draw(_NAMES),
            "type": draw(st.sampled_from(types)),
            "cost": draw(st.integers(2, 8)),
        }
        which = draw(st.sampled_from(["income", "when_built", "both"]))
        if which in ("income", "both"):
            card["income"] = draw(effects(content, Slot.INCOME))
        if which in ("when_built", "both"):
            card["when_built"] = draw(effects(content, Slot.WHEN_BUILT))
        return card

    return build()


def gate_cards(content: Content | None = None) -> st.SearchStrategy[dict[str, Any]]:
    """A schema-valid gate card with an income ability."""
    return st.fixed_dictionaries(
        {"id": _IDS, "name": _NAMES, "income": effects(content, Slot.INCOME)}
    )


def agenda_cards(content: Content | None = None) -> st.SearchStrategy[dict[str, Any]]:
    """A schema-valid agenda card with a score expression."""
    return st.fixed_dictionaries({"id": _IDS, "name": _NAMES, "score": expressions(content)})
