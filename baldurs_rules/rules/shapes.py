"""The shape of every pending step, decision and event, to check saved games.

A saved game holds its pending work and its decision as lists ``[kind, *fields]``
and its log as lists too; before the engine may run them,
[`pending_data_problem`][baldurs_rules.rules.shapes.pending_data_problem] checks
that each step and the decision has a known kind and fields of the right kind and
range (the fields of each kind come from its class in [`baldurs_rules.rules.pending`][]:
[`FRAMES`][baldurs_rules.rules.shapes.FRAMES] and
[`DECISIONS`][baldurs_rules.rules.shapes.DECISIONS] name their value kinds), and
[`event_problem`][baldurs_rules.rules.shapes.event_problem]
does the same for each event of the log. Any value at all may come in (a list
where a number belongs, a float, text with control characters): the checks
never raise, they describe.

Examples:
    >>> import baldurs_rules as br
    >>> from baldurs_rules.rules import Rules
    >>> game = br.new_game(players=2, seed=1)
    >>> rules = Rules.of(game.content)
    >>> event_problem(rules, ("resource", 0, "setup", "gold", 2.5), 2)
    "event 'resource': value 2 (delta) is wrong: 2.5"
    >>> pending_problem(rules, game.state) is None
    True
    >>> pending_data_problem(rules, [["turn", 5]], None, 2, [[], []])
    "pending step 'turn': argument 1 (seat) is wrong: 5"
"""

from __future__ import annotations

from collections.abc import Callable, Container, Mapping
from typing import TYPE_CHECKING, Any

from baldurs_rules.dsl import ast as A
from baldurs_rules.engine.machine import Record
from baldurs_rules.errors import quoted
from baldurs_rules.rules import pending
from baldurs_rules.rules.events import EVENTS

if TYPE_CHECKING:
    from baldurs_rules.actions import Action
    from baldurs_rules.rules import Rules
    from baldurs_rules.rules.state import State

__all__ = [
    "ACTION_ARGS",
    "ASK_FIELD_KINDS",
    "DECISIONS",
    "EVENT_VALUES",
    "FIELD_KINDS",
    "FRAMES",
    "action_problem",
    "event_problem",
    "pending_data_problem",
    "pending_problem",
]

Test = Callable[[Any], bool]

FIELD_KINDS: dict[str, str] = {
    "seat": "seat",
    "nid": "nid",
    "here": "here",
    "cause": "str",
    "selected": "flag",
    "faction": "faction",
    "amount": "amount",
    "discount": "amount",
    "source": "source",
    "card": "card",
    "lot_node": "lot_node",
    "node": "node",
    "district": "district",
    "final": "flag",
    "location": "location",
    "fort": "fort",
    "tile": "tile_any",
    "what": "what",
    "count": "count",
}
"""The kind of value of each field name of the frames and asks (see
[`baldurs_rules.rules.pending`][]), unless the kind says otherwise (``ASK_FIELD_KINDS``)."""

ASK_FIELD_KINDS: dict[tuple[str, str], str] = {
    ("choose", "nid"): "choose_nid",
    ("pay", "nid"): "paid_nid",
    ("fort_site", "district"): "district_any",
    ("gate_site", "district"): "district_any",
}
"""Fields of asks whose values are checked more narrowly than their name says."""


def _field_kinds(
    registry: Mapping[str, type[Record]], narrower: dict[tuple[str, str], str]
) -> dict[str, tuple[str, ...]]:
    return {
        kind: tuple(narrower.get((kind, name), FIELD_KINDS[name]) for name in cls.FIELDS)
        for kind, cls in registry.items()
    }


FRAMES: dict[str, tuple[str, ...]] = _field_kinds(pending.FRAMES, {})
"""The kinds of the fields of each frame kind, in order (from the classes' fields)."""

DECISIONS: dict[str, tuple[str, ...]] = _field_kinds(pending.ASKS, ASK_FIELD_KINDS)
"""The kinds of the fields of each ask kind, in order (from the classes' fields)."""

EVENT_VALUES: dict[str, str] = {
    "card": "card_id",
    "site": "node_id",
    "lot": "lot_number",
    "district": "district_id",
    "what": "card_kind",
    "action": "str",
    "decision": "decision_kind",
    "resource": "resource_id",
    "faction": "faction_id",
    "delta": "int",
    "level": "count0",
    "cost": "count0",
    "piece": "fort_id",
    "location": "location_id",
    "trade": "count1",
    "strength": "count0",
    "defense": "count0",
    "held": "bool",
    "value": "int",
    "winners": "seats",
}
"""The kind of every value name of the events (``EVENTS`` of ``baldurs_rules.rules.events``)."""

