"""The web table's pictures of ``docs/play.md``: ``python -m tools.docgen.screenshots``.

Starts ``bbg serve`` on 127.0.0.1 (a free port) for a fixed, seeded game (:data:`ARGS`:
one human seat, heuristic bots), plays the human seat in headless Chromium by clicks
chosen by a seeded generator (:data:`CHOICES`), and takes the pictures of :data:`SHOTS`
into ``docs/images/``: the table at 1400x900 in the middle of the game (a card of the hand
picked, its lots ringed on the board), the same seat on a 390x844 phone, and the final
scoring. Next to them it writes :data:`MANIFEST` (``web-shots.json``): the game, the
human seat's actions, and for each picture its viewport, the decision it shows and the
prompt and option labels visible in it.

Pixels differ from machine to machine (fonts), so nothing compares them: what keeps the
pictures honest is the manifest. ``tests/docs/test_docs_screenshots.py`` (no browser)
checks that ``docs/play.md`` shows exactly the manifest's pictures at its viewports, and
``tests/web/test_web_screenshots.py`` replays the manifest's game in Chromium and checks
that each picture's decision still shows the manifest's prompt and labels: a change of the
page, the content or the bots that would alter a picture fails it until this script runs
again. ``python -m tools.docgen`` checks the manifest against the page without a browser;
``python -m tools.docgen --screenshots`` also runs this script (it needs Chromium and
plays a whole game, so it is opt-in, like ``tools.docgen.reports``).

Usage (from the repository root):
    python -m tools.docgen.screenshots [--check]
        --check: write nothing; replay the manifest's game and exit 1 naming every
                 picture whose page no longer shows what the manifest says
"""

from __future__ import annotations

import json
import random
import re
import struct
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tools.browser import Server, chromium, dataset, free_port, moved, screenshot, wait_for_me

from .common import ROOT

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

IMAGES = ROOT / "docs" / "images"
PAGE = ROOT / "docs" / "play.md"
MANIFEST = IMAGES / "web-shots.json"
ARGS = ("--players", "3", "--humans", "1", "--bots", "heuristic", "--seed", "7")
"""The game of the pictures: ``bbg serve`` with these arguments (seat 0 is the human)."""
CHOICES = 5
"""The seed of the human seat's clicks."""


@dataclass(frozen=True)
class Shot:
    """A picture: its file under ``docs/images/``, its viewport and the human seat's
    decision it shows (``0``: the end of the game); ``pick``: the first card the hand
    may build is picked first (when there is one), so its lots are ringed on the board."""

    file: str
    width: int
    height: int
    decision: int
    pick: bool = False


SHOTS = (
    Shot("web-table.png", 1400, 900, 17, pick=True),
    Shot("web-phone.png", 390, 844, 25),
    Shot("web-scores.png", 1400, 900, 0),
)
"""The pictures, in the order the game reaches them."""

VISIBLE = """() => ({
  title: document.getElementById('prompt-title').textContent,
  prompt: document.getElementById('prompt').textContent,
  options: [...document.querySelectorAll('#options button')].map(b => b.textContent),
  winners: document.getElementById('scores-panel').hidden
    ? '' : document.getElementById('winners').textContent,
  totals: [...document.querySelectorAll('#scores-panel:not([hidden]) td.total')]
    .map(c => c.textContent),
})"""


def visible(page: Page) -> dict[str, Any]:
    """What a picture must show: the prompt's title and text, the option labels and, at
    the end, the winners and the final totals."""
    found: dict[str, Any] = page.evaluate(VISIBLE)
    return found


def perform(page: Page, action: str) -> None:
    """Play ``action`` by clicks (a build: its card, then its lot) and wait for the answer.

    Raises:
        SystemExit: The page offers no such action (the manifest's game is stale).
    """
    before = dataset(page)["version"]
    button = page.locator(f'#options button[data-action="{action}"]')
    kind, _, rest = action.partition(" ")
    if not button.count() and kind == "build":  # a build: its card first
        card = page.locator(f'#options button[data-pick="{rest.split(" ")[0]}"]')
        if card.count():
            card.click()
    if not button.count():
        raise SystemExit(f"the page offers no '{action}': run python -m tools.docgen.screenshots")
    button.click()
    moved(page, before)


def choose(page: Page, rng: random.Random) -> str:
    """The human seat's next action, chosen by ``rng`` among the page's options (a card of
    the hand to build seven times in ten, every income ability at once when offered)."""
    if page.locator('#options button[data-action="use all"]').count():
        return "use all"
    picks = page.locator("#options button[data-pick]")
    if picks.count() and rng.random() < 0.7:
        picks.nth(rng.randrange(picks.count())).click()
        lots = page.locator('#options button[data-action^="build "]')
        action = str(lots.nth(rng.randrange(lots.count())).get_attribute("data-action"))
        page.locator("#options button.back").click()
        return action
    buttons = page.locator("#options button[data-action]")
    if not buttons.count():
        picks.first.click()
        buttons = page.locator('#options button[data-action^="build "]')
    action = str(buttons.nth(rng.randrange(buttons.count())).get_attribute("data-action"))
    if page.locator("#options button.back").count():
        page.locator("#options button.back").click()
    return action


