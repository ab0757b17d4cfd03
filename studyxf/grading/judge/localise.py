"""Finding the cause without a catalogue entry: the learner's traced values (trace.py) matched with
the drill's reference steps (steps.py) up to layout, the first line whose value leaves the step it
was computing, how it differs (compare.py), and whether that difference, made in the reference,
gives the learner's outputs on every failing case (then the cause is verified). Runs in the judge."""

from __future__ import annotations

import ast
import functools
import math

import numpy as np
import torch

from studyxf.grading.judge import compare, steps as st
from studyxf.grading.judge.judging import matches

MAX_SLIPS = 5  # differences followed one after the other (a compound mistake)
# the whole localisation of a report, in reference runs (each candidate change tried is one): a
# count, not seconds, so that the same file gets the same report on a busy machine as on an idle
# one. 4000 runs take 0.5-1.3 s of the judge's CPU on a 2-core machine (the drills' references
# differ in size): a failing verdict stays near a passing one
BUDGET_STEPS = 4000
_SPENT = [0]  # reference runs made by this judge so far


def clock() -> int:
    """The budget's clock: reference runs made so far in this process."""
    return _SPENT[0]


class OutOfTime(Exception):
    """The localisation's budget is spent: what was found so far stands, unverified."""


def _tolerance(dtype: str) -> tuple[float, float]:
    """How close a traced value must be to a step to count as that step: the learner's own rounding
    in the case's dtype, far below what any slip changes."""
    return (1e-9, 1e-10) if dtype == "float64" else (2e-4, 2e-5)


def default_quantities(env: dict) -> dict:
    """Sizes a factor may equal, read from the inputs: each axis of each array input, its square root,
    and the integer inputs."""
    out = {}
    for name, value in env.items():
        shape = getattr(value, "shape", None)
        if shape is not None and len(shape) and not isinstance(value, (bool,)):
            n = len(shape)
            for i in range(n):
                label = f"{name}.shape[{i - n}]"
                out.setdefault(f"sqrt({label})", lambda e, nm=name, i=i - n: math.sqrt(e[nm].shape[i]))
                out.setdefault(label, lambda e, nm=name, i=i - n: e[nm].shape[i])
            # counted from the front, as a file written for one rank reads it (q.shape[1] is d for a
            # (T, d) q, T for a batched one): the same number on the traced case, another reading
            for i in range(0, n):  # shape[0] too: the batch in one rank, the rows in another
                label = f"{name}.shape[{i}]"
                out.setdefault(f"sqrt({label})", lambda e, nm=name, i=i: math.sqrt(e[nm].shape[i]) if e[nm].ndim > i
                               else float("nan"))
                out.setdefault(label, lambda e, nm=name, i=i: e[nm].shape[i] if e[nm].ndim > i else float("nan"))
        elif isinstance(value, int) and not isinstance(value, bool):
            out.setdefault(name, lambda e, nm=name: e[nm])
    return out


# an input as a learner may read it where the step uses it as it is
INPUT_READINGS = [("{x} minus its mean over the last axis (centred)", lambda a: a - a.mean(-1, keepdim=True))]


def _literal_lines(lines: list[str], value: float) -> list[int]:
    """The lines of the learner's file that compute with the number `value` (1e-5 for a hard-coded eps):
    where it is written, or where the module constant holding it is read (EPS = 1e-5 above, used in one
    line); a parameter's default is no such line (the argument is the one passed)."""
    import ast
    import math

    try:
        tree = ast.parse("\n".join(lines))
    except SyntaxError:
        return []
    defaults = {id(d) for f in ast.walk(tree) if isinstance(f, (ast.FunctionDef, ast.Lambda))
                for d in [*f.args.defaults, *f.args.kw_defaults] if d is not None}
    at = {n.lineno for n in ast.walk(tree) if isinstance(n, ast.Constant) and type(n.value) in (int, float)
          and not isinstance(n.value, bool) and id(n) not in defaults and math.isclose(n.value, value, rel_tol=1e-9)}
    held = {t.id for n in tree.body if isinstance(n, ast.Assign) and n.lineno in at and len(n.targets) == 1
            for t in n.targets if isinstance(t, ast.Name)}
    if held:  # a module constant: the lines that read it
        read = {n.lineno for n in ast.walk(tree) if isinstance(n, ast.Name) and n.id in held
                and isinstance(n.ctx, ast.Load)}
        at = (at - {n.lineno for n in tree.body if isinstance(n, ast.Assign) and n.lineno in at}) | read
    return sorted(at)


class Trace:
    """The events of one traced call, as float64/bool NumPy arrays, with the learner's source."""

    def __init__(self, data: dict, source: str):
        from studyxf.grading import wire

        self.events = []
        for e in data.get("events", []):
            value = wire.decode(e["v"])
            arr = value.values if isinstance(value, wire.Array) else None
            if arr is None or np.iscomplexobj(arr):
                continue
            if e.get("scalar"):
                arr = arr.reshape(())
            self.events.append({"line": e["line"], "name": e["name"], "value": arr, "dtype": e.get("dtype"),
                                "call": e.get("call", 0),
                                "entry": e.get("entry", -1), "depth": e.get("depth", 0),
                                "site": e.get("site", e["line"])})
        self.every = list(self.events)  # with the arrays made to be filled (where a dtype was chosen)
        # an array filled in a loop (pe[pos, i] = ...): only its last value there is a step's
        last = {}
        for i, e in enumerate(self.events):
            last[(e["call"], e["line"], e["name"])] = i
        self.events = [e for i, e in enumerate(self.events) if last[(e["call"], e["line"], e["name"])] == i
                       or self.events[last[(e["call"], e["line"], e["name"])]]["value"].shape != e["value"].shape]
        # an array made to be filled (np.zeros((T, d)), then pe[...] = ...) is no step's value yet
        later = {}
        for i, e in enumerate(self.events):
            later[(e["call"], e["name"])] = i
        self.events = [e for i, e in enumerate(self.events)
                       if not (later[(e["call"], e["name"])] > i and e["value"].size > 1
                               and np.all(e["value"] == e["value"].flat[0]))]
        self.raised_at = data.get("raised_at")
        self.lines = source.splitlines()
        self.entries = [[None if a is None else _decoded(a) for a in args] for args in data.get("entries", [])]

    def of_call(self, call: int) -> "Trace":
        """The events of one call of the entry function (a driver calls it once per chunk)."""
        one = Trace.__new__(Trace)
        one.events = [e for e in self.events if e.get("entry") == call]
        one.every = [e for e in self.every if e.get("entry") == call]
        one.raised_at, one.lines, one.entries = self.raised_at, self.lines, self.entries
        return one

    def code(self, line: int) -> str:
        return self.lines[line - 1].strip() if 0 < line <= len(self.lines) else ""


