"""A small declarative checker for YAML documents that reports every problem with its line.

Written by hand rather than with pydantic or jsonschema: errors must name the YAML line, which
those libraries do not know, and pydantic alone costs more import time than `today` can spare.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field as dc_field
from typing import Any

from studyxf.content.yamlsrc import Located, Problem, field_name

_ID = re.compile(r"^[a-z0-9][a-z0-9-]*$")


class Spec:
    def check(self, value: Any, key_path: tuple, doc: Located, out: list[Problem]) -> None:
        raise NotImplementedError

    def _err(self, doc: Located, key_path: tuple, out: list[Problem], message: str) -> None:
        out.append(Problem(doc.path, doc.line(key_path), field_name(key_path), message))


@dataclass
class Str(Spec):
    pattern: re.Pattern | None = None
    hint: str = ""

    def check(self, value, key_path, doc, out):
        if not isinstance(value, str):
            self._err(doc, key_path, out, f"expected text, got {_kind(value)}")
        elif not value.strip():
            self._err(doc, key_path, out, "must not be empty")
        elif self.pattern and not self.pattern.match(value):
            self._err(doc, key_path, out, f"{value!r} is not {self.hint}")


def Id() -> Str:
    return Str(_ID, "an id (lower-case letters, digits and '-')")


def Url() -> Str:
    return Str(re.compile(r"^https?://\S+$"), "an http(s) URL")


@dataclass
class Int(Spec):
    lo: int | None = None
    hi: int | None = None

    def check(self, value, key_path, doc, out):
        if not isinstance(value, int) or isinstance(value, bool):
            self._err(doc, key_path, out, f"expected an integer, got {_kind(value)}")
        elif self.lo is not None and value < self.lo:
            self._err(doc, key_path, out, f"must be at least {self.lo}, got {value}")
        elif self.hi is not None and value > self.hi:
            self._err(doc, key_path, out, f"must be at most {self.hi}, got {value}")


@dataclass
class Num(Spec):
    positive: bool = False

    def check(self, value, key_path, doc, out):
        if not isinstance(value, (int, float)) or isinstance(value, bool):
            self._err(doc, key_path, out, f"expected a number, got {_kind(value)}")
        elif not math.isfinite(value):
            self._err(doc, key_path, out, f"must be a finite number, got {value}")
        elif self.positive and value <= 0:
            self._err(doc, key_path, out, f"must be positive, got {value}")


class Bool(Spec):
    def check(self, value, key_path, doc, out):
        if not isinstance(value, bool):
            self._err(doc, key_path, out, f"expected true or false, got {_kind(value)}")


@dataclass
class Enum(Spec):
    values: tuple[str, ...]

    def check(self, value, key_path, doc, out):
        if value not in self.values:
            self._err(doc, key_path, out, f"expected one of {', '.join(self.values)}, got {value!r}")


@dataclass
class Any_(Spec):
    def check(self, value, key_path, doc, out):
        pass


@dataclass
class List(Spec):
    item: Spec
    min_len: int = 0
    unique_key: str | None = None  # items are maps; this key must be unique among them

    def check(self, value, key_path, doc, out):
        if not isinstance(value, list):
            self._err(doc, key_path, out, f"expected a list, got {_kind(value)}")
            return
        if len(value) < self.min_len:
            self._err(doc, key_path, out, f"needs at least {self.min_len} item(s)")
        seen: dict = {}
        for i, item in enumerate(value):
            self.item.check(item, key_path + (i,), doc, out)
            if self.unique_key and isinstance(item, dict) and isinstance(item.get(self.unique_key), str):
                k = item[self.unique_key]
                if k in seen:
                    self._err(doc, key_path + (i, self.unique_key), out,
                              f"duplicate {self.unique_key} {k!r} (first at line {seen[k]})")
                else:
                    seen[k] = doc.line(key_path + (i, self.unique_key))


@dataclass
class Map(Spec):
    required: dict[str, Spec] = dc_field(default_factory=dict)
    optional: dict[str, Spec] = dc_field(default_factory=dict)
    open: bool = False  # accept unknown keys (free-form maps such as calculator arguments)

    def check(self, value, key_path, doc, out):
        if not isinstance(value, dict):
            self._err(doc, key_path, out, f"expected a mapping, got {_kind(value)}")
            return
        for name, spec in self.required.items():
            if name not in value:
                out.append(Problem(doc.path, doc.line(key_path), field_name(key_path + (name,)),
                                   "missing required field"))
            else:
                spec.check(value[name], key_path + (name,), doc, out)
        for name, item in value.items():
            if name in self.required:
                continue
            if name in self.optional:
                self.optional[name].check(item, key_path + (name,), doc, out)
            elif not self.open:
                known = ", ".join(sorted([*self.required, *self.optional]))
                self._err(doc, key_path + (name,), out, f"unknown field (known: {known})")


@dataclass
class OneOf(Spec):
    """A value that may take one of several shapes (e.g. a string or a mapping)."""

    options: tuple[Spec, ...]

    def check(self, value, key_path, doc, out):
        attempts = []
        for option in self.options:
            problems: list[Problem] = []
            option.check(value, key_path, doc, problems)
            if not problems:
                return
            attempts.append(problems)
        out.extend(min(attempts, key=len))


def _kind(value: Any) -> str:
    if value is None:
        return "nothing (null)"
    return {bool: "true/false", int: "an integer", float: "a number", str: "text",
            list: "a list", dict: "a mapping"}.get(type(value), type(value).__name__)
