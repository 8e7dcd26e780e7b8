"""Ground combat asked of a position: attacks, odds, DMs, the CRT and its substitutions, losses, further rounds,
support limits, advance after combat, breakthroughs, exploitation (AWAW 12, 15, 16; A3R house App. C-1 when
``combat.crt = awaw_15_house``; with ``combat.crt = a3r`` the standard A3R CRT, not in the extracts, is not judged).

The attack an event names is projection state (:class:`projections.combat.Attack`): each round's participants, CRT
reading, loss requirement and the pools each side could lose from (ground units whole, air and fleet factors one by
one, 10-16 extract 5.3). A unit's CTL is :func:`~projections.position.combat.attacks.ctl`, the one answer every CTL
question asks. Not decided (the events lack the fact, or the map is needed): DM items against terrain and hexsides,
the initial-Japanese-surprise exception to 15.55, which early-German window an attack is in, CTL drop-outs of air and
fleet units in later rounds (their CTLs are not recorded).

:mod:`.declarations` (15.11, 15.2-15.47, 15.632, 16.41), :mod:`.rounds` (15.5-15.8), :mod:`.losses` (15.61-15.642)
and :mod:`.advance` (15.9, 12.11, 16.1-16.6); :mod:`.attacks` holds what they share.
"""
