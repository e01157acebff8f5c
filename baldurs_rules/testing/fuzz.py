"""Fuzz the content pipeline and the effect language with generated bad input.

Run ``python -m baldurs_rules.testing.fuzz --inputs 10000``. Every input must
end in success or a [`RulesError`][baldurs_rules.errors.RulesError] with a
location, within a time bound; anything else is a failure, printed with the
input that caused it. Inputs come from a seeded generator (no Hypothesis
needed): random text and tokens, mutated effects from the default content,
mutated and hostile YAML (tags, alias bombs, deep nesting, bad bytes, huge
numbers), whole mods with a mutated card file, hostile mods of every class of
[`fuzz_content`][baldurs_rules.testing.fuzz_content] (files, numbers, unicode,
loops, setup amounts: a mod that loads must also play), and corrupted disk
cache entries (which must give back exactly the rules of the files).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import random
import shutil
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path

from baldurs_rules._resources import default_content_dir
from baldurs_rules.content import cache as disk
from baldurs_rules.content.build import At
from baldurs_rules.content.loader import clear_memory_cache, load_content, separate_memory_cache
from baldurs_rules.content.model import Content
from baldurs_rules.content.schema import schema_problems
from baldurs_rules.content.yamlio import read_yaml_text
from baldurs_rules.dsl.checker import Slot, Vocabulary, check_effect, check_expression
from baldurs_rules.dsl.parser import keywords, parse_effect, parse_expression
from baldurs_rules.errors import RulesError
from baldurs_rules.testing.fuzz_content import CLASSES, HostileContent, PlayFailureError, play

__all__ = ["MODS", "TIME_LIMIT", "FuzzReport", "fuzz", "main"]

TIME_LIMIT = 5.0
"""Seconds one input may take before it counts as a failure."""

MODS = 100
"""How many inputs of a run are mods with one mutated card file, unless told (``--mods``)."""

_HOSTILE_YAML = [
    "a: !!python/object/apply:os.system ['echo pwned']\n",
    "a: !!python/name:os.system\n",
    "a: !custom x\n",
    "<<: {a: 1}\n",
    "a: 1\na: 2\n",
    "[" * 3000 + "]" * 3000,
    "a:\n" + "".join(" " * i + "- \n" for i in range(1, 400)),
    "x: " + "9" * 5000 + "\n",
    "x: 0x" + "f" * 300 + "\n",
]


def _bomb(levels: int, width: int) -> str:
    lines = ["a0: &a0 [x]"]
    for i in range(1, levels):
        refs = ", ".join(f"*a{i - 1}" for _ in range(width))
        lines.append(f"a{i}: &a{i} [{refs}]")
    return "\n".join(lines) + "\n"


@dataclass
class FuzzReport:
    """What a fuzz run tried and what came out."""

    inputs: int = 0
    outcomes: Counter[str] = field(default_factory=Counter)
    failures: list[tuple[str, str]] = field(default_factory=list)
    slowest: float = 0.0
    slowest_input: str = ""
    by_class: Counter[str] = field(default_factory=Counter)

    def record(self, label: str, run: Callable[[], object], sample: str) -> None:
        self.inputs += 1
        self.by_class[label.split("-")[0].split(":")[0]] += 1
        start = time.perf_counter()
        try:
            run()
        except PlayFailureError as exc:
            self.failures.append((f"{label}: {exc}", sample[:300]))
            self.outcomes["FAILURE"] += 1
        except RulesError as exc:
            if exc.location is None and not label.startswith("text"):
                self.failures.append((f"{label}: RulesError without a location: {exc}", sample))
            self.outcomes[type(exc).__name__] += 1
        except Exception as exc:
            self.failures.append((f"{label}: {type(exc).__name__}: {exc}", sample[:300]))
            self.outcomes["FAILURE"] += 1
        else:
            self.outcomes["accepted"] += 1
        elapsed = time.perf_counter() - start
        if elapsed > self.slowest:
            self.slowest, self.slowest_input = elapsed, f"{label}: {sample[:120]!r}"
        if elapsed > TIME_LIMIT:
            self.failures.append((f"{label}: took {elapsed:.1f} s", sample[:300]))

    def summary(self) -> str:
        parts = ", ".join(f"{k}: {v}" for k, v in sorted(self.outcomes.items()))
        classes = ", ".join(f"{k}: {v}" for k, v in sorted(self.by_class.items()))
        return (
            f"fuzz: {self.inputs} inputs ({classes}), {len(self.failures)} failures"
            f" (exceptions outside RulesError, failures in play or too slow); {parts};"
            f" slowest {self.slowest * 1000:.0f} ms ({self.slowest_input})"
        )


class _Generator:
    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        content = load_content()
        self.vocab = Vocabulary.from_content(content)
        self.effects = [b.income.source for b in content.buildings.values() if b.income]
        self.effects += [b.when_built.source for b in content.buildings.values() if b.when_built]
        self.scores = [a.score.source for a in content.agendas.values()]
        self.tokens = [
            *sorted(keywords()),
            *sorted(self.vocab.resources),
            "(",
            ")",
            ":",
            ";",
            "|",
            ",",
            "+",
            "-",
            "*",
            ">=",
            "<",
            "==",
            "1",
            "2",
            "999999",
            "here",
            *sorted(self.vocab.factions),
        ]
        self.files = {p.name: p.read_text("utf-8") for p in default_content_dir().glob("*.yaml")}

    def text(self) -> str:
        alphabet = "abcdefgh ():;|,+-*<>=!0123456789\n\t\"'#\x00é☃"
        return "".join(self.rng.choice(alphabet) for _ in range(self.rng.randint(0, 80)))

    def tokens_text(self) -> str:
        return " ".join(self.rng.choice(self.tokens) for _ in range(self.rng.randint(1, 25)))

    def mutate(self, text: str) -> str:
        chars = list(text)
        for _ in range(self.rng.randint(1, 4)):
            op = self.rng.randrange(4)
            i = self.rng.randrange(len(chars) + 1)
            if op == 0 and chars:
                del chars[min(i, len(chars) - 1)]
            elif op == 1:
                chars.insert(i, self.rng.choice(self.tokens + list("xyz();:|")))
            elif op == 2 and chars:
                j = self.rng.randrange(len(chars))
                chars[min(i, len(chars) - 1)], chars[j] = chars[j], chars[min(i, len(chars) - 1)]
            else:
                chars[i:i] = list("(" * self.rng.randint(1, 60))
        return "".join(chars)

    def yaml_doc(self) -> tuple[str, str]:
        kind = self.rng.choice(["buildings", "gates", "agendas", "hqs", "locations", "factions"])
        text = self.files[f"{kind}.yaml"]
        roll = self.rng.random()
        if roll < 0.15:
            return kind, self.rng.choice(_HOSTILE_YAML)
        if roll < 0.2:
            return kind, _bomb(self.rng.randint(5, 10), self.rng.randint(5, 12))
        lines = text.splitlines()
        for _ in range(self.rng.randint(1, 6)):
            i = self.rng.randrange(len(lines))
            choice = self.rng.randrange(5)
            if choice == 0:
                del lines[i]
            elif choice == 1:
                lines[i] = self.mutate(lines[i])
            elif choice == 2:
                lines.insert(
                    i,
                    self.rng.choice(
                        [
                            "  - {}",
                            "x: [",
                            "   bad: 1",
                            "- !!int x",
                            "      cost: -4",
                            "  - id: Bad Id",
                        ]
                    ),
                )
            elif choice == 3:
                lines[i] = lines[i].replace(":", "", 1)
            else:
                lines[i] = " " * self.rng.randint(0, 9) + lines[i].lstrip()
        return kind, "\n".join(lines) + "\n"


def fuzz(
    inputs: int = 10_000,
    seed: int = 0,
    mods: int = MODS,
    progress: bool = False,
    hostile: int | None = None,
    caches: int | None = None,
) -> FuzzReport:
    """Run ``inputs`` generated inputs.

    Args:
        inputs: How many in all.
        seed: Seeds the generator: the same seed gives the same inputs.
        mods: How many are mods with one mutated card file.
        progress: Print progress to stderr.
        hostile: How many are hostile mods, spread over every class of
            ``fuzz_content.CLASSES`` (default: a tenth of the inputs).
        caches: How many are corrupted cache entries (default: a fiftieth).
    """
    gen, report = _Generator(seed), FuzzReport()
    hostile = inputs // 10 if hostile is None else hostile
    caches = inputs // 50 if caches is None else caches
    documents = max(0, inputs // 4)
    strings = max(0, inputs - documents - mods - hostile - caches)
    _strings(gen, report, strings, progress)
    for _ in range(documents):
        name, doc = gen.yaml_doc()
        report.record(f"yaml-{name}", partial(_document, name, doc), doc)
    with tempfile.TemporaryDirectory() as tmp:
        for i in range(mods):
            name, doc = gen.yaml_doc()
            mod = Path(tmp) / f"mod{i}"
            mod.mkdir()
            (mod / "mod.yaml").write_text("name: fuzz\n")
            (mod / f"{name}.yaml").write_text(doc, "utf-8", errors="replace")
            if gen.rng.random() < 0.1:
                (mod / f"{name}.yaml").write_bytes(b"buildings:\n  - id: \xff\xfe\n")
            report.record(f"mod-{name}", partial(load_content, mod, cache=False), doc)
            shutil.rmtree(mod)
        _hostile(gen, report, hostile, Path(tmp), progress)
        _caches(gen, report, caches, Path(tmp))
    return report


def _strings(gen: _Generator, report: FuzzReport, strings: int, progress: bool) -> None:
    slots = list(Slot)
    for i in range(strings):
        kind = i % 4
        text = (
            gen.text(),
            gen.tokens_text(),
            gen.mutate(gen.rng.choice(gen.effects)),
            gen.mutate(gen.rng.choice(gen.scores)),
        )[kind]
        if kind == 3 or (kind < 2 and gen.rng.random() < 0.3):
            report.record("text-expression", partial(_expression, text, gen.vocab), text)
        else:
            slot = gen.rng.choice(slots[:2] + slots[3:])
            report.record("text-effect", partial(_effect, text, gen.vocab, slot), text)
        if progress and i % 1000 == 0:
            print(f"  strings: {i}/{strings}", file=sys.stderr)


def _hostile(gen: _Generator, report: FuzzReport, count: int, tmp: Path, progress: bool) -> None:
    """Hostile mods of every class: refused with a location, or loaded and played."""
    maker = HostileContent(gen.rng)
    for i in range(count):
        kind = CLASSES[i % len(CLASSES)]
        base = tmp / f"hostile{i}"
        label = maker.make(kind, base / "mod")
        report.record(kind, partial(_load_and_play, base / "mod", i), label)
        shutil.rmtree(base)
        if progress and i % 100 == 0:
            print(f"  hostile mods: {i}/{count}", file=sys.stderr)


def _load_and_play(directory: Path, seed: int) -> None:
    play(load_content(directory, cache=False), seed)


def _caches(gen: _Generator, report: FuzzReport, count: int, tmp: Path) -> None:
    """Corrupted cache entries: the load must still give the rules of the files."""
    if not count:
        return
    with _private_cache(tmp / "xdg"):
        fresh = load_content(cache=False)
        load_content()
        (path,) = (disk.cache_dir() or tmp).glob("*.json")
        good = path.read_bytes()
        for _ in range(count):
            bad, what = _corrupt(gen.rng, good)
            path.write_bytes(bad)
            clear_memory_cache()
            report.record("cache", partial(_same_rules, fresh), what)


def _corrupt(rng: random.Random, good: bytes) -> tuple[bytes, str]:
    data = bytearray(good)
    roll = rng.randrange(4)
    if roll == 0:
        cut = rng.randrange(len(data))
        return bytes(data[:cut]), f"truncated at {cut}"
    if roll == 1:
        for _ in range(rng.randint(1, 20)):
            data[rng.randrange(len(data))] = rng.randrange(256)
        return bytes(data), "random bytes changed"
    if roll == 2:
        return os.urandom(rng.randint(0, 5000)), "garbage"
    head, _, body = good.partition(b"\n")
    start = rng.randrange(len(body))
    body = (
        body[:start] + rng.choice([b"0", b"1", b'"x"', b"null", b"[]", b"true"]) + body[start + 1 :]
    )
    header = json.loads(head)
    header.update(bytes=len(body), sha256=hashlib.sha256(body).hexdigest())
    return json.dumps(header).encode() + b"\n" + body, "payload changed, hash made to match"


@contextmanager
def _private_cache(home: Path) -> Iterator[None]:
    saved = {k: os.environ.get(k) for k in ("XDG_CACHE_HOME", "BALDURS_RULES_CACHE")}
    os.environ["XDG_CACHE_HOME"] = str(home)
    os.environ.pop("BALDURS_RULES_CACHE", None)
    try:
        with separate_memory_cache():
            yield
    finally:
        for key, value in saved.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value


def _same_rules(fresh: Content) -> None:
    served = load_content()
    parts = ("buildings", "gates", "agendas", "hqs", "locations", "factions", "board", "settings")
    places = [(s.location, s.tree.span) for s in served.scripts()]
    if (
        served.fingerprint != fresh.fingerprint
        or any(getattr(served, p) != getattr(fresh, p) for p in parts)
        or places != [(s.location, s.tree.span) for s in fresh.scripts()]
    ):
        raise PlayFailureError("a corrupted cache entry served other rules")


def _expression(text: str, vocab: Vocabulary) -> None:
    problems = check_expression(parse_expression(text), vocab)
    if problems:
        raise RulesError(problems)


def _effect(text: str, vocab: Vocabulary, slot: Slot) -> None:
    problems = check_effect(parse_effect(text), vocab, slot)
    if problems:
        raise RulesError(problems)


def _document(kind: str, text: str) -> None:
    doc = read_yaml_text(text, f"{kind}.yaml")
    problems = schema_problems(kind, At(doc, ()))
    if problems:
        raise RulesError(problems)


def main(argv: list[str] | None = None) -> int:
    """Command line: run the fuzzer and print its report; exit 1 on any failure."""
    parser = argparse.ArgumentParser(description="fuzz the content pipeline and the DSL")
    parser.add_argument("--inputs", type=int, default=10_000)
    parser.add_argument("--mods", type=int, default=MODS)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--hostile", type=int, default=None, help="hostile mods (inputs / 10)")
    parser.add_argument("--caches", type=int, default=None, help="bad cache entries (inputs / 50)")
    args = parser.parse_args(argv)
    start = time.perf_counter()
    report = fuzz(
        args.inputs, args.seed, args.mods, progress=True, hostile=args.hostile, caches=args.caches
    )
    for message, sample in report.failures[:20]:
        print(f"FAILED {message}\n  input: {sample!r}")
    print(report.summary() + f"; {time.perf_counter() - start:.0f} s")
    return 1 if report.failures else 0


if __name__ == "__main__":
    sys.exit(main())
