"""A Gymnasium ``VectorEnv`` of N single-agent games: batched observations and masks, bots inside.

[`single_vector_env`][baldurs_rules.rl.single_vector.single_vector_env] makes a
[`SingleAgentVectorEnv`][baldurs_rules.rl.single_vector.SingleAgentVectorEnv]:
``n`` games of [`single_env`][baldurs_rules.rl.single.single_env] (one learning
seat, bots of the registry in the others) stepped together. ``step`` takes one
action per game and returns the observations as one ``(n, F)`` float32 array, the
rewards, terminations and truncations as ``(n,)`` arrays, and ``infos`` with the
``(n, A)`` int8 ``action_mask`` (also from
[`action_masks()`][baldurs_rules.rl.single_vector.SingleAgentVectorEnv.action_masks],
as booleans) and the learning ``seat`` of each game. The observations and the masks
are the vector's own arrays, written again by the next step (copy what you keep; the
masks are read-only).

Autoreset is Gymnasium's ``SAME_STEP`` mode: a game that ends is dealt again in the
same step; its row holds the new game's first observation, and ``infos["final_obs"]``
and ``infos["final_info"]`` (``prestige``, ``winners``) hold the end of the old one
(``infos["_final_obs"]`` marks the rows).

It is faster than ``n`` separate environments because it drives the engine
directly: the bots' and the learner's actions are answered on each game's state
(the learner's are checked against the mask first, and a ``random`` opponent picks
from the engine's own list of legal actions); each game's mask is written in place
into its row of the masks
([`write_mask`][baldurs_rules.rl.action_codec.ActionCodec.write_mask]: only the
bytes that change), the whole batch's observations are encoded at once
([`encode_rows`][baldurs_rules.rl.observation.ObservationEncoder.encode_rows]),
and no per-game dicts are built. ``benchmarks/rl_vector.py`` measures it against
``n`` separate environments (docs/rl.md quotes its figures). The games are not
recorded action by action (``games[i]`` has no history to undo or replay).

Seeds: ``reset(seed=s)`` seeds game ``i``'s generator from ``s`` and ``i``
(NumPy's ``SeedSequence(s).spawn``); its deals, random seat and bots' seeds all
come from it, so a run is deterministic for its seed and actions.

Examples:
    >>> import numpy as np
    >>> envs = single_vector_env(4, players=3, opponents="random")
    >>> obs, infos = envs.reset(seed=0)
    >>> obs.shape == (4, envs.encoder.size), infos["action_mask"].shape == (4, len(envs.codec))
    (True, True)
    >>> rng = np.random.default_rng(0)
    >>> for _ in range(100):
    ...     pick = np.argmax(rng.random(envs.masks.shape) * envs.action_masks(), axis=1)
    ...     obs, rewards, terminated, truncated, infos = envs.step(pick)
    >>> envs.episodes > 0
    True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import numpy as np
from gymnasium import spaces
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space

from baldurs_rules.actions import Action
from baldurs_rules.bots import Bot, make_bot
from baldurs_rules.content.loader import load_content
from baldurs_rules.content.model import Content
from baldurs_rules.errors import IllegalActionError, RulesError
from baldurs_rules.game import Game, new_game
from baldurs_rules.rl.action_codec import ActionCodec
from baldurs_rules.rl.common import STEP_REWARDS, check_setup, final_rewards, prestige_of
from baldurs_rules.rl.observation import ObservationEncoder
from baldurs_rules.rl.single import opponent_specs
from baldurs_rules.rules import Rules

__all__ = ["SingleAgentVectorEnv", "single_vector_env"]


class _Row:
    """One game of the batch: the game, the learning seat, its opponents and generators."""

    __slots__ = ("bots", "fast", "game", "legal", "numbers", "prestige", "rng", "seat")

    def __init__(self, rng: np.random.Generator) -> None:
        self.rng = rng
        self.game: Game | None = None
        self.seat = 0
        self.bots: dict[int, Bot | None] = {}  # None: a random opponent, played inline
        self.fast = random.Random(0)  # the random opponents' picks
        self.legal: list[Action] = []  # the learner's legal actions, the engine's own list
        self.numbers: list[int] = []  # their numbers
        self.prestige = 0


class SingleAgentVectorEnv(VectorEnv):
    """``n`` single-agent games stepped together (see the module docs).

    An action the mask forbids always raises: no game moves (there is no
    ``invalid="lose"`` here, unlike the single environment).

    Args:
        n: Number of games.
        players: Seats at each table, as in
            [`SingleAgentEnv`][baldurs_rules.rl.single.SingleAgentEnv].
        seat: The learning seat, or ``"random"`` (drawn for each game at its reset).
        opponents: Bot specs of the registry for the other seats, as in ``SingleAgentEnv``.
        reward: ``"win"``, ``"prestige"`` or ``"prestige_delta"``.
        advanced: The advanced setup.
        content: The content to play (default: the built-in content).
        seed: The seed of the first ``reset()`` without one.

    Raises:
        RulesError: A bad option, or a content these options cannot play (at creation).
    """

    metadata: dict[str, Any] = {"autoreset_mode": AutoresetMode.SAME_STEP}  # noqa: RUF012

    def __init__(
        self,
        n: int,
        players: int = 4,
        seat: int | str = 0,
        opponents: str | Sequence[str] = "random",
        reward: str = "win",
        advanced: bool = False,
        content: Content | None = None,
        seed: int | None = None,
    ) -> None:
        if type(n) is not int or n < 1:
            raise RulesError(f"a vector of games needs n >= 1 games, not {n!r}")
        self.content = content or load_content()
        check_setup(self.content, players, advanced, reward, STEP_REWARDS)
        if seat != "random" and (type(seat) is not int or not 0 <= seat < players):
            raise RulesError(
                f"seat must be a seat of the table (0 .. {players - 1}) or 'random', not {seat!r}"
            )
        self.specs = opponent_specs(opponents, players)
        self.num_envs, self.players, self.advanced = n, players, advanced
        self.reward_mode, self.seat_option, self._first_seed = reward, seat, seed
        self.codec = ActionCodec(self.content)
        self.encoder = ObservationEncoder(self.content, players)
        self._machine = Rules.of(self.content).machine
        self.single_observation_space = spaces.Box(
            self.encoder.low, self.encoder.high, (self.encoder.size,), np.float32
        )
        self.single_action_space = spaces.Discrete(len(self.codec))
        self.observation_space = batch_space(self.single_observation_space, n)
        self.action_space = batch_space(self.single_action_space, n)
        self.observations = np.zeros((n, self.encoder.size), dtype=np.float32)
        # the masks are a numpy view of one bytearray the codec writes into, row by row
        self._mask_flags = bytearray(n * len(self.codec))
        self.masks = np.frombuffer(self._mask_flags, dtype=np.int8).reshape(n, len(self.codec))
        self.masks.flags.writeable = False  # read-only to users: write_mask clears what it set
        self.seats = np.zeros(n, dtype=np.int64)
        self.rows: list[_Row] = []
        self._games: list[Game] = []  # the game and the learning seat of each row, as lists
        self._seat_list: list[int] = []
        self.episodes = 0

    @property
    def games(self) -> list[Game | None]:
        """The game of each row (read them; act through ``step``)."""
        return [row.game for row in self.rows]

    # ------------------------------------------------------------ Gymnasium's API
    def reset(
        self, *, seed: int | list[int] | None = None, options: dict[str, Any] | None = None
    ) -> tuple[np.ndarray, dict[str, Any]]:
        """Deal every game again (game ``i`` from a generator seeded by ``seed`` and ``i``)."""
        if seed is None and not self.rows:
            seed = self._first_seed
        if isinstance(seed, list):
            seeds = [np.random.default_rng(s) for s in seed]
            if len(seeds) != self.num_envs:
                raise RulesError(f"reset needs one seed per game ({self.num_envs}), not {seed!r}")
        else:
            children = np.random.SeedSequence(seed).spawn(self.num_envs)
            seeds = [np.random.default_rng(child) for child in children]
        self.rows = [_Row(rng) for rng in seeds]
        self._mask_flags[:] = bytes(len(self._mask_flags))
        self._games, self._seat_list = [], []
        for i, row in enumerate(self.rows):
            self._deal(i, row)
        self.encoder.encode_rows(self._games, self._seat_list, self.observations)
        return self.observations, self._infos()

    def step(
        self, actions: Sequence[int] | np.ndarray
    ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, dict[str, Any]]:
        """One action per game for its learning seat; the bots play on; ended games restart.

        Raises:
            IllegalActionError: An action the game's mask forbids (which game is said);
                no game has moved.
            RulesError: Before ``reset()``, or not one whole number per game.
        """
        numbers = self._check(actions)
        n = self.num_envs
        rewards = np.zeros(n, dtype=np.float32)
        terminated = np.zeros(n, dtype=bool)
        truncated = np.zeros(n, dtype=bool)
        ended: list[tuple[int, np.ndarray, dict[str, Any]]] = []
        answer, legal_view = self._machine.answer, self._machine.legal_view
        write_mask, flags, width = self.codec.write_mask, self._mask_flags, len(self.codec)
        every_step = self.reward_mode == "prestige_delta"
        for i, number in enumerate(numbers.tolist()):
            row = self.rows[i]
            game = row.game
            assert game is not None
            state = game.state
            answer(state, row.legal[row.numbers.index(number)])
            self._play_opponents(row, game)
            decision = state.decision
            if decision is not None:  # the learner decides: the game goes on
                if every_step:
                    rewards[i] = self._reward(row, game)
                row.legal = legal_view(state)
                row.numbers = write_mask(row.legal, flags, i * width, row.numbers)
                continue
            rewards[i] = self._reward(row, game)
            result = game.result()
            terminated[i], truncated[i] = not result.truncated, result.truncated
            ended.append((i, *self._finish(i, row, game)))
        self.encoder.encode_rows(self._games, self._seat_list, self.observations)
        infos = self._infos()
        for i, final_obs, info in ended:
            infos = self._add_info(infos, {"final_obs": final_obs, "final_info": info}, i)
        return self.observations, rewards, terminated, truncated, infos

    def action_masks(self) -> np.ndarray:
        """The legal actions of every game's learning seat, ``(n, A)`` booleans."""
        return self.masks.astype(bool)

    # ------------------------------------------------------------ the inside
    def _check(self, actions: Sequence[int] | np.ndarray) -> np.ndarray:
        if not self.rows:
            raise RulesError("call reset() before step()")
        numbers = np.asarray(actions)
        if numbers.shape != (self.num_envs,) or not np.issubdtype(numbers.dtype, np.integer):
            raise RulesError(
                f"step needs {self.num_envs} whole action numbers (one per game),"
                f" not an array of shape {numbers.shape} and type {numbers.dtype}"
            )
        inside = (numbers >= 0) & (numbers < len(self.codec))
        legal = inside.copy()
        legal[inside] = self.masks[inside.nonzero()[0], numbers[inside]] == 1
        if not legal.all():
            i = int(np.flatnonzero(~legal)[0])
            raise IllegalActionError(
                f"game {i} of the batch: action {int(numbers[i])} is not legal for seat"
                f" {self.rows[i].seat} (see infos['action_mask'][{i}]); no game has moved"
            )
        return numbers

    def _deal(self, i: int, row: _Row) -> None:
        """Start row ``i``'s next game and play the bots up to the learner's first decision."""
        rng = row.rng
        game_seed = int(rng.integers(2**31))
        row.seat = (
            int(rng.integers(self.players))
            if self.seat_option == "random"
            else int(self.seat_option)
        )
        others = [s for s in range(self.players) if s != row.seat]
        row.bots = {
            s: None if spec == "random" else make_bot(spec, int(rng.integers(2**31)))
            for s, spec in zip(others, self.specs, strict=True)
        }
        row.fast = random.Random(int(rng.integers(2**31)))
        game = row.game = new_game(self.players, game_seed, self.advanced, self.content, log=False)
        row.prestige = prestige_of(game, row.seat)
        self.seats[i] = row.seat
        self._play_opponents(row, game)
        row.legal = self._machine.legal_view(game.state)
        row.numbers = self.codec.write_mask(
            row.legal, self._mask_flags, i * len(self.codec), row.numbers
        )
        if i < len(self._games):
            self._games[i], self._seat_list[i] = game, row.seat
        else:
            self._games.append(game)
            self._seat_list.append(row.seat)

    def _finish(self, i: int, row: _Row, game: Game) -> tuple[np.ndarray, dict[str, Any]]:
        """The final observation and info of row ``i``'s game that ended; deal the next."""
        result = game.result()
        final_obs = self.encoder.encode(game, row.seat)
        info = {"prestige": result.prestige[row.seat], "winners": list(result.winners)}
        self.episodes += 1
        self._deal(i, row)
        return final_obs, info

    def _play_opponents(self, row: _Row, game: Game) -> None:
        """The bots play until the learner decides or the game ends, on the engine directly."""
        machine, state, seat = self._machine, game.state, row.seat
        decision = state.decision
        while decision is not None and decision.seat != seat:
            legal = machine.legal_view(state)
            bot = row.bots[decision.seat]
            if bot is None:  # random: a pick from the engine's own list
                action = legal[int(row.fast.random() * len(legal))]
            else:
                action = legal[legal.index(bot.choose(game))]
            machine.answer(state, action)
            decision = state.decision

    def _reward(self, row: _Row, game: Game) -> float:
        if self.reward_mode == "prestige_delta":
            over = game.is_over
            now = game.result().prestige[row.seat] if over else prestige_of(game, row.seat)
            delta, row.prestige = now - row.prestige, now
            return float(delta)
        if not game.is_over:
            return 0.0
        return float(final_rewards(game.result(), self.reward_mode)[row.seat])

    def _infos(self) -> dict[str, Any]:
        return {"action_mask": self.masks, "seat": self.seats.copy()}


def single_vector_env(
    n: int,
    players: int = 4,
    seat: int | str = 0,
    opponents: str | Sequence[str] = "random",
    reward: str = "win",
    advanced: bool = False,
    content: Content | None = None,
    seed: int | None = None,
) -> SingleAgentVectorEnv:
    """A [`SingleAgentVectorEnv`][baldurs_rules.rl.single_vector.SingleAgentVectorEnv]."""
    return SingleAgentVectorEnv(n, players, seat, opponents, reward, advanced, content, seed)
