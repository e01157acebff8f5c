"""Fuzz saved games, records, action strings and interruptions with generated bad input.

Run ``python -m baldurs_rules.testing.fuzz_games --inputs 10000``. Every input must
end in success or a [`RulesError`][baldurs_rules.errors.RulesError] within
[`TIME_LIMIT`][baldurs_rules.testing.fuzz_games.TIME_LIMIT]; anything else is a
failure, printed with the input that caused it. A game that loads must keep every
invariant, save to the same game again and play on: a file the engine accepts may
never fail later. Inputs come from a seeded generator (no Hypothesis needed), in
six classes (see [`CLASSES`][baldurs_rules.testing.fuzz_games.CLASSES]):

* ``save``: a save of a reachable position with its JSON mutated, by hostile values
  (floats, huge numbers, Unicode digits, control characters, wrong types) or
  plausible ones (a number one off, a card moved to another list, an item dropped,
  duplicated or swapped) anywhere in the file, the log and the pending steps included;
* ``state``: plausible corruptions of the state's fields only, the kind the field
  checks let through and only the invariants can catch;
* ``text``: the text of a save truncated, duplicated, spliced, with bytes changed;
* ``record``: records with mutated actions (Unicode digits, huge numbers, control
  characters), players, seed, deciders and scenarios, through ``replay`` and ``from_json``;
* ``action``: action strings (and non-strings) given to ``parse_action``, ``is_legal``,
  ``apply`` and ``describe``;
* ``signal``: a ``KeyboardInterrupt`` at a random line inside ``apply`` (as a Ctrl-C
  would): the game must be exactly as before, keep its invariants and play on.
"""

from __future__ import annotations

import argparse
import contextlib
import copy
import json
import random
import signal
import sys
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from baldurs_rules.actions import Action
from baldurs_rules.content.loader import load_content
from baldurs_rules.content.model import Content
from baldurs_rules.errors import RulesError
from baldurs_rules.game import Game, new_game, replay
from baldurs_rules.rules import Rules
from baldurs_rules.testing.interrupts import apply_interrupted, apply_signalled, survives

__all__ = ["CLASSES", "TIME_LIMIT", "GameFuzzReport", "fuzz_games", "main", "positions"]

TIME_LIMIT = 5.0
"""Seconds one input may take before it counts as a failure (too slow)."""

HANG_LIMIT = 30.0
"""Seconds after which an input is interrupted and counted as a hang (POSIX main thread)."""

CLASSES = {"save": 30, "state": 20, "text": 10, "record": 15, "action": 15, "signal": 10}
"""Input classes and their share of a run (in percent)."""

HOSTILE: list[Any] = [
    -1,
    0,
    1,
    2,
    7,
    -(2**63),
    2**63,
    2**64,
    10**30,
    1.5,
    -0.0,
    1e308,
    True,
    False,
    None,
    "",
    " ",
    "²",
    "٣",
    "𝟙",
    "\x00",
    "\u202e",
    "a\nb",
    "x" * 300,
    [],
    {},
    [0],
    [[]],
    {"": 0},
    ["income"],
    [[[[[[1]]]]]],
]
"""Values that do not belong anywhere in a save, or only in a few places."""

NOTATIONS = [
    "",
    "   ",
    "income",
    "INCOME",
    "choose ²",
    "choose ٣",
    "trade 𝟙",
    "choose 1²",
    "trade ¹",
    "choose 99999999999999999999999999",
    "choose -1",
    "choose 0",
    "build",
    "inc\x00ome",
    "income\x1b[2J",
    "done\u202e",
    "visit " + "x" * 300,
    "take deck deck",
    "site",
    "hq",
    "discard",
    "pay pay",
    "\t\n income \r",
]
"""Hostile action notations (Unicode digits, huge numbers, control characters, ...)."""

