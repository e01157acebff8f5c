"""The game as an OpenSpiel Python game: OpenSpiel's algorithms run on it, and it pickles.

Install with ``pip install 'baldurs_rules[openspiel]'``. Importing this module
registers the game with OpenSpiel under [`GAME_NAME`][baldurs_rules.rl.openspiel.GAME_NAME]:
``pyspiel.load_game("baldurs_gate(players=3,advanced=True)")`` then gives a
[`BaldursGateGame`][baldurs_rules.rl.openspiel.BaldursGateGame]. Its
parameters are in [`PARAMETERS`][baldurs_rules.rl.openspiel.PARAMETERS].

**Chance.** The game is ``EXPLICIT_STOCHASTIC``: one chance node at the start
deals one of [`DEALS`][baldurs_rules.rl.openspiel.DEALS] games, uniformly (outcome
``k`` deals the game of seed ``k``, or ``rng_seed × DEALS + k`` when ``rng_seed`` is 0
or more). Every later draw (cards, reshuffles, lot tokens, the face-down token) then
follows from the dealt game's own generator, which is hidden information:
[`resample_from_infostate`][baldurs_rules.rl.openspiel.BaldursGateState.resample_from_infostate]
deals it again with the other secrets, so a search never knows the future draws.
Why not a chance node per draw: the engine draws inside its procedures (a card
drawn half-way through an effect), not at decision points, so the draws cannot
be exposed as OpenSpiel chance nodes without engine hooks; for every algorithm
that samples through ``resample_from_infostate`` (ISMCTS, determinized search) or
samples chance (random playouts, outcome-sampling CFR) the two are the same game.
Plain MCTS, which searches clones of the true state, sees the future draws: it is
not a valid player here (the RL page lists which algorithms are). Exact tree
algorithms (full-width CFR, expectimax) cannot enumerate it (nor could they at
this size). The deal being an explicit
outcome is what lets OpenSpiel serialize games and states (a sampled-stochastic
Python game cannot hand OpenSpiel its generator): ``pickle``,
``pyspiel.serialize_game_and_state`` and ``random_sim_test(serialize=True)`` work.

**What a player sees.** Observation strings are ``view(seat)`` as canonical
JSON, and observation tensors the
[`ObservationEncoder`][baldurs_rules.rl.observation.ObservationEncoder] vector:
what the seat sees now, not how it got there. Information-state strings have
perfect recall: the view, then every action the seat observed, in order (another
seat's card put back under a deck shows as ``discard ?``), then ``recall:`` and a
digest of everything the seat was shown since the deal (the game's event log as
[`events_for(seat)`][baldurs_rules.game.Game.events_for] gives it, its own draws
included, and those actions), so two histories the seat could tell apart never
share an information state. There is no information-state tensor
(``provides_information_state_tensor`` is false): a fixed-size vector cannot
hold a history of any length.

Examples:
    >>> import pyspiel
    >>> game = pyspiel.load_game("baldurs_gate(players=2,rng_seed=1)")
    >>> state = game.new_initial_state()
    >>> state.is_chance_node(), len(state.chance_outcomes()) == DEALS
    (True, True)
    >>> state.apply_action(0)
    >>> state.current_player(), 1737 in state.legal_actions(), state.action_to_string(1737)
    (0, True, 'income')
"""

from __future__ import annotations

import hashlib
import json
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
from baldurs_rules.rules.events import decode
from baldurs_rules.rules.knowledge import public_event

__all__ = [
    "DEALS",
    "GAME_NAME",
    "HIDDEN_KINDS",
    "MAX_DECISIONS_PER_TURN",
    "PARAMETERS",
    "BaldursGateGame",
    "BaldursGateState",
]

GAME_NAME = "baldurs_gate"
"""The name the game is registered under."""

DEALS = 1 << 16
"""The outcomes of the chance node: the games it can deal, each as likely."""

