"""Loading saved games and records: every value checked before the engine may touch it.

A game file is untrusted input. [`Game.from_json`][baldurs_rules.game.Game.from_json]
and [`replay`][baldurs_rules.game.replay] accept exactly the states the engine
can reach; anything else gives a [`StateError`][baldurs_rules.errors.StateError]
that says what is wrong, never a crash later in play. A save goes through, in order:

1. the text: at most [`MAX_FILE_BYTES`][baldurs_rules.serialize.MAX_FILE_BYTES], strict
   JSON (no ``NaN`` or ``Infinity``), a JSON object of a known format and the loaded
   content's fingerprint;
2. its record: players, seed, advanced, the actions (well-formed notations) and the
   seat that chose each, and the scenario the game started from, if any;
3. every field of the state: its type and range
   ([`field_checks`][baldurs_rules.serialize.field_checks]), every event of the log,
   every pending step and the decision ([`baldurs_rules.rules.shapes`][]);
4. the whole state: every invariant of [`baldurs_rules.invariants`][] (where every
   piece and card is, what may be pending at a decision, the scores), and the record
   and the state must agree.

Examples:
    >>> import json
    >>> import baldurs_rules as br
    >>> data = json.loads(br.new_game(players=2, seed=1).to_json())
    >>> data["state"]["hq"][1] = ""
    >>> try:
    ...     br.Game.from_json(json.dumps(data))
    ... except br.StateError as error:
    ...     print("seats [1] have no HQ after the setup" in str(error))
    True
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Final

from baldurs_rules.actions import Action
from baldurs_rules.content.model import Content
from baldurs_rules.engine.rng import STATE_WORDS
from baldurs_rules.errors import StateError, quoted
from baldurs_rules.invariants import Checked, Position, check_all
from baldurs_rules.rules import Rules
from baldurs_rules.rules.shapes import action_problem, event_problem, pending_data_problem
from baldurs_rules.rules.state import FIELDS, State

__all__ = [
    "BIG",
    "FORMAT",
    "FORMATS",
    "MAX_FILE_BYTES",
    "MAX_NOTATION",
    "MAX_PENDING",
    "Loaded",
    "RecordStart",
    "check_deciders",
    "check_record",
    "field_checks",
    "parse_json",
    "replayed_problems",
    "state_from_data",
]

Check = Callable[[Any], bool]

FORMAT: Final = "baldurs_rules/game@2"
"""The format tag of game files: a record (seed, players, actions) with, in a save, the state."""
FORMATS: Final = ("baldurs_rules/game@1", FORMAT)
"""Format tags that are read (``@1`` records have no state and no seats)."""

MAX_FILE_BYTES = 16 * 2**20
"""Largest game file read, in bytes (16 MiB: far more than the longest game with its log)."""

MAX_NOTATION = 200
"""Longest action notation read; longer text is refused (in a file) or cut (typed)."""

BIG = 10**9
"""Largest amount a saved resource, turn count or score may hold."""

MAX_PENDING = 10_000
"""Most pending steps a saved state may hold (a real game holds a few dozen at most)."""

INCONSISTENT_HINT = " (the file was edited or damaged: load an unedited save, or replay its record)"


@dataclass(frozen=True)
class RecordStart:
    """The checked start of a record: how to set up its game, and what was played.

    Attributes:
        players, seed, advanced: The arguments of [`new_game`][baldurs_rules.game.new_game].
        actions: The notation of every action, in order.
        deciders: The seat that chose each action (None: the record does not say).
        scenario: The scenario the game started from (plain data), or None.
    """

    players: int
    seed: int
    advanced: bool
    actions: list[str]
    deciders: list[int] | None
    scenario: dict[str, Any] | None


@dataclass(frozen=True)
class Loaded:
    """A checked save: its state, its history and where it started."""

    state: State
    actions: list[Action]
    deciders: list[int]
    scenario: dict[str, Any] | None


# ---------------------------------------------------------------- text and record


def parse_json(text: object) -> Any:
    """Read a game file's text: strict JSON of at most ``MAX_FILE_BYTES``.

    Raises:
        StateError: Too large, not text, or not JSON (``NaN`` and ``Infinity`` included).
    """
    if not isinstance(text, (str, bytes, bytearray)):
        raise StateError(f"a game file is text or bytes, not {type(text).__name__}")
    if len(text) > MAX_FILE_BYTES:
        raise StateError(
            f"the game file is {len(text)} bytes; at most {MAX_FILE_BYTES} are read"
            " (far more than the longest game with its log)"
        )
    if isinstance(text, str):
        text = text.removeprefix("\ufeff")  # a byte order mark, as some editors write
    try:
        return json.loads(text, parse_constant=_no_constant)
    except (ValueError, TypeError, RecursionError) as exc:
        raise StateError(f"saved game is not valid JSON: {str(exc)[:200]}") from None


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


def check_record(record: Any, content: Content) -> RecordStart:
    """Check a record (a game file without its state, or the record part of a save).

    Raises:
        StateError: Another format or content, or a field of the wrong kind.
    """
    if not isinstance(record, dict) or record.get("format") not in FORMATS:
        raise StateError(f"not a game record (expected format {FORMAT!r})")
    if record.get("content") != content.fingerprint:
        raise StateError(
            f"the game file is for content {quoted(record.get('content'))}, but the loaded"
            f" content is {content.fingerprint!r}; load the same content (or mod) first"
        )
    players, seed = record.get("players"), record.get("seed")
    if type(players) is not int or type(seed) is not int:
        raise StateError("the record needs whole numbers 'players' and 'seed'")
    advanced = record.get("advanced", False)
    if type(advanced) is not bool:
        raise StateError(f"the record's 'advanced' must be true or false, not {quoted(advanced)}")
    actions = record.get("actions", [])
    if type(actions) is not list or not all(type(a) is str for a in actions):
        raise StateError("the record's actions must be a list of notations")
    for number, text in enumerate(actions, 1):
        if len(text) > MAX_NOTATION:
            raise StateError(
                f"action {number} of the record has {len(text)} characters"
                f" (a notation has at most {MAX_NOTATION})"
            )
    deciders = record.get("deciders")
    if deciders is not None and (
        type(deciders) is not list or not all(type(s) is int and -1 <= s < 64 for s in deciders)
    ):
        raise StateError("the record's 'deciders' must list one seat (or -1) per action")
    scenario = record.get("scenario")
    if scenario is not None and type(scenario) is not dict:
        raise StateError(f"the record's 'scenario' must be a mapping, not {quoted(scenario)}")
    return RecordStart(players, seed, advanced, actions, deciders, scenario)


def _saved_actions(rules: Rules, start: RecordStart) -> list[Action]:
    """The actions of a save (its history, not replayed): each one of this content."""
    actions = [Action.from_notation(text) for text in start.actions]
    for number, action in enumerate(actions, 1):
        problem = action_problem(rules, action)
        if problem:
            raise StateError(f"saved action {number}: {problem}")
    return actions


def check_deciders(start: RecordStart, seats: list[int]) -> None:
    """The seats a record says chose its actions are those that did.

    Raises:
        StateError: Naming the first action chosen by another seat.
    """
    if start.deciders is None:
        return
    if len(start.deciders) != len(seats):
        raise StateError(
            f"the record lists {len(start.deciders)} deciders for {len(seats)} actions"
        )
    for number, (said, seat) in enumerate(zip(start.deciders, seats, strict=True), 1):
        if said not in (-1, seat):
            raise StateError(
                f"the record says seat {said} chose action {number}"
                f" ({start.actions[number - 1]!r}), but it was seat {seat}'s decision"
            )


# ---------------------------------------------------------------- fields of the state


def field_checks(rules: Rules, players: int) -> dict[str, Check]:
    """The check of every state field for a player count (built once, kept with the rules).

    ``players`` must itself be valid (see the ``players`` check): the other checks
    are built for that many seats.
    """
    cache: dict[Any, Any] = rules.field_checks
    if players not in cache:
        cache[players] = _build_field_checks(rules, players)
    checks: dict[str, Check] = cache[players]
    return checks


def _int(low: int, high: int) -> Check:
    return lambda v: type(v) is int and low <= v <= high


def _list(item: Check, size: int | None = None) -> Check:
    return lambda v: (
        type(v) is list and (size is None or len(v) == size) and all(item(x) for x in v)
    )


def _one_of(values: Any) -> Check:
    return lambda v: type(v) in (str, int) and v in values


def _mapping(key: Check, value: Check) -> Check:
    return lambda v: type(v) is dict and all(key(k) and value(x) for k, x in v.items())


def _bool(v: Any) -> bool:
    return type(v) is bool


SCORE_KEYS = {"prestige", "before_scoring", "steps", "tie_breaks", "ranking", "winners"}
"""Keys of the final scores (``truncated`` too, optional)."""


def _scores(value: Any, seats: int) -> bool:
    """The final scoring's shape: lists of one whole number per seat."""
    if type(value) is not dict or not SCORE_KEYS <= set(value) <= SCORE_KEYS | {"truncated"}:
        return False
    per_seat = _list(_int(-BIG, BIG), seats)
    steps, ties = value["steps"], value["tie_breaks"]
    if type(steps) is not dict or type(ties) is not dict:
        return False
    tables = [*steps.values(), *ties.values()]
    return (
        all(per_seat(value[k]) for k in ("prestige", "before_scoring", "ranking"))
        and all(per_seat(x) for x in tables)
        and all(type(k) is str for k in [*steps, *ties])
        and _list(_int(0, seats - 1))(value["winners"])
        and _bool(value.get("truncated", False))
    )


