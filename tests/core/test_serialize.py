"""Loading saves and records (`baldurs_rules.serialize`): exactly the states the engine can reach.

Each sample under ``tests/samples/saves/`` is one bad game file and the reason it
must be refused with. A sample says how to make it: a position (``start``: a new game
played at random for ``steps`` actions, then on to the first decision of kind
``until``), saved (``log``) or as a record (``record``), then ``edit``ed with JSON
pointers; or the file's ``text`` itself; or the position's save cut after
``truncate`` characters. The states marked ``loaded before`` in their ``about`` were
accepted by the loader before the invariant kit ran on load, and failed later in play.
"""

from __future__ import annotations

import copy
import importlib
import json
import random
import re
from pathlib import Path
from typing import Any

import pytest
from rules_support import RUNS_COMPILED

import baldurs_rules as br
from baldurs_rules.invariants import check_all
from baldurs_rules.rules import Rules
from baldurs_rules.rules.shapes import action_problem
from baldurs_rules.serialize import MAX_FILE_BYTES, MAX_NOTATION
from baldurs_rules.testing.interrupts import apply_interrupted

SAMPLES = Path(__file__).resolve().parents[1] / "samples" / "saves"
SAMPLE_FILES = sorted(SAMPLES.glob("*.json"))


def position(start: dict[str, Any]) -> br.Game:
    """A reachable position: random legal play for ``steps`` actions, then on to the first
    decision of kind ``until`` (``"over"``: the end) in phase ``phase``."""
    game = br.new_game(start["players"], start["seed"], start.get("advanced", False))
    rng = random.Random(start["seed"])
    until, phase = start.get("until"), start.get("phase")
    for step in range(5000):
        kind = "over" if game.state.decision is None else game.state.decision.kind
        if (
            step >= start.get("steps", 0)
            and until in (None, kind)
            and phase in (None, game.state.phase)
        ):
            return game
        if game.is_over:
            break
        game.apply(rng.choice(game.legal_actions()))
    raise AssertionError(f"no position {start}")


def _keys(data: Any, pointer: str) -> list[str | int]:
    """The keys of a JSON pointer; ``{/other/pointer}`` stands for the value found there."""
    keys: list[str | int] = []
    for part in re.findall(r"\{[^}]*\}|[^/]+", pointer):
        key = str(_at(data, part[1:-1])) if part.startswith("{") else part
        keys.append(int(key) if key.lstrip("-").isdigit() else key)
    return keys


def _at(data: Any, pointer: str) -> Any:
    for key in _keys(data, pointer):
        data = data[key]
    return data


def _value(data: Any, value: Any) -> Any:
    """A value where ``"@/state/offer/0"`` (anywhere in it) stands for the value found there."""
    if isinstance(value, str) and value.startswith("@/"):
        return copy.deepcopy(_at(data, value[1:]))
    if isinstance(value, list):
        return [_value(data, v) for v in value]
    if isinstance(value, dict):
        return {k: _value(data, v) for k, v in value.items()}
    return value


def edit(data: Any, edits: list[list[Any]]) -> Any:
    """Apply ``[op, pointer, value]`` edits: set, add (a number), append, remove, reverse,
    move (pop the item to the end of the list ``value``) and move_all."""
    for op, pointer, *rest in edits:
        *above, last = _keys(data, pointer)
        parent = data
        for key in above:
            parent = parent[key]
        value = _value(data, rest[0]) if rest else None
        if op == "set":
            parent[last] = value
        elif op == "add":
            parent[last] += value
        elif op == "append":
            parent[last].append(value)
        elif op == "remove":
            del parent[last]
        elif op == "reverse":
            parent[last].reverse()
        elif op in ("move", "move_all"):
            target = _at(data, rest[0])
            moved = parent[last] if op == "move_all" else [parent.pop(last)]
            target.extend(moved)
            if op == "move_all":
                parent[last] = []
        else:
            raise AssertionError(f"unknown edit {op!r}")
    return data


def sample_text(sample: dict[str, Any]) -> str:
    """The bad file a sample describes."""
    if "text" in sample:
        return str(sample["text"])
    game = position(sample["start"])
    if "truncate" in sample:
        return game.to_json()[: sample["truncate"]]
    log = sample.get("log", True)
    data = game.record() if sample.get("record") else json.loads(game.to_json(log))
    return json.dumps(edit(data, sample.get("edit", [])))


