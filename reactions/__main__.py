"""``python -m reactions``: the command line (:func:`reactions.cli.main`); a Ctrl-C while it loads ends it as a
Ctrl-C during a run does (one line, exit status 130), not with Python's trace of the import it stopped; a command
done ends the process without the interpreter's teardown (:func:`reactions.cli.end_process`)."""

import sys

try:
    from reactions.cli import run
except KeyboardInterrupt:
    print("error: interrupted", file=sys.stderr)
    raise SystemExit(130) from None

run()
