"""Shipping the problem: what goes to a judge.

- :mod:`~downwedig.contest.shipping.programs`: the programs a judge runs (the
  solution, the validators, a slow solution, the deliberate mistakes) and their
  catalogue, which :mod:`~downwedig.contest.bundling` makes one file each;
- :mod:`~downwedig.contest.shipping.package`: the problem package, the
  format-neutral work done once (the tests of a plan of
  :mod:`~downwedig.contest.generating.plan` with the engine's answers, which test
  catches each mistake, the programs, the time limit of :mod:`~.timing`), laid
  out by one object per judge's format in :mod:`~.formats` (each also knows its
  zip, the tools it needs, where its solutions go and how it names a test).

Their parts: :mod:`~.facts` (the problem's name, source, label and licence),
:mod:`~.cases` (the validators' own cases), :mod:`~.statement` (the statement
built as PDF and HTML), :mod:`~.polygon` (a Polygon package's files from neutral
inputs), :mod:`~.domjudge` (the zip DOMjudge imports), :mod:`~.destination`,
:mod:`~.manifest` and :mod:`~.rebuild` (a folder and a zip written whole and
never over someone's work); the ``testlib`` programs are the problem's C++ and
``problem/`` the statement's text.  It stands on ``generating``, ``running``, ``judging``
and ``bundling``, never on ``strength``.
"""

__all__ = ["package", "programs"]
