"""A rule-testing kit: Hypothesis strategies, a state machine and the invariants.

Install with ``pip install 'baldurs_rules[testing]'``; nothing here is imported
by ``import baldurs_rules``. A modder property-tests their content in a few
lines:

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
    cards_accounted,
    check_all,
    cubes_accounted,
    json_round_trip,
    lot_tokens_accounted,
    pieces_consistent,
    prestige_matches_events,
    rejects_illegal,
    replay_matches,
    resources_non_negative,
    view_hides_hidden,
    workers_placed,
)
from baldurs_rules.testing.machine import GameMachine, game_machine
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
    "building_cards",
    "cards_accounted",
    "check_all",
    "cubes_accounted",
    "effects",
    "expressions",
    "game_machine",
    "games",
    "gate_cards",
    "json_round_trip",
    "legal_actions",
    "lot_tokens_accounted",
    "pieces_consistent",
    "prestige_matches_events",
    "rejects_illegal",
    "replay_matches",
    "resources_non_negative",
    "view_hides_hidden",
    "workers_placed",
]
