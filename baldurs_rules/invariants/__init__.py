"""Invariants of a game state, as plain functions anyone can call.

Each function returns a list of problems (empty when the invariant holds), so
a test can assert ``not problems`` and show them all when it fails.
[`check_all`][baldurs_rules.invariants.check_all] runs every one;
[`Game.from_json`][baldurs_rules.game.Game.from_json] and
[`replay`][baldurs_rules.game.replay] run them on every load, so a save that
breaks one is refused with the reason.

Together they state every conservation and range fact of the rules: where
every cube, tile, card and lot token is (modules ``board`` and ``cards``), what
may be pending at a decision (``flow``), what the log, the caches and the scores
say (``data``), and that the state is what its log tells
([`log`][baldurs_rules.invariants.log]). Some facts hold only
for games played from [`new_game`][baldurs_rules.game.new_game] (the tile piles
are full at the start, the strength marker counts the attacks, ...): a
[`scenario`][baldurs_rules.game.scenario] may set up a position no game
reaches, so those checks pass for a game that started from one
([`Game.scenario`][baldurs_rules.game.Game.scenario] is not None).

Examples:
    >>> import baldurs_rules as br
    >>> game = br.new_game(players=2, seed=3)
    >>> check_all(game)
    []
    >>> game.state.piles[0] -= 1  # a tile lost from its pile
    >>> tiles_accounted(game)
    ['inn: 9 in the pile + 0 on the map != 10 tiles']
"""

from __future__ import annotations

from baldurs_rules.invariants.base import Check, Checked, Position
from baldurs_rules.invariants.board import (
    attacks_counted,
    cubes_accounted,
    hqs_placed,
    influence_in_range,
    lot_tokens_accounted,
    pieces_consistent,
    resources_non_negative,
    tiles_accounted,
    tiles_match_cards,
    workers_placed,
)
from baldurs_rules.invariants.cards import (
    cards_accounted,
    gates_accounted,
    knowledge_consistent,
    offer_refilled,
)
from baldurs_rules.invariants.data import (
    caches_consistent,
    events_well_formed,
    plain_data,
    prestige_matches_events,
    scores_consistent,
)
from baldurs_rules.invariants.flow import (
    decision_answerable,
    income_in_progress,
    pending_consistent,
    phase_consistent,
)
from baldurs_rules.invariants.log import state_matches_log

__all__ = [
    "CHECKS",
    "Check",
    "Checked",
    "Position",
    "attacks_counted",
    "caches_consistent",
    "cards_accounted",
    "check_all",
    "cubes_accounted",
    "decision_answerable",
    "events_well_formed",
    "gates_accounted",
    "hqs_placed",
    "income_in_progress",
    "influence_in_range",
    "knowledge_consistent",
    "lot_tokens_accounted",
    "offer_refilled",
    "pending_consistent",
    "phase_consistent",
    "pieces_consistent",
    "plain_data",
    "prestige_matches_events",
    "resources_non_negative",
    "scores_consistent",
    "state_matches_log",
    "tiles_accounted",
    "tiles_match_cards",
    "workers_placed",
]

CHECKS: tuple[Check, ...] = (
    plain_data,
    resources_non_negative,
    influence_in_range,
    workers_placed,
    cubes_accounted,
    tiles_accounted,
    tiles_match_cards,
    gates_accounted,
    cards_accounted,
    offer_refilled,
    lot_tokens_accounted,
    attacks_counted,
    pieces_consistent,
    hqs_placed,
    phase_consistent,
    pending_consistent,
    decision_answerable,
    income_in_progress,
    knowledge_consistent,
    events_well_formed,
    prestige_matches_events,
    state_matches_log,
    caches_consistent,
    scores_consistent,
)
"""Every invariant, in the order ``check_all`` runs them."""


def check_all(game: Checked) -> list[str]:
    """Every invariant of [`CHECKS`][baldurs_rules.invariants.CHECKS]; all problems found.

    A check that cannot even run on the state (it is too broken) reports that as
    its problem instead of raising.
    """
    problems: list[str] = []
    for check in CHECKS:
        try:
            problems.extend(check(game))
        except Exception as exc:  # a state broken beyond what the check can read
            problems.append(f"{check.__name__} cannot read this state: {exc!r}")
    return problems
