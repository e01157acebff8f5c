"""What one seat may see, and plain-English descriptions of actions.

[`view`][baldurs_rules.view.view] returns JSON-ready data holding only public
information and the seat's own cards: other hands, the order of every deck,
the bag's order and the unrevealed final-attack token are absent (RULES B17).
"""

from __future__ import annotations

import copy
from typing import TYPE_CHECKING, Any

from baldurs_rules.actions import Action
from baldurs_rules.dsl.render import to_text
from baldurs_rules.rules import Rules
from baldurs_rules.rules.state import LOT_FINAL, LOT_HIDDEN
from baldurs_rules.text import card_text, script_text

if TYPE_CHECKING:
    from baldurs_rules.game import Game

__all__ = ["PRIVATE_FIELDS", "describe_action", "public_event", "view"]

_LOT_STATUS = ("hidden", "available", "banned", "built", "final")

PRIVATE_FIELDS: dict[str, tuple[str, ...]] = {
    "draw_building": ("card",),
    "draw_agenda": ("card",),
    "discard": ("card",),
}
"""Event fields only the event's own seat may see (a card drawn from a deck or put back)."""


def public_event(event: dict[str, Any], seat: int) -> dict[str, Any]:
    """A copy of ``event`` as ``seat`` may see it.

    Examples:
        >>> public_event({"kind": "draw_agenda", "seat": 1, "cause": "x", "card": "a"}, 0)
        {'kind': 'draw_agenda', 'seat': 1, 'cause': 'x'}
    """
    hidden = PRIVATE_FIELDS.get(event["kind"])
    if not hidden or event["seat"] == seat:
        return dict(event)
    return {k: v for k, v in event.items() if k not in hidden}


def view(game: Game, seat: object) -> dict[str, Any]:
    """The game as ``seat`` sees it (see the module docs); ``seat`` is checked here."""
    rules, state = Rules.of(game.content), game.state
    t = rules.t
    if not isinstance(seat, int) or not 0 <= seat < state.players:
        from baldurs_rules.errors import RulesError

        raise RulesError(f"seat must be 0 to {state.players - 1}, not {seat!r}")
    decision = state.decision
    data: dict[str, Any] = {
        "seat": seat,
        "players": state.players,
        "advanced": state.advanced,
        "phase": state.phase,
        "turn": state.turn,
        "active": state.active,
        "current_player": game.current_player,
        "hand": list(state.hand[seat]),
        "agendas": list(state.agendas[seat]),
        "seats": [_public_seat(rules, state, s, seat) for s in range(state.players)],
        "known_in_deck": _known_in(state.deck, state, seat),
        "known_in_agenda_deck": _known_in(state.agenda_deck, state, seat),
        "lots": _lots(game, state),
        "sites": _sites(game, state),
        "tracks": dict(zip(t.districts, state.track, strict=True)),
        "damage": dict(zip(t.districts, state.damage, strict=True)),
        "strength": t.strength_track[state.strength],
        "strength_index": state.strength,
        "offer": list(state.offer),
        "deck_size": len(state.deck),
        "discard": list(state.discard),
        "agenda_deck_size": len(state.agenda_deck),
        "gate_deck_top": state.gate_deck[-1] if state.gate_deck else None,
        "gate_deck_size": len(state.gate_deck),
        "bag_size": len(state.bag),
        "unrevealed_lots": sorted(
            t.node_lot[n] for n in t.lot_nodes if state.lots[n] == LOT_HIDDEN
        ),
        "final_token": (
            t.node_lot[state.final_token] if state.lots[state.final_token] == LOT_FINAL else None
        ),
        "piles": dict(zip(t.tiles, state.piles, strict=True)),
        "hq_offer": list(state.hq_offer),
        "used": list(state.used),
        "decision": None if decision is None else {"kind": decision[0], "seat": decision[1]},
        "legal_actions": [str(a) for a in game.legal_actions()]
        if game.current_player == seat
        else [],
        "event_count": len(state.events),
        "scores": copy.deepcopy(state.scores),
    }
    return data


def _known_in(deck: list[str], state: Any, seat: int) -> list[list[Any]]:
    """[position from the bottom, card] of the deck's cards ``seat`` knows."""
    return [[i, card] for i, card in enumerate(deck) if state.known_by.get(card, 0) >> seat & 1]


