"""baldurs_rules: Builders of Baldur's Gate played from rules kept as data.

The public surface, re-exported here (heavy parts are imported on first use,
so ``import baldurs_rules`` and ``bbg --help`` stay fast):

Examples:
    >>> import baldurs_rules as br
    >>> game = br.new_game(players=3, seed=7)
    >>> game.current_player
    0
    >>> br.BUILD in ("compiled (mypyc)", "pure Python")   # which build runs
    True
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

from baldurs_rules.actions import Action
from baldurs_rules.errors import (
    ContentError,
    DslCheckError,
    DslError,
    DslSyntaxError,
    EngineError,
    IllegalActionError,
    Location,
    Problem,
    RulesError,
    StateError,
)

if TYPE_CHECKING:
    from baldurs_rules._build import BUILD
    from baldurs_rules.content.loader import load_content
    from baldurs_rules.content.model import Content
    from baldurs_rules.game import Game, Result, new_game, replay
    from baldurs_rules.scenario import scenario

__version__ = "0.1.0"

_LAZY = {
    "BUILD": "baldurs_rules._build",
    "load_content": "baldurs_rules.content.loader",
    "Content": "baldurs_rules.content.model",
    "Game": "baldurs_rules.game",
    "Result": "baldurs_rules.game",
    "new_game": "baldurs_rules.game",
    "replay": "baldurs_rules.game",
    "scenario": "baldurs_rules.scenario",
}


def __getattr__(name: str) -> Any:
    """Import the heavy parts of the public surface on first use (PEP 562)."""
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'baldurs_rules' has no attribute {name!r}")
    value = getattr(import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_LAZY))


__all__ = [
    "BUILD",
    "Action",
    "Content",
    "ContentError",
    "DslCheckError",
    "DslError",
    "DslSyntaxError",
    "EngineError",
    "Game",
    "IllegalActionError",
    "Location",
    "Problem",
    "Result",
    "RulesError",
    "StateError",
    "__version__",
    "load_content",
    "new_game",
    "replay",
    "scenario",
]