def shown(
    browser: Browser, link: str, shot: Shot, page: Page, folder: Path | None
) -> dict[str, Any]:
    """What ``shot`` shows (its picture written into ``folder`` unless None): on ``page``
    when the viewport is the same, else on a new page of that viewport."""
    own = page.viewport_size == {"width": shot.width, "height": shot.height}
    context = None
    if not own:
        context = browser.new_context(viewport={"width": shot.width, "height": shot.height})
        page = context.new_page()
        page.goto(link)
        wait_for_me(page)
    picks = page.locator("#options button[data-pick]")
    picked = str(picks.first.get_attribute("data-pick")) if shot.pick and picks.count() else ""
    if picked:
        picks.first.click()
    page.evaluate("() => window.scrollTo(0, 0)")
    page.mouse.move(0, 0)  # nothing hovered
    seen = {"picked": picked, **visible(page)}
    if folder is not None:
        screenshot(page, folder / shot.file)
    if picked:
        page.locator("#options button.back").click()
    if context is not None:
        context.close()
    return seen


def play(browser: Browser, actions: list[str] | None, folder: Path | None) -> dict[str, Any]:
    """Play the pictures' game (the human's ``actions``, or new ones chosen by
    :data:`CHOICES`), taking each shot (into ``folder`` unless None); the manifest."""
    rng, played, pictures = random.Random(CHOICES), list[str](), list[dict[str, Any]]()
    with tempfile.TemporaryDirectory() as scratch:
        server = Server(Path(scratch), free_port(), *ARGS, "--save", "table.json")
        try:
            link = server.links["seat 0"]
            page = browser.new_context(viewport={"width": 1400, "height": 900}).new_page()
            page.goto(link)
            deadline = time.monotonic() + 300
            while True:
                data = wait_for_me(page)
                decision = 0 if data.get("over") == "true" else len(played) + 1
                for shot in (s for s in SHOTS if s.decision == decision):
                    seen = shown(browser, link, shot, page, folder)
                    pictures.append(_entry(shot, data, seen))
                if decision == 0:
                    break
                if time.monotonic() > deadline:
                    raise SystemExit("the pictures' game did not end in time")
                if actions is None:
                    action = choose(page, rng)
                elif len(played) < len(actions):
                    action = actions[len(played)]
                else:
                    raise SystemExit("the manifest's game goes on: run tools.docgen.screenshots")
                perform(page, action)
                played.append(action)
        finally:
            server.kill()
    return {"command": "bbg serve " + " ".join(ARGS), "actions": played, "pictures": pictures}


def _entry(shot: Shot, data: dict[str, str], seen: dict[str, Any]) -> dict[str, Any]:
    return {
        "file": shot.file,
        "viewport": [shot.width, shot.height],
        "decision": shot.decision,
        "move": int(data["version"]),
        **seen,
    }


def read_manifest() -> dict[str, Any]:
    """The committed manifest (:data:`MANIFEST`)."""
    found: dict[str, Any] = json.loads(MANIFEST.read_text(encoding="utf-8"))
    return found


def stale_pictures(browser: Browser) -> list[str]:
    """Replay the manifest's game: each picture whose page no longer shows what it says."""
    old = read_manifest()
    return differences(old, play(browser, old["actions"], None))


def differences(old: dict[str, Any], new: dict[str, Any]) -> list[str]:
    """Each picture of manifest ``new`` that is not the same in manifest ``old``."""
    if old["command"] != new["command"]:
        return [f"{MANIFEST.name}: another game ({old['command']})"]
    before = {p["file"]: p for p in old["pictures"]}
    found = []
    if new["actions"] != old["actions"]:
        found.append(f"{MANIFEST.name}: the game ended after {len(new['actions'])} moves of seat 0")
    for picture in new["pictures"]:
        was = before.get(picture["file"], {})
        changed = sorted(k for k in picture.keys() | was.keys() if picture.get(k) != was.get(k))
        if changed:
            what = "; ".join(f"{k}: {was.get(k)!r} -> {picture.get(k)!r}" for k in changed)
            found.append(f"docs/images/{picture['file']}: {what}")
    return found


def png_size(path: Path) -> tuple[int, int]:
    """The width and height of the PNG at ``path`` (from its header)."""
    head = path.read_bytes()[:24]
    if head[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError(f"{path}: not a PNG")
    width, height = struct.unpack(">II", head[16:24])
    return int(width), int(height)


def stale_references() -> list[str]:
    """Where ``docs/play.md``, the manifest and the pictures disagree (no browser needed):
    the page must show exactly the manifest's pictures, each of its viewport's size."""
    wanted = {p["file"]: p["viewport"] for p in read_manifest()["pictures"]}
    on_page = set(re.findall(r"\]\(images/(web-[\w-]+\.png)\)", PAGE.read_text(encoding="utf-8")))
    problems = [f"docs/play.md does not show images/{f}" for f in sorted(set(wanted) - on_page)]
    problems += [
        f"docs/play.md shows images/{f}, not in the manifest" for f in sorted(on_page - set(wanted))
    ]
    for file, viewport in sorted(wanted.items()):
        path = IMAGES / file
        if not path.exists():
            problems.append(f"docs/images/{file} is missing")
        elif list(png_size(path)) != viewport:
            problems.append(f"docs/images/{file} is {png_size(path)}, not {viewport}")
    return problems


def main(argv: list[str]) -> int:
    """Write the pictures and the manifest (``--check``: replay and compare, write nothing)."""
    with chromium() as browser:
        if "--check" in argv:
            stale = stale_pictures(browser)
            for line in stale:
                print(line)
            return 1 if stale else 0
        manifest = play(browser, None, IMAGES)
    MANIFEST.write_text(json.dumps(manifest, indent=1, ensure_ascii=False) + "\n", "utf-8")
    for picture in manifest["pictures"]:
        print(f"wrote docs/images/{picture['file']} (decision {picture['decision']})")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