def _public_seat(rules: Rules, state: Any, seat: int, reader: int) -> dict[str, Any]:
    t = rules.t
    known = [c for c in state.hand[seat] if state.known_by.get(c, 0) >> reader & 1]
    known_agendas = [c for c in state.agendas[seat] if state.known_by.get(c, 0) >> reader & 1]
    return {
        "hq": state.hq[seat],
        "resources": dict(zip(t.resource_ids, state.res[seat], strict=True)),
        "cubes": state.cubes[seat],
        "influence": dict(zip(t.factions, state.influence[seat], strict=True)),
        "worker": t.locations[state.worker[seat]] if state.worker[seat] >= 0 else None,
        "portfolio": list(state.portfolio[seat]),
        "hand_size": len(state.hand[seat]),
        "agenda_count": len(state.agendas[seat]),
        "known_hand": sorted(known) if seat != reader else list(state.hand[seat]),
        "known_agendas": sorted(known_agendas) if seat != reader else list(state.agendas[seat]),
    }


def _static(game: Game) -> tuple[list[tuple[int, int, str]], list[tuple[str, int, str]], list[str]]:
    """What the view needs of the map, read once per content: (lot, node, district) of
    every lot, (site id, node, kind) of every other node, and the fortification ids."""
    cache = game.content._cache
    static = cache.get("view")
    if static is None:
        t = Rules.of(game.content).t
        lots = [(t.node_lot[n], n, t.districts[t.node_district[n]]) for n in t.lot_nodes]
        sites = [(t.node_ids[n], n, k) for n, k in enumerate(t.node_kind) if k != "lot"]
        forts = [f.id for f in game.content.fortifications]
        static = cache["view"] = (lots, sites, forts)
    return static


def _lots(game: Game, state: Any) -> dict[int, dict[str, Any]]:
    lots, _, _ = _static(game)
    tiles = Rules.of(game.content).t.tiles
    piece, owner, status = state.piece, state.owner, state.lots
    return {
        lot: {
            "status": _LOT_STATUS[status[n]],
            "district": district,
            "tile": tiles[piece[n]] if piece[n] >= 0 else None,
            "owner": owner[n] if owner[n] >= 0 else None,
            "damaged": piece[n] >= 0 and owner[n] < 0,
        }
        for lot, n, district in lots
    }


def _sites(game: Game, state: Any) -> dict[str, dict[str, Any]]:
    _, sites, forts = _static(game)
    piece, owner = state.piece, state.owner
    return {
        ident: {
            "kind": kind,
            "piece": None if piece[n] < 0 else ("hq" if kind == "hq" else forts[piece[n]]),
            "owner": owner[n] if owner[n] >= 0 else None,
        }
        for ident, n, kind in sites
    }


def describe_action(game: Game, action: Action) -> str:
    """One or two sentences saying what ``action`` does at the pending decision."""
    content, state = game.content, game.state
    rules = Rules.of(content)
    names = content.names()
    kind, args = action.kind, action.args
    if kind == "build":
        card = content.buildings[str(args[0])]
        lot = rules.t.lot_node[int(args[1])]
        district = names[rules.t.districts[rules.t.node_district[lot]]]
        return (
            f"Build {card.name} on lot {args[1]} ({district}). "
            + card_text(content, card.id).split("\n", 1)[-1].strip()
        )
    if kind in ("visit",):
        return card_text(content, str(args[0])).replace("\n", " ")
    if kind == "trade" and state.decision is not None:
        loc = content.locations[state.decision[2]]
        return f"Trade {args[0]} at {loc.name}: " + script_text(
            content, loc.trades[int(args[0]) - 1].effect
        )
    if kind == "use":
        return f"Use {names.get(str(args[0]), args[0])}: " + _income_text(game, str(args[0]))
    if kind == "choose" and state.decision is not None:
        nid = rules.t.program.kids[state.decision[2]][int(args[0]) - 1]
        return "Choose: " + to_text(rules.t.program.nodes[nid], names)
    if kind == "pay" and state.decision is not None:
        return "Pay: " + to_text(rules.t.program.nodes[state.decision[2]], names)
    if kind in ("take", "discard", "hq", "faction"):
        ident = str(args[0])
        return f"{kind.capitalize()} {names.get(ident, 'a card from the deck')}"
    if kind == "site":
        node = content.board.node(str(args[0]))
        return f"Put it on {node.id} in {names[node.district]}"
    return {
        "income": "Take income",
        "skip": "Make no trade",
        "done": "End the income action",
        "decline": "Do not pay",
    }.get(kind, str(action))


def _income_text(game: Game, card: str) -> str:
    content = game.content
    if card in content.hqs:
        hq = content.hqs[card]
        side = hq.advanced if game.state.advanced else hq.basic
        return script_text(content, side.ability)
    found = content.buildings.get(card) or content.gates.get(card)
    return script_text(content, found.income) if found else ""
