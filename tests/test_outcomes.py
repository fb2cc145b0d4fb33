"""outcomes: a run's outcomes kept as columns give back exactly the records they were made from (equality, order,
indexing, pickling), what they add up to, and what the command line and the log say of them."""

from __future__ import annotations

import dataclasses
import logging
import pickle
from collections.abc import Iterable
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from reactions.corpus import check_outcomes, log_warnings
from reactions.models import FileOutcome, OutcomeTotals, Status
from reactions.outcomes import OutcomePacker, Outcomes

_TEXT = st.text(alphabet=st.sampled_from("ab/\0é x"), max_size=6)  # (no lone surrogate: logged, sent by xdist)
_OUTCOMES = st.lists(
    st.builds(
        FileOutcome,
        st.sampled_from(["in/a.txt", "in/b.txt", "in/sub/c.txt", "", "data.csv"]) | _TEXT,
        st.none() | st.sampled_from(["a", "b", ""]) | _TEXT,
        st.sampled_from(Status),
        st.integers(0, 2**31),
        st.lists(_TEXT, max_size=2).map(tuple),
        st.none() | _TEXT,
    ),
    max_size=12,
)


def packed(outcomes: list[FileOutcome], block: int, monkeypatch: pytest.MonkeyPatch) -> Outcomes:
    """``outcomes`` packed as a run packs them, in blocks of ``block`` at most, added a few at a time."""
    monkeypatch.setattr("reactions.outcomes.BLOCK", block)
    packer = OutcomePacker()
    for start in range(0, len(outcomes), 5):
        packer.add(outcomes[start : start + 5])
    return packer.packed()


@given(outcomes=_OUTCOMES, block=st.integers(1, 4))
def test_packed_outcomes_are_the_records_they_were_made_from(outcomes: list[FileOutcome], block: int) -> None:
    with pytest.MonkeyPatch.context() as monkeypatch:
        kept = packed(outcomes, block, monkeypatch)
    records = tuple(outcomes)
    assert kept == records
    assert records == kept  # (from the tuple's side too)
    assert kept == list(records)
    assert list(kept) == list(records)
    assert len(kept) == len(records)
    assert [kept[i] for i in range(len(records))] == list(records)
    assert [kept[-i] for i in range(1, len(records) + 1)] == [records[-i] for i in range(1, len(records) + 1)]
    assert kept[1:3] == records[1:3]
    assert kept[::-2] == records[::-2]
    assert hash(kept) == hash(records)
    assert pickle.loads(pickle.dumps(kept)) == records
    assert kept.parsed == sum(o.status is Status.PARSED for o in records)
    assert kept.occurrences == sum(o.reactions for o in records)
    assert list(kept.sources()) == [o.source for o in records]
    assert list(kept.warnings()) == [o.warnings for o in records]
    assert [kept.path(i) for i in range(len(records))] == [o.path for o in records]
    assert list(kept.warned()) == [o for o in records if o.warnings or o.reason]
    assert Outcomes.of(records) == kept
    assert Outcomes.of(kept) is kept
    with pytest.raises(IndexError):
        kept[len(records)]


@given(outcomes=_OUTCOMES, cut=st.integers(0, 12))
def test_outcomes_packed_apart_join_as_records_added_one_by_one_would(outcomes: list[FileOutcome], cut: int) -> None:
    """A worker packs its task's outcomes (:class:`reactions.run.tasks.Chunk`): the run's packer takes their
    blocks as they are, the same blocks as had it been given the records."""
    with pytest.MonkeyPatch.context() as monkeypatch:
        monkeypatch.setattr("reactions.outcomes.BLOCK", 2)
        by_records, by_packs = OutcomePacker(), OutcomePacker()
        packs = [pickle.loads(pickle.dumps(Outcomes.of(part))) for part in (outcomes[:cut], outcomes[cut:])]
        for part, pack in zip((outcomes[:cut], outcomes[cut:]), packs, strict=True):
            by_records.add(part)
            by_packs.add(pack)
        assert by_packs.packed() == tuple(outcomes)
        assert by_packs.packed()._blocks == by_records.packed()._blocks
        taken = [block for pack in packs for block in pack._blocks]  # as they are: not unpacked and packed again
        assert all(a is b for a, b in zip(by_packs.packed()._blocks, taken, strict=True))


def test_outcomes_differ_when_any_record_does() -> None:
    one = FileOutcome("a.txt", "a.txt", Status.PARSED, 1)
    kept = Outcomes.of([one, one])
    assert kept != (one,)
    assert kept != (one, dataclasses.replace(one, reactions=2))
    assert kept != Outcomes.of([one, dataclasses.replace(one, warnings=("w",))])
    assert kept != "a.txt"
    assert Outcomes() == () == Outcomes.of([])
    assert not Outcomes()
    assert len(Outcomes()) == 0


