"""A Triton drill's rule, read on the syntax tree: torch may only allocate and describe tensors,
the @triton.jit kernel must compute (docs/grading.md, the judging rule). Decisive, as the other
forbidden calls are: a dummy kernel launched while torch computes the result (torch.exp, x.amax(),
x - m, a broadcast-and-sum) fails through the report's `forbidden` test, the call named with its
line.

Outside the @triton.jit functions every expression is given a kind: a tensor (or what may hold
one: the entry's parameters, and those of a function the file calls with one or uses as a value, a
list built from tensors), a plain value (ints, shapes, dtypes, devices, strings: what describes; a
helper's parameter that every call of the file gives such a value), a module, or an object of a
class the file defines (its fields have the kinds of what is stored in them). Then only these are
allowed: torch's allocations and dtypes, the describing attributes and methods of a tensor,
kernel launches, calls of the file's own functions (their bodies are read under the same rule),
the modules triton, triton.language and math on plain values, and arithmetic on plain values.
Anything else that touches torch or a tensor is named: any other torch attribute however torch
was imported, a tensor method, an operator with a tensor operand, a built-in or another module's
function given a tensor, getattr/eval/exec/__import__ (which the tree cannot follow). Inside a
kernel torch may not appear at all. No torch import here: the judge reads the file before it
decides what to import."""

from __future__ import annotations

import ast
import builtins

_BUILTINS = set(dir(builtins))

# the drill.yaml rule whose `why` the report gives (the Triton drills list it)
RULE = "torch computing outside the kernel"

ALLOCATE = {"empty", "empty_like", "empty_strided", "zeros", "zeros_like"}
TORCH_VALUES = {"float16", "float32", "float64", "bfloat16", "half", "float", "double", "int8", "int16", "int32",
                "int64", "uint8", "bool", "long", "int", "Tensor", "dtype", "device", "Size"}
DESCRIBE = {"shape", "dtype", "device", "ndim", "is_cuda", "layout", "requires_grad"}  # plain values, no call
DESCRIBE_CALLS = {"stride", "numel", "size", "dim", "element_size", "is_contiguous", "data_ptr", "nelement"}
# methods that give the same values in another layout, perhaps in a new buffer, computing nothing
# from them (q.reshape(B * H, T, D) before a launch)
LAYOUT_CALLS = {"contiguous", "view", "reshape", "flatten", "unsqueeze", "squeeze", "permute", "transpose", "t",
                "expand"}
# torch's functions that only say which GPU (the Triton tutorials' wrappers call them)
TORCH_DEVICE = {"torch.cuda.current_device", "torch.cuda.device", "torch.cuda.get_device_capability",
                "torch.cuda.get_device_properties", "torch.cuda.get_device_name", "torch.cuda.is_available",
                "torch.cuda.device_count"}
BUILTINS_ON_TENSORS = {"len", "isinstance", "print", "type", "id", "callable", "repr", "str"}
NEVER = {"getattr", "setattr", "delattr", "eval", "exec", "compile", "__import__", "globals", "vars", "locals"}
OPERATORS = {ast.Add: "+", ast.Sub: "-", ast.Mult: "*", ast.Div: "/", ast.FloorDiv: "//", ast.Mod: "%",
             ast.Pow: "**", ast.MatMult: "@", ast.LShift: "<<", ast.RShift: ">>", ast.BitOr: "|",
             ast.BitXor: "^", ast.BitAnd: "&", ast.USub: "-", ast.UAdd: "+", ast.Invert: "~", ast.Not: "not"}

# an instance of a class the file defines (and `self` in its methods): its fields have the kinds of what
# the file stores in them, its methods are the file's own functions (a RowLayout holding x and its shape)
TENSOR, PLAIN, OBJECT = "tensor", "plain", "object"


def _dotted(node) -> str:
    if isinstance(node, ast.Call):
        node = node.func
    if isinstance(node, ast.Attribute):
        base = _dotted(node.value)
        return base + "." + node.attr if base else ""
    return node.id if isinstance(node, ast.Name) else ""


def _is_kernel(fn) -> bool:
    """A function decorated with triton.jit (or jit, called or not), under autotune or heuristics too."""
    return any(_dotted(d).split(".")[-1] == "jit" for d in fn.decorator_list)


