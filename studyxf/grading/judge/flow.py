"""Which of the learner's names reach an output: a file that returns a dict (a calculator's figures),
each key's value read back through the file's assignments to every name it is made from. Plain ast."""

from __future__ import annotations

import ast


def fed_by_key(source: str) -> dict[str, tuple[set[str], set[int]]]:
    """For a file whose last return is a dict (a literal or dict(...)) with string keys: each key's
    names (those its value reads and, through every assignment in the file, those they were made
    from) and lines (the return's, and those of the assignments to those names); {} otherwise."""
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return {}
    returns = [n for n in ast.walk(tree) if isinstance(n, ast.Return) and n.value is not None]
    if not returns:
        return {}
    last = max(returns, key=lambda n: n.lineno)
    value = last.value
    if isinstance(value, ast.Dict):
        entries = [(k.value, v) for k, v in zip(value.keys, value.values)
                   if isinstance(k, ast.Constant) and isinstance(k.value, str)]
    elif isinstance(value, ast.Call) and isinstance(value.func, ast.Name) and value.func.id == "dict" \
            and not value.args:
        entries = [(k.arg, k.value) for k in value.keywords if k.arg]
    elif isinstance(value, ast.Name):  # a dict filled key by key (`res["flops"] = ...`, then `return res`)
        stores = [n for n in ast.walk(tree) if isinstance(n, ast.Assign) and len(n.targets) == 1
                  and isinstance(n.targets[0], ast.Subscript) and isinstance(n.targets[0].value, ast.Name)
                  and n.targets[0].value.id == value.id and isinstance(n.targets[0].slice, ast.Constant)
                  and isinstance(n.targets[0].slice.value, str)]
        entries = [(n.targets[0].slice.value, n.value) for n in stores]
        at = {n.targets[0].slice.value: set(range(n.lineno, (n.end_lineno or n.lineno) + 1)) for n in stores}
        if not entries:
            return {}
    else:
        return {}
    made: dict[str, set[str]] = {}  # a name -> the names its assignments read
    where: dict[str, set[int]] = {}  # a name -> the lines that assign it
    for node in ast.walk(tree):
        if isinstance(node, (ast.Assign, ast.AugAssign, ast.AnnAssign)) and node.value is not None:
            read = {n.id for n in ast.walk(node.value) if isinstance(n, ast.Name)}
            for target in node.targets if isinstance(node, ast.Assign) else [node.target]:
                for n in ast.walk(target):
                    if isinstance(n, ast.Name):
                        made.setdefault(n.id, set()).update(read)
                        where.setdefault(n.id, set()).update(range(node.lineno, (node.end_lineno or node.lineno) + 1))
    out = {}
    returned = set(range(last.lineno, (last.end_lineno or last.lineno) + 1))
    for key, expr in entries:
        names = {n.id for n in ast.walk(expr) if isinstance(n, ast.Name)}
        todo = list(names)
        while todo:
            for n in made.get(todo.pop(), ()):
                if n not in names:
                    names.add(n)
                    todo.append(n)
        stored = at.get(key, set()) if isinstance(value, ast.Name) else returned
        out[key] = (names, stored | {line for n in names for line in where.get(n, ())})
    return out
