"""The YAML of a problem package, read without a YAML library: block mappings and lists, flow lists and
mappings (nested, on one line), quoted and plain scalars, comments.

``problem.yaml``, ``submissions/submissions.yaml`` and DMOJ's ``init.yml`` use
no more than this (the formats' own examples, and what BAPCtools and downwedig write).  Anything else
(anchors, tags, block scalars, a flow collection over several lines) is an
:class:`InvalidYaml` naming the file's line, so a reader can say what it could
not read rather than guess.  O(size).

>>> read_yaml("limits:\\n  time_limit: 2  # seconds\\n  memory: 512\\nkeys: [AC, 'WA']\\n")
{'limits': {'time_limit': 2, 'memory': 512}, 'keys': ['AC', 'WA']}
>>> read_yaml("- {in: 'a b.in', args: {files: [c.cpp, t.h], n: 1}, cases: {3: WA}}\\n")
[{'in': 'a b.in', 'args': {'files': ['c.cpp', 't.h'], 'n': 1}, 'cases': {'3': 'WA'}}]
"""

from __future__ import annotations

import re

__all__ = ["InvalidYaml", "read_yaml"]


class InvalidYaml(ValueError):
    """YAML this reader does not read (or that is not YAML), at a line: ``str()`` says ``line N: why``."""


_KEY = re.compile(r"""^(?:"((?:[^"\\]|\\.)*)"|'((?:[^']|'')*)'|([^'"\s][^:#]*?))\s*:(?:\s+|$)(.*)$""")


def _strip(line: str) -> str:
    """The line without its comment (a ``#`` after a blank or at its start, outside quotes)."""
    quote = None
    for i, char in enumerate(line):
        if quote:
            if char == quote:
                quote = None
        elif char in "'\"":
            quote = char
        elif char == "#" and (i == 0 or line[i - 1] in " \t"):
            return line[:i].rstrip()
    return line.rstrip()


def _scalar(text: str, line: int) -> object:
    text = text.strip()
    if not text or text in ("~", "null", "Null", "NULL"):
        return None
    if text[0] == '"' and text.endswith('"') and len(text) > 1:
        return bytes(text[1:-1], "utf-8").decode("unicode_escape")
    if text[0] == "'" and text.endswith("'") and len(text) > 1:
        return text[1:-1].replace("''", "'")
    if text[0] in "[{":
        return _flow(text, line)
    if text[0] in "&*!|>%@`":
        raise InvalidYaml(f"line {line}: {text[:20]!r}: anchors, tags and block scalars are not read here")
    if text in ("true", "True", "TRUE", "false", "False", "FALSE"):
        return text.lower() == "true"
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return text


def _flow(text: str, line: int) -> object:
    """A flow list ``[a, b]`` or mapping ``{a: 1, b: [2, 3]}``, nested or not, on one line."""
    value, end = _flow_value(text, 0, line)
    if text[end:].strip():
        raise InvalidYaml(f"line {line}: {text[:40]!r}: something after the flow collection's end")
    return value


def _flow_scalar(text: str, at: int, line: int) -> tuple[str, int]:
    """The text of a flow scalar at ``at`` (quoted or plain), and where it ends."""
    if text[at] in "'\"":
        end = text.find(text[at], at + 1)
        while end != -1 and text[at] == "'" and text[end + 1 : end + 2] == "'":  # ('' is a quote in it)
            end = text.find("'", end + 2)
        if end == -1:
            raise InvalidYaml(f"line {line}: {text[at:][:40]!r}: a quote that does not end")
        return text[at : end + 1], end + 1
    end = at
    while end < len(text) and text[end] not in ",]}" and not (text[end] == ":" and text[end + 1 : end + 2] in " ,]}"):
        end += 1
    return text[at:end], end


