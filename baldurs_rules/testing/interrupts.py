"""What a game the library accepted must do, and ``apply`` interrupted as a Ctrl-C would.

The game fuzzer ([`fuzz_games`][baldurs_rules.testing.fuzz_games]) holds every input
the library accepts to [`survives`][baldurs_rules.testing.interrupts.survives], and
interrupts ``apply`` at a chosen line
([`apply_interrupted`][baldurs_rules.testing.interrupts.apply_interrupted]) or by a
real signal ([`apply_signalled`][baldurs_rules.testing.interrupts.apply_signalled]):
an interrupted action must leave the game exactly as it was. A rule tester can use
them the same way on their own positions. Interruptions land between Python lines
and bytecodes, so on the mypyc-compiled build the compiled modules are never cut.

Examples:
    >>> import random
    >>> import baldurs_rules as br
    >>> game = br.new_game(players=2, seed=1)
    >>> survives(game.clone(), random.Random(0), steps=4)   # raises AssertionError on a failure
    >>> before = game.clone()
    >>> apply_interrupted(game, game.legal_actions()[0], line=10**9)   # never reached
    False
    >>> game == before
    False
"""

from __future__ import annotations

import random
import signal
import sys
import time
from typing import Any

from baldurs_rules.errors import RulesError
from baldurs_rules.game import Game
from baldurs_rules.invariants import check_all

__all__ = ["apply_interrupted", "apply_signalled", "survives"]


def survives(game: Game, rng: random.Random, steps: int = 8) -> None:
    """A game the library accepted keeps its invariants, saves to itself and plays on.

    Plays up to ``steps`` random legal actions (``game`` is changed) and checks the
    invariants before and after.

    Args:
        game: A game the library accepted (loaded, replayed or played to).
        rng: Chooses the actions played.
        steps: How many actions to play at most (fewer if the game ends).

    Raises:
        AssertionError: Any of it fails (a fuzz failure, not a ``RulesError``).
    """
    problems = check_all(game)
    if problems:
        raise AssertionError(f"accepted a state that breaks invariants: {problems[:3]}")
    again = Game.from_json(game.to_json(), game.content)
    if again != game:
        raise AssertionError("an accepted game does not load back to itself")
    for _ in range(steps):
        if game.is_over:
            return
        legal = game.legal_actions()
        if not legal:
            raise AssertionError("an accepted game that is not over has no legal action")
        try:
            game.apply(rng.choice(legal))
        except RulesError as exc:
            raise AssertionError(f"an accepted game fails in play: {exc}") from None
    problems = check_all(game)
    if problems:
        raise AssertionError(f"an accepted game breaks invariants in play: {problems[:3]}")


def apply_interrupted(game: Game, action: Any, line: int) -> bool:
    """Apply ``action`` with a ``KeyboardInterrupt`` raised at its ``line``-th Python line.

    Lines are counted in every Python frame ``apply`` runs (compiled modules have none).

    Args:
        game: The game to apply the action to.
        action: An action or its notation.
        line: Which line event raises (1 is the first).

    Returns:
        Whether the interrupt landed; if not, the action was applied whole.
    """
    count = 0

    def trace(frame: Any, event: str, arg: Any) -> Any:
        nonlocal count
        if event == "line":
            count += 1
            if count == line:
                raise KeyboardInterrupt
        return trace

    sys.settrace(lambda frame, event, arg: trace)
    try:
        game.apply(action)
    except KeyboardInterrupt:
        return True
    finally:
        sys.settrace(None)
    return False


def apply_signalled(game: Game, action: Any, delay: float) -> bool:
    """Apply ``action`` while a real signal raises ``KeyboardInterrupt``, as a Ctrl-C would.

    ``SIGALRM`` rings after ``delay`` seconds and interrupts only if it lands in the
    library's own code. An alarm already set (the fuzzer's hang alarm uses the same
    timer) is put back afterwards. POSIX only (``signal.setitimer``).

    Args:
        game: The game to apply the action to.
        action: An action or its notation.
        delay: Seconds before the signal.

    Returns:
        Whether the interrupt landed; if not, the action was applied whole.
    """

    def ring(signum: int, frame: Any) -> None:
        name = "" if frame is None else frame.f_code.co_filename
        if "baldurs_rules" in name and "testing" not in name:
            raise KeyboardInterrupt

    start = time.perf_counter()
    previous = signal.signal(signal.SIGALRM, ring)
    hang_alarm, _ = signal.setitimer(signal.ITIMER_REAL, delay)
    try:
        game.apply(action)
    except KeyboardInterrupt:
        return True
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
        if hang_alarm > 0:
            left = hang_alarm - (time.perf_counter() - start)
            signal.setitimer(signal.ITIMER_REAL, max(left, 0.000001))
    return False
