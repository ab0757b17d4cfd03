"""YAML parsing that remembers the line of every value, so errors can name file and line."""

from __future__ import annotations

from pathlib import Path

import yaml

from studyxf import safefile
from studyxf.content.problems import Problem

try:  # the C composer is several times faster on the start-up path
    from yaml import CSafeLoader as _Loader
except ImportError:  # pragma: no cover - PyYAML built without libyaml
    from yaml import SafeLoader as _Loader


_CONSTRUCTOR = yaml.constructor.SafeConstructor()

# untrusted input: a learner's folder may hold anything (DESIGN.md, "The store keeps the history safe")
MAX_BYTES = safefile.MAX_CONTENT
MAX_ALIASES = 100
MAX_DEPTH = 50
MAX_VALUES = 200_000  # a long session file holds a few thousand


class Located:
    """A parsed document: plain Python values plus the 1-based line of each path in it."""

    def __init__(self, path: Path, data, lines: dict[tuple, int]):
        self.path = path
        self.data = data
        self.lines = lines

    def line(self, key_path: tuple) -> int:
        # the nearest enclosing value that has a line
        while key_path not in self.lines and key_path:
            key_path = key_path[:-1]
        return self.lines.get(key_path, 1)


def _convert(node, key_path: tuple, lines: dict, problems: list, path: Path):
    lines[key_path] = node.start_mark.line + 1
    if isinstance(node, yaml.MappingNode):
        out = {}
        for key_node, value_node in node.value:
            key = key_node.value if isinstance(key_node, yaml.ScalarNode) else str(key_node.value)
            if key in out:
                problems.append(Problem(path, key_node.start_mark.line + 1,
                                        _dotted(key_path + (key,)), "duplicate key"))
            sub = key_path + (key,)
            out[key] = _convert(value_node, sub, lines, problems, path)
            lines[sub] = key_node.start_mark.line + 1
        return out
    if isinstance(node, yaml.SequenceNode):
        return [_convert(item, key_path + (i,), lines, problems, path)
                for i, item in enumerate(node.value)]
    # scalars: the safe constructor's own rules decide int/float/bool/null/timestamp/str; a value
    # they cannot build (2023-02-29, a 5000-digit integer, `!!bool maybe`) is a problem, not a crash
    build = _CONSTRUCTOR.yaml_constructors.get(node.tag)
    if build is None:
        return node.value
    if node.tag == _INT_TAG and len(node.value) > MAX_INT_CHARS:
        problems.append(Problem(path, node.start_mark.line + 1, _dotted(key_path),
                                f"an integer written with {len(node.value):,} characters: larger than any value "
                                f"studyxf uses (quote it to keep it as text)"))
        return None
    try:
        return build(_CONSTRUCTOR, node)
    except Exception as exc:  # noqa: BLE001 - any value the constructor refuses, reported where it is
        problems.append(Problem(path, node.start_mark.line + 1, _dotted(key_path), _bad_value(node, exc)))
        return None


_INT_TAG = "tag:yaml.org,2002:int"
MAX_INT_CHARS = 40
_TAG_WORDS = {"timestamp": "a date", "bool": "true or false", "int": "an integer", "float": "a number",
              "null": "null", "binary": "base64 data", "str": "text"}


def _bad_value(node, exc: Exception) -> str:
    kind = node.tag.rsplit(":", 1)[-1]
    shown = node.value if len(node.value) <= 40 else node.value[:37] + "..."
    reason = ""
    if isinstance(exc, ValueError) and str(exc) and "\n" not in str(exc):
        reason = f" ({str(exc)[:80]})"
    elif isinstance(exc, yaml.YAMLError) and getattr(exc, "problem", None):
        reason = f" ({exc.problem[:80]})"
    return (f"{shown!r} is not {_TAG_WORDS.get(kind, 'a valid ' + kind)}{reason}; "
            f"quote it to keep it as text")


