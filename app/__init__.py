"""The page's own code, next to ``dashboard.py``: not part of the ``reactions`` library."""
