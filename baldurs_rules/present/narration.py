"""Plain-English text for players: what happened, why, and why a decision is asked.

[`narrate`][baldurs_rules.present.narration.narrate] turns the event log into one sentence
per happening, each with its cause, from one seat's point of view:

    Seat 2 gains 1 supply: their Trading Hall on lot 14 is joined to your new Market on lot 15.

It reads the log through [`Game.events_for`][baldurs_rules.game.Game.events_for],
so what the seat may not know (another seat's drawn or put-back cards) is never
in the text; everything else it reads (the board, the portfolios, the HQs) is
public. A line whose cause lies before the narrated slice (a connection bonus
resolved after a decision names the piece built before it) finds it in the
earlier log, which is why ``narrate`` takes the game and an event index rather
than a list of events.

Examples:
    >>> import baldurs_rules as br
    >>> game = br.new_game(players=2, seed=1)
    >>> start = len(game.state.events)
    >>> game.apply("income")
    >>> narrate(game, 0, start)[0]
    'You take income.'
    >>> narrate(game, 1, start)[0]
    'Seat 0 takes income.'
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from baldurs_rules.actions import Action
from baldurs_rules.errors import RulesError
from baldurs_rules.present.phrasing import (
    Phrasing,
    cause_text,
    piece_text,
    seat_text,
    third_person,
)

if TYPE_CHECKING:
    from baldurs_rules.game import Game

__all__ = [
    "TELLERS",
    "Line",
    "Narrator",
    "cause_text",
    "narrate",
    "narration",
    "piece_text",
    "seat_text",
]


@dataclass(frozen=True)
class Line:
    """One narrated happening.

    Attributes:
        text: The sentence, e.g. ``"You gain 2 favor: you used The Wyrm's Rest Hostel."``.
        kind: The kind of the event the line is about (``resource``, ``build``, ...).
        seat: Whose happening it is (-1 for the city: lot draws, attacks).
        events: The indices in the log of every event the line tells (a build and
            the gold paid for it; a run of resource changes with one cause).
        tone: ``turn`` (a turn's action), ``forced`` (a move with one legal answer),
            ``attack``, ``end`` (the end of the game coming), ``score`` or ``""``;
            a frontend may colour by it.
    """

    text: str
    kind: str
    seat: int
    events: tuple[int, ...]
    tone: str = ""


def narration(
    game: Game, seat: int | None = None, start: int = 0, stop: int | None = None
) -> list[Line]:
    """The log from event ``start`` to ``stop`` as [`Line`][baldurs_rules.present.narration.Line]s.

    Args:
        game: The game whose log is told.
        seat: The reader: ``you`` in the text, and only what this seat may know;
            None for a spectator (the city's point of view: no one's cards).
        start: The first event to tell (``len(game.state.events)`` before an
            action tells that action's consequences).
        stop: The event after the last one to tell (default: the end of the log).

    Raises:
        RulesError: ``seat`` is not a seat of the game.

    Examples:
        >>> import baldurs_rules as br
        >>> game = br.new_game(players=2, seed=1)
        >>> [(line.kind, line.seat) for line in narration(game)][:3]
        [('hq', 0), ('hq', 1), ('lot', -1)]
    """
    players = game.state.players
    if seat is not None and (type(seat) is not int or not 0 <= seat < players):
        raise RulesError(f"seat must be None or 0 to {players - 1}, not {seat!r}")
    return Narrator(game, seat).lines(start, stop)


def narrate(
    game: Game, seat: int | None = None, start: int = 0, stop: int | None = None
) -> list[str]:
    """The log from event ``start`` on, one sentence per happening, as ``seat`` may know it.

    See [`narration`][baldurs_rules.present.narration.narration] for the arguments; this
    returns the texts only.

    Examples:
        >>> import baldurs_rules as br
        >>> game = br.scenario({"players": 2, "seats": [{"resources": {"favor": 3}}, {}]})
        >>> game.apply("visit high_hall")
        >>> start = len(game.state.events)
        >>> game.apply("trade 1")
        >>> for line in narrate(game, 0, start):  # doctest: +ELLIPSIS
        ...     print(line)
        You trade at The High Hall: trade 1, for 1 favor.
        You gain 3 influence with Council of Four (now space 3): you traded at The High Hall...
        You gain 1 favor: you reached Council of Four space 2.
        >>> narrate(game, None, start)[-1]
        'Seat 0 gains 1 favor: they reached Council of Four space 2.'
    """
    return [line.text for line in narration(game, seat, start, stop)]


Event = dict[str, Any]
"""An event as the reader may see it (``Phrasing.event``)."""

_TONES = {
    "attack": "attack",
    "damage_token": "attack",
    "damaged": "attack",
    "end_triggered": "end",
    "final_round": "end",
    "final_token": "end",
    "game_over": "end",
    "agenda_scored": "score",
    "forced": "forced",
    "action": "turn",
    "start": "turn",
}
_LAST_IS_MAIN = frozenset({"build", "agenda_scored"})
"""Kinds told by the last event of their group (the gold paid before a build is told with it)."""


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


class Narrator(Phrasing):
    """Sentences about the log of one game for one reader (None: a spectator): one per
    happening, with its cause ([`Phrasing`][baldurs_rules.present.phrasing.Phrasing]
    gives the words).

    Args:
        game: The game whose log is told.
        reader: The seat that reads (``you``), or None.
    """

    # ------------------------------------------------------------ lines
    def lines(self, start: int, stop: int | None) -> list[Line]:
        """The lines of the events from ``start`` to ``stop``."""
        end = len(self.raw) if stop is None else max(0, min(stop, len(self.raw)))
        found: list[Line] = []
        for group in self.groups(max(0, start), end):
            told = [i for i in group if self.raw[i][0] != "action" or self.raw[i][3] == "income"]
            told = told or group
            main = told[-1] if self.raw[told[-1]][0] in _LAST_IS_MAIN else told[0]
            event = self.event(main)
            text = TELLERS[event["kind"]](self, main, event, group)
            if text is None:
                continue
            tone = _TONES.get(event["kind"], "")
            if event["kind"] == "resource" and str(event["cause"]).startswith("score"):
                tone = "score"
            found.append(Line(_capital(text), event["kind"], event["seat"], tuple(group), tone))
        return found

    def groups(self, start: int, end: int) -> list[list[int]]:
        """Events told together: a payment with what it paid for, a run of one cause."""
        groups: list[list[int]] = []
        waiting: list[int] = []
        index = start
        while index < end:
            size = self.group_size(index, end)
            group = waiting + list(range(index, index + size))
            index += size
            last = self.raw[group[-1]]
            if last[0] == "action" and last[3] != "income":
                waiting = group  # a build or a visit: told by the event that follows
                continue
            waiting = []
            groups.append(group)
        if waiting:
            groups.append(waiting)
        return groups

    def group_size(self, index: int, end: int) -> int:
        """How many events from ``index`` on make one line."""
        raw, first = self.raw, self.raw[index]
        if index + 1 >= end:
            return 1
        after = raw[index + 1]
        if first[0] == "resource" and after[0] == "build":
            return 2 if first[1:3] == (after[1], after[3]) and first[4] == -after[5] else 1
        if first[0] == "resource" and after[0] == "agenda_scored":
            return 2 if first[1:3] == (after[1], f"agenda:{after[2]}") else 1
        if first[0] == "trade" and after[0] == "resource":
            return 2 if after[2] == first[2] and after[1] == first[1] and after[4] < 0 else 1
        if first[0] == "forced" and after[0] == "action":
            return 2 if first[4] == after[3] and first[1] == after[1] else 1
        size = 1
        while (
            first[0] == "resource"
            and index + size < end
            and raw[index + size][0] == "resource"
            and raw[index + size][1:3] == first[1:3]
        ):
            size += 1
        return size

    # ------------------------------------------------------------ one text per kind
    # Each takes the index of the event told, the event (as the reader sees it) and
    # the indices of the events told with it.
    def text_start(self, index: int, e: Event, group: list[int]) -> str:
        return f"the game begins: {self.says(e['seat'], 'play')} first."

    def text_hq(self, index: int, e: Event, group: list[int]) -> str:
        where = self.district_of_node(e["site"])
        return f"{self.says(e['seat'], 'take')} the HQ {self.name(e['card'])} in {where}."

    def text_lot(self, index: int, e: Event, group: list[int]) -> str:
        district, lot = e["district"], e["lot"]
        where = f"lot {lot} in {self.name(district)}"
        track = self.track_text(index, district)
        if e["cause"] == "setup":
            return f"setup: {where} is available ({track})."
        after = f"the token drawn after {self.poss(e['seat'])} build"
        return f"{where} becomes available: {after} ({track})."

    def text_lot_banned(self, index: int, e: Event, group: list[int]) -> str:
        where = f"lot {e['lot']} in {self.name(e['district'])}"
        track = self.track_text(index, e["district"])
        return f"setup: {where} is banned for the whole game ({track})."

    def track_text(self, index: int, district: str) -> str:
        tokens, trigger = self.tokens(index, district), self.t.trigger
        text = f"{self.name(district)} attack track {tokens}/{trigger}"
        return text + ": an attack now" if tokens == trigger else text

    def text_discard(self, index: int, e: Event, group: list[int]) -> str:
        what = e["what"]
        card = e.get("card")
        thing = (
            f"{'an' if what[0] in 'aeiou' else 'a'} {what} card"
            if card is None
            else self.name(card)
        )
        return f"{self.says(e['seat'], 'put')} {thing} back under the {what} deck (advanced setup)."

    def text_action(self, index: int, e: Event, group: list[int]) -> str:
        return f"{self.says(e['seat'], 'take')} income."

    def text_forced(self, index: int, e: Event, group: list[int]) -> str:
        seat, decision, action = e["seat"], e["decision"], e["action"]
        if decision == "income":
            return (
                f"{self.says(seat, 'have')} no other income ability to use: the income action ends."
            )
        if decision == "trade":
            return f"{self.says(seat, 'can')} make none of the trades here."
        what = self.action_text(action, seat)
        if decision == "choose":
            what = self.choice_text(e["cause"], action) or what
        if decision == "turn":
            return f"{self.says(seat, 'have')} one option this turn: {what}."
        cause = cause_text(self.game, str(e["cause"]), self.reader)
        return f"{self.says(seat, 'have')} one option for {cause}: {what}."

    def choice_text(self, cause: str, action: str) -> str | None:
        """The text of branch n of the one ``choose`` of the cause's effects, if it has one."""
        from baldurs_rules.dsl import ast
        from baldurs_rules.dsl.render import to_text

        move = Action.from_notation(action)
        if move.kind != "choose" or not move.args or not isinstance(move.args[0], int):
            return None
        choices = [
            n for tree in self.trees_of(cause) for n in ast.walk(tree) if isinstance(n, ast.Choose)
        ]
        number = move.args[0]
        if len(choices) != 1 or not 1 <= number <= len(choices[0].options):
            return None
        text = to_text(choices[0].options[number - 1], self.names).rstrip(".")
        return text[:1].lower() + text[1:]

    def trees_of(self, cause: str) -> list[Any]:
        """The effect trees a cause (card, faction space, trade) may run."""
        content = self.content
        head, _, tail = cause.partition(":")
        scripts: list[Any] = []
        if cause in content.buildings:
            card = content.buildings[cause]
            scripts = [card.when_built, card.income]
        elif cause in content.gates:
            scripts = [content.gates[cause].income]
        elif cause in content.hqs:
            hq = content.hqs[cause]
            side = hq.advanced if self.game.state.advanced else hq.basic
            scripts = [side.income, side.ability, side.bonus, side.setup]
        elif head in self.factions and tail.isdecimal():
            rewards = next(f.rewards for f in content.factions if f.id == head)
            scripts = [rewards[int(tail) - 1]] if 0 < int(tail) <= len(rewards) else []
        elif head in self.locations and tail.isdecimal():
            trades = content.locations[self.t.location_index[head]].trades
            scripts = [trades[int(tail) - 1].effect] if 0 < int(tail) <= len(trades) else []
        return [s.tree for s in scripts if s is not None]

    def text_resource(self, index: int, e: Event, group: list[int]) -> str:
        seat, cause = e["seat"], str(e["cause"])
        own = self.cause_is_own(cause, seat, index)
        runs: list[tuple[str, list[tuple[str, int]]]] = []  # (verb, amounts), as in the log
        for at in group:
            delta, resource = self.raw[at][4], self.raw[at][3]
            verb = "gain" if delta > 0 else ("pay" if own else "lose")
            if not runs or runs[-1][0] != verb:
                runs.append((verb, []))
            runs[-1][1].append((resource, abs(delta)))
        you = seat >= 0 and seat == self.reader
        parts = [
            f"{verb if you else third_person(verb)} {self.amounts(amounts)}"
            for verb, amounts in runs
        ]
        text = f"{self.who(seat)} {' and '.join(parts)}"
        return f"{text}: {self.why(cause, seat, index)}."

    def amounts(self, amounts: list[tuple[str, int]]) -> str:
        """``4 gold and 2 supply`` (one resource given twice is added up)."""
        total: dict[str, int] = {}
        for resource, count in amounts:
            total[resource] = total.get(resource, 0) + count
        return " and ".join(self.amount(count, resource) for resource, count in total.items())

    def text_influence(self, index: int, e: Event, group: list[int]) -> str:
        seat, faction = e["seat"], e["faction"]
        if not e["delta"]:
            top = f"{self.poss(seat)} cube is at the top of {self.name(faction)} already"
            return f"{_capital(top)}: {self.why(str(e['cause']), seat, index)}."
        gained = f"{self.says(seat, 'gain')} {e['delta']} influence with {self.name(faction)}"
        return f"{gained} (now space {e['level']}): {self.why(str(e['cause']), seat, index)}."

    def text_build(self, index: int, e: Event, group: list[int]) -> str:
        seat, card, lot = e["seat"], e["card"], e["lot"]
        tile = self.name(self.t.tiles[self.t.tile_of[card]]).lower()
        district = self.name(self.t.districts[self.t.node_district[self.t.lot_node[lot]]])
        text = f"{self.says(seat, 'build')} {self.name(card)} ({tile}) on lot {lot} in {district}"
        text += f" for {e['cost']} gold" if e["cost"] else " for free"
        cause = str(e["cause"])
        return f"{text}." if cause == "build" else f"{text}: {self.why(cause, seat, index)}."

    def text_place(self, index: int, e: Event, group: list[int]) -> str:
        seat, piece = e["seat"], self.name(e["piece"]).lower()
        where = self.district_of_node(e["site"])
        why = self.why(str(e["cause"]), seat, index)
        return f"{self.says(seat, 'put')} a {piece} in {where}: {why}."

    def text_gate_card(self, index: int, e: Event, group: list[int]) -> str:
        seat = e["seat"]
        why = self.why(str(e["cause"]), seat, index)
        return f"{self.says(seat, 'take')} the gate card {self.name(e['card'])}: {why}."

    def text_worker(self, index: int, e: Event, group: list[int]) -> str:
        seat, where = e["seat"], e["location"]
        place = f"{self.name(where)} in {self.district_of_location(where)}"
        return f"{self.says(seat, 'place')} {self.poss(seat, seat)} worker on {place}."

    def text_worker_home(self, index: int, e: Event, group: list[int]) -> str:
        seat, where, cause = e["seat"], e["location"], str(e["cause"])
        text = f"{self.poss(seat)} worker comes home from {self.name(where)}"
        if cause == "displaced":
            at = self.last(index, lambda r: r[0] == "action" and str(r[3]).startswith("visit"))
            who = self.agent(self.raw[at][1], seat) if at >= 0 else "another player"
            return f"{text}: {who} placed a worker there."
        if cause in self.t.tile_of:
            at = self.last(index + 1, lambda r: r[0] == "build" and r[3] == cause)
            who = self.agent(self.raw[at][1], seat) if at >= 0 else "someone"
            return f"{text}: {who} built {self.name(cause)} in {self.district_of_location(where)}."
        return f"{text}: {self.why(cause, seat, index)}."

    def text_trade(self, index: int, e: Event, group: list[int]) -> str:
        seat = e["seat"]
        paid = -self.raw[group[1]][4] if len(group) > 1 else 0
        cost = f"for {paid} favor" if paid else "for free"
        return (
            f"{self.says(seat, 'trade')} at {self.name(e['location'])}: trade {e['trade']}, {cost}."
        )

    def text_use(self, index: int, e: Event, group: list[int]) -> str:
        return f"{self.says(e['seat'], 'use')} the income ability of {self.name(e['card'])}."

    def text_take(self, index: int, e: Event, group: list[int]) -> str:
        seat = e["seat"]
        why = self.why(str(e["cause"]), seat, index)
        return f"{self.says(seat, 'take')} {self.name(e['card'])} from the offer: {why}."

    def text_draw_building(self, index: int, e: Event, group: list[int]) -> str:
        return self.draw_text(index, e, "a building card", "deck")

    def text_draw_agenda(self, index: int, e: Event, group: list[int]) -> str:
        return self.draw_text(index, e, "an agenda card", "agenda deck")

    def draw_text(self, index: int, e: Event, secret: str, deck: str) -> str:
        seat = e["seat"]
        card = e.get("card")
        what = secret if card is None else self.name(card)
        why = self.why(str(e["cause"]), seat, index)
        return f"{self.says(seat, 'draw')} {what} from the {deck}: {why}."

    def text_end_triggered(self, index: int, e: Event, group: list[int]) -> str:
        return "the last lot token is drawn: the end of the game is triggered."

    def text_final_round(self, index: int, e: Event, group: list[int]) -> str:
        why = "the turn limit is reached" if e["cause"] == "turn_limit" else "the end is triggered"
        last = self.who(e["seat"])
        return f"final round ({why}): every other player takes one more turn, then {last} last."

    def text_attack(self, index: int, e: Event, group: list[int]) -> str:
        name = self.name(e["district"])
        which = "the final attack" if e["cause"] == "final_attack" else "an attack"
        outcome = f"{name} holds" if e["held"] else f"{name} falls"
        forces = f"strength {e['strength']} against defense {e['defense']}"
        return f"{which} on {name}: {forces}: {outcome}."

    def text_damage_token(self, index: int, e: Event, group: list[int]) -> str:
        district = e["district"]
        location = self.t.district_location[self.t.district_index[district]]
        extra = self.damage(index, district) * self.t.damage_favor
        name = self.name(self.t.locations[location]) if location >= 0 else self.name(district)
        return f"a damage token on {name}: each of its trades now costs {extra} more favor."

    def text_damaged(self, index: int, e: Event, group: list[int]) -> str:
        seat, lot = e["seat"], e["lot"]
        node = self.t.lot_node[lot]
        district = self.name(self.t.districts[self.t.node_district[node]])
        piece = piece_text(self.game, self.t.node_ids[node])
        back = "your cube comes back" if seat == self.reader else "the cube goes back"
        nothing = f"{self.agent(seat, seat)} had no fortification defending {district}"
        return f"{self.poss(seat)} {piece} is damaged ({nothing}); {back}."

    def text_final_token(self, index: int, e: Event, group: list[int]) -> str:
        name = self.name(e["district"])
        return f"the face-down token is lot {e['lot']}: the final attack is on {name}."

    def text_agenda_scored(self, index: int, e: Event, group: list[int]) -> str:
        seat = e["seat"]
        card = self.name(str(e["cause"]))
        return f"{self.says(seat, 'score')} the agenda {card}: {e['value']} prestige."

    def text_game_over(self, index: int, e: Event, group: list[int]) -> str:
        winners = list(e["winners"])
        if len(winners) == 1:
            return f"the game is over: {self.says(winners[0], 'win')}."
        names = " and ".join(self.who(s) for s in winners)
        return f"the game is over: a shared victory for {names}."


Teller = Callable[[Narrator, int, Event, list[int]], str | None]

TELLERS: dict[str, Teller] = {
    "start": Narrator.text_start,
    "hq": Narrator.text_hq,
    "lot": Narrator.text_lot,
    "lot_banned": Narrator.text_lot_banned,
    "discard": Narrator.text_discard,
    "action": Narrator.text_action,
    "forced": Narrator.text_forced,
    "resource": Narrator.text_resource,
    "influence": Narrator.text_influence,
    "build": Narrator.text_build,
    "place": Narrator.text_place,
    "gate_card": Narrator.text_gate_card,
    "worker": Narrator.text_worker,
    "worker_home": Narrator.text_worker_home,
    "trade": Narrator.text_trade,
    "use": Narrator.text_use,
    "take": Narrator.text_take,
    "draw_building": Narrator.text_draw_building,
    "draw_agenda": Narrator.text_draw_agenda,
    "end_triggered": Narrator.text_end_triggered,
    "final_round": Narrator.text_final_round,
    "attack": Narrator.text_attack,
    "damage_token": Narrator.text_damage_token,
    "damaged": Narrator.text_damaged,
    "final_token": Narrator.text_final_token,
    "agenda_scored": Narrator.text_agenda_scored,
    "game_over": Narrator.text_game_over,
}
"""The sentence of each event kind (a test checks that every kind of the log has one)."""
