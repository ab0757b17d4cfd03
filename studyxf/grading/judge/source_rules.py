"""What the learner's file says before it runs, read from its syntax tree: whether it imports torch,
and the uses a drill forbids (named calls, computed spellings, a Triton drill's torch that
computes, a kernel never launched)."""

from __future__ import annotations

import ast

from studyxf.grading.judge import kernel_rule


def imports_torch(source: str) -> bool:
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import) and any(a.name == "torch" or a.name.startswith("torch.") for a in node.names):
            return True
        if isinstance(node, ast.ImportFrom) and node.module and node.module.split(".")[0] == "torch":
            return True
    return False


def forbidden_uses(source: str, forbidden: list[dict], entry: str = "") -> list[str]:
    """Forbidden names reached as an attribute (F.layer_norm), imported by name from a module
    (from torch.nn.functional import layer_norm), imported as a module (import engine), or given
    as a keyword (enable_gqa=True). A learner's own function may share the name: a bare call of
    `layer_norm` defined in the file is not a use of torch's. `entry`: drill.yaml's, the function
    the grader calls with tensors (a Triton drill's rule reads the file's other functions' parameters
    from their calls)."""
    used, internals = set(), set()
    tree = ast.parse(source)
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute):
            used.add(node.attr)
            if node.attr in INTERNALS and isinstance(node.value, ast.Name) and node.value.id == "torch":
                internals.add(f"torch.{node.attr}")
        elif isinstance(node, ast.keyword) and node.arg:
            used.add(node.arg)
        elif isinstance(node, ast.Import):
            used.update(part for a in node.names for part in a.name.split("."))
            internals.update(f"torch.{a.name.split('.')[1]}" for a in node.names
                             if a.name.split(".")[:1] == ["torch"] and a.name.split(".")[1:2] in (["_C"], ["ops"]))
        elif isinstance(node, ast.ImportFrom):
            used.update((node.module or "").split("."))
            used.update(a.name for a in node.names)
            parts = (node.module or "").split(".")
            if parts[0] == "torch":
                internals.update(f"torch.{p}" for p in [*parts[1:2], *(a.name for a in node.names)] if p in INTERNALS)
    named = {f["name"] for f in forbidden if f["name"] in used}
    rules = {f["name"] for f in forbidden}
    if "@" in rules and any(isinstance(n, ast.BinOp) and isinstance(n.op, ast.MatMult) for n in ast.walk(tree)):
        named.add("@")  # a matrix product by the operator (Triton's kernels have tl.dot, not @)
    if NO_KERNEL in rules and not launches_kernel(source):
        named.add(NO_KERNEL)
    # torch's internals reach every forbidden call under another spelling (torch._C._nn.
    # scaled_dot_product_attention, torch.ops.aten...): where anything is forbidden, they are too
    found = sorted(named | (internals if forbidden else set()) | computed_spellings(tree))
    if kernel_rule.RULE in rules:  # a Triton drill: where torch computes, in the file's order
        from studyxf.grading.request import parse_entry

        found += [used for used in kernel_rule.torch_computing(source, parse_entry(entry)[0] if entry else "")
                  if used not in found]
    return found


INTERNALS = ("_C", "ops")
# what reaches a call or an object under a name the file's text does not hold (getattr(torch, "_C"),
# an import by a built string, a caller's frame, every object of the process, the grader's own
# modules in the sandbox): forbidden in every drill, since the static check is what decides (no
# file of the corpora written from the tasks uses any of them)
COMPUTED = {"__import__": "__import__", "importlib": "importlib", "_getframe": "sys._getframe",
            "currentframe": "inspect.currentframe", "f_locals": "a frame's f_locals", "f_globals": "a frame's f_globals",
            "f_back": "a frame's f_back", "get_objects": "gc.get_objects", "get_referrers": "gc.get_referrers",
            "modules": "sys.modules", "__globals__": "a function's __globals__",
            "__subclasses__": "__subclasses__", "studyxf": "studyxf (the grader's own code)"}
COMPUTED_WHY = "a spelling the grader cannot read: call what you use by its name"


def computed_spellings(tree: ast.AST) -> set[str]:
    """The spellings of COMPUTED the file's syntax tree uses, and getattr / setattr with a name built
    at run time."""
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("getattr", "setattr", "delattr"):
            if len(node.args) < 2 or not (isinstance(node.args[1], ast.Constant) and isinstance(node.args[1].value, str)):
                found.add(f"{node.func.id} with a computed name")
        name = node.attr if isinstance(node, ast.Attribute) else node.id if isinstance(node, ast.Name) else None
        if name == "modules" and not (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)
                                      and node.value.id == "sys"):
            continue  # nn.Module.modules() is the learner's own business
        if name in COMPUTED:
            found.add(COMPUTED[name])
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            mods = [a.name for a in node.names] if isinstance(node, ast.Import) else [node.module or ""]
            found.update(COMPUTED[m.split(".")[0]] for m in mods if m.split(".")[0] in COMPUTED)
    return found


# a Triton drill's rule (its drill.yaml forbids it by this name): the result must come from a
# @triton.jit kernel that the file defines and launches (kernel[grid](...)), not from torch
NO_KERNEL = "torch without a @triton.jit kernel"


def launches_kernel(source: str) -> bool:
    """Whether the file defines a function decorated with triton.jit (or jit, called or not, under
    an autotune or heuristics decorator too) and launches it as kernel[grid](...)."""
    tree = ast.parse(source)

    def dotted(node) -> str:
        node = node.func if isinstance(node, ast.Call) else node
        if isinstance(node, ast.Attribute):
            return dotted(node.value) + "." + node.attr
        return node.id if isinstance(node, ast.Name) else ""

    kernels = {fn.name for fn in ast.walk(tree) if isinstance(fn, ast.FunctionDef)
               and any(dotted(d).split(".")[-1] == "jit" for d in fn.decorator_list)}
    return any(isinstance(n, ast.Call) and isinstance(n.func, ast.Subscript)
               and dotted(n.func.value).split(".")[-1] in kernels for n in ast.walk(tree))