def torch_computing(source: str, entry: str = "") -> list[str]:
    """Each place where torch (or another module) computes outside the file's kernels, as
    "torch.exp at line 12", in the order of the file; empty when the file keeps the rule. `entry`:
    the function the grader calls with tensors (drill.yaml's); another function of the file whose
    every call in the file passes plain values (cdiv(n, BLOCK)) takes plain parameters."""
    tree = ast.parse(source)
    found: dict[str, None] = {}
    modules: dict[str, str] = {}  # a name bound to a module -> the module's dotted name
    torch_names: dict[str, str] = {}  # a name imported from torch -> torch.NAME
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for a in node.names:
                if a.asname:
                    modules[a.asname] = a.name
                else:
                    modules[a.name.split(".")[0]] = a.name.split(".")[0]
        elif isinstance(node, ast.ImportFrom) and node.module:
            for a in node.names:
                full = f"{node.module}.{a.name}"
                if node.module.split(".")[0] == "torch":
                    if node.module != "torch" or a.name not in ALLOCATE | TORCH_VALUES:
                        found[f"{full} at line {node.lineno}"] = None
                    else:
                        torch_names[a.asname or a.name] = full
                else:  # from triton import language as tl, from math import sqrt
                    modules[a.asname or a.name] = full
    kernels = {fn.name for fn in ast.walk(tree) if isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef))
               and _is_kernel(fn)}
    own = {fn.name for fn in ast.walk(tree) if isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef))
           and fn.name not in kernels}
    # a compiled kernel's handle (kernel = softmax_kernel.warmup(...), as Triton's tutorial does) launches too
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.Call) and \
                isinstance(node.value.func, ast.Attribute) and _dotted(node.value.func.value) in kernels:
            kernels |= {t.id for t in node.targets if isinstance(t, ast.Name)}
    own -= kernels
    classes = [c for c in ast.walk(tree) if isinstance(c, ast.ClassDef)]
    checker = _Checker(modules, torch_names, kernels, own, found)
    checker.describing = {fn.name for fn in ast.walk(tree) if isinstance(fn, ast.FunctionDef) and fn.name in own
                          and _describes(fn)}
    checker.classes = {c.name for c in classes}
    checker.methods = {fn.name for c in classes for fn in c.body
                       if isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef))}
    # a function whose parameters the file's calls decide: not the entry, never used but as a call
    called = {id(n.func) for n in ast.walk(tree) if isinstance(n, ast.Call)}
    as_values = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name) and id(n) not in called} | \
        {n.attr for n in ast.walk(tree) if isinstance(n, ast.Attribute) and id(n) not in called}
    # (a parent's __init__ reached through super() is called with what the file's calls of it do not show)
    checker.decided = (own | checker.methods) - as_values - {entry, "__call__", "forward"} - \
        ({"__init__"} if any(isinstance(n, ast.Name) and n.id == "super" for n in ast.walk(tree)) else set())
    # the grids of the launches: lambdas (or functions) of the kernel's meta-parameters, plain values
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Subscript) \
                and _dotted(node.func.value).split(".")[-1] in kernels:
            grid = node.func.slice
            if isinstance(grid, ast.Name):
                checker.grids.add(grid.id)
            elif isinstance(grid, ast.Lambda):
                grid._studyxf_grid = True
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.Lambda):
            checker.lambdas |= {t.id for t in node.targets if isinstance(t, ast.Name)}
            if any(isinstance(t, ast.Name) and t.id in checker.grids for t in node.targets):
                node.value._studyxf_grid = True
    # a name a function rebinds for the whole module may hold a tensor anywhere
    shared = {n for node in ast.walk(tree) if isinstance(node, (ast.Global, ast.Nonlocal)) for n in node.names}
    # quietly first, until what the file's calls pass and its objects hold is settled (a field stored in
    # one class's method may be read above it; cdiv's parameters are plain where grid's are)
    for _ in range(4 if classes or checker.decided else 0):
        before = (dict(checker.fields), checker.sites)
        checker.found, checker.passing = {}, {}
        checker.scope(tree.body, [], outer={n: TENSOR for n in shared})
        checker.sites, checker.passing = checker.passing, {}
        if (checker.fields, checker.sites) == before:
            break
    checker.found = found
    checker.scope(tree.body, [], outer={n: TENSOR for n in shared})
    return list(found)


