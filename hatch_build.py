"""Hatchling build hook: compile the hot path with mypyc, or fall back to pure Python.

A wheel build (``pip install .``, ``pip wheel .``, ``python -m build``) compiles the
modules listed under ``compile`` in ``[tool.hatch.build.targets.wheel.hooks.custom]``
of ``pyproject.toml`` with mypyc and ships the extension modules beside every ``.py``
file (Python imports an extension module before a source file of the same name).
The build never fails because of the compiler: when compiling is not possible or
goes wrong, the hook prints a warning and the wheel is the pure-Python package,
which is the reference and runs everywhere. The wheel records what happened in
``baldurs_rules/_build_note.json``, which ``bbg --version`` reports.

It builds pure Python (without trying) when:

* ``BALDURS_RULES_PURE=1`` is set;
* the install is editable (``pip install -e .``);
* the interpreter is not CPython, or no C compiler is found;
* mypyc is not importable in the build environment.

Examples:
    >>> pure_reason("editable", {"BALDURS_RULES_PURE": "1"})
    'BALDURS_RULES_PURE=1 asks for a pure-Python build'
    >>> pure_reason("editable", {})
    'an editable install runs the sources as they are'
"""

from __future__ import annotations

import importlib.util
import json
import os
import platform
import shlex
import shutil
import subprocess
import sys
import sysconfig
import tempfile
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

PURE_ENV = "BALDURS_RULES_PURE"
"""Set to anything but ``""`` or ``"0"`` to build the pure-Python wheel."""

NOTE = "baldurs_rules/_build_note.json"
"""Where the wheel says how it was built (read by ``baldurs_rules._build``)."""

PACKAGE = "baldurs_rules"

# Run by a fresh interpreter inside the scratch copy, so setuptools never reads
# our pyproject.toml (whose PEP 639 licence string older setuptools refuses).
_SETUP = """
import json, sys
from mypyc.build import mypycify
from setuptools import setup
job = json.loads(sys.argv[1])
setup(
    name="baldurs_rules_mypyc",
    ext_modules=mypycify(job["mypy_args"] + job["modules"], opt_level=job["opt_level"]),
    script_args=["build_ext", "--inplace", "--parallel", str(job["jobs"])],
)
"""


class CompileError(Exception):
    """mypyc or the C compiler failed; the message ends with their last lines."""


def pure_reason(version: str, environ: Mapping[str, str]) -> str | None:
    """Why this build cannot or should not be compiled, or None to try compiling.

    Args:
        version: The hatchling build version (``"standard"`` or ``"editable"``).
        environ: The environment variables.
    """
    requested = environ.get(PURE_ENV, "")
    if requested not in ("", "0"):
        return f"{PURE_ENV}={requested} asks for a pure-Python build"
    if version == "editable":
        return "an editable install runs the sources as they are"
    if platform.python_implementation() != "CPython":
        return f"mypyc compiles for CPython, not {platform.python_implementation()}"
    if os.name != "nt" and find_c_compiler(environ) is None:
        return "no C compiler found (set CC to one, or install gcc or clang)"
    return None


def find_c_compiler(environ: Mapping[str, str]) -> str | None:
    """The C compiler setuptools will call (``$CC``, else Python's own), if installed.

    Examples:
        >>> find_c_compiler({"CC": "/nonexistent/cc -O2"}) is None
        True
    """
    command = environ.get("CC") or sysconfig.get_config_var("CC") or "cc"
    words = shlex.split(command)
    return shutil.which(words[0]) if words else None


