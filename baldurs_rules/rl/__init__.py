"""A PettingZoo AEC environment of Builders of Baldur's Gate.

Install with ``pip install 'baldurs_rules[rl]'``. Agents are ``player_0`` ..
``player_{n-1}`` (seat order); the agent to act is the seat of the pending
decision. Observations are dicts ``{"observation": float32 vector,
"action_mask": int8 vector}`` built from ``game.view(seat)`` only. Actions are
integers of the fixed [`ActionCodec`][baldurs_rules.rl.encoding.ActionCodec]
numbering of the content.

Rewards come at the end: with ``reward="win"`` (default) a sole winner gets +1
and the others share -1; a shared victory splits +1 among the winners. With
``reward="prestige"`` each seat gets its final prestige minus the mean final
prestige of the others.

Examples:
    ```python
    from baldurs_rules.rl import env

    e = env(players=4, seed=0)
    e.reset(seed=0)
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, info = e.last()
        action = None if terminated or truncated else int(obs["action_mask"].nonzero()[0][0])
        e.step(action)
    ```
"""

from __future__ import annotations

import os
from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from baldurs_rules.content.loader import load_content
from baldurs_rules.content.model import Content
from baldurs_rules.game import Game, new_game
from baldurs_rules.rl.encoding import ActionCodec, ObservationEncoder

__all__ = ["ActionCodec", "BaldursGateEnv", "ObservationEncoder", "env", "raw_env"]

REWARDS = ("win", "prestige")


class BaldursGateEnv(AECEnv):  # type: ignore[misc]
    """The AEC environment (see the module docs)."""

    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": ["ansi", "human"],
        "name": "baldurs_gate_v0",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        players: int = 4,
        advanced: bool = False,
        content: Content | None = None,
        reward: str = "win",
        render_mode: str | None = None,
        seed: int | None = None,
    ) -> None:
        super().__init__()
        if reward not in REWARDS:
            raise ValueError(f"reward must be one of {REWARDS}, not {reward!r}")
        self.content = content or load_content()
        self.players = players
        self.advanced = advanced
        self.reward_mode = reward
        self.render_mode = render_mode
        self.codec = ActionCodec(self.content)
        self.encoder = ObservationEncoder(self.content, players)
        self.possible_agents = [f"player_{i}" for i in range(players)]
        self._obs_space = spaces.Dict(
            {
                "observation": spaces.Box(0.0, 1000.0, (self.encoder.size,), np.float32),
                "action_mask": spaces.Box(0, 1, (len(self.codec),), np.int8),
            }
        )
        self._act_space = spaces.Discrete(len(self.codec))
        self.observation_spaces = dict.fromkeys(self.possible_agents, self._obs_space)
        self.action_spaces = dict.fromkeys(self.possible_agents, self._act_space)
        self._seed = seed
        self.game: Game | None = None

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    # ------------------------------------------------------------ the AEC cycle
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is None:
            seed = self._seed if self._seed is not None else int.from_bytes(os.urandom(4), "little")
        self.game = new_game(self.players, seed, self.advanced, self.content)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self.possible_agents[self.game.current_player]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        assert self.game is not None, "call reset() first"
        seat = self.possible_agents.index(agent)
        view = self.game.view(seat)
        observation = np.clip(self.encoder.encode_view(view), 0.0, 1000.0)
        legal = self.game.legal_actions() if self.game.current_player == seat else []
        return {"observation": observation, "action_mask": self.codec.mask(legal)}

    def step(self, action: int | None) -> None:
        assert self.game is not None, "call reset() first"
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} must act: the game is not over")
        self._cumulative_rewards[agent] = 0.0
        self.game.apply(self.codec.decode(action))
        if self.game.is_over:
            self._finish()
        else:
            self.agent_selection = self.possible_agents[self.game.current_player]
            self.rewards = dict.fromkeys(self.agents, 0.0)
        self._accumulate_rewards()

    def _finish(self) -> None:
        assert self.game is not None
        result = self.game.result()
        n = self.players
        if self.reward_mode == "win":
            winners = set(result.winners)
            losers = n - len(winners)
            values = [
                1.0 / len(winners) if s in winners else (-1.0 / losers if losers else 0.0)
                for s in range(n)
            ]
        else:
            total = sum(result.prestige)
            values = [p - (total - p) / (n - 1) for p in result.prestige]
        self.rewards = {a: float(values[i]) for i, a in enumerate(self.possible_agents)}
        self.terminations = dict.fromkeys(self.agents, True)
        self.infos = {
            a: {"prestige": result.prestige[i], "winners": result.winners}
            for i, a in enumerate(self.possible_agents)
        }

    def render(self) -> str | None:
        """The game as text (ansi), or printed (human)."""
        if self.game is None:
            return None
        text = _text(self.game)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        self.game = None


def _text(game: Game) -> str:
    state, t = game.state, game._rules.t
    lines = [f"turn {state.turn}, phase {state.phase}, seat {game.current_player} to decide"]
    for seat in range(state.players):
        res = ", ".join(f"{v} {r}" for r, v in zip(t.resource_ids, state.res[seat], strict=True))
        lines.append(f"  seat {seat}: {res}; hand {len(state.hand[seat])}")
    return "\n".join(lines)


def raw_env(**kwargs: Any) -> BaldursGateEnv:
    """The environment without wrappers."""
    return BaldursGateEnv(**kwargs)


def env(**kwargs: Any) -> AECEnv:
    """The environment with PettingZoo's standard safety wrappers.

    Args:
        **kwargs: ``players=4``, ``advanced=False``, ``content=None``,
            ``reward="win"`` or ``"prestige"``, ``render_mode``, ``seed``.
    """
    from pettingzoo.utils import wrappers

    environment: AECEnv = raw_env(**kwargs)
    environment = wrappers.TerminateIllegalWrapper(environment, illegal_reward=-1)
    environment = wrappers.AssertOutOfBoundsWrapper(environment)
    return wrappers.OrderEnforcingWrapper(environment)
