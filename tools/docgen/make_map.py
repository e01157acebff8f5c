"""Generate ``content/map.yaml``, the default city map of baldurs_rules.

The city is an irregular 3 x 3 arrangement of nine districts on a
1000 x 800 board (x to the right, y downwards).  The northern row and the
western and eastern districts of the middle row lie on the city wall; the
southern row faces the river Chionthar and has no wall.

Every district is laid out from one template in a local (u, v) frame that is
mapped bilinearly onto the district's quadrilateral: four lots form a small
ring, the HQ site sits in the middle, the two fortification sites sit in
corners and the gate site (wall districts only) sits near the outer edge.
Lots on facing sides of neighbouring districts are joined by cross-district
lines.  Small deterministic jitter keeps the districts from looking alike.

The script checks every property the rules and the drawing code rely on and
exits with status 1 and a message listing the problems if one fails.  It uses
only the standard library and writes the file byte-for-byte reproducibly.

Usage (from the repository root):  python -m tools.docgen.make_map [--check]
        --check: verify, do not write
"""

from __future__ import annotations

import json
import math
import random
import re
import sys
from collections import Counter, deque
from dataclasses import dataclass
from pathlib import Path
from typing import Any

Point = tuple[int, int]
UV = tuple[float, float]

WIDTH, HEIGHT = 1000, 800
OUTPUT = Path(__file__).resolve().parents[2] / "content" / "map.yaml"

# Numbers from the rules that the map must respect.
DISTRICT_COUNT, WALL_DISTRICTS, LOT_COUNT = 9, 5, 36
MAX_LINES = 4  # most lines at any node
MIN_LOT_LINES = 2  # fewest lines at a lot (sites need one)
MIN_CROSS_LINES = 10  # lines between different districts
MIN_LINKED = 2  # other districts each district is linked to
MIN_NODE_GAP = 30
LINE_CLEARANCE = 12
LOCATION_GAP = 30
JITTER = 0.035

# Corners of the 3 x 3 district grid, row by row (north to south).  Interior
# corners are moved off the regular grid so the wards look less planned.
GRID: list[list[Point]] = [
    [(0, 0), (330, 0), (690, 0), (1000, 0)],
    [(0, 270), (350, 250), (675, 280), (1000, 250)],
    [(0, 520), (320, 545), (650, 520), (1000, 560)],
    [(0, 800), (300, 800), (640, 800), (1000, 800)],
]

# Sideways bend of the midpoint of each interior border, keyed by the two
# grid corners (row, col) it joins.  Shared by both neighbouring outlines.
BENDS: dict[tuple[tuple[int, int], tuple[int, int]], int] = {
    ((1, 0), (1, 1)): 14,
    ((1, 1), (1, 2)): -12,
    ((1, 2), (1, 3)): 10,
    ((2, 0), (2, 1)): -10,
    ((2, 1), (2, 2)): 16,
    ((2, 2), (2, 3)): -14,
    ((0, 1), (1, 1)): -12,
    ((1, 1), (2, 1)): 15,
    ((2, 1), (3, 1)): -10,
    ((0, 2), (1, 2)): 12,
    ((1, 2), (2, 2)): -15,
    ((2, 2), (3, 2)): 11,
}

# Template positions in the district's (u, v) frame.
LOT_UV: dict[str, UV] = {
    "n": (0.46, 0.25),
    "e": (0.76, 0.44),
    "s": (0.55, 0.75),
    "w": (0.24, 0.57),
}
CORNER_UV: dict[str, UV] = {
    "nw": (0.14, 0.15),
    "ne": (0.86, 0.15),
    "se": (0.86, 0.85),
    "sw": (0.14, 0.85),
}
HQ_UV: UV = (0.50, 0.50)
GATE_UV: dict[str, UV] = {"n": (0.40, 0.06), "w": (0.05, 0.45), "e": (0.95, 0.60)}
RING = ("n", "e", "s", "w")


@dataclass(frozen=True)
class District:
    """Hand-made description of one district."""

    id: str
    name: str
    row: int
    col: int
    gate: str | None  # side of the wall the gate is on, None: no wall
    hq: str  # lot the HQ site hangs off
    forts: tuple[tuple[str, str], tuple[str, str]]  # (corner, lot) pairs
    location: str  # corner for the special location
    label: UV  # where the name is drawn, in the (u, v) frame


