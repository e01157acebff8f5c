"""Effect trees flattened into a numbered table, compiled once per content.

Game states refer to effect nodes only by number (``nid``), so a pending
effect is plain data. The numbering is a pre-order walk of the scripts in the
order given, hence the same in every process that loads the same content.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from baldurs_rules.dsl import ast as A
from baldurs_rules.dsl.evaluate import compile_cond, compile_expr

__all__ = ["Program"]

_CONTAINERS = (A.Seq, A.Choose, A.Paid, A.When, A.Repeat, A.Each)


class Program:
    """The effect nodes of a content, numbered, with compiled expressions.

    Attributes:
        nodes: Effect nodes by nid.
        kids: For each nid, the nids of its effect children in order
            (``When``: then, otherwise; ``Paid``/``Repeat``/``Each``: body).
    """

    def __init__(self, trees: Iterable[Any]) -> None:
        self.nodes: list[Any] = []
        self.kids: list[tuple[int, ...]] = []
        self._roots: dict[int, int] = {}
        self._exprs: dict[int, Callable[[Any], int]] = {}
        self._conds: dict[int, Callable[[Any], bool]] = {}
        for tree in trees:
            if id(tree) not in self._roots:
                self._roots[id(tree)] = self._add(tree)

    def _add(self, node: Any) -> int:
        nid = len(self.nodes)
        self.nodes.append(node)
        self.kids.append(())
        children: list[Any] = []
        if isinstance(node, A.Seq):
            children = list(node.steps)
        elif isinstance(node, A.Choose):
            children = list(node.options)
        elif isinstance(node, A.When):
            children = [node.then] + ([node.otherwise] if node.otherwise is not None else [])
        elif isinstance(node, (A.Paid, A.Repeat, A.Each)):
            children = [node.body]
        self.kids[nid] = tuple(self._add(child) for child in children)
        return nid

    def root(self, tree: Any) -> int:
        """The nid of a script's tree (it must have been given to the constructor)."""
        return self._roots[id(tree)]

    def expr(self, node: Any) -> Callable[[Any], int]:
        """The compiled form of an expression node (compiled on first use)."""
        fn = self._exprs.get(id(node))
        if fn is None:
            fn = self._exprs[id(node)] = compile_expr(node)
        return fn

    def cond(self, node: Any) -> Callable[[Any], bool]:
        """The compiled form of a condition node (compiled on first use)."""
        fn = self._conds.get(id(node))
        if fn is None:
            fn = self._conds[id(node)] = compile_cond(node)
        return fn