def compile_modules(
    root: Path, modules: list[str], workdir: Path, mypy_args: list[str]
) -> dict[str, str]:
    """Compile ``modules`` (paths under ``root``) with mypyc in a copy of the package.

    Returns:
        The built extension files, each mapped to its path inside the wheel.

    Raises:
        CompileError: mypyc or the C compiler failed, or an extension is missing.
    """
    shutil.copytree(
        root / PACKAGE, workdir / PACKAGE, ignore=shutil.ignore_patterns("__pycache__", "*.so")
    )
    job = {
        "mypy_args": [*mypy_args, "--cache-dir", str(workdir / ".mypy_cache")],
        "modules": modules,
        "opt_level": "3",
        "jobs": os.cpu_count() or 1,
    }
    run = subprocess.run(
        [sys.executable, "-c", _SETUP, json.dumps(job)],
        cwd=workdir,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        check=False,
    )
    if run.returncode != 0:
        tail = "\n".join(run.stdout.strip().splitlines()[-25:])
        raise CompileError(f"mypyc exited with status {run.returncode}:\n{tail}")
    return built_extensions(workdir, modules)


def built_extensions(workdir: Path, modules: list[str]) -> dict[str, str]:
    """Find the extension of every module, and mypyc's shared library, in ``workdir``.

    Raises:
        CompileError: A module has no extension file.
    """
    suffix = sysconfig.get_config_var("EXT_SUFFIX") or ".so"
    built: dict[str, str] = {}
    for module in modules:
        extension = (workdir / module).with_suffix("").with_name(Path(module).stem + suffix)
        if not extension.is_file():
            raise CompileError(f"mypyc left no extension for {module} ({extension.name})")
        built[str(extension)] = extension.relative_to(workdir).as_posix()
    # the library shared by the group: at the top, or in the package for a single module
    for shared in workdir.rglob(f"*__mypyc{suffix}"):
        if (workdir / "build") not in shared.parents:  # setuptools' own copies
            built[str(shared)] = shared.relative_to(workdir).as_posix()
    return built


class MypycBuildHook(BuildHookInterface):  # type: ignore[type-arg]
    """Compile the configured modules into a platform wheel, or leave it pure."""

    PLUGIN_NAME = "custom"

    def dependencies(self) -> list[str]:
        """The build requirements for compiling (none when the build will be pure)."""
        # hatchling cannot tell an editable build here, so only the environment counts
        if pure_reason("standard", os.environ) is not None:
            return []
        return list(self.config.get("compiler-requires", []))

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        """Compile before the wheel is assembled; on any failure, warn and stay pure."""
        if self.target_name != "wheel":
            return
        self._workdir = Path(tempfile.mkdtemp(prefix="baldurs_rules-mypyc-"))
        reason = pure_reason(version, os.environ)
        if reason is None and importlib.util.find_spec("mypyc") is None:
            reason = "mypyc is not installed in the build environment"
        note: dict[str, str] = {"build": "pure", "reason": reason or ""}
        if reason is None:
            note = self._compile(build_data)
        elif version != "editable":
            self.app.display_warning(f"baldurs_rules: building pure Python: {reason}")
        if version != "editable":
            note_file = self._workdir / "_build_note.json"
            note_file.write_text(json.dumps(note) + "\n", encoding="utf-8")
            build_data["force_include"][str(note_file)] = NOTE

    def _compile(self, build_data: dict[str, Any]) -> dict[str, str]:
        """Run mypyc; add the extensions to the wheel and mark it platform-specific."""
        modules = list(self.config.get("compile", []))
        mypy_args = list(self.config.get("mypy-args", []))
        self.app.display_info(f"baldurs_rules: compiling {len(modules)} modules with mypyc")
        try:
            built = compile_modules(Path(self.root), modules, self._workdir, mypy_args)
        except (CompileError, OSError) as error:
            self.app.display_warning(f"baldurs_rules: compiling failed, pure Python: {error}")
            first_line = str(error).splitlines()[0]
            return {"build": "pure", "reason": f"compiling failed: {first_line}"}
        build_data["force_include"].update(built)
        build_data["pure_python"] = False
        build_data["infer_tag"] = True
        from mypy.version import __version__ as mypy_version

        return {"build": "mypyc", "reason": "", "mypy": mypy_version}

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        """Remove the scratch copy once the wheel is written."""
        workdir = getattr(self, "_workdir", None)
        if workdir is not None:
            shutil.rmtree(workdir, ignore_errors=True)