PARAMETERS: dict[str, Any] = {
    "players": 4,
    "advanced": False,
    "reward": "win",
    "rng_seed": -1,
    "content": "",
}
"""The game's parameters and their defaults: ``players``, ``advanced`` (the advanced
setup), ``reward`` (``win`` or ``prestige``, see
[`final_rewards`][baldurs_rules.rl.common.final_rewards]), ``rng_seed`` (which
[`DEALS`][baldurs_rules.rl.openspiel.DEALS] games the chance node deals: -1 the
seeds ``0 .. DEALS - 1``, else ``rng_seed × DEALS`` on) and ``content`` (empty:
the default content; else a content or mod directory)."""

HIDDEN_KINDS = frozenset({"discard"})
"""Action kinds other seats see only as ``<kind> ?`` (a card put back under its deck)."""

MAX_DECISIONS_PER_TURN = 64
"""The game length OpenSpiel is told is ``(limits.max_turns + players) × this``; no game
reaches it (``tests/rl/test_openspiel.py`` plays random games and checks the most
decisions in a turn against it)."""

_CONTENTS: dict[str, Content] = {}
"""Contents of the games made in this process, by fingerprint (a pickled state names one)."""


def _game_type(utility: Any) -> Any:
    return pyspiel.GameType(
        short_name=GAME_NAME,
        long_name="Builders of Baldur's Gate (baldurs_rules)",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=utility,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=8,
        min_num_players=1,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=PARAMETERS,
    )


_TYPE = _game_type(pyspiel.GameType.Utility.ZERO_SUM)
_SOLO_TYPE = _game_type(pyspiel.GameType.Utility.GENERAL_SUM)
"""A one-player game is not zero-sum (its reward is its own)."""


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
            max_chance_outcomes=DEALS,
            num_players=players,
            min_utility=low,
            max_utility=high,
            utility_sum=0.0 if players > 1 else None,
            max_game_length=(turns + players) * MAX_DECISIONS_PER_TURN,
        )
        super().__init__(_TYPE if players > 1 else _SOLO_TYPE, info, params)
        self.first_seed = DEALS * max(int(params["rng_seed"]), 0)
        self.outcomes = [(k, 1.0 / DEALS) for k in range(DEALS)]

    def new_initial_state(self) -> BaldursGateState:
        """The chance node before the deal."""
        return BaldursGateState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> _Observer:
        """The observer OpenSpiel asks for (a seat's own view, with or without its history)."""
        return _Observer(self, iig_obs_type, params)

    def seed_of(self, outcome: int) -> int:
        """The game seed that chance ``outcome`` deals (from ``rng_seed``)."""
        return self.first_seed + outcome


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
        return {"content": game.content.fingerprint, "game": game.to_json(log=True)}

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
    """One action in the history, linked to the one before (shared by clones, never changed
    but for ``digests``, a cache of what only this history determines)."""

    __slots__ = ("action", "before", "digests", "mark", "mover", "size")

    def __init__(self, before: _Seen | None, mover: int, action: Action, mark: int) -> None:
        self.before, self.mover, self.action = before, mover, action
        self.mark = mark  # the length of the game's event log after this action
        self.size: int = 1 + (before.size if before is not None else 0)
        self.digests: dict[int, str] = {}  # per seat: all it was shown up to here (lazy)

    def __deepcopy__(self, memo: dict[int, Any]) -> _Seen:
        return self

    def __reduce__(self) -> tuple[Any, ...]:  # flat, so a long history pickles
        moves: list[tuple[int, Action, int]] = []
        node: _Seen | None = self
        while node is not None:
            moves.append((node.mover, node.action, node.mark))
            node = node.before
        return (_chain, (moves[::-1],))

    def as_seen_by(self, seat: int) -> list[str]:
        """The actions, oldest first, as ``seat`` saw them (``mover:notation``)."""
        found: list[str] = []
        node: _Seen | None = self
        while node is not None:
            found.append(_as_seen(node.mover, node.action, seat))
            node = node.before
        found.reverse()
        return found


