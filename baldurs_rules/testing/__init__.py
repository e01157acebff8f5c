"""A rule-testing kit: Hypothesis strategies, a state machine, the invariants and fuzzers.

Install with ``pip install 'baldurs_rules[testing]'``; nothing here is imported
by ``import baldurs_rules``. The fuzzers need no Hypothesis:
``python -m baldurs_rules.testing.fuzz`` (content and effects) and
``python -m baldurs_rules.testing.fuzz_games`` (saves, records, actions and
interruptions; [`positions`][baldurs_rules.testing.fuzz_games.positions] gives
reachable positions to start from). A modder property-tests their content in a
few lines:

Examples:
    ```python
    from hypothesis import given
    import baldurs_rules as br
    from baldurs_rules.testing import check_all, game_machine, games

    content = br.load_content("my_mod/")

    @given(games(content=content))
    def test_my_mod_keeps_the_invariants(game):
        assert check_all(game) == []

    TestMyMod = game_machine(content=content).TestCase
    ```
"""

from __future__ import annotations

from baldurs_rules.invariants import (
    CHECKS,
    attacks_counted,
    caches_consistent,
    cards_accounted,
    check_all,
    cubes_accounted,
    decision_answerable,
    events_well_formed,
    gates_accounted,
    hqs_placed,
    income_in_progress,
    influence_in_range,
    knowledge_consistent,
    lot_tokens_accounted,
    offer_refilled,
    pending_consistent,
    phase_consistent,
    pieces_consistent,
    plain_data,
    prestige_matches_events,
    resources_non_negative,
    scores_consistent,
    state_matches_log,
    tiles_accounted,
    tiles_match_cards,
    workers_placed,
)
from baldurs_rules.testing.fuzz_games import positions
from baldurs_rules.testing.machine import GameMachine, game_machine
from baldurs_rules.testing.round_trips import (
    json_round_trip,
    rejects_illegal,
    replay_matches,
    view_hides_hidden,
)
from baldurs_rules.testing.strategies import (
    action_sequences,
    agenda_cards,
    building_cards,
    effects,
    expressions,
    games,
    gate_cards,
    legal_actions,
)

__all__ = [
    "CHECKS",
    "GameMachine",
    "action_sequences",
    "agenda_cards",
    "attacks_counted",
    "building_cards",
    "caches_consistent",
    "cards_accounted",
    "check_all",
    "cubes_accounted",
    "decision_answerable",
    "effects",
    "events_well_formed",
    "expressions",
    "game_machine",
    "games",
    "gate_cards",
    "gates_accounted",
    "hqs_placed",
    "income_in_progress",
    "influence_in_range",
    "json_round_trip",
    "knowledge_consistent",
    "legal_actions",
    "lot_tokens_accounted",
    "offer_refilled",
    "pending_consistent",
    "phase_consistent",
    "pieces_consistent",
    "plain_data",
    "positions",
    "prestige_matches_events",
    "rejects_illegal",
    "replay_matches",
    "resources_non_negative",
    "scores_consistent",
    "state_matches_log",
    "tiles_accounted",
    "tiles_match_cards",
    "view_hides_hidden",
    "workers_placed",
]
