"""Invariants of the map and the supply: cubes, tiles, lot tokens, attacks, pieces, HQs,
workers, influence and resources."""

from __future__ import annotations

from collections import Counter

from baldurs_rules.invariants.base import Checked, at_decision, parts, played
from baldurs_rules.rules.pending import DraftAsk, DraftFrame
from baldurs_rules.rules.state import LOT_BANNED, LOT_BUILT, LOT_FINAL, LOT_HIDDEN

__all__ = [
    "attacks_counted",
    "cubes_accounted",
    "hqs_placed",
    "influence_in_range",
    "lot_tokens_accounted",
    "pieces_consistent",
    "resources_non_negative",
    "tiles_accounted",
    "tiles_match_cards",
    "workers_placed",
]


def resources_non_negative(game: Checked) -> list[str]:
    """No resource, cube count or tile pile is below zero."""
    _, state = parts(game)
    problems = [
        f"seat {seat}: negative resource {row}"
        for seat, row in enumerate(state.res)
        if min(row) < 0
    ]
    problems += [f"seat {s}: negative cubes" for s, c in enumerate(state.cubes) if c < 0]
    if min(state.piles, default=0) < 0:
        problems.append(f"negative tile pile {state.piles}")
    return problems


def influence_in_range(game: Checked) -> list[str]:
    """Each influence level is from 0 to the number of spaces of its faction's track."""
    rules, state = parts(game)
    tops = [len(f.rewards) for f in rules.content.factions]
    return [
        f"seat {seat}: influence {level} with {rules.t.factions[f]} (0 to {tops[f]})"
        for seat, row in enumerate(state.influence)
        for f, level in enumerate(row)
        if not 0 <= level <= tops[f]
    ]


def workers_placed(game: Checked) -> list[str]:
    """Each worker is at home or on one location; no two share a location."""
    rules, state = parts(game)
    out = [w for w in state.worker if w >= 0]
    places = len(rules.t.locations)
    problems = [f"worker on unknown location {w}" for w in state.worker if not -1 <= w < places]
    if len(out) != len(set(out)):
        problems.append("two workers on one location")
    return problems


def cubes_accounted(game: Checked) -> list[str]:
    """Each player's cubes are all somewhere: supply, tracks or the map.

    The track cubes (one per faction) are taken at setup; buildings, watchtowers,
    keeps and gates each hold one cube; the HQ tile is the player's own colour and
    holds none.
    """
    rules, state = parts(game)
    total = rules.settings["setup"]["cubes"]
    tracks = len(rules.t.factions)
    on_map = Counter(who for who in state.owner if who >= 0)
    hq_sites = Counter(state.owner[n] for n in rules.t.hq_site if state.owner[n] >= 0)
    problems = []
    for seat in range(state.players):
        placed = on_map[seat] - hq_sites[seat]
        if state.cubes[seat] + tracks + placed != total:
            problems.append(
                f"seat {seat}: {state.cubes[seat]} in supply + {tracks} on tracks +"
                f" {placed} on the map != {total} cubes"
            )
    return problems


def tiles_accounted(game: Checked) -> list[str]:
    """Each tile type's pile plus its tiles on the map is the pile size (RULES B2).

    Damaged buildings keep their tiles, so no tile ever leaves the map. Only for a
    game played from a new game (a scenario may set the piles).
    """
    rules, state = parts(game)
    if not played(game):
        return []
    on_map = Counter(state.piece[n] for n in rules.t.lot_nodes if state.piece[n] >= 0)
    return [
        f"{tile.id}: {state.piles[i]} in the pile + {on_map[i]} on the map != {tile.pile} tiles"
        for i, tile in enumerate(rules.content.tiles)
        if state.piles[i] + on_map[i] != tile.pile
    ]


