"""Records (frames and asks): named fields, compared by kind and value, saved as lists."""

from __future__ import annotations

import copy
import pickle

import pytest

from baldurs_rules import BUILD, EngineError
from baldurs_rules.engine.interpreter import ChooseAsk, FxFrame, PayAsk
from baldurs_rules.engine.machine import Frame, kinds
from baldurs_rules.rules.pending import ASKS, FRAMES, TurnAsk, TurnFrame, from_list

COMPILED = BUILD == "compiled (mypyc)"
TEXT_FIELDS = {"cause", "card"}
"""The fields that hold text; every other field holds a number (the compiled classes check)."""


def test_fields_are_read_from_init_in_order() -> None:
    assert FxFrame.FIELDS == ("nid", "seat", "here", "cause", "selected")
    frame = FxFrame(7, 1, 2, "elfsong_tavern", 1)
    assert frame.values() == (7, 1, 2, "elfsong_tavern", 1)
    assert frame.to_list() == ["fx", 7, 1, 2, "elfsong_tavern", 1]
    assert repr(frame) == "FxFrame(nid=7, seat=1, here=2, cause='elfsong_tavern', selected=1)"


def test_records_compare_by_kind_and_value() -> None:
    assert TurnFrame(1) == TurnFrame(1) and hash(TurnFrame(1)) == hash(TurnFrame(1))
    assert TurnFrame(1) != TurnFrame(2)
    assert TurnFrame(1) != TurnAsk(1), "a frame and an ask of the same name and fields differ"
    assert ChooseAsk(0, 5, 1, "x") != PayAsk(0, 5, 1, "x")
    assert TurnFrame(1) != ("turn", 1), "a record is not the tuple it is saved as"
    assert len({TurnFrame(0), TurnFrame(0), TurnAsk(0)}) == 2


def test_records_pickle_and_copy_by_value() -> None:
    for record in (FxFrame(3, 0, -1, "setup"), ChooseAsk(1, 4, 2, "x"), TurnAsk(2)):
        assert pickle.loads(pickle.dumps(record)) == record
        assert copy.deepcopy(record) == record and type(copy.copy(record)) is type(record)


def test_every_kind_comes_back_from_its_saved_list() -> None:
    for registry in (FRAMES, ASKS):
        for kind, cls in registry.items():
            assert cls.kind == kind
            values: list[object] = [
                f"v{i}" if name in TEXT_FIELDS else i for i, name in enumerate(cls.FIELDS)
            ]
            assert from_list(registry, [kind, *values]).to_list() == [kind, *values]


@pytest.mark.skipif(COMPILED, reason="interpreted classes cannot subclass the compiled Frame")
def test_two_kinds_of_one_name_are_refused() -> None:
    class Twin(Frame):
        kind = "fx"

        def __init__(self) -> None:
            pass

    with pytest.raises(EngineError, match="two kinds named 'fx'"):
        kinds(FxFrame, Twin)


@pytest.mark.skipif(not COMPILED, reason="only the compiled build enforces Final fields at run")
def test_a_compiled_record_cannot_be_changed() -> None:
    frame = FxFrame(1, 0, 0, "x")
    with pytest.raises(AttributeError):
        frame.nid = 2  # type: ignore[misc]
