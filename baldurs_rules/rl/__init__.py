"""Reinforcement learning: a PettingZoo environment and a vector of games.

Install with ``pip install 'baldurs_rules[rl]'``. This is the public RL
namespace; the code lives in [`baldurs_rules.adapters`][]:

* [`env`][baldurs_rules.adapters.pettingzoo.env] /
  [`raw_env`][baldurs_rules.adapters.pettingzoo.raw_env]: the PettingZoo AEC
  environment ([`BaldursGateEnv`][baldurs_rules.adapters.pettingzoo.BaldursGateEnv]);
* [`vector_env`][baldurs_rules.adapters.vector.vector_env]: n games stepped
  together with a batch of actions, for rollouts
  ([`VectorEnv`][baldurs_rules.adapters.vector.VectorEnv]);
* [`ActionCodec`][baldurs_rules.adapters.codec.ActionCodec] and
  [`ObservationEncoder`][baldurs_rules.adapters.observation.ObservationEncoder]:
  the fixed action numbering and the observation vector.

Examples:
    ```python
    from baldurs_rules.rl import env

    e = env(players=4, seed=0)
    e.reset(seed=0)
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, info = e.last()
        action = None if terminated or truncated else int(info["action_mask"].nonzero()[0][0])
        e.step(action)
    ```
"""

from __future__ import annotations

from baldurs_rules.adapters.codec import ActionCodec
from baldurs_rules.adapters.observation import ObservationEncoder
from baldurs_rules.adapters.pettingzoo import BaldursGateEnv, env, raw_env
from baldurs_rules.adapters.vector import Batch, VectorEnv, vector_env

__all__ = [
    "ActionCodec",
    "BaldursGateEnv",
    "Batch",
    "ObservationEncoder",
    "VectorEnv",
    "env",
    "raw_env",
    "vector_env",
]
