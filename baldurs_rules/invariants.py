"""Invariants of a game state, as plain functions anyone can call.

Each function returns a list of problems (empty when the invariant holds), so
a test can assert ``not problems`` and show them all when it fails.
[`check_all`][baldurs_rules.invariants.check_all] runs every one;
[`Game.from_json`][baldurs_rules.game.Game.from_json] runs them on every load.

Examples:
    >>> import baldurs_rules as br
    >>> game = br.new_game(players=2, seed=3)
    >>> check_all(game)
    []
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from baldurs_rules.rules import Rules
from baldurs_rules.rules.state import LOT_BUILT, LOT_FINAL, LOT_HIDDEN, State

__all__ = [
    "caches_consistent",
    "cards_accounted",
    "check_all",
    "cubes_accounted",
    "lot_tokens_accounted",
    "pieces_consistent",
    "prestige_matches_events",
    "resources_non_negative",
    "workers_placed",
]


def _parts(game: Any) -> tuple[Rules, State]:
    return Rules.of(game.content), game.state


def cubes_accounted(game: Any) -> list[str]:
    """Each player's cubes are all somewhere: supply, tracks or the map.

    The three track cubes are taken at setup; buildings, watchtowers, keeps and
    gates each hold one cube; the HQ tile is the player's own colour and holds none.
    """
    rules, state = _parts(game)
    total = rules.settings["setup"]["cubes"]
    tracks = len(rules.t.factions)
    on_map = Counter(who for who in state.owner if who >= 0)
    hq_sites = Counter(state.owner[n] for n in rules.t.hq_site if state.owner[n] >= 0)
    problems = []
    for seat in range(state.players):
        placed = on_map[seat] - hq_sites[seat]
        if state.cubes[seat] + tracks + placed != total:
            problems.append(
                f"seat {seat}: {state.cubes[seat]} in supply + {tracks} on tracks +"
                f" {placed} on the map != {total} cubes"
            )
    return problems


def lot_tokens_accounted(game: Any) -> list[str]:
    """Every lot token is in the bag, face down, or revealed on its district's track."""
    rules, state = _parts(game)
    t = rules.t
    problems = []
    hidden = {n for n in t.lot_nodes if state.lots[n] == LOT_HIDDEN}
    face_down = {state.final_token} if state.lots[state.final_token] == LOT_HIDDEN else set()
    if len(state.bag) != len(set(state.bag)):
        problems.append("a lot token is in the bag twice")
    if set(state.bag) | face_down != hidden or set(state.bag) & face_down:
        problems.append("the bag and the face-down token do not match the hidden lots")
    for d, name in enumerate(t.districts):
        revealed = sum(
            1 for n in t.district_lots[d] if state.lots[n] not in (LOT_HIDDEN, LOT_FINAL)
        )
        if revealed != state.track[d]:
            problems.append(f"{name}: {state.track[d]} tokens on the track, {revealed} revealed")
    return problems


def resources_non_negative(game: Any) -> list[str]:
    """No resource, cube count or tile pile is below zero."""
    _, state = _parts(game)
    problems = [
        f"seat {seat}: negative resource {row}"
        for seat, row in enumerate(state.res)
        if min(row) < 0
    ]
    problems += [f"seat {s}: negative cubes" for s, c in enumerate(state.cubes) if c < 0]
    if min(state.piles, default=0) < 0:
        problems.append(f"negative tile pile {state.piles}")
    return problems


def prestige_matches_events(game: Any) -> list[str]:
    """Each player's prestige is the sum of the prestige changes in the log.

    Only for a game that has recorded its log from the start (``state.logging``).
    """
    rules, state = _parts(game)
    if not state.logging:
        return []
    logged = [0] * state.players
    score = rules.t.resource_ids[rules.t.prestige]
    for event in state.events:  # ("resource", seat, cause, resource, delta)
        if event[0] == "resource" and event[3] == score:
            logged[event[1]] += event[4]
    actual = [row[rules.t.prestige] for row in state.res]
    return [] if logged == actual else [f"prestige {actual} but the log sums to {logged}"]


