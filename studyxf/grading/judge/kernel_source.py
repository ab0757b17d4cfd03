"""Where the numbers a Triton kernel reads from its parameters are made in the learner's file: each
launch's argument, the wrapper's assignments to it, and the body of a helper those call (a scale
of `1.0 / d` made by `get_scale_factor(d)` and read as `* scale` in the kernel)."""

from __future__ import annotations

import ast
import re


def helper_lines(tree, nodes: list) -> list[int]:
    """The body lines of the file's own functions these expressions call."""
    called = {n.func.id for node in nodes for n in ast.walk(node) if isinstance(n, ast.Call)
              and isinstance(n.func, ast.Name)}
    return sorted({s.lineno for f in tree.body if isinstance(f, ast.FunctionDef) and f.name in called
                   for s in f.body if not isinstance(s, ast.Expr)})


def launched(source: str, line: int) -> list[int]:
    """The lines outside the kernel that make the parameters the kernel's `line` reads (the launch's
    argument, its assignments in the wrapper, a helper's body they call)."""
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return []
    kernel = next((f for f in tree.body if isinstance(f, ast.FunctionDef) and f.lineno < line <= f.end_lineno), None)
    if kernel is None:
        return []
    params = [a.arg for a in kernel.args.args]
    # (not a block size, tl.constexpr: a tile's shape, not a number the wrapper computes)
    sizes = {a.arg for a in kernel.args.args if a.annotation is not None and "constexpr" in ast.unparse(a.annotation)}
    read = {n.id for s in ast.walk(kernel) if isinstance(s, ast.stmt) and s.lineno == line
            for n in ast.walk(s) if isinstance(n, ast.Name)} & set(params) - sizes
    out: set[int] = set()
    for fn in (f for f in tree.body if isinstance(f, ast.FunctionDef) and f is not kernel):
        for call in (n for n in ast.walk(fn) if isinstance(n, ast.Call) and isinstance(n.func, ast.Subscript)
                     and isinstance(n.func.value, ast.Name) and n.func.value.id == kernel.name):
            given = {**dict(zip(params, call.args)), **{k.arg: k.value for k in call.keywords if k.arg}}
            for name in read:
                arg = given.get(name)
                if arg is None or isinstance(arg, ast.Constant) and "stride" not in name:  # (a stride passed as 1)
                    continue
                names = {n.id for n in ast.walk(arg) if isinstance(n, ast.Name)}
                made = [a for a in ast.walk(fn) if isinstance(a, ast.Assign) and a.lineno < call.lineno
                        and any(isinstance(t, ast.Name) and t.id in names for tg in a.targets for t in ast.walk(tg))]
                out.update([arg.lineno, *(a.lineno for a in made)])
                out.update(helper_lines(tree, [arg, *(a.value for a in made)]))
    return sorted(out)


def reciprocal_made(source: str, line: int) -> int | None:
    """The one line outside the kernel, of those that make what `line` reads, that divides by a size with
    no square root on it (`return 1.0 / head_dimension`): a scale made as 1/d where 1/sqrt(d) belongs."""
    lines = source.splitlines()
    divides = re.compile(r"/\s*\(?\s*[A-Za-z_][\w.]*(\[[^\]]*\])?\s*\)?\s*($|#|,|\))")  # `/ d`, `/ q.shape[-1]`
    rooted = re.compile(r"sqrt|\*\*\s*\(?\s*(0\.5|-0\.5|1\s*/\s*2)|rsqrt")
    found = [n for n in launched(source, line) if divides.search(lines[n - 1]) and not rooted.search(lines[n - 1])]
    return found[0] if len(found) == 1 else None
