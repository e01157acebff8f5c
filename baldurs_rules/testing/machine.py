"""A Hypothesis state machine that plays legal actions and checks every invariant.

Use it on any content:

    TestMyContent = game_machine(content=my_content).TestCase

Every step is recorded with ``note()``, so a failure reads as a replayable game:
the seed, the players, and each action's notation.
"""

from __future__ import annotations

from typing import Any

from hypothesis import note
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from baldurs_rules.actions import Action
from baldurs_rules.content.loader import load_content
from baldurs_rules.content.model import Content
from baldurs_rules.game import Game, new_game
from baldurs_rules.invariants import check_all
from baldurs_rules.testing.round_trips import json_round_trip, rejects_illegal, view_hides_hidden

__all__ = ["GameMachine", "game_machine"]

_GARBAGE = st.one_of(
    st.builds(
        Action,
        st.sampled_from(["build", "visit", "use", "trade", "site", "take", "zz"]),
        st.tuples(st.one_of(st.integers(-3, 99), st.text(max_size=8))),
    ),
    st.text(max_size=20),
    st.integers(),
    st.none(),
)


class GameMachine(RuleBasedStateMachine):
    """Plays a game by legal actions; after every step all invariants must hold.

    Subclass (or use [`game_machine`][baldurs_rules.testing.machine.game_machine])
    to set ``content``, ``players`` and ``advanced``.
    """

    content: Content | None = None
    players: st.SearchStrategy[int] = st.integers(2, 4)
    advanced: st.SearchStrategy[bool] = st.booleans()

    def __init__(self) -> None:
        super().__init__()
        self.game: Game | None = None

    @initialize(data=st.data())
    def start(self, data: st.DataObject) -> None:
        players = data.draw(self.players, label="players")
        seed = data.draw(st.integers(0, 2**32 - 1), label="seed")
        advanced = data.draw(self.advanced, label="advanced")
        note(f"game = br.new_game(players={players}, seed={seed}, advanced={advanced})")
        self.game = new_game(players, seed, advanced, self.content or load_content())

    def _running(self) -> bool:
        return self.game is not None and not self.game.is_over

    @precondition(_running)
    @rule(data=st.data())
    def play(self, data: st.DataObject) -> None:
        assert self.game is not None
        action = data.draw(st.sampled_from(self.game.legal_actions()), label="action")
        note(f"game.apply({str(action)!r})")
        self.game.apply(action)

    @precondition(_running)
    @rule(action=_GARBAGE)
    def refuse_illegal(self, action: Any) -> None:
        assert self.game is not None
        assert rejects_illegal(self.game, action) == []

    @precondition(lambda self: self.game is not None)
    @rule()
    def round_trip(self) -> None:
        assert self.game is not None
        assert json_round_trip(self.game) == []

    @invariant()
    def invariants_hold(self) -> None:
        if self.game is not None:
            assert check_all(self.game) == []

    @invariant()
    def hidden_stays_hidden(self) -> None:
        if self.game is not None:
            seat = (max(self.game.current_player, 0) + 1) % self.game.state.players
            assert view_hides_hidden(self.game, seat) == []


def game_machine(
    content: Content | None = None,
    players: int | None = None,
    advanced: bool | None = None,
) -> type[GameMachine]:
    """A [`GameMachine`][baldurs_rules.testing.machine.GameMachine] for a content and options."""
    attrs: dict[str, Any] = {"content": content}
    if players is not None:
        attrs["players"] = st.just(players)
    if advanced is not None:
        attrs["advanced"] = st.just(advanced)
    return type("CustomGameMachine", (GameMachine,), attrs)
