"""The game as an OpenSpiel Python game, so OpenSpiel's own algorithms play it unchanged.

Install with ``pip install 'baldurs_rules[openspiel]'``. Importing this module
registers the game with OpenSpiel under [`GAME_NAME`][baldurs_rules.rl.openspiel.GAME_NAME]:
``pyspiel.load_game("baldurs_gate(players=3,advanced=True)")`` then gives a
[`BaldursGateGame`][baldurs_rules.rl.openspiel.BaldursGateGame]. Its
parameters are in [`PARAMETERS`][baldurs_rules.rl.openspiel.PARAMETERS].

**Chance.** The game is ``SAMPLED_STOCHASTIC``, OpenSpiel's mode for games whose
chance cannot be listed: one chance node at the start (a single outcome, ``0``)
deals a game from a seed drawn from the game's generator (``rng_seed``; -1: from
the operating system). Every later draw (cards, reshuffles, lot tokens, the
face-down token) then follows from the dealt game's own generator, which is
hidden information:
[`resample_from_infostate`][baldurs_rules.rl.openspiel.BaldursGateState.resample_from_infostate]
deals it again with the other secrets, so a search never knows the future draws.
Why not a chance node per draw: the engine draws inside its procedures (a card
drawn half-way through an effect), not at decision points, so the draws cannot
be exposed as OpenSpiel chance nodes without engine hooks; for every algorithm
that samples (MCTS, ISMCTS, random playouts, determinized search) the two are
the same game. Exact tree algorithms (CFR, expectimax) cannot enumerate it (nor
could they at this size).

**What a player sees.** Observation strings are ``view(seat)`` as canonical
JSON; information-state strings add the actions the seat has observed, in order
(another seat's card put back under a deck shows as ``discard ?``). Tensors (both)
are the [`ObservationEncoder`][baldurs_rules.rl.observation.ObservationEncoder]
vector: a summary of the view, not of the history.

Examples:
    >>> import pyspiel
    >>> game = pyspiel.load_game("baldurs_gate(players=2,rng_seed=1)")
    >>> state = game.new_initial_state()
    >>> state.is_chance_node(), state.chance_outcomes()
    (True, [(0, 1.0)])
    >>> state.apply_action(0)
    >>> state.current_player(), 1737 in state.legal_actions(), state.action_to_string(1737)
    (0, True, 'income')
"""

from __future__ import annotations

import json
import os
import random
from collections.abc import Callable
from typing import Any

import numpy as np
import pyspiel

from baldurs_rules.actions import Action
from baldurs_rules.content.loader import load_content
from baldurs_rules.content.model import Content
from baldurs_rules.errors import RulesError, StateError
from baldurs_rules.game import Game, new_game
from baldurs_rules.rl.action_codec import ActionCodec
from baldurs_rules.rl.common import check_setup, final_rewards, reward_range
from baldurs_rules.rl.observation import ObservationEncoder

__all__ = [
    "GAME_NAME",
    "HIDDEN_KINDS",
    "MAX_DECISIONS_PER_TURN",
    "PARAMETERS",
    "BaldursGateGame",
    "BaldursGateState",
]

GAME_NAME = "baldurs_gate"
"""The name the game is registered under."""

PARAMETERS: dict[str, Any] = {
    "players": 4,
    "advanced": False,
    "reward": "win",
    "rng_seed": -1,
    "content": "",
}
"""The game's parameters and their defaults: ``players``, ``advanced`` (the advanced
setup), ``reward`` (``win`` or ``prestige``, see
[`final_rewards`][baldurs_rules.rl.common.final_rewards]), ``rng_seed`` (the
seed of the deals; -1: random) and ``content`` (empty: the default content; else a
content or mod directory)."""

HIDDEN_KINDS = frozenset({"discard"})
"""Action kinds other seats see only as ``<kind> ?`` (a card put back under its deck)."""

MAX_DECISIONS_PER_TURN = 64
"""The game length OpenSpiel is told is ``(limits.max_turns + players) × this``; no game
reaches it (``tests/rl/test_openspiel.py`` plays random games and checks the most
decisions in a turn against it)."""

_CONTENTS: dict[str, Content] = {}
"""Contents of the games made in this process, by fingerprint (a pickled state names one)."""

_TYPE = pyspiel.GameType(
    short_name=GAME_NAME,
    long_name="Builders of Baldur's Gate (baldurs_rules)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=8,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=PARAMETERS,
)


