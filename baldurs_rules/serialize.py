"""Loading saved games: every field checked before the engine may touch it.

A hand-edited or corrupted save gives a [`StateError`][baldurs_rules.errors.StateError]
that names the field and what is wrong with it, never a crash later in play.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from baldurs_rules.actions import Action
from baldurs_rules.content.model import Content
from baldurs_rules.engine.rng import STATE_WORDS
from baldurs_rules.errors import StateError
from baldurs_rules.rules import Rules
from baldurs_rules.rules.events import encode_problem
from baldurs_rules.rules.shapes import pending_problem
from baldurs_rules.rules.state import FIELDS, State

__all__ = ["state_from_data"]

Check = Callable[[Any], bool]


def _int(low: int, high: int) -> Check:
    return lambda v: type(v) is int and low <= v <= high


def _list(item: Check, size: int | None = None) -> Check:
    return lambda v: (
        isinstance(v, list) and (size is None or len(v) == size) and all(item(x) for x in v)
    )


def _one_of(values: Any) -> Check:
    return lambda v: isinstance(v, (str, int)) and not isinstance(v, bool) and v in values


def _mapping(key: Check, value: Check) -> Check:
    return lambda v: isinstance(v, dict) and all(key(k) and value(x) for k, x in v.items())


SCORE_KEYS = {
    "prestige",
    "before_scoring",
    "steps",
    "tie_breaks",
    "ranking",
    "winners",
    "truncated",
}


def _scores(value: Any, seats: int) -> bool:
    """The final scoring's shape: lists of one whole number per seat."""
    if not isinstance(value, dict) or set(value) - SCORE_KEYS or "winners" not in value:
        return False
    per_seat = _list(_int(-(10**9), 10**9), seats)
    lists = [value.get(k) for k in ("prestige", "before_scoring", "ranking")]
    tables = [*value.get("steps", {}).values(), *value.get("tie_breaks", {}).values()]
    return (
        all(per_seat(x) for x in [*lists, *tables])
        and isinstance(value.get("steps"), dict)
        and isinstance(value.get("tie_breaks"), dict)
        and _list(_int(0, seats - 1))(value["winners"])
        and isinstance(value.get("truncated", False), bool)
    )


def _field_checks(rules: Rules, players: int) -> dict[str, Check]:
    """The check of every state field for a player count (built once, kept with the rules)."""
    cache: dict[int, dict[str, Check]] = rules.field_checks
    if players not in cache:
        cache[players] = _build_field_checks(rules, players)
    return cache[players]


def _build_field_checks(rules: Rules, players: int) -> dict[str, Check]:
    t, content = rules.t, rules.content
    nodes, seats = len(t.node_ids), players
    seat = _int(0, seats - 1)
    big = 10**9
    buildings, agendas, gates = content.buildings, content.agendas, content.gates
    cards = set(buildings) | set(gates)
    max_level = max(len(f.rewards) for f in content.factions)
    return {
        "players": _int(rules.settings["players"]["min"], rules.settings["players"]["max"]),
        "advanced": lambda v: isinstance(v, bool),
        "seed": lambda v: type(v) is int,
        "rng": _list(_int(0, 2**32 - 1), STATE_WORDS),
        "phase": _one_of(("setup", "play", "final", "over")),
        "active": seat,
        "turn": _int(0, big),
        "end_triggered": lambda v: isinstance(v, bool),
        "stack": lambda v: (
            isinstance(v, list) and len(v) <= 10_000 and all(isinstance(f, list) and f for f in v)
        ),
        "decision": lambda v: v is None or (isinstance(v, list) and 2 <= len(v) <= 8),
        "final_queue": _list(seat),
        "used": _list(_one_of(cards | set(content.hqs))),
        "res": _list(_list(_int(0, big), len(t.resource_ids)), seats),
        "cubes": _list(_int(0, 1000), seats),
        "influence": _list(_list(_int(0, max_level), len(t.factions)), seats),
        "worker": _list(_int(-1, len(t.locations) - 1), seats),
        "hand": _list(_list(_one_of(buildings)), seats),
        "agendas": _list(_list(_one_of(agendas)), seats),
        "portfolio": _list(_list(_one_of(cards)), seats),
        "hq": _list(lambda v: v == "" or v in content.hqs, seats),
        "owner": _list(_int(-1, seats - 1), nodes),
        "piece": _list(_int(-1, max(len(t.tiles), len(t.defense)) - 1), nodes),
        "lots": _list(_int(0, 4), nodes),
        "bag": _list(_one_of(set(t.lot_nodes))),
        "final_token": _one_of(set(t.lot_nodes)),
        "track": _list(_int(0, 100), len(t.districts)),
        "strength": _int(0, len(t.strength_track) - 1),
        "damage": _list(_int(0, big), len(t.districts)),
        "deck": _list(_one_of(buildings)),
        "offer": _list(_one_of(buildings)),
        "discard": _list(_one_of(buildings)),
        "agenda_deck": _list(_one_of(agendas)),
        "gate_deck": _list(_one_of(gates)),
        "piles": _list(_int(0, big), len(t.tiles)),
        "hq_offer": _list(_one_of(content.hqs)),
        "known_by": _mapping(_one_of(set(buildings) | set(agendas)), _int(1, 2**seats - 1)),
        "batch": _mapping(_one_of(buildings), _int(1, big)),
        "scores": lambda v: v is None or _scores(v, seats),
        "logging": lambda v: isinstance(v, bool),
        "events": lambda v: isinstance(v, list),  # each event is checked below
    }


