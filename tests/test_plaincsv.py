"""The plain-CSV shortcut (:mod:`reactions.sources.plaincsv`) gives what the general path (pandas' reader) gives, on
any bytes."""

from __future__ import annotations

import csv
import datetime as dt
import io
import itertools
import subprocess
import sys
from pathlib import Path

import pyarrow as pa
import pyarrow.csv as pacsv
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from reactions.models import Document, FileOutcome
from reactions.sources import SourceOptions, plaincsv, tables
from reactions.sources.options import Part

Item = Document | FileOutcome
PIECES = ["a", "b", " ", "\t", "x", '"', ",", "\n", "\r\n", "2017-01-02", "\xe9"]
ODD = [b"\r", b"\x00", b"\xe9", b"\xff\xfe", b'"', b"\n", b",", b"\t"]


def items_or_error(read: object, part: Part, options: SourceOptions) -> list[Item] | str:
    try:
        return list(read(part, options))  # type: ignore[operator]
    except Exception as error:  # the general path's errors (pandas' ParserError) are read_part's to word
        return f"{type(error).__name__}: {error}"


@st.composite
def tables_as_bytes(draw: st.DrawFn) -> tuple[bytes, str]:
    """A table as real ones are (a header, rows of fields, quoted when they must be), now and then broken: a
    field too many or too few, a blank or spaced line, a stray byte, no line end at the end."""
    names = draw(st.sampled_from([["id", "text"], ["text", "title", "date"], ["a", " text ", "url"], ["text"],
                                  ["ID", "Text", "text"]]))
    fmt = draw(st.sampled_from(["csv", "tsv"]))
    separator, line_end = ("," if fmt == "csv" else "\t"), draw(st.sampled_from(["\n", "\r\n"]))
    field = st.lists(st.sampled_from(PIECES), max_size=6).map("".join)
    quoted = st.builds(lambda f, quote: f'"{f.replace(chr(34), 2 * chr(34))}"' if quote else f, field, st.booleans())
    rows = [separator.join(names)]
    for _ in range(draw(st.integers(0, 6))):
        count = len(names) + draw(st.sampled_from([0] * 8 + [-1, 1]))
        rows.append(separator.join(draw(st.lists(quoted, min_size=count, max_size=count))))
        rows.extend(draw(st.sampled_from([[]] * 8 + [[""], ["  "]])))
    data = (line_end.join(rows) + draw(st.sampled_from([line_end, line_end, ""]))).encode("utf-8")
    if draw(st.booleans()):
        at = draw(st.integers(0, len(data)))
        data = data[:at] + draw(st.sampled_from(ODD)) + data[at:]
    return data, fmt


@settings(max_examples=300, deadline=None)
@given(tables_as_bytes(), st.sampled_from([SourceOptions(), SourceOptions(max_bytes=8, chunk_rows=2)]),
       st.sampled_from([1, 16, plaincsv.BLOCK_BYTES]))
def test_the_shortcut_gives_what_pandas_gives_on_any_table(
        tmp_path_factory: pytest.TempPathFactory, table: tuple[bytes, str], options: SourceOptions, block: int) -> None:
    """Small pieces (``block``) are cut where a stray quote misleads the cutter, inside a record."""
    data, fmt = table
    path = tmp_path_factory.mktemp("plain") / f"t.{fmt}"
    path.write_bytes(data)
    part = Part(str(path), "t", "table", fmt)
    general = items_or_error(tables.general_csv, part, options)
    kept, plaincsv.BLOCK_BYTES = plaincsv.BLOCK_BYTES, block  # type: ignore[misc]
    try:
        assert items_or_error(tables.read_table_part, part, options) == general
    finally:
        plaincsv.BLOCK_BYTES = kept  # type: ignore[misc]


def write_rows(tmp_path: Path, rows: list[bytes], fmt: str = "csv") -> Part:
    path = tmp_path / f"t.{fmt}"
    path.write_bytes(b"\n".join(rows) + b"\n")
    return Part(str(path), "t", "table", fmt)


def test_a_plain_table_is_read_by_the_shortcut_to_its_end(tmp_path: Path) -> None:
    rows = [b"id,title,text,date"] + [b'n%d,T\xc3\xa9 %d,"post ""%d"",\nline\xe9",2017-01-0%d' % (i, i, i, i % 9 + 1)
                                      for i in range(300)]
    part = write_rows(tmp_path, rows)
    plain = list(tables._plain_csv(part, SourceOptions()))  # raises NotPlain if it is not taken
    assert plain == list(tables.general_csv(part, SourceOptions()))
    assert len(plain) == 300
    assert plain[7] == Document(source="t#n7", data=b'post "7",\nline\xe9', title="T\xe9 7", place="row 8 (id n7)",
                                published=dt.datetime(2017, 1, 8, tzinfo=dt.UTC))


