"""CPU time of ``import reactions`` in a fresh interpreter (the package's front door is lazy: no pandas, no parser).

    .venv/bin/python benchmarks/bench_import.py [--repeat 7]

Prints the least CPU time (``time.process_time`` of the importing process) over ``--repeat`` fresh interpreters and
exits 1 when it is over the target, :data:`TARGET_MS` (tests/test_init.py counts the modules loaded instead: a
test holds on a busy machine, a speed target does not).
"""

from __future__ import annotations

import argparse
import subprocess
import sys

TARGET_MS = 50.0
CODE = "import time; start = time.process_time(); import reactions; print(time.process_time() - start)"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=7)
    args = parser.parse_args(argv)
    runs = [
        float(subprocess.run([sys.executable, "-c", CODE], capture_output=True, text=True, check=True).stdout)
        for _ in range(args.repeat)
    ]
    best = min(runs) * 1000
    print(f"import reactions: {best:.1f} ms of CPU (least of {args.repeat}); target <= {TARGET_MS:g} ms")
    return 0 if best <= TARGET_MS else 1


if __name__ == "__main__":
    sys.exit(main())
