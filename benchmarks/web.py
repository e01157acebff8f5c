"""Benchmarks of a web table's server side: run ``python benchmarks/web.py`` and read the figures.

Plays a 4-player game on a [`Table`][baldurs_rules.web.table.Table] (two human seats
answered at random, two random bots), and prints medians (one core, this process) of:

* one move: check, apply, save the game file, tell the move to every reader;
* the ``state`` message of one reader (the public part made once per move, then the
  reader's part), and its size in bytes as JSON;
* ``Table.resume`` of the finished game (reading the file, replaying the record for
  the move marks, telling the whole story to every reader).

Absolute times on shared machines are noisy; what matters is that a move and its
messages stay far below what a person notices (a tenth of a second).
"""

from __future__ import annotations

import json
import random
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import baldurs_rules as br
from baldurs_rules.bots import make_bot
from baldurs_rules.web.messages import public_part, state_body
from baldurs_rules.web.protocol import Request
from baldurs_rules.web.table import Table


def median_time(fn: Callable[[], object], repeat: int = 7) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> None:
    folder = Path(tempfile.mkdtemp())
    bots = [None, None, make_bot("random", 1), make_bot("random", 2)]
    table = Table.new(br.new_game(4, seed=7), bots, folder / "table.json")
    rng = random.Random(3)
    moves, bodies, sizes = [], [], []
    while not table.game.is_over:
        seat = table.game.current_player
        start = time.perf_counter()
        if (turn := table.bot_turn()) is not None:
            bot, copy, before = turn
            table.play(bot.choose(copy), before)
        else:
            action = str(rng.choice(table.game.legal_actions()))
            table.act(Request("act", seat, table.tokens.seats[seat] or "", action, table.version))
        moves.append(time.perf_counter() - start)
        if table.version % 10 == 0:
            public = public_part(table.game)

            def body(public: dict[str, object] = public) -> object:
                return state_body(table.game, 0, table.version, table.labels, public)

            bodies.append(median_time(body))
            sizes.append(len(json.dumps(table.message(0, 0))))
    print(f"moves played: {table.version} (file {table.path.stat().st_size:,} bytes at the end)")
    print(f"one move (check, apply, save, tell 5 readers): {statistics.median(moves) * 1e3:.1f} ms")
    shared = median_time(lambda: public_part(table.game))
    print(f"public part of a state message (once per move): {shared * 1e3:.1f} ms")
    print(f"one reader's part: {statistics.median(bodies) * 1e3:.1f} ms")
    print(f"state message with the whole story: {statistics.median(sizes) / 1e3:.0f} kB median")
    print(f"resume of the finished game: {median_time(lambda: Table.resume(table.path), 3):.2f} s")


if __name__ == "__main__":
    main()
