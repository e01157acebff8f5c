"""The action numbering and the observation vector (kept here for older imports).

Both live in [`baldurs_rules.adapters`][]: see
[`ActionCodec`][baldurs_rules.adapters.codec.ActionCodec] and
[`ObservationEncoder`][baldurs_rules.adapters.observation.ObservationEncoder].
"""

from __future__ import annotations

from baldurs_rules.adapters.codec import ActionCodec
from baldurs_rules.adapters.observation import ObservationEncoder

__all__ = ["ActionCodec", "ObservationEncoder"]
