"""A single-agent Gymnasium environment: one seat learns, bots from the registry play the others.

[`single_env`][baldurs_rules.rl.single.single_env] makes a
[`SingleAgentEnv`][baldurs_rules.rl.single.SingleAgentEnv], a plain
``gymnasium.Env``: ``reset()`` deals a game and lets the opponents play until
the learning seat must decide; ``step(action)`` plays that seat's action, then
the opponents' until it must decide again or the game ends. Opponents are bot
specs of the registry ([`make_bot`][baldurs_rules.bots.make_bot]: ``random``,
``greedy``, ``heuristic``, ``ismcts:iterations=50``, ...).

The action mask is in ``info["action_mask"]`` (int8) and from
[`action_masks()`][baldurs_rules.rl.single.SingleAgentEnv.action_masks]
(bool), the method maskable PPO implementations call. An action the mask
forbids raises [`IllegalActionError`][baldurs_rules.errors.IllegalActionError]
and leaves the game as it was (``invalid="raise"``), or ends the episode with
reward -1, as PettingZoo's ``TerminateIllegalWrapper`` does (``invalid="lose"``;
Gymnasium's ``check_env`` samples actions without the mask, so it needs this mode).

Importing this module registers the environment with Gymnasium as
[`GYM_ID`][baldurs_rules.rl.single.GYM_ID] (``gymnasium.make`` takes the same
arguments).

Everything random (the game's seed, the seat when ``seat="random"``, the
opponents' seeds) is drawn from the environment's ``np_random``: the same
``reset(seed=...)`` and the same actions give the same episode.

Examples:
    >>> e = single_env(players=3, opponents="greedy", seed=0)
    >>> obs, info = e.reset(seed=4)
    >>> done = False
    >>> while not done:
    ...     action = int(info["action_mask"].nonzero()[0][0])
    ...     obs, reward, terminated, truncated, info = e.step(action)
    ...     done = terminated or truncated
    >>> -1.0 <= reward <= 1.0, sorted(info) == ["action_mask", "prestige", "seat", "winners"]
    (True, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

from baldurs_rules.bots import Bot, make_bot
from baldurs_rules.content.loader import load_content
from baldurs_rules.content.model import Content
from baldurs_rules.errors import IllegalActionError, RulesError, did_you_mean
from baldurs_rules.game import Game, new_game
from baldurs_rules.rl.action_codec import ActionCodec
from baldurs_rules.rl.common import (
    STEP_REWARDS,
    check_setup,
    final_rewards,
    prestige_of,
    render_text,
    reward_range,
)
from baldurs_rules.rl.observation import ObservationEncoder

__all__ = ["GYM_ID", "INVALID", "SingleAgentEnv", "opponent_specs", "single_env"]

GYM_ID = "baldurs_rules/BaldursGate-v0"
"""The id the environment is registered under with Gymnasium (when this module is
imported): ``gymnasium.make(GYM_ID, players=2, opponents="greedy")``."""

INVALID = ("raise", "lose")
"""What an action the mask forbids does: raise ``IllegalActionError`` (the game
unchanged) or lose (the episode ends with reward -1)."""


class SingleAgentEnv(gymnasium.Env[np.ndarray, np.int64]):
    """One learning seat against bots (see the module docs).

    Args:
        players: Seats at the table (within the content's range; 1 plays alone).
        seat: The learning seat (``0 .. players - 1``), or ``"random"``: drawn at each reset.
        opponents: One bot spec for every other seat, or one spec per other seat
            (in seat order, the learning seat left out).
        reward: ``"win"``, ``"prestige"`` (at the end) or ``"prestige_delta"``
            (at every step: the change of the seat's prestige, final scoring included).
        invalid: ``"raise"`` or ``"lose"`` (see [`INVALID`][baldurs_rules.rl.single.INVALID]).
        advanced: Use the advanced setup.
        content: The content (default content if None).
        seed: The seed of the first ``reset()`` without one.
        render_mode: None or ``"ansi"``.

    Raises:
        RulesError: A bad option, or a content these options cannot play (at creation).
    """

    metadata: dict[str, Any] = {"render_modes": ["ansi"], "render_fps": 1}  # noqa: RUF012

    def __init__(
        self,
        players: int = 4,
        seat: int | str = 0,
        opponents: str | Sequence[str] = "random",
        reward: str = "win",
        invalid: str = "raise",
        advanced: bool = False,
        content: Content | None = None,
        seed: int | None = None,
        render_mode: str | None = None,
    ) -> None:
        self.content = content or load_content()
        check_setup(self.content, players, advanced, reward, STEP_REWARDS)
        if seat != "random" and (type(seat) is not int or not 0 <= seat < players):
            raise RulesError(
                f"seat must be a seat of the table (0 .. {players - 1}) or 'random', not {seat!r}"
            )
        if invalid not in INVALID:
            raise RulesError(
                f"invalid must be one of {INVALID}, not {invalid!r}"
                f"{did_you_mean(str(invalid), INVALID)}"
            )
        if render_mode not in (None, "ansi"):
            raise RulesError(f"render_mode must be None or 'ansi', not {render_mode!r}")
        self.specs = opponent_specs(opponents, players)
        self.players, self.advanced, self.reward_mode = players, advanced, reward
        self.seat_option, self.invalid, self.render_mode = seat, invalid, render_mode
        self.codec = ActionCodec(self.content)
        self.encoder = ObservationEncoder(self.content, players)
        self.observation_space = spaces.Box(
            self.encoder.low, self.encoder.high, (self.encoder.size,), np.float32
        )
        self.action_space: spaces.Discrete = spaces.Discrete(len(self.codec))
        self.reward_range = _reward_range(reward, players)
        self._first_seed = seed
        self.game: Game | None = None
        self.seat = 0 if seat == "random" else int(seat)
        self.bots: dict[int, Bot] = {}
        self._mask = np.zeros(len(self.codec), dtype=np.int8)
        self._prestige = 0

    # ------------------------------------------------------------ Gymnasium's API
    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[np.ndarray, dict[str, Any]]:
        """Deal a new game and play the opponents up to the learning seat's first decision."""
        if seed is None and self._first_seed is not None:
            seed, self._first_seed = self._first_seed, None  # the first reset only
        super().reset(seed=seed)
        rng = self.np_random
        game_seed = int(rng.integers(2**31))
        if self.seat_option == "random":
            self.seat = int(rng.integers(self.players))
        others = [s for s in range(self.players) if s != self.seat]
        self.bots = {
            s: make_bot(spec, int(rng.integers(2**31)))
            for s, spec in zip(others, self.specs, strict=True)
        }
        self.game = new_game(self.players, game_seed, self.advanced, self.content, log=False)
        self._prestige = prestige_of(self.game, self.seat)
        self._play_opponents()
        return self._observe(), self._info()

    def step(
        self, action: int | np.integer[Any]
    ) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        """Play the learning seat's action, then the opponents' up to its next decision.

        Raises:
            IllegalActionError: With ``invalid="raise"``, the mask forbids ``action``
                (the game is unchanged).
            RulesError: Before ``reset()``, or after the episode ended.
        """
        game = self.game
        if game is None or game.is_over:
            raise RulesError("call reset() before step() (and after an episode ends)")
        number = int(action)
        if not (0 <= number < len(self.codec) and self._mask[number]):
            if self.invalid == "raise":
                raise IllegalActionError(
                    f"action {action!r} is not legal for seat {self.seat} now"
                    " (see info['action_mask']); the game is unchanged"
                )
            return self._lose()
        game.apply(self.codec.actions[number])
        self._play_opponents()
        reward = self._reward()
        if game.is_over:
            result = game.result()
            info = self._info()
            info.update(prestige=result.prestige[self.seat], winners=list(result.winners))
            return self._observe(), reward, not result.truncated, result.truncated, info
        return self._observe(), reward, False, False, self._info()

    def action_masks(self) -> np.ndarray:
        """The legal actions of the learning seat now, as booleans (maskable PPO's convention)."""
        return self._mask.astype(bool)

    def render(self) -> str | None:
        """The game as text (``render_mode="ansi"``)."""
        if self.render_mode != "ansi" or self.game is None:
            return None
        return render_text(self.game)

    # ------------------------------------------------------------ the inside
    def _play_opponents(self) -> None:
        """Let the bots play until the learning seat must decide or the game ends."""
        game = self.game
        assert game is not None
        seat, bots = self.seat, self.bots
        while not game.is_over and game.current_player != seat:
            game.apply(bots[game.current_player].choose(game))
        self._mask.fill(0)
        if not game.is_over:
            self.codec.mask(game.legal_actions(), self._mask)

    def _observe(self) -> np.ndarray:
        assert self.game is not None
        return self.encoder.encode(self.game, self.seat)

    def _info(self) -> dict[str, Any]:
        return {"action_mask": self._mask.copy(), "seat": self.seat}

    def _reward(self) -> float:
        game = self.game
        assert game is not None
        if self.reward_mode == "prestige_delta":
            now = (
                game.result().prestige[self.seat] if game.is_over else prestige_of(game, self.seat)
            )
            delta, self._prestige = now - self._prestige, now
            return float(delta)
        if not game.is_over:
            return 0.0
        return float(final_rewards(game.result(), self.reward_mode)[self.seat])

    def _lose(self) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        """End the episode for an action the mask forbids (``invalid="lose"``)."""
        self.game = None
        self._mask.fill(0)
        obs = np.zeros(self.encoder.size, dtype=np.float32)
        return obs, -1.0, True, False, {**self._info(), "invalid": True}


def opponent_specs(opponents: str | Sequence[str], players: int) -> list[str]:
    """One checked bot spec per other seat."""
    specs = [opponents] * (players - 1) if isinstance(opponents, str) else list(opponents)
    if len(specs) != players - 1:
        raise RulesError(
            f"opponents needs one bot spec per other seat ({players - 1}), not {len(specs)}:"
            f" {specs!r}"
        )
    for spec in specs:
        make_bot(spec)  # a bad name or option is refused now, with a suggestion
    return [str(spec) for spec in specs]


def _reward_range(reward: str, players: int) -> tuple[float, float]:
    """The least and most one step's reward can be."""
    if reward == "prestige_delta":
        from baldurs_rules.dsl.bounds import MAX_RESOURCE

        return (-float(MAX_RESOURCE), float(MAX_RESOURCE))
    low, high = reward_range(reward, players)
    return (min(low, -1.0), high)  # an invalid action ("lose") gets -1


def single_env(
    players: int = 4,
    seat: int | str = 0,
    opponents: str | Sequence[str] = "random",
    reward: str = "win",
    invalid: str = "raise",
    advanced: bool = False,
    content: Content | None = None,
    seed: int | None = None,
    render_mode: str | None = None,
) -> SingleAgentEnv:
    """A [`SingleAgentEnv`][baldurs_rules.rl.single.SingleAgentEnv] (same arguments)."""
    return SingleAgentEnv(
        players, seat, opponents, reward, invalid, advanced, content, seed, render_mode
    )


if GYM_ID not in gymnasium.registry:
    gymnasium.register(id=GYM_ID, entry_point=f"{__name__}:SingleAgentEnv")
