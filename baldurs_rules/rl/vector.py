"""A batch of games stepped together, for rollouts: stacked observations, masks and rewards.

[`vector_env`][baldurs_rules.rl.vector.vector_env] makes a
[`VectorEnv`][baldurs_rules.rl.vector.VectorEnv] of ``n`` games. Each game
waits on one seat (the seat to act); [`step`][baldurs_rules.rl.vector.VectorEnv.step]
takes one action number per game, for that seat, and returns a
[`Batch`][baldurs_rules.rl.vector.Batch]: the next observation and mask of
every game (of its seat to act), that seat, and the final rewards of the games
that just ended. A game that ends starts again at once (auto-reset) with the
next seed, so every row always holds a decision.

Seeds: with ``reset(seed=s)``, game ``i`` of the batch plays seed ``s + i``
first, then ``s + i + n``, ``s + i + 2n``, ... (game number ``k`` of a row gets
``s + i + k n``): a batch is deterministic for its seed, whatever the actions.

Examples:
    >>> import numpy as np
    >>> batch_env = vector_env(3, players=2, seed=5)
    >>> batch = batch_env.reset()
    >>> batch.observations.shape == (3, batch_env.encoder.size), batch.players.tolist()
    (True, [0, 0, 0])
    >>> rng = np.random.default_rng(0)
    >>> for _ in range(400):
    ...     batch = batch_env.step([rng.choice(np.flatnonzero(m)) for m in batch.action_masks])
    >>> int(batch_env.finished) > 0
    True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from baldurs_rules.content.loader import load_content
from baldurs_rules.content.model import Content
from baldurs_rules.errors import IllegalActionError, RulesError
from baldurs_rules.game import Game, Result, new_game
from baldurs_rules.rl.action_codec import ActionCodec
from baldurs_rules.rl.common import check_setup, final_rewards
from baldurs_rules.rl.observation import ObservationEncoder

__all__ = ["Batch", "VectorEnv", "vector_env"]


@dataclass(frozen=True)
class Batch:
    """What [`VectorEnv.step`][baldurs_rules.rl.vector.VectorEnv.step] returns.

    The arrays are the environment's own buffers, overwritten by the next call
    (copy what you keep).

    Attributes:
        observations: ``(n, size)`` float32: each game's observation for its seat to act.
        action_masks: ``(n, actions)`` int8: 1 at the legal action numbers of that seat.
        players: ``(n,)`` int: the seat to act in each game.
        rewards: ``(n, players)`` float32: the final rewards of the games that
            ended in this step (by seat), 0 elsewhere.
        terminated: ``(n,)`` bool: the game of that row ended in this step.
        truncated: ``(n,)`` bool: it ended by the turn limit (RULES B19).
        results: The result of each game that ended in this step, None elsewhere.
    """

    observations: np.ndarray
    action_masks: np.ndarray
    players: np.ndarray
    rewards: np.ndarray
    terminated: np.ndarray
    truncated: np.ndarray
    results: list[Result | None]


class VectorEnv:
    """``n`` games stepped together (see the module docs).

    Args:
        n: Number of games.
        players: Seats per game (within the content's range).
        advanced: Use the advanced setup.
        content: The content (default content if None).
        reward: ``"win"`` or ``"prestige"``
            (see [`final_rewards`][baldurs_rules.rl.common.final_rewards]).
        seed: The base seed of ``reset()`` without one.

    Raises:
        RulesError: A bad option, or a content these options cannot play (at creation).
    """

    def __init__(
        self,
        n: int,
        players: int = 4,
        advanced: bool = False,
        content: Content | None = None,
        reward: str = "win",
        seed: int = 0,
    ) -> None:
        if type(n) is not int or n < 1:
            raise RulesError(f"a vector of games needs n >= 1 games, not {n!r}")
        if type(seed) is not int:
            raise RulesError(f"seed must be a whole number, not {seed!r}")
        self.content = content or load_content()
        check_setup(self.content, players, advanced, reward)
        self.n, self.players, self.advanced, self.reward = n, players, advanced, reward
        self.seed = seed
        self.codec = ActionCodec(self.content)
        self.encoder = ObservationEncoder(self.content, players)
        self.observations = np.zeros((n, self.encoder.size), dtype=np.float32)
        self.action_masks = np.zeros((n, len(self.codec)), dtype=np.int8)
        self.current = np.zeros(n, dtype=np.int64)
        self.rewards = np.zeros((n, players), dtype=np.float32)
        self.terminated = np.zeros(n, dtype=bool)
        self.truncated = np.zeros(n, dtype=bool)
        self.games: list[Game] = []
        self.started = np.zeros(n, dtype=np.int64)
        self.finished = 0

    @property
    def num_envs(self) -> int:
        """The number of games (Gymnasium's name for it)."""
        return self.n

    def reset(self, seed: int | None = None) -> Batch:
        """Start every game again (game ``i`` with seed ``seed + i``)."""
        if seed is not None:
            if type(seed) is not int:
                raise RulesError(f"seed must be a whole number, not {seed!r}")
            self.seed = seed
        self.started[:] = 0
        self.finished = 0
        self.games = [self._new(i) for i in range(self.n)]
        self.rewards[:] = 0.0
        self.terminated[:] = False
        self.truncated[:] = False
        for i in range(self.n):
            self._write(i)
        return self._batch([None] * self.n)

    def step(self, actions: Sequence[int] | np.ndarray) -> Batch:
        """Play one action in every game (for its seat to act), then restart the games that ended.

        Raises:
            IllegalActionError: An action is not legal in its game (which one is
                said); no game has moved.
        """
        if not self.games:
            raise RulesError("call reset() before step()")
        numbers = self._check(actions)
        self.rewards[:] = 0.0
        self.terminated[:] = False
        self.truncated[:] = False
        results: list[Result | None] = [None] * self.n
        for i, number in enumerate(numbers.tolist()):
            game = self.games[i]
            game.apply(self.codec.actions[number])
            if game.is_over:
                results[i] = self._end(i, game)
            self._write(i)
        return self._batch(results)

    def _check(self, actions: Sequence[int] | np.ndarray) -> np.ndarray:
        numbers = np.asarray(actions)
        if numbers.shape != (self.n,) or not np.issubdtype(numbers.dtype, np.integer):
            raise RulesError(
                f"step needs {self.n} whole action numbers (one per game),"
                f" not an array of shape {numbers.shape} and type {numbers.dtype}"
            )
        inside = (numbers >= 0) & (numbers < len(self.codec))
        legal = inside.copy()
        legal[inside] = self.action_masks[inside.nonzero()[0], numbers[inside]] == 1
        if not legal.all():
            i = int(np.flatnonzero(~legal)[0])
            raise IllegalActionError(
                f"game {i} of the batch: action {int(numbers[i])} is not legal for seat"
                f" {self.games[i].current_player} (see action_masks[{i}]); no game has moved"
            )
        return numbers

    def _new(self, i: int) -> Game:
        number = i + self.n * int(self.started[i])
        self.started[i] += 1
        return new_game(self.players, self.seed + number, self.advanced, self.content, log=False)

    def _end(self, i: int, game: Game) -> Result:
        result = game.result()
        self.rewards[i] = final_rewards(result, self.reward)
        (self.truncated if result.truncated else self.terminated)[i] = True
        self.finished += 1
        self.games[i] = self._new(i)
        return result

    def _write(self, i: int) -> None:
        game = self.games[i]
        seat = game.current_player
        self.current[i] = seat
        self.encoder.encode(game, seat, self.observations[i])
        self.codec.mask(game.legal_actions(), self.action_masks[i])

    def _batch(self, results: list[Result | None]) -> Batch:
        return Batch(
            self.observations,
            self.action_masks,
            self.current,
            self.rewards,
            self.terminated,
            self.truncated,
            results,
        )

    def observe(self, i: int, seat: int) -> np.ndarray:
        """The observation of any ``seat`` in game ``i`` (a new array)."""
        return self.encoder.encode(self.games[i], seat)


def vector_env(
    n: int,
    players: int = 4,
    advanced: bool = False,
    content: Content | None = None,
    reward: str = "win",
    seed: int = 0,
) -> VectorEnv:
    """A [`VectorEnv`][baldurs_rules.rl.vector.VectorEnv] of ``n`` games (same arguments)."""
    return VectorEnv(n, players, advanced, content, reward, seed)
