"""Content files: only regular files inside their own directory, size-limited, named openably.

Every case builds a mod (or a copy of the default content) in a temporary
directory with one hostile entry, loads it, and checks the located error.
"""

from __future__ import annotations

import os
import shutil
import time
from pathlib import Path

import pytest
from content_support import problems_of

from baldurs_rules import ContentError, Problem, load_content
from baldurs_rules.content import chain, files
from baldurs_rules.content.files import (
    MAX_BYTES,
    default_content_dir,
    directory_problem,
    display_name,
    read_content_file,
)

OUTSIDE = "file is a symbolic link to a file outside its content directory; copy the file into the directory instead"  # noqa: E501


@pytest.fixture(autouse=True)
def no_disk_cache(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BALDURS_RULES_CACHE", "0")


def a_mod(tmp_path: Path, manifest: str = "name: Hostile\n") -> Path:
    mod = tmp_path / "mod"
    mod.mkdir()
    (mod / "mod.yaml").write_text(manifest, "utf-8")
    return mod


def located(problems: list[Problem]) -> list[tuple[str, int, int, str]]:
    return [
        (p.location.file, p.location.line, p.location.column, p.message)
        for p in problems
        if p.location is not None
    ]


# ------------------------------------------------------------ symbolic links --


def test_a_link_to_proc_self_environ_is_refused_and_nothing_is_shown(tmp_path: Path) -> None:
    """The issue's example: a mod's game.yaml linked to /proc/self/environ."""
    os.environ["BALDURS_SECRET_FOR_TEST"] = "do-not-print-me"
    try:
        mod = a_mod(tmp_path)
        (mod / "game.yaml").symlink_to("/proc/self/environ")
        problems = problems_of(mod)
        text = "\n".join(str(p) for p in problems)
    finally:
        del os.environ["BALDURS_SECRET_FOR_TEST"]
    assert located(problems) == [(str(mod / "game.yaml"), 1, 1, OUTSIDE)]
    assert "do-not-print-me" not in text
    assert "PATH=" not in text
    assert problems[-1].message.startswith("note: game.yaml could not be used")


def test_a_link_to_a_file_outside_is_refused(tmp_path: Path) -> None:
    outside = tmp_path / "elsewhere.yaml"
    shutil.copy(default_content_dir() / "gates.yaml", outside)
    mod = a_mod(tmp_path)
    (mod / "gates.yaml").symlink_to(outside)
    assert located(problems_of(mod)) == [(str(mod / "gates.yaml"), 1, 1, OUTSIDE)]


def test_a_link_inside_the_directory_is_fine(tmp_path: Path) -> None:
    mod = a_mod(tmp_path)
    (mod / "cards").mkdir()
    shutil.copy(default_content_dir() / "gates.yaml", mod / "cards" / "gates.yaml")
    (mod / "gates.yaml").symlink_to(Path("cards") / "gates.yaml")
    assert load_content(mod, cache=False).gates.keys() == load_content(cache=False).gates.keys()


def test_a_link_out_through_dotdot_is_refused(tmp_path: Path) -> None:
    mod = a_mod(tmp_path)
    (tmp_path / "gates.yaml").write_text("gates: []\n", "utf-8")
    (mod / "gates.yaml").symlink_to(Path("..") / "gates.yaml")
    assert located(problems_of(mod)) == [(str(mod / "gates.yaml"), 1, 1, OUTSIDE)]


def test_a_broken_link_and_a_link_loop(tmp_path: Path) -> None:
    mod = a_mod(tmp_path)
    (mod / "gates.yaml").symlink_to("nowhere.yaml")
    (mod / "hqs.yaml").symlink_to("hqs.yaml")
    message = "file is a broken symbolic link (or a link loop)"
    assert located(problems_of(mod)) == [
        (str(mod / "gates.yaml"), 1, 1, message),
        (str(mod / "hqs.yaml"), 1, 1, message),
    ]


def test_a_symlink_loop_in_extends_is_a_located_error(tmp_path: Path) -> None:
    mod = a_mod(tmp_path, "name: Loop\nextends: one\n")
    (mod / "one").symlink_to("two")
    (mod / "two").symlink_to("one")
    assert located(problems_of(mod)) == [
        (str(mod / "mod.yaml"), 2, 10, "mod extends 'one', which is a symbolic link loop")
    ]


def test_extends_into_proc_is_refused(tmp_path: Path) -> None:
    mod = a_mod(tmp_path, "name: Proc\nextends: /proc/self\n")
    assert located(problems_of(mod)) == [
        (
            str(mod / "mod.yaml"),
            2,
            10,
            "mod extends '/proc/self', which is inside /proc, whose files are not files",
        )
    ]


def test_content_inside_proc_is_refused() -> None:
    with pytest.raises(ContentError) as info:
        load_content("/proc/self", cache=False)
    assert located(list(info.value.problems)) == [
        ("/proc/self", 1, 1, "content directory inside /proc, whose files are not files")
    ]


def test_too_many_stacked_mods(tmp_path: Path) -> None:
    """MAX_LAYERS directories at most: the default content and MAX_LAYERS - 1 mods."""
    for i in range(chain.MAX_LAYERS):
        layer = tmp_path / f"m{i}"
        layer.mkdir()
        base = "default" if i == 0 else f"../m{i - 1}"
        (layer / "mod.yaml").write_text(f"name: M{i}\nextends: {base}\n", "utf-8")
    top = tmp_path / f"m{chain.MAX_LAYERS - 1}"
    ((file, line, column, message),) = located(problems_of(top))
    assert Path(file).resolve() == (tmp_path / "m0" / "mod.yaml").resolve()
    assert (line, column) == (2, 10)
    assert message == (
        f"mod extends 'default': at most {chain.MAX_LAYERS} directories may be stacked"
    )
    below = load_content(tmp_path / f"m{chain.MAX_LAYERS - 2}", cache=False)
    assert len(below.sources) == chain.MAX_LAYERS


# ------------------------------------------------------------ not regular files --


def test_a_fifo_is_refused_without_blocking(tmp_path: Path) -> None:
    mod = a_mod(tmp_path)
    os.mkfifo(mod / "gates.yaml")
    assert located(problems_of(mod)) == [
        (
            str(mod / "gates.yaml"),
            1,
            1,
            "a FIFO (named pipe) is not a content file; it must be a regular file",
        )
    ]


def test_a_directory_is_refused(tmp_path: Path) -> None:
    mod = a_mod(tmp_path)
    (mod / "gates.yaml").mkdir()
    assert located(problems_of(mod)) == [
        (
            str(mod / "gates.yaml"),
            1,
            1,
            "a directory is not a content file; it must be a regular file",
        )
    ]


def test_a_device_is_refused(tmp_path: Path) -> None:
    """A device inside the tree (here bound by a link to /dev/zero, outside it) is never read."""
    mod = a_mod(tmp_path)
    (mod / "gates.yaml").symlink_to("/dev/zero")
    assert located(problems_of(mod)) == [(str(mod / "gates.yaml"), 1, 1, OUTSIDE)]
    with pytest.raises(ContentError) as info:
        read_content_file(Path("/dev"), "zero")
    assert info.value.message == "content directory inside /dev, whose files are not files"


# ------------------------------------------------------------------ sizes --


def test_a_1_gb_sparse_file_is_refused_without_reading_it(tmp_path: Path) -> None:
    mod = a_mod(tmp_path)
    with open(mod / "gates.yaml", "wb") as handle:
        handle.truncate(1 << 30)
    start = time.perf_counter()
    problems = problems_of(mod)
    elapsed = time.perf_counter() - start
    assert located(problems) == [
        (str(mod / "gates.yaml"), 1, 1, f"file is larger than {MAX_BYTES} bytes")
    ]
    assert elapsed < 10.0  # nothing is read: the whole load takes what the default takes


def test_reading_stops_at_the_limit_whatever_the_size_says(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A file that grows after the check (or lies about its size) is read no further."""
    file = tmp_path / "gates.yaml"
    file.write_bytes(b"x" * 50)
    monkeypatch.setattr(files, "MAX_BYTES", 100)
    real_read = os.read
    reads: list[int] = []

    def growing_read(fd: int, size: int) -> bytes:
        reads.append(size)
        return b"y" * size  # an endless file

    monkeypatch.setattr(os, "read", growing_read)
    with pytest.raises(ContentError) as info:
        read_content_file(tmp_path, "gates.yaml")
    monkeypatch.setattr(os, "read", real_read)
    assert info.value.message == "file is larger than 100 bytes"
    assert sum(reads) == 101


def test_the_default_files_are_far_below_the_limits() -> None:
    sizes = [p.stat().st_size for p in default_content_dir().glob("*.yaml")]
    assert max(sizes) * 20 < MAX_BYTES


# ------------------------------------------------------------------ names --


def test_display_name_is_relative_under_the_current_directory(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    assert display_name(tmp_path / "a" / "b.yaml") == os.path.join("a", "b.yaml")
    assert display_name(Path("/elsewhere/b.yaml")) == "/elsewhere/b.yaml"


def test_default_content_locations_can_be_opened_from_anywhere(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Problems in the installed default content name a file the user can open."""
    mod = a_mod(tmp_path, "name: No thieves\nremove:\n  factions: [thieves_guild]\n")
    elsewhere = tmp_path / "work"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    problems = located(problems_of(mod))
    assert problems
    for file, line, _column, message in problems:
        assert Path(file).is_absolute()
        assert Path(file).is_file()
        assert Path(file).parent == default_content_dir()
        assert message.startswith("unknown faction 'thieves_guild'")
        assert line >= 1


def test_default_content_locations_are_relative_when_under_the_cwd(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    mod = a_mod(tmp_path, "name: No thieves\nremove:\n  factions: [thieves_guild]\n")
    monkeypatch.chdir(default_content_dir().parent)
    for file, *_ in located(problems_of(mod)):
        assert not Path(file).is_absolute()
        assert Path(file).is_file()
        assert Path(file).parts[0] == default_content_dir().name


def test_default_content_dir_is_public() -> None:
    from baldurs_rules.content import default_content_dir as public

    assert public() == default_content_dir()
    assert (public() / "game.yaml").is_file()


def test_directory_problem_reasons(tmp_path: Path) -> None:
    (tmp_path / "loop").symlink_to("loop")
    (tmp_path / "file").write_text("x", "utf-8")
    assert directory_problem(tmp_path) == (tmp_path.resolve(), "")
    assert directory_problem(tmp_path / "loop") == (None, "a symbolic link loop")
    assert directory_problem(tmp_path / "file") == (None, "not found")
    assert directory_problem(tmp_path / "none") == (None, "not found")
    assert directory_problem(Path("/sys")) == (None, "inside /sys, whose files are not files")
