"""Rules text of cards and locations, rendered from their effect trees.

What a player reads is generated from the same AST the engine runs, so text
and behaviour can never drift apart.

Examples:
    >>> from baldurs_rules import load_content
    >>> print(card_text(load_content(), "elfsong_tavern").splitlines()[0])
    The Elfsong Tavern — inn, cost 4 gold
"""

from __future__ import annotations

from baldurs_rules.content.model import Content, HqSide, Script
from baldurs_rules.dsl.checker import Slot
from baldurs_rules.dsl.render import describe_score, to_text

__all__ = ["card_text", "script_text", "where_defined"]

_NOT_OPTIONS = frozenset(
    s.value for s in (Slot.WHEN_BUILT, Slot.REWARD, Slot.BONUS, Slot.HQ_INCOME, Slot.HQ_SETUP)
)
"""Slots whose effect simply happens: a cost in them is offered, never required."""


def script_text(content: Content, script: Script | None) -> str:
    """English text of one effect or agenda score ('' for None).

    A cost at the root of an option (income ability, HQ ability, trade) reads
    "Pay ... to ..."; in an effect that simply happens it reads "You may pay ...".

    Examples:
        >>> from baldurs_rules import load_content
        >>> content = load_content()
        >>> script_text(content, content.agendas["master_of_the_counting_tables"].score)
        'Worth 3 prestige per Market you own.'
    """
    if script is None:
        return ""
    if script.slot == Slot.AGENDA.value:
        return describe_score(script.tree, content.names())
    return to_text(script.tree, content.names(), option=script.slot not in _NOT_OPTIONS)


def _side(content: Content, side: HqSide) -> list[str]:
    parts = [
        ("Income", side.income),
        ("Ability", side.ability),
        ("Connection bonus", side.bonus),
        ("Setup", side.setup),
    ]
    return [f"  {label}: {script_text(content, s)}" for label, s in parts if s is not None]


def card_text(content: Content, ident: str) -> str:
    """The full rules text of a card, location, tile type, fortification or faction, by id.

    Raises:
        KeyError: Nothing has this id.
    """
    names = content.names()
    if ident in content.buildings:
        b = content.buildings[ident]
        lines = [f"{b.name} — {names.get(b.type, b.type).lower()}, cost {b.cost} gold"]
        if b.when_built:
            lines.append(f"  When built: {script_text(content, b.when_built)}")
        if b.income:
            lines.append(f"  Income: {script_text(content, b.income)}")
    elif ident in content.gates:
        g = content.gates[ident]
        lines = [f"{g.name} — gate", f"  Income: {script_text(content, g.income)}"]
    elif ident in content.agendas:
        a = content.agendas[ident]
        lines = [f"{a.name} — agenda", f"  {script_text(content, a.score)}"]
    elif ident in content.hqs:
        h = content.hqs[ident]
        lines = [f"{h.name} — HQ in {names.get(h.district, h.district)}", " Basic side:"]
        lines += [*_side(content, h.basic), " Advanced side:", *_side(content, h.advanced)]
    else:
        lines = _other_text(content, ident)
    flavor = getattr(content.card(ident), "flavor", "") if _is_card(content, ident) else ""
    if flavor:
        lines.append(f"  “{flavor}”")
    return "\n".join(lines)


def _is_card(content: Content, ident: str) -> bool:
    return any(
        ident in cards for cards in (content.buildings, content.gates, content.agendas, content.hqs)
    )


def _other_text(content: Content, ident: str) -> list[str]:
    for loc in content.locations:
        if loc.id == ident:
            lines = [f"{loc.name} — special location in {content.names()[loc.district]}"]
            for i, trade in enumerate(loc.trades, 1):
                lines.append(
                    f"  Trade {i} ({trade.cost} favor): {script_text(content, trade.effect)}"
                )
            return lines
    for faction in content.factions:
        if faction.id == ident:
            lines = [f"{faction.name} — faction track"]
            for level, reward in enumerate(faction.rewards, 1):
                if reward is not None:
                    lines.append(f"  {level}: {script_text(content, reward)}")
            if content.past_top is not None:
                top = len(faction.rewards)
                lines.append(f"  Each point past {top}: {script_text(content, content.past_top)}")
            return lines
    for tile in content.tiles:
        if tile.id == ident:
            return [
                f"{tile.name} — building type ({tile.pile} tiles)",
                f"  Connection bonus: {script_text(content, tile.bonus)}",
            ]
    for fort in content.fortifications:
        if fort.id == ident:
            lines = [f"{fort.name} — fortification (defense {fort.defense})"]
            if fort.bonus is not None:
                lines.append(f"  Connection bonus: {script_text(content, fort.bonus)}")
            return lines
    raise KeyError(ident)


def where_defined(content: Content, ident: str) -> list[tuple[str, str]]:
    """(label, DSL source with its file:line:col) of each effect of a card or location."""
    found: list[tuple[str, Script | None]] = []
    if ident in content.buildings:
        b = content.buildings[ident]
        found = [("when_built", b.when_built), ("income", b.income)]
    elif ident in content.gates:
        found = [("income", content.gates[ident].income)]
    elif ident in content.agendas:
        found = [("score", content.agendas[ident].score)]
    elif ident in content.hqs:
        h = content.hqs[ident]
        for side_name, side in (("basic", h.basic), ("advanced", h.advanced)):
            found += [
                (f"{side_name}.{k}", getattr(side, k))
                for k in ("income", "ability", "bonus", "setup")
            ]
    else:
        for loc in content.locations:
            if loc.id == ident:
                found = [(f"trade {i}", t.effect) for i, t in enumerate(loc.trades, 1)]
    return [
        (label, s.source if s.location is None else f"{s.source}    # {s.location}")
        for label, s in found
        if s is not None
    ]
