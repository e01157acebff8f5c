"""baldurs_rules: Builders of Baldur's Gate played from rules kept as data."""

from __future__ import annotations

__version__ = "0.1.0"

from baldurs_rules.actions import Action
from baldurs_rules.content.loader import load_content
from baldurs_rules.content.model import Content
from baldurs_rules.errors import (
    ContentError,
    DslCheckError,
    DslError,
    DslSyntaxError,
    IllegalActionError,
    Location,
    Problem,
    RulesError,
    StateError,
)
from baldurs_rules.game import Game, Result, new_game, replay
from baldurs_rules.scenario import scenario

__all__ = [
    "Action",
    "Content",
    "ContentError",
    "DslCheckError",
    "DslError",
    "DslSyntaxError",
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
