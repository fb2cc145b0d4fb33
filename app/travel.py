"""What of a view travels in the URL beside the sidebar's filters: the chart selection, the Top N of the hashtag
chart, the table's page, page size and sort, the summary tab and the section shown.

The charts' own selection cannot be set from Python, so a link's selection is the page's selection until a chart
is clicked or "Clear selection" is pressed (then the charts' selection replaces it).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from typing import Any

import streamlit as st

from reactions.viewstate import links, views

LINK_SELECTION = "link_selection"  # the link's selection query, until the charts are clicked
FROM_LINK = "selection_from_link"  # whether the page's selection is the link's
LATE = "link_selection_late"  # the link's buckets that name no bucket of the time chart's unit
LINK_PAGE = "link_page"  # the link's table page, until the table is first drawn
ASKED_PAGE = "link_page_asked"  # the page the table was asked to start on
LINK_TAB = "link_tab"  # the link's summary tab, until the tabs are first drawn
SHOWN_TAB = "summary_tab_shown"  # the summary tab last drawn (a widget's state is dropped by a run that skips it)
LINK_SECTION = "link_section"  # the link's section, until the section picker is first drawn
SHOWN_SECTION = "page_section_shown"  # the section last shown (as SHOWN_TAB)
KEPT_CHARTS = "chart_selections_kept"  # a linked chart's widget key -> the last selection made in it
REDRAWN = "chart_selections_redrawn"  # the charts drawn anew (their state empty) while a selection was kept
OPENED_PROBLEMS = "saved_view_problems"  # what of a saved view just opened does not apply (app.saved)
DEFAULT_TOP = links.ViewLayout().top_n


def current_query() -> dict[str, list[str]]:
    """The page's URL query parameters."""
    return {k: st.query_params.get_all(k) for k in st.query_params}


def write_query(owned: Collection[str], wanted: Mapping[str, list[str]]) -> None:
    """Set the ``owned`` URL keys to ``wanted`` (an owned key not in it leaves); other keys stay as they are."""
    current = current_query()
    query = {**{k: v for k, v in current.items() if k not in owned}, **wanted}
    if query != current:
        st.query_params.from_dict(query)


def init_links(query: Mapping[str, Sequence[str]], options: Mapping[str, Any]) -> list[str]:
    """Once per session: the link's selection waits to be applied, the Top N and the table's page size, page and
    sort start from the URL.  Returns the values that do not apply (as ``key=value``), which are left out."""
    stale = unmatched_selection(query, options)
    kept = {key: [v for v in query.get(key, ()) if f"{key}={v}" not in stale] for key in links.SELECTION_KEYS.values()}
    st.session_state[LINK_SELECTION] = {key: values for key, values in kept.items() if values}
    layout = links.layout_from_query(query)
    st.session_state["top_n"], st.session_state["table_size"] = layout.top_n, layout.rows
    st.session_state["table_sort"], st.session_state["table_desc"] = layout.sort, layout.order == "desc"
    st.session_state[LINK_PAGE], st.session_state[LINK_TAB] = layout.page, layout.tab
    older = any(query.get(links.LAYOUT_KEYS["tab"], ()))  # a link from before the sections: its tab is shown
    st.session_state[LINK_SECTION] = layout.section or ("summary" if older else "")
    return links.selection_problems(query) + stale + links.layout_problems(query)


def opened_problems() -> list[str]:
    """What of the saved view just opened does not apply, whatever the corpus (once): an unknown key, a bad value."""
    return list(st.session_state.pop(OPENED_PROBLEMS, []))


def unmatched_selection(query: Mapping[str, Sequence[str]], options: Mapping[str, Any]) -> list[str]:
    """The selected hashtags and outlets of a link that this corpus does not hold (case-insensitively)."""
    stale = []
    for field, name in (("hashtags", "tags"), ("outlets", "outlets")):
        offered = {str(v).casefold() for v in options.get(name, ())}
        key = links.SELECTION_KEYS[field]
        stale += [f"{key}={v}" for v in query.get(key, ()) if v and v.casefold() not in offered]
    return stale


def page_selection(charts: views.Selection, unit: str, zone: str) -> views.Selection:
    """The page's selection: the charts', or, until they are clicked, the link's (cut in ``unit`` buckets in
    ``zone``, the time chart's)."""
    waiting = st.session_state.get(LINK_SELECTION)
    linked = links.selection_from_query(waiting, unit=unit, zone=zone) if waiting else None
    if charts.active or linked is None or not linked.active:
        forget_link_selection()
        return charts
    st.session_state[FROM_LINK] = True
    early = links.selection_problems(waiting)  # said in the sidebar already
    st.session_state[LATE] = [p for p in links.selection_problems(waiting, unit=unit) if p not in early]
    return linked


def forget_link_selection() -> None:
    """The link's selection is dropped (the selection is cleared)."""
    st.session_state.pop(LINK_SELECTION, None)
    st.session_state[FROM_LINK], st.session_state[LATE] = False, []