DISTRICTS: list[District] = [
    District(
        "manorborn", "Manorborn", 0, 0, "n", "w", (("nw", "w"), ("sw", "s")), "ne", (0.62, 0.10)
    ),
    District(
        "citadel_streets",
        "Citadel Streets",
        0,
        1,
        "n",
        "s",
        (("ne", "e"), ("sw", "w")),
        "se",
        (0.70, 0.08),
    ),
    District("temples", "Temples", 0, 2, "n", "s", (("nw", "w"), ("se", "e")), "sw", (0.68, 0.10)),
    District(
        "seatower", "Seatower", 1, 0, "w", "n", (("ne", "e"), ("sw", "s")), "se", (0.30, 0.10)
    ),
    District(
        "the_wide", "The Wide", 1, 1, None, "w", (("ne", "n"), ("se", "s")), "sw", (0.28, 0.10)
    ),
    District("eastway", "Eastway", 1, 2, "e", "s", (("nw", "w"), ("se", "e")), "ne", (0.50, 0.10)),
    District(
        "grey_harbor",
        "Grey Harbor",
        2,
        0,
        None,
        "e",
        (("sw", "w"), ("se", "s")),
        "nw",
        (0.70, 0.92),
    ),
    District(
        "heapside", "Heapside", 2, 1, None, "n", (("nw", "w"), ("se", "e")), "sw", (0.62, 0.93)
    ),
    District(
        "wyrms_crossing",
        "Wyrm's Crossing",
        2,
        2,
        None,
        "w",
        (("ne", "e"), ("sw", "s")),
        "se",
        (0.40, 0.93),
    ),
]

# Cross-district lines besides the regular east-west / south-north ones:
# (district, lot, district, lot).  The quay road along the river.
EXTRA_CROSS: list[tuple[str, str, str, str]] = [
    ("grey_harbor", "s", "heapside", "s"),
]


# --------------------------------------------------------------- geometry --


def bend_point(a: tuple[int, int], b: tuple[int, int]) -> Point:
    """Bent midpoint of the interior border between grid corners a and b."""
    (ax, ay), (bx, by) = GRID[a[0]][a[1]], GRID[b[0]][b[1]]
    dx, dy = bx - ax, by - ay
    length = math.hypot(dx, dy)
    off = BENDS[(a, b)]
    return (round((ax + bx) / 2 - dy / length * off), round((ay + by) / 2 + dx / length * off))


def side(a: tuple[int, int], b: tuple[int, int]) -> list[Point]:
    """Outline points from corner a up to (not including) corner b."""
    key = (a, b) if (a, b) in BENDS else (b, a)
    pts = [GRID[a[0]][a[1]]]
    if key in BENDS:
        pts.append(bend_point(*key))
    return pts


def outline(d: District) -> list[Point]:
    """Clockwise (on screen) outline polygon of a district."""
    r, c = d.row, d.col
    corners = [(r, c), (r, c + 1), (r + 1, c + 1), (r + 1, c)]
    pts: list[Point] = []
    for i, a in enumerate(corners):
        pts.extend(side(a, corners[(i + 1) % 4]))
    return pts


def bilinear(d: District, uv: UV) -> Point:
    """Map (u, v) of the district's local frame to board coordinates."""
    r, c = d.row, d.col
    a, b = GRID[r][c], GRID[r][c + 1]
    cc, dd = GRID[r + 1][c + 1], GRID[r + 1][c]
    u, v = uv
    x = (1 - u) * (1 - v) * a[0] + u * (1 - v) * b[0] + u * v * cc[0] + (1 - u) * v * dd[0]
    y = (1 - u) * (1 - v) * a[1] + u * (1 - v) * b[1] + u * v * cc[1] + (1 - u) * v * dd[1]
    return round(x), round(y)


def orient(a: Point, b: Point, c: Point) -> int:
    """Sign of the turn a -> b -> c: 1 left, -1 right, 0 collinear."""
    v = (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])
    return (v > 0) - (v < 0)


def on_segment(a: Point, b: Point, p: Point) -> bool:
    """True if p (collinear with a-b) lies within the segment's bounding box."""
    return min(a[0], b[0]) <= p[0] <= max(a[0], b[0]) and min(a[1], b[1]) <= p[1] <= max(a[1], b[1])


def segments_intersect(p1: Point, p2: Point, q1: Point, q2: Point) -> bool:
    """Orientation test: do closed segments p1-p2 and q1-q2 meet?"""
    o1, o2 = orient(p1, p2, q1), orient(p1, p2, q2)
    o3, o4 = orient(q1, q2, p1), orient(q1, q2, p2)
    if o1 != o2 and o3 != o4:
        return True
    return any(
        o == 0 and on_segment(a, b, p)
        for o, a, b, p in ((o1, p1, p2, q1), (o2, p1, p2, q2), (o3, q1, q2, p1), (o4, q1, q2, p2))
    )


