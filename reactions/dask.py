"""Scale out on Dask: the same per-file parse and the same scoring, on a cluster.

:func:`extract` lists the files exactly as :func:`reactions.corpus.read_corpus` does, parses
them with the same per-file function (:func:`reactions.corpus.parse_document`) over a
``dask.bag`` of file paths on the workers, merges the articles on the client (duplicates
across articles become one reaction, as in a single-process run), scores the merged frame in
partitions on the workers with :func:`reactions.sentiment.score_frame` (only ``id`` and
``text`` are scattered to them), and writes the scored frame as Parquet partitions when
``out`` is given.  The frame it returns is identical to
``to_frame(read_corpus(paths))`` (which scores with ``score_frame``).

With no ``client`` it starts a :class:`distributed.LocalCluster` (one single-threaded worker
process per core: parsing holds the GIL) and closes it afterwards.  To run on an existing
cluster, pass a client of its scheduler, e.g. ``with connect("tcp://scheduler:8786") as client:
extract(paths, client)``; the workers need ``reactions`` installed and must see the files at
the same paths (a shared file system).

Dask is an optional extra (``pip install 'reactions[dask]'``) and is imported only here.
"""

from __future__ import annotations

import contextlib
import dataclasses
import importlib
import os
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pandas as pd

from reactions import corpus as corpus_module
from reactions.errors import ReactionsError
from reactions.export import write_atomically
from reactions.files import DEFAULT_READ, ReadOptions
from reactions.models import Article, Corpus, FileOutcome

if TYPE_CHECKING:
    from distributed import Client

PARTITION_FILES = 256
"""Files per bag partition: large enough to amortise task overhead, small enough to balance."""
CONNECT_TIMEOUT = "20s"
"""How long :func:`connect` tries to reach a scheduler before giving up."""
PARTITION_ROWS = 50_000
"""Reactions per scoring partition (and per Parquet file)."""


def parse_file(item: tuple[str, str], read: ReadOptions = DEFAULT_READ) -> tuple[Article | None, FileOutcome]:
    """Read and parse one file on a worker; the article's text is dropped (the frame never uses
    it) so that only the reactions travel back to the client."""
    path, source = item
    article, outcome = corpus_module.parse_path(Path(path), source, read)
    if article is not None:
        article = dataclasses.replace(article, text="")
    return article, outcome


@contextlib.contextmanager
def connect(address: str | None = None) -> Iterator[Client]:
    """A client of the scheduler at ``address`` (``tcp://host:8786``), or of a fresh
    :class:`distributed.LocalCluster` (one single-threaded worker process per core) that is
    closed afterwards."""
    try:
        distributed: Any = importlib.import_module("distributed")
    except ImportError as error:
        raise ReactionsError("Dask is not installed: pip install 'reactions[dask]'") from error
    if address:
        try:
            remote = distributed.Client(address, timeout=CONNECT_TIMEOUT)
        except (OSError, TimeoutError) as error:
            raise ReactionsError(f"cannot reach the Dask scheduler at {address}: {error}") from error
        with remote:
            yield remote
        return
    workers = os.cpu_count() or 1
    with (
        distributed.LocalCluster(
            n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=":0"
        ) as cluster,
        distributed.Client(cluster) as local,
    ):
        yield local


@contextlib.contextmanager
def _session(client: Client | None) -> Iterator[Any]:
    if client is not None:
        yield client
    else:
        with connect() as local:
            yield local


def extract(
    paths: Sequence[str | Path],
    client: Client | None = None,
    out: str | Path | None = None,
    *,
    lexicon: Mapping[str, float] | None = None,
    overrides: Mapping[str, str] | None = None,
) -> pd.DataFrame:
    """The scored frame of every reaction in ``paths`` (files or folders), computed on Dask.

    ``out``: a folder to write the frame into as Parquet partitions (``part.0.parquet``, …).
    ``lexicon`` and ``overrides`` are passed to :func:`reactions.sentiment.score_frame`.
    """
    return extract_corpus(paths, client, out, lexicon=lexicon, overrides=overrides)[1]


def extract_corpus(
    paths: Sequence[str | Path],
    client: Client | None = None,
    out: str | Path | None = None,
    *,
    lexicon: Mapping[str, float] | None = None,
    overrides: Mapping[str, str] | None = None,
    read: ReadOptions = DEFAULT_READ,
) -> tuple[Corpus, pd.DataFrame]:
    """:func:`extract`, also returning the corpus (every file's outcome; articles without their
    text), for a caller that reports on the run, as ``reactions extract --dask`` does."""
    bags: Any = importlib.import_module("dask.bag")
    from reactions.frames import to_frame

    files = [(str(path), source) for path, source in corpus_module.list_files(paths)]
    with _session(client) as active:
        bag = bags.from_sequence(files, partition_size=PARTITION_FILES)
        corpus = corpus_module.assemble(active.compute(bag.map(parse_file, read=read)).result())
        frame = _score(active, to_frame(corpus, sentiment=False), {"lexicon": lexicon, "overrides": overrides})
    if out is not None:
        write_parts(frame, Path(out))
    return corpus, frame


def _score(client: Any, frame: pd.DataFrame, options: dict[str, Any]) -> pd.DataFrame:
    """``score_frame`` on the workers, a partition of ``id`` and ``text`` at a time (scattered to
    them, not embedded in the task graph), the sentiment columns appended on the client."""
    from reactions.parallel import score_rows
    from reactions.sentiment import SENTIMENT_COLUMNS, score_frame

    rows = frame[["id", "text"]]
    parts = [rows.iloc[i : i + PARTITION_ROWS] for i in range(0, len(rows), PARTITION_ROWS)]
    if not parts:
        return score_frame(frame, **options)
    scored = client.gather(client.map(score_rows, client.scatter(parts), options=options))
    columns = pd.concat(scored)
    return frame.assign(**{name: columns[name] for name in SENTIMENT_COLUMNS})


def write_parts(frame: pd.DataFrame, out: Path) -> list[Path]:
    """``frame`` as Parquet files ``out/part.0.parquet``, … of :data:`PARTITION_ROWS` rows each,
    all with one schema (inferred from every row: an empty list in one part says nothing)."""
    arrow: Any = importlib.import_module("pyarrow")
    parquet: Any = importlib.import_module("pyarrow.parquet")
    out.mkdir(parents=True, exist_ok=True)
    schema = arrow.Schema.from_pandas(frame, preserve_index=False)
    written = []
    for number, start in enumerate(range(0, max(len(frame), 1), PARTITION_ROWS)):
        part = frame.iloc[start : start + PARTITION_ROWS]
        path = out / f"part.{number}.parquet"
        sink = arrow.BufferOutputStream()
        parquet.write_table(arrow.Table.from_pandas(part, schema=schema, preserve_index=False), sink)
        write_atomically(path, sink.getvalue().to_pybytes())  # a failed write never leaves a cut part
        written.append(path)
    return written