def left_out_late() -> list[str]:
    """The link's selected buckets that name no bucket of the time chart's unit (left out of the selection)."""
    return list(st.session_state.get(LATE, [])) if from_link() else []


def from_link() -> bool:
    """Whether the page's selection is the link's."""
    return bool(st.session_state.get(FROM_LINK))


def sync_selection(selection: views.Selection) -> None:
    """The selection into the URL."""
    write_query(links.SELECTION_KEYS.values(), links.selection_to_query(selection))


def sync_top(top: int) -> None:
    """The Top N into the URL (left out when it is the default)."""
    write_query({links.LAYOUT_KEYS["top_n"]}, links.layout_to_query(links.ViewLayout(top_n=top)))


def sync_table(page: int, rows: int, sort: str = "", descending: bool = False) -> None:
    """The table's page, page size and sort into the URL (left out when they are the defaults)."""
    owned = {links.LAYOUT_KEYS[name] for name in ("page", "rows", "sort", "order")}
    layout = links.ViewLayout(page=page, rows=rows, sort=sort, order="desc" if sort and descending else "asc")
    write_query(owned, links.layout_to_query(layout))


def first_page() -> int:
    """The table's page when it is first drawn: the link's, once; then 1."""
    page = int(st.session_state.pop(LINK_PAGE, 1))
    st.session_state[ASKED_PAGE] = page
    return page


def page_past_the_end(count: int) -> str:
    """A line saying that the link's page is past the table's last page (it shows the last), once; or ''."""
    asked = int(st.session_state.pop(ASKED_PAGE, 1))
    return f"This link's page {asked} is past the last page, {count}: the last is shown." if asked > count else ""


def open_tab(key: str, titles: Mapping[str, str]) -> None:
    """Before the summary tabs (widget ``key``; ``titles``: URL name -> title) are drawn: open the link's tab
    (once), else the one last drawn: Streamlit forgets a widget's state when a run does not draw it (a run that
    stopped early), and a tab's state is its title."""
    if (link := st.session_state.pop(LINK_TAB, None)) is not None:
        st.session_state[key] = titles.get(link or next(iter(titles)))
    elif key not in st.session_state and SHOWN_TAB in st.session_state:
        st.session_state[key] = st.session_state[SHOWN_TAB]


def sync_tab(title: str, titles: Mapping[str, str]) -> None:
    """The summary tab shown (its title, one of ``titles``' values) into the URL (left out when it is the first)."""
    st.session_state[SHOWN_TAB] = title
    name = next((name for name, t in titles.items() if t == title and name != next(iter(titles))), "")
    write_query({links.LAYOUT_KEYS["tab"]}, links.layout_to_query(links.ViewLayout(tab=name)))


def open_section(key: str) -> None:
    """Before the section picker (widget ``key``, its state a section's URL name or None) is drawn: show the link's
    section (once), else the one last shown (a run that stopped early dropped the picker's state)."""
    if (link := st.session_state.pop(LINK_SECTION, None)) is not None:
        st.session_state[key] = link or None
    elif key not in st.session_state and SHOWN_SECTION in st.session_state:
        st.session_state[key] = st.session_state[SHOWN_SECTION]


def sync_section(name: str | None) -> None:
    """The section shown (its URL name; None: none) into the URL (left out when none is)."""
    st.session_state[SHOWN_SECTION] = name
    write_query({links.LAYOUT_KEYS["section"]}, links.layout_to_query(links.ViewLayout(section=name or "")))


def keep_widgets(keys: Collection[str]) -> None:
    """Keep the state of the widgets ``keys`` through a run that does not draw them (a hidden section's knobs):
    Streamlit drops a widget's state at the end of a run that skips it, not a value set from Python."""
    for key in keys:
        if key in st.session_state:
            st.session_state[key] = st.session_state[key]


def chart_state(key: str, state: Mapping[str, Any] | None) -> Mapping[str, Any] | None:
    """The selection state of the linked chart whose widget key is ``key`` (``state``: its widget's state, None
    when the last run did not draw it): the widget's, or the last selection made in it when the last run did not
    draw the chart (a hidden section, a run that stopped early: Streamlit dropped its state) or when the chart was
    drawn anew since (its state is empty until it is clicked: a selection cannot be set into a chart from Python).
    So a selection made in a section survives the section being hidden and shown again."""
    kept: dict[str, Mapping[str, Any] | None] = st.session_state.setdefault(KEPT_CHARTS, {})
    redrawn: set[str] = st.session_state.setdefault(REDRAWN, set())
    if state is None:
        if _chosen(kept.get(key)):
            redrawn.add(key)
        return kept.get(key)
    if key in redrawn and not _chosen(state):
        return kept.get(key)
    redrawn.discard(key)
    kept[key] = state
    return state


def _chosen(state: Mapping[str, Any] | None) -> bool:
    """Whether a chart's selection state holds a selected point."""
    selection = (state or {}).get("selection")
    return isinstance(selection, Mapping) and any(selection.values())
