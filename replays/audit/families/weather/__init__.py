"""Weather and winter preparation (AWAW rule 34; A3R house App. K when ``weather.winter = awaw_34_41_house``).

Sources: 31-34 extract 2.7 (checks W-01..W-18), 1.20-1.24 and 4.5, section 6 (TC-06, TC-07, TC-13); A3R extract 2.8,
3.13 (C-WEA-1..C-WEA-4) and 7.7 (T-W1). Tables come from :mod:`projections.rules.weather`; the winter die from the
dice record (:mod:`projections.dice`); each zone's weather this turn, preparation levels (as recorded, else as the
rules start them), results produced this year and held back, the Fall's Axis operations from the weather projection
(:mod:`projections.weather`); this turn's attacks and breakthroughs from :mod:`projections.combat`; units and wars
from the board.

Which Winter Table: AWAW games use 34.41; A3R games use the house App. K table when the option ``weather.winter`` is
``awaw_34_41_house`` (the package value). With ``weather.winter = a3r`` the standard A3R weather rules apply, which
the extracts do not contain: those checks report themselves as not made (``Missing``).

A hex's weather zone comes from the map data (``HexFacts.weather_zone``); where the data does not give it the check
says "not checked: no map data for EUR:K37 (weather zone)". The checks, by part: :mod:`.zones` (each zone's weather,
rolls and levels, each faction's level), :mod:`.preparation` (34.4 and the house increases) and :mod:`.operations`
(what the level, mud and monsoon forbid where they hold; the Axis operations limit), :mod:`.fronts` (offensives in
mud, the spring allowance of 34.25, the Bessarabian border war); :mod:`.base` holds what they share.
"""

from __future__ import annotations

from replays.audit.families.weather import fronts, operations, preparation, zones
from replays.audit.families.weather.base import FAMILY

__all__ = ["FAMILY", "fronts", "operations", "preparation", "zones"]