def tiles_match_cards(game: Checked) -> list[str]:
    """Each tile on the map is a building card in its builder's portfolio, of its type.

    A seat owns no more tiles of a type than it has building cards of that type
    (its damaged buildings have no owner, their cards stay); played from a new
    game, the tiles of each type on the map are exactly the built cards of that type.
    """
    rules, state = parts(game)
    t = rules.t
    problems = []
    built_total: Counter[int] = Counter()
    for seat in range(state.players):
        cards = Counter(t.tile_of[c] for c in state.portfolio[seat] if c in t.tile_of)
        built_total.update(cards)
        tiles = Counter(state.piece[n] for n in t.lot_nodes if state.owner[n] == seat)
        for tile, count in sorted(tiles.items()):
            if 0 <= tile < len(t.tiles) and count > cards[tile]:
                problems.append(
                    f"seat {seat} owns {count} {t.tiles[tile]} tiles but has"
                    f" {cards[tile]} such building cards in its portfolio"
                )
    if played(game):
        on_map = Counter(state.piece[n] for n in t.lot_nodes if state.piece[n] >= 0)
        for tile in sorted(set(on_map) | set(built_total)):
            if on_map[tile] != built_total[tile] and 0 <= tile < len(t.tiles):
                problems.append(
                    f"{on_map[tile]} {t.tiles[tile]} tiles on the map but"
                    f" {built_total[tile]} such building cards in portfolios"
                )
    return problems


def lot_tokens_accounted(game: Checked) -> list[str]:
    """Every lot token is in the bag, face down, or revealed on its district's track."""
    rules, state = parts(game)
    t = rules.t
    problems = []
    hidden = {n for n in t.lot_nodes if state.lots[n] == LOT_HIDDEN}
    face_down = {state.final_token} if state.lots[state.final_token] == LOT_HIDDEN else set()
    if len(state.bag) != len(set(state.bag)):
        problems.append("a lot token is in the bag twice")
    if set(state.bag) | face_down != hidden or set(state.bag) & face_down:
        problems.append("the bag and the face-down token do not match the hidden lots")
    others = [
        t.node_ids[n] for n, kind in enumerate(t.node_kind) if kind != "lot" and state.lots[n]
    ]
    if others:
        problems.append(f"sites {others[:3]} have a lot status, but they are not lots")
    finals = [t.node_lot[n] for n in t.lot_nodes if state.lots[n] == LOT_FINAL]
    if finals and finals != [t.node_lot.get(state.final_token)]:
        problems.append(f"lots {finals} are marked as the revealed final token")
    for d, name in enumerate(t.districts):
        revealed = sum(
            1 for n in t.district_lots[d] if state.lots[n] not in (LOT_HIDDEN, LOT_FINAL)
        )
        if revealed != state.track[d]:
            problems.append(f"{name}: {state.track[d]} tokens on the track, {revealed} revealed")
    return problems


def attacks_counted(game: Checked) -> list[str]:
    """The strength marker moved once per regular attack; damage tokens and damaged
    buildings only where an attack fell; no more banned lots than the setup bans.

    A district is attacked when its track reaches the trigger (RULES Build 8), and
    the final attack hits the face-down token's district. Only for a game played
    from a new game (a scenario may set the tracks, strength and damage).
    """
    rules, state = parts(game)
    if not played(game):
        return []
    t = rules.t
    attacks = [int(track >= t.trigger) for track in state.track]
    if state.final_token >= 0 and state.lots[state.final_token] == LOT_FINAL:
        attacks[t.node_district[state.final_token]] += 1
    expected = min(sum(1 for track in state.track if track >= t.trigger), len(t.strength_track) - 1)
    problems = []
    if state.strength != expected:
        problems.append(
            f"strength marker on space {state.strength}, but {expected} attacks moved it"
        )
    for d, name in enumerate(t.districts):
        tokens = state.damage[d]
        damaged = sum(1 for n in t.district_lots[d] if state.piece[n] >= 0 > state.owner[n])
        if tokens > attacks[d] or (tokens and t.district_location[d] < 0):
            problems.append(f"{name}: {tokens} damage tokens after {attacks[d]} attacks")
        if damaged and not (tokens if t.district_location[d] >= 0 else attacks[d]):
            problems.append(f"{name}: {damaged} damaged buildings but no attack fell there")
    banned = sum(1 for n in t.lot_nodes if state.lots[n] == LOT_BANNED)
    most = int(rules.settings["setup"]["banned_lots"].get(str(state.players), 0))
    if banned > most:
        problems.append(f"{banned} banned lots; the setup bans {most} with {state.players} players")
    return problems


