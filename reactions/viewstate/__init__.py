"""A view's state as values: its filters and chart selection (:mod:`~reactions.viewstate.views`), their URL codec
and descriptions (:mod:`~reactions.viewstate.links`) and the views an analyst saves
(:mod:`~reactions.viewstate.saved_views`).  Pure; never imports streamlit.
"""
