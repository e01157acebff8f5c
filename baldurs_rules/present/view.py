"""What one seat may see, and plain-English descriptions of actions.

[`view`][baldurs_rules.present.view.view] returns JSON-ready data holding only public
information and the seat's own cards: other hands, the order of every deck,
the bag's order and the unrevealed final-attack token are absent (RULES B17).
"""

from __future__ import annotations

import copy
from typing import TYPE_CHECKING, Any, Final

from baldurs_rules.actions import Action
from baldurs_rules.dsl.render import to_text
from baldurs_rules.engine.interpreter import ChooseAsk, PayAsk
from baldurs_rules.present.card_text import card_text, script_text
from baldurs_rules.rules.knowledge import cards_known_to
from baldurs_rules.rules.lookup import Lookup
from baldurs_rules.rules.pending import TradeAsk
from baldurs_rules.rules.state import LOT_FINAL, LOT_HIDDEN, State

if TYPE_CHECKING:
    from baldurs_rules.game import Game

__all__ = ["describe_action", "view"]

_LOT_STATUS: Final = ("hidden", "available", "banned", "built", "final")


def view(game: Game, seat: object) -> dict[str, Any]:
    """The game as ``seat`` sees it (see the module docs); ``seat`` is checked here."""
    state = game.state
    if not isinstance(seat, int) or not 0 <= seat < state.players:
        from baldurs_rules.errors import RulesError

        raise RulesError(f"seat must be 0 to {state.players - 1}, not {seat!r}")
    v = _ViewTables.of(game)
    decision = state.decision
    known = cards_known_to(state, seat)
    data: dict[str, Any] = {
        "seat": seat,
        "players": state.players,
        "advanced": state.advanced,
        "phase": state.phase,
        "turn": state.turn,
        "active": state.active,
        "current_player": -1 if decision is None else decision.seat,
        "hand": list(state.hand[seat]),
        "agendas": list(state.agendas[seat]),
        "seats": [v.public_seat(state, s, seat, known) for s in range(state.players)],
        "known_in_deck": _known_in(state.deck, known),
        "known_in_agenda_deck": _known_in(state.agenda_deck, known),
        "lots": v.lots(state),
        "sites": v.sites(state),
        "tracks": _keyed(v.districts, state.track),
        "damage": _keyed(v.districts, state.damage),
        "strength": v.strength_track[state.strength],
        "strength_index": state.strength,
        "offer": list(state.offer),
        "deck_size": len(state.deck),
        "discard": list(state.discard),
        "agenda_deck_size": len(state.agenda_deck),
        "gate_deck_top": state.gate_deck[-1] if state.gate_deck else None,
        "gate_deck_size": len(state.gate_deck),
        "bag_size": len(state.bag),
        "unrevealed_lots": v.hidden_lots(state),
        "final_token": (
            v.node_lot[state.final_token] if state.lots[state.final_token] == LOT_FINAL else None
        ),
        "piles": _keyed(v.tiles, state.piles),
        "hq_offer": list(state.hq_offer),
        "used": list(state.used),
        "decision": None if decision is None else {"kind": decision.kind, "seat": decision.seat},
        "legal_actions": [str(a) for a in game.legal_actions()]
        if decision is not None and decision.seat == seat
        else [],
        "event_count": len(state.events),
        "scores": None if state.scores is None else copy.deepcopy(state.scores),
    }
    return data


def _keyed(keys: list[str], values: list[int]) -> dict[str, Any]:
    """``dict(zip(keys, values))`` as a loop (compiled, several times faster)."""
    out: dict[str, Any] = {}
    for i, key in enumerate(keys):
        out[key] = values[i]
    return out


def _known_in(deck: list[str], known: set[str]) -> list[list[Any]]:
    """[position from the bottom, card] of the deck's cards in ``known``."""
    if not known:
        return []
    return [[i, card] for i, card in enumerate(deck) if card in known]