@functools.lru_cache(maxsize=8)
def _functions(source: str) -> tuple:
    """Each function of the file: its first and last line, its parameters, its statements' count."""
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return ()
    out = []
    for fn in ast.walk(tree):
        if isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
            body = [b for b in fn.body if not (isinstance(b, ast.Expr) and isinstance(b.value, ast.Constant))]
            a = fn.args
            params = frozenset(x.arg for x in [*a.posonlyargs, *a.args, *a.kwonlyargs, a.vararg, a.kwarg] if x)
            out.append((fn.lineno, fn.end_lineno, params, len(body)))
        elif isinstance(fn, ast.Lambda):  # (`heads = lambda t: t.view(...)`: a function of one statement too)
            a = fn.args
            params = frozenset(x.arg for x in [*a.posonlyargs, *a.args, *a.kwonlyargs, a.vararg, a.kwarg] if x)
            out.append((fn.lineno, fn.end_lineno, params, 1))
    return tuple(out)


def _one_statement_helper(lines: list[str], line: int) -> frozenset | None:
    """The parameters of the innermost function around `line` when its body is one statement, else None."""
    around = [f for f in _functions("\n".join(lines)) if f[0] <= line <= f[1]]
    if not around:
        return None
    first, _last, params, statements = max(around, key=lambda f: f[0])
    return params if statements == 1 else None


def _combinator(lines: list[str], line: int) -> bool:
    """Whether the innermost function around `line` is one statement that calls one of its own parameters
    (`lambda acc, f: f(acc)`): what it returns was made by the function it was handed."""
    return _combinator_in("\n".join(lines), line)


@functools.lru_cache(maxsize=64)
def _combinator_in(source: str, line: int) -> bool:
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return False
    around = [f for f in ast.walk(tree) if isinstance(f, (ast.Lambda, ast.FunctionDef)) and
              f.lineno <= line <= (f.end_lineno or f.lineno)]
    if not around:
        return False
    fn = max(around, key=lambda f: (f.lineno, f.col_offset))
    body = fn.body if isinstance(fn, ast.Lambda) else (fn.body[0].value if len(fn.body) == 1 and isinstance(
        fn.body[0], (ast.Return, ast.Expr)) else None)
    params = {a.arg for a in [*fn.args.posonlyargs, *fn.args.args, *fn.args.kwonlyargs]}
    return isinstance(body, ast.Call) and isinstance(body.func, ast.Name) and body.func.id in params


def _apart(v: np.ndarray, s: np.ndarray) -> float:
    """How far value v lies from step s, relative to s's scale (for the nearest of the steps it may be)."""
    with np.errstate(all="ignore"):
        d = np.abs(v - s)
        d = d[np.isfinite(d)]
        return float(d.mean()) / compare.scale(s) if d.size else float("inf")


def _same_array(a, b) -> bool:
    return a is not None and b is not None and getattr(a, "shape", None) == getattr(b, "shape", None) and \
        bool(np.array_equal(a, b, equal_nan=True))


def _np(value):
    return st.as_numpy(value)


def _decoded(item: dict):
    """An argument as the trace sent it -> a float64 tensor, an int, or a float."""
    from studyxf.grading import wire

    value = wire.decode(item["v"])
    arr = value.values if isinstance(value, wire.Array) else None
    if arr is None:
        return None
    if item.get("scalar"):
        x = float(arr.reshape(-1)[0])
        return int(x) if x.is_integer() else x
    return st.to_torch(arr)


