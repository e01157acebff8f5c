"""The ``baldurs_rules`` namespace: only public names, each importable, imported lazily."""

from __future__ import annotations

import inspect
import subprocess
import sys

import baldurs_rules as br


def test_dir_shows_only_public_names() -> None:
    names = dir(br)
    for helper in ("Any", "TYPE_CHECKING", "annotations", "import_module", "_LAZY", "_typing"):
        assert helper not in names
    public = [n for n in names if not n.startswith("__")]
    assert public == sorted(br.__all__ and [n for n in br.__all__ if not n.startswith("__")])


def test_every_public_name_resolves() -> None:
    for name in br.__all__:
        assert getattr(br, name) is not None
    assert all(not name.startswith("_") or name == "__version__" for name in br.__all__)


def test_the_frontend_api_is_exported() -> None:
    assert inspect.isfunction(br.narrate) and inspect.isfunction(br.narration)
    import baldurs_rules.present.narration  # noqa: F401  (the module of that name must not shadow it)

    assert inspect.isfunction(br.narrate)
    assert issubclass(br.TurnDecision, br.Decision) and issubclass(br.EngineError, br.RulesError)
    assert {"Decision", "TradeDecision", "KeepDecision", "Line", "EngineError"} <= set(br.__all__)


def test_unknown_attribute_is_an_attribute_error() -> None:
    try:
        br.no_such_name  # type: ignore[attr-defined]  # noqa: B018
    except AttributeError as error:
        assert "no_such_name" in str(error)
    else:
        raise AssertionError("no error")


def test_importing_the_package_does_not_load_the_engine() -> None:
    code = "import sys, baldurs_rules; print('baldurs_rules.game' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_importing_a_submodule_first_never_hides_a_public_name() -> None:
    """A lazily exported name must not be the name of a submodule: importing that
    submodule would set the package attribute to the module, and ``br.NAME`` would
    then be the module instead of the function (it happened with ``scenario``)."""
    import pkgutil

    from baldurs_rules import _compat

    submodules = {info.name for info in pkgutil.iter_modules(br.__path__)}
    assert not submodules & set(br._LAZY), submodules & set(br._LAZY)  # eager names are safe
    old = {name.split(".")[1] for name in _compat.MOVED if name.count(".") == 1}
    assert old & set(br._LAZY) == _compat.SHADOWED  # guarded: see _compat._Package
    code = (
        "import warnings; warnings.simplefilter('ignore');"
        "import baldurs_rules.scenarios, baldurs_rules.present.narration, baldurs_rules as br;"
        "import baldurs_rules.narrate;"
        " print(callable(br.scenario), callable(br.new_game), callable(br.narrate))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["True", "True", "True"]