def _as_seen(mover: int, action: Action, seat: int) -> str:
    """``mover:notation`` as ``seat`` saw it (another seat's hidden kinds: ``kind ?``)."""
    if mover != seat and action.kind in HIDDEN_KINDS:
        return f"{mover}:{action.kind} ?"
    return f"{mover}:{action}"


def _chain(moves: list[tuple[int, Action, int]]) -> _Seen | None:
    """The history of ``moves`` (oldest first), rebuilt."""
    node: _Seen | None = None
    for mover, action, mark in moves:
        node = _Seen(node, mover, Action(*action), mark)
    return node


def _fold(before: str, seen: str, events: list[tuple[Any, ...]], seat: int) -> str:
    """A digest of ``before`` followed by an action and the events as ``seat`` saw them."""
    shown = [public_event(decode(event), seat) for event in events]
    text = f"{before}|{seen}|{json.dumps(shown, sort_keys=True, default=str)}"
    return hashlib.blake2b(text.encode(), digest_size=16).hexdigest()


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
        self._dealt_mark = 0  # the length of the event log after the deal (see _recall)

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
        return self._spec.outcomes

    def deal(self, seed: int) -> None:
        """Apply the chance node with a chosen game seed (the history shows outcome 0)."""
        if self._box.game is not None:
            raise RulesError("the game is already dealt")
        self._seed = seed
        self.apply_action(0)

    def _apply_action(self, action: int) -> None:
        spec, game = self._spec, self._box.game
        if game is None:
            if not 0 <= action < DEALS:
                raise RulesError(f"the deal's outcomes are 0 .. {DEALS - 1}, not {action!r}")
            seed = spec.seed_of(action) if self._seed is None else self._seed
            game = new_game(spec.players, seed, spec.advanced, spec.content, log=True)
            self._box.game = game
            self._dealt_mark = len(game.state.events)
        else:
            move = spec.codec.decode(action)
            mover = game.current_player
            game.apply(move)
            self._seen = _Seen(self._seen, mover, move, len(game.state.events))
        self._cache = _Cache()

    def _recall(self, seat: int) -> str:
        """A digest of everything ``seat`` was shown since the deal, in order: each action as
        it saw it and the events of the log after it as ``public_event`` gives them (its own
        draws included). Computed when asked, from the last point of the history that has it."""
        game = self._dealt()
        waiting: list[_Seen] = []
        node = self._seen
        while node is not None and seat not in node.digests:
            waiting.append(node)
            node = node.before
        events = game.state.events
        if node is None:
            digest, mark = _fold("", "deal", events[: self._dealt_mark], seat), self._dealt_mark
        else:
            digest, mark = node.digests[seat], node.mark
        for node in reversed(waiting):
            seen = _as_seen(node.mover, node.action, seat)
            digest = _fold(digest, seen, events[mark : node.mark], seat)
            node.digests[seat], mark = digest, node.mark
        return digest

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {action}"
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
        sample = game.determinize(player_id, random.Random(seed))
        new._box = _Box(sample)
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
                    text += "\nseen:" + " ".join(seen) + "\nrecall:" + self._recall(player)
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
        # perfect recall has no tensor: a fixed-size vector cannot hold the history
        self.tensor: np.ndarray | None = (
            None if self.recall else np.zeros(game.encoder.size, dtype=np.float32)
        )
        self.dict = {} if self.tensor is None else {"observation": self.tensor}

    def set_from(self, state: BaldursGateState, player: int) -> None:
        game = state.game
        if self.tensor is None:
            return
        if game is None:
            self.tensor.fill(0.0)
        else:
            self.encoder.encode(game, player, self.tensor)

    def string_from(self, state: BaldursGateState, player: int) -> str:
        return state._string(player, self.recall)


pyspiel.register_game(_TYPE, BaldursGateGame)