class Localiser:
    def __init__(self, grader, failing: list, traced, trace: Trace, raising: list | None = None):
        """failing: the comparable failing cases' values (evidence.Mismatch); traced: the one traced;
        raising: the cases whose call raised (a substitution must make the reference raise there too)."""
        self.raising = raising or []
        self.grader = grader
        self.deadline = float("inf")  # set by the caller (clock() + its share of BUDGET_STEPS)
        self.steps = grader.STEPS
        self.quantities_of = getattr(grader, "QUANTITIES", None)
        self.failing, self.traced, self.trace = failing, traced, trace
        self.env = st.inputs64(traced.case)
        self.rtol, self.atol = _tolerance(traced.case.dtype)
        self.names = [s.name for s in self.steps]
        self.says = {s.name: s.says for s in self.steps}
        self.of = {s.name: s.of for s in self.steps}
        # the step the learner's output is compared with (a driven drill also returns its caches after it)
        self.final = (getattr(grader, "STEP_RETURN", None) or [self.names[-1]])[0]
        self.layout: dict = {}  # the layout in which a learner's value matched a step (a permutation of axes)

    def quantities(self) -> dict:
        q = default_quantities(self.env)
        if self.quantities_of:
            q = {**self.quantities_of, **q}
        return q

    def _tick(self) -> None:
        _SPENT[0] += 1
        if clock() > self.deadline:
            raise OutOfTime

    def _ref(self, change: dict, upto: str | None = None) -> dict:
        """Every step's value (NumPy) with these changes (or those up to step `upto`): the steps
        before the first one changed are the unchanged run's, computed once per case (a
        localisation tries hundreds of changes)."""
        last = getattr(self, "_last_ref", None)
        if last is not None and last[0] is change and last[1] == upto and last[2] is self.env:
            return dict(last[3])  # the same change asked again (each event of one search): run once
        self._tick()
        out = self._ref_run(change, upto)
        if change:
            self._last_ref = (change, upto, self.env, out)
        return dict(out)

    def _ref_run(self, change: dict, upto: str | None) -> dict:
        env = self.env
        if getattr(self, "_base", (None,))[0] is not env:
            out = st.run(self.steps, env)
            self._base = (env, out, {n: _np(out[n]) for n in self.names})
        _, base, base_np = self._base
        first = next((i for i, n in enumerate(self.names) if n in change), len(self.names))
        if first == len(self.names):
            return dict(base_np)
        end = self.names.index(upto) + 1 if upto in self.names else len(self.names)
        start = {**env, **{n: base[n] for n in self.names[:first]}}
        out = st.run(self.steps[first:end], start, self._wrap(change))
        return {**{n: base_np[n] for n in self.names[:first]}, **{n: _np(out[n]) for n in self.names[first:end]}}

    @staticmethod
    def _wrap(change: dict) -> dict:
        return {name: (lambda e, v, f=f: st.to_torch(np.asarray(f(e, _np(v)), dtype=np.float64)))
                for name, f in change.items()}

    def _inputs(self) -> list:
        """The case's inputs that are numbers, as float64 arrays (made once per case: every event of
        a search is held against them)."""
        held = getattr(self, "_inputs_of", None)
        if held is None or held[0] is not self.env:
            arrays = [_np(v) for v in self.env.values() if not isinstance(v, (dict, str))]
            held = self._inputs_of = (self.env, [a.astype(np.float64) for a in arrays
                                                 if a is not None and a.dtype != bool])
        return held[1]

    def _matches(self, value: np.ndarray, ref: dict, taken: set | None = None) -> str | None:
        """The latest step that the value equals up to layout ("" for an input). A value shaped
        exactly as a step it does not equal is that step gone wrong, however its numbers can be
        rearranged into another step (heads split with a stride hold q_proj's numbers)."""
        wide = value.astype(np.float64) if value.dtype != bool else None
        for given in self._inputs():
            if wide is not None and given.shape == value.shape and compare.same(wide, given, self.rtol, self.atol):
                return ""  # an input, or a number equal to one (B, L = batch, layers)
        exact = [n for n in self.names if ref[n] is not None and ref[n].shape == value.shape and ref[n].dtype != bool]
        equal = [n for n in exact if compare.same(value.astype(np.float64), ref[n], self.rtol, self.atol)]
        if taken and value.size == 1:  # two terms of one size (Q.K^T and A.V): each number reaches one of them
            equal = [n for n in equal if n not in taken] or equal[:0]
            if not equal:
                return None
        if equal:
            return equal[-1]  # as it is, before any layout (q_proj is also q's numbers, split)
        if exact and value.ndim >= 3:
            return None
        for name in reversed(self.names):
            s = ref[name]
            if s is None or s.dtype == bool and value.dtype != bool:
                continue
            for words, fn in compare.layouts(value.shape, s.shape):
                try:
                    laid = fn(value)
                except ValueError:
                    continue
                if compare.same(laid.astype(s.dtype) if s.dtype == bool else laid.astype(np.float64), s,
                                self.rtol, self.atol):
                    if words and not words.startswith("axes permuted") and self._later_gone_wrong(value, name, ref):
                        return None  # q_proj's numbers, shaped as a q it is not: that q gone wrong
                    if words.startswith("axes permuted"):
                        self.layout.setdefault(name, fn)
                    return name
        return None

    def reproduces(self, change: dict, drop: str | None = None, swap: tuple | None = None,
                   fixed: tuple | None = None) -> bool:
        """The reference with these changes (or without the argument `drop`, as if it had its
        default, or with input swap[0] replaced by swap[1], or the input fixed[0] set to fixed[1]
        on every case) gives the learner's output on every failing case (and, for a swap, raises
        where the learner's code raised)."""
        self._tick()
        last = self.final
        if swap:
            for case in self.raising:
                env = st.inputs64(case)
                env[swap[0]] = env[swap[1]]
                try:
                    st.run(self.steps, env)
                except Exception:  # noqa: BLE001 - raising is what is asked here
                    continue
                return False
        for f in self.failing:
            env = st.inputs64(f.case)
            if drop:
                env.pop(drop, None)
            if swap:
                env[swap[0]] = env[swap[1]]
            if fixed:
                env[fixed[0]] = fixed[1]
            try:
                out = _np(st.run(self.steps, env, self._wrap(change))[last])
            except Exception:  # noqa: BLE001 - a change that cannot be made on that case
                return False
            if out is None or not matches(f.got, out, f.dtype)[0]:
                return False
        return True

    def _moves(self, name: str, value) -> bool:
        """Input `name` set to `value` changes the reference on some failing case (it is not the
        value the case computes with already)."""
        last = self.final
        for f in self.failing:
            env = st.inputs64(f.case)
            try:
                plain = _np(st.run(self.steps, dict(env))[last])
                fixed = _np(st.run(self.steps, {**env, name: value})[last])
            except Exception:  # noqa: BLE001 - a value that does not fit this case
                continue
            if plain is not None and fixed is not None and not np.array_equal(plain, fixed):
                return True
        return False

    def _reproduces_here(self, change: dict) -> bool:
        out = self._ref(change)[self.final]
        got = self.traced.got
        return out is not None and out.shape == got.shape and matches(got, out, self.traced.dtype)[0]

    def find(self, change: dict | None = None, found: list | None = None) -> dict | None:
        """The localisation: {"line", "code", "step", "how", "verified", "all"} or None. `change` and
        `found`: what the trace of another case found already (a slip this case does not show, such
        as one in the masking on a case without a mask); the search goes on from there."""
        self._partial: list = []
        try:
            return self._find(change, found)
        except OutOfTime:  # where the values left the reference, said as measured
            if not self._partial:
                return None
            one = {k: self._partial[0][k] for k in ("line", "code", "step")} | {"how": "values differ"}
            return {**one, "verified": False, "all": [one], "_change": {}, "_found": list(self._partial)}

    def _find(self, change: dict | None, found: list | None) -> dict | None:
        change, found = dict(change or {}), list(found or [])
        self._partial = found
        known = len(found)
        if not known:  # readings of the whole case first: each is verified by construction, and cheap
            for reading in (self._ignored_argument, self._substituted, self._constant):
                said = reading()
                if said:
                    return said
        start = 0
        for _ in range(MAX_SLIPS):
            one = self._next(change, start)
            if one is None:
                break
            found.append(one)
            if one["finding"].change is None:
                break
            change = {**change, one["step"]: one["finding"].change}
            start = one["event"] + 1
            if self._reproduces_here(change):
                break
        if not found:
            return None
        first = found[0]
        replayable = all(f["finding"].change for f in found)
        verified = bool(change) and replayable and self.reproduces(change)
        if not verified and replayable:
            verified = self._other_readings(found)
        alone = ""
        # (not a step "left out" at a line that calls the file's own function: it may make the step there, from a
        # wrong argument that one call's values cannot tell apart, RoPE at chunk positions 0.. for a call at 0)
        if not verified and replayable and change and not any(
                f["finding"].kind == "skipped" and self._calls_own(f["line"]) for f in found) \
                and self._holds_alone(change):
            verified, alone = True, self._alone_words()
        if not verified and first["finding"].alts:
            plain = [a for a in first["finding"].alts if a.bare]
            if plain:
                first["finding"] = plain[-1]  # unverified: the number, not a name
        parts = [{k: f[k] for k in ("line", "code", "step")} | {"how": f["finding"].how + (alone if f is first else ""),
                                                               "comparator": f["finding"].kind or None} for f in found]
        return {"line": first["line"], "code": first["code"], "step": first["step"], "how": parts[0]["how"],
                "comparator": first["finding"].kind or None, "verified": verified, "all": parts,
                "_change": change, "_found": found, "_alone": bool(alone)}

    def _calls_own(self, line: int) -> bool:
        """Whether the line calls a function or an object of a class the file defines."""
        try:
            tree = ast.parse("\n".join(self.trace.lines))
        except SyntaxError:
            return False
        own = {f.name for f in ast.walk(tree) if isinstance(f, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))}
        # (and an object made from a class of the file: `layer = DecodeLayer(...)`, then `layer(x, ...)`)
        own |= {t.id for a in ast.walk(tree) if isinstance(a, ast.Assign) and isinstance(a.value, ast.Call)
                and isinstance(a.value.func, ast.Name) and a.value.func.id in own
                for t in a.targets if isinstance(t, ast.Name)}
        return any(isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id in own
                   for stmt in ast.walk(tree) if isinstance(stmt, ast.stmt) and stmt.lineno == line
                   for n in ast.walk(stmt))

    def _holds_alone(self, change: dict) -> bool:
        """Whether the change verifies a cause short of every case (a driven call's own output)."""
        return False

    def _alone_words(self) -> str:
        return ""

    def _other_readings(self, found: list) -> bool:
        """Other readings of the differences found (a size equal to another on the traced case: Tq =
        Tk, H = d_head): the k-th reading of every difference at once, then each one's readings
        alone; the first set that reproduces every failing case replaces the found ones."""
        most = max(len(f["finding"].alts) for f in found)
        trials = [[(f, (f["finding"].alts[k] if k < len(f["finding"].alts) else f["finding"])) for f in found]
                  for k in range(most)]
        trials += [[(g, (alt if g is f else g["finding"])) for g in found] for f in found for alt in f["finding"].alts]
        for trial in trials[:40]:
            change = {f["step"]: reading.change for f, reading in trial}
            if self.reproduces(change):
                for f, reading in trial:
                    f["finding"] = reading
                return True
        return False

    @staticmethod
    def _whole(how: str, line: int | None = None, code: str | None = None, step: str | None = None,
               comparator: str | None = None) -> dict:
        """A reading of the whole case, verified by construction, as find() returns it (`comparator`: its id)."""
        one = {"line": line, "code": code, "step": step, "how": how}
        return {**one, "comparator": comparator, "verified": True, "all": [one], "_change": {}, "_found": []}

    def _substituted(self) -> dict | None:
        """One input used where another is meant (keys and values from the decoder's x instead of
        the encoder's memory): the reference with that input in the other's place gives the
        learner's outputs on every failing case, and raises where the learner's code raised. The
        line is the first whose value equals that reference's step and not the right one's."""
        arrays = {k: _np(v) for k, v in self.env.items() if hasattr(v, "shape") and len(v.shape) >= 2}
        for a, va in arrays.items():
            for b, vb in arrays.items():
                if a == b or va.ndim != vb.ndim or va.shape[-1] != vb.shape[-1] or va.dtype != vb.dtype \
                        or not self.reproduces({}, swap=(a, b)):
                    continue
                env = dict(self.env)
                env[a] = env[b]
                wrong = {n: _np(v) for n, v in st.run(self.steps, env).items() if n in self.names}
                right = self._ref({})
                where = next(((dict(e, line=self._call_site(k)), n) for k, e in enumerate(self.trace.events)
                              for n in self.names
                              if wrong[n] is not None and right[n] is not None and wrong[n].dtype != bool
                              and e["value"].shape == wrong[n].shape
                              and compare.same(e["value"].astype(np.float64), wrong[n], self.rtol, self.atol)
                              and not compare.same(wrong[n], right[n], self.rtol, self.atol)
                              and self._matches(e["value"], right) is None), (None, None))  # not a right value
                e, step = where
                return self._whole(f"{b} is used where {a} is meant: your outputs are the reference's with {b} in "
                                   f"{a}'s place", e["line"] if e else None, self.trace.code(e["line"]) if e else None,
                                   step, f"{b}-for-{a}")
        return None

    def _constant(self) -> dict | None:
        """A constant written into the code (eps = 1e-5 where the task's is 1e-6, whatever is passed):
        the reference with that input fixed to one of the grader's usual values (TUNABLES) on every
        case gives the learner's outputs."""
        tunables = getattr(self.grader, "TUNABLES", {})
        if not tunables or self.reproduces({}):  # the reference itself fits as closely: no value tells (float32)
            return None
        for name, values in tunables.items():
            passed = self.traced.case.kwargs.get(name)
            for value in values:  # the value the cases compute with (the default) reproduces nothing of a cause
                if value != passed and self._moves(name, value) and self.reproduces({}, fixed=(name, value)):
                    here = f" (here {passed:g})" if isinstance(passed, float) and name in self.traced.case.kwargs \
                        else ""
                    written = _literal_lines(self.trace.lines, value)
                    if len(written) != 1:  # no line writes it: the argument is used, where it barely counts
                        return self._whole(f"your outputs are the reference's with {name} = {value:g} whatever is "
                                           f"passed{here}: {name} does not reach the result where the task adds it",
                                           comparator=f"{name}-constant-unwritten")
                    line = written[0]
                    return self._whole(f"your code computes with {name} = {value:g} whatever is passed{here}: line "
                                       f"{line} computes with it; use the argument {name}, whose default the task "
                                       f"gives", line, self.trace.code(line), comparator=f"{name}-constant")
        return None

    def _ignored_argument(self) -> dict | None:
        """A keyword argument the code does not use (a hard-coded eps, positions or base ignored):
        the reference without it, at its default, gives the learner's outputs."""
        for name, value in self.traced.case.kwargs.items():
            if self.reproduces({}, drop=name):
                shown = value if not hasattr(value, "shape") else f"an array {tuple(value.shape)}"
                return self._whole(f"the argument {name} (here {shown}) is not used: your outputs are the "
                                   f"reference's with {name} at its default (a value written in the code instead of "
                                   f"the argument?)", comparator=f"{name}-ignored")
        return None

    def _argument_unused(self, j: int, v: np.ndarray, ref: dict):
        """Step j made without a keyword argument the case passes (theta from base 10000 where base =
        500000 is given): the step computed with that argument at its default gives the learner's."""
        step, before = self.steps[j], None
        for arg, value in self.traced.case.kwargs.items():
            if arg not in self.env or hasattr(value, "shape"):
                continue
            if before is None:  # made only where a plain argument is passed (most cases pass none)
                before = {n: st.to_torch(ref[n]) for n in self.names[:j] if ref[n] is not None}
            env = {k: x for k, x in {**self.env, **before}.items() if k != arg}
            try:
                plain = _np(step.compute(env))
            except Exception:  # noqa: BLE001 - the step needs the argument
                continue
            if plain is None or plain.shape != v.shape or compare.same(plain, ref[step.name], self.rtol, self.atol) \
                    or not compare.same(v, plain, self.rtol, self.atol):
                continue
            return compare.Finding(
                f"the argument {arg} (here {value:g}) is not used: yours is '{step.name}' with {arg} at its default "
                f"(a value written in the code instead of the argument?)",
                lambda e, r, step=step, arg=arg: _np(step.compute({k: x for k, x in e.items() if k != arg})),
                kind=f"{arg}-ignored", exact=True)
        return None

    def _next(self, change: dict, start: int) -> dict | None:
        try:
            ref = self._ref(change)
        except Exception:  # noqa: BLE001 - a change that does not fit this case's values
            return None
        events = self.trace.events
        plain = [self._matches(e["value"], ref) for e in events]  # each event's match, no term taken
        reached = {}
        for i, e in enumerate(events):  # every event, those before `start` too: what they reached stands
            # a term taken counts for one number alone (_matches): the plain match stands for the rest
            name = self._matches(e["value"], ref, set(reached)) if e["value"].size == 1 and reached else plain[i]
            if name in self.names:
                reached[name] = i
        last = max((self.names.index(n) for n in reached), default=-1)
        final = self.final
        if final in reached:
            got, want = self.traced.got, ref[final]
            if want is None or got.shape != want.shape or matches(got, want, self.traced.case.dtype)[0]:
                return self._precision(ref, start) if not change else None
            # the answer was right in a variable, and changed on its way out (a unit conversion at the return)
            anchor, last = max(reached[final], start - 1), self.names.index(final) - 1
        else:
            anchor = max(reached[self.names[last]] if last >= 0 else -1, start - 1)
        # a wrong value the learner made before a later step that came out right (a wrong q, then the
        # right k and v): events before the anchor, against the steps not reached before the last one
        early = [j for j in range(last) if self.names[j] not in reached]
        offs = []  # (those that leave a step unexplained, each said where the helper that made it was called)
        for i in range(start, anchor if early else start):
            if plain[i] is None:
                hit, fall = self._at(i, early, ref, change)
                if hit:
                    # (a reading that cannot be replayed, on a value made from one that left its step
                    # unexplained a line above: the first such line is where the values leave)
                    return offs[0] if not hit["finding"].change and any(
                        self._made_from_line(hit["line"], f["line"]) for f in offs
                        if self._same_function(hit["line"], f["line"])) else hit
                if fall:
                    site = self._receiving(i)
                    offs.append({**fall, "line": site, "code": self.trace.code(site)})
        # a step reached, then made wrong (v rotated after it was right): only a change that gives
        # the learner's output counts here
        for i in range(start, anchor):
            if plain[i] is None:
                hit, _ = self._at(i, [j for j in range(last) if self.names[j] in reached], ref, change)
                if hit and hit["finding"].change and self._reproduces_here({**change, hit["step"]: hit["finding"].change}):
                    return hit
        fallback = None
        for i in range(anchor + 1, len(events)):
            if plain[i] is not None:
                continue  # an input, or a step's right value
            hit = self._out_of_order(i, early, ref, change, reached)
            if hit:
                return hit
            hit, fall = self._at(i, list(range(max(last + 1, 0), len(self.names))), ref, change)
            if hit:
                return hit
            fallback = fallback or fall
        return fallback

    def _reused(self, e: dict) -> bool:
        """Whether event e is a local of a helper called more than once in this trace (RoPE applied to q,
        then to k): its locals hold each input's numbers in turn, no one step's (its return, said at
        the call site, is compared)."""
        if e.get("depth", 0) == 0 or e["name"].startswith("<return>"):
            return False
        if not hasattr(self, "_helpers"):
            spans = _functions("\n".join(self.trace.lines))
            returns = [r["line"] for r in self.trace.events if r["name"] == "<return>" and r.get("depth", 0) > 0]
            self._helpers = [(a, b) for a, b, _p, _n in spans if sum(a <= n <= b for n in returns) > 1]
        return any(a <= e["line"] <= b for a, b in self._helpers)

    def _at(self, i: int, js: list, ref: dict, change: dict) -> tuple[dict | None, dict | None]:
        """Event i against the steps js: (the finding it shows, or a measured fallback)."""
        e = self.trace.events[i]
        if self._reused(e):
            return None, None
        quantities = self.quantities()
        found, fallback, later = [], None, []
        for j in js:
            name = self.names[j]
            s = ref[name]
            if s is None or s.dtype == bool or not self._feeds(e["name"], name):
                continue
            # a number is no array of one in a driven call (d_head read as a decode call's one position); a
            # calculator's figures are numbers against steps of one, and are read so
            if e["value"].ndim == 0 < s.ndim and hasattr(self, "call") and np.allclose(s, np.round(s)):
                continue
            fn = compare.compatible(e["value"].shape, s.shape, self._layout_for(name))
            if fn is None:
                continue
            v = fn(e["value"]).astype(np.float64)
            prev_name = self.of[name] or self._before(j, ref)
            prev = self._value(prev_name, ref)
            finding = compare.explain(v, s, prev, prev_name, self.env, quantities, self.rtol, self.atol,
                                      self.traced.case.dtype)
            if v.ndim >= 3 and prev is not None:  # the numbers of the step it is made from, arranged otherwise
                other = compare.rearranged(v, prev, prev_name, self.rtol, self.atol, self.env)
                if other is not None:  # a reading beside the others (H = d_head makes a stride a transpose)
                    if finding is None:
                        finding = other
                    else:
                        finding.alts = [other, *other.alts, *finding.alts]
            if finding is None:
                finding = self._misplaced(v, name, ref) or self._input_reading(v, name, ref) or \
                    self._argument_unused(j, v, ref)
            later.append((j, name, v, s, finding))
        # a step left out or made otherwise before this one, inside the line that computes it: the
        # costliest reading (the reference run once per reading), and not sought for the steps after
        # one this value is already read as, made otherwise from its own value (heads split by a
        # stride: 'v' with its axes reordered; reading 'output' too was 42 of MHA's 66 ms, measured)
        first = next((k for k, (_j, _name, _v, _s, finding) in enumerate(later) if finding is not None
                      and finding.change), len(later)) if e["value"].size > 1 else len(later)
        for k, (j, name, v, s, finding) in enumerate(later):
            if finding is None and k < first:
                skipped = self._skipped(v, j, min(js) - 1, change)
                if skipped:
                    finding, name = skipped
            if finding is not None:
                line = self._call_site(i)
                if finding.how.startswith(f"the step '{name}'") and finding.how.endswith("is left out"):
                    # named at the line that made the step before it, where it was to follow (the
                    # line of the weights said nothing about a missing scale)
                    made = self._last_holding(i, self._value(self.of[name] or self._before(self.names.index(name), ref),
                                                             self._ref(change)))
                    line = self._call_site(made) if made is not None else line
                found.append({"event": i, "line": line, "code": self.trace.code(line), "step": name,
                              "finding": finding})
            elif e["value"].size > 1 and (fallback is None or _apart(v, s) < fallback["apart"]):
                # (the step the value is nearest of those it may be: q rotated at the wrong frequencies is
                # q_rot gone wrong, not v, the first step of its shape)
                fact = compare.confined(v, s, self.rtol, self.atol)
                fallback = {"event": i, "line": e["line"], "code": self.trace.code(e["line"]), "step": name,
                            "finding": compare.Finding(f"values differ{': ' + fact if fact else ''}", None),
                            "apart": _apart(v, s)}
        if not found:
            return None, fallback
        for f in found:  # lower precision: named where an input was cast (x32 = x.astype(np.float32))
            if f["finding"].kind == "precision":
                cast = self._cast_line(i)
                if cast:
                    f["line"], f["code"] = cast, self.trace.code(cast)
        # the value may compute several steps at once (fused): the step whose change alone gives the
        # learner's output is the one it was computing
        whole = [f for f in found if f["finding"].change
                 and self._reproduces_here({**change, f["step"]: f["finding"].change})]
        if e["value"].size == 1:
            # a number is some multiple of any other: only a named difference counts, one that gives the
            # output first; else one on the step this number equals in size (a term of a sum, halved
            # like its sibling), which the next differences may complete
            named = [f for f in found if not f["finding"].bare and f["finding"].change]
            whole = [f for f in whole if f in named]
            near = [f for f in named if ref[f["step"]].size == 1 and 0.4 <= abs(
                float(e["value"].reshape(-1)[0]) / (float(ref[f["step"]].reshape(-1)[0]) or 1.0)) <= 2.5]
            return ((whole or near or [None])[0]), None
        # a value read as made from the step before: the step declared to be made from it first
        # (silu(gate) is 'activated', of gate, not 'up', which only follows gate in the list)
        return (whole or sorted(found, key=lambda f: self.of[f["step"]] is None))[0], None

    def _feeds(self, variable: str, step: str) -> bool:
        """Whether the learner's `variable` can reach the output `step`: False only where the file returns
        a dict whose entry for that step reads no name that (through the assignments) reads the variable
        (`flops = ...` on line 3 is not where `memory_bytes=B * h * T * d` on line 4 went wrong)."""
        if not hasattr(self, "_fed"):
            from studyxf.grading.judge import flow

            self._fed = flow.fed_by_key("\n".join(self.trace.lines))
        return step not in self._fed or variable in self._fed[step][0] or variable.startswith("<")

    def _out_of_order(self, i: int, early: list, ref: dict, change: dict, reached: dict) -> dict | None:
        """Event i, made after a later step was reached, against the earlier steps not reached yet of
        its exact shape (a calculator's bytes computed before its d_head): its difference where a
        change there gives the learner's output on this case, so that the line named is the one
        that made the value, not a later one that only used it."""
        value = self.trace.events[i]["value"]
        # a step equal to one reached (the scaled scores where no mask is given) was reached under that name
        same = lambda a, b: a.shape == b.shape and a.dtype != bool and compare.same(a, b, self.rtol, self.atol)  # noqa: E731
        js = [j for j in early if ref[self.names[j]] is not None and ref[self.names[j]].shape == value.shape
              and not any(ref[n] is not None and same(ref[self.names[j]], ref[n]) for n in reached)]
        if not js:
            return None
        hit, _ = self._at(i, js, ref, change)
        if hit and hit["finding"].change and self._reproduces_here({**change, hit["step"]: hit["finding"].change}):
            return hit
        return None

    def _cast_line(self, before: int) -> int | None:
        """The line of the first value (up to event `before`) that is an input rounded to float32."""
        for e in self.trace.events[:before + 1]:
            for given in self.env.values():
                g = _np(given) if hasattr(given, "shape") else None
                if g is None or g.dtype == bool or g.shape != e["value"].shape or g.size < 2:
                    continue
                v = e["value"]
                if not np.array_equal(v, g) and np.array_equal(v, g.astype(np.float32).astype(np.float64)):
                    return self._call_site(self.trace.events.index(e))
        return None

    def _receiving(self, i: int) -> int:
        """The line of event i, or for a helper's return the line one call up that receives it (`q = rope(...)`)."""
        events = self.trace.events
        depth = events[i].get("depth", 0)
        if not events[i]["name"].startswith("<return>") or depth == 0:
            return events[i]["line"]
        return next((e["line"] for e in events[i + 1:] if e.get("depth", 0) < depth), events[i]["line"])

    def _same_function(self, a: int, b: int) -> bool:
        """Whether lines a and b are statements of one function (not a call site whose callee holds the other)."""
        def inner(n):  # (the innermost span of several lines around n: a one-line lambda is no function here)
            spans = [f[:2] for f in _functions("\n".join(self.trace.lines)) if f[0] <= n <= f[1] and f[0] != f[1]]
            return min(spans, key=lambda f: f[1] - f[0], default=None)
        return inner(a) == inner(b)

    def _made_from_line(self, line: int, earlier: int, hops: int = 4) -> bool:
        """Whether `line` reads, through at most `hops` assignments, a name bound on line `earlier`."""
        from studyxf.grading.judge.flow import feeding

        source, seen, todo = "\n".join(self.trace.lines), set(), [line]
        for _ in range(hops):
            todo = [n for t in todo for n in feeding(source, t) if n not in seen]
            if earlier in todo:
                return True
            seen.update(todo)
        return False

    def _made_from(self, name: str) -> set:
        """The steps `name` is made from, through each step's `of` (else the step before it)."""
        out, at = set(), name
        while True:
            i = self.names.index(at)
            at = self.of[at] or (self.names[i - 1] if i > 0 else None)
            if at is None or at not in self.of or at in out:
                return out
            out.add(at)

    def _later_gone_wrong(self, value: np.ndarray, name: str, ref: dict) -> bool:
        """A value that equals step `name` only rearranged, while a later step has its shape up to
        the order of axes and no layout of it equals that step (heads split with a stride)."""
        if value.ndim < 3:
            return False
        for later in self.names[self.names.index(name) + 1:]:
            s = ref[later]
            if s is None or s.dtype == bool or s.ndim != value.ndim or sorted(s.shape) != sorted(value.shape) \
                    or name not in self._made_from(later):  # k_rot beside q_rot: not made from it
                continue
            for _words, fn in compare.layouts(value.shape, s.shape):
                try:
                    if compare.same(fn(value).astype(np.float64), s, self.rtol, self.atol):
                        return False
                except ValueError:
                    continue
            return True
        return False

    def _call_site(self, i: int) -> int:
        """The line to name for event i: a value made inside a helper is named where the helper is
        called from the function itself (`v = rope(...)`, not the helper's last line)."""
        e = self.trace.events[i]
        if e.get("depth", 0) == 0:
            return e["line"]
        if _combinator(self.trace.lines, e["line"]):
            # a function that only calls the one it is handed (`reduce(lambda acc, f: f(acc), fns, x)`): the value was
            # made by that one, whose return holds it just before (the lambda `heads`, at its own line)
            made = next((j for j in range(i - 1, -1, -1) if self.trace.events[j]["name"] == "<return>"
                         and self.trace.events[j].get("depth", 0) > e.get("depth", 0)
                         and self.trace.events[j]["line"] != e["line"]
                         and _same_array(self.trace.events[j]["value"], e["value"])), None)
            if made is not None:
                return self._call_site(made)
        params = _one_statement_helper(self.trace.lines, e["line"])
        # a helper of one statement (`def gelu(z): return ...`) is where the value it returns is made;
        # an argument it was given is the call site's
        if params is not None and e["name"] not in params:
            return e["line"]
        site = e.get("site", e["line"])
        # (unless the call site is an entry of one statement that hands all to the file's own code, `return
        # DecodeStep(w_q, ...)(x, cache_k, ...)`: the work, and the slip, are in what it calls)
        # (the delegate's own lines: a value made a call deeper, `_Softmax(axis=-2)(s)` in `run`, was made by what
        # that line passed, which the trace does not hold)
        return e["line"] if e.get("depth", 0) == 1 and site != e["line"] and \
            _one_statement_helper(self.trace.lines, site) is not None else site

    def _layout_for(self, name: str):
        """The layout the learner's values of this step, or of a step of the same shape, matched in."""
        if name in self.layout:
            return self.layout[name]
        return next(iter(self.layout.values()), None)

    def _misplaced(self, v, name: str, ref: dict):
        """Yours is this step with another step's operation applied (RoPE on the values, a second
        scaling): that step's computation, made from this step's value, gives yours."""
        env = {**self.env, **{n: st.to_torch(r) for n, r in ref.items() if r is not None}}
        for step in self.steps:
            if step.name == name or not step.of or step.of not in env:
                continue
            try:
                w = _np(step.compute({**env, step.of: st.to_torch(ref[name])}))
            except Exception:  # noqa: BLE001 - an operation that does not fit this value
                continue
            if w is not None and w.shape == v.shape and compare.same(v, w, self.rtol, self.atol) \
                    and not compare.same(w, ref[name], self.rtol, self.atol):
                says = f" ({step.says})" if step.says else ""
                return compare.Finding(f"yours has the operation of '{step.name}'{says} applied to it, which belongs "
                                       f"to '{step.of}' alone",
                                       lambda e, r, s=step: _np(s.compute({**e, s.of: st.to_torch(r)})), "misplaced")
        return None

    def _input_reading(self, v, name: str, ref: dict):
        """Yours is this step computed from an input read otherwise: x minus its mean (a variance
        where the mean of squares belongs, LayerNorm's centring in RMSNorm)."""
        step = next(st_ for st_ in self.steps if st_.name == name)
        env = {**self.env, **{n: st.to_torch(r) for n, r in ref.items() if r is not None}}
        for inp, value in self.env.items():
            if not (torch.is_tensor(value) and value.is_floating_point() and value.ndim >= 1):
                continue
            for words, read in INPUT_READINGS:
                try:
                    w = _np(step.compute({**env, inp: read(value)}))
                except Exception:  # noqa: BLE001 - a reading that does not fit this step
                    continue
                if w is not None and w.shape == v.shape and compare.same(v, w, self.rtol, self.atol) \
                        and not compare.same(w, ref[name], self.rtol, self.atol):
                    return compare.Finding(
                        f"yours is '{name}' computed from {words.format(x=inp)}, where the step uses {inp} itself",
                        lambda e, r, s=step, i=inp, f=read: _np(s.compute({**e, i: f(st.to_torch(e[i]))})), "input-read")
        return None

    def _value(self, name: str | None, ref: dict):
        """A step's value, or an input's (a step may be `of` an input: the projections of x)."""
        if name is None:
            return None
        if name in ref:
            return ref[name]
        value = self.env.get(name)
        return None if value is None else _np(value)

    def _before(self, j: int, ref: dict) -> str | None:
        """The nearest earlier step that holds numbers (a mask step is skipped)."""
        for k in range(j - 1, -1, -1):
            r = ref[self.names[k]]
            if r is not None and r.dtype != bool:
                return self.names[k]
        return None

    def _last_holding(self, i: int, value) -> int | None:
        """The last event before event i whose value is this one (a step's, as the learner made it)."""
        if value is None:
            return None
        for k in range(i - 1, -1, -1):
            held = self.trace.events[k]["value"]
            if held.dtype == bool or held.size != value.size:
                continue
            for words, fn in compare.layouts(held.shape, value.shape):  # as it is, or its axes in another order
                if words and not words.startswith("axes permuted"):
                    continue
                if compare.same(fn(held).astype(np.float64), value, self.rtol, self.atol):
                    return k
        return None

    def _skipped(self, v, j: int, last: int, change: dict):
        """A step between the last one reached and step j left out, or made otherwise inside the line
        that computes more: step j's value, computed from the reference so, is the learner's."""
        for k in range(max(last + 1, 0), j + 1):
            for name, how, fn, made, left_out in self._readings_of(k, change):
                if k == j and not left_out:
                    break  # a step made otherwise is one before j, in j's line (the left-out reading comes first)
                s = made.get(self.names[j])
                if s is not None and s.shape == v.shape and compare.same(v, s, self.rtol, self.atol):
                    return compare.Finding(how, fn, "skipped"), name
        return None

    def _readings_of(self, k: int, change: dict):
        """Step k left out or made otherwise, and every step after it made from that: (step, words,
        change, the steps' values, left out?), each run once per search and change whatever value
        it is held against, and as asked for (a reading that fits ends the search before the rest)."""
        held = getattr(self, "_trials", None)
        if held is None or held[0] is not change or held[1] is not self.env:
            held = self._trials = (change, self.env, {})
        if k not in held[2]:
            held[2][k] = ([], self._make_readings(k, change))
        made, pending = held[2][k]
        i = 0
        while True:
            if i < len(made):
                yield made[i]
                i += 1
                continue
            item = next(pending, None)  # OutOfTime passes through: what was made stays
            if item is None:
                return
            made.append(item)

    def _make_readings(self, k: int, change: dict):
        base = self._ref(change)
        name, before = self.names[k], self.of[self.names[k]] or self._before(k, base)
        before_value = self._value(before, base)
        if before is None or base[name] is None or base[name].dtype == bool or before_value is None:
            return
        says = f" ({self.says[name]})" if self.says.get(name) else ""
        tries = [(f"the step '{name}'{says} is left out", lambda e, r, b=before: _np(e[b]), True)] \
            if before_value.shape == base[name].shape else []
        tries += [(f"{how} (expected {self.says.get(name) or name})", (lambda e, r, c=c: c(e, r)), False)
                  for how, c in compare.combined(before, self.env)]
        tries += [(f"{how} (expected {self.says.get(name) or name})", c, False)
                  for how, c in compare.function_readings(before)]
        for how, fn, left_out in tries:
            made = _Run(self, {**change, name: fn})
            step = made.get(name)
            if step is not None and compare.constant(step) and not compare.constant(_np(base[name])):
                continue  # one number everywhere (ReLU(-x) of positive angles): what an unwritten array holds
            yield name, how, fn, made, left_out

    def _precision(self, ref: dict, start: int) -> dict | None:
        """Every step is reached within the learner's rounding: the first one computed in a lower
        precision than the input's."""
        if self.traced.case.dtype != "float64":
            return None
        for i, e in enumerate(self.trace.events[start:], start):
            for name in self.names:
                s = ref[name]
                if s is None or s.dtype == bool or s.shape != e["value"].shape:
                    continue
                f = compare.precision(e["value"], s, self.env, {}, "float64")
                if f is not None and compare.same(e["value"], s, 1e-4, 1e-5):
                    return {"event": i, "line": e["line"], "code": self.trace.code(e["line"]), "step": name,
                            "finding": f}
        return None


