"""A PettingZoo AEC environment of Builders of Baldur's Gate.

Agents are ``player_0`` .. ``player_{n-1}`` (seat order); the agent to act is the
seat of the pending decision. An observation is a float32 vector (a Gymnasium
``Box``) written straight from the state by the
[`ObservationEncoder`][baldurs_rules.rl.observation.ObservationEncoder]:
only what ``game.view(seat)`` shows. The action mask is in
``infos[agent]["action_mask"]`` (PettingZoo's place for it when observations are
arrays) and from [`action_mask`][baldurs_rules.rl.pettingzoo.BaldursGateEnv.action_mask].
Actions are the integers of the content's
[`ActionCodec`][baldurs_rules.rl.action_codec.ActionCodec].

Rewards come at the end (see [`final_rewards`][baldurs_rules.rl.common.final_rewards]),
or after every step with ``reward="prestige_delta"``.
A game ended by the turn limit (RULES B19) is reported as a truncation, any other
end as a termination.

Examples:
    >>> e = env(players=2, seed=0)
    >>> e.reset(seed=0)
    >>> for agent in e.agent_iter():
    ...     obs, reward, terminated, truncated, info = e.last()
    ...     legal = info["action_mask"].nonzero()[0]
    ...     e.step(None if terminated or truncated else int(legal[0]))
    >>> len(e.agents)
    0
"""

from __future__ import annotations

import os
from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from baldurs_rules.actions import Action
from baldurs_rules.content.loader import load_content
from baldurs_rules.content.model import Content
from baldurs_rules.errors import RulesError, did_you_mean
from baldurs_rules.game import Game, new_game
from baldurs_rules.rl.action_codec import ActionCodec
from baldurs_rules.rl.common import (
    STEP_REWARDS,
    check_setup,
    final_rewards,
    prestige_of,
    render_text,
)
from baldurs_rules.rl.observation import ObservationEncoder
from baldurs_rules.rules import Rules

__all__ = ["BaldursGateEnv", "env", "raw_env"]