def _dotted(key_path: tuple) -> str:
    out = ""
    for part in key_path:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out or "(document)"


def field_name(key_path: tuple) -> str:
    return _dotted(key_path)


def _limits(text: str, path: Path) -> Problem | None:
    """One pass over the parser's events (cheap, streaming) before anything is built: an alias bomb
    (many aliases, or few that expand to millions of values) or a nesting deep enough to exhaust
    the stack is refused here."""
    aliases = 0
    sizes: dict[str, int] = {}  # anchor -> how many values it expands to
    stack: list[list] = [[0, None]]  # per open collection: [values inside, its anchor]
    try:
        events = list(yaml.parse(text, Loader=_Loader))
    except yaml.YAMLError as exc:
        if "nesting depth" not in str(exc):
            raise  # a syntax error: load() says where
        mark = getattr(exc, "problem_mark", None)
        return Problem(path, mark.line + 1 if mark else 1, "(file)", f"nested more than {MAX_DEPTH} levels deep: refused")
    for event in events:
        if isinstance(event, yaml.AliasEvent):
            aliases += 1
            if aliases > MAX_ALIASES:
                return Problem(path, event.start_mark.line + 1, "(file)",
                               f"more than {MAX_ALIASES} YAML aliases (an alias bomb?): refused")
            stack[-1][0] += sizes.get(event.anchor, 1)
        elif isinstance(event, yaml.ScalarEvent):
            stack[-1][0] += 1
            if event.anchor:
                sizes[event.anchor] = 1
        elif isinstance(event, (yaml.MappingStartEvent, yaml.SequenceStartEvent)):
            stack.append([1, event.anchor])
            if len(stack) - 1 > MAX_DEPTH:
                return Problem(path, event.start_mark.line + 1, "(file)",
                               f"nested more than {MAX_DEPTH} levels deep: refused")
        elif isinstance(event, (yaml.MappingEndEvent, yaml.SequenceEndEvent)):
            count, anchor = stack.pop()
            if anchor:
                sizes[anchor] = count
            stack[-1][0] += count
        if stack[-1][0] > MAX_VALUES:
            return Problem(path, event.start_mark.line + 1, "(file)",
                           f"expands to more than {MAX_VALUES:,} values through its aliases (an alias bomb?): refused")
    return None


def load(path: Path) -> tuple[Located | None, list[Problem]]:
    """Parse one YAML file; a syntax error, an unreadable, too large, too deep or alias-bombed file
    comes back as a Problem."""
    try:  # regular files only, the size checked before reading (a FIFO, /dev/zero, a sparse giant)
        text = safefile.read_text(path, MAX_BYTES)
    except safefile.FileRefused as exc:
        why = str(exc)
        if "larger than" in why:
            why = why.replace(" allowed: not read", " a session or drill file may be")
        return None, [Problem(path, 1, "(file)", why)]
    try:
        refused = _limits(text, path)
        if refused:
            return None, [refused]
        node = yaml.compose(text, Loader=_Loader)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None) or getattr(exc, "context_mark", None)
        line = mark.line + 1 if mark else 1
        what = getattr(exc, "problem", None) or str(exc).splitlines()[0]
        context, start = getattr(exc, "context", None), getattr(exc, "context_mark", None)
        if context and start and start.line + 1 != line:
            what += f" ({context} started at line {start.line + 1})"
        return None, [Problem(path, line, "(syntax)", f"invalid YAML: {what}")]
    if node is None:
        return None, [Problem(path, 1, "(document)", "empty file")]
    lines: dict[tuple, int] = {}
    problems: list[Problem] = []
    try:
        data = _convert(node, (), lines, problems, path)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        return None, [Problem(path, mark.line + 1 if mark else 1, "(syntax)", f"invalid YAML: {exc}")]
    if any(p.message != "duplicate key" for p in problems):
        return None, problems  # a value that could not be built: the schema would only repeat it
    return Located(path, data, lines), problems
