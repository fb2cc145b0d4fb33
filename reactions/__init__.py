"""reactions: the social-media reactions that news articles embed, parsed, scored and shown.

The library needs no Streamlit.  Data flows one way::

    files -> parse -> corpus -> sentiment -> frames -> charts / export -> cli, dashboard.py
"""

from __future__ import annotations

import logging

__version__ = "0.1.0"

logging.getLogger(__name__).addHandler(logging.NullHandler())