@pytest.mark.parametrize("block", [1, 64])
@pytest.mark.parametrize("rows_before", [3, 8, 9, 11, 40])
@pytest.mark.parametrize("bad", [b"n,too,many,fields,here", b"few", b"n,x,a NUL\x00,2017", b"n,x,a\rb,2017"])
def test_past_the_shortcut_s_last_block_pandas_reads_on_and_nothing_is_given_twice(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, bad: bytes, rows_before: int, block: int) -> None:
    monkeypatch.setattr(plaincsv, "BLOCK_BYTES", block)  # many pieces: the shortcut gives rows before it stops
    monkeypatch.setattr(tables, "FIRST_ROWS", 3)  # pandas' chunks: 3 rows, then 8
    options = SourceOptions(chunk_rows=8)
    rows = [b"id,title,text,date"] + [b"n%d,T,post %d,2017" % (i, i) for i in range(rows_before)] + [bad, b"m,T,x,1"]
    part = write_rows(tmp_path, rows)
    pulled = itertools.count()
    plain = tables._plain_csv
    monkeypatch.setattr(tables, "_plain_csv", lambda *args: (item for item in plain(*args) if next(pulled) >= 0))
    general = list(tables.general_csv(part, options))
    assert list(tables.read_table_part(part, options)) == general
    assert next(pulled) >= rows_before - 10  # the shortcut read the rows before the piece it stopped in


@pytest.mark.parametrize("block", [1, 1 << 20])
@pytest.mark.parametrize("data", [
    b'id,text\nn1,"open\nn2,b\n',  # the table ends inside quotes: pandas refuses it
    b'id,text\nn1,a"b\nn2,"c\nn3,d\n',  # a stray quote: the cutter's count of quotes is misled
    b'id,text\nn1,a"b\nn2,"c\nn3,d"\n',
    b"id,text\nn1,a\x00b\nn2,b\n",  # NULs
    b'id,text\nn1,"a\x00b"\nn2,b\n',
    b"id,text\nn1,a\x00,x\nn2,b\n",
    b"a,text\n\r\r,\n",  # bare carriage returns, read differently
    b"id,text\nn1,a\rn2,b\n",
    b'id,text\nn1,"a\rb"\nn2,b\n',
    b"id,text\r\nn1,a\r\nn2,b\r\n",
    b"id,text\nn1,  \n  \nn2,b",  # a spaced line, no line end at the end
])  # fmt: skip
def test_tables_the_two_parsers_read_differently_are_read_as_pandas_reads_them(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, data: bytes, block: int) -> None:
    monkeypatch.setattr(plaincsv, "BLOCK_BYTES", block)
    path = tmp_path / "t.csv"
    path.write_bytes(data)
    part, options = Part(str(path), "t", "table", "csv"), SourceOptions()
    assert items_or_error(tables.read_table_part, part, options) == items_or_error(tables.general_csv, part, options)


@pytest.mark.parametrize(("head", "names"), [
    (b"id,text\n", ["id", "text"]),
    (b"id\ttext\r\n", ["id", "text"]),
    (b"text\n", None),  # one column: pandas skips its blank-looking lines
    (b'"id",text\n', None),
    (b"id,id\n", None),  # pandas renames the second id.1
    (b"id,,text\n", None),
    (b"caf\xc3\xa9,text\n", None),
    (b"id,text", None),  # the line does not end in what was read
])  # fmt: skip
def test_only_a_plain_header_takes_the_shortcut(head: bytes, names: list[str] | None) -> None:
    assert plaincsv.plain_header(head, "\t" if b"\t" in head else ",") == names


