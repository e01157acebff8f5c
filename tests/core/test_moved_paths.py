"""The import paths of 0.1 still import the moved modules, warning where they went."""

from __future__ import annotations

import subprocess
import sys

import pytest

from baldurs_rules._compat import MOVED

CODE = """
import importlib, sys, warnings
with warnings.catch_warnings():  # an old parent (adapters) warns for itself
    warnings.simplefilter("ignore")
    importlib.import_module({old!r}.rpartition(".")[0])
warnings.simplefilter("error")
try:
    importlib.import_module({old!r})
except DeprecationWarning as warning:
    print(warning)
warnings.simplefilter("ignore")
old, new = importlib.import_module({old!r}), importlib.import_module({new!r})
print(old is new, sys.modules[{old!r}] is new)
"""


@pytest.mark.parametrize("old", sorted(MOVED))
def test_an_old_path_warns_and_gives_the_module_at_its_new_home(old: str) -> None:
    new = MOVED[old]
    if new.startswith("baldurs_rules.rl.") or new == "baldurs_rules.rl":
        pytest.importorskip("numpy")
    if new.endswith(("pettingzoo", "vector")):
        pytest.importorskip("pettingzoo")
    if new.endswith("openspiel"):
        pytest.importorskip("pyspiel")
    done = subprocess.run(
        [sys.executable, "-c", CODE.format(old=old, new=new)],
        capture_output=True,
        text=True,
        check=True,
    )
    warning, same = done.stdout.splitlines()
    assert warning == f"{old} moved to {new}; the old path goes in the next release"
    assert same == "True True"


def test_importing_an_old_path_leaves_the_public_names_alone() -> None:
    code = (
        "import warnings; warnings.simplefilter('ignore')\n"
        "import baldurs_rules as br, baldurs_rules.narrate\n"
        "from baldurs_rules.narrate import Narrator\n"
        "print(callable(br.narrate), br.narrate.__module__, Narrator.__module__)"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.split() == [
        "True",
        "baldurs_rules.present.narration",
        "baldurs_rules.present.narration",
    ]


def test_a_name_that_never_existed_is_still_not_found() -> None:
    with pytest.raises(ModuleNotFoundError):
        __import__("baldurs_rules.no_such_module")
