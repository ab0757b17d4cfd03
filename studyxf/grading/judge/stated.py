"""A default the task states, kept by the learner's function (issue 44, item 8): the entry's
signature in drill.yaml (`kv_cache_bytes(config, tokens, batch=1, dtype='fp16')`) against the
learner's `def`, read from the syntax trees; a case that leaves the argument out then shows it.
Plain Python."""

from __future__ import annotations

import ast


def _defaults(fn) -> dict:
    args = fn.args
    positional = [*args.posonlyargs, *args.args]
    out = {a.arg: d for a, d in zip(positional[len(positional) - len(args.defaults):], args.defaults)}
    out.update({a.arg: d for a, d in zip(args.kwonlyargs, args.kw_defaults) if d is not None})
    return out


def differing(entry: str, source: str) -> list[dict]:
    """The defaults of the learner's entry function that differ from the task's: {"name", "position"
    (among the positional parameters; -1 keyword-only), "line", "code", "message"} each ([] where
    the task states none, or the file does not parse)."""
    name = entry.partition("(")[0].strip()
    try:
        stated = ast.parse(f"def {entry.strip()}: pass").body[0]
        tree = ast.parse(source)
    except SyntaxError:
        return []
    fn = next((n for n in tree.body if isinstance(n, ast.FunctionDef) and n.name == name), None)
    if fn is None or not isinstance(stated, ast.FunctionDef):
        return []
    want, have = _defaults(stated), _defaults(fn)
    positional = [a.arg for a in [*stated.args.posonlyargs, *stated.args.args]]
    lines = source.splitlines()
    out = []
    for arg, node in want.items():
        try:
            expected = ast.literal_eval(node)
            got = ast.literal_eval(have[arg]) if arg in have else None
        except ValueError:
            continue  # a default the learner computes: not read here
        if arg in have and got != expected:
            out.append({"name": arg, "position": positional.index(arg) if arg in positional else -1, "line": fn.lineno, "code": lines[fn.lineno - 1].strip(),
                        "message": f"line {fn.lineno}: `{lines[fn.lineno - 1].strip()}`: {arg} defaults to {got!r}; "
                                   f"the task states {arg}={expected!r} (a case that leaves {arg} out gets yours)"})
    return out
