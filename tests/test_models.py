"""reactions.models: the records' own ``__init__`` (:func:`reactions.models._slot_init`) against dataclasses' own."""

from __future__ import annotations

import dataclasses
import inspect
import pickle
import typing
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from reactions import models

RECORDS = [
    cls for cls in vars(models).values() if isinstance(cls, type) and dataclasses.is_dataclass(cls)
]


def reference(cls: type) -> type:
    """``cls`` as dataclasses alone makes it: frozen, slotted, with the ``__init__`` it writes."""
    fields = [(f.name, f.type, f) for f in dataclasses.fields(cls)]
    return dataclasses.make_dataclass(cls.__name__, fields, frozen=True, slots=True)


def test_every_record_has_the_quick_init() -> None:
    assert {cls.__name__ for cls in RECORDS} >= {"Reaction", "Article", "Citation", "FileOutcome", "Document"}
    for cls in RECORDS:
        assert cls.__init__ is not reference(cls).__init__
        assert inspect.signature(cls) == inspect.signature(reference(cls)), cls.__name__
        assert typing.get_type_hints(cls.__init__) == {**typing.get_type_hints(cls), "return": type(None)}


VALUES = st.one_of(st.none(), st.integers(), st.text(max_size=5), st.tuples(st.integers()))


@pytest.mark.parametrize("cls", RECORDS, ids=lambda cls: cls.__name__)
@given(data=st.data())
def test_a_record_is_made_as_dataclasses_make_it(cls: type, data: st.DataObject) -> None:
    names = [f.name for f in dataclasses.fields(cls)]
    values = data.draw(st.lists(VALUES, max_size=len(names) + 1))
    keywords = data.draw(st.dictionaries(st.sampled_from([*names, "other"]), VALUES, max_size=3))
    ref = reference(cls)
    made: list[Any] = []
    for kind in (cls, ref):
        try:
            made.append(kind(*values, **keywords))
        except TypeError as error:  # too many, missing, repeated or unknown arguments: refused alike
            made.append(type(error))
    if made[0] is TypeError or made[1] is TypeError:
        assert made[0] is made[1]
        return
    mine, theirs = made
    assert [getattr(mine, n) for n in names] == [getattr(theirs, n) for n in names]
    assert repr(mine).removeprefix(cls.__name__) == repr(theirs).removeprefix(cls.__name__)
    with pytest.raises(dataclasses.FrozenInstanceError):
        setattr(mine, names[0], "changed")
    assert pickle.loads(pickle.dumps(mine)) == mine
    assert dataclasses.replace(mine) == mine