class _Run:
    """The reference with a change (one run of the budget), its steps made as they are asked for, up
    to the first that cannot be made so (a reading that fits no later step still gives the steps
    before it): a skipped step's reading is held against many values, most of them early steps."""

    def __init__(self, loc: Localiser, change: dict):
        loc._tick()
        loc._ref_run({}, None)  # the unchanged run, once per case
        _, base, base_np = loc._base
        first = next((i for i, n in enumerate(loc.names) if n in change), len(loc.names))
        self.loc, self.next, self.failed, self.wrapped = loc, first, False, loc._wrap(change)
        self.env = {**loc.env, **{n: base[n] for n in loc.names[:first]}}
        self.out = {n: base_np[n] for n in loc.names[:first]}

    def get(self, name: str):
        if name in self.out or name not in self.loc.names:
            return self.out.get(name)
        upto = self.loc.names.index(name)
        while not self.failed and self.next <= upto:
            step = self.loc.steps[self.next]
            try:
                value = step.compute(self.env)
                if step.name in self.wrapped:
                    value = self.wrapped[step.name](self.env, value)
            except Exception:  # noqa: BLE001 - this step and those after it cannot be made so
                self.failed = True
                break
            self.env[step.name] = value
            self.out[step.name] = _np(value)
            self.next += 1
        return self.out.get(name)


