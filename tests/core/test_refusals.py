"""Whatever an action holds, a refused one raises IllegalActionError and changes nothing,
in the pure and in the compiled build (compiled, a typed read used to raise TypeError)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

import baldurs_rules as br

ANYTHING = st.one_of(
    st.none(),
    st.integers(),
    st.floats(allow_nan=True),
    st.text(max_size=6),
    st.lists(st.integers(), max_size=2),
    st.dictionaries(st.text(max_size=2), st.integers(), max_size=1),
    st.booleans(),
)
KINDS = st.one_of(st.sampled_from(["income", "build", "visit", "trade", "use", "take"]), ANYTHING)
ARGS = st.one_of(st.tuples(), st.tuples(ANYTHING), st.tuples(ANYTHING, ANYTHING), ANYTHING)


@given(kind=KINDS, args=ARGS, seed=st.integers(0, 3))
def test_an_action_of_any_values_is_refused_cleanly(kind: object, args: object, seed: int) -> None:
    game = br.new_game(players=2, seed=seed)
    action = br.Action(kind, args)  # type: ignore[arg-type]
    if game.is_legal(action):
        return
    before = game.to_json()
    try:
        game.apply(action)
    except br.IllegalActionError as error:
        assert "is not legal now" in str(error)
    else:
        raise AssertionError(f"{action!r} was accepted")
    assert game.to_json() == before


def test_the_action_of_the_issue_is_refused() -> None:
    game = br.new_game(players=2, seed=1)
    try:
        game.apply(br.Action("income", (None,)))  # type: ignore[arg-type]
    except br.IllegalActionError as error:
        assert "'income None'" in str(error) and "did you mean 'income'" in str(error)
    else:
        raise AssertionError("accepted")
