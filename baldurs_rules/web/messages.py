"""What the server sends a page: built only from what its seat may see.

Every function here takes the game and *whom* the message is for (a seat, or
``"spectator"``) and reads nothing the reader may not know:

- the table itself comes from [`Game.view`][baldurs_rules.game.Game.view] (for
  a spectator, that view with every card of every hand taken out), the
  public rows of [`baldurs_rules.present.board_text`][] and the public board SVG;
- the decision, with its prompt and grouped options, only for the seat that
  decides; the others learn who decides and what kind of decision it is;
- the log is [`narration`][baldurs_rules.present.narration.narration] from the reader's
  seat, told action by action (``marks`` are the event counts after each
  move), so the lines are the same whenever a page asks for them.

A leak test (``tests/web/test_leaks.py``) rebuilds every message the server
sent with the other seats' secrets dealt again and checks it is unchanged.

Examples:
    >>> import baldurs_rules as br
    >>> game = br.new_game(players=2, seed=1)
    >>> body = state_body(game, 1, 0, ["human", "human"])
    >>> body["decision"]
    {'kind': 'turn', 'seat': 0, 'mine': False}
    >>> "hand" in body["view"] and body["view"]["seats"][0]["known_hand"]
    []
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from baldurs_rules.present.narration import narration
from baldurs_rules.web.protocol import Viewer

if TYPE_CHECKING:
    from baldurs_rules.actions import Action
    from baldurs_rules.content.model import Content
    from baldurs_rules.game import Game

__all__ = [
    "Line",
    "catalog",
    "log_part",
    "narrated",
    "option_label",
    "public_part",
    "spectator_view",
    "state_body",
    "state_message",
]

Line = list[Any]
"""A narrated line as sent: ``[text, tone, seat]``
(see [`baldurs_rules.present.narration.Line`][])."""

_CARD_KINDS = ("buildings", "agendas", "gates", "hqs")


def narrated(game: Game, viewer: Viewer, marks: Sequence[int], start: int = 0) -> list[Line]:
    """The reader's story of the moves ``start`` on: the setup, then each move in turn.

    Args:
        game: The game.
        viewer: Whose story.
        marks: The event count at the start of the game and after each move.
        start: The first move to tell (0: the setup too).
    """
    seat = None if viewer == "spectator" else viewer
    lines: list[Line] = []
    before = 0 if start == 0 else marks[start - 1]
    for stop in marks[start:]:
        lines += [[line.text, line.tone, line.seat] for line in narration(game, seat, before, stop)]
        before = stop
    return lines


def log_part(lines: Sequence[Line], start: int) -> dict[str, Any]:
    """The lines from ``start`` on, and ``start`` (a page appends them to what it has)."""
    return {"start": start, "lines": list(lines[start:])}


def state_message(
    game: Game,
    viewer: Viewer,
    version: int,
    labels: Sequence[str],
    lines: Sequence[Line],
    start: int,
) -> dict[str, Any]:
    """The whole ``state`` message: [`state_body`][baldurs_rules.web.messages.state_body]
    and the log lines from ``start`` on."""
    return {**state_body(game, viewer, version, labels), "log": log_part(lines, start)}


def state_body(
    game: Game,
    viewer: Viewer,
    version: int,
    labels: Sequence[str],
    public: dict[str, Any] | None = None,
    moves: int | None = None,
) -> dict[str, Any]:
    """The table as ``viewer`` may see it, at ``version`` (every part but the log).

    Args:
        game: The game.
        viewer: A seat, or ``"spectator"``.
        version: Updates of the table so far, moves and undos (the page sends it
            back with its move); ``moves`` says how many moves the game has.
        labels: Who plays each seat (``human``, a bot's name).
        public: [`public_part`][baldurs_rules.web.messages.public_part] of the
            game, when already made for another reader of this version.
        moves: Moves played (default: ``version``, as when nothing was undone).
    """
    seat = None if viewer == "spectator" else viewer
    return {
        "type": "state",
        "version": version,
        "moves": version if moves is None else moves,
        "viewer": viewer,
        "labels": list(labels),
        "view": spectator_view(game) if seat is None else game.view(seat),
        **(public if public is not None else public_part(game)),
        "agendas": [] if seat is None else _agendas(game, seat),
        "decision": _decision(game, seat),
    }


def public_part(game: Game) -> dict[str, Any]:
    """What every reader is sent alike: the board SVG (no one marked "you": the page
    says who you are), every seat's public row and the special locations' trades."""
    from baldurs_rules.present.board_svg import render_svg
    from baldurs_rules.present.board_text import location_rows, seat_rows

    return {
        "board": render_svg(game),
        "seat_rows": [dataclasses.asdict(row) for row in seat_rows(game)],
        "locations": [dataclasses.asdict(row) for row in location_rows(game)],
        "last_move": last_move(game),
    }


_MARKED = {"build": "lots", "place": "sites", "worker": "locations", "attack": "districts"}
"""The events that change the board, and what the page marks for each."""


def last_move(game: Game) -> dict[str, list[Any]]:
    """What the last move that changed the board changed: the lots built, the sites
    taken, the locations a worker went to, the districts attacked (all public).

    Examples:
        >>> import baldurs_rules as br
        >>> game = br.new_game(players=2, seed=1)
        >>> game.apply("visit high_hall")
        >>> last_move(game)
        {'lots': [], 'sites': [], 'locations': ['high_hall'], 'districts': []}
    """
    found: dict[str, list[Any]] = {key: [] for key in ("lots", "sites", "locations", "districts")}
    values = {"build": 1, "place": 1, "worker": 0, "attack": 0}  # which value to mark
    for event in reversed(game.state.events):
        kind = event[0]
        if kind == "action" and any(found.values()):
            break
        if kind in _MARKED:
            found[_MARKED[kind]].append(event[3 + values[kind]])
    return found


def spectator_view(game: Game) -> dict[str, Any]:
    """The public part of every seat's view: no card of any hand, no card known in a deck.

    A card someone took from the offer is public, but a spectator's page is
    not told it (a seat's view cannot tell it from a card only that seat knows).
    """
    view = game.view(0)
    view["seat"] = None
    view["hand"], view["agendas"], view["legal_actions"] = [], [], []
    view["known_in_deck"], view["known_in_agenda_deck"] = [], []
    for seat in view["seats"]:
        seat["known_hand"], seat["known_agendas"] = [], []
    return view


def _agendas(game: Game, seat: int) -> list[dict[str, Any]]:
    """The seat's own agendas with what each would score now."""
    from baldurs_rules.rules.lookup import Lookup

    look = Lookup.of(game.content)
    return [
        {"id": card, "worth": max(0, look.agenda_value(game.state, seat, card))}
        for card in game.state.agendas[seat]
    ]


def _decision(game: Game, seat: int | None) -> dict[str, Any] | None:
    """Who decides what; for the deciding seat, the prompt and the options, grouped."""
    raw = game.state.decision
    if raw is None:
        return None
    kind, decider = raw.kind, raw.seat
    if decider != seat:
        return {"kind": kind, "seat": decider, "mine": False}
    decision = game.decision
    assert decision is not None
    groups = [
        {
            "key": key,
            "label": option_label(game, actions[0], group=key != str(actions[0])),
            "options": [{"action": str(a), "label": option_label(game, a)} for a in actions],
        }
        for key, actions in decision.grouped().items()
    ]
    together = getattr(decision, "at_once", ())
    if together:  # one click for the income abilities whose order cannot matter
        from baldurs_rules.present.labels import USE_ALL, at_once_label

        label = at_once_label(game, together)
        option = {"action": USE_ALL, "label": label}
        groups.insert(0, {"key": USE_ALL, "label": label, "options": [option]})
    return {
        "kind": kind,
        "seat": decider,
        "mine": True,
        "cause": decision.cause,
        "prompt": decision.prompt,
        "groups": groups,
    }


def option_label(game: Game, action: Action, group: bool = False) -> str:
    """A short label for an option (``group``: for the card of a build, before its lot).

    Examples:
        >>> import baldurs_rules as br
        >>> from baldurs_rules.actions import Action
        >>> game = br.new_game(players=2, seed=1)
        >>> option_label(game, Action("visit", ("high_hall",)))
        'Place your worker on The High Hall (Manorborn)'
    """
    from baldurs_rules.present.labels import option_label as label

    return label(game, action, group)


def catalog(content: Content) -> dict[str, Any]:
    """The ``welcome`` part every page gets once: names and rules text of every card,
    location and faction (all public), and the seat colours."""
    from baldurs_rules.present.board_svg import PLAYER_COLORS, PLAYER_NAMES
    from baldurs_rules.present.card_text import card_text

    idents = [i for kind in _CARD_KINDS for i in getattr(content, kind)]
    idents += [loc.id for loc in content.locations] + [f.id for f in content.factions]
    return {
        "names": content.names(),
        "texts": {ident: card_text(content, ident) for ident in idents},
        "colors": list(PLAYER_COLORS),
        "color_names": list(PLAYER_NAMES),
    }
