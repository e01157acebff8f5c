"""Reinforcement learning and game frameworks: environments, encodings and adapters.

The one public namespace for learning agents (the extras name what each part needs):

* [`env`][baldurs_rules.rl.pettingzoo.env] / [`raw_env`][baldurs_rules.rl.pettingzoo.raw_env]:
  the PettingZoo AEC environment
  ([`BaldursGateEnv`][baldurs_rules.rl.pettingzoo.BaldursGateEnv]; extra ``rl``);
* [`vector_env`][baldurs_rules.rl.vector.vector_env]: n games stepped together with a batch
  of actions, for rollouts ([`VectorEnv`][baldurs_rules.rl.vector.VectorEnv]; extra ``rl``);
* [`single_env`][baldurs_rules.rl.single.single_env]: one seat learns, bots of the
  registry play the others: a plain Gymnasium environment
  ([`SingleAgentEnv`][baldurs_rules.rl.single.SingleAgentEnv]; extra ``rl``);
* [`single_vector_env`][baldurs_rules.rl.single_vector.single_vector_env]: n single-agent
  games as one Gymnasium ``VectorEnv`` (batched observations and masks, autoreset, bots inside;
  [`SingleAgentVectorEnv`][baldurs_rules.rl.single_vector.SingleAgentVectorEnv]; extra ``rl``);
* [`ActionCodec`][baldurs_rules.rl.action_codec.ActionCodec]: the fixed numbering of every
  action a content can make legal;
* [`ObservationEncoder`][baldurs_rules.rl.observation.ObservationEncoder]: the observation
  vector, written straight from the state;
* [`openspiel`][baldurs_rules.rl.openspiel]: the game registered with OpenSpiel (extra
  ``openspiel``);
* [`common`][baldurs_rules.rl.common]: the checks made at creation and the final rewards.

The names above are imported on first use, so each part needs only its own extra
(``import baldurs_rules.rl.openspiel`` does not need PettingZoo).

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

import importlib as _importlib
import typing as _typing

if _typing.TYPE_CHECKING:
    from baldurs_rules.rl.action_codec import ActionCodec
    from baldurs_rules.rl.observation import ObservationEncoder
    from baldurs_rules.rl.pettingzoo import BaldursGateEnv, env, raw_env
    from baldurs_rules.rl.single import SingleAgentEnv, single_env
    from baldurs_rules.rl.single_vector import SingleAgentVectorEnv, single_vector_env
    from baldurs_rules.rl.vector import Batch, VectorEnv, vector_env

_LAZY = {
    "ActionCodec": "baldurs_rules.rl.action_codec",
    "ObservationEncoder": "baldurs_rules.rl.observation",
    "BaldursGateEnv": "baldurs_rules.rl.pettingzoo",
    "env": "baldurs_rules.rl.pettingzoo",
    "raw_env": "baldurs_rules.rl.pettingzoo",
    "SingleAgentEnv": "baldurs_rules.rl.single",
    "single_env": "baldurs_rules.rl.single",
    "SingleAgentVectorEnv": "baldurs_rules.rl.single_vector",
    "single_vector_env": "baldurs_rules.rl.single_vector",
    "Batch": "baldurs_rules.rl.vector",
    "VectorEnv": "baldurs_rules.rl.vector",
    "vector_env": "baldurs_rules.rl.vector",
}


def __getattr__(name: str) -> _typing.Any:
    """Import a public name on first use (PEP 562): each needs only its own extra."""
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'baldurs_rules.rl' has no attribute {name!r}")
    value = getattr(_importlib.import_module(module), name)
    globals()[name] = value
    return value


__all__ = [
    "ActionCodec",
    "BaldursGateEnv",
    "Batch",
    "ObservationEncoder",
    "SingleAgentEnv",
    "SingleAgentVectorEnv",
    "VectorEnv",
    "env",
    "raw_env",
    "single_env",
    "single_vector_env",
    "vector_env",
]