def _players_check(rules: Rules) -> Check:
    return _int(rules.settings["players"]["min"], rules.settings["players"]["max"])


def _build_field_checks(rules: Rules, players: int) -> dict[str, Check]:
    t, content = rules.t, rules.content
    nodes, seats = len(t.node_ids), players
    seat = _int(0, seats - 1)
    buildings, agendas, gates = content.buildings, content.agendas, content.gates
    cards = set(buildings) | set(gates)
    max_level = max(len(f.rewards) for f in content.factions)
    return {
        "players": _players_check(rules),
        "advanced": _bool,
        "seed": lambda v: type(v) is int,
        "rng": _list(_int(0, 2**32 - 1), STATE_WORDS),
        "phase": _one_of(("setup", "play", "final", "over")),
        "active": seat,
        "turn": _int(0, BIG),
        "end_triggered": _bool,
        "stack": lambda v: (
            type(v) is list and len(v) <= MAX_PENDING and all(type(f) is list and f for f in v)
        ),
        "decision": lambda v: v is None or (type(v) is list and 2 <= len(v) <= 8),
        "final_queue": _list(seat),
        "used": _list(_one_of(cards | set(content.hqs))),
        "res": _list(_list(_int(0, BIG), len(t.resource_ids)), seats),
        "cubes": _list(_int(0, rules.settings["setup"]["cubes"]), seats),
        "influence": _list(_list(_int(0, max_level), len(t.factions)), seats),
        "worker": _list(_int(-1, len(t.locations) - 1), seats),
        "hand": _list(_list(_one_of(buildings)), seats),
        "agendas": _list(_list(_one_of(agendas)), seats),
        "portfolio": _list(_list(_one_of(cards)), seats),
        "hq": _list(lambda v: v == "" or _one_of(content.hqs)(v), seats),
        "owner": _list(_int(-1, seats - 1), nodes),
        "piece": _list(_int(-1, max(len(t.tiles), len(t.defense)) - 1), nodes),
        "lots": _list(_int(0, 4), nodes),
        "bag": _list(_one_of(set(t.lot_nodes))),
        "final_token": _one_of(set(t.lot_nodes)),
        "track": _list(_int(0, 100), len(t.districts)),
        "strength": _int(0, len(t.strength_track) - 1),
        "damage": _list(_int(0, BIG), len(t.districts)),
        "deck": _list(_one_of(buildings)),
        "offer": _list(_one_of(buildings)),
        "discard": _list(_one_of(buildings)),
        "agenda_deck": _list(_one_of(agendas)),
        "gate_deck": _list(_one_of(gates)),
        "piles": _list(_int(0, BIG), len(t.tiles)),
        "hq_offer": _list(_one_of(content.hqs)),
        "known_by": _mapping(_one_of(set(buildings) | set(agendas)), _int(1, 2**seats - 1)),
        "batch": _mapping(_one_of(buildings), _int(1, BIG)),
        "scores": lambda v: v is None or _scores(v, seats),
        "logging": _bool,
        "events": lambda v: type(v) is list,  # each event is checked on its own
    }