STRANGE_ACTIONS: list[Any] = [
    None,
    5,
    1.5,
    b"income",
    ("income",),
    ["income"],
    Action("income", (1,)),
    Action("build", ("no_such_card", 999)),
    Action("build", (1, "x")),
    Action("visit", (5,)),
    Action("use", ("nothing",)),
    Action("choose", (True,)),
    Action("trade", (10**30,)),
    Action("take", ()),
    Action("", ()),
]
"""Actions that are not notations, or not of any decision (wrong kinds of arguments)."""


class _Hang(BaseException):
    """Raised by the alarm when an input takes longer than ``HANG_LIMIT``."""


@dataclass
class GameFuzzReport:
    """What a run tried and what came out.

    Attributes:
        inputs: Inputs tried.
        outcomes: Count per ``class: outcome`` (``accepted`` or the error class).
        failures: ``(message, input)`` of every failure.
        slowest: Seconds of the slowest input, and its label.
    """

    inputs: int = 0
    outcomes: Counter[str] = field(default_factory=Counter)
    failures: list[tuple[str, str]] = field(default_factory=list)
    slowest: tuple[float, str] = (0.0, "")

    def record(self, label: str, run: Callable[[], object], sample: Any) -> None:
        """Run one input; a ``RulesError`` or success is fine, anything else a failure.

        ``run`` may return the name of its outcome (``"interrupted"``); None is ``"accepted"``.
        """
        self.inputs += 1
        start = time.perf_counter()
        outcome = None
        try:
            with _alarm(HANG_LIMIT):
                outcome = run()
        except RulesError as exc:
            self.outcomes[f"{label}: {type(exc).__name__}"] += 1
        except _Hang:
            self._fail(label, f"hangs (interrupted after {HANG_LIMIT:.0f} s)", sample)
        except Exception as exc:
            self._fail(label, f"{type(exc).__name__}: {exc}", sample)
        else:
            self.outcomes[f"{label}: {outcome if isinstance(outcome, str) else 'accepted'}"] += 1
        elapsed = time.perf_counter() - start
        if elapsed > self.slowest[0]:
            self.slowest = (elapsed, f"{label} #{self.inputs}")
        if elapsed > TIME_LIMIT:
            self._fail(label, f"took {elapsed:.1f} s", sample)

    def _fail(self, label: str, message: str, sample: Any) -> None:
        self.outcomes[f"{label}: FAILURE"] += 1
        self.failures.append((f"{label}: {message[:300]}", repr(sample)[:300]))

    def summary(self) -> str:
        """One paragraph: inputs, failures, outcomes per class, the slowest input."""
        parts = ", ".join(f"{k} {v}" for k, v in sorted(self.outcomes.items()))
        seconds, label = self.slowest
        return (
            f"fuzz games: {self.inputs} inputs, {len(self.failures)} failures; {parts};"
            f" slowest {seconds * 1000:.0f} ms ({label})"
        )


@contextlib.contextmanager
def _alarm(seconds: float) -> Iterator[None]:
    """Interrupt the block with ``_Hang`` after ``seconds`` (where POSIX timers exist)."""
    usable = hasattr(signal, "setitimer") and threading.current_thread() is threading.main_thread()
    if not usable:
        yield
        return

    def ring(signum: int, frame: Any) -> None:
        raise _Hang

    previous = signal.signal(signal.SIGALRM, ring)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


# ---------------------------------------------------------------- reachable positions


def positions(seed: int = 0, content: Content | None = None, games: int = 6) -> list[Game]:
    """Reachable positions to start from: games of every player count, basic and advanced,
    played at random, taken at the first decision of each kind and phase met, at random
    points, and at the end; plus one scenario position."""
    content = content or load_content()
    rng = random.Random(seed)
    first: dict[tuple[str, str], Game] = {}
    picked: list[Game] = []
    for i in range(games):
        game = new_game(2 + i % 3, seed * 1000 + i, i % 2 == 1, content)
        while True:
            decision = game.state.decision
            key = (game.state.phase, "" if decision is None else str(decision.kind))
            if key not in first:
                first[key] = game.clone()
            elif rng.random() < 0.02:
                picked.append(game.clone())
            if game.is_over:
                break
            game.apply(rng.choice(game.legal_actions()))
    return [*first.values(), *picked, _scenario_position(content)]


