"""Income abilities used at once: offered only where their order cannot change anything."""

from __future__ import annotations

import itertools
import json

import baldurs_rules as br
from baldurs_rules.actions import Action
from baldurs_rules.bots import make_bot
from baldurs_rules.rules.lookup import Lookup


def without_history(game: br.Game) -> str:
    """The game's state, without the order things happened in (its actions and log)."""
    data = json.loads(game.to_json())
    del data["actions"], data["state"]["events"]
    return json.dumps(data, sort_keys=True)


def test_every_order_of_the_abilities_offered_at_once_ends_in_the_same_state() -> None:
    offered = 0
    for seed in range(4):
        game = br.new_game(players=3, seed=seed)
        look = Lookup.of(game.content)
        bots = [make_bot("random", seed * 3 + seat) for seat in range(3)]
        while not game.is_over:
            together = look.income_at_once(game.state)
            if together:
                offered += 1
                assert set(together) == {a for a in game.legal_actions() if a.kind == "use"}
                seat, ends = game.current_player, set()
                for order in itertools.permutations(together):
                    copy = game.clone()
                    for action in order:
                        copy.apply(action)
                    decision = copy.decision
                    assert decision is None or (decision.kind, decision.seat) != ("income", seat)
                    ends.add(without_history(copy))
                assert len(ends) == 1
            game.apply(bots[game.current_player].choose(game))
    assert offered > 10


def test_nothing_is_offered_at_once_where_a_choice_or_a_draw_is_used() -> None:
    game = br.scenario(
        {"players": 2, "seats": [{"resources": {"gold": 5, "supply": 3},
         "portfolio": ["counting_house", "seven_lamps_auction"]}, {}]}
    )  # fmt: skip
    game.apply("income")
    assert Lookup.of(game.content).income_at_once(game.state) == ()
    other = br.new_game(players=2, seed=1)
    assert Lookup.of(other.content).income_at_once(other.state) == ()  # not an income decision


def two_constant_incomes() -> br.Game:
    game = br.scenario(
        {"players": 2, "seats": [{"resources": {"supply": 1},
         "portfolio": ["counting_house", "crossing_tollhouse"]}, {}]}
    )  # fmt: skip
    game.apply("income")
    return game


def test_the_decision_offers_them_and_its_label_names_the_cards() -> None:
    from baldurs_rules.present.decisions import IncomeDecision
    from baldurs_rules.present.labels import at_once_label

    game = two_constant_incomes()
    decision = game.decision
    assert isinstance(decision, IncomeDecision)
    assert [str(a) for a in decision.at_once] == ["use counting_house", "use crossing_tollhouse"]
    label = at_once_label(game, decision.at_once)
    assert label.startswith("Use all 2 (their order makes no difference): The Counting House (")
    assert "The Crossing Tollhouse (income: gain 1 supply)" in label
    assert decision.options == tuple(game.legal_actions())  # the legal actions are as before
    assert Action("done") in decision.options and len(decision.options) == 3


def test_the_terminal_uses_them_with_one_answer_and_undoes_them_together() -> None:
    import io

    from rich.console import Console

    from baldurs_rules.cli.screen import menu_entries
    from baldurs_rules.cli.session import Session

    game = two_constant_incomes()
    before = game.to_json()
    entries = menu_entries(game)
    assert entries[0].label == "use all" and entries[0].together
    answers = iter(["use all", "quit"])  # seat 0 uses all; seat 1 leaves at its turn

    def read(prompt: str) -> str | None:
        return "" if "press Enter" in prompt else next(answers, None)

    out = Console(file=io.StringIO(), width=160)
    session = Session(out, game, [None, None], read=read)
    assert not session.run()
    played = [str(a) for a in session.game.actions]
    assert played == ["income", "use counting_house", "use crossing_tollhouse"]
    assert session.undo(0) is not None  # one undo takes back the whole answer
    assert [str(a) for a in session.game.actions] == ["income"]
    assert session.game.to_json() == before
    text = out.file.getvalue()  # type: ignore[attr-defined]
    assert "undone: your decision 'use counting_house' and 1 move after it" in text
