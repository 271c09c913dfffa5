"""The statement built for a judge that shows it as it is: ``problem.pdf`` (LaTeX) and ``problem.html`` (pandoc).

DOMjudge shows a problem's statement only from a built ``problem.pdf``,
``.html`` or ``.txt``; it does not read LaTeX or Markdown.  :func:`build_pdf`
wraps the package's 2025-09 LaTeX statement in a plain ``article`` with the
format's ``Input``/``Output`` environments, the limits and the sample, and runs
``lualatex`` (which problemtools and BAPCtools need anyway) with
``SOURCE_DATE_EPOCH`` fixed, so the same statement gives the same bytes.
:func:`build_html` runs ``pandoc`` on the Markdown statement with the sample
appended, maths as MathML, in one self-contained file.  Each costs one run
of its tool: a few seconds (the first ``lualatex`` run of a machine builds its
font cache, about 15 s more).

>>> print(_sample_tex(b"2\\nWR\\n", b"21\\n").splitlines()[2])
\\texttt{2} & \\texttt{21} \\\\
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from pathlib import Path

from ...errors import CommandError
from .facts import NAME

__all__ = ["HTML_TOOL", "PDF_TOOL", "build_html", "build_pdf", "missing_tools"]

#: The programs each build runs, and the Debian packages that hold them.
PDF_TOOL = ("lualatex", "apt-get install texlive-luatex texlive-latex-extra texlive-fonts-recommended")
HTML_TOOL = ("pandoc", "apt-get install pandoc")
#: 2020-12-01, the day of NERC 2020 online: the date the PDF says it was made, so that its bytes do not change.
_EPOCH = "1606780800"

_PREAMBLE = r"""\documentclass[11pt,a4paper]{article}
\usepackage[margin=2.5cm]{geometry}
\usepackage{amsmath,amssymb}
\usepackage[hidelinks]{hyperref}
\setlength{\parindent}{0pt}
\setlength{\parskip}{0.6em}
\newenvironment{Input}{\subsection*{Input}}{\par}
\newenvironment{Output}{\subsection*{Output}}{\par}
\newcommand{\problemname}[1]{{\LARGE\bfseries #1\par}\vspace{0.3em}{\small %(limits)s\par}}
\pdfvariable suppressoptionalinfo 1023
\begin{document}
"""


def missing_tools(html: bool = True) -> list[str]:
    """What a build needs and this machine lacks, each with its install command. O(PATH).

    >>> isinstance(missing_tools(), list)
    True
    """
    needed = [PDF_TOOL, HTML_TOOL] if html else [PDF_TOOL]
    return [f"{tool} ({install})" for tool, install in needed if shutil.which(tool) is None]


def _sample_tex(sample_in: bytes, sample_ans: bytes) -> str:
    """The sample as a two-column table of its lines."""
    left = sample_in.decode("ascii").splitlines()
    right = sample_ans.decode("ascii").splitlines()
    size = max(len(left), len(right))
    left += [""] * (size - len(left))
    right += [""] * (size - len(right))
    rows = [f"\\texttt{{{a}}} & \\texttt{{{b}}} \\\\" for a, b in zip(left, right, strict=True)]
    return "\n".join(
        [
            "\\subsection*{Sample}",
            "\\begin{tabular}{|l|l|}\\hline\\textbf{Input} & \\textbf{Output} \\\\\\hline",
            *rows,
            "\\hline\\end{tabular}",
        ]
    )


def _limits(time_limit: float, memory_mib: int) -> str:
    return f"Time limit: {time_limit:g} s. Memory limit: {memory_mib} MiB."


def _run(argv: list[str], folder: str, what: str) -> None:
    env = {**os.environ, "SOURCE_DATE_EPOCH": _EPOCH, "FORCE_SOURCE_DATE": "1"}
    try:
        done = subprocess.run(argv, cwd=folder, capture_output=True, timeout=600, env=env, stdin=subprocess.DEVNULL)
    except (OSError, subprocess.TimeoutExpired) as exc:
        raise CommandError(f"cannot build {what}: {exc}") from None
    if done.returncode != 0:
        log = (done.stdout + done.stderr).decode("utf-8", "replace")
        errors = [line for line in log.splitlines() if line.startswith("!")] or log.splitlines()[-5:]
        raise CommandError(f"cannot build {what} ({argv[0]} failed): {' '.join(errors)[:500]}")


def build_pdf(statement_tex: bytes, sample_in: bytes, sample_ans: bytes, time_limit: float, memory_mib: int) -> bytes:
    """``problem.pdf``: the 2025-09 LaTeX statement, its limits and the sample, made by ``lualatex``."""
    if shutil.which(PDF_TOOL[0]) is None:
        raise CommandError(f"the statement's PDF needs {PDF_TOOL[0]}: {PDF_TOOL[1]}")
    source = (
        _PREAMBLE.replace("%(limits)s", _limits(time_limit, memory_mib))
        + statement_tex.decode("utf-8")
        + "\n"
        + _sample_tex(sample_in, sample_ans)
        + "\n\\end{document}\n"
    )
    with tempfile.TemporaryDirectory(prefix="downwedig-pdf-") as folder:
        Path(folder, "problem.tex").write_text(source, encoding="utf-8")
        argv = [PDF_TOOL[0], "--interaction=nonstopmode", "--halt-on-error", "problem.tex"]
        _run(argv, folder, "problem.pdf")
        return Path(folder, "problem.pdf").read_bytes()


def build_html(statement_md: bytes, sample_in: bytes, sample_ans: bytes, time_limit: float, memory_mib: int) -> bytes:
    """``problem.html``: the Markdown statement with its limits and the sample, one self-contained page (pandoc)."""
    if shutil.which(HTML_TOOL[0]) is None:
        raise CommandError(f"the statement's HTML needs {HTML_TOOL[0]}: {HTML_TOOL[1]}")
    text = (
        f"*{_limits(time_limit, memory_mib)}*\n\n"
        + statement_md.decode("utf-8")
        + "\n## Sample\n\nInput:\n\n```\n"
        + sample_in.decode("ascii")
        + "```\n\nOutput:\n\n```\n"
        + sample_ans.decode("ascii")
        + "```\n"
    )
    with tempfile.TemporaryDirectory(prefix="downwedig-html-") as folder:
        Path(folder, "problem.md").write_text(text, encoding="utf-8")
        argv = [HTML_TOOL[0], "--standalone", "--mathml", "--metadata", f"title={NAME}", "-o", "problem.html"]
        _run([*argv, "problem.md"], folder, "problem.html")
        return Path(folder, "problem.html").read_bytes()
