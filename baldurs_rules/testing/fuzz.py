"""Fuzz the content pipeline and the effect language with generated bad input.

Run ``python -m baldurs_rules.testing.fuzz --inputs 10000``. Every input must
end in success or a [`RulesError`][baldurs_rules.errors.RulesError] with a
location, within a time bound; anything else is a failure, printed with the
input that caused it. Inputs come from a seeded generator (no Hypothesis
needed): random text and tokens, mutated effects from the default content,
mutated and hostile YAML (tags, alias bombs, deep nesting, bad bytes, huge
numbers), and whole mods with a mutated card file.
"""

from __future__ import annotations

import argparse
import random
import shutil
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path

from baldurs_rules._resources import default_content_dir
from baldurs_rules.content.build import At
from baldurs_rules.content.loader import load_content
from baldurs_rules.content.schema import schema_problems
from baldurs_rules.content.yamlio import read_yaml_text
from baldurs_rules.dsl.checker import Slot, Vocabulary, check_effect, check_expression
from baldurs_rules.dsl.parser import keywords, parse_effect, parse_expression
from baldurs_rules.errors import RulesError

__all__ = ["FuzzReport", "fuzz", "main"]

TIME_LIMIT = 5.0
"""Seconds one input may take before it counts as a failure."""

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

    def record(self, label: str, run: Callable[[], object], sample: str) -> None:
        self.inputs += 1
        start = time.perf_counter()
        try:
            run()
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
        self.slowest = max(self.slowest, elapsed)
        if elapsed > TIME_LIMIT:
            self.failures.append((f"{label}: took {elapsed:.1f} s", sample[:300]))

    def summary(self) -> str:
        parts = ", ".join(f"{k}: {v}" for k, v in sorted(self.outcomes.items()))
        return (
            f"fuzz: {self.inputs} inputs, {len(self.failures)} failures"
            f" (exceptions outside RulesError or too slow); {parts};"
            f" slowest {self.slowest * 1000:.0f} ms"
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
    inputs: int = 10_000, seed: int = 0, mods: int = 100, progress: bool = False
) -> FuzzReport:
    """Run ``inputs`` generated inputs (of which ``mods`` whole mod directories)."""
    gen, report = _Generator(seed), FuzzReport()
    documents = max(0, inputs // 4)
    strings = max(0, inputs - documents - mods)
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
    return report


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
    parser.add_argument("--mods", type=int, default=100)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    start = time.perf_counter()
    report = fuzz(args.inputs, args.seed, args.mods, progress=True)
    for message, sample in report.failures[:20]:
        print(f"FAILED {message}\n  input: {sample!r}")
    print(report.summary() + f"; {time.perf_counter() - start:.0f} s")
    return 1 if report.failures else 0


if __name__ == "__main__":
    sys.exit(main())