def _shape_of(how: str) -> str:
    """A difference's words without its step names and sizes: the same slip on q, k and v reads alike."""
    import re

    return re.sub(r"'[^']*'|\(\d+(, \d+)*\)|[\d.e+-]+", "_", how)


def one_difference(found: dict) -> bool:
    """Whether what was found is one difference (on one step, or the same one repeated on several)."""
    return len({_shape_of(f["how"]) for f in found["all"]}) == 1


def describe(found: dict, says: dict) -> str:
    """The entry's message, cause first, in the learner's own lines; a difference repeated on
    other steps (q, k and v split alike) is said once, with its other lines."""
    parts, said = [], {}
    for f in found["all"]:
        if f["line"] is None:
            parts.append(f["how"])
            continue
        shape = _shape_of(f["how"])
        if shape in said:
            parts[said[shape]] += f"; the same at line {f['line']} (`{f['code']}`) for '{f['step']}'"
            continue
        step = f["step"]
        what = f" ({says[step]})" if says.get(step) else ""
        said[shape] = len(parts)
        parts.append(f"line {f['line']}: `{f['code']}`: " + (f"the step '{step}'{what}: " if step else "") + f["how"])
    text = ". Then ".join(parts)
    if found["verified"]:
        return text
    first = found["all"][0]
    what = f" ({says[first['step']]})" if says.get(first["step"]) else ""
    fact = first["how"].partition("values differ: ")[2]
    # unverified: where, and the measured fact alone, no cause
    return (f"measured: line {first['line']}: `{first['code']}` is the first line whose values leave the "
            f"reference's step '{first['step']}'{what}" + (f"; they differ {fact}" if fact else ""))