class _Checker:
    def __init__(self, modules, torch_names, kernels, own, found):
        self.modules, self.torch_names, self.kernels, self.own, self.found = modules, torch_names, kernels, own, found
        self.grids: set[str] = set()  # names bound to a launch's grid (a lambda of the launch's meta-parameters)
        self.lambdas: set[str] = set()  # names bound to a lambda of the file (its body is checked)
        self.classes: set[str] = set()  # the file's classes: calling one makes an OBJECT
        self.methods: set[str] = set()  # the names of their methods
        self.fields: dict[str, str] = {}  # a field the file stores in an object -> the kind of what it stores
        self.decided: set[str] = set()  # functions whose parameters take the kinds the file's calls pass
        self.sites: dict[str, set] = {}  # such a function -> its calls' (positional kinds, keyword kinds) found
        self.passing: dict[str, set] = {}  # the same, being found in this pass
        self.describing: set[str] = set()  # functions that return only what describes their tensors

    def name(self, what: str, node) -> None:
        self.found[f"{what} at line {node.lineno}"] = None

    def module_of(self, node) -> str | None:
        """The module an expression names (torch.nn.functional for F.softmax's F), or None."""
        if isinstance(node, ast.Name):
            return self.modules.get(node.id)
        if isinstance(node, ast.Attribute):
            base = self.module_of(node.value)
            if base is None or base == "torch" and node.attr in ALLOCATE | TORCH_VALUES:
                return None
            return f"{base}.{node.attr}"
        return None

    # -- statements ------------------------------------------------------------------------------

    def scope(self, body: list, params: list[str], param_kind: str = TENSOR, outer: dict | None = None,
              first: str | None = None, given: dict | None = None) -> dict:
        """One function's body (or the module's): the kinds of its names found to a fixed point
        (a name is a tensor if anything bound to it may be one), then every expression checked.
        `outer`: the enclosing scopes' names, which this one reads; `first`: the first parameter's
        kind (a method's self); `given`: parameters of another kind. Returns the kinds of the names."""
        kinds = {**(outer or {}), **{p: param_kind for p in params}, **(given or {})}
        if first and params:
            kinds[params[0]] = first
        self.kinds = kinds
        for _ in range(5):
            before = dict(kinds)
            for stmt in body:
                self.bind(stmt, kinds)
            if kinds == before:
                break
        for stmt in body:
            self.kinds = kinds
            self.statement(stmt)
        return kinds

    def bind(self, stmt, kinds) -> None:
        self.kinds = kinds
        for node in _own_nodes(stmt):
            if isinstance(node, (ast.Assign, ast.AnnAssign, ast.AugAssign)) and node.value is not None:
                kind = self.kind(node.value, quiet=True)
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                for target in targets:
                    for n in ast.walk(target):  # d[0] = x, obj.a = x: d and obj hold a tensor
                        if isinstance(n, ast.Attribute) and isinstance(n.ctx, ast.Store) and \
                                self.kind(n.value, quiet=True) == OBJECT:  # a field of the file's object
                            self.fields[n.attr] = TENSOR if TENSOR in (kind, self.fields.get(n.attr)) else kind
                        if isinstance(n, ast.Name) and kinds.get(n.id) != OBJECT and \
                                (kind == TENSOR or n.id not in kinds):
                            kinds[n.id] = kind
            elif isinstance(node, (ast.For, ast.AsyncFor, ast.comprehension)):
                kind = self.kind(node.iter, quiet=True)
                for n in ast.walk(node.target):
                    if isinstance(n, ast.Name) and (kind == TENSOR or n.id not in kinds):
                        kinds[n.id] = kind
            elif isinstance(node, ast.withitem) and node.optional_vars is not None:
                for n in ast.walk(node.optional_vars):
                    if isinstance(n, ast.Name):
                        kinds[n.id] = TENSOR
            elif isinstance(node, ast.NamedExpr):
                kinds[node.target.id] = self.kind(node.value, quiet=True)

    def statement(self, stmt) -> None:
        if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef)):
            kernel = stmt.name in self.kernels
            for d in stmt.decorator_list:  # @triton.jit, @triton.autotune(configs=[...]): plain
                if not kernel:
                    self.kind(d)
            if kernel:
                self.kernel(stmt)
                return
            outer = self.kinds
            args = stmt.args
            params = [a.arg for a in [*args.posonlyargs, *args.args, *args.kwonlyargs]] + \
                [a.arg for a in (args.vararg, args.kwarg) if a]
            for default in [*args.defaults, *(d for d in args.kw_defaults if d)]:
                self.kind(default)
            decorators = {_dotted(d) for d in stmt.decorator_list}
            # a method's self is the file's object, a classmethod's cls a plain value
            first = None if not getattr(stmt, "_studyxf_method", False) or "staticmethod" in decorators else \
                PLAIN if "classmethod" in decorators else OBJECT
            # the entry's parameter whose default is a literal (causal=True, eps=1e-5; not None, which a mask's is)
            # is given such a value: no tensor (a helper's are decided by its calls)
            positional = [*args.posonlyargs, *args.args]
            literal = {a.arg: PLAIN for a, d in [*zip(positional[len(positional) - len(args.defaults):], args.defaults),
                                                 *zip(args.kwonlyargs, args.kw_defaults)]
                       if isinstance(d, ast.Constant) and type(d.value) in (bool, int, float, str)} \
                if stmt.name not in self.decided else {}
            self.scope(stmt.body, params, PLAIN if stmt.name in self.grids else TENSOR, outer, first,
                       {**literal, **(self._passed(stmt, first is not None) or {})})
            self.kinds = outer
            return
        if isinstance(stmt, ast.ClassDef):
            for d in [*stmt.decorator_list, *stmt.bases]:
                self.kind(d)
            for fn in stmt.body:
                if isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    fn._studyxf_method = True
            outer = self.kinds
            bound = self.scope(stmt.body, [], outer=outer)
            # the class's own names (BLOCK = 128, a dataclass's fields) are fields of its objects
            for name in set(bound) - set(outer):
                self.fields[name] = TENSOR if TENSOR in (bound[name], self.fields.get(name)) else bound[name]
            self.kinds = outer
            return
        if isinstance(stmt, ast.AugAssign):  # out += x: the operator, in place
            if TENSOR in (self.kind(stmt.target), self.kind(stmt.value)):
                self.name(f"the operator {OPERATORS.get(type(stmt.op), '?')}= on a tensor", stmt)
            return
        for node in ast.iter_child_nodes(stmt):
            if isinstance(node, ast.expr):
                self.kind(node)
            elif isinstance(node, ast.stmt):
                self.statement(node)
            elif isinstance(node, (ast.withitem, ast.excepthandler, ast.match_case, ast.comprehension)):
                for child in ast.iter_child_nodes(node):
                    if isinstance(child, ast.expr):
                        self.kind(child)
                    elif isinstance(child, ast.stmt):
                        self.statement(child)

    def _passed(self, fn, method: bool) -> dict:
        """The parameters every call in the file gives a plain value, or the file's object (or leaves at
        its default), for a function whose parameters its calls decide (a method's self aside)."""
        sites = self.sites.get(fn.name)
        if fn.name not in self.decided or not sites or fn.args.vararg or fn.args.kwarg:
            return {}
        positional = [a.arg for a in [*fn.args.posonlyargs, *fn.args.args]][1 if method else 0:]
        out = {}
        for p in positional + [a.arg for a in fn.args.kwonlyargs]:
            at = positional.index(p) if p in positional else None  # a keyword-only one is given by name alone
            given = {dict(kw).get(p, args[at] if at is not None and at < len(args) else PLAIN) for args, kw in sites}
            if given <= {PLAIN, OBJECT}:
                out[p] = OBJECT if OBJECT in given else PLAIN
        return out

    def _record(self, name: str, args: list, keywords: list, k) -> None:
        """A call of a function whose parameters its calls decide: the kinds it passes (a starred one: none)."""
        if name not in self.decided:
            return
        if any(isinstance(a, ast.Starred) for a in args) or any(kw.arg is None for kw in keywords):
            self.decided = self.decided - {name}
            return
        # once per call whatever the passes re-read (a call's kinds as a hashable pair)
        self.passing.setdefault(name, set()).add((tuple(k(a) for a in args),
                                                  tuple(sorted((kw.arg, k(kw.value)) for kw in keywords))))

    def kernel(self, fn) -> None:
        """Inside a kernel tl computes; torch, which the compiler would refuse and the interpreter
        would run, may not appear."""
        torchy = {n for n, m in self.modules.items() if m.split(".")[0] == "torch"} | set(self.torch_names)
        for node in ast.walk(fn):
            if isinstance(node, ast.Name) and node.id in torchy:
                full = self.torch_names.get(node.id) or self.modules[node.id]
                self.name(f"{full} inside the kernel {fn.name}", node)

    # -- expressions -----------------------------------------------------------------------------

    def kind(self, node, quiet: bool = False) -> str:
        """TENSOR or PLAIN (a module or a function counts as plain); names what breaks the rule
        unless `quiet` (while the names' kinds are still being found)."""
        def bad(what: str) -> str:
            if not quiet:
                self.name(what, node)
            return TENSOR

        k = lambda n: self.kind(n, quiet)  # noqa: E731
        if isinstance(node, ast.Constant):
            return PLAIN
        if isinstance(node, ast.Name):
            if node.id in self.torch_names:
                return PLAIN  # an allocation's function or a dtype, imported by name
            if node.id in self.modules:
                if self.modules[node.id].split(".")[0] == "torch":  # getattr(torch, "exp"), t = torch
                    return bad(f"{self.modules[node.id]} passed as a value")
                return PLAIN
            if node.id in NEVER:
                return bad(f"{node.id}()")
            if node.id in self.kinds:
                return self.kinds[node.id]
            # a function of the file or a built-in; any other name read here may hold a tensor
            return PLAIN if node.id in self.own or node.id in self.kernels or node.id in _BUILTINS else TENSOR
        if isinstance(node, ast.Attribute):
            module = self.module_of(node.value)
            if module == "torch" or (module or "").startswith("torch."):
                if module == "torch" and node.attr in ALLOCATE | TORCH_VALUES or f"{module}.{node.attr}" in TORCH_DEVICE:
                    return PLAIN
                return bad(f"{module}.{node.attr}")
            if isinstance(node.value, ast.Attribute) and self.module_of(node.value.value) == "torch" \
                    and node.value.attr == "Tensor":
                return bad(f"torch.Tensor.{node.attr}")  # a method taken from the class
            if module is not None:
                return PLAIN
            base = k(node.value)
            if base == OBJECT:  # a field holds what was stored in it; one never stored may hold a tensor
                return PLAIN if node.attr in self.methods else self.fields.get(node.attr, TENSOR)
            if base == TENSOR:
                if node.attr in DESCRIBE:
                    return PLAIN
                if node.attr in DESCRIBE_CALLS | LAYOUT_CALLS and self._called(node):
                    return PLAIN  # the call decides its result's kind
                return bad(f"Tensor.{node.attr}")
            return PLAIN
        if isinstance(node, ast.Call):
            return self.call(node, quiet)
        if isinstance(node, ast.BinOp):
            left, right = k(node.left), k(node.right)
            if TENSOR in (left, right):
                return bad(f"the operator {OPERATORS.get(type(node.op), '?')} on a tensor")
            return PLAIN
        if isinstance(node, ast.UnaryOp):
            if k(node.operand) == TENSOR:
                return bad(f"the operator {OPERATORS.get(type(node.op), '?')} on a tensor")
            return PLAIN
        if isinstance(node, ast.Compare):
            kinds = [k(n) for n in [node.left, *node.comparators]]
            only_identity = all(isinstance(op, (ast.Is, ast.IsNot)) for op in node.ops)
            if TENSOR in kinds and not only_identity:  # x > 0 is a tensor computed; `is None` is not
                return bad("a comparison of a tensor")
            return PLAIN
        if isinstance(node, ast.BoolOp):
            if TENSOR in [k(v) for v in node.values]:
                return bad(f"`{'and' if isinstance(node.op, ast.And) else 'or'}` on a tensor")
            return PLAIN
        if isinstance(node, ast.Subscript):
            base, index = k(node.value), k(node.slice)
            if index == TENSOR and base == TENSOR:
                return bad("a tensor indexed by a tensor")  # a gather: values chosen by values
            return base
        if isinstance(node, ast.Lambda):
            if not quiet:  # its body under the rule; a launch's grid is given plain values
                outer = self.kinds
                given = PLAIN if getattr(node, "_studyxf_grid", False) else TENSOR
                self.kinds = {**outer, **{a.arg: given for a in [*node.args.args, *node.args.kwonlyargs]}}
                self.kind(node.body)
                self.kinds = outer
            return PLAIN
        if isinstance(node, (ast.ListComp, ast.SetComp, ast.GeneratorExp, ast.DictComp)):
            outer = self.kinds
            self.kinds = dict(outer)
            result = PLAIN
            for gen in node.generators:
                it = k(gen.iter)
                for n in ast.walk(gen.target):
                    if isinstance(n, ast.Name):
                        self.kinds[n.id] = it
                for cond in gen.ifs:
                    k(cond)
                result = TENSOR if it == TENSOR else result
            elts = [node.key, node.value] if isinstance(node, ast.DictComp) else [node.elt]
            if TENSOR in [k(e) for e in elts]:
                result = TENSOR
            self.kinds = outer
            return result
        if isinstance(node, ast.NamedExpr):
            return k(node.value)
        if isinstance(node, ast.JoinedStr):
            for v in node.values:
                k(v)
            return PLAIN
        if isinstance(node, ast.FormattedValue):
            k(node.value)
            return PLAIN
        # containers, starred, slices, conditional expressions, await...: a tensor if any part is
        kinds = [k(child) for child in ast.iter_child_nodes(node) if isinstance(child, ast.expr)]
        if isinstance(node, ast.IfExp):
            kinds = kinds[1:]  # the test is checked; the value is one of the branches
        return TENSOR if TENSOR in kinds else PLAIN

    def _called(self, attr) -> bool:
        return getattr(attr, "_studyxf_called", False)

    def call(self, node, quiet: bool) -> str:
        def bad(what: str) -> str:
            if not quiet:
                self.name(what, node)
            return TENSOR

        k = lambda n: self.kind(n, quiet)  # noqa: E731
        func = node.func
        args = [*node.args, *(kw.value for kw in node.keywords)]
        # a launch: kernel[grid](...); the grid, a tuple of ints or a lambda of the meta-parameters
        if isinstance(func, ast.Subscript) and _dotted(func.value).split(".")[-1] in self.kernels:
            k(func.slice)
            for a in args:
                k(a)
            return PLAIN
        if isinstance(func, ast.Attribute):
            module = self.module_of(func.value)
            if isinstance(func.value, ast.Name) and func.value.id in self.kernels and func.attr in ("warmup", "run"):
                for a in args:  # a launch by Triton's API (kernel.fn(...) would run its body as Python)
                    k(a)
                return PLAIN
            if f"{module}.{func.attr}" in TORCH_DEVICE:
                return PLAIN if all(k(a) == PLAIN for a in args) else bad(f"{module}.{func.attr}() of a tensor")
            if module == "torch" and func.attr in ALLOCATE:
                for a in args:
                    k(a)
                return TENSOR
            if module == "torch" and func.attr in TORCH_VALUES:  # torch.device("cuda"), torch.dtype
                return PLAIN if all(k(a) == PLAIN for a in args) else bad(f"torch.{func.attr}() of a tensor")
            if module is not None and not module.startswith("torch"):
                kinds = [k(a) for a in args]
                if TENSOR in kinds and module not in ("builtins",):
                    return bad(f"{_dotted(func)}() on a tensor")
                return PLAIN
            # the file's own method: its body is checked
            if module is None and func.attr in self.methods and k(func.value) == OBJECT:
                self._record(func.attr, node.args, node.keywords, k)
                return TENSOR if TENSOR in [k(a) for a in args] else PLAIN
            func._studyxf_called = True  # a describing method: allowed as a call, not as a value
            if k(func) == TENSOR:  # a torch function or a tensor's method that computes: its arguments too
                for a in args:
                    k(a)
                return TENSOR
            if isinstance(func.value, ast.expr) and k(func.value) == TENSOR and func.attr in DESCRIBE_CALLS | LAYOUT_CALLS:
                for a in args:
                    if k(a) == TENSOR:
                        return bad(f"Tensor.{func.attr}() given a tensor")
                return TENSOR if func.attr in LAYOUT_CALLS else PLAIN
            if TENSOR in [k(a) for a in args]:  # lst.append(x), "{}".format(x), t.exp(x) for t = a module
                return bad(f"{_dotted(func) or func.attr}() on a tensor")
            return PLAIN
        if isinstance(func, ast.Name):
            if func.id in self.torch_names:
                for a in args:
                    k(a)
                return TENSOR if self.torch_names[func.id].rsplit(".", 1)[1] in ALLOCATE else PLAIN
            if func.id in NEVER:
                return bad(f"{func.id}()")
            kinds = [k(a) for a in args]
            if func.id in self.classes:  # an object of the file's class: its __init__ is checked as a method
                self._record("__init__", node.args, node.keywords, k)
                return OBJECT
            if func.id in self.own or func.id in self.lambdas:  # the file's own function: its body is checked
                self._record(func.id, node.args, node.keywords, k)
                # (one that returns only what describes its tensors, `M, K = a.shape; return M, K, N`: plain)
                return PLAIN if func.id in self.describing else TENSOR if TENSOR in kinds else PLAIN
            if TENSOR in kinds and func.id not in BUILTINS_ON_TENSORS:
                return bad(f"{func.id}() on a tensor")
            return PLAIN
        # anything else called (a call's result, a subscript): not on a tensor
        kinds = [k(func), *(k(a) for a in args)]
        return bad("a call on a tensor") if TENSOR in kinds else PLAIN


