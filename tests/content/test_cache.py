"""The disk cache: JSON that cannot run code, keyed by files and code, verified on every read.

Every corruption of an entry must end in a correct load (the entry rebuilt),
never a crash, never code run, and never other rules under the original
fingerprint.
"""

from __future__ import annotations

import hashlib
import json
import os
import pickle
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

import baldurs_rules as br
from baldurs_rules import Content, _build, load_content
from baldurs_rules.content import cache, chain, codec, loader
from baldurs_rules.content.files import default_content_dir
from baldurs_rules.rules.tables import Tables


@pytest.fixture
def cache_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A private disk cache and an empty memory cache."""
    monkeypatch.delenv("BALDURS_RULES_CACHE", raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    monkeypatch.setattr(loader, "_MEMORY", {})
    return tmp_path / "xdg" / "baldurs_rules"


@pytest.fixture(scope="module")
def fresh() -> Content:
    return load_content(cache=False)


def entry(cache_home: Path) -> Path:
    (found,) = cache_home.glob("*.json")
    return found


@pytest.fixture(scope="module")
def good_entry(tmp_path_factory: pytest.TempPathFactory) -> tuple[str, bytes]:
    """The name and bytes of the default content's entry, made once."""
    home = tmp_path_factory.mktemp("xdg")
    with pytest.MonkeyPatch.context() as patch:
        patch.delenv("BALDURS_RULES_CACHE", raising=False)
        patch.setenv("XDG_CACHE_HOME", str(home))
        patch.setattr(loader, "_MEMORY", {})
        load_content()
    (found,) = (home / "baldurs_rules").glob("*.json")
    return found.name, found.read_bytes()


@pytest.fixture
def warm(cache_home: Path, good_entry: tuple[str, bytes]) -> Path:
    """The private cache holding the default content's entry; its path."""
    cache_home.mkdir(parents=True)
    path = cache_home / good_entry[0]
    path.write_bytes(good_entry[1])
    return path


def new_process(monkeypatch: pytest.MonkeyPatch) -> None:
    """Forget the memory cache, as a new process would."""
    monkeypatch.setattr(loader, "_MEMORY", {})


def split(path: Path) -> tuple[dict[str, object], bytes]:
    head, _, body = path.read_bytes().partition(b"\n")
    return json.loads(head), body


def rewrite(path: Path, body: bytes, **header: object) -> None:
    """Write a payload with a header that matches it (what a careful forger would do)."""
    old, _ = split(path)
    new = {**old, "bytes": len(body), "sha256": hashlib.sha256(body).hexdigest(), **header}
    path.write_bytes(json.dumps(new).encode() + b"\n" + body)


def same_rules(a: Content, b: Content) -> bool:
    return (
        a.buildings == b.buildings
        and a.agendas == b.agendas
        and a.hqs == b.hqs
        and a.locations == b.locations
        and a.factions == b.factions
        and a.settings == b.settings
        and a.board == b.board
        and a.past_top == b.past_top
        and a.fingerprint == b.fingerprint
    )


# ------------------------------------------------------------------ a good entry --


def test_an_entry_is_json_with_a_verified_header(cache_home: Path, fresh: Content) -> None:
    load_content()
    path = entry(cache_home)
    header, body = split(path)
    assert header["format"] == cache.FORMAT and header["version"] == cache.VERSION
    assert header["sha256"] == hashlib.sha256(body).hexdigest()
    assert header["bytes"] == len(body)
    assert path.name == f"{header['key']}.json"
    assert json.loads(body)["fingerprint"] == fresh.fingerprint
    assert b"pickle" not in body and not body.startswith(b"\x80")
    assert path.stat().st_size < cache.MAX_ENTRY_BYTES // 10
    assert oct(path.stat().st_mode & 0o777) == "0o600"


def test_the_cached_content_is_the_fresh_content(
    cache_home: Path, fresh: Content, monkeypatch: pytest.MonkeyPatch
) -> None:
    load_content()
    new_process(monkeypatch)
    monkeypatch.setattr(loader, "_load", lambda chain: pytest.fail("should come from disk"))
    cached = load_content()
    assert cached is not fresh
    assert same_rules(cached, fresh)
    assert cached.sources == fresh.sources
    assert [s.location for s in cached.scripts()] == [s.location for s in fresh.scripts()]
    assert [s.source for s in cached.scripts()] == [s.source for s in fresh.scripts()]


