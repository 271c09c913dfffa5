r"""The ``downwedig`` command: a thin layer of argparse over the library.

Each subcommand lives in its own module here, with ``configure(parser)``
(its options and help) and ``run(args) -> exit status``.  Only the chosen
command's module is imported (the others appear in ``--help`` by name), and
modules import the library parts they need only when they run, so
``downwedig solve`` starts without loading the drawing or contest code.

Failures are :class:`~downwedig.errors.DownwedigError`\ s, each knowing its
exit status, and reach the user in one of three forms.  Bad input (an
:class:`~downwedig.errors.InvalidText`: a staircase, a plan) is reported as
compilers do, ``FILE:LINE:COLUMN: error: reason``, with status 1.  A command line
that asks for the impossible -- a bad option, a day the staircase lacks, an
unknown family, a file that cannot be opened -- is a
:class:`~downwedig.errors.UsageError`: the command's usage line and
``downwedig COMMAND: error: reason``, status 2 (3 for ``check``, where 2 means a
presentation error).  Any other is ``downwedig COMMAND: error: reason`` with its
status (``downwedig: error: reason`` when no command was named).  An unknown
option is the command's usage error too: argparse leaves it to the top parser,
which would not name the command, so :func:`_run` hands it back.
"""

from __future__ import annotations

import sys

from .. import __version__

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Sequence

    from ._common import Parser

__all__ = ["COMMANDS", "main"]

#: The subcommands and their one-line help, in the order ``--help`` lists them.
COMMANDS = {
    "solve": "print who wins each day (the judge's answer)",
    "explain": "explain who wins a day and why (statuses, moves, remoteness, a line of play)",
    "render": "draw a day as SVG, or write an HTML page to browse the days",
    "play": "play a day against the perfect player",
    "gen": "generate a test of a family (deterministic)",
    "validate": "check that a test is exactly in the judge's format (strict)",
    "check": "judge an output against the answer (testlib exit codes)",
    "answers": "write the answer file of every input, in parallel",
    "stress": "run a solution on generated tests; shrink the first failure",
    "test": "judge a solution on tests locally: verdict, CPU time and memory per test",
    "strength": "measure tests against plausible wrong solutions: what they catch, a witness for what they miss",
    "bundle": "write the solution as one self-contained Python file, to submit to a judge",
    "package": "write a problem package in a judge's format (--format), and the zip that judge imports",
}


#: The commands that read a staircase of any width (``--width``); ``validate`` and ``check`` take the judge's 8.
_WIDTH_COMMANDS = ("solve", "explain", "render", "play")


def _chosen(argv: Sequence[str]) -> str | None:
    """The subcommand named on the command line (the first word not an option), if any."""
    return next((word for word in argv if not word.startswith("-")), None)


def build_parser(command: str | None = None) -> Parser:
    """The command line: every subcommand by name, with ``command``'s options in full."""
    from importlib import import_module

    from ._common import Parser

    parser = Parser(
        prog="downwedig",
        description='Solve, explain and test the staircase game "Down We Dig" (NERC 2020, problem D).',
        epilog="Run 'downwedig COMMAND --help' for a command's options.",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", required=True, parser_class=Parser)
    for name, help_text in COMMANDS.items():
        sub = commands.add_parser(name, help=help_text, description=help_text)
        if name == command:
            module = import_module(f"{__name__}.{name}")
            module.configure(sub)
            sub.set_defaults(run=module.run, parser=sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status.

    Statuses: 0 done (and, for ``check``, accepted); 1 bad input, a command
    that failed (a file it cannot write), a wrong answer (``check``) or a
    failing test found (``stress``, ``answers``); 2 a usage error (``check``:
    a presentation error); 3 an invalid test (``validate``) or a checker
    failure (``check``, whose usage errors exit 3 too); 130 interrupted
    (Ctrl-C), 143 and 129 ended by ``SIGTERM`` or ``SIGHUP`` (``test``,
    ``stress``, ``answers`` and ``package``, cleaning up as for Ctrl-C); 141
    standard output closed early (``| head``), as for ``cat``; a full, closed or
    broken standard stream is a one-line error (``write error: ...``) with status 1.
    """
    from ._streams import guard_streams, silence_stdout, stream_error

    guard_streams()
    words = list(sys.argv[1:] if argv is None else argv)
    try:
        if words == ["--version"]:  # the quickest answer, without building any parser
            sys.stdout.write(f"downwedig {__version__}\n")
            sys.stdout.flush()
            return 0
        return _main(words)
    except BrokenPipeError:
        # The reader went away (`downwedig solve big.txt | head`): stop quietly, as
        # `cat` does, and keep Python from complaining when it flushes stdout at exit.
        silence_stdout()
        return 141
    except OSError as exc:  # a full, closed or broken standard stream (or another failure nobody named)
        silence_stdout()
        sys.stderr.write(f"downwedig: error: {stream_error(exc)}\n")
        return 1


def _main(words: list[str]) -> int:
    from ..errors import DownwedigError, InvalidStaircase, InvalidText
    from ._base import diagnostic, error

    try:
        status = _run(words)
        sys.stdout.flush()
        return status
    except InvalidText as exc:
        hint = ""
        if isinstance(exc, InvalidStaircase) and exc.first_width and _chosen(words) in _WIDTH_COMMANDS:
            hint = f"; for a staircase {exc.first_width} pieces wide, give --width {exc.first_width}"
        sys.stderr.write(diagnostic(exc) + hint + "\n")
        return exc.exit_status
    except DownwedigError as exc:
        command = _chosen(words)
        return error(str(exc), exc.exit_status, command if command in COMMANDS else None)
    except KeyboardInterrupt as exc:  # Ctrl-C; or SIGTERM, SIGHUP as downwedig.interrupts.Terminated (128 + N)
        return getattr(exc, "exit_status", 130)


def _run(words: list[str]) -> int:
    from ..errors import UsageError
    from .solve import quick

    try:
        status = quick(words)  # `solve [--stream] [FILE]` without loading argparse
    except UsageError:  # (a file that became unreadable since quick looked: argparse's run says so)
        status = None
    if status is not None:
        return status
    parser = build_parser(_chosen(words))
    try:
        # Known args only: argparse's subparsers pass the words they do not know up to the
        # top parser, whose error would say `downwedig: error:` with its own usage.
        args, unknown = parser.parse_known_args(words)
        if unknown:
            args.parser.error(f"unrecognized arguments: {' '.join(unknown)}")
        try:
            done: int = args.run(args)
        except UsageError as exc:  # (the usage line is the command's)
            args.parser.error(str(exc))
    except SystemExit as exc:  # argparse's way out: --help, and usage errors
        return exc.code if isinstance(exc.code, int) else 1
    return done