def _scenario_position(content: Content) -> Game:
    from baldurs_rules.game import scenario

    t = Rules.of(content).t
    hand = list(content.buildings)[:3]
    spec = {
        "players": 3,
        "available": sorted(t.lot_node)[:3],
        "seats": [{"resources": {t.resource_ids[t.gold]: 12}, "hand": hand}, {}, {}],
        "piles": {t.tiles[0]: 1},
    }
    return scenario(spec, content)


# ---------------------------------------------------------------- mutations


class _Mutator:
    """Random changes to JSON data: hostile values, or plausible ones of the same kind."""

    def __init__(self, rng: random.Random, content: Content) -> None:
        self.rng = rng
        t = Rules.of(content).t
        self.ids = sorted(
            {*content.buildings, *content.agendas, *content.gates, *content.hqs, *t.node_ids}
            | {*t.locations, *t.factions, *t.districts, *t.resource_ids}
            | {"setup", "play", "final", "over", "turn", "income", "fx", "end_turn"}
        )

    def value(self, old: Any) -> Any:
        """A replacement for ``old``: hostile, or (more often) plausible."""
        rng = self.rng
        if rng.random() < 0.35:
            return copy.deepcopy(rng.choice(HOSTILE))  # a copy: never one list in two places
        if type(old) is int:
            return old + rng.choice([-2, -1, 1, 1, 2, 3, -old - 1])
        if type(old) is str:
            return rng.choice(self.ids)
        if type(old) is bool:
            return not old
        if type(old) is list and old:
            return self.list_change(list(old))
        return copy.deepcopy(rng.choice(HOSTILE))

    def list_change(self, items: list[Any]) -> list[Any]:
        rng, i = self.rng, self.rng.randrange(len(items))
        op = rng.randrange(5)
        if op == 0:
            del items[i]
        elif op == 1:
            items.insert(rng.randrange(len(items) + 1), copy.deepcopy(items[i]))
        elif op == 2:
            j = rng.randrange(len(items))
            items[i], items[j] = items[j], items[i]
        elif op == 3:
            items.reverse()
        else:
            items[i] = self.value(items[i])
        return items

    def mutate(self, data: Any, root: tuple[Any, ...] = (), count: int = 0) -> Any:
        """Apply 1 to 3 changes at random places under ``root`` (a path in ``data``)."""
        for _ in range(count or self.rng.randint(1, 3)):
            places = list(_places(_at(data, root), root))
            if not places:
                return data
            path = self.rng.choice(places)
            if self.rng.random() < 0.15:
                self.move(data, places)
            else:
                data = _set(data, path, self.value(_at(data, path)))
        return data

    def move(self, data: Any, places: list[tuple[Any, ...]]) -> None:
        """Move an item from one list to another (a card from a hand to a deck, ...)."""
        lists = [p for p in places if type(_at(data, p)) is list]
        if len(lists) < 2:
            return
        source, target = self.rng.sample(lists, 2)
        items, into = _at(data, source), _at(data, target)
        scalars = [i for i, item in enumerate(items) if type(item) not in (list, dict)]
        if scalars:  # never a list into itself
            into.append(items.pop(self.rng.choice(scalars)))