ACTION_ARGS: dict[str, tuple[str, ...]] = {
    "build": ("building_id", "lot_number"),
    "visit": ("location_id",),
    "income": (),
    "trade": ("count1",),
    "skip": (),
    "use": ("card_id",),
    "done": (),
    "choose": ("count1",),
    "pay": (),
    "decline": (),
    "faction": ("faction_id",),
    "site": ("node_id",),
    "take": ("take_id",),
    "hq": ("hq_id",),
    "discard": ("card_id",),
}
"""The kinds of the arguments of each action kind
(see [`ACTION_KINDS`][baldurs_rules.actions.ACTION_KINDS])."""

BIG = 10**9
"""Largest amount a saved event or argument may hold (the same bound as resources)."""


def _int_in(low: int, high: int) -> Test:
    return lambda v: type(v) is int and low <= v <= high


def _member(values: Container[Any]) -> Test:
    """Membership for any value: an unhashable one (a list, a dict) is simply not a member."""
    return lambda v: type(v) in (str, int) and v in values


def _nid_of(rules: Rules, kind: type) -> Test:
    nodes = rules.t.program.nodes
    return lambda v: type(v) is int and 0 <= v < len(nodes) and type(nodes[v]) is kind


def _tests(rules: Rules, players: int) -> dict[str, Test]:
    """The test of every argument and value kind, for a player count (cached with the rules)."""
    cache: dict[Any, Any] = rules.field_checks
    key = ("shapes", players)
    if key not in cache:
        cache[key] = _build_tests(rules, players)
    tests: dict[str, Test] = cache[key]
    return tests


def _build_tests(rules: Rules, players: int) -> dict[str, Test]:
    t, content = rules.t, rules.content
    districts = len(t.districts)
    cards = {*content.buildings, *content.agendas, *content.gates, *content.hqs}
    seat = _int_in(0, players - 1)
    return {
        "seat": seat,
        "nid": _int_in(0, len(t.program.nodes) - 1),
        "choose_nid": _nid_of(rules, A.Choose),
        "paid_nid": _nid_of(rules, A.Paid),
        "here": _int_in(-1, districts - 1),
        "district": _int_in(0, districts - 1),
        "district_any": _int_in(-1, districts - 1),
        "str": lambda v: type(v) is str,
        "flag": _int_in(0, 1),
        "faction": _int_in(0, len(t.factions) - 1),
        "amount": _int_in(0, 999),
        "source": _int_in(0, 2),
        "card": _member(t.tile_of),
        "lot_node": lambda v: type(v) is int and v in t.node_lot,
        "node": _int_in(0, len(t.node_ids) - 1),
        "location": _int_in(0, len(t.locations) - 1),
        "fort": _int_in(0, len(t.defense) - 1),
        "tile_any": _int_in(-1, len(t.tiles) - 1),
        "what": _int_in(0, 1),
        "count": _int_in(1, 99),
        # values of events
        "card_id": _member(cards),
        "node_id": _member(set(t.node_ids)),
        "lot_number": lambda v: type(v) is int and v in t.lot_node,
        "district_id": _member(set(t.districts)),
        "card_kind": _member({"building", "agenda"}),
        "decision_kind": _member(set(DECISIONS)),
        "resource_id": _member(set(t.resource_ids)),
        "int": _int_in(-BIG, BIG),
        "count0": _int_in(0, BIG),
        "count1": _int_in(1, BIG),
        "fort_id": _member(set(t.fort)),
        "faction_id": _member(set(t.factions)),
        "building_id": _member(set(content.buildings)),
        "take_id": _member({*content.buildings, "deck"}),
        "hq_id": _member(set(content.hqs)),
        "location_id": _member(set(t.locations)),
        "bool": lambda v: type(v) is bool,
        "seats": lambda v: type(v) is list and all(seat(s) for s in v),
        "event_seat": _int_in(-1, players - 1),
    }


def _shape_problem(
    item: Any, shapes: dict[str, tuple[str, ...]], tests: dict[str, Test], what: str
) -> str | None:
    """What is wrong with a saved ``[kind, *fields]`` (a list, as JSON has it); None if nothing."""
    if type(item) is not list or not item or type(item[0]) is not str or item[0] not in shapes:
        head = item[:1] if type(item) is list else item
        return f"unknown {what} {quoted(head)}"
    kinds = shapes[item[0]]
    args = item[1:]
    if len(args) != len(kinds):
        return f"{what} {item[0]!r} needs {len(kinds)} arguments, not {len(args)}"
    for position, (kind, value) in enumerate(zip(kinds, args, strict=True), 1):
        if not tests[kind](value):
            return f"{what} {item[0]!r}: argument {position} ({kind}) is wrong: {quoted(value)}"
    return None


