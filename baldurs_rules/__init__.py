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

import importlib as _importlib
import sys as _sys
import typing as _typing

from baldurs_rules import _compat
from baldurs_rules._build import VERSION
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

if _typing.TYPE_CHECKING:
    from baldurs_rules._build import BUILD
    from baldurs_rules.content.loader import load_content
    from baldurs_rules.content.model import Content
    from baldurs_rules.game import Game, Result, new_game, replay, scenario
    from baldurs_rules.present.decisions import (
        BuildDecision,
        ChooseDecision,
        Decision,
        DraftDecision,
        FactionDecision,
        IncomeDecision,
        KeepDecision,
        PayDecision,
        SiteDecision,
        TakeDecision,
        TradeDecision,
        TurnDecision,
    )
    from baldurs_rules.present.narration import Line, narrate, narration

__version__ = VERSION

_compat.install(_sys.modules[__name__])  # the import paths of 0.1 that moved (one release)

_DECISIONS = (
    "BuildDecision",
    "ChooseDecision",
    "Decision",
    "DraftDecision",
    "FactionDecision",
    "IncomeDecision",
    "KeepDecision",
    "PayDecision",
    "SiteDecision",
    "TakeDecision",
    "TradeDecision",
    "TurnDecision",
)

_LAZY = {
    **dict.fromkeys(_DECISIONS, "baldurs_rules.present.decisions"),
    "BUILD": "baldurs_rules._build",
    "load_content": "baldurs_rules.content.loader",
    "Content": "baldurs_rules.content.model",
    "Game": "baldurs_rules.game",
    "Result": "baldurs_rules.game",
    "new_game": "baldurs_rules.game",
    "replay": "baldurs_rules.game",
    "scenario": "baldurs_rules.game",
    "Line": "baldurs_rules.present.narration",
    "narrate": "baldurs_rules.present.narration",
    "narration": "baldurs_rules.present.narration",
}


def __getattr__(name: str) -> _typing.Any:
    """Import the heavy parts of the public surface on first use (PEP 562)."""
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'baldurs_rules' has no attribute {name!r}")
    value = getattr(_importlib.import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    """The public names (``__all__``) and the module's own dunders; no helpers, no submodules."""
    dunders = {name for name in globals() if name.startswith("__") and name != "__getattr__"}
    return sorted(set(__all__) | dunders)


__all__ = [
    "BUILD",
    "Action",
    "BuildDecision",
    "ChooseDecision",
    "Content",
    "ContentError",
    "Decision",
    "DraftDecision",
    "DslCheckError",
    "DslError",
    "DslSyntaxError",
    "EngineError",
    "FactionDecision",
    "Game",
    "IllegalActionError",
    "IncomeDecision",
    "KeepDecision",
    "Line",
    "Location",
    "PayDecision",
    "Problem",
    "Result",
    "RulesError",
    "SiteDecision",
    "StateError",
    "TakeDecision",
    "TradeDecision",
    "TurnDecision",
    "__version__",
    "load_content",
    "narrate",
    "narration",
    "new_game",
    "replay",
    "scenario",
]