def test_shared_scripts_stay_shared_so_effect_numbers_do_not_move(
    cache_home: Path, fresh: Content, monkeypatch: pytest.MonkeyPatch
) -> None:
    load_content()
    new_process(monkeypatch)
    cached = load_content()
    assert sum(h.basic is cached.hq_basic for h in cached.hqs.values()) == sum(
        h.basic is fresh.hq_basic for h in fresh.hqs.values()
    )
    a, b = Tables(fresh), Tables(cached)
    assert len(a.program.nodes) == len(b.program.nodes)
    assert a.program.nodes == b.program.nodes
    nids = [a.nid(s) for s in fresh.scripts(agendas=False)]
    assert nids == [b.nid(s) for s in cached.scripts(agendas=False)]


def test_a_game_from_the_cached_content_plays_like_a_fresh_one(
    cache_home: Path, fresh: Content, monkeypatch: pytest.MonkeyPatch
) -> None:
    load_content()
    new_process(monkeypatch)
    cached = load_content()
    games = [br.new_game(players=3, seed=11, advanced=True, content=c) for c in (fresh, cached)]
    for _ in range(150):
        if games[0].is_over:
            break
        action = games[0].legal_actions()[-1]
        for game in games:
            game.apply(action)
    assert games[0].to_json() == games[1].to_json()