def _places(value: Any, path: tuple[Any, ...]) -> Iterator[tuple[Any, ...]]:
    """Every path under ``value`` (the log sampled, it is long)."""
    todo = [(value, path)]
    while todo:
        item, where = todo.pop()
        yield where
        if type(item) is dict:
            todo.extend((v, (*where, k)) for k, v in item.items())
        elif type(item) is list:
            step = max(1, len(item) // 40) if where[-1:] == ("events",) else 1
            todo.extend((item[i], (*where, i)) for i in range(0, len(item), step))


def _at(data: Any, path: tuple[Any, ...]) -> Any:
    for key in path:
        data = data[key]
    return data


def _set(data: Any, path: tuple[Any, ...], value: Any) -> Any:
    if not path:
        return value
    _at(data, path[:-1])[path[-1]] = value
    return data


# ---------------------------------------------------------------- loading and replaying


def _load(text: str | bytes, content: Content, rng: random.Random) -> None:
    survives(Game.from_json(text, content), rng)


def _replay(record: Any, content: Content, rng: random.Random) -> None:
    survives(replay(record, content), rng)


# ---------------------------------------------------------------- the six classes


class _Inputs:
    """Makes the inputs of each class from the reachable positions."""

    def __init__(self, seed: int, content: Content) -> None:
        self.rng = random.Random(seed)
        self.content = content
        self.games = positions(seed, content)
        self.saves = [g.to_json(log=i % 2 == 0) for i, g in enumerate(self.games)]
        self.mutator = _Mutator(self.rng, content)

    def pick(self) -> tuple[Game, str]:
        i = self.rng.randrange(len(self.games))
        return self.games[i], self.saves[i]

    def save(self) -> tuple[Callable[[], object], Any]:
        _, text = self.pick()
        data = self.mutator.mutate(json.loads(text))
        text = json.dumps(data)
        return lambda: _load(text, self.content, self.rng), text

    def state(self) -> tuple[Callable[[], object], Any]:
        _, text = self.pick()
        data = json.loads(text)
        names = [k for k in data["state"] if k != "events"]
        name = self.rng.choice(names)
        data = self.mutator.mutate(data, ("state", name), count=self.rng.randint(1, 2))
        text = json.dumps(data)
        return lambda: _load(text, self.content, self.rng), (name, text)

    def text(self) -> tuple[Callable[[], object], Any]:
        _, text = self.pick()
        rng, k = self.rng, self.rng.randrange(len(text) + 1)
        op = rng.randrange(8)
        if op == 0:
            out: str | bytes = text[:k]
        elif op == 1:
            out = text + text
        elif op == 2:
            out = text[:k] + text[rng.randrange(len(text) + 1) :]
        elif op == 3:
            out = (
                text[:k]
                + rng.choice(["²", "\x00", "\ufeff", "NaN", "Infinity", "1e999"])
                + text[k:]
            )
        elif op == 4:
            out = text.encode()[:k] + bytes([rng.randrange(256)]) + text.encode()[k + 1 :]
        elif op == 5:
            out = "[" * rng.randint(1, 200_000) + "]" * rng.randint(0, 3)
        elif op == 6:
            out = text.replace(str(rng.randint(0, 9)), rng.choice(["²", "٣", "-", "1.0"]), 1)
        else:
            out = "\ufeff" + text
        return lambda: _load(out, self.content, self.rng), out

    def record(self) -> tuple[Callable[[], object], Any]:
        game, _ = self.pick()
        record = game.record()
        rng = self.rng
        if rng.random() < 0.5 and record["actions"]:
            actions = record["actions"]
            i = rng.randrange(len(actions))
            actions[i] = rng.choice([*NOTATIONS, self._near(actions[i])])
        else:
            record = self.mutator.mutate(record)
        if rng.random() < 0.5:
            return lambda: _replay(record, self.content, self.rng), record
        text = json.dumps(record)
        return lambda: _load(text, self.content, self.rng), text

    def _near(self, notation: str) -> str:
        """A notation close to a real one: a digit made Unicode, a number made huge, ..."""
        rng = self.rng
        swaps = {"1": "١", "2": "²", "3": "٣"}
        choice = rng.randrange(4)
        if choice == 0:
            return "".join(swaps.get(c, c) for c in notation)
        if choice == 1:
            return notation + " " + str(10 ** rng.randint(1, 190))
        if choice == 2:
            return notation.upper().replace(" ", "\t  ")
        return notation[: rng.randrange(len(notation) + 1)]

    def action(self) -> tuple[Callable[[], object], Any]:
        game, _ = self.pick()
        rng = self.rng
        legal = [str(a) for a in game.legal_actions()]
        pool: list[Any] = [*NOTATIONS, *STRANGE_ACTIONS]
        if legal:
            pool += [self._near(rng.choice(legal)) for _ in range(3)]
        notation = rng.choice(pool)
        return lambda: self._try_action(game.clone(), notation), notation

    def _try_action(self, game: Game, notation: Any) -> None:
        if type(game.is_legal(notation)) is not bool:
            raise AssertionError("is_legal did not answer True or False")
        with contextlib.suppress(RulesError):
            game.describe(notation)
        with contextlib.suppress(RulesError):
            game.parse_action(notation)
        before = game.clone()
        try:
            game.apply(notation)
        except RulesError:
            if game != before or game.actions != before.actions:
                raise AssertionError("a refused action changed the game") from None
            raise
        survives(game, self.rng, steps=2)

    def signal(self) -> tuple[Callable[[], object], Any]:
        game, _ = self.pick()
        if self.rng.random() < 0.5 or not hasattr(signal, "setitimer"):
            line = self.rng.randint(1, 400)
            return lambda: self._interrupt(game.clone(), line, None), f"line {line}"
        delay = self.rng.uniform(0.000001, 0.0002)
        return lambda: self._interrupt(game.clone(), 0, delay), f"after {delay * 1e3:.2f} ms"

    def _interrupt(self, game: Game, line: int, delay: float | None) -> str:
        """Interrupt ``apply`` at its ``line``-th line, or by a real signal after ``delay``."""
        if game.is_over:
            return "over"
        action = self.rng.choice(game.legal_actions())
        before = game.clone()
        if delay is None:
            interrupted = apply_interrupted(game, action, line)
        else:
            interrupted = apply_signalled(game, action, delay)
        if interrupted and (game != before or game.actions != before.actions):
            raise AssertionError(f"interrupted at line {line}, {action} left the game changed")
        survives(game, self.rng, steps=3)
        how = "at a line" if delay is None else "by a signal"
        return f"interrupted {how}" if interrupted else "completed"


# ---------------------------------------------------------------- running


def fuzz_games(
    inputs: int = 10_000, seed: int = 0, content: Content | None = None, progress: bool = False
) -> GameFuzzReport:
    """Run ``inputs`` generated inputs, shared among the classes as ``CLASSES`` says."""
    content = content or load_content()
    made, report = _Inputs(seed, content), GameFuzzReport()
    kinds = [k for k, share in CLASSES.items() for _ in range(share)]
    for i in range(inputs):
        kind = kinds[i % len(kinds)]
        try:
            run, sample = getattr(made, kind)()
        except Exception as exc:  # a bug of the fuzzer itself: reported, never hidden
            report.inputs += 1
            report._fail(kind, f"the generator failed: {exc!r}", "")
            continue
        report.record(kind, run, sample)
        if progress and i % 1000 == 0:
            print(f"  {i}/{inputs} inputs, {len(report.failures)} failures", file=sys.stderr)
    return report


def main(argv: list[str] | None = None) -> int:
    """Command line: run the fuzzer and print its report; exit 1 on any failure."""
    parser = argparse.ArgumentParser(description="fuzz saves, records, actions and interrupts")
    parser.add_argument("--inputs", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    start = time.perf_counter()
    report = fuzz_games(args.inputs, args.seed, progress=True)
    for message, sample in report.failures[:20]:
        print(f"FAILED {message}\n  input: {sample}")
    print(report.summary() + f"; {time.perf_counter() - start:.0f} s")
    return 1 if report.failures else 0


if __name__ == "__main__":
    sys.exit(main())