class BaldursGateGame(pyspiel.Game):  # type: ignore[misc]
    """The game for one content and set of parameters (see the module docs).

    Args:
        params: Values of [`PARAMETERS`][baldurs_rules.rl.openspiel.PARAMETERS]
            (the others keep their defaults).
        content: A loaded content to play (overrides the ``content`` parameter).

    Raises:
        RulesError: A parameter or the content cannot be played (at creation).
    """

    def __init__(self, params: dict[str, Any] | None = None, content: Content | None = None):
        params = {**PARAMETERS, **(params or {})}
        unknown = set(params) - set(PARAMETERS)
        if unknown:
            raise RulesError(
                f"unknown parameters {sorted(unknown)}; the game takes {list(PARAMETERS)}"
            )
        self.content = content or _content(params["content"])
        players, reward = params["players"], params["reward"]
        check_setup(self.content, players, params["advanced"], reward)
        if players < 2:
            raise RulesError("an OpenSpiel game needs at least 2 players, not 1")
        _CONTENTS[self.content.fingerprint] = self.content
        if content is not None:
            params["content"] = self.content.fingerprint
        self.players, self.advanced, self.reward = players, params["advanced"], reward
        self.codec = ActionCodec(self.content)
        self.encoder = ObservationEncoder(self.content, players)
        low, high = reward_range(reward, players)
        turns = self.content.settings["limits"]["max_turns"]
        info = pyspiel.GameInfo(
            num_distinct_actions=len(self.codec),
            max_chance_outcomes=1,
            num_players=players,
            min_utility=low,
            max_utility=high,
            utility_sum=0.0,
            max_game_length=(turns + players) * MAX_DECISIONS_PER_TURN,
        )
        super().__init__(_TYPE, info, params)
        seed = params["rng_seed"]
        self._deals = random.Random(seed if seed >= 0 else int.from_bytes(os.urandom(8), "big"))

    def new_initial_state(self) -> BaldursGateState:
        """The chance node before the deal."""
        return BaldursGateState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> _Observer:
        """The observer OpenSpiel asks for (a seat's own view, with or without its history)."""
        return _Observer(self, iig_obs_type, params)

    def next_seed(self) -> int:
        """The seed of the next deal (from ``rng_seed``)."""
        return self._deals.getrandbits(32)


def _content(source: str) -> Content:
    """The ``content`` parameter: empty (default), a fingerprint seen here, or a directory."""
    if not source:
        return load_content()
    if source in _CONTENTS:
        return _CONTENTS[source]
    return load_content(source)


class _Box:
    """Holds the wrapped game; OpenSpiel deep-copies a state's attributes to clone it,
    and this makes that copy a cheap ``Game.clone()`` (the content is shared)."""

    __slots__ = ("game",)

    def __init__(self, game: Game | None) -> None:
        self.game = game

    def __deepcopy__(self, memo: dict[int, Any]) -> _Box:
        return _Box(None if self.game is None else self.game.clone())

    def __getstate__(self) -> dict[str, Any]:
        game = self.game
        if game is None:
            return {"content": None, "game": None}
        return {"content": game.content.fingerprint, "game": game.to_json(log=False)}

    def __setstate__(self, data: dict[str, Any]) -> None:
        self.game = None
        if data["game"] is not None:
            content = _CONTENTS.get(data["content"]) or load_content()
            if content.fingerprint != data["content"]:
                raise StateError(
                    f"a saved OpenSpiel state of content {data['content']!r}: load that"
                    " content (make its game) in this process first"
                )
            self.game = Game.from_json(data["game"], content)


class _Cache:
    """Strings computed for one state (a clone starts with none)."""

    __slots__ = ("strings",)

    def __init__(self) -> None:
        self.strings: dict[tuple[int, bool], str] = {}

    def __deepcopy__(self, memo: dict[int, Any]) -> _Cache:
        return _Cache()

    def __reduce__(self) -> tuple[Any, ...]:
        return (_Cache, ())


class _Seen:
    """One action in the history, linked to the one before (shared by clones, never changed)."""

    __slots__ = ("action", "before", "mover", "size")

    def __init__(self, before: _Seen | None, mover: int, action: Action) -> None:
        self.before, self.mover, self.action = before, mover, action
        self.size: int = 1 + (before.size if before is not None else 0)

    def __deepcopy__(self, memo: dict[int, Any]) -> _Seen:
        return self

    def __reduce__(self) -> tuple[Any, ...]:  # flat, so a long history pickles
        moves: list[tuple[int, Action]] = []
        node: _Seen | None = self
        while node is not None:
            moves.append((node.mover, node.action))
            node = node.before
        return (_chain, (moves[::-1],))

    def as_seen_by(self, seat: int) -> list[str]:
        """The actions, oldest first, as ``seat`` saw them (``mover:notation``)."""
        found: list[str] = []
        node: _Seen | None = self
        while node is not None:
            action = node.action
            if node.mover != seat and action.kind in HIDDEN_KINDS:
                found.append(f"{node.mover}:{action.kind} ?")
            else:
                found.append(f"{node.mover}:{action}")
            node = node.before
        found.reverse()
        return found


def _chain(moves: list[tuple[int, Action]]) -> _Seen | None:
    """The history of ``moves`` (oldest first), rebuilt."""
    node: _Seen | None = None
    for mover, action in moves:
        node = _Seen(node, mover, Action(*action))
    return node


