"""``python -m tools.docgen [--check] [PAGE ...]``: write (or check) the generated parts of docs/.

Run from the repository root; the work is done by :mod:`tools.docgen.generate`.
"""

from __future__ import annotations

import sys

from .generate import main

sys.exit(main(sys.argv[1:]))