def point_segment_distance(p: Point, a: Point, b: Point) -> float:
    """Euclidean distance from p to the segment a-b."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    t = ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / (dx * dx + dy * dy)
    t = max(0.0, min(1.0, t))
    return math.hypot(p[0] - a[0] - t * dx, p[1] - a[1] - t * dy)


def point_in_polygon(p: Point, poly: list[Point]) -> bool:
    """Ray casting; True only for points strictly inside (not on an edge)."""
    n = len(poly)
    for i in range(n):
        a, b = poly[i], poly[(i + 1) % n]
        if orient(a, b, p) == 0 and on_segment(a, b, p):
            return False
    inside = False
    for i in range(n):
        (x1, y1), (x2, y2) = poly[i], poly[(i + 1) % n]
        if (y1 > p[1]) != (y2 > p[1]) and p[0] < x1 + (p[1] - y1) * (x2 - x1) / (y2 - y1):
            inside = not inside
    return inside


def polygon_area(poly: list[Point]) -> float:
    """Unsigned shoelace area."""
    s = sum(poly[i][0] * poly[i - 1][1] - poly[i - 1][0] * poly[i][1] for i in range(len(poly)))
    return abs(s) / 2


# ------------------------------------------------------------ build data --


@dataclass
class Node:
    id: str
    kind: str
    district: str
    at: Point
    lot: int | None = None


def jittered(rng: random.Random, uv: UV) -> UV:
    return (uv[0] + rng.uniform(-JITTER, JITTER), uv[1] + rng.uniform(-JITTER, JITTER))


def district_nodes(d: District, first_lot: int) -> list[Node]:
    """Lots (n, e, s, w order), HQ, forts and gate of one district."""
    rng = random.Random(d.id)
    nodes = [
        Node(
            f"lot_{first_lot + i}",
            "lot",
            d.id,
            bilinear(d, jittered(rng, LOT_UV[k])),
            first_lot + i,
        )
        for i, k in enumerate(RING)
    ]
    nodes.append(Node(f"{d.id}_hq", "hq", d.id, bilinear(d, jittered(rng, HQ_UV))))
    for i, (corner, _lot) in enumerate(d.forts, start=1):
        at = bilinear(d, jittered(rng, CORNER_UV[corner]))
        nodes.append(Node(f"{d.id}_fort_{i}", "fortification", d.id, at))
    if d.gate:
        nodes.append(Node(f"{d.id}_gate", "gate", d.id, bilinear(d, GATE_UV[d.gate])))
    return nodes


def lot_id(first_lot: int, key: str) -> str:
    """Id of the district's lot on ring position key (n, e, s or w)."""
    return f"lot_{first_lot + RING.index(key)}"


def district_lines(d: District, first_lot: int) -> list[tuple[str, str]]:
    """Ring of lots plus the sites hanging off them."""
    lots = [lot_id(first_lot, k) for k in RING]
    lines = [(lots[i], lots[(i + 1) % 4]) for i in range(4)]
    lines.append((lot_id(first_lot, d.hq), f"{d.id}_hq"))
    for i, (_corner, lot) in enumerate(d.forts, start=1):
        lines.append((lot_id(first_lot, lot), f"{d.id}_fort_{i}"))
    if d.gate:
        lines.append((lot_id(first_lot, d.gate), f"{d.id}_gate"))
    return lines


def first_lots() -> dict[str, int]:
    return {d.id: 1 + 4 * i for i, d in enumerate(DISTRICTS)}


def cross_lines() -> list[tuple[str, str]]:
    """East lot to west lot and south lot to north lot of neighbours."""
    first = first_lots()
    at = {(d.row, d.col): d for d in DISTRICTS}
    lines = []
    for (r, c), d in sorted(at.items()):
        for (dr, dc), mine, theirs in (((0, 1), "e", "w"), ((1, 0), "s", "n")):
            other = at.get((r + dr, c + dc))
            if other:
                lines.append((lot_id(first[d.id], mine), lot_id(first[other.id], theirs)))
    for a, lot_a, b, lot_b in EXTRA_CROSS:
        lines.append((lot_id(first[a], lot_a), lot_id(first[b], lot_b)))
    return lines


