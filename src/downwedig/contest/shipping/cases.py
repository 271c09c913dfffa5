"""The validators' own test cases, as a 2025-09 package ships them in ``data/invalid_input``,
``data/valid_output`` and ``data/invalid_output``.

- :data:`INVALID_INPUTS`: inputs the strict validator must reject (the faults
  ``downwedig validate`` is tested on: ``tests/data/validate/bad``);
- :data:`VALID_OUTPUTS`: outputs for the sample that the output validator must
  accept under the format's default rules (whitespace is free around the digits);
- :data:`INVALID_OUTPUTS`: outputs it must reject: wrong days, wrong lengths,
  more than one token, junk;
- :data:`STRICT_INVALID_OUTPUTS`: outputs it must reject only with the flag
  ``space_change_sensitive`` (their whitespace is not the answer file's), in
  a folder of their own whose ``test_group.yaml`` passes the flag.

Judges' tools run every case (BAPCtools' ``bt validate``), so a validator that
drifts from the rules fails the package.  Building them is O(1).

>>> len(INVALID_INPUTS) >= 19 and INVALID_INPUTS["n-leading-zero"]
b'01\\nWWWWWWWW\\n'
>>> VALID_OUTPUTS["leading-space"]
b' 211112222212\\n'
"""

from __future__ import annotations

__all__ = ["INVALID_INPUTS", "INVALID_OUTPUTS", "STRICT_FLAGS", "STRICT_INVALID_OUTPUTS", "VALID_OUTPUTS"]

#: Inputs the input validator must reject, by name.
INVALID_INPUTS: dict[str, bytes] = {
    "blank-line-at-end": b"1\nWWWWWWWW\n\n",
    "crlf-after-n": b"1\r\nWWWWWWWW\n",
    "crlf-after-step": b"2\nWWWWWWWW\r\nWWWWWWWW\n",
    "empty": b"",
    "long-step": b"1\nWWWWWWWWR\n",
    "lowercase": b"2\nWWWWWWWW\nWWWwWWWW\n",
    "n-leading-space": b" 1\nWWWWWWWW\n",
    "n-leading-zero": b"01\nWWWWWWWW\n",
    "n-negative": b"-1\nWWWWWWWW\n",
    "n-too-big": b"300001\n",
    "n-trailing-space": b"1 \nWWWWWWWW\n",
    "n-zero": b"0\n",
    "no-final-newline": b"1\nWWWWWWWW",
    "non-ascii": "1\nWWWW\u00e9WWW\n".encode(),
    "only-n": b"1",
    "short-step": b"2\nWWWWWWWW\nWWWWWWW\n",
    "too-few-steps": b"3\nWWWWWWWW\nWWWWWWWW\n",
    "too-many-steps": b"1\nWWWWWWWW\nWWWWWWWW\n",
    "trailing-space": b"1\nWWWWWWWW \n",
}

#: The sample's answer, which the output cases are variations of.
_ANSWER = b"211112222212"

#: Outputs for the sample that must be accepted (the format's default rules: whitespace is only a separator).
VALID_OUTPUTS: dict[str, bytes] = {
    "exact": _ANSWER + b"\n",
    "leading-space": b" " + _ANSWER + b"\n",
    "leading-newline": b"\n" + _ANSWER + b"\n",
    "crlf": _ANSWER + b"\r\n",
    "no-final-newline": _ANSWER,
    "trailing-spaces": _ANSWER + b"  \t \n\n",
}

#: Outputs for the sample that must be rejected.
INVALID_OUTPUTS: dict[str, bytes] = {
    "wrong-day-11": b"211112222222\n",
    "day-1-for-dina": b"111112222212\n",
    "all-dima": b"222222222222\n",
    "one-day-short": b"21111222221\n",
    "one-day-more": b"2111122222122\n",
    "spaces-between-days": b"2 1 1 1 1 2 2 2 2 2 1 2\n",
    "two-lines": b"211112\n222212\n",
    "extra-token": _ANSWER + b" 0\n",
    "zero-digit": b"011112222212\n",
    "names": b"Dima Dina Dina Dina Dina Dima Dima Dima Dima Dima Dina Dima\n",
    "empty": b"",
    "only-whitespace": b" \n",
    "nul-byte": _ANSWER[:6] + b"\x00" + _ANSWER[7:] + b"\n",
}

#: The flags of the strict folder: whitespace that differs from the answer file's is wrong there.
STRICT_FLAGS = ("space_change_sensitive",)

#: Outputs accepted by default but wrong under :data:`STRICT_FLAGS`.
STRICT_INVALID_OUTPUTS: dict[str, bytes] = {
    "leading-space": VALID_OUTPUTS["leading-space"],
    "crlf": VALID_OUTPUTS["crlf"],
    "no-final-newline": VALID_OUTPUTS["no-final-newline"],
}
