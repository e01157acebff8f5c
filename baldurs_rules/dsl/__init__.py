"""The effect language: parser, AST, checker, renderers and interpreter helpers.

Stages, each in its own module:

* [`parser`][baldurs_rules.dsl.parser] turns text into an AST (the only place a
  Lark tree exists);
* [`ast`][baldurs_rules.dsl.ast] holds the frozen node classes;
* [`checker`][baldurs_rules.dsl.checker] reports every error of meaning at once;
* [`bounds`][baldurs_rules.dsl.bounds] bounds every amount by interval arithmetic;
* [`render`][baldurs_rules.dsl.render] turns an AST into English rules text and
  back into canonical source;
* [`evaluate`][baldurs_rules.dsl.evaluate] compiles expressions and conditions to
  closures over a small read-only query interface.

The parser and renderers are imported on first use (PEP 562), so reading a
cached content, which needs only the AST, never imports the grammar library.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from baldurs_rules.dsl.ast import Cond, Effect, Expr
    from baldurs_rules.dsl.parser import parse_effect, parse_expression
    from baldurs_rules.dsl.render import to_source, to_text

_LAZY = {
    "Cond": "baldurs_rules.dsl.ast",
    "Effect": "baldurs_rules.dsl.ast",
    "Expr": "baldurs_rules.dsl.ast",
    "parse_effect": "baldurs_rules.dsl.parser",
    "parse_expression": "baldurs_rules.dsl.parser",
    "to_source": "baldurs_rules.dsl.render",
    "to_text": "baldurs_rules.dsl.render",
}


def __getattr__(name: str) -> Any:
    """Import the parser and renderers on first use."""
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'baldurs_rules.dsl' has no attribute {name!r}")
    value = getattr(import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_LAZY))


__all__ = ["Cond", "Effect", "Expr", "parse_effect", "parse_expression", "to_source", "to_text"]
