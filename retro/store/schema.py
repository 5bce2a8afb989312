"""Small checks a save module states its schema with.

Every check raises ``SchemaError`` (a ``ValueError``, so the store moves the file aside)
with a message naming the field and what it should hold::

    data = json_object(raw)
    level = integer(data, "level", 1, 9)
    colour = one_of(data["colours"], "colours.B", PIECE_COLOURS)

``Mapping``-taking helpers read ``mapping[key]`` and name the key in their message; the
``*_value`` forms check a value already in hand.
"""

from __future__ import annotations

import json
import re
from collections.abc import Collection, Mapping
from typing import Any, TypeVar

from retro.store.problems import parse_reason

T = TypeVar("T")

#: Larger than any file kept in the save folder (the largest, the YZ strategy table with
#: the upper bonus, is 8 MiB); a bigger file is damaged, and is not read into memory whole.
MAX_FILE_BYTES = 16 << 20


class SchemaError(ValueError):
    """A save file that parses but holds something the game cannot have written."""


def text(raw: bytes) -> str:
    """The file as ASCII text (every save file is plain ASCII)."""
    try:
        return raw.decode("ascii")
    except UnicodeDecodeError as err:
        raise SchemaError(parse_reason(err)) from None


def json_object(raw: bytes) -> dict[str, Any]:
    """A JSON object from ASCII bytes."""
    source = text(raw)
    try:
        data = json.loads(source)
    except json.JSONDecodeError as err:
        raise SchemaError(parse_reason(err)) from None
    except RecursionError:
        raise SchemaError("it is nested too deeply to be a save file") from None
    return mapping_value(data, "the file")


def _field(data: Mapping[str, Any], key: str, where: str) -> Any:
    if key not in data:
        raise SchemaError(f"{where}{key} is missing")
    return data[key]


def keys(data: Mapping[str, Any], expected: Collection[str], where: str = "") -> None:
    """``data`` holds exactly the keys ``expected`` (no missing, no unknown ones)."""
    missing = sorted(set(expected) - set(data))
    unknown = sorted(set(data) - set(expected))
    if missing:
        raise SchemaError(f"{where}{missing[0]} is missing")
    if unknown:
        raise SchemaError(f"{where}{unknown[0]!s:.20} is not a known field")


def mapping_value(value: Any, what: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise SchemaError(f"{what} should be a set of named fields")
    return value


def integer_value(value: Any, what: str, lo: int, hi: int) -> int:
    """An int (a bool is not one) from ``lo`` to ``hi``."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise SchemaError(f"{what} should be a whole number")
    if not lo <= value <= hi:
        raise SchemaError(f"{what} is {value}; it should be from {lo} to {hi}")
    return value


def integer(data: Mapping[str, Any], key: str, lo: int, hi: int, where: str = "") -> int:
    return integer_value(_field(data, key, where), f"{where}{key}", lo, hi)


def boolean(data: Mapping[str, Any], key: str, where: str = "") -> bool:
    value = _field(data, key, where)
    if not isinstance(value, bool):
        raise SchemaError(f"{where}{key} should be true or false")
    return value


def string_value(value: Any, what: str, max_len: int = 200, pattern: str | None = None) -> str:
    if not isinstance(value, str):
        raise SchemaError(f"{what} should be text")
    if len(value) > max_len:
        raise SchemaError(f"{what} is longer than {max_len} characters")
    if pattern is not None and not re.fullmatch(pattern, value):
        raise SchemaError(f"{what} {value[:20]!r} is not in the expected form")
    return value


def string(data: Mapping[str, Any], key: str, max_len: int = 200, pattern: str | None = None,
           where: str = "") -> str:
    return string_value(_field(data, key, where), f"{where}{key}", max_len, pattern)


def one_of(value: T, what: str, allowed: Collection[T]) -> T:
    """``value`` is one of ``allowed`` (and of the same type: ``True`` is not ``1``)."""
    if not any(type(value) is type(a) and value == a for a in allowed):
        shown = ", ".join(str(a) for a in list(allowed)[:16])
        raise SchemaError(f"{what} is {str(value)[:20]!r}; it should be one of {shown}")
    return value


def list_value(value: Any, what: str, max_len: int) -> list[Any]:
    if not isinstance(value, list):
        raise SchemaError(f"{what} should be a list")
    if len(value) > max_len:
        raise SchemaError(f"{what} has {len(value)} entries; at most {max_len} fit")
    return value


def number_text(word: str, what: str, lo: int, hi: int) -> int:
    """A decimal number written in a text file: digits only (no ``_``, no ``+``), and a
    leading ``-`` when ``lo`` is below 0."""
    if not re.fullmatch(r"-?[0-9]{1,12}" if lo < 0 else r"[0-9]{1,12}", word):
        raise SchemaError(f"{what} {word[:20]!r} is not a number")
    return integer_value(int(word), what, lo, hi)


def check(condition: bool, message: str) -> None:
    """A cross-field rule (``wins <= games``); ``message`` says what cannot be."""
    if not condition:
        raise SchemaError(message)
