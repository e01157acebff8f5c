"""Typed decisions and their prompts: every kind says what is asked and why."""

from __future__ import annotations

import re
import shutil
from functools import cache
from pathlib import Path

import pytest

import baldurs_rules as br
from baldurs_rules.bots import make_bot
from baldurs_rules.content import default_content_dir


@cache
def prompts_seen() -> dict[tuple[str, str], list[tuple[br.Decision, str]]]:
    """(kind, kind of cause) -> decisions met in a few bot games, with the game's content ids."""
    found: dict[tuple[str, str], list[tuple[br.Decision, str]]] = {}
    for seed in range(10):
        players, advanced = 2 + seed % 3, seed % 2 == 1
        game = br.new_game(players, seed, advanced)
        bots = [make_bot("random" if seed % 4 < 2 else "greedy", seed + s) for s in range(players)]
        while not game.is_over:
            decision = game.decision
            assert decision is not None
            found.setdefault((decision.kind, cause_kind(game, decision.cause)), []).append(
                (decision, decision.prompt)
            )
            game.apply(bots[game.current_player].choose(game))
    return found


def cause_kind(game: br.Game, cause: str) -> str:
    head = cause.partition(":")[0]
    if head in {f.id for f in game.content.factions}:
        return "faction space"
    if head in {loc.id for loc in game.content.locations}:
        return "trade"
    if head == "bonus":
        return "bonus"
    return "card" if cause in game.content.names() else cause


WHY = {
    "faction space": r"^You (reached [A-Z][\w' ]+ space \d+|went past the top of the)",
    "trade": r"^You traded at [A-Z][\w' -]+ \(trade \d\): ",
    "bonus": (
        r"^Your [A-Z][\w ]+ (on lot \d+|in [A-Z][\w' ]+) is joined to (your|seat \d's) new [A-Z]"
    ),
    "card": r"^((You|Seat \d) (built|used) [A-Z]|The (setup|income) of your HQ, )",
}


def test_every_kind_of_decision_is_met_and_says_why() -> None:
    seen = prompts_seen()
    kinds = {kind for kind, _ in seen}
    assert kinds == set(br.Decision.KINDS) - {"pay"}  # no default card asks to pay (see below)
    for (kind, cause), found in seen.items():
        for decision, prompt in found:
            assert decision.prompt == prompt and prompt[0].isupper(), prompt
            assert prompt.endswith((".", "?")) and "_" not in prompt, prompt
            if cause in WHY and kind not in ("turn", "trade", "income"):
                assert re.match(WHY[cause], prompt), (kind, cause, prompt)
    assert {cause for _, cause in seen} >= set(WHY)


def turn_prompt(seat: dict[str, object], **spec: object) -> str:
    game = br.scenario({"players": 2, "available": [3], "seats": [seat, {}], **spec})
    assert game.decision is not None
    return game.decision.prompt


def test_prompts_of_the_turn_say_what_is_possible() -> None:
    assert turn_prompt({"hand": ["drowned_lantern"]}) == (
        "Your turn: place your worker or take income (you cannot afford any card in your hand)."
    )
    assert turn_prompt({}) == (
        "Your turn: place your worker or take income (you have no building card in hand)."
    )
    assert turn_prompt(
        {"worker": "high_hall", "hand": ["drowned_lantern"], "resources": {"gold": 2}}
    ) == (
        "Your turn: build (1 of your cards is affordable) or take income"
        " (your worker is still on The High Hall)."
    )
    last = turn_prompt({"hand": ["drowned_lantern"], "resources": {"gold": 2}}, end_triggered=True)
    assert last.startswith("Your turn: build (1 of your cards is affordable), place your worker")
    game = br.scenario({"players": 2, "end_triggered": True, "seats": [{}, {}]})
    game.apply("income")
    while game.current_player == 0:
        game.apply("done")
    assert game.decision is not None and game.decision.prompt.startswith(
        "Your last turn (the final round): "
    )


def test_the_trade_prompt_gives_costs_now_damage_included() -> None:
    game = br.scenario(
        {"players": 2, "damage": {"manorborn": 1}, "seats": [{"resources": {"favor": 5}}, {}]}
    )
    game.apply("visit high_hall")
    decision = game.decision
    assert isinstance(decision, br.TradeDecision) and decision.costs == (2, 3)
    assert decision.prompt == (
        "Your worker is on The High Hall: make one of its trades (trade 1 for 2 favor,"
        " trade 2 for 3 favor; you have 5 favor; 1 damage token makes them dearer), or skip."
    )


def test_setup_prompts_quote_the_content() -> None:
    content = br.load_content()
    game = br.new_game(3, seed=2, advanced=True)
    assert isinstance(game.decision, br.DraftDecision)
    assert game.decision.prompt.startswith("Advanced setup: choose your HQ card (4 left")
    while not isinstance(game.decision, br.KeepDecision):
        game.apply(game.legal_actions()[0])
    deal, keep = content.settings["advanced"]["deal"], content.settings["advanced"]["keep"]
    assert game.decision.prompt == (
        f"Advanced setup: you were dealt {deal['buildings']} building cards and keep"
        f" {keep['buildings']}: put back {deal['buildings'] - keep['buildings']} more building"
        " cards (under the deck, where only you will know they lie)."
    )


def test_the_pay_prompt_of_an_optional_cost(tmp_path: Path) -> None:
    mod = tmp_path / "content"
    shutil.copytree(default_content_dir(), mod)
    buildings = mod / "buildings.yaml"
    text = buildings.read_text(encoding="utf-8")
    old = 'when_built: "gain 1 favor, 1 gold, 1 prestige"'
    assert old in text
    buildings.write_text(
        text.replace(old, 'when_built: "gain 1 favor; pay 1 gold: gain 2 favor"', 1),
        encoding="utf-8",
    )
    content = br.load_content(mod, cache=False)
    card = next(c for c in content.buildings.values() if "pay 1 gold" in c.when_built.source)
    game = br.scenario(
        {
            "players": 2,
            "available": [3],
            "seats": [{"hand": [card.id], "resources": {"gold": 9}}, {}],
        },
        content=content,
    )
    game.apply(f"build {card.id} 3")
    decision = game.decision
    assert isinstance(decision, br.PayDecision)
    assert decision.prompt == f"You built {card.name}: pay for this? Pay 1 gold to gain 2 favor."
    assert [str(a) for a in decision.options] == ["pay", "decline"]


def test_grouped_options_are_card_then_lot() -> None:
    game = br.scenario(
        {
            "players": 2,
            "available": [1, 2, 5],
            "seats": [{"hand": ["drowned_lantern", "ropewalk"], "resources": {"gold": 9}}, {}],
        }
    )
    groups = game.decision.grouped()
    assert [str(a) for a in groups["build ropewalk"]] == [
        "build ropewalk 1",
        "build ropewalk 2",
        "build ropewalk 5",
    ]
    assert list(groups)[-1] == "income" and sum(map(len, groups.values())) == len(
        game.legal_actions()
    )


@pytest.mark.parametrize("kind", sorted(br.Decision.KINDS))
def test_every_kind_has_a_prompt(kind: str) -> None:
    from baldurs_rules.present.decisions import _PROMPTS

    assert kind in _PROMPTS
