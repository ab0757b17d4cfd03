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
    value, at = last.value, {}
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
    elif isinstance(value, ast.Call) and _record_of(value) is not None:
        # a record made with keywords and returned as a dict (`cost = Cost(flops=..., ...)`, `return cost._asdict()`)
        record = [n.value for n in ast.walk(tree) if isinstance(n, ast.Assign) and len(n.targets) == 1
                  and isinstance(n.targets[0], ast.Name) and n.targets[0].id == _record_of(value)
                  and isinstance(n.value, ast.Call) and n.value.keywords]
        if len(record) != 1:
            return {}
        entries = [(k.arg, k.value) for k in record[0].keywords if k.arg]
        at = {k.arg: set(range(k.value.lineno, (k.value.end_lineno or k.value.lineno) + 1))
              for k in record[0].keywords if k.arg}
    else:
        return {}
    made: dict[str, set[str]] = {}  # a name -> the names its assignments read
    where: dict[str, set[int]] = {}  # a name -> the lines that assign it
    helpers = {f.name: f for f in ast.walk(tree) if isinstance(f, ast.FunctionDef)}
    for node, targets, made_of, control in _assignments(tree):
        read = {n.id for n in ast.walk(made_of) if isinstance(n, ast.Name)}
        # (a loop or a test around it decides how often and whether: its header feeds what it assigns)
        read |= {n.id for c in control for n in ast.walk(c.iter if isinstance(c, ast.For) else c.test)
                 if isinstance(n, ast.Name)}
        lines = set(range(node.lineno, (node.end_lineno or node.lineno) + 1)) | {c.lineno for c in control} | \
            _helper_lines(made_of, helpers)  # (a helper's count, `per_head = macs(T, d)`, is made in its body)
        for target in targets:
            for n in ast.walk(target):
                if isinstance(n, ast.Name):
                    made.setdefault(n.id, set()).update(read)
                    where.setdefault(n.id, set()).update(lines)
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
        stored = at.get(key, set()) if isinstance(value, (ast.Name, ast.Call)) and at else returned
        stored = stored | _helper_lines(expr, helpers)
        out[key] = (names, stored | {line for n in names for line in where.get(n, ())})
    return out


# a method that fills the object it is called on (`rows.append(...)`): an assignment of that name
_FILLS = {"append", "extend", "insert", "update", "add", "setdefault", "appendleft"}


def _record_of(value: ast.Call) -> str | None:
    """The name a return turns into a dict: `cost._asdict()`, `asdict(cost)`, `vars(cost)`; else None."""
    if isinstance(value.func, ast.Attribute) and value.func.attr == "_asdict" and \
            isinstance(value.func.value, ast.Name):
        return value.func.value.id
    name = value.func.attr if isinstance(value.func, ast.Attribute) else getattr(value.func, "id", None)
    if name in ("asdict", "vars") and len(value.args) == 1 and isinstance(value.args[0], ast.Name):
        return value.args[0].id
    return None


def _assignments(tree) -> list:
    """Each assignment of the file (and each call that fills a name, `rows.append(row)`) as
    (node, targets, value, the loops and tests that enclose it, innermost last)."""
    out = []

    def visit(node, control):
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.Assign, ast.AugAssign, ast.AnnAssign)) and child.value is not None:
                out.append((child, child.targets if isinstance(child, ast.Assign) else [child.target],
                            child.value, control))
            elif isinstance(child, ast.Expr) and isinstance(child.value, ast.Call) and \
                    isinstance(child.value.func, ast.Attribute) and child.value.func.attr in _FILLS and \
                    isinstance(child.value.func.value, ast.Name):
                call = child.value
                out.append((child, [call.func.value], ast.Tuple(elts=[*call.args, *(k.value for k in call.keywords)],
                                                                 ctx=ast.Load()), control))
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)):
                visit(child, [])  # a function's body runs where it is called, not under the loop that defines it
            elif isinstance(child, (ast.For, ast.While, ast.If)):
                for stmt in child.body + child.orelse:
                    visit(ast.Module(body=[stmt], type_ignores=[]), control + [child])
                if isinstance(child, ast.For):  # the loop's own name is assigned from what it walks
                    out.append((child, [child.target], child.iter, control))
            else:
                visit(child, control)

    visit(tree, [])
    return out


def _helper_lines(expr, helpers: dict, seen: frozenset = frozenset()) -> set[int]:
    """The lines of the bodies of the file's functions that `expr` calls, and of those they call."""
    out = set()
    for call in ast.walk(expr):
        name = call.func.id if isinstance(call, ast.Call) and isinstance(call.func, ast.Name) else None
        if name in helpers and name not in seen:
            f = helpers[name]
            out |= set(range(f.body[0].lineno, (f.end_lineno or f.lineno) + 1))
            out |= _helper_lines(f, helpers, seen | {name})
    return out


def feeding(source: str, line: int) -> list[int]:
    """The lines of the assignments to the names read on `line` (`hi = tl.minimum(T, tile * BLOCK_M)` for
    `for n0 in range(0, hi, BLOCK_N)`), nearest first."""
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return []
    read = {n.id for s in ast.walk(tree) if isinstance(s, ast.stmt) and s.lineno == line
            for n in ast.walk(s.iter if isinstance(s, ast.For) else s) if isinstance(n, ast.Name)}
    lines = {a.lineno for a in ast.walk(tree) if isinstance(a, (ast.Assign, ast.AugAssign, ast.AnnAssign))
             and a.lineno != line and any(isinstance(t, ast.Name) and t.id in read
                                          for tg in (a.targets if isinstance(a, ast.Assign) else [a.target])
                                          for t in ast.walk(tg))}
    return sorted(lines, key=lambda n: abs(n - line))