def pieces_consistent(game: Any) -> list[str]:
    """A lot holds a tile exactly when it is built; sites hold the right kind of piece."""
    rules, state = _parts(game)
    t = rules.t
    problems = []
    for n, kind in enumerate(t.node_kind):
        piece = state.piece[n]
        if kind == "lot" and (piece >= 0) != (state.lots[n] == LOT_BUILT):
            problems.append(f"lot {t.node_lot[n]}: tile and status disagree")
        if piece < 0 and state.owner[n] >= 0:
            problems.append(f"node {t.node_ids[n]} has an owner but no piece")
        if piece >= 0 and kind != "lot" and (piece == t.fort["gate"]) != (kind == "gate"):
            problems.append(f"{t.node_ids[n]}: a {kind} site holds the wrong kind of piece")
    for seat, hq in enumerate(state.hq):
        if hq and state.owner[t.hq_site[rules.hq_district(hq)]] != seat:
            problems.append(f"seat {seat}: the HQ tile of {hq} is not on its district's HQ site")
    for n in t.hq_site:  # an HQ site holds nothing, or its owner's HQ tile (piece 0)
        owner = state.owner[n]
        if state.piece[n] not in (-1, 0) or (state.piece[n] == 0 and owner < 0):
            problems.append(f"{t.node_ids[n]}: an HQ site holds something else than an HQ")
        elif owner >= 0 and not (
            state.hq[owner] and t.hq_site[rules.hq_district(state.hq[owner])] == n
        ):
            problems.append(f"{t.node_ids[n]}: an HQ tile that is not its owner's HQ card")
    return problems


def caches_consistent(game: Any) -> list[str]:
    """What the state caches (the available lots) agrees with its fields."""
    rules, state = _parts(game)
    expected = state.available_from_lots(rules.t.lot_nodes)
    if state.available != expected:
        return [f"available lots {state.available} but the lots say {expected}"]
    return []


def workers_placed(game: Any) -> list[str]:
    """Each worker is at home or on one location; no two share a location."""
    rules, state = _parts(game)
    out = [w for w in state.worker if w >= 0]
    problems = [f"worker on unknown location {w}" for w in out if w >= len(rules.t.locations)]
    if len(out) != len(set(out)):
        problems.append("two workers on one location")
    return problems


def cards_accounted(game: Any) -> list[str]:
    """Every card of the content is in exactly one place."""
    rules, state = _parts(game)
    content = rules.content
    buildings = Counter(state.deck + state.offer + state.discard)
    agendas = Counter(state.agenda_deck)
    gates = Counter(state.gate_deck)
    for seat in range(state.players):
        buildings.update(state.hand[seat])
        agendas.update(state.agendas[seat])
        buildings.update(c for c in state.portfolio[seat] if c in content.buildings)
        gates.update(c for c in state.portfolio[seat] if c in content.gates)
    problems = []
    for name, counted, cards in (
        ("building", buildings, content.buildings),
        ("agenda", agendas, content.agendas),
        ("gate", gates, content.gates),
    ):
        if set(counted) - set(cards):
            problems.append(f"unknown {name} cards {sorted(set(counted) - set(cards))}")
        if counted != Counter(list(cards)):
            problems.append(f"{name} cards are missing or duplicated")
    return problems


CHECKS = (
    cubes_accounted,
    lot_tokens_accounted,
    resources_non_negative,
    prestige_matches_events,
    pieces_consistent,
    workers_placed,
    cards_accounted,
    caches_consistent,
)


def check_all(game: Any) -> list[str]:
    """Every invariant above; all problems found."""
    problems: list[str] = []
    for check in CHECKS:
        problems.extend(check(game))
    return problems


# ---------------------------------------------------------------- round trips and hiding


def json_round_trip(game: Any) -> list[str]:
    """``Game.from_json(game.to_json())`` equals the game, actions included."""
    from baldurs_rules.game import Game

    again = Game.from_json(game.to_json(), game.content)
    if again != game or again._actions != game._actions:
        return ["the game changed through a JSON round trip"]
    return []


def replay_matches(game: Any) -> list[str]:
    """Replaying the game's record from its seed gives the same state."""
    from baldurs_rules.game import replay

    again = replay(game.record(), game.content)
    return [] if again.state == game.state else ["replaying the record gives another state"]


def rejects_illegal(game: Any, action: Any) -> list[str]:
    """``action`` is refused with ``IllegalActionError`` and leaves the game unchanged.

    Only meaningful for an action that is not legal now (returns [] for a legal one).
    """
    from baldurs_rules.errors import IllegalActionError

    if game.is_legal(action):
        return []
    before = game.clone()
    try:
        game.apply(action)
    except IllegalActionError:
        pass
    else:
        return [f"illegal action {action!r} was accepted"]
    unchanged = game == before and game._actions == before._actions
    return [] if unchanged else [f"rejected {action!r} changed the game"]


def view_hides_hidden(game: Any, seat: int) -> list[str]:
    """Resampling every secret hidden from ``seat`` (other hands, deck orders, the bag,
    the face-down token) leaves ``view(seat)`` alone."""
    import random

    before = game.view(seat)
    rng = random.Random(seat)
    for _ in range(3):
        after = game.determinize(seat, rng).view(seat)
        if after != before:
            return [f"view({seat}) shows hidden information"]
    return []