def build() -> dict[str, Any]:
    first = first_lots()
    nodes: list[Node] = []
    lines: list[tuple[str, str]] = []
    for d in DISTRICTS:
        nodes.extend(district_nodes(d, first[d.id]))
        lines.extend(district_lines(d, first[d.id]))
    lines.extend(cross_lines())
    districts = [
        {
            "id": d.id,
            "name": d.name,
            "wall": d.gate is not None,
            "label": bilinear(d, d.label),
            "location": bilinear(d, CORNER_UV[d.location]),
            "outline": outline(d),
        }
        for d in DISTRICTS
    ]
    return {"districts": districts, "nodes": nodes, "lines": lines}


# ----------------------------------------------------------------- checks --


def check_districts(data: dict[str, Any]) -> list[str]:
    errs = []
    ds = data["districts"]
    if len(ds) != DISTRICT_COUNT or len({d["id"] for d in ds}) != DISTRICT_COUNT:
        errs.append(f"need {DISTRICT_COUNT} distinct districts")
    if sum(d["wall"] for d in ds) != WALL_DISTRICTS:
        errs.append(f"need exactly {WALL_DISTRICTS} wall districts")
    if "seatower" not in {d["id"] for d in ds}:
        errs.append("no seatower district")
    errs += [f"bad id {d['id']}" for d in ds if not re.fullmatch(r"[a-z][a-z0-9_]*", d["id"])]
    return errs


def check_sites(data: dict[str, Any]) -> list[str]:
    errs = []
    kinds = Counter((n.district, n.kind) for n in data["nodes"])
    for d in data["districts"]:
        want = {"lot": 4, "hq": 1, "fortification": 2, "gate": int(d["wall"])}
        errs += [
            f"{d['id']}: {kinds[(d['id'], k)]} {k} nodes, want {w}"
            for k, w in want.items()
            if kinds[(d["id"], k)] != w
        ]
    lots = sorted(n.lot for n in data["nodes"] if n.kind == "lot")
    if lots != list(range(1, LOT_COUNT + 1)):
        errs.append(f"lots must be numbered 1..{LOT_COUNT} once each")
    return errs


def adjacency(data: dict[str, Any]) -> dict[str, list[str]]:
    adj: dict[str, list[str]] = {n.id: [] for n in data["nodes"]}
    for a, b in data["lines"]:
        adj[a].append(b)
        adj[b].append(a)
    return adj


def connected(adj: dict[str, list[str]]) -> bool:
    start = next(iter(adj))
    seen, todo = {start}, deque([start])
    while todo:
        for nxt in adj[todo.popleft()]:
            if nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return len(seen) == len(adj)


def check_network(data: dict[str, Any]) -> list[str]:
    ids = {n.id for n in data["nodes"]}
    errs = [
        f"line {a}-{b} joins unknown node" for a, b in data["lines"] if a not in ids or b not in ids
    ]
    if errs:
        return errs
    keys = [frozenset(line) for line in data["lines"]]
    if len(set(keys)) != len(keys) or any(len(k) != 2 for k in keys):
        errs.append("duplicate line or self-loop")
    adj = adjacency(data)
    if not connected(adj):
        errs.append("network is not connected")
    for n in data["nodes"]:
        lo = MIN_LOT_LINES if n.kind == "lot" else 1
        if not lo <= len(adj[n.id]) <= MAX_LINES:
            errs.append(f"{n.id} has {len(adj[n.id])} lines")
    return errs + check_cross(data)


def check_cross(data: dict[str, Any]) -> list[str]:
    where = {n.id: n.district for n in data["nodes"]}
    cross = [(where[a], where[b]) for a, b in data["lines"] if where[a] != where[b]]
    errs = [f"only {len(cross)} cross-district lines"] if len(cross) < MIN_CROSS_LINES else []
    links: dict[str, set[str]] = {d["id"]: set() for d in data["districts"]}
    for a, b in cross:
        links[a].add(b)
        links[b].add(a)
    return errs + [
        f"{d} linked to only {len(s)} districts" for d, s in links.items() if len(s) < MIN_LINKED
    ]


def check_drawing(data: dict[str, Any]) -> list[str]:
    at = {n.id: n.at for n in data["nodes"]}
    errs = []
    nodes = list(at.items())
    for i, (a, pa) in enumerate(nodes):
        errs += [
            f"{a} and {b} closer than {MIN_NODE_GAP}"
            for b, pb in nodes[i + 1 :]
            if math.dist(pa, pb) < MIN_NODE_GAP
        ]
    lines = data["lines"]
    for i, (a, b) in enumerate(lines):
        errs += [
            f"{a}-{b} crosses {c}-{d}"
            for c, d in lines[i + 1 :]
            if not {a, b} & {c, d} and segments_intersect(at[a], at[b], at[c], at[d])
        ]
        errs += [
            f"{a}-{b} passes near {n}"
            for n, p in nodes
            if n not in (a, b) and point_segment_distance(p, at[a], at[b]) < LINE_CLEARANCE
        ]
    return errs