def test_the_bulk_of_a_big_table_is_given_by_the_shortcut(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Counted, not timed: pandas reads none of a plain table."""
    part = write_rows(tmp_path, [b"text,title"] + [b"post %d,t" % i for i in range(5000)])
    called = itertools.count()
    general = tables.general_csv
    monkeypatch.setattr(tables, "general_csv", lambda *args: next(called) or general(*args))
    assert len(list(tables.read_table_part(part, SourceOptions()))) == 5000
    assert next(called) == 0


@pytest.mark.parametrize(("cell", "plain"), [(b'a""' * 600, False), (b'x' * 40 + b'""' * 500 + b'x' * 40, True),
                                             ((b'x' * 40 + b'""') * 600, True)])
def test_a_field_of_dense_doubled_quotes_is_read_by_pandas(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, cell: bytes, plain: bool) -> None:
    """The shortcut reads a doubled quote with a Python step; pandas' C reader reads a hostile table of them faster
    (:data:`plaincsv.DENSE_GAP`); prose, whose doubled quotes stand far apart, stays on the shortcut."""
    part = write_rows(tmp_path, [b"id,text"] + [b'n%d,"%s"' % (i, cell) for i in range(3)])
    called = itertools.count()
    general = tables.general_csv
    monkeypatch.setattr(tables, "general_csv", lambda *args: next(called) or general(*args))
    items = list(tables.read_table_part(part, SourceOptions()))
    assert [item.data for item in items if isinstance(item, Document)] == [cell.replace(b'""', b'"')] * 3
    assert (next(called) == 0) == plain


def test_a_plain_table_is_read_without_pyarrow_or_numpy(tmp_path: Path) -> None:
    """pyarrow's import, with numpy, cost a cold run over a CSV 0.09 CPU-s; the shortcut reads by ``bytes.find``."""
    part = write_rows(tmp_path, [b"id,text", b'n1,"a post, ""quoted"""', b"n2,another"])
    code = (
        "import sys\nfrom reactions.sources import SourceOptions, tables\nfrom reactions.sources.options import Part\n"
        f"items = list(tables._plain_csv(Part({part.path!r}, 't', 'table', 'csv'), SourceOptions()))\n"
        "print(len(items), [m for m in ('pyarrow', 'numpy', 'pandas') if m in sys.modules])"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.split() == ["2", "[]"]


FIELD_PIECES = ["a", "b", " ", "\t", '"', '""', ",", "\n", "\r\n", "\xe9", "\x00"]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.lists(st.lists(st.sampled_from(FIELD_PIECES), max_size=5).map("".join), min_size=3, max_size=3),
                max_size=5),
       st.sampled_from([",", "\t"]), st.sampled_from(["\n", "\r\n"]), st.booleans())
def test_rows_written_by_the_csv_module_are_read_back_as_they_were(
        rows: list[list[str]], separator: str, line_end: str, last_end: bool) -> None:
    """What a writer quotes where it must (the bulk corpus as one CSV was written by ``csv.writer``) is plain, and
    its fields come back as written."""
    out = io.StringIO()
    csv.writer(out, delimiter=separator, lineterminator=line_end).writerows(rows)
    data = out.getvalue().removesuffix(line_end if not last_end else "").encode("utf-8")
    expected = [[field.encode("utf-8") for field in row] for row in rows]
    assert plaincsv.piece_rows(data, 0, separator.encode(), 3) == expected


@settings(max_examples=500, deadline=None)
@given(st.lists(st.sampled_from([b"a", b" ", b'"', b'""', b",", b"\n", b"\r\n", b"\xe9", b"\x00", b"\t"]),
                max_size=24).map(b"".join), st.sampled_from([2, 3]))
def test_a_piece_read_is_read_as_pyarrow_reads_it(data: bytes, width: int) -> None:
    """pyarrow's parser, which read plain pieces before (Round 15 in ``docs/performance.md``), gives the same rows of
    any piece that :func:`plaincsv.piece_rows` reads; where it is not plain, pandas reads it (the tests above)."""
    try:
        rows = plaincsv.piece_rows(data, 0, b",", width)
    except plaincsv.NotPlain:
        return
    names = [f"c{i}" for i in range(width)]
    table = pacsv.read_csv(
        pa.py_buffer(data),
        read_options=pacsv.ReadOptions(use_threads=False, column_names=names),
        parse_options=pacsv.ParseOptions(newlines_in_values=True),
        convert_options=pacsv.ConvertOptions(column_types=dict.fromkeys(names, pa.binary()), strings_can_be_null=False),
    ) if rows else None
    assert rows == ([list(row) for row in zip(*(table.column(n).to_pylist() for n in names), strict=True)]
                    if table is not None else [])


@pytest.mark.parametrize(("data", "rows"), [
    (b'a,"b ""c"", d"\n', [[b"a", b'b "c", d']]),
    (b'"",""\r\n\r\n\nx,y', [[b"", b""], [b"x", b"y"]]),  # blank lines are no rows
    (b'a,"line\r\nbreak"\r\n', [[b"a", b"line\r\nbreak"]]),
    (b"a,\n", [[b"a", b""]]),
    (b"a,b,c\n", None),  # a field too many
    (b"a\n", None),  # too few
    (b'a,b"c\n', None),  # a quote inside an unquoted field
    (b'a,"b"c\n', None),  # more of a field after its closing quote
    (b'a,"b\n', None),  # left open
    (b'a,"b""\n', None),
])  # fmt: skip
def test_what_a_piece_holds(data: bytes, rows: list[list[bytes]] | None) -> None:
    if rows is None:
        with pytest.raises(plaincsv.NotPlain):
            plaincsv.piece_rows(data, 0, b",", 2)
    else:
        assert plaincsv.piece_rows(data, 0, b",", 2) == rows


@given(st.lists(st.sampled_from([b"\r", b"\n", b"\r\n", b"\n\r", b"a", b'"', b","]), max_size=12))
def test_a_piece_holds_a_bare_carriage_return_as_the_counts_of_returns_and_line_ends_say(parts: list[bytes]) -> None:
    data = b"".join(parts)
    assert bool(plaincsv._BARE_CR.search(data)) == (data.count(b"\r") != data.count(b"\r\n"))
