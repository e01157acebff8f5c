"""Properties of the default city map, content/map.yaml.

The file is read with ruamel.yaml directly, so these tests check the content
itself, independent of the library code that will later parse it.
"""

from __future__ import annotations

import math
import re
import subprocess
import sys
from collections import Counter, deque
from pathlib import Path

import pytest
from ruamel.yaml import YAML

ROOT = Path(__file__).resolve().parents[2]
MAP_PATH = ROOT / "content" / "map.yaml"
WIDTH, HEIGHT = 1000, 800
SITE_KINDS = {"hq", "fortification", "gate"}

Point = tuple[float, float]


# ---------------------------------------------------------------- helpers --


def orient(a: Point, b: Point, c: Point) -> int:
    """Sign of the cross product (b - a) x (c - a)."""
    v = (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])
    return (v > 0) - (v < 0)


def on_segment(a: Point, b: Point, p: Point) -> bool:
    return min(a[0], b[0]) <= p[0] <= max(a[0], b[0]) and min(a[1], b[1]) <= p[1] <= max(a[1], b[1])


def segments_intersect(p1: Point, p2: Point, q1: Point, q2: Point) -> bool:
    """Do the closed segments p1-p2 and q1-q2 have a point in common?"""
    o1, o2 = orient(p1, p2, q1), orient(p1, p2, q2)
    o3, o4 = orient(q1, q2, p1), orient(q1, q2, p2)
    if o1 != o2 and o3 != o4:
        return True
    return (
        (o1 == 0 and on_segment(p1, p2, q1))
        or (o2 == 0 and on_segment(p1, p2, q2))
        or (o3 == 0 and on_segment(q1, q2, p1))
        or (o4 == 0 and on_segment(q1, q2, p2))
    )


def point_segment_distance(p: Point, a: Point, b: Point) -> float:
    dx, dy = b[0] - a[0], b[1] - a[1]
    t = ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / (dx * dx + dy * dy)
    t = max(0.0, min(1.0, t))
    return math.hypot(p[0] - a[0] - t * dx, p[1] - a[1] - t * dy)


def edges(poly: list[Point]) -> list[tuple[Point, Point]]:
    """Consecutive vertex pairs of a closed polygon."""
    return list(zip(poly, poly[1:] + poly[:1], strict=True))


def on_boundary(p: Point, poly: list[Point]) -> bool:
    return any(orient(a, b, p) == 0 and on_segment(a, b, p) for a, b in edges(poly))


def point_in_polygon(p: Point, poly: list[Point]) -> bool:
    """Ray casting to the right; points on the outline count as outside."""
    if on_boundary(p, poly):
        return False
    inside = False
    for (x1, y1), (x2, y2) in edges(poly):
        if (y1 > p[1]) != (y2 > p[1]) and p[0] < x1 + (p[1] - y1) * (x2 - x1) / (y2 - y1):
            inside = not inside
    return inside


def polygon_area(poly: list[Point]) -> float:
    return abs(sum(x1 * y2 - x2 * y1 for (x1, y1), (x2, y2) in edges(poly))) / 2


def is_connected(nodes: list[str], edges: list[tuple[str, str]]) -> bool:
    """Breadth-first search from the first node reaches every node."""
    adj: dict[str, list[str]] = {n: [] for n in nodes}
    for a, b in edges:
        adj[a].append(b)
        adj[b].append(a)
    seen, todo = {nodes[0]}, deque([nodes[0]])
    while todo:
        for nxt in adj[todo.popleft()]:
            if nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return len(seen) == len(nodes)


# --------------------------------------------------------------- fixtures --