def test_locations_follow_the_current_directory(
    cache_home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An entry written from one directory names the default files openably from another."""
    monkeypatch.chdir(default_content_dir().parent)
    first = load_content().scripts()[0].location
    assert first is not None and not Path(first.file).is_absolute()
    new_process(monkeypatch)
    monkeypatch.chdir(tmp_path)
    where = load_content().scripts()[0].location
    assert where is not None and Path(where.file).is_absolute() and Path(where.file).is_file()
    assert (where.line, where.column) == (first.line, first.column)
    assert len(list(cache_home.glob("*.json"))) == 1  # one entry serves every directory


# ------------------------------------------------------------------ never code --


class _Marker:
    """Unpickling this writes a file: proof that a pickle was loaded."""

    def __init__(self, path: str) -> None:
        self.path = path

    def __reduce__(self) -> tuple[Callable[..., object], tuple[str, str]]:
        return (Path.write_text, (Path(self.path), "pwned"))  # type: ignore[return-value]


def test_a_pickle_in_the_cache_is_never_loaded(
    warm: Path, tmp_path: Path, fresh: Content, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = warm
    marker = tmp_path / "pwned.txt"
    payload = pickle.dumps(_Marker(str(marker)))
    path.with_suffix(".pickle").write_bytes(payload)  # where the old cache kept it
    path.write_bytes(payload)  # and in place of the entry itself
    new_process(monkeypatch)
    content = load_content()
    assert not marker.exists()
    assert same_rules(content, fresh)
    assert split(path)[0]["format"] == cache.FORMAT  # rebuilt
    assert "pickle" not in Path(cache.__file__).read_text("utf-8").replace("a pickle", "")


# ------------------------------------------------------------------ corruptions --


def _truncated(path: Path) -> None:
    path.write_bytes(path.read_bytes()[: path.stat().st_size // 2])


def _body(change: Callable[[bytes], bytes]) -> Callable[[Path], None]:
    def run(path: Path) -> None:
        _, body = split(path)
        rewrite(path, change(body))

    return run


def _header(**fields: object) -> Callable[[Path], None]:
    def run(path: Path) -> None:
        header, body = split(path)
        path.write_bytes(json.dumps({**header, **fields}).encode() + b"\n" + body)

    return run


def _data(change: Callable[[dict[str, object]], None]) -> Callable[[Path], None]:
    def run(path: Path) -> None:
        _, body = split(path)
        data = json.loads(body)
        change(data)
        rewrite(path, json.dumps(data).encode())

    return run


def _replace(value: bytes) -> Callable[[Path], None]:
    return lambda path: path.write_bytes(value)


def _first_tree(data: dict[str, object]) -> list[object]:
    scripts = data["scripts"]
    assert isinstance(scripts, list)
    tree = scripts[0][1]
    assert isinstance(tree, list)
    return tree


def _bad_operator(data: dict[str, object]) -> None:
    """The first script becomes ``1 ** 2``: an operator the evaluator does not know."""
    scripts = data["scripts"]
    assert isinstance(scripts, list)
    two = [["Number", 0, 0, 1], ["Number", 0, 0, 2]]
    scripts[0] = [scripts[0][0], ["Op", 0, 0, "**", *two], *scripts[0][2:]]


CORRUPTIONS: dict[str, Callable[[Path], None]] = {
    "empty": _replace(b""),
    "garbage": _replace(os.urandom(4096)),
    "header only": lambda p: p.write_bytes(p.read_bytes().partition(b"\n")[0]),
    "truncated": _truncated,
    "a flipped byte": lambda p: p.write_bytes(p.read_bytes()[:-10] + b"X" + p.read_bytes()[-9:]),
    "foreign format": _header(format="something else"),
    "old version": _header(version=0),
    "another key": _header(key="0" * 64),
    "wrong length": _header(bytes=1),
    "wrong hash": _header(sha256="0" * 64),
    "not json": _body(lambda b: b"{" + b),
    "nan": _body(
        lambda b: b.replace(b'"pile":', b'"pile":NaN,"x":', 1) if b'"pile":' in b else b"[NaN]"
    ),
    "deep nesting": _body(lambda b: b"[" * 100_000 + b"]" * 100_000),
    "not a mapping": _body(lambda b: b"[1, 2, 3]"),
    "a missing part": _data(lambda d: d.pop("board")),
    "an unknown class": _data(lambda d: _first_tree(d).__setitem__(0, "os.system")),
    "a class from elsewhere": _data(lambda d: _first_tree(d).__setitem__(0, "Content")),
    "a wrong field type": _data(lambda d: d["buildings"][0].__setitem__(3, "3")),  # type: ignore[index]
    "a float cost": _data(lambda d: d["buildings"][0].__setitem__(3, 3.0)),  # type: ignore[index]
    "a bool cost": _data(lambda d: d["buildings"][0].__setitem__(3, True)),  # type: ignore[index]
    "a script out of range": _data(lambda d: d["buildings"][0].__setitem__(4, 10**6)),  # type: ignore[index]
    "an unknown operator": _data(_bad_operator),
    "a moved location": _data(lambda d: d["scripts"][0][2].__setitem__(1, 1)),  # type: ignore[index]
    "a span past its source": _data(lambda d: _first_tree(d).__setitem__(2, 10**6)),
    "another source text": _data(lambda d: d["scripts"][0].__setitem__(0, "gain 9 gold")),  # type: ignore[index]
}


@pytest.mark.parametrize("name", list(CORRUPTIONS))
def test_a_corrupt_entry_is_rebuilt_never_a_crash(
    name: str, warm: Path, fresh: Content, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = warm
    good = path.read_bytes()
    CORRUPTIONS[name](path)
    assert path.read_bytes() != good
    new_process(monkeypatch)
    content = load_content()
    assert same_rules(content, fresh)
    assert path.read_bytes() == good  # deleted and written again


@pytest.mark.parametrize("kind", ["directory", "fifo", "symlink", "huge"])
def test_an_entry_that_is_not_a_regular_file(
    kind: str, warm: Path, tmp_path: Path, fresh: Content, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = warm
    path.unlink()
    if kind == "directory":
        path.mkdir()
    elif kind == "fifo":
        os.mkfifo(path)
    elif kind == "symlink":
        target = tmp_path / "elsewhere.json"
        shutil.copy(default_content_dir() / "game.yaml", target)
        path.symlink_to(target)
    else:
        with open(path, "wb") as handle:
            handle.truncate(cache.MAX_ENTRY_BYTES + 1)
    new_process(monkeypatch)
    assert same_rules(load_content(), fresh)
    if kind == "symlink":
        assert (tmp_path / "elsewhere.json").read_bytes() == (
            default_content_dir() / "game.yaml"
        ).read_bytes()  # the link is removed, what it pointed to untouched


def test_foreign_files_in_the_cache_directory_are_left_alone(
    cache_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    load_content()
    notes = cache_home / "notes.txt"
    notes.write_text("mine", "utf-8")
    other = cache_home / "other.json"
    other.write_text("{}", "utf-8")
    new_process(monkeypatch)
    load_content()
    assert notes.read_text("utf-8") == "mine" and other.read_text("utf-8") == "{}"


def test_an_unwritable_cache_directory_costs_nothing_but_time(
    cache_home: Path, fresh: Content
) -> None:
    cache_home.parent.mkdir(parents=True)
    cache_home.write_text("a file where the directory should be", "utf-8")
    assert same_rules(load_content(), fresh)


# ------------------------------------------------------------------ never other rules --


def test_changed_rules_are_never_served_under_the_original_fingerprint(
    warm: Path, fresh: Content, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = warm
    _, body = split(path)
    data = json.loads(body)
    data["buildings"][0][3] = 0  # a free first building
    rewrite(path, json.dumps(data).encode())  # header hash made to match
    new_process(monkeypatch)
    served = load_content()
    assert same_rules(served, fresh)  # the fingerprint no longer matched: rebuilt


def test_a_forged_fingerprint_cannot_pass_for_the_original(
    warm: Path, fresh: Content, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Even a forger who recomputes the fingerprint only gets other rules under another
    fingerprint: records and saves of the original content refuse them."""
    record = br.new_game(players=2, seed=1, content=fresh).record()
    path = warm
    _, body = split(path)
    data = json.loads(body)
    data["buildings"][0][3] = 0
    tampered = codec.decode(data, cache._files(chain.read_chain(default_content_dir())))
    data["fingerprint"] = codec.fingerprint(tampered)
    rewrite(path, json.dumps(data).encode())
    new_process(monkeypatch)
    served = load_content()
    assert next(iter(served.buildings.values())).cost == 0
    assert served.fingerprint != fresh.fingerprint
    with pytest.raises(br.RulesError):
        br.replay(record, content=served)


# ------------------------------------------------------------------ the key --


def test_the_key_changes_with_the_library_code(
    cache_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    load_content()
    new_process(monkeypatch)
    monkeypatch.setattr(cache, "code_fingerprint", lambda: "another build")
    load_content()
    assert len(list(cache_home.glob("*.json"))) == 2


def test_the_code_fingerprint_hashes_every_module_and_the_build(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    package = tmp_path / "baldurs_rules"
    shutil.copytree(
        Path(cache.__file__).resolve().parent.parent,
        package,
        ignore=shutil.ignore_patterns("__pycache__"),
    )
    monkeypatch.setattr(cache, "_PACKAGE", package)

    def fingerprint() -> str:  # both are read once per process: forget them
        cache.code_fingerprint.cache_clear()
        _build.package_files.cache_clear()
        return cache.code_fingerprint()

    try:
        before = fingerprint()
        module = package / "rules" / "core.py"
        module.write_text(module.read_text("utf-8") + "\n# a changed rule\n", "utf-8")
        edited = fingerprint()
        (package / "rules" / "_speedups.cpython-311-x86_64-linux-gnu.so").write_bytes(b"\x7fELF")
        compiled = fingerprint()
        monkeypatch.setattr(cache, "VERSION", cache.VERSION + 1)
        newer = fingerprint()
    finally:
        cache.code_fingerprint.cache_clear()
        _build.package_files.cache_clear()
    assert len({before, edited, compiled, newer}) == 4


def test_the_key_changes_with_any_content_byte(
    cache_home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    copy = tmp_path / "copy"
    shutil.copytree(default_content_dir(), copy)
    first = cache.key(chain.read_chain(copy))
    file = copy / "gates.yaml"
    file.write_text(file.read_text("utf-8") + "# a comment\n", "utf-8")
    assert cache.key(chain.read_chain(copy)) != first
    assert load_content(copy).fingerprint == load_content(cache=False).fingerprint


def test_content_with_an_unreadable_file_is_never_cached(cache_home: Path, tmp_path: Path) -> None:
    copy = tmp_path / "copy"
    shutil.copytree(default_content_dir(), copy)
    (copy / "gates.yaml").unlink()
    (copy / "gates.yaml").symlink_to("/etc/hostname")
    assert cache.key(chain.read_chain(copy)) is None
    with pytest.raises(br.ContentError):
        load_content(copy)
    assert not cache_home.exists()


# ------------------------------------------------------------------ fast start --


def test_a_warm_start_imports_no_yaml_schema_or_grammar_library(tmp_path: Path) -> None:
    env = {**os.environ, "XDG_CACHE_HOME": str(tmp_path / "xdg")}
    env.pop("BALDURS_RULES_CACHE", None)
    script = (
        "import sys, baldurs_rules as br\n"
        "content = br.load_content()\n"
        "heavy = {'ruamel', 'jsonschema', 'lark', 'referencing'}\n"
        "print(sorted({m.split('.')[0] for m in sys.modules} & heavy))\n"
        "print('baldurs_rules.content.assemble' in sys.modules, content.fingerprint)\n"
    )
    run = [sys.executable, "-c", script]
    cold = subprocess.run(run, env=env, capture_output=True, text=True, check=True).stdout
    warm = subprocess.run(run, env=env, capture_output=True, text=True, check=True).stdout
    fingerprint = load_content(cache=False).fingerprint
    assert cold.split("\n")[1] == f"True {fingerprint}"
    assert cold.split("\n")[0] != "[]"
    assert warm.split("\n") == ["[]", f"False {fingerprint}", ""]
