"""The effect language: parser, AST, checker, renderers and interpreter helpers.

Stages, each in its own module:

* [`parser`][baldurs_rules.dsl.parser] turns text into an AST (the only place a
  Lark tree exists);
* [`ast`][baldurs_rules.dsl.ast] holds the frozen node classes;
* [`checker`][baldurs_rules.dsl.checker] reports every error of meaning at once;
* [`render`][baldurs_rules.dsl.render] turns an AST into English rules text and
  back into canonical source;
* [`evaluate`][baldurs_rules.dsl.evaluate] compiles expressions and conditions to
  closures over a small read-only query interface.
"""

from baldurs_rules.dsl.ast import Cond, Effect, Expr
from baldurs_rules.dsl.parser import parse_effect, parse_expression
from baldurs_rules.dsl.render import to_source, to_text

__all__ = ["Cond", "Effect", "Expr", "parse_effect", "parse_expression", "to_source", "to_text"]
