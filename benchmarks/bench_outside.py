"""What a cold run costs outside the text parser: ``reactions extract PATH --jobs 1 --no-cache`` with the parser's
results replayed.

A first run (``record``) parses as usual and keeps every document's parse (pickled, by document and text length);
each later run (``replay``) gives the run those parses instead of calling the parser, so that its CPU time is
everything else: start-up, listing, reading, decoding, the outcomes, the frame, languages, scores and the CSV.
The parser's own import and the pickle's loading are measured apart and left out.  The output is the run's own
(compare it with ``cmp``): a replay that changed it would not measure the same run.

Usage::

    python benchmarks/bench_outside.py record CORPUS OUT.csv RECORDS.pkl   # once: parse and keep the parses
    python benchmarks/bench_outside.py replay CORPUS OUT.csv RECORDS.pkl   # the figure (run it a few times)
"""

from __future__ import annotations

import pickle
import resource
import sys
from typing import Any


def cpu() -> float:
    """This process's CPU seconds so far (user + system)."""
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def main() -> None:
    mode, corpus, out, records = sys.argv[1:5]
    import reactions.corpus as corpus_module

    start = cpu()
    corpus_module._load_parser()  # the parser's import: the parser's cost, left out
    parser_import = cpu() - start
    parse = corpus_module._parse_text
    start = cpu()
    kept: dict[tuple[str, int], Any] = {}
    if mode == "replay":
        with open(records, "rb") as handle:
            kept = pickle.load(handle)

    def recorded(text: str, source: str, prefilter: bool | None = None) -> Any:
        found = kept[(source, len(text))] = parse(text, source, prefilter)
        return found

    def replayed(text: str, source: str, prefilter: bool | None = None) -> Any:
        return kept[(source, len(text))]

    left_out = parser_import + cpu() - start
    corpus_module._parse_text = recorded if mode == "record" else replayed  # type: ignore[assignment]
    from reactions.cli import main as cli

    status = cli(["extract", corpus, "--jobs", "1", "--no-cache", "-q", "-o", out])
    if mode == "record":
        with open(records, "wb") as handle:
            pickle.dump(kept, handle, protocol=pickle.HIGHEST_PROTOCOL)
    what = "outside the parser" if mode == "replay" else "the whole run, parser included"
    print(f"{mode}: {cpu() - left_out:.2f} CPU-s, {what} ({left_out:.2f} left out: the parser's import "
          f"{parser_import:.2f}, the records' loading); exit status {status}")


if __name__ == "__main__":
    main()