# ---------------------------------------------------------------- the samples


@pytest.mark.parametrize("path", SAMPLE_FILES, ids=lambda p: p.stem)
def test_a_bad_sample_is_refused_with_its_reason(path: Path) -> None:
    sample = json.loads(path.read_text("utf-8"))
    error = br.IllegalActionError if sample.get("illegal") else br.StateError
    text = sample_text(sample)
    with pytest.raises(error) as caught:
        br.Game.from_json(text)
    assert sample["expect"] in str(caught.value)
    if sample.get("record"):
        with pytest.raises(error) as again:
            br.replay(json.loads(text))
        assert sample["expect"] in str(again.value)


@pytest.mark.parametrize("path", SAMPLE_FILES, ids=lambda p: p.stem)
def test_a_sample_without_its_edits_loads(path: Path) -> None:
    sample = json.loads(path.read_text("utf-8"))
    if "start" not in sample or "truncate" in sample:
        pytest.skip("not made from a position")
    clean = sample_text({**sample, "edit": []})
    game = br.Game.from_json(clean)
    assert check_all(game) == []


def test_there_are_samples_of_every_kind() -> None:
    samples = [json.loads(p.read_text("utf-8")) for p in SAMPLE_FILES]
    assert len(samples) >= 30
    assert sum("loaded before" in s["about"] for s in samples) >= 8
    assert any(s.get("record") for s in samples) and any("text" in s for s in samples)


# ---------------------------------------------------------------- round trips


@pytest.mark.parametrize(("players", "advanced"), [(2, False), (3, True), (4, False)])
def test_every_position_of_a_game_saves_and_loads_back(players: int, advanced: bool) -> None:
    game = br.new_game(players, seed=players, advanced=advanced)
    rng = random.Random(players)
    step = 0
    while True:
        if step % 7 == 0 or game.is_over:
            for log in (True, False):
                loaded = br.Game.from_json(game.to_json(log=log))
                assert (
                    loaded == game
                    if log
                    else loaded.state.to_dict() == game.state.to_dict(log=False)
                )
        if game.is_over:
            break
        game.apply(rng.choice(game.legal_actions()))
        step += 1


def test_every_action_of_a_game_is_a_well_formed_action() -> None:
    game = br.new_game(4, seed=9, advanced=True)
    rng = random.Random(9)
    rules = Rules.of(game.content)
    while not game.is_over:
        for action in game.legal_actions():
            assert action_problem(rules, action) is None, action
        game.apply(rng.choice(game.legal_actions()))


def test_a_scenario_game_saves_loads_and_replays() -> None:
    spec = """
players: 2
seats:
  - {resources: {gold: 9}, hand: [elfsong_tavern]}
  - {}
available: [1, 2]
piles: {inn: 3}
"""
    game = br.scenario(spec)
    game.apply("build elfsong_tavern 1")
    record = game.record()
    assert record["scenario"]["piles"] == {"inn": 3}
    assert br.Game.from_json(game.to_json()) == game
    assert br.replay(record) == game
    assert br.Game.from_json(json.dumps(record)) == game


def test_a_record_of_a_game_replays_to_it() -> None:
    game = position({"players": 3, "seed": 4, "steps": 60})
    assert br.replay(game.record()) == game
    assert br.Game.from_json(json.dumps(game.record())) == game


# ---------------------------------------------------------------- unicode digits, three paths


@pytest.mark.parametrize("text", ["choose ²", "trade ٣", "choose 1²", "trade 𝟙", "build x ²"])
def test_unicode_digits_are_not_numbers_in_parse_action(text: str) -> None:
    game = position({"players": 2, "seed": 3, "steps": 10})
    with pytest.raises(br.IllegalActionError, match="not a legal action"):
        game.parse_action(text)
    assert not game.is_legal(text)


@pytest.mark.parametrize("text", ["choose ²", "trade ٣", "choose 1²"])
def test_unicode_digits_in_a_record_are_refused_by_replay(text: str) -> None:
    record = position({"players": 2, "seed": 3, "steps": 10}).record()
    record["actions"].append(text)
    record["deciders"].append(-1)
    with pytest.raises(
        br.IllegalActionError, match=f"action {len(record['actions'])} of the record"
    ):
        br.replay(record)
    with pytest.raises(br.IllegalActionError):
        br.Game.from_json(json.dumps(record))