@pytest.fixture(scope="module")
def city() -> dict:
    return YAML(typ="safe").load(MAP_PATH.read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def at(city: dict) -> dict[str, Point]:
    return {n["id"]: tuple(n["at"]) for n in city["nodes"]}


@pytest.fixture(scope="module")
def district_of(city: dict) -> dict[str, str]:
    return {n["id"]: n["district"] for n in city["nodes"]}


@pytest.fixture(scope="module")
def degree(city: dict) -> Counter:
    return Counter(end for line in city["lines"] for end in line)


@pytest.fixture(scope="module")
def outlines(city: dict) -> dict[str, list[Point]]:
    return {d["id"]: [tuple(p) for p in d["outline"]] for d in city["districts"]}


def kinds_in(city: dict, district: str) -> Counter:
    return Counter(n["kind"] for n in city["nodes"] if n["district"] == district)


def cross_lines(city: dict, district_of: dict[str, str]) -> list[tuple[str, str]]:
    return [
        (district_of[a], district_of[b])
        for a, b in city["lines"]
        if district_of[a] != district_of[b]
    ]


# ------------------------------------------------------- helper self-tests --


def test_crossing_helper_detects_crossing_segments() -> None:
    assert segments_intersect((0, 0), (10, 10), (0, 10), (10, 0))
    assert segments_intersect((0, 0), (10, 0), (5, 0), (15, 0))  # collinear overlap
    assert segments_intersect((0, 0), (10, 0), (5, 0), (5, 8))  # T junction


def test_crossing_helper_accepts_apart_segments() -> None:
    assert not segments_intersect((0, 0), (10, 0), (0, 5), (10, 5))
    assert not segments_intersect((0, 0), (10, 10), (11, 11), (20, 30))
    assert not segments_intersect((0, 0), (4, 4), (10, 0), (6, 4))


def test_connectivity_helper_detects_disconnected_graph() -> None:
    assert not is_connected(["a", "b", "c", "d"], [("a", "b"), ("c", "d")])
    assert is_connected(["a", "b", "c", "d"], [("a", "b"), ("b", "c"), ("d", "c")])


def test_polygon_and_distance_helpers() -> None:
    square = [(0, 0), (10, 0), (10, 10), (0, 10)]
    assert point_in_polygon((5, 5), square)
    assert not point_in_polygon((15, 5), square)
    assert not point_in_polygon((10, 5), square)  # on the edge: not strictly inside
    assert polygon_area(square) == 100
    assert point_segment_distance((5, 3), (0, 0), (10, 0)) == 3
    assert point_segment_distance((13, 4), (0, 0), (10, 0)) == 5


# ------------------------------------------------------------- districts --


def test_board_size(city: dict) -> None:
    assert city["board"] == {"width": WIDTH, "height": HEIGHT}


def test_nine_distinct_snake_case_districts(city: dict) -> None:
    ids = [d["id"] for d in city["districts"]]
    assert len(ids) == 9 and len(set(ids)) == 9
    assert all(re.fullmatch(r"[a-z][a-z0-9_]*", i) for i in ids)
    assert len({d["name"] for d in city["districts"]}) == 9


def test_seatower_is_a_district(city: dict) -> None:
    names = {d["id"]: d["name"] for d in city["districts"]}
    assert names.get("seatower") == "Seatower"


def test_five_wall_districts(city: dict) -> None:
    walls = [d["wall"] for d in city["districts"]]
    assert all(isinstance(w, bool) for w in walls)
    assert walls.count(True) == 5 and walls.count(False) == 4


# ------------------------------------------------------------------ nodes --


def test_node_ids_unique_and_known_kinds(city: dict) -> None:
    ids = [n["id"] for n in city["nodes"]]
    assert len(ids) == len(set(ids))
    assert {n["kind"] for n in city["nodes"]} == {"lot"} | SITE_KINDS
    districts = {d["id"] for d in city["districts"]}
    assert all(n["district"] in districts for n in city["nodes"])


def test_lots_numbered_1_to_36_once_each(city: dict) -> None:
    lots = [n for n in city["nodes"] if n["kind"] == "lot"]
    assert sorted(n["lot"] for n in lots) == list(range(1, 37))
    assert all(n["id"] == f"lot_{n['lot']}" for n in lots)


def test_four_lots_per_district(city: dict) -> None:
    for d in city["districts"]:
        assert kinds_in(city, d["id"])["lot"] == 4, d["id"]


def test_one_hq_and_two_forts_per_district(city: dict) -> None:
    for d in city["districts"]:
        kinds = kinds_in(city, d["id"])
        assert (kinds["hq"], kinds["fortification"]) == (1, 2), d["id"]


def test_one_gate_per_wall_district_only(city: dict) -> None:
    for d in city["districts"]:
        assert kinds_in(city, d["id"])["gate"] == (1 if d["wall"] else 0), d["id"]


def test_site_ids_follow_naming(city: dict) -> None:
    names = {"hq": ["{}_hq"], "fortification": ["{}_fort_1", "{}_fort_2"], "gate": ["{}_gate"]}
    for d in city["districts"]:
        for kind, patterns in names.items():
            got = sorted(
                n["id"] for n in city["nodes"] if n["district"] == d["id"] and n["kind"] == kind
            )
            want = [p.format(d["id"]) for p in patterns] if kind != "gate" or d["wall"] else []
            assert got == want


def test_nodes_grouped_by_district_in_order_lots_first(city: dict) -> None:
    order = [d["id"] for d in city["districts"]]
    keys = [(order.index(n["district"]), n["kind"] != "lot") for n in city["nodes"]]
    assert keys == sorted(keys)


# ----------------------------------------------------------- coordinates --


def is_point_on_board(p: object) -> bool:
    return (
        isinstance(p, list)
        and len(p) == 2
        and all(isinstance(c, int) for c in p)
        and 0 <= p[0] <= WIDTH
        and 0 <= p[1] <= HEIGHT
    )


def test_all_coordinates_present_integer_and_on_board(city: dict) -> None:
    points = [n["at"] for n in city["nodes"]]
    for d in city["districts"]:
        points += [d["label"], d["location"], *d["outline"]]
        assert len(d["outline"]) >= 3
    assert all(is_point_on_board(p) for p in points)


def test_nodes_at_least_30_apart(at: dict[str, Point]) -> None:
    items = list(at.items())
    close = [
        (a, b)
        for i, (a, pa) in enumerate(items)
        for b, pb in items[i + 1 :]
        if math.dist(pa, pb) < 30
    ]
    assert close == []


def test_nodes_strictly_inside_own_district(city: dict, outlines: dict) -> None:
    outside = [
        n["id"]
        for n in city["nodes"]
        if not point_in_polygon(tuple(n["at"]), outlines[n["district"]])
    ]
    assert outside == []


def test_special_locations_inside_and_clear_of_nodes(city: dict, at: dict) -> None:
    for d in city["districts"]:
        loc = tuple(d["location"])
        assert point_in_polygon(loc, [tuple(p) for p in d["outline"]]), d["id"]
        assert min(math.dist(loc, p) for p in at.values()) >= 30, d["id"]


def test_outlines_cover_board_area_exactly(outlines: dict) -> None:
    assert sum(polygon_area(p) for p in outlines.values()) == WIDTH * HEIGHT


def test_outlines_tile_board_without_overlap(outlines: dict) -> None:
    for x in range(3, WIDTH, 16):
        for y in range(2, HEIGHT, 16):
            hits = [d for d, poly in outlines.items() if point_in_polygon((x, y), poly)]
            assert len(hits) == 1, ((x, y), hits)


# ---------------------------------------------------------------- network --


def test_lines_join_existing_nodes(city: dict, at: dict) -> None:
    assert all(len(line) == 2 and set(line) <= at.keys() for line in city["lines"])


def test_no_duplicate_lines_or_self_loops(city: dict) -> None:
    keys = [frozenset(line) for line in city["lines"]]
    assert all(len(k) == 2 for k in keys)
    assert len(set(keys)) == len(keys)


def test_network_is_one_connected_graph(city: dict, at: dict) -> None:
    assert is_connected(list(at), [tuple(line) for line in city["lines"]])


def test_every_lot_has_2_to_4_lines(city: dict, degree: Counter) -> None:
    lots = [n["id"] for n in city["nodes"] if n["kind"] == "lot"]
    assert all(2 <= degree[lot] <= 4 for lot in lots), {lot: degree[lot] for lot in lots}


def test_every_site_has_1_to_4_lines(city: dict, degree: Counter) -> None:
    sites = [n["id"] for n in city["nodes"] if n["kind"] in SITE_KINDS]
    assert all(1 <= degree[s] <= 4 for s in sites), {s: degree[s] for s in sites}


def test_at_least_10_cross_district_lines(city: dict, district_of: dict) -> None:
    assert len(cross_lines(city, district_of)) >= 10


def test_every_district_linked_to_two_others(city: dict, district_of: dict) -> None:
    links: dict[str, set[str]] = {d["id"]: set() for d in city["districts"]}
    for a, b in cross_lines(city, district_of):
        links[a].add(b)
        links[b].add(a)
    assert all(len(s) >= 2 for s in links.values()), links


def test_cross_district_lines_join_neighbouring_districts(
    city: dict, district_of: dict, outlines: dict
) -> None:
    for a, b in cross_lines(city, district_of):
        assert len(set(outlines[a]) & set(outlines[b])) >= 2, (a, b)


# ---------------------------------------------------------------- drawing --


def test_no_two_lines_cross(city: dict, at: dict) -> None:
    lines = city["lines"]
    crossing = [
        (a, b, c, d)
        for i, (a, b) in enumerate(lines)
        for c, d in lines[i + 1 :]
        if not {a, b} & {c, d} and segments_intersect(at[a], at[b], at[c], at[d])
    ]
    assert crossing == []


def test_lines_keep_12_units_from_other_nodes(city: dict, at: dict) -> None:
    near = [
        (a, b, n)
        for a, b in city["lines"]
        for n, p in at.items()
        if n not in (a, b) and point_segment_distance(p, at[a], at[b]) < 12
    ]
    assert near == []


def test_generator_reproduces_the_file() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "tools.docgen.make_map", "--check"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr
