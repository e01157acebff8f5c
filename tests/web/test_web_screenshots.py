"""The pictures of docs/play.md are not stale: the manifest's game, replayed by clicks in
headless Chromium, shows at each picture's decision the prompt, the option labels (and at the
end the winners and totals) its manifest records (``python -m tools.docgen.screenshots``
writes both)."""

from __future__ import annotations

from typing import Any

import pytest

pytestmark = pytest.mark.browser


def test_each_picture_shows_what_its_manifest_says(browser: Any) -> None:
    from tools.docgen import screenshots

    stale = screenshots.stale_pictures(browser)
    assert stale == [], "run: python -m tools.docgen.screenshots\n" + "\n".join(stale)