def _flow_value(text: str, at: int, line: int) -> tuple[object, int]:
    """The flow value at ``at`` (a collection or a scalar), and where it ends."""
    while at < len(text) and text[at] == " ":
        at += 1
    if at >= len(text) or text[at] not in "[{":
        scalar, end = _flow_scalar(text, at, line) if at < len(text) else ("", at)
        return _scalar(scalar, line), end
    closing = "]" if text[at] == "[" else "}"
    items: list[object] = []
    pairs: dict[str, object] = {}
    at += 1
    while True:
        while at < len(text) and text[at] == " ":
            at += 1
        if at >= len(text):
            raise InvalidYaml(f"line {line}: {text[:40]!r}: a flow collection that does not end on its line")
        if text[at] == closing:
            return (items if closing == "]" else pairs), at + 1
        if closing == "}":
            key, at = _flow_scalar(text, at, line)
            if text[at : at + 1] != ":":
                raise InvalidYaml(f"line {line}: {key.strip()!r} is not KEY: VALUE")
            pairs[str(_scalar(key, line))], at = _flow_value(text, at + 1, line)
        else:
            value, at = _flow_value(text, at, line)
            items.append(value)
        while at < len(text) and text[at] == " ":
            at += 1
        if text[at : at + 1] == ",":
            at += 1
        elif text[at : at + 1] != closing:
            raise InvalidYaml(f"line {line}: {text[:40]!r}: a ',' or {closing!r} was expected at column {at + 1}")


def read_yaml(text: str) -> object:
    """The value of the YAML document ``text`` (see the module docstring). O(size).

    >>> read_yaml("accepted/a.py:\\n  permitted: [AC]\\nsecret:\\n  - one\\n  - two\\n")
    {'accepted/a.py': {'permitted': ['AC']}, 'secret': ['one', 'two']}
    >>> read_yaml("authors:\\n  - name: A\\n    email: a@b\\n  - B\\n")
    {'authors': [{'name': 'A', 'email': 'a@b'}, 'B']}
    >>> read_yaml("a: &x 1\\n")
    Traceback (most recent call last):
    ...
    downwedig.contest.shipping.yamlish.InvalidYaml: line 1: '&x 1': anchors, tags and block scalars are not read here
    """
    lines = []
    for number, raw in enumerate(text.splitlines(), 1):
        if raw.strip() in ("---", "..."):
            continue
        stripped = _strip(raw.replace("\t", " "))
        if stripped.strip():
            lines.append((number, len(stripped) - len(stripped.lstrip()), stripped.strip()))
    value, end = _block(lines, 0, lines[0][1] if lines else 0)
    if end != len(lines):
        raise InvalidYaml(f"line {lines[end][0]}: indented as no block above it is")
    return value


def _block(lines: list[tuple[int, int, str]], at: int, indent: int) -> tuple[object, int]:
    """The mapping or list whose lines start at ``at`` with ``indent``; and the index after it."""
    if at >= len(lines):
        return None, at
    if lines[at][2].startswith("- ") or lines[at][2] == "-":
        return _list(lines, at, indent)
    found: dict[str, object] = {}
    while at < len(lines) and lines[at][1] == indent:
        number, _, content = lines[at]
        match = _KEY.match(content)
        if match is None:
            raise InvalidYaml(f"line {number}: {content[:40]!r} is not KEY: VALUE")
        key = next(group for group in match.groups()[:3] if group is not None)
        rest = match.group(4)
        at += 1
        if rest.strip():
            found[key] = _scalar(rest, number)
        elif at < len(lines) and (lines[at][1] > indent or (lines[at][1] == indent and lines[at][2].startswith("-"))):
            found[key], at = _block(lines, at, lines[at][1])
        else:
            found[key] = None
    return found, at


def _list(lines: list[tuple[int, int, str]], at: int, indent: int) -> tuple[object, int]:
    found: list[object] = []
    while at < len(lines) and lines[at][1] == indent and (lines[at][2].startswith("- ") or lines[at][2] == "-"):
        number, _, content = lines[at]
        item = content[1:].strip()
        if _KEY.match(item) and not item.startswith(("[", "{")):  # (a mapping: its keys at the item's column)
            column = indent + len(content) - len(content[1:].lstrip())
            lines[at] = (number, column, item)
            value, at = _block(lines, at, column)
            found.append(value)
            continue
        at += 1
        found.append(_scalar(item, number))
    return found, at
