"""YAML parsing that remembers the line of every value, so errors can name file and line."""

from __future__ import annotations

from pathlib import Path

import yaml

from studyxf.content.problems import Problem

try:  # the C composer is several times faster on the start-up path
    from yaml import CSafeLoader as _Loader
except ImportError:  # pragma: no cover - PyYAML built without libyaml
    from yaml import SafeLoader as _Loader


_CONSTRUCTOR = yaml.constructor.SafeConstructor()


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
    # scalars: the safe constructor's own rules decide int/float/bool/null/timestamp/str
    build = _CONSTRUCTOR.yaml_constructors.get(node.tag)
    return build(_CONSTRUCTOR, node) if build else node.value


def _dotted(key_path: tuple) -> str:
    out = ""
    for part in key_path:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out or "(document)"


def field_name(key_path: tuple) -> str:
    return _dotted(key_path)


def load(path: Path) -> tuple[Located | None, list[Problem]]:
    """Parse one YAML file; a syntax error or unreadable file comes back as a Problem."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        return None, [Problem(path, 1, "(file)", f"cannot read: {exc.__class__.__name__}: {exc}")]
    try:
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
    return Located(path, data, lines), problems
