"""What the prose before a pronoun says of each name in it, read once for the windows that share it.

:func:`reactions.parse.antecedents.resolve_author` reads up to :data:`~reactions.parse.authors.REACH` characters
before each quotation for the people they name; in an article of quotations a few dozen characters apart, with a
name between each two (``The star shared a photo. Lee continued: "…"``), every name is read again by the window
of each of the next quotations.  What is read of one name (whether it is a name, a sentence's subject, an outlet
reporting, a place) depends only on the :data:`AROUND` characters about it, so :class:`NameReads` keeps each
reading by those characters: a window that holds the same name with the same characters about it is given the
same reading, not read again.  A name whose reading may look further (a comma after it: an apposition, read back
to its sentence's start) is read every time.

Pure: the reading kept is the reading's own answer for those characters, whichever window asked first; a
bounded table (:data:`LIMIT` readings, emptied when full), kept only past an article's first :data:`ASKS_READ`
windows.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final, NamedTuple

__all__ = ["AROUND", "ASKS_READ", "LIMIT", "NameRead", "NameReads"]


class NameRead(NamedTuple):
    """What the prose says of one name by itself (outside the reading of the sentences around it)."""

    name: str
    """The name (its owner's ``’s`` dropped, a title of an office before it left out)."""
    full: bool
    """Whether it is two words or more."""
    no_name: bool
    """A word alone that ends like an adverb and is no given name (``Naturally``): it opens no set-off clause."""
    verb: bool
    """Whether a subject's verb follows it (and no preposition before it makes it an object)."""
    reports: bool
    """Whether a verb of reporting follows it (``Express reported``)."""
    placed: bool
    """Whether it stands where a place, an event or an organisation does, or qualifies a thing (``a Taylor Swift
    song``)."""


AROUND: Final = (40, 100)
"""How many characters before and after a name its reading may look at, when it looks no further."""
LIMIT: Final = 4096
"""How many readings are kept."""
ASKS_READ: Final = 16
"""How many windows of one article are read whole before readings are kept (:meth:`NameReads.ask`)."""

Reader = Callable[[str, int, int, bool], "NameRead | None"]


class NameReads:
    """``NameReads(read, reads_far).read(window, start, end, own)`` is ``read(window, start, end, own)``: kept by the
    :data:`AROUND` characters about ``window[start:end]`` unless ``reads_far(window, start, end)``."""

    __slots__ = ("_asks", "_body", "_far", "_kept", "_read")

    def __init__(self, read: Reader, reads_far: Callable[[str, int, int], bool]) -> None:
        self._read = read
        self._far = reads_far
        self._kept: dict[tuple[str, int, int, bool], NameRead | None] = {}
        self._body, self._asks = "", 0

    def ask(self, body: str) -> None:
        """Count a window of ``body`` about to be read: readings are kept from the body's window past the first
        :data:`ASKS_READ` on (an article's few windows seldom share a name; an article of hundreds does)."""
        if self._body is not body:
            self._body, self._asks = body, 0
        self._asks += 1

    def read(self, window: str, start: int, end: int, own: bool) -> NameRead | None:
        """The reading of the name at ``window[start:end]`` (``own``: in the pronoun's own sentence)."""
        if self._asks <= ASKS_READ or self._far(window, start, end):
            return self._read(window, start, end, own)
        lo = max(0, start - AROUND[0])
        key = (window[lo : end + AROUND[1]], start - lo, end - lo, own)
        kept = self._kept
        if key in kept:
            return kept[key]
        if len(kept) >= LIMIT:
            kept.clear()
        found = kept[key] = self._read(window, start, end, own)
        return found
