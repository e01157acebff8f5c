"""baldurs_rules: Builders of Baldur's Gate played from rules kept as data."""

from __future__ import annotations

__version__ = "0.1.0"

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

__all__ = [
    "Content",
    "ContentError",
    "DslCheckError",
    "DslError",
    "DslSyntaxError",
    "IllegalActionError",
    "Location",
    "Problem",
    "RulesError",
    "StateError",
    "__version__",
    "load_content",
]