def pieces_consistent(game: Checked) -> list[str]:
    """A lot holds a tile exactly when it is built; sites hold the right kind of piece;
    only a damaged building has no owner; each HQ tile is on its card's HQ site."""
    rules, state = parts(game)
    t = rules.t
    problems = []
    gate = t.fort["gate"]
    for n, kind in enumerate(t.node_kind):
        piece, name = state.piece[n], t.node_ids[n]
        if kind == "lot" and (piece >= 0) != (state.lots[n] == LOT_BUILT):
            problems.append(f"lot {t.node_lot[n]}: tile and status disagree")
        if piece < 0 and state.owner[n] >= 0:
            problems.append(f"node {name} has an owner but no piece")
        if kind == "lot" and piece >= len(t.tiles):
            problems.append(f"lot {t.node_lot[n]} holds tile {piece}, which is no tile type")
        if kind in ("fortification", "gate") and piece >= 0:
            if (piece == gate) != (kind == "gate") or piece >= len(t.defense):
                problems.append(f"{name}: a {kind} site holds the wrong kind of piece")
            if state.owner[n] < 0:
                problems.append(
                    f"{name}: a fortification without an owner (they are never damaged)"
                )
    for seat, hq in enumerate(state.hq):
        if hq and state.owner[t.hq_site[rules.hq_district(hq)]] != seat:
            problems.append(f"seat {seat}: the HQ tile of {hq} is not on its district's HQ site")
    for n in t.hq_site:  # an HQ site holds nothing, or its owner's HQ tile (piece 0)
        owner = state.owner[n]
        if state.piece[n] not in (-1, 0) or (state.piece[n] == 0 and owner < 0):
            problems.append(f"{t.node_ids[n]}: an HQ site holds something else than an HQ")
        elif owner >= 0 and not (
            state.hq[owner] and t.hq_site[rules.hq_district(state.hq[owner])] == n
        ):
            problems.append(f"{t.node_ids[n]}: an HQ tile that is not its owner's HQ card")
    return problems


def hqs_placed(game: Checked) -> list[str]:
    """Every seat has its own HQ card once the setup is over; in the advanced draft the
    seats still without one are those with a draft to come, and the offer holds the
    cards not taken (RULES Part A, advanced setup 1)."""
    rules, state = parts(game)
    held = [hq for hq in state.hq if hq]
    problems = []
    if len(held) != len(set(held)) or set(held) & set(state.hq_offer):
        problems.append(f"an HQ card is held twice: {state.hq} (offer {state.hq_offer})")
    lacking = {seat for seat, hq in enumerate(state.hq) if not hq}
    if state.phase != "setup":
        if lacking:
            problems.append(f"seats {sorted(lacking)} have no HQ after the setup")
        if state.hq_offer:
            problems.append(f"HQ cards {state.hq_offer} on offer after the setup")
        return problems
    pending = [f.seat for f in state.stack if isinstance(f, DraftFrame)]
    if isinstance(state.decision, DraftAsk):
        pending.append(state.decision.seat)
    drafting = set(pending)
    if at_decision(state) and (lacking != drafting or len(pending) != len(drafting)):
        problems.append(f"seats {sorted(lacking)} lack an HQ; seats {sorted(drafting)} will draft")
    laid = min(state.players + rules.settings["advanced"]["extra_hqs"], len(rules.content.hqs))
    offer = laid - (state.players - len(lacking)) if lacking else 0
    if state.advanced and len(state.hq_offer) != offer:
        problems.append(f"{len(state.hq_offer)} HQ cards on offer, not {offer}")
    return problems