def _frames_ok(rules: Rules, state: State) -> str | None:
    """Frames and the decision have known kinds and well-formed arguments."""
    problem = pending_problem(rules, state)
    if problem:
        return problem
    decision = state.decision
    if (decision is None) != (state.phase == "over") or (state.scores is None) != (
        state.phase != "over"
    ):
        return "only a game that is over has no pending decision, and only it has scores"
    return None


def state_from_data(data: Any, content: Content) -> tuple[State, list[Action], list[int]]:
    """Check saved-game data and rebuild its state.

    Returns:
        The state, the actions played before it and the seat that chose each.

    Raises:
        StateError: Naming the first field found wrong.
    """
    from baldurs_rules.game import FORMAT, FORMATS, Game
    from baldurs_rules.invariants import check_all

    if not isinstance(data, dict) or data.get("format") not in FORMATS:
        raise StateError(f"not a saved game (expected format {FORMAT!r})")
    if data.get("content") != content.fingerprint:
        raise StateError(
            f"saved for content {data.get('content')!r}, but the loaded content is"
            f" {content.fingerprint!r}; load the same content (or mod) first"
        )
    raw, actions = data.get("state"), data.get("actions", [])
    if isinstance(raw, dict) and data["format"] == FORMATS[0]:  # @1 saves knew no less
        raw = {"known_by": {}, "batch": {}, "logging": True, **raw}
    if not isinstance(raw, dict) or set(raw) != set(FIELDS):
        fields = set(raw) if isinstance(raw, dict) else set()
        missing, extra = sorted(set(FIELDS) - fields), sorted(fields - set(FIELDS))
        raise StateError(f"saved state has missing fields {missing} or unknown fields {extra}")
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise StateError("saved actions must be a list of notations")
    deciders = data.get("deciders", [-1] * len(actions))
    if not _list(_int(-1, 64))(deciders) or len(deciders) != len(actions):
        raise StateError("saved 'deciders' must list one seat per action")
    rules = Rules.of(content)
    checks = _field_checks(rules, raw["players"] if type(raw.get("players")) is int else 0)
    for name, check in checks.items():
        if not check(raw[name]):
            raise StateError(f"saved state field {name!r} has a wrong value: {_short(raw[name])}")
    for number, event in enumerate(raw["events"]):
        problem = encode_problem(event, raw["players"])
        if problem:
            raise StateError(f"saved event {number + 1}: {problem}")
    state = State.from_dict(raw)
    rules.refresh(state)
    problem = _frames_ok(rules, state)
    problems = [problem] if problem else check_all(Game(content, state))
    if problems:
        raise StateError("saved state is inconsistent: " + "; ".join(problems[:5]))
    try:
        rules.machine.legal(state)
    except (LookupError, ValueError, TypeError, AttributeError) as exc:
        raise StateError(f"saved state has an unusable pending decision: {exc!r}") from None
    return state, [Action.from_notation(a) for a in actions], deciders


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."