@pytest.mark.parametrize("text", ["choose ²", "trade ٣", "choose 1²"])
def test_unicode_digits_in_a_save_are_refused_by_from_json(text: str) -> None:
    data = json.loads(position({"players": 2, "seed": 3, "steps": 10}).to_json())
    data["actions"][-1] = text
    with pytest.raises(br.StateError, match="argument 1 \\(count1\\) is wrong"):
        br.Game.from_json(json.dumps(data))


# ---------------------------------------------------------------- limits


def test_a_file_over_the_size_limit_is_refused_before_parsing() -> None:
    with pytest.raises(br.StateError, match=f"at most {MAX_FILE_BYTES} are read"):
        br.Game.from_json(" " * (MAX_FILE_BYTES + 1))


def test_a_long_notation_in_a_record_is_refused() -> None:
    record = position({"players": 2, "seed": 3, "steps": 2}).record()
    record["actions"].append("income" + " " * MAX_NOTATION)
    record["deciders"].append(-1)
    with pytest.raises(br.StateError, match=f"at most {MAX_NOTATION}"):
        br.replay(record)


def test_deep_nesting_and_json_constants_are_refused() -> None:
    for text in ["[" * 100_000, '{"format": NaN}', '{"seed": Infinity}', "1e999"]:
        with pytest.raises(br.StateError):
            br.Game.from_json(text)


def test_a_huge_player_count_is_refused_at_once() -> None:
    data = json.loads(position({"players": 2, "seed": 3}).to_json())
    data["players"] = data["state"]["players"] = 10**30
    with pytest.raises(br.StateError, match="'players' has a wrong value"):
        br.Game.from_json(json.dumps(data))


def test_a_python_record_of_strange_values_is_refused() -> None:
    record = position({"players": 2, "seed": 3}).record()
    for change in [
        {"actions": {"income"}},
        {"players": 2.0},
        {"seed": float("inf")},
        {"advanced": "yes"},
        {"deciders": [object()]},
        {"scenario": ["players", 2]},
        {"scenario": {"players": 2, "seed": float("inf")}},
    ]:
        with pytest.raises(br.StateError):
            br.replay({**record, **change})


# ---------------------------------------------------------------- interruptions


@pytest.mark.skipif(
    RUNS_COMPILED,
    reason="interrupts land between Python lines and bytecodes; compiled modules have neither",
)
def test_an_interrupted_apply_leaves_the_game_as_it_was() -> None:
    game = position({"players": 3, "seed": 8, "steps": 30})
    rng = random.Random(8)
    interrupted = 0
    for line in range(1, 400, 7):
        if game.is_over:
            break
        before = game.clone()
        action = rng.choice(game.legal_actions())
        if apply_interrupted(game, action, line):
            interrupted += 1
            assert game == before and game.actions == before.actions
        assert check_all(game) == []
    assert interrupted > 10


# ---------------------------------------------------------------- the security page


def test_every_save_limit_on_the_security_page_is_the_code_s() -> None:
    page = (Path(__file__).resolve().parents[2] / "docs" / "security.md").read_text("utf-8")
    section = page[page.index("## Saves and records") :]
    rows = re.findall(r"^\| `(\w+)` \| ([\d.,]+) \| `([\w.]+)` \|", section, re.M)
    ours = {(name, module) for name, _, module in rows}
    assert {
        ("MAX_FILE_BYTES", "baldurs_rules.serialize"),
        ("MAX_NOTATION", "baldurs_rules.serialize"),
        ("BIG", "baldurs_rules.serialize"),
        ("MAX_PENDING", "baldurs_rules.serialize"),
        ("TIME_LIMIT", "baldurs_rules.testing.fuzz_games"),
        ("HANG_LIMIT", "baldurs_rules.testing.fuzz_games"),
    } <= ours
    for name, value, module in rows:
        actual = getattr(importlib.import_module(module), name)
        shown = float(value.replace(",", ""))  # the page marks thousands: 16,777,216
        assert shown == actual, f"{module}.{name} is {actual}, the page says {value}"
    named = set(re.findall(r"`(MAX_\w+|BIG|TIME_LIMIT|HANG_LIMIT)`", section))
    assert named <= {name for name, _ in ours}