# ---------------------------------------------------------------- the whole save


def state_from_data(data: Any, content: Content) -> Loaded:
    """Check saved-game data (a record with its state) and rebuild its state.

    Raises:
        StateError: Naming the first thing found wrong.
    """
    start = check_record(data, content)
    raw = data.get("state")
    if type(raw) is dict and data["format"] == FORMATS[0]:  # @1 saves knew no less
        raw = {"known_by": {}, "batch": {}, "logging": True, **raw}
    rules = Rules.of(content)
    state = _checked_state(rules, raw)
    _same_game(start, state)
    problems = _invariant_problems(rules, Position(content, state, start.scenario))
    if problems:
        raise StateError(
            "saved state is inconsistent: " + "; ".join(problems[:5]) + INCONSISTENT_HINT
        )
    actions = _saved_actions(rules, start)
    deciders = [-1] * len(actions) if start.deciders is None else start.deciders
    if len(deciders) != len(actions) or not all(s < state.players for s in deciders):
        raise StateError("the save's 'deciders' must list one seat of the game (or -1) per action")
    return Loaded(state, actions, deciders, start.scenario)


def _checked_state(rules: Rules, raw: Any) -> State:
    """Every field, every event, every pending step: a state the rules can read."""
    if type(raw) is not dict or set(raw) != set(FIELDS):
        fields = set(raw) if type(raw) is dict else set()
        missing, extra = sorted(set(FIELDS) - fields), sorted(map(str, fields - set(FIELDS)))
        raise StateError(f"saved state has missing fields {missing} or unknown fields {extra}")
    if not _players_check(rules)(raw["players"]):
        raise StateError(f"saved state field 'players' has a wrong value: {quoted(raw['players'])}")
    for name, check in field_checks(rules, raw["players"]).items():
        if not check(raw[name]):
            raise StateError(f"saved state field {name!r} has a wrong value: {quoted(raw[name])}")
    for number, event in enumerate(raw["events"], 1):
        problem = event_problem(rules, event, raw["players"])
        if problem:
            raise StateError(f"saved event {number}: {problem}")
    problem = pending_data_problem(
        rules, raw["stack"], raw["decision"], raw["players"], raw["hand"]
    )
    if problem:
        raise StateError(f"saved state is inconsistent: {problem}")
    state = State.from_dict(raw)
    rules.refresh(state)
    if state.decision is None and state.phase != "over":
        raise StateError("saved state has no pending decision, but the game is not over")
    return state


def _same_game(start: RecordStart, state: State) -> None:
    said = (start.players, start.seed, start.advanced)
    has = (state.players, state.seed, state.advanced)
    if said != has:
        raise StateError(
            f"the save's record says players, seed, advanced = {said}, but its state has {has}"
        )


def _invariant_problems(rules: Rules, position: Position) -> list[str]:
    problems = check_all(position)
    if not problems:
        try:
            rules.machine.legal(position.state)
        except Exception as exc:  # a guard: the invariants should have found why
            problems = [f"the pending decision cannot be answered: {exc!r}"]
    return problems


def replayed_problems(game: Checked) -> list[str]:
    """Every invariant, on a game replayed from its record (a guard: play keeps them)."""
    return check_all(game)