class _ViewTables:
    """What the view reads of the content, gathered once per content.

    The map is kept as parallel lists (lot numbers and nodes in lot-number order;
    site ids, nodes and whether each is an HQ site), which compiled code walks
    natively, and the row of every empty place, which a view copies and fills.
    """

    def __init__(self, game: Game) -> None:
        t = Lookup.of(game.content)
        self.lot_nodes = list(t.lot_nodes)  # in lot-number order
        self.lot_numbers = [t.node_lot[n] for n in self.lot_nodes]
        self.site_nodes = [n for n, kind in enumerate(t.node_kind) if kind != "lot"]
        self.site_ids = [t.node_ids[n] for n in self.site_nodes]
        self.site_is_hq = [t.node_kind[n] == "hq" for n in self.site_nodes]
        self.forts = [f.id for f in game.content.fortifications]
        self.tiles = list(t.tiles)
        self.districts = list(t.districts)
        self.resource_ids = list(t.resources)
        self.factions = list(t.factions)
        self.locations = list(t.locations)
        self.strength_track = list(t.strength_track)
        self.node_lot = dict(t.node_lot)
        self.lot_blanks: list[list[dict[str, Any]]] = [
            [
                {
                    "status": status,
                    "district": t.districts[t.node_district[n]],
                    "tile": None,
                    "owner": None,
                    "damaged": False,
                }
                for status in _LOT_STATUS
            ]
            for n in self.lot_nodes
        ]
        self.site_blanks: list[dict[str, Any]] = [
            {"kind": t.node_kind[n], "piece": None, "owner": None} for n in self.site_nodes
        ]

    @staticmethod
    def of(game: Game) -> _ViewTables:
        """The tables of the game's content (made on first use, kept in its cache)."""
        cache = game.content._cache
        tables = cache.get("view")
        if not isinstance(tables, _ViewTables):
            tables = cache["view"] = _ViewTables(game)
        return tables

    def public_seat(self, state: State, seat: int, reader: int, known: set[str]) -> dict[str, Any]:
        """What ``reader`` sees of ``seat``."""
        hand, agendas, worker = state.hand[seat], state.agendas[seat], state.worker[seat]
        return {
            "hq": state.hq[seat],
            "resources": _keyed(self.resource_ids, state.res[seat]),
            "cubes": state.cubes[seat],
            "influence": _keyed(self.factions, state.influence[seat]),
            "worker": self.locations[worker] if worker >= 0 else None,
            "portfolio": list(state.portfolio[seat]),
            "hand_size": len(hand),
            "agenda_count": len(agendas),
            "known_hand": list(hand) if seat == reader else sorted(known.intersection(hand)),
            "known_agendas": (
                list(agendas) if seat == reader else sorted(known.intersection(agendas))
            ),
        }

    def hidden_lots(self, state: State) -> list[int]:
        """The numbers of the lots not revealed yet, in order."""
        numbers, status = self.lot_numbers, state.lots
        return [numbers[k] for k, n in enumerate(self.lot_nodes) if status[n] == LOT_HIDDEN]

    def lots(self, state: State) -> dict[int, dict[str, Any]]:
        """Every lot's status, district, tile and owner."""
        tiles, piece, owner, status = self.tiles, state.piece, state.owner, state.lots
        out: dict[int, dict[str, Any]] = {}
        numbers, blanks = self.lot_numbers, self.lot_blanks
        for k, n in enumerate(self.lot_nodes):  # indexed loops: native when compiled
            row = out[numbers[k]] = blanks[k][status[n]].copy()  # cheaper than a new dict
            p, o = piece[n], owner[n]
            if p >= 0:
                row["tile"] = tiles[p]
                row["damaged"] = o < 0
            if o >= 0:
                row["owner"] = o
        return out

    def sites(self, state: State) -> dict[str, dict[str, Any]]:
        """Every other node's kind, piece and owner."""
        piece, owner, forts = state.piece, state.owner, self.forts
        out: dict[str, dict[str, Any]] = {}
        idents, blanks, hqs = self.site_ids, self.site_blanks, self.site_is_hq
        for k, n in enumerate(self.site_nodes):
            row = out[idents[k]] = blanks[k].copy()
            p, o = piece[n], owner[n]
            if p >= 0:
                row["piece"] = "hq" if hqs[k] else forts[p]
            if o >= 0:
                row["owner"] = o
        return out


def describe_action(game: Game, action: Action) -> str:
    """One or two sentences saying what ``action`` does at the pending decision."""
    content, state = game.content, game.state
    look = Lookup.of(content)
    names = content.names()
    kind, args = action.kind, action.args
    if kind == "build":
        card = content.buildings[str(args[0])]
        lot = look.lot_node[int(args[1])]
        district = names[look.districts[look.node_district[lot]]]
        return (
            f"Build {card.name} on lot {args[1]} ({district}). "
            + card_text(content, card.id).split("\n", 1)[-1].strip()
        )
    if kind in ("visit",):
        return card_text(content, str(args[0])).replace("\n", " ")
    decision = state.decision
    if kind == "trade" and isinstance(decision, TradeAsk):
        loc = content.locations[decision.location]
        return f"Trade {args[0]} at {loc.name}: " + script_text(
            content, loc.trades[int(args[0]) - 1].effect
        )
    if kind == "use":
        return f"Use {names.get(str(args[0]), args[0])}: " + _income_text(game, str(args[0]))
    if kind == "choose" and isinstance(decision, ChooseAsk):
        branch = look.branches(decision.nid)[int(args[0]) - 1]
        return "Choose: " + to_text(branch, names)
    if kind == "pay" and isinstance(decision, PayAsk):
        return "Pay: " + to_text(look.effect(decision.nid), names)
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