def _describes(fn) -> bool:
    """Whether every value the function returns describes its inputs: sizes read from a shape (`M, K = a.shape`),
    a stride, a size(), len(), numbers, and arithmetic or tuples of those; nothing a tensor may be."""
    plain: set[str] = set()

    def described(node) -> bool:
        if isinstance(node, ast.Constant):
            return isinstance(node.value, (int, float, bool, str)) or node.value is None
        if isinstance(node, ast.Name):
            return node.id in plain
        if isinstance(node, ast.Attribute):
            return node.attr in ("shape", "ndim", "dtype", "device")
        if isinstance(node, ast.Subscript):
            return isinstance(node.value, ast.Attribute) and node.value.attr == "shape" or \
                isinstance(node.value, ast.Name) and node.value.id in plain
        if isinstance(node, ast.Call):
            name = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")
            return name in ("size", "stride", "dim", "numel", "len", "int") and all(
                described(a) or name in ("size", "stride", "dim", "numel", "len") for a in node.args)
        if isinstance(node, ast.BinOp):
            return described(node.left) and described(node.right)
        if isinstance(node, ast.UnaryOp):
            return described(node.operand)
        if isinstance(node, ast.Tuple):
            return all(described(e) for e in node.elts)
        return False
    assigned = [(stmt.value, {n.id for t in stmt.targets for n in ast.walk(t) if isinstance(n, ast.Name)})
                for stmt in ast.walk(fn) if isinstance(stmt, ast.Assign)]
    for _ in range(4):  # a name is plain when every value bound to it is (none a tensor at any point)
        plain |= {n for _, names in assigned for n in names}
        plain -= {n for value, names in assigned if not described(value) for n in names}
    returns = [r.value for r in ast.walk(fn) if isinstance(r, ast.Return)]
    return bool(returns) and all(r is not None and described(r) for r in returns)


def _own_nodes(stmt):
    """The nodes of a statement that bind names in its scope: not those of nested functions, classes
    or lambdas (they have their own)."""
    if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
        return  # binds its name only, a plain value; its body is a scope of its own
    stack = [stmt]
    while stack:
        node = stack.pop()
        yield node
        for child in ast.iter_child_nodes(node):
            if not isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)):
                stack.append(child)