def check_outlines(data: dict[str, Any]) -> list[str]:
    polys = {d["id"]: d["outline"] for d in data["districts"]}
    errs = [
        f"{n.id} not inside {n.district}"
        for n in data["nodes"]
        if not point_in_polygon(n.at, polys[n.district])
    ]
    for d in data["districts"]:
        for key in ("label", "location"):
            if not point_in_polygon(d[key], polys[d["id"]]):
                errs.append(f"{d['id']} {key} outside its outline")
        errs += [
            f"{d['id']} location near {n.id}"
            for n in data["nodes"]
            if math.dist(d["location"], n.at) < LOCATION_GAP
        ]
    if sum(polygon_area(p) for p in polys.values()) != WIDTH * HEIGHT:
        errs.append("outlines do not cover the board exactly")
    return errs + check_tiling(polys)


def check_tiling(polys: dict[str, list[Point]]) -> list[str]:
    """Sample points: each must lie in exactly one outline."""
    errs = []
    for x in range(7, WIDTH, 20):
        for y in range(5, HEIGHT, 20):
            hits = sum(point_in_polygon((x, y), p) for p in polys.values())
            if hits != 1:
                errs.append(f"point {(x, y)} lies in {hits} outlines")
    return errs


def check(data: dict[str, Any]) -> list[str]:
    errs = check_districts(data) + check_sites(data)
    errs += check_network(data)
    return errs + check_drawing(data) + check_outlines(data)


# ----------------------------------------------------------------- output --

HEADER = """\
# content/map.yaml — the city of Baldur's Gate (default content of baldurs_rules)
#
# Generated by `python -m tools.docgen.make_map` (tools/docgen/make_map.py); edit that
# script and re-run it rather than editing this file by hand (it checks the map first).
#
# board:     size of the drawing area; x grows to the right, y downwards.
# districts: nine wards; `wall: true` districts lie on the city wall and have
#            one gate site.  `label` and `location` are drawing positions for
#            the name and the special location; `outline` is the ward's
#            polygon (the outlines tile the board).
# nodes:     network nodes. kind is lot (with its number 1..36), hq,
#            fortification or gate; `at` is the drawing position.
# lines:     the solid lines of the network; each joins two node ids.
#            Special locations are not nodes and have no lines.
"""


def fmt_pt(p: Point) -> str:
    return f"[{p[0]}, {p[1]}]"


def fmt_str(s: str) -> str:
    return s if re.fullmatch(r"[A-Za-z][A-Za-z0-9 ]*", s) else json.dumps(s)


def fmt_district(d: dict[str, Any]) -> list[str]:
    return [
        f"  - id: {d['id']}",
        f"    name: {fmt_str(d['name'])}",
        f"    wall: {'true' if d['wall'] else 'false'}",
        f"    label: {fmt_pt(d['label'])}",
        f"    location: {fmt_pt(d['location'])}",
        f"    outline: [{', '.join(fmt_pt(p) for p in d['outline'])}]",
    ]


def fmt_node(n: Node) -> str:
    lot = f", lot: {n.lot}" if n.lot is not None else ""
    return f"  - {{id: {n.id}, kind: {n.kind}{lot}, district: {n.district}, at: {fmt_pt(n.at)}}}"


def dump(data: dict[str, Any]) -> str:
    out = [HEADER.rstrip("\n"), f"board: {{width: {WIDTH}, height: {HEIGHT}}}", "districts:"]
    for d in data["districts"]:
        out += fmt_district(d)
    out.append("nodes:")
    out += [fmt_node(n) for n in data["nodes"]]
    out.append("lines:")
    out += [f"  - [{a}, {b}]" for a, b in data["lines"]]
    return "\n".join(out) + "\n"


def main(argv: list[str]) -> int:
    data = build()
    errs = check(data)
    if errs:
        print("make_map: the map breaks the rules:", *errs, sep="\n  ", file=sys.stderr)
        return 1
    text = dump(data)
    if "--check" in argv:
        same = OUTPUT.exists() and OUTPUT.read_text(encoding="utf-8") == text
        print("make_map: map OK" + ("" if same else f"; {OUTPUT} is out of date"))
        return 0 if same else 1
    OUTPUT.write_text(text, encoding="utf-8")
    print(f"make_map: wrote {OUTPUT} ({len(data['nodes'])} nodes, {len(data['lines'])} lines)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
