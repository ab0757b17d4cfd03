"""What Triton's CPU interpreter forgives and a GPU would not, read from a kernel file's syntax tree:
advice beside a CPU grading's verdict (never part of it), so that a kernel that passes on the CPU
does not meet its first failure on a GPU unwarned. Each note says what was seen and the fix.

Static and conservative: a note is given only for a pattern seen in the file, and its wording says
"may"; the GPU grading (--device cuda) is what decides."""

from __future__ import annotations

import ast

DOT_MIN = 16  # tl.dot's smallest tile dimension on a GPU


def _dotted(node) -> str:
    parts = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if isinstance(node, ast.Name):
        parts.append(node.id)
    return ".".join(reversed(parts))


def _is_kernel(fn: ast.FunctionDef) -> bool:
    for dec in fn.decorator_list:
        target = dec.func if isinstance(dec, ast.Call) else dec
        if _dotted(target).split(".")[-1] == "jit":
            return True
    return False


def _calls(tree, name: str) -> list[ast.Call]:
    return [n for n in ast.walk(tree) if isinstance(n, ast.Call) and _dotted(n.func).split(".")[-1] == name]


def _addends(node) -> list:
    """The terms of a sum (a + b + c), each as written."""
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        return _addends(node.left) + _addends(node.right)
    return [node]


def _base_name(node) -> str | None:
    """`cols`, `offs[None, :]` -> the name indexed."""
    while isinstance(node, ast.Subscript):
        node = node.value
    return node.id if isinstance(node, ast.Name) else None


def notes(source: str) -> list[str]:
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return []
    kernels = [n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef) and _is_kernel(n)]
    if not kernels:
        return []
    out: list[str] = []
    contiguous = bool(_calls(tree, "contiguous"))
    for fn in kernels:
        # names that hold lane offsets: assigned from an expression with tl.arange in it
        lanes = {t.id for n in ast.walk(fn) if isinstance(n, ast.Assign) and _calls(n.value, "arange")
                 for t in n.targets if isinstance(t, ast.Name)}
        if not contiguous:
            for call in _calls(fn, "load") + _calls(fn, "store"):
                if not call.args:
                    continue
                bare = [a for a in _addends(call.args[0]) if _base_name(a) in lanes]
                if bare:
                    name = _base_name(bare[0])
                    out.append(f"`{fn.name}` adds `{name}` to a pointer unscaled (line {call.lineno}): that assumes "
                               f"the elements it walks are contiguous (stride 1). A GPU test with a strided view "
                               f"(a transposed or sliced tensor) may read the wrong elements: call .contiguous() "
                               f"on the inputs before the launch, or multiply by the stride.")
                    break
        sums = _calls(fn, "sum") + _calls(fn, "cumsum")
        widened = any(isinstance(n, ast.Attribute) and n.attr in ("float32", "float64") for n in ast.walk(fn)) or \
            any(_calls(fn, "to")) or any(kw.arg == "dtype" for c in ast.walk(fn) if isinstance(c, ast.Call)
                                         for kw in c.keywords)
        if sums and not widened:
            out.append(f"`{fn.name}` sums what it loaded in the input's own dtype (line {sums[0].lineno}): the CPU "
                       f"cases are float32/float64, but on a GPU an fp16 or bf16 input would be accumulated in "
                       f"16 bits and may miss the tolerance: load, then .to(tl.float32), and cast back to store.")
    if _calls(tree, "dot"):
        for call in ast.walk(tree):
            if not isinstance(call, ast.Call) or not isinstance(call.func, ast.Subscript):
                continue  # a launch: kernel[grid](...)
            small = [(kw.arg, kw.value.value) for kw in call.keywords if kw.arg and kw.arg.upper().startswith("BLOCK")
                     and isinstance(kw.value, ast.Constant) and isinstance(kw.value.value, int)
                     and kw.value.value < DOT_MIN]
            if small:
                said = ", ".join(f"{k}={v}" for k, v in small)
                out.append(f"the launch on line {call.lineno} uses {said} with tl.dot: the interpreter accepts it, "
                           f"but on a GPU every dimension of a tl.dot must be at least {DOT_MIN}.")
                break
    return out