class BaldursGateEnv(AECEnv):  # type: ignore[misc]
    """The AEC environment (see the module docs).

    Args:
        players: Number of seats (within the content's range).
        advanced: Use the advanced setup.
        content: The content to play (default content if None).
        reward: ``"win"``, ``"prestige"`` (at the end) or ``"prestige_delta"`` (after
            every step, each seat's change of prestige; see
            [`STEP_REWARDS`][baldurs_rules.rl.common.STEP_REWARDS]).
        render_mode: ``"ansi"`` (``render()`` returns text) or ``"human"`` (prints it).
        seed: The game seed of ``reset()`` without a seed (random when None).
        log: Record the game's event log (off by default: faster, and the
            environment never reads it).

    Raises:
        RulesError: An option or the content cannot be played (at creation).
    """

    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": ["ansi", "human"],
        "name": "baldurs_gate_v1",
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
        log: bool = False,
    ) -> None:
        super().__init__()
        self.content = content or load_content()
        check_setup(self.content, players, advanced, reward, STEP_REWARDS)
        if render_mode not in (None, *self.metadata["render_modes"]):
            raise RulesError(f"render_mode must be None, 'ansi' or 'human', not {render_mode!r}")
        self.players, self.advanced, self.reward_mode = players, advanced, reward
        self.render_mode, self.log = render_mode, log
        self.codec = ActionCodec(self.content)
        self.encoder = ObservationEncoder(self.content, players)
        self.possible_agents = [f"player_{i}" for i in range(players)]
        box = spaces.Box(self.encoder.low, self.encoder.high, (self.encoder.size,), np.float32)
        self.observation_spaces = dict.fromkeys(self.possible_agents, box)
        self.action_spaces = dict.fromkeys(self.possible_agents, spaces.Discrete(len(self.codec)))
        self._seed = seed
        self._no_actions = np.zeros(len(self.codec), dtype=np.int8)
        self._no_actions.flags.writeable = False
        self._seat_of = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        self._machine = Rules.of(self.content).machine
        # the legal actions of the pending decision and their numbers (set by _select)
        self._legal: list[Action] = []
        self._numbers: list[int] = []
        self._prestige: list[int] = []  # each seat's prestige at the last step (prestige_delta)
        self.game: Game | None = None

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    # ------------------------------------------------------------ the AEC cycle
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is None:
            seed = self._seed if self._seed is not None else int.from_bytes(os.urandom(4), "little")
        self.game = new_game(self.players, seed, self.advanced, self.content, log=self.log)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self._prestige = [prestige_of(self.game, seat) for seat in range(self.players)]
        self.infos: dict[str, dict[str, Any]] = {
            a: {"action_mask": self._no_actions} for a in self.agents
        }
        self._select()

    def _select(self) -> None:
        """Point at the seat to decide and give it its action mask.

        The legal actions are the engine's cached list (not a copy); their numbers
        are kept so that ``step`` hands the engine the very action it offered.
        """
        assert self.game is not None
        agent = self.possible_agents[self.game.current_player]
        self.agent_selection = agent
        self._legal = self._machine.legal_view(self.game.state)
        self._numbers = self.codec.numbers(self._legal)
        self.infos[agent]["action_mask"] = self.codec.mask_of(self._numbers)

    def observe(self, agent: str) -> np.ndarray:
        """The observation vector of ``agent`` (a new array each call).

        Raises:
            RulesError: Before ``reset()``, or ``agent`` is not one of ``possible_agents``.
        """
        if self.game is None:
            raise RulesError("call reset() before observe()")
        seat = self._seat_of.get(agent, -1)
        if seat < 0:
            raise RulesError(
                f"no agent {agent!r} in this environment"
                f"{did_you_mean(str(agent), self.possible_agents)}"
            )
        return self.encoder.encode(self.game, seat)

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        """Observation, cumulative reward, terminated, truncated and info of the agent to act."""
        agent = self.agent_selection
        return (
            self.observe(agent) if observe else None,
            self._cumulative_rewards[agent],
            self.terminations[agent],
            self.truncations[agent],
            self.infos[agent],
        )

    def action_mask(self, agent: str) -> np.ndarray:
        """1 at the numbers of ``agent``'s legal actions (all 0 unless it is to act)."""
        return np.array(self.infos[agent]["action_mask"], dtype=np.int8)

    def step(self, action: int | None) -> None:
        if self.game is None:
            raise RulesError("call reset() before step()")
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise RulesError(f"{agent} must act: the game is not over")
        self._cumulative_rewards[agent] = 0.0
        self.game.apply(self._action(int(action)))
        self.infos[agent]["action_mask"] = self._no_actions
        if self.game.is_over:
            self._finish()
            self._accumulate_rewards()
        else:
            if self.reward_mode == "prestige_delta":
                self._deltas([prestige_of(self.game, s) for s in range(self.players)])
                self._accumulate_rewards()
            self._select()

    def _deltas(self, now: list[int]) -> None:
        """Set each agent's reward to its change of prestige since the last step."""
        self.rewards = {
            agent: float(now[seat] - self._prestige[seat])
            for seat, agent in enumerate(self.possible_agents)
        }
        self._prestige = now

    def _action(self, number: int) -> Action:
        """The action of ``number``: the engine's own when it is legal, else the codec's."""
        try:
            return self._legal[self._numbers.index(number)]
        except ValueError:
            return self.codec.decode(number)  # not legal: apply says so (decode if out of range)

    def _finish(self) -> None:
        assert self.game is not None
        result = self.game.result()
        if self.reward_mode == "prestige_delta":
            self._deltas(list(result.prestige))
        else:
            values = final_rewards(result, self.reward_mode)
            self.rewards = {a: float(values[i]) for i, a in enumerate(self.possible_agents)}
        ended = self.truncations if result.truncated else self.terminations
        for seat, agent in enumerate(self.possible_agents):
            ended[agent] = True
            self.infos[agent].update(prestige=result.prestige[seat], winners=result.winners)

    def render(self) -> str | None:
        """The game as text (ansi), or printed (human)."""
        if self.game is None:
            return None
        text = render_text(self.game)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        self.game = None


def raw_env(**kwargs: Any) -> BaldursGateEnv:
    """The environment without wrappers.

    Arguments as [`BaldursGateEnv`][baldurs_rules.rl.pettingzoo.BaldursGateEnv].
    """
    return BaldursGateEnv(**kwargs)


def env(**kwargs: Any) -> AECEnv:
    """The environment with PettingZoo's standard safety wrappers.

    ``TerminateIllegalWrapper`` (an illegal action ends the game with reward -1
    for the agent that played it), ``AssertOutOfBoundsWrapper`` and
    ``OrderEnforcingWrapper``; arguments as
    [`BaldursGateEnv`][baldurs_rules.rl.pettingzoo.BaldursGateEnv].
    """
    from pettingzoo.utils import wrappers

    environment: AECEnv = raw_env(**kwargs)
    environment = wrappers.TerminateIllegalWrapper(environment, illegal_reward=-1)
    environment = wrappers.AssertOutOfBoundsWrapper(environment)
    return wrappers.OrderEnforcingWrapper(environment)