class BaldursGateState(pyspiel.State):  # type: ignore[misc]
    """A position: the chance node, then a wrapped [`Game`][baldurs_rules.game.Game].

    The wrapped game is ``state.game`` (None before the deal); read it, do not
    change it (apply actions to the state).
    """

    def __init__(self, game: BaldursGateGame) -> None:
        super().__init__(game)
        self._box = _Box(None)
        self._seen: _Seen | None = None
        self._cache = _Cache()
        self._seed: int | None = None

    @property
    def _spec(self) -> BaldursGateGame:
        """The game's parameters, codec and encoder (not an attribute: OpenSpiel
        deep-copies every attribute of a state to clone it)."""
        return self.get_game()  # type: ignore[no-any-return]

    @property
    def game(self) -> Game | None:
        """The game dealt (None at the chance node)."""
        return self._box.game

    def _dealt(self) -> Game:
        game = self._box.game
        if game is None:
            raise RulesError("the game is not dealt yet: apply the chance outcome 0 first")
        return game

    # ------------------------------------------------------------ OpenSpiel's state API
    def current_player(self) -> int:
        game = self._box.game
        if game is None:
            return int(pyspiel.PlayerId.CHANCE)
        if game.is_over:
            return int(pyspiel.PlayerId.TERMINAL)
        return game.current_player

    def _legal_actions(self, player: int) -> list[int]:
        game = self._dealt()
        if player != game.current_player:
            return []
        return sorted(self._spec.codec.numbers(game.legal_actions()))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return [(0, 1.0)]

    def deal(self, seed: int) -> None:
        """Apply the chance node with a chosen game seed (instead of the game's next one)."""
        if self._box.game is not None:
            raise RulesError("the game is already dealt")
        self._seed = seed
        self.apply_action(0)

    def _apply_action(self, action: int) -> None:
        spec, game = self._spec, self._box.game
        if game is None:
            if action != 0:
                raise RulesError(f"the deal has one outcome, 0, not {action!r}")
            seed = spec.next_seed() if self._seed is None else self._seed
            self._box.game = new_game(spec.players, seed, spec.advanced, spec.content, log=False)
        else:
            move = spec.codec.decode(action)
            mover = game.current_player
            game.apply(move)
            self._seen = _Seen(self._seen, mover, move)
        self._cache = _Cache()

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return "deal"
        return str(self._spec.codec.decode(action))

    def is_terminal(self) -> bool:
        game = self._box.game
        return game is not None and game.is_over

    def returns(self) -> list[float]:
        game = self._box.game
        if game is None or not game.is_over:
            return [0.0] * self._spec.players
        return final_rewards(game.result(), self._spec.reward)

    def __str__(self) -> str:
        game = self._box.game
        if game is None:
            return "chance node: the deal"
        return f"{game!r}, after {self._seen.size if self._seen else 0} actions"

    # ------------------------------------------------------------ what a seat knows
    def resample_from_infostate(
        self, player_id: int, probability_sampler: Callable[[], float]
    ) -> BaldursGateState:
        """A state ``player_id`` cannot tell from this one, every secret it lacks dealt again.

        Built on [`Game.determinize`][baldurs_rules.game.Game.determinize]; the
        sampler's one draw seeds the resampling (deterministic for a seeded sampler).
        """
        game = self._box.game
        if game is None:
            return self.clone()  # type: ignore[no-any-return]
        seed = int(probability_sampler() * 2**53)
        self._box = _Box(None)  # the clone copies history; its game is dealt below
        try:
            new: BaldursGateState = self.clone()
        finally:
            self._box = _Box(game)
        new._box = _Box(game.determinize(player_id, random.Random(seed)))
        return new

    def _string(self, player: int, recall: bool) -> str:
        key = (player, recall)
        text = self._cache.strings.get(key)
        if text is None:
            game = self._box.game
            if game is None:
                text = f"seat {player}: before the deal"
            else:
                text = json.dumps(game.view(player), sort_keys=True, separators=(",", ":"))
                if recall:
                    seen = self._seen.as_seen_by(player) if self._seen else []
                    text += "\nseen:" + " ".join(seen)
            self._cache.strings[key] = text
        return text


class _Observer:
    """OpenSpiel's observer: the seat's own view (``perfect_recall``: and its history)."""

    def __init__(self, game: BaldursGateGame, iig_obs_type: Any, params: dict[str, Any] | None):
        if params:
            raise RulesError(f"the observer takes no parameters, not {params!r}")
        private = pyspiel.PrivateInfoType.SINGLE_PLAYER
        if iig_obs_type is not None and (
            not iig_obs_type.public_info or iig_obs_type.private_info != private
        ):
            raise RulesError(
                "only a seat's own observation is provided (public information and the"
                " seat's private information; perfect recall or not)"
            )
        self.recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        self.encoder = game.encoder
        self.tensor = np.zeros(game.encoder.size, dtype=np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: BaldursGateState, player: int) -> None:
        game = state.game
        if game is None:
            self.tensor.fill(0.0)
        else:
            self.encoder.encode(game, player, self.tensor)

    def string_from(self, state: BaldursGateState, player: int) -> str:
        return state._string(player, self.recall)


pyspiel.register_game(_TYPE, BaldursGateGame)