def test_a_warning_shared_by_many_files_stays_one_object() -> None:
    note = ("article id 'a' is also the id of one/a.txt",)
    kept = Outcomes.of([FileOutcome(f"{n}/a.txt", "a", Status.PARSED, 0, note) for n in range(3)])
    assert kept[0].warnings is kept[1].warnings is kept[2].warnings is note


def test_warnings_replaced_file_by_file() -> None:
    kept = Outcomes.of([FileOutcome("a", "a", Status.PARSED, 0, ("own",)), FileOutcome("b", "b", Status.PARSED)])
    assert [o.warnings for o in kept.with_warnings([None, ("new",)])] == [("own",), ("new",)]
    assert [o.warnings for o in kept.with_warnings([(), None])] == [(), ()]


# --- the check of a run's outcomes (a repeated article id), as it was made on records -----------------------------


def reference_check(outcomes: Iterable[FileOutcome]) -> tuple[FileOutcome, ...]:
    first_path: dict[str, str] = {}
    flagged: list[FileOutcome] = []
    for outcome in outcomes:
        source = outcome.source
        first = first_path.setdefault(source, outcome.path) if source is not None else None
        if source is not None and first is not None and first != outcome.path:
            note = f"article id {source!r} is also the id of {first}: their citations cannot be told apart"
            outcome = dataclasses.replace(outcome, warnings=(*outcome.warnings, note))
        flagged.append(outcome)
    return tuple(flagged)


@given(outcomes=_OUTCOMES)
def test_a_repeated_article_id_is_noted_as_it_was_on_records(outcomes: list[FileOutcome]) -> None:
    checked = check_outcomes(outcomes)
    assert isinstance(checked, Outcomes)
    assert checked == reference_check(outcomes)


def test_every_warning_is_logged_once_naming_its_file(caplog: pytest.LogCaptureFixture) -> None:
    outcomes = [
        FileOutcome("one/a.txt", "a.txt", Status.PARSED, 1),
        FileOutcome("two/a.txt", "a.txt", Status.PARSED, 1, ("repaired mojibake",)),
        FileOutcome("bad.txt", None, Status.SKIPPED, reason="empty"),
    ]
    with caplog.at_level(logging.WARNING, logger="reactions.corpus"):
        checked = check_outcomes(outcomes)
    said = [record.getMessage() for record in caplog.records]
    assert said == [
        "two/a.txt: repaired mojibake",
        "two/a.txt: article id 'a.txt' is also the id of one/a.txt: their citations cannot be told apart",
        "bad.txt: empty",
    ]
    caplog.clear()
    with caplog.at_level(logging.WARNING, logger="reactions.corpus"):
        log_warnings(tuple(checked))  # the same from records
    assert [record.getMessage() for record in caplog.records] == said


@dataclasses.dataclass(frozen=True)
class _Totals(OutcomeTotals):
    outcomes: tuple[FileOutcome, ...] | Outcomes


@given(outcomes=_OUTCOMES)
def test_the_totals_are_those_of_the_records(outcomes: list[FileOutcome]) -> None:
    kept, records = _Totals(Outcomes.of(outcomes)), _Totals(tuple(outcomes))
    assert (kept.articles, kept.occurrences, kept.warnings) == (records.articles, records.occurrences, records.warnings)


def test_the_totals_of_packed_outcomes_are_counted_from_their_columns(monkeypatch: pytest.MonkeyPatch) -> None:
    """No record made to count a run's files and reactions (180,000 records at the end of a run)."""
    kept = _Totals(Outcomes.of([FileOutcome("a", "a", Status.PARSED, 2), FileOutcome("b", None, Status.SKIPPED)]))

    def no_records(self: Outcomes) -> None:
        raise AssertionError("records made")

    monkeypatch.setattr(Outcomes, "__iter__", no_records)
    assert (kept.articles, kept.occurrences) == (1, 2)


def test_the_command_line_summary_and_warnings(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """What ``reactions extract`` says of a run's files: the summary line and each warning, from packed outcomes."""
    from reactions.cli import main

    post = "So good #wow — Ann Lee (@ann_lee) Feb 2, 2020\n"
    for folder in ("one", "two"):
        (tmp_path / folder).mkdir()
        (tmp_path / folder / "a.txt").write_text(f"Title\n\n{post}", encoding="utf-8")
    (tmp_path / "two" / "empty.txt").write_bytes(b"")
    out = tmp_path / "out.csv"
    assert main(["extract", str(tmp_path / "one"), str(tmp_path / "two"), "--no-cache", "-o", str(out)]) == 0
    err = capsys.readouterr().err.splitlines()
    assert err[0] == "files: 3, articles: 2, reactions: 1 unique (2 occurrences), warnings: 2"
    assert f"warning: {tmp_path / 'two' / 'a.txt'}: article id 'a.txt' is also the id of" in err[1]
    assert err[2] == f"warning: {tmp_path / 'two' / 'empty.txt'}: empty file"
