"""The event log: what happened, to whom, why, with its details.

The state keeps each event as a compact tuple ``(kind, seat, cause, *values)``
(cheap to record, cheap to copy); [`EVENTS`][baldurs_rules.rules.events.EVENTS]
names the values of every kind, and [`decode`][baldurs_rules.rules.events.decode]
turns an event into the dict that [`Game.events`][baldurs_rules.game.Game.events]
shows. ``seat`` is -1 for the city (an attack, the setup's lot tokens).

Examples:
    >>> decode(("resource", 0, "bonus:lot_5", "favor", 1))
    {'kind': 'resource', 'seat': 0, 'cause': 'bonus:lot_5', 'resource': 'favor', 'delta': 1}
"""

from __future__ import annotations

from typing import Any

from baldurs_rules.errors import quoted
from baldurs_rules.rules.state import State

__all__ = ["EVENTS", "Event", "decode", "encode_problem", "log", "record"]

Event = tuple[Any, ...]
"""A recorded event: ``(kind, seat, cause, *values)``."""

EVENTS: dict[str, tuple[str, ...]] = {
    "start": (),
    "hq": ("card", "site"),
    "lot": ("lot", "district"),
    "lot_banned": ("lot", "district"),
    "discard": ("what", "card"),
    "action": ("action",),
    "forced": ("decision", "action"),
    "resource": ("resource", "delta"),
    "influence": ("faction", "delta", "level"),
    "build": ("card", "lot", "cost"),
    "place": ("piece", "site"),
    "gate_card": ("card",),
    "worker": ("location",),
    "worker_home": ("location",),
    "trade": ("location", "trade"),
    "use": ("card",),
    "take": ("card",),
    "draw_building": ("card",),
    "draw_agenda": ("card",),
    "end_triggered": (),
    "attack": ("district", "strength", "defense", "held"),
    "damage_token": ("district",),
    "damaged": ("lot",),
    "final_round": (),
    "final_token": ("lot", "district"),
    "agenda_scored": ("value",),
    "game_over": ("winners",),
}
"""Every event kind and the names of its values, in order (after kind, seat, cause)."""


def log(state: State, kind: str, seat: int, cause: str, *values: Any) -> None:
    """Record an event (when the state records its log); values in ``EVENTS`` order."""
    if state.logging:  # a tuple sum: compiled (mypyc), a starred display builds a list first
        record(state, (kind, seat, cause) + values)  # noqa: RUF005


def record(state: State, event: Event) -> None:
    """Append ``event`` to the state's log (the caller checked ``state.logging``).

    A clone of a state (``State.clone``) shares its original's list of events;
    whichever of them records an event first takes its own copy then (copy on
    write), so a clone that is only kept (a checkpoint, a position to look at)
    never copies the log. Never append to ``state.events`` directly.

    Examples:
        >>> import baldurs_rules as br
        >>> game = br.new_game(players=2, seed=1)
        >>> copy = game.state.clone()
        >>> record(copy, ("end_triggered", -1, "test"))
        >>> len(copy.events) == len(game.state.events) + 1
        True
    """
    if state.events_shared:
        state.events = state.events[:]
        state.events_shared = False
    state.events.append(event)


def decode(event: Event) -> dict[str, Any]:
    """The event as a dict: ``kind``, ``seat``, ``cause`` and its named values."""
    kind, seat, cause = event[0], event[1], event[2]
    data: dict[str, Any] = {"kind": kind, "seat": seat, "cause": cause}
    for name, value in zip(EVENTS[kind], event[3:], strict=True):
        data[name] = value
    return data


def encode_problem(event: Any, players: int) -> str | None:
    """What is wrong with a saved event (a list from JSON), or None when it is well formed."""
    if not isinstance(event, (list, tuple)) or len(event) < 3:
        return f"an event must be [kind, seat, cause, ...], not {quoted(event)}"
    kind, seat, cause = event[0], event[1], event[2]
    if kind not in EVENTS:
        return f"unknown event kind {quoted(kind)}"
    if type(seat) is not int or not -1 <= seat < players or not isinstance(cause, str):
        return f"event {kind!r} has a wrong seat or cause: {quoted(event)}"
    if len(event) != 3 + len(EVENTS[kind]):
        return f"event {kind!r} needs {len(EVENTS[kind])} values: {quoted(event)}"
    if not all(_plain(value) for value in event[3:]):
        return f"event {kind!r} holds a value that is not plain data: {quoted(event)}"
    return None


def _plain(value: Any) -> bool:
    if value is None or isinstance(value, (bool, int, str)):
        return True
    return isinstance(value, list) and all(type(v) is int for v in value)
