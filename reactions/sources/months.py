"""Month names in the languages of most embed codes, and the first date written in a string (:func:`parse_date`).

Read by the parser (a post's date, :mod:`reactions.parse.dates`) and by the readers of datasets (a publication
date written out, ``26 de março de 2018``, :mod:`reactions.sources.dates`): kept here, before both.
"""

from __future__ import annotations

import datetime as dt
import re

__all__ = ["MONTHS", "parse_date"]

_MONTH_NAMES = (
    # English, German, French, Spanish, Portuguese, Italian, Dutch: the languages of most embed codes; then
    # Swedish, Danish and Norwegian, Polish, Turkish, Russian and Ukrainian, Czech, Finnish and Greek (the forms
    # after a day number: genitive or partitive, with the nominative and the abbreviations the embeds print);
    # then Romanian, Slovak, Catalan and Hungarian (the long forms their embed codes print)
    "january jan januar janv janvier enero ene janeiro gennaio gen januari "
    "stycznia styczeń ocak января январь янв січня січень січ ledna tammikuuta ιανουαρίου "
    "ianuarie januára gener január",
    "february feb februar févr fév février fevrier febrero fevereiro fev febbraio februari "
    "lutego luty şubat февраля февраль февр фев лютого лютий лют února helmikuuta φεβρουαρίου "
    "februarie februára febrer február",
    "march mar märz mär marz mrz mars marzo março marco maart mrt "
    "marca marzec mart марта март мар березня березень бер března maaliskuuta μαρτίου "
    "martie març március",
    "april apr avril avr abril abr aprile "
    "kwietnia kwiecień nisan апреля апрель апр квітня квітень кві dubna huhtikuuta απριλίου "
    "aprilie apríla április",
    "may mai mayo maio maggio mag mei maj "
    "maja mayıs мая май травня травень тра května toukokuuta μαΐου "
    "mája maig május",
    "june jun juni juin junio junho giugno giu "
    "czerwca czerwiec haziran июня июнь июн червня червень чер června kesäkuuta ιουνίου "
    "iunie júna juny június",
    "july jul juli juil juillet julio julho luglio lug "
    "lipca lipiec temmuz июля июль июл липня липень лип července heinäkuuta ιουλίου "
    "iulie júla juliol július",
    "august aug août aout agosto ago augustus augusti "
    "sierpnia sierpień ağustos августа август авг серпня серпень сер srpna elokuuta αυγούστου "
    "augusta agost augusztus",
    "september sep sept septembre septiembre setiembre setembro set settembre "
    "września wrzesień eylül сентября сентябрь сент сен вересня вересень вер září syyskuuta σεπτεμβρίου "
    "septembrie septembra setembre szeptember",
    "october oct oktober okt octobre octubre outubro out ottobre ott "
    "października październik ekim октября октябрь окт жовтня жовтень жов října lokakuuta οκτωβρίου "
    "octombrie októbra október",
    "november nov novembre noviembre novembro "
    "listopada listopad kasım ноября ноябрь нояб ноя листопада листопад лис listopadu marraskuuta νοεμβρίου "
    "noiembrie novembra",
    "december dec dezember dez décembre déc decembre diciembre dic dezembro dicembre "
    "grudnia grudzień aralık декабря декабрь дек грудня грудень гру prosince joulukuuta δεκεμβρίου "
    "decembrie decembra desembre",
)
MONTHS: dict[str, int] = {name: i for i, names in enumerate(_MONTH_NAMES, start=1) for name in names.split()}
"""Lower-case month names and abbreviations -> month number."""
_WORD = r"([^\W\d_]{3,12})"
_MDY = re.compile(rf"\b(?:on)?{_WORD}\.?\s+(\d{{1,2}})(?:st|nd|rd|th)?,?\s+(\d{{4}})\b")
_DMY = re.compile(rf"\b(\d{{1,2}})(?:er|º)?\.?\s+(?:de\s+)?(?:d['’])?{_WORD}\.?,?\s+(?:de\s+)?(\d{{4}})\b")
_YMD = re.compile(rf"\b(\d{{4}})\.\s+{_WORD}\s+(\d{{1,2}})\.")
"""Hungarian: ``2019. január 25.``"""
_VI = re.compile(r"\b(\d{1,2})\s+tháng\s+(\d{1,2}),?\s+(\d{4})\b", re.IGNORECASE)
"""Vietnamese: ``25 tháng 1, 2019`` (day, the word for month, the month's number, year)."""
_ISO = re.compile(r"\b(\d{4})-(\d{2})-(\d{2})")
_CJK = re.compile(r"(\d{4})\s*[年년]\s*(\d{1,2})\s*[月월]\s*(\d{1,2})\s*[日일]")


def parse_date(text: str) -> dt.date | None:
    """The first date written in ``text`` (``May 5, 2014``, ``5 May 2014``, ``2014-05-05``, ``2014年5月5日``).

    >>> parse_date("Feb 2, 2020 at 10:15am PST"), parse_date("2 February 2020"), parse_date("soon")
    (datetime.date(2020, 2, 2), datetime.date(2020, 2, 2), None)
    >>> parse_date("2016年11月25日"), parse_date("28. März 2018"), parse_date("1er février 2020")
    (datetime.date(2016, 11, 25), datetime.date(2018, 3, 28), datetime.date(2020, 2, 1))
    >>> parse_date("13 de octubre de 2018")
    datetime.date(2018, 10, 13)
    """
    candidates: list[tuple[int, int, int, int]] = []  # (position, year, month, day)
    for m in _MDY.finditer(text):
        if m.group(1).lower() in MONTHS:
            candidates.append((m.start(), int(m.group(3)), MONTHS[m.group(1).lower()], int(m.group(2))))
    for m in _DMY.finditer(text):
        if m.group(2).lower() in MONTHS:
            candidates.append((m.start(), int(m.group(3)), MONTHS[m.group(2).lower()], int(m.group(1))))
    for m in _YMD.finditer(text):
        if m.group(2).lower() in MONTHS:
            candidates.append((m.start(), int(m.group(1)), MONTHS[m.group(2).lower()], int(m.group(3))))
    for m in _VI.finditer(text):
        candidates.append((m.start(), int(m.group(3)), int(m.group(2)), int(m.group(1))))
    for pattern in (_ISO, _CJK):
        for m in pattern.finditer(text):
            candidates.append((m.start(), int(m.group(1)), int(m.group(2)), int(m.group(3))))
    for _, year, month, day in sorted(candidates):
        try:
            return dt.date(year, month, day)
        except ValueError:
            continue
    return None