def pending_data_problem(
    rules: Rules, stack: Any, decision: Any, players: int, hands: Any
) -> str | None:
    """The first malformed pending step or decision of saved data, described; None when
    all are fine.

    Args:
        rules: The rules of the content the data is for.
        stack: The saved pending steps (checked to be a list of lists already).
        decision: The saved decision (None, or a list).
        players: The number of seats (checked already).
        hands: The saved hands (checked already), to check a pending build's card.
    """
    tests = _tests(rules, players)
    for frame in stack:
        problem = _shape_problem(frame, FRAMES, tests, "pending step")
        if problem:
            return problem
        if frame[0] == "build":
            build = dict(zip(pending.BuildFrame.FIELDS, frame[1:], strict=True))
            if build["card"] not in hands[build["seat"]]:
                seat = build["seat"]
                return f"pending build of {build['card']!r}, which is not in seat {seat}'s hand"
    if decision is not None:
        return _shape_problem(decision, DECISIONS, tests, "decision")
    return None


def pending_problem(rules: Rules, state: State) -> str | None:
    """The first malformed pending step or decision of a state, described; None when all
    are fine (each must be a record of its kind with fields in range)."""
    stack = [_data(f, pending.FRAMES) for f in state.stack]
    decision = None if state.decision is None else _data(state.decision, pending.ASKS)
    return pending_data_problem(rules, stack, decision, state.players, state.hand)


def _data(item: Any, registry: Mapping[str, type[Record]]) -> Any:
    """A record as saved data; anything else as it is (so it is reported as unknown)."""
    if isinstance(item, Record) and registry.get(item.kind) is type(item):
        return item.to_list()
    return item


def event_problem(rules: Rules, event: Any, players: int) -> str | None:
    """What is wrong with one event of a log (a tuple, or a list from JSON); None if nothing.

    An event is ``(kind, seat, cause, *values)`` with the values ``EVENTS`` (of
    ``baldurs_rules.rules.events``) names for its kind, each of the kind
    [`EVENT_VALUES`][baldurs_rules.rules.shapes.EVENT_VALUES] gives.
    """
    if type(event) not in (list, tuple) or len(event) < 3:
        return f"an event must be [kind, seat, cause, ...], not {quoted(event)}"
    known = _known_events(rules, players)
    try:  # with the values' types: True == 1 and 1.0 == 1, but they are not seats
        key: tuple[Any, ...] | None = (tuple(map(type, event)), *event)
        if key in known:
            return None
    except TypeError:  # a value that is a list (the winners) or a dict: checked each time
        key = None
    problem = _checked_event(rules, event, players)
    if problem is None and key is not None:
        if len(known) >= KNOWN_EVENTS:
            known.clear()
        known[key] = None
    return problem


KNOWN_EVENTS = 20_000
"""Events found well formed that ``event_problem`` remembers (per content and player
count): a log is checked again at every save and load, and its old events do not change."""


def _known_events(rules: Rules, players: int) -> dict[tuple[Any, ...], None]:
    cache: dict[Any, Any] = rules.field_checks
    found: dict[tuple[Any, ...], None] = cache.setdefault(("known events", players), {})
    return found


def _checked_event(rules: Rules, event: Any, players: int) -> str | None:
    """``event_problem`` without the memory of events already found well formed."""
    by_kind = _event_tests(rules, players)
    kind, seat, cause = event[0], event[1], event[2]
    tests = by_kind.get(kind) if type(kind) is str else None
    if tests is None:
        return f"unknown event kind {quoted(kind)}"
    if not (type(seat) is int and -1 <= seat < players) or type(cause) is not str:
        return f"event {kind!r} has a wrong seat or cause: {quoted(event)}"
    if len(event) != 3 + len(tests):
        return f"event {kind!r} needs {len(tests)} values: {quoted(event)}"
    for position, (test, value) in enumerate(zip(tests, event[3:], strict=True), 1):
        if not test(value):
            name = EVENTS[kind][position - 1]
            return f"event {kind!r}: value {position} ({name}) is wrong: {quoted(value)}"
    return None


def _event_tests(rules: Rules, players: int) -> dict[str, tuple[Test, ...]]:
    """The tests of the values of each event kind, in order (cached with the rules)."""
    cache: dict[Any, Any] = rules.field_checks
    key = ("events", players)
    if key not in cache:
        tests = _tests(rules, players)
        cache[key] = {
            kind: tuple(tests[EVENT_VALUES[name]] for name in names)
            for kind, names in EVENTS.items()
        }
    found: dict[str, tuple[Test, ...]] = cache[key]
    return found


def action_problem(rules: Rules, action: Action) -> str | None:
    """What is wrong with an action of a game's history (read from a notation); None if
    it is an action of this content: a known kind, with arguments of the right kinds."""
    kinds = ACTION_ARGS.get(action.kind)
    if kinds is None:
        return f"{str(action)[:60]!r} is not an action"
    if len(action.args) != len(kinds):
        return f"{str(action)[:60]!r} needs {len(kinds)} arguments"
    tests = _tests(rules, 1)
    for position, (kind, value) in enumerate(zip(kinds, action.args, strict=True), 1):
        if not tests[kind](value):
            return f"{str(action)[:60]!r}: argument {position} ({kind}) is wrong"
    return None
