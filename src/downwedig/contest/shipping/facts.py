"""The problem's facts that every package and zip writes: its name, source, label and licence.

One place for them, at the bottom of the shipping room, so that the formats,
the statement's builds and the zips take them from here and from nowhere
else.  The rules' own numbers (the width, the largest n, the original contest's
limits) are the model's: :mod:`downwedig.staircase` holds them.  The statement's
text is a folder of files, ``problem/`` (read with
:func:`~downwedig.contest.shipping.formats.base.resource`).  O(1).

>>> NAME, LABEL, LICENSE[0]
('Down We Dig', 'D', 'cc by')
"""

from __future__ import annotations

__all__ = ["LABEL", "LICENSE", "NAME", "SOURCE", "SOURCE_URL"]

#: The problem's name.
NAME = "Down We Dig"
#: The problem's label in NERC 2020 (DOMjudge's ``short-name``, the letter on a scoreboard).
LABEL = "D"
#: The licence of what the package holds, and whose it is.
LICENSE = ("cc by", "downwedig maintainers")
#: Where the problem comes from, in words and as an address.
SOURCE = "Northern Eurasia Finals Online 2020 (NERC 2020), problem D"
SOURCE_URL = "https://codeforces.com/gym/102896/problem/D"
