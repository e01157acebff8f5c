"""What every adapter shares: checks of a content and options, and of an ``out`` vector; rewards.

An adapter (the PettingZoo environment, the vector of games, the OpenSpiel game)
calls [`check_setup`][baldurs_rules.rl.common.check_setup] when it is
created, so a content or an option it cannot play is refused there with a clear
[`RulesError`][baldurs_rules.errors.RulesError], never half-way through an episode.
"""

from __future__ import annotations

from typing import Any

from baldurs_rules.content.model import Content
from baldurs_rules.errors import RulesError, did_you_mean
from baldurs_rules.game import Game, Result, new_game
from baldurs_rules.rules import Rules

__all__ = [
    "REWARDS",
    "STEP_REWARDS",
    "check_out",
    "check_setup",
    "final_rewards",
    "prestige_of",
    "render_text",
    "reward_range",
]

REWARDS = ("win", "prestige")
"""The reward modes given at the end: ``win`` (+1 shared by the winners, -1 shared by
the others) and ``prestige`` (final prestige minus the mean final prestige of the others)."""

STEP_REWARDS = (*REWARDS, "prestige_delta")
"""The reward modes of the environments that reward every step: those of
[`REWARDS`][baldurs_rules.rl.common.REWARDS] and ``prestige_delta`` (the change of
the seat's own prestige since its last reward, the final scoring included: over a game
they add up to its final prestige minus its starting prestige)."""


def check_setup(
    content: Content,
    players: object,
    advanced: object,
    reward: object,
    rewards: tuple[str, ...] = REWARDS,
) -> None:
    """Refuse, with a clear error, options or a content the adapters cannot play.

    Checks the player count against the content's range and the reward mode
    (one of ``rewards``), then sets up one game (with a fixed seed and no log) so
    that a content that cannot start a game with these options fails now.

    Raises:
        RulesError: What is wrong and what would be right.

    Examples:
        >>> import baldurs_rules as br
        >>> check_setup(br.load_content(), 5, False, "win")
        Traceback (most recent call last):
        ...
        baldurs_rules.errors.RulesError: players must be a whole number from 2 to 4 ...
    """
    low, high = content.settings["players"]["min"], content.settings["players"]["max"]
    if type(players) is not int or not low <= players <= high:
        raise RulesError(
            f"players must be a whole number from {low} to {high} for this content, not {players!r}"
        )
    if not isinstance(advanced, bool):
        raise RulesError(f"advanced must be True or False, not {advanced!r}")
    if reward not in rewards:
        raise RulesError(
            f"reward must be one of {rewards}, not {reward!r}{did_you_mean(str(reward), rewards)}"
        )
    try:
        new_game(players, 0, advanced, content, log=False)
    except RulesError as exc:
        raise RulesError(
            f"this content cannot start a {players}-player game"
            f"{' (advanced setup)' if advanced else ''}: {exc.message}"
        ) from exc


def final_rewards(result: Result, reward: str) -> list[float]:
    """Each seat's reward at the end of a game (they add up to 0 with two or more seats).

    With ``win``, a sole winner gets +1 and the others share -1; a shared victory
    splits +1 among the winners. With ``prestige``, each seat gets its final
    prestige minus the mean final prestige of the others (alone at the table: its
    final prestige).

    Examples:
        >>> from baldurs_rules.game import Result
        >>> result = Result([9, 5, 5], {}, [0, 0, 0], {}, [0, 1, 2], [0])
        >>> final_rewards(result, "win")
        [1.0, -0.5, -0.5]
        >>> final_rewards(result, "prestige")
        [4.0, -2.0, -2.0]
    """
    n = len(result.prestige)
    if reward == "prestige":
        if n == 1:
            return [float(result.prestige[0])]
        total = sum(result.prestige)
        return [p - (total - p) / (n - 1) for p in result.prestige]
    winners = set(result.winners)
    losers = n - len(winners)
    return [
        1.0 / len(winners) if s in winners else (-1.0 / losers if losers else 0.0) for s in range(n)
    ]


def reward_range(reward: str, players: int) -> tuple[float, float]:
    """The least and the most one seat's final reward can be.

    Examples:
        >>> reward_range("win", 4)
        (-1.0, 1.0)
    """
    if reward == "win":  # alone at the table: always +1 (the range still spans 0 .. 1)
        return (-1.0, 1.0) if players > 1 else (0.0, 1.0)
    from baldurs_rules.dsl.bounds import MAX_RESOURCE

    return (-float(MAX_RESOURCE), float(MAX_RESOURCE)) if players > 1 else (0.0, MAX_RESOURCE)


def prestige_of(game: Game, seat: int) -> int:
    """The prestige ``seat`` holds now (before the final scoring while the game runs).

    Examples:
        >>> import baldurs_rules as br
        >>> prestige_of(br.new_game(players=2, seed=0), 1)
        0
    """
    return game.state.res[seat][Rules.of(game.content).t.prestige]


def render_text(game: Game) -> str:
    """The environments' ``ansi`` rendering: the turn, who decides, each seat's public counts.

    Examples:
        >>> import baldurs_rules as br
        >>> print(render_text(br.new_game(players=2, seed=0)).splitlines()[0])
        turn 0, phase play, seat 0 to decide
    """
    view = game.view(0)
    lines = [f"turn {view['turn']}, phase {view['phase']}, seat {game.current_player} to decide"]
    for seat, public in enumerate(view["seats"]):
        res = ", ".join(f"{v} {r}" for r, v in public["resources"].items())
        lines.append(f"  seat {seat}: {res}; hand {public['hand_size']}")
    return "\n".join(lines)


def check_out(out: object, size: int, dtype: Any, who: str, hint: str) -> None:
    """Refuse an ``out`` vector that cannot be written into, saying why.

    Args:
        out: What the caller passed as ``out``.
        size: The length it must have (one dimension).
        dtype: The numpy dtype it must have, or None for any.
        who: The function refusing it, for the message.
        hint: What to pass instead (``np.zeros(N, dtype=np.int8)``).

    Raises:
        RulesError: ``out`` is not a writeable numpy vector of ``size`` (and ``dtype``).

    Examples:
        >>> import numpy as np
        >>> check_out([0.0], 1, np.float32, "encode", "np.empty(1, dtype=np.float32)")
        Traceback (most recent call last):
        ...
        baldurs_rules.errors.RulesError: encode: out is a list, not a numpy array; ...
    """
    import numpy as np  # only the RL adapters pass vectors, and they need numpy anyway

    if not isinstance(out, np.ndarray):
        problem = f"is a {type(out).__name__}, not a numpy array"
    elif dtype is not None and out.dtype != dtype:
        problem = f"has dtype {out.dtype}, not {np.dtype(dtype).name}"
    elif out.shape != (size,):
        problem = f"has shape {out.shape}, not ({size},)"
    elif not out.flags.writeable:
        problem = "is read-only"
    else:
        return
    raise RulesError(f"{who}: out {problem}; pass {hint} or None")
