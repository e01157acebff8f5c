"""The invariant kit (`baldurs_rules.invariants`): it holds where the engine goes, and it
catches every corruption planted in a reachable position.

`CORRUPTIONS` is the table: each row breaks one fact of the rules in a position
reached by play and names the invariant that must catch it. Every invariant of
`CHECKS` has at least one row; the facts the old kit missed (tile piles, a built
card back in hand, a tile unlike its card, influence and workers out of range, an
unknown phase, floats, a decision for the wrong seat) each have theirs.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from dataclasses import dataclass

import pytest

import baldurs_rules as br
from baldurs_rules.actions import Action
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
from baldurs_rules.invariants.base import Check
from baldurs_rules.rules import Rules
from baldurs_rules.rules.events import EVENTS, record
from baldurs_rules.rules.pending import AttackFrame, BuildAsk, TurnAsk
from baldurs_rules.rules.shapes import EVENT_VALUES
from baldurs_rules.testing.fuzz_games import positions

POSITIONS = positions(seed=7)


def tables(game: br.Game):
    return Rules.of(game.content).t


def decision_kind(game: br.Game) -> str | None:
    return None if game.state.decision is None else str(game.state.decision.kind)


def find(test: Callable[[br.Game], bool]) -> br.Game:
    """A copy of the first reachable position (played from a new game, with its log) that passes."""
    for game in POSITIONS:
        if game.scenario is None and game.state.logging and test(game):
            return game.clone()
    raise AssertionError("no position fits")


def in_turn(kind: str) -> Callable[[br.Game], bool]:
    return lambda g: decision_kind(g) == kind


def built_lot(game: br.Game) -> int:
    t = tables(game)
    return next(n for n in t.lot_nodes if game.state.piece[n] >= 0 and game.state.owner[n] >= 0)


def has_built(game: br.Game) -> bool:
    t = tables(game)
    return any(game.state.piece[n] >= 0 and game.state.owner[n] >= 0 for n in t.lot_nodes)


# ---------------------------------------------------------------- the corruptions


def tile_lost(game: br.Game) -> None:
    game.state.piles[0] -= 1


def built_card_back_in_hand(game: br.Game) -> None:
    state, t = game.state, tables(game)
    seat = state.owner[built_lot(game)]
    card = next(c for c in state.portfolio[seat] if c in t.tile_of)
    state.portfolio[seat] = tuple(c for c in state.portfolio[seat] if c != card)
    state.hand[seat].append(card)


def tile_unlike_its_card(game: br.Game) -> None:
    state, t = game.state, tables(game)
    node = built_lot(game)
    old = state.piece[node]
    new = next(i for i in range(len(t.tiles)) if i != old and state.piles[i] > 0)
    state.piece[node], state.piles[old], state.piles[new] = (
        new,
        state.piles[old] + 1,
        state.piles[new] - 1,
    )


def influence_past_the_top(game: br.Game) -> None:
    game.state.influence[0][0] = len(game.content.factions[0].rewards) + 1


def worker_nowhere(game: br.Game) -> None:
    game.state.worker[0] = -2


def unknown_phase(game: br.Game) -> None:
    game.state.phase = "lunch"


def float_gold(game: br.Game) -> None:
    game.state.res[0][0] += 0.5  # type: ignore[call-overload]


def turn_for_the_wrong_seat(game: br.Game) -> None:
    seat = game.state.decision.seat  # type: ignore[index]
    game.state.decision = TurnAsk((seat + 1) % game.state.players)


def build_with_nothing_to_build(game: br.Game) -> None:
    state, t = game.state, tables(game)
    seat = state.active
    held = {t.tile_of[c] for c in state.hand[seat]}
    tile = next(i for i in range(len(t.tiles)) if i not in held)
    state.decision = BuildAsk(seat, tile, 0, "test")


def over_but_asking(game: br.Game) -> None:
    game.state.phase = "over"


def nothing_to_do(game: br.Game) -> None:
    game.state.decision = None


def cube_lost(game: br.Game) -> None:
    game.state.cubes[0] -= 1


def card_twice(game: br.Game) -> None:
    game.state.hand[0].append(game.state.deck[-1])


def token_twice(game: br.Game) -> None:
    game.state.bag.append(game.state.bag[0])


def seat_without_hq(game: br.Game) -> None:
    state, t = game.state, tables(game)
    site = t.hq_site[Rules.of(game.content).hq_district(state.hq[1])]
    state.hq[1], state.owner[site], state.piece[site] = "", -1, -1


def gate_deck_reversed(game: br.Game) -> None:
    game.state.gate_deck.reverse()


def offer_not_refilled(game: br.Game) -> None:
    game.state.deck.append(game.state.offer.pop())


def strength_moved(game: br.Game) -> None:
    game.state.strength += 1


def attack_waiting(game: br.Game) -> None:
    game.state.stack.append(AttackFrame(0, 0))


def used_outside_income(game: br.Game) -> None:
    game.state.used = [game.state.hq[game.state.active]]


def offer_card_known(game: br.Game) -> None:
    game.state.known_by[game.state.offer[0]] = 1


def event_with_a_float(game: br.Game) -> None:
    record(game.state, ("resource", 0, "test", "gold", 2.5))


def prestige_unlogged(game: br.Game) -> None:
    game.state.res[0][tables(game).prestige] += 1


def turn_never_played(game: br.Game) -> None:
    game.state.turn += 1


def resource_below_zero(game: br.Game) -> None:
    game.state.res[1][1] = -1


def available_cache_stale(game: br.Game) -> None:
    game.state.available = game.state.available[:-1]


def options_cache_stale(game: br.Game) -> None:
    game.legal_actions()
    game.state.options = [Action("income")]


def winner_changed(game: br.Game) -> None:
    scores = dict(game.state.scores or {})
    scores["winners"] = [s for s in range(game.state.players) if s not in scores["winners"]][:1]
    game.state.scores = scores


def gate_on_a_tower_site(game: br.Game) -> None:
    t = tables(game)
    site = next(n for n in t.fort_sites if game.state.piece[n] < 0)
    game.state.piece[site], game.state.owner[site] = t.fort["gate"], 0
    game.state.cubes[0] -= 1


def last_round_queue_wrong(game: br.Game) -> None:
    game.state.final_queue = [game.state.active]


def building_damaged_unattacked(game: br.Game) -> None:
    state = game.state
    node = built_lot(game)
    state.cubes[state.owner[node]] += 1
    state.owner[node] = -1


@dataclass(frozen=True)
class Corruption:
    """One planted corruption: where, what, and which invariant must say so."""

    where: Callable[[br.Game], bool]
    edit: Callable[[br.Game], None]
    caught_by: Check
    says: str


def anywhere(game: br.Game) -> bool:
    return game.state.decision is not None


CORRUPTIONS: dict[str, Corruption] = {
    "a tile lost from its pile": Corruption(anywhere, tile_lost, tiles_accounted, "in the pile"),
    "a built card back in hand": Corruption(
        has_built, built_card_back_in_hand, tiles_match_cards, "such building cards"
    ),
    "a tile unlike its card": Corruption(
        has_built, tile_unlike_its_card, tiles_match_cards, "such building cards"
    ),
    "influence past the top": Corruption(
        anywhere, influence_past_the_top, influence_in_range, "0 to"
    ),
    "a worker out of range": Corruption(
        anywhere, worker_nowhere, workers_placed, "unknown location"
    ),
    "an unknown phase": Corruption(anywhere, unknown_phase, phase_consistent, "unknown phase"),
    "a float": Corruption(anywhere, float_gold, plain_data, "not plain data"),
    "a turn for the wrong seat": Corruption(
        in_turn("turn"), turn_for_the_wrong_seat, decision_answerable, "for seat"
    ),
    "a decision with no answer": Corruption(
        in_turn("income"), build_with_nothing_to_build, decision_answerable, "0 legal answers"
    ),
    "a game over that still asks": Corruption(
        in_turn("turn"), over_but_asking, phase_consistent, "the game is over but"
    ),
    "a game stuck with nothing to do": Corruption(
        in_turn("turn"), nothing_to_do, decision_answerable, "nothing pending"
    ),
    "a cube lost": Corruption(anywhere, cube_lost, cubes_accounted, "cubes"),
    "a card in two places": Corruption(anywhere, card_twice, cards_accounted, "in two places"),
    "a lot token twice in the bag": Corruption(
        lambda g: anywhere(g) and bool(g.state.bag), token_twice, lot_tokens_accounted, "twice"
    ),
    "a seat without HQ": Corruption(
        in_turn("turn"), seat_without_hq, hqs_placed, "have no HQ after the setup"
    ),
    "the gate deck out of order": Corruption(
        anywhere, gate_deck_reversed, gates_accounted, "is not in its order"
    ),
    "the offer not refilled": Corruption(anywhere, offer_not_refilled, offer_refilled, "on offer"),
    "the strength marker moved": Corruption(
        anywhere, strength_moved, attacks_counted, "strength marker"
    ),
    "an attack waiting under a decision": Corruption(
        in_turn("income"), attack_waiting, pending_consistent, "never waits"
    ),
    "a card used outside income": Corruption(
        in_turn("turn"), used_outside_income, income_in_progress, "outside an income action"
    ),
    "an offer card secretly known": Corruption(
        anywhere, offer_card_known, knowledge_consistent, "is known by seats"
    ),
    "an event with a float": Corruption(
        anywhere, event_with_a_float, events_well_formed, "(delta) is wrong: 2.5"
    ),
    "prestige not in the log": Corruption(
        anywhere, prestige_unlogged, prestige_matches_events, "the log sums to"
    ),
    "a turn never played": Corruption(
        anywhere, turn_never_played, state_matches_log, "the log shows"
    ),
    "a resource below zero": Corruption(
        anywhere, resource_below_zero, resources_non_negative, "negative"
    ),
    "the available lots cache stale": Corruption(
        lambda g: anywhere(g) and bool(g.state.available),
        available_cache_stale,
        caches_consistent,
        "available lots",
    ),
    "the legal answers cache stale": Corruption(
        in_turn("trade"), options_cache_stale, caches_consistent, "cached legal answers"
    ),
    "the winners changed": Corruption(
        lambda g: g.is_over, winner_changed, scores_consistent, "winners"
    ),
    "a gate on a tower site": Corruption(
        anywhere, gate_on_a_tower_site, pieces_consistent, "the wrong kind of piece"
    ),
    "the last round skipping a seat": Corruption(
        lambda g: g.state.phase == "final" and g.state.players > 2 and anywhere(g),
        last_round_queue_wrong,
        phase_consistent,
        "last-round queue",
    ),
    "a building damaged where no attack fell": Corruption(
        lambda g: has_built(g) and g.state.strength == 0,
        building_damaged_unattacked,
        attacks_counted,
        "no attack fell",
    ),
}


# ---------------------------------------------------------------- the tests


@pytest.mark.parametrize("game", POSITIONS, ids=lambda g: f"{g.state.phase}-{decision_kind(g)}")
def test_every_invariant_holds_in_reachable_positions(game: br.Game) -> None:
    assert check_all(game) == []
    assert [c.__name__ for c in CHECKS if c(game)] == []


@pytest.mark.parametrize(("players", "advanced"), [(2, True), (3, False), (4, True)])
def test_invariants_hold_at_every_decision_of_a_game(players: int, advanced: bool) -> None:
    game = br.new_game(players=players, seed=41 + players, advanced=advanced)
    rng = random.Random(players)
    while not game.is_over:
        assert check_all(game) == []
        game.apply(rng.choice(game.legal_actions()))
    assert check_all(game) == []


@pytest.mark.parametrize("name", sorted(CORRUPTIONS))
def test_a_planted_corruption_is_caught(name: str) -> None:
    planted = CORRUPTIONS[name]
    game = find(planted.where)
    assert check_all(game) == []
    planted.edit(game)
    problems = planted.caught_by(game)
    assert any(planted.says in p for p in problems), problems
    assert check_all(game), "check_all must report it too"


def test_the_table_has_a_corruption_for_every_invariant() -> None:
    assert len(CORRUPTIONS) >= 15
    assert {c.caught_by for c in CORRUPTIONS.values()} == set(CHECKS)


def test_the_corruptions_the_old_kit_missed_are_in_the_table() -> None:
    missed = {
        "a tile lost from its pile",
        "a built card back in hand",
        "a tile unlike its card",
        "influence past the top",
        "a worker out of range",
        "an unknown phase",
        "a float",
        "a turn for the wrong seat",
    }
    assert missed <= set(CORRUPTIONS)


def test_check_all_reports_a_state_too_broken_to_read_instead_of_raising() -> None:
    game = find(anywhere)
    # Too short to index (the compiled State refuses a None list at assignment).
    game.state.lots = []
    problems = check_all(game)
    assert any("cannot read this state" in p for p in problems)


def test_every_event_value_has_a_test() -> None:
    names = {name for names in EVENTS.values() for name in names}
    assert names <= set(EVENT_VALUES)


# ---------------------------------------------------------------- scenarios


def test_a_scenario_position_keeps_the_invariants_a_scenario_can_keep() -> None:
    spec = {"players": 2, "piles": {"inn": 0}, "strength": 3, "seats": [{}, {}]}
    game = br.scenario(spec)
    assert game.scenario is not None
    assert check_all(game) == []
    played = br.Game(game.content, game.state.clone())  # the same position, as if played
    assert tiles_accounted(played) and attacks_counted(played)


def test_an_inconsistent_scenario_is_refused() -> None:
    with pytest.raises(br.StateError, match="two workers on one location"):
        br.scenario({"players": 2, "seats": [{"worker": "high_hall"}, {"worker": "high_hall"}]})


def test_the_testing_page_lists_every_invariant() -> None:
    from pathlib import Path

    page = (Path(__file__).resolve().parents[2] / "docs" / "testing.md").read_text("utf-8")
    listed = set(re.findall(r"^\| `(\w+)\(game", page, re.M))
    assert {check.__name__ for check in CHECKS} <= listed


def test_an_event_found_well_formed_once_does_not_vouch_for_an_equal_one_of_other_types() -> None:
    """``event_problem`` remembers the events it passed; ``True == 1`` and ``1.0 == 1``
    must not let a boolean or a float seat through after the int one passed."""
    from baldurs_rules.rules import Rules
    from baldurs_rules.rules.shapes import event_problem

    rules = Rules.of(br.load_content())
    good = ("forced", 1, "income", "income", "done")
    assert event_problem(rules, good, 2) is None and event_problem(rules, list(good), 2) is None
    for seat in (True, 1.0):
        assert "wrong seat or cause" in str(event_problem(rules, ("forced", seat, *good[2:]), 2))
    winners = ("game_over", -1, "end", [0, 1])  # a list value: checked every time
    assert event_problem(rules, winners, 2) == event_problem(rules, winners, 2)
