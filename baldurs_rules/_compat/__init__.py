"""Import paths of release 0.1 that moved, kept for one release with a DeprecationWarning.

Version 0.2 put the package root in floors (see the architecture page): the modules
that show a game to people went to [`present`][baldurs_rules.present], the long runs to
[`runs`][baldurs_rules.runs], the adapters to [`rl`][baldurs_rules.rl]. An old path still
imports the module at its new home (the same module object, so ``isinstance`` and
monkeypatching behave), and says where it went. The aliases go in the next release.

Examples:
    >>> import sys, warnings
    >>> _ = sys.modules.pop("baldurs_rules.narrate", None)  # as if never imported
    >>> with warnings.catch_warnings(record=True) as caught:
    ...     warnings.simplefilter("always")
    ...     from baldurs_rules.narrate import narrate  # the path of release 0.1
    >>> narrate.__module__
    'baldurs_rules.present.narration'
    >>> print(caught[0].message)  # doctest: +ELLIPSIS
    baldurs_rules.narrate moved to baldurs_rules.present.narration; the old path goes in the next...
"""

from __future__ import annotations

import importlib
import importlib.machinery
import sys
import warnings
from collections.abc import Sequence
from types import ModuleType
from typing import TYPE_CHECKING, cast

if TYPE_CHECKING:
    import importlib.abc

__all__ = ["MOVED", "SHADOWED", "install"]

_PATHS = {  # old -> new, below the package (written so no search-and-replace of paths moves them)
    "view": "present.view",
    "decisions": "present.decisions",
    "narrate": "present.narration",
    "narrator": "present.narration",
    "board_text": "present.board_text",
    "render_svg": "present.board_svg",
    "text": "present.card_text",
    "files": "bots.game_file",
    "runner": "runs.parallel",
    "record_file": "runs.record_file",
    "simulate": "runs.simulate",
    "balance": "runs.balance",
    "content_report": "runs.content_report",
    "report_markdown": "runs.content_report.markdown",
    "bots.tournament": "runs.tournament",
    "adapters": "rl",
    "adapters.codec": "rl.action_codec",
    "adapters.common": "rl.common",
    "adapters.observation": "rl.observation",
    "adapters.pettingzoo": "rl.pettingzoo",
    "adapters.vector": "rl.vector",
    "adapters.openspiel": "rl.openspiel",
    "rl.encoding": "rl",
}

MOVED: dict[str, str] = {
    f"baldurs_rules.{old}": f"baldurs_rules.{new}" for old, new in _PATHS.items()
}
"""Each old module path and the module it now names."""


class _Alias:
    """Loads an old path as the module at its new home (the same object): a loader of
    the import system (``create_module``, ``exec_module``; no ``importlib.abc`` needed)."""

    def __init__(self, new: str) -> None:
        self.new = new

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> ModuleType:
        warnings.warn(
            f"{spec.name} moved to {self.new}; the old path goes in the next release",
            DeprecationWarning,
            stacklevel=2,  # the importer's line: warnings skips the import system's frames
        )
        return importlib.import_module(self.new)

    def exec_module(self, module: ModuleType) -> None:
        """Nothing to run: the module at the new home is already imported."""


class _Finder:
    """Finds the old paths of [`MOVED`][baldurs_rules._compat.MOVED], nothing else (a meta
    path finder: ``find_spec``)."""

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        new = MOVED.get(fullname)
        if new is None or new == fullname:
            return None
        # a loader by its methods: importlib.abc would cost a fresh process ~25 ms to import
        return importlib.machinery.ModuleSpec(fullname, cast("importlib.abc.Loader", _Alias(new)))


class _Package(ModuleType):
    """The package root, where an old submodule path that has the name of a public function
    (``baldurs_rules.narrate``) may not replace that function once imported: the import
    system sets the root's attribute to the submodule, which would make ``br.narrate``
    the module. ``from baldurs_rules.narrate import narrate`` works as before."""

    def __setattr__(self, name: str, value: object) -> None:
        if isinstance(value, ModuleType) and name in SHADOWED:
            return
        super().__setattr__(name, value)


SHADOWED: frozenset[str] = frozenset({"narrate"})
"""Old root submodules named like a public function of the root."""


def install(package: ModuleType | None = None) -> None:
    """Put the finder of the old paths first on ``sys.meta_path`` (once).

    First, because an old submodule's file exists under its new package (``adapters.vector``
    is ``rl/vector.py``): the normal finders would load it a second time under the old name.
    It answers only the names of [`MOVED`][baldurs_rules._compat.MOVED]. Given the package
    root, it also keeps the public functions of [`SHADOWED`][baldurs_rules._compat.SHADOWED]
    from being replaced by the old submodule of the same name.
    """
    if not any(isinstance(finder, _Finder) for finder in sys.meta_path):
        sys.meta_path.insert(0, _Finder())
    if package is not None and not isinstance(package, _Package):
        package.__class__ = _Package
