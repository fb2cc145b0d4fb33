"""Exceptions a caller can act on.  A malformed embed is not an exception: it is a warning."""


class ReactionsError(Exception):
    """Base class of every error reactions raises on purpose."""


class InputError(ReactionsError):
    """No article could be read from the paths given (missing, empty, binary or unreadable)."""


class ExportError(ReactionsError):
    """A table could not be written or read back (unknown format, missing column, bad file)."""
