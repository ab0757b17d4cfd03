"""A tensor drill's failing file mended as a teacher checks a suspicion: the edits of judge/edits tried
in the sandbox (op "patched"), each first on the smallest failing case, then on every case; the
edit, or the two edits, with which every case passes name the slips at their lines, verified. A
double slip's first edit is one that brings that case's answer closer; it is then tried with each
other edit. Bounded in calls, never in seconds. Runs in the judge, after the diagnosis, whose
unsure entries (a measured fact, an unverified line) the verified edits replace."""

from __future__ import annotations

import ast
import dataclasses
import functools
import re

import numpy as np

from studyxf.grading import wire
from studyxf.grading.judge import edits, judging, mend, placing

STRESS = 32.0  # every float input of a float64 case times this: the logits pass exp's range (see stressed)
CLOSER = 3  # the edits that brought the answer closest, each tried with every other edit
PAIRS = 360  # two-edit copies tried on the smallest failing case
AGAIN = 240  # and where none mends the file, on the failing case least like it (a budget of its own)
SHORTER = 12  # edits that take a term out, tried for a pair's second edit that writes more
TIES = 12  # the edits passing the first case ranked again on another (_ties_apart)
LEVEL = 4  # the likeliest edits that leave the smallest case as it was, each tried beside a catalogued slip
DEEPER = 2  # where no pair mends the file, the nearest edits each made before a search for the slips left
HIDDEN = 8  # edits at a named slip's line tried for its fix, which may leave a slip it hid (_behind)
DTYPE_RIGHT = "_dtype_right"  # an edit's cause whose copy answered the float32 cases in float32 (not reported)


def _params(source: str, entry: str) -> tuple[list[str], dict]:
    """The entry point's parameters, and the literal defaults of those that have one."""
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return [], {}
    fn = next((n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef) and n.name == entry), None)
    if fn is None:
        return [], {}
    positional = fn.args.args
    given = list(zip(positional[len(positional) - len(fn.args.defaults):], fn.args.defaults)) + \
        [(a, d) for a, d in zip(fn.args.kwonlyargs, fn.args.kw_defaults) if d is not None]
    return [a.arg for a in positional + fn.args.kwonlyargs], \
        {a.arg: d.value for a, d in given if isinstance(d, ast.Constant)}


def _kind(value) -> str:
    shape = getattr(value, "shape", None)
    if type(value) is dict and value and all(type(k) is str for k in value):  # a config: its keys (edits.inputs)
        return "dict of " + ", ".join(value)
    return f"array of rank {len(shape)}" if shape is not None else type(value).__name__


def kinds(source: str, entry: str, case) -> dict:
    """The entry point's inputs on this case, by name: "array of rank 3", "int", "NoneType"... (a
    driven case: those of the first call its driver makes)."""
    params, defaults = _params(source, entry)
    args, kwargs = case.args, case.kwargs
    if getattr(case, "driver", None) is not None:
        args, kwargs = _first_call(case)
    out = {p: _kind(v) for p, v in defaults.items()}  # those the case leaves at their default
    out.update({p: _kind(v) for p, v in zip(params, args)})
    out.update({k: _kind(v) for k, v in kwargs.items() if k in params})
    return out


class _Called(Exception):
    pass


def _first_call(case) -> tuple[tuple, dict]:
    """The arguments a driven case's driver gives the learner's function first (x's first chunk, the
    empty caches, start_pos 0...), read by driving a stand-in that stops at once."""
    seen = []

    def fn(*args, **kwargs):
        seen.append((args, kwargs))
        raise _Called

    try:
        case.driver(fn, *case.args, **case.kwargs)
    except _Called:
        pass
    except Exception:  # noqa: BLE001 - a driver that does not call: no kinds from it
        return (), {}
    return seen[0] if seen else ((), {})


def closeness(answer: dict, case, engine_err: float, out=None) -> tuple[tuple, np.ndarray | None]:
    """How near an answer is to the reference, as a sortable tuple: raised < a wrong shape < values,
    these by the share of numbers within tolerance, then by the median distance; (3,) passes. With
    the answer as float64 where it has the reference's shape (`out`: the answer decoded, if it was)."""
    if "ok" not in answer:
        return (0,), None
    out = wire.decode(answer["ok"]) if out is None else out
    if case.convert is not None:
        try:
            got = np.asarray(case.convert(out), dtype=np.float64)
        except (TypeError, ValueError, KeyError, IndexError, ArithmeticError):  # an edit's int past float's range
            return (1,), None
    elif isinstance(out, wire.Array) and np.issubdtype(out.values.dtype, np.number):
        got = out.values.astype(np.float64)
    else:
        return (1,), None
    ref = case.ref()
    if got.shape != ref.shape:
        return (1,), None
    dname = "float64" if case.convert is not None or case.out_dtype == "float" else case.dtype
    if dname == "float64" and isinstance(out, wire.Array) and out.values.dtype == np.float32:
        dname = "float32"  # computed in float32 (said on its own, as dtype-lowered): its values within float32's reach
    if judging.compare(got, ref, dname, engine_err, "") is None:
        return (3,), got  # the values right (a dtype slip beside is said on its own)
    near = np.isclose(got, ref, rtol=1e-3, atol=1e-5, equal_nan=True)
    apart = np.abs(np.nan_to_num(got - ref, nan=np.inf))
    return (2, float(near.mean()), -float(np.median(apart)) if apart.size else 0.0), got


def stressed(cases: list):
    """A float64 case with every float input times STRESS, whose reference stays finite: an edit
    that replaces a softmax's running max by any other row constant passes the drill's cases
    (exp(s - c) / sum exp(s - c) does not depend on c) and fails here, where exp overflows."""
    import torch

    def big(a):
        return a * STRESS if isinstance(a, torch.Tensor) and a.is_floating_point() else a

    for case in cases:
        if case.dtype != "float64" or case.convert is not None or case.out_dtype is not None or \
                not dataclasses.is_dataclass(case):  # a module's config: built by the sandbox, not stressed
            continue
        made = dataclasses.replace(case, name=f"{case.name}, inputs x{STRESS:g}", args=[big(a) for a in case.args],
                                   kwargs={k: big(v) for k, v in case.kwargs.items()}, _ref=None)
        try:
            if np.all(np.isfinite(made.ref())):
                return made
        except Exception:  # noqa: BLE001 - a reference that does not take these inputs: no stress
            continue
    return None


class Search:
    """The cases an edit must pass and the calls that try it."""

    def __init__(self, remote, cases: list, first):
        self.remote, self.cases, self.first = remote, cases, first
        self.errors: dict = {}  # the engine's own error, by case
        self.failed: dict = {}  # the case an edited copy that passed the first failed next, by its source
        self.promoted: set = set()  # the edited copies that answered a float32 case in float64
        self.lowered: set = set()  # and those that answered a float64 case in float32 (an output allocated so)

    @functools.cached_property
    def stress(self):
        """The stressed case (made once, when an edit first passes the smallest case), or None."""
        return stressed(self.cases)

    def ask(self, source: str, case) -> tuple:
        return self.answer(source, case)[0]

    def answer(self, source: str, case) -> tuple[tuple, np.ndarray | None]:
        if id(case) not in self.errors:
            self.errors[id(case)] = case.engine_error() if case.out_dtype is None and case.convert is None else 0.0
        answer = mend.patched(source, case, self.remote)
        out = wire.decode(answer["ok"]) if "ok" in answer else None  # once: the decoding is a third of a call
        if _promoted(out, case):
            self.promoted.add(source)
        if out is not None and getattr(case, "dtype", None) == "float64" and case.out_dtype is None and \
                isinstance(out, wire.Array) and out.values.dtype == np.float32:
            self.lowered.add(source)
        return closeness(answer, case, self.errors[id(case)], out)

    def passes(self, source: str) -> bool:
        """Every case passes with this edit, and the stressed one (where there is one): by its values,
        the dtype aside (`promoted` holds the copies whose float32 answers came back wider)."""
        rest = [c for c in self.cases if c is not self.first] + ([self.stress] if self.stress else [])
        for case in rest:
            if self.remote.gone or self.ask(source, case) != (3,):
                self.failed[source] = case
                return False
        return True

    def known_slip(self, source: str, slips: list[str]) -> str | None:
        """The catalogued slip that every case this edited file still fails fits (each with the
        reference's shape); else None."""
        from studyxf.grading.judge import diagnosis
        from studyxf.grading.judge.evidence import Mismatch

        left = []
        for case in self.cases:
            score, got = self.answer(source, case)
            if score == (3,):
                continue
            if got is None or case.variant_of is None or self.remote.gone:
                return None
            left.append(Mismatch(got, case.ref(), case.dtype, case, None, case.variant_of))
        from studyxf.grading.judge import slip_code

        # not a slip the edited code contradicts (no max subtracted, where exp(s - m) is written)
        named = diagnosis.name_slips(left, [s for s in slips if not slip_code.ruled_out(s, source)], pairs=False) \
            if left else []
        return named[0] if named else None


def _promoted(out, case) -> bool:
    """A float32 case answered (`out`, decoded; None: it raised) with a float64 array (NumPy 2's
    promotion by a float64 scalar)."""
    if out is None or getattr(case, "dtype", None) != "float32" or case.out_dtype is not None:
        return False
    return isinstance(out, wire.Array) and out.values.dtype == np.float64


def _dtype_beside(entries: list[dict], source: str, entry: str) -> list[dict]:
    """Where the copy the edits made passes every case by its values but answers float32 cases in float64
    (the promotion showed only once the edit let those cases run): the edits' words say so, and the dtype
    is a cause beside them, at the entry point's last return, where the cast back belongs."""
    import re

    lines = source.splitlines()
    returns = []
    try:
        tree = ast.parse(source)
        # the entry point's returns (or the file's, where it is not named)
        fn = next((n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef) and n.name == entry), tree)
        returns = [n.lineno for n in ast.walk(fn) if isinstance(n, ast.Return) and n.value is not None]
    except SyntaxError:
        pass
    line = max(returns, default=None)
    said = [{**d, "message": re.sub(r"your code passes every case(?: that gave a wrong answer)?",
                                    "your code's values are right in every case, but float32 inputs come back as "
                                    "float64", d["message"])}
            if isinstance(d.get("message"), str) else d for d in entries]
    return said + [{"mistake": "dtype-promoted", "verified": True,
                    "message": "With the change above made, a float32 input gives a float64 output (a NumPy float64 "
                               "scalar, np.sqrt(d) or math.sqrt's result, promotes a float32 array under NumPy 2): "
                               "cast the result back with .astype(x.dtype) before it is returned",
                    **({"line": line, "code": lines[line - 1].strip()} if line else {})}]


def lowered_beside(source: str) -> dict:
    """Where the copy the edits made gives every value but answers float64 cases in float32: the dtype, a cause
    beside them, at the one line that allocates in float32 (`torch.empty(M, N, dtype=torch.float32)`)."""
    import re

    lines = source.splitlines()
    made = [n for n, text in enumerate(lines, 1) if re.search(r"\bdtype\s*=\s*(torch|np|numpy)\.float32\b|"
                                                             r"\.float\(\)|astype\(\s*(np\.)?float32", text)]
    return {"mistake": "dtype-lowered", "verified": True,
            "message": "With the change above made, a float64 input gives a float32 output: allocate the output "
                       "with the input's dtype (torch.empty_like(x), or dtype=x.dtype)",
            **({"line": made[0], "code": lines[made[0] - 1].strip()} if len(made) == 1 else {})}


def _dtype_right(entries: list[dict]) -> list[dict]:
    """The edits' causes, marked as giving the float32 cases back in float32 (repair.repaired then drops a
    promotion the diagnosis read from the learner's file: `out = p @ v @ w_o[sl]` in a loop over the heads
    overwrote a float32 array that `out += ...` keeps)."""
    return [{**d, DTYPE_RIGHT: True} for d in entries]


def _on_the_copy(candidate: dict, singles: list, source: str, search: Search) -> dict:
    """The edit that mends the file, or the same edit on a later line that repeats the edited one with
    another name assigned (`j = np.arange(T).reshape(-1, 1)` below `i = ...`: a line copied), where
    that mends it too: both fit the values (|i - j| is symmetric), and the slip is the copy's, which
    was not changed to its own role (the key index left a column)."""
    lines = source.splitlines()

    def right(n: int) -> str | None:  # what the line assigns
        _name, eq, value = (lines[n - 1] if 0 < n <= len(lines) else "").partition("=")
        return value.strip() if eq and not value.startswith("=") else None

    mine = right(candidate["line"])
    for other in singles:
        if other["line"] <= candidate["line"] or (other["was"], other["now"]) != (candidate["was"], candidate["now"]) \
                or mine is None or right(other["line"]) != mine or search.remote.gone:
            continue
        if search.ask(other["source"], search.first) == (3,) and search.passes(other["source"]):
            return other
    return candidate


def wrong_cases(failing: list) -> tuple[list, set]:
    """The cases whose values or shape were wrong or which raised, and the ids of those that ran out
    of a resource (an edit is not asked to mend those)."""
    resource = {id(f.case) for f in failing if f.resource is not None}
    # an integer output's values are truncated: wrong too (its case is kept with the dtype's evidence)
    truncated = [f.promoted_case[1] for f in failing if f.case is None and f.dtype_integer and f.promoted_case]
    return [f.case for f in failing if f.case is not None and id(f.case) not in resource and
            (f.values is not None or f.raised is not None or f.misshapen is not None)] + truncated, resource


def _smallest_and_least_alike(case) -> tuple:
    """The smallest case first, and of cases alike in size the one whose scalar inputs differ most:
    where two sizes are equal (layers = heads = 32) one read for the other passes it by chance."""
    values = [*case.args, *case.kwargs.values()]
    scalars = [v for v in values if isinstance(v, (int, float)) and not isinstance(v, bool)]
    return sum(int(np.prod(getattr(a, "shape", ()) or 1)) for a in values), -len(set(scalars))


def mended(source: str | None, remote, cases: list, wrong: list, framework: str, entry: str,
           lines: list[int], slips: list[str], own: list[str], one: bool = False, resource=frozenset(),
           anchor: tuple[int, ...] = (), slip_at: tuple[int, ...] = (), tabled: bool = False,
           deeper: bool = True, idle: tuple[int, ...] = (), grader=None, left: tuple = ()) -> list[dict] | None:
    """_mended's causes; where one or two edits mend nothing, a third slip sought: the edits that mend the
    step the localisation saw left at its line (`left`: (line, step) pairs, stepwise.py), then each of the
    DEEPER edits that brought the answer nearest, made first, and the copy searched again for one or two
    more (a triple slip: a diagonal hidden beside a scale and a merge of the heads)."""
    seen: dict = {}
    found = _mended(source, remote, cases, wrong, framework, entry, lines, slips, own, one, resource, anchor,
                    slip_at, tabled, seen, idle)
    if found is not None or not deeper or one or remote.gone:
        return found
    touches = _statements(source, anchor) if anchor else set()
    from studyxf.grading.judge import stepwise

    firsts = stepwise.first_edits(source, framework, grader, remote, sorted(wrong, key=_smallest_and_least_alike),
                                  left, lambda case: kinds(source, entry, case)) if grader is not None else []
    nearest = [a for _, a in seen.get("nearer", []) if a["rank"] < 4 and (not touches or a["line"] in touches)]
    search = None
    for a in firsts + [a for a in nearest[:DEEPER] if all(a["source"] != f["source"] for f in firsts)]:
        rest = mended(a["source"], remote, cases, wrong, framework, entry, lines, slips, own, resource=resource,
                      deeper=False)
        if rest is None and a in firsts and slips and not remote.gone:
            # a first edit the step it mends chose, whose copy's cases fit a catalogued slip (RMSNorm's squares
            # centred, beside gamma never applied): the edit, and that slip
            if search is None:
                first = min(wrong, key=_smallest_and_least_alike)
                search = Search(remote, [first] + [c for c in cases if c is not first and id(c) not in resource],
                                first)
            said = _beside_known(a, slips, own, [], set(), source.splitlines(keepends=True), search)
            if said:
                from studyxf.grading.judge import slip_code

                return slip_code.placed(said, a["source"])
        if rest and all(d.get("line") != a["line"] for d in rest):
            # the edits of the copy have a line; a catalogued slip its cases fit has none
            others = [d["line"] for d in rest if d.get("line")]
            known = next((d["mistake"] for d in rest if not d.get("line") and d["mistake"] not in (None, "located")),
                         None)
            return sorted([mend.entry(a, None, False, also=others, known=known)] +
                          [mend.also(d, a["line"], others + [a["line"]]) for d in rest],
                          key=lambda d: (d.get("line") is None, d.get("line") or 0))
        if remote.gone:
            break
    return None


def _mended(source: str | None, remote, cases: list, wrong: list, framework: str, entry: str,
            lines: list[int], slips: list[str], own: list[str], one: bool = False, resource=frozenset(),
            anchor: tuple[int, ...] = (), slip_at: tuple[int, ...] = (), tabled: bool = False,
            seen: dict | None = None, idle: tuple[int, ...] = ()) -> list[dict] | None:
    """The causes one or two edits verify (mend.entry's form), or an edit and the catalogued slip
    the rest fits (of `slips`, not one of `own`, those the diagnosis named); else None. `cases`:
    every case of the drill; `wrong`: those that gave a wrong answer or raised; `resource`: the ids
    of those that ran out of time or memory; `lines`: where the diagnosis saw the values leave,
    tried first; `one`: a single edit alone is sought (the diagnosis named every cause); `anchor`:
    the lines of a verified localisation, one of which a pair of edits must touch; `slip_at`: with
    `one`, the lines of the named catalogued slips' forms, where a pair's first edit is sought; `tabled`:
    a copy whose integer table was changed already."""
    # not a Triton kernel: each edited copy compiles again in the interpreter (a minute for matmul's 240)
    if source is None or remote.gone or "triton" in source:
        return None
    plain = [c for c in cases if c.validate is None and c.device is None]  # a driven one driven on each copy
    if len(plain) != len(cases) or not wrong:  # a validated or device case: not this search's
        return None
    # an integer table truncates every value written into it, so that no other edit alone brings the
    # answer nearer: the values are judged past it, in a copy with the table made float (the integer
    # dtype is said by its own rule, at that line)
    floated = edits.integer_tables(source, framework)
    if len(floated) == 1 and not tabled:
        widened = floated[0]["now"].endswith("int64")  # a narrow count that overflowed: a cause of its own
        made = f"the integer table at line {floated[0]['line']} made {'int64' if widened else 'float'}"
        rest = _mended(floated[0]["source"], remote, cases, wrong, framework, entry, lines, slips, own, one,
                       resource, anchor, slip_at, tabled=True)
        rest = _quoted_as_written(rest, floated[0]["source"], source) if rest else rest
        if rest and widened:
            return [mend.entry(floated[0], None, False, both=rest[0])] + _made_with(rest, made)
        if rest:
            return _made_with(rest, made)
        # the float copy fits a catalogued slip as it stands (the slope 2^(-8h/n), truncated to 0 and -1
        # in the integer table, where no one edit is its fix): that slip, at the line of its form
        first = min(wrong, key=_smallest_and_least_alike)
        search = Search(remote, [first] + [c for c in plain if c is not first], first)
        if widened and not remote.gone and search.ask(floated[0]["source"], first) == (3,) \
                and search.passes(floated[0]["source"]):
            return [mend.entry(floated[0], None, False)]  # the overflow alone
        known = None if remote.gone else search.known_slip(floated[0]["source"], slips)
        if not known or known in own:
            return None
        from studyxf.grading.judge import slip_code
        from studyxf.grading.judge.families import measured, public

        words = f"(measured: with {made}{'; ' + measured(known) if ':' in known else ''})"
        said = slip_code.placed([{"mistake": public(known), "verified": True, "message": words}], source)
        return [mend.entry(floated[0], None, False, known=known)] + said if widened else said
    # the smallest case whose values are wrong as the learner wrote them (an integer table's first row,
    # sin 0 and cos 0, is right once truncated: a case that failed a check, not its values; on a copy with a
    # first edit made, the cases that edit mended)
    for first in sorted(wrong, key=_smallest_and_least_alike):
        judged = [first] + [c for c in plain if c is not first and id(c) not in resource]
        search = Search(remote, judged, first)
        start = search.ask(source, first)
        if start != (3,) or remote.gone:
            break
    if start == (3,):  # no case's values are wrong as the learner wrote them (a check failed)
        return None
    singles = edits.candidates(source, framework, lines, kinds(source, entry, first))
    nearer, crashing, level, on_first = [], set(), [], {}
    for candidate in singles:
        if remote.gone:
            return None
        score = on_first[id(candidate)] = search.ask(candidate["source"], first)
        if score == (3,) and search.passes(candidate["source"]):
            candidate = _on_the_copy(candidate, singles, source, search)
            said = [mend.entry(candidate, None, False)]
            return _dtype_beside(said, source, entry) if candidate["source"] in search.promoted else _dtype_right(said)
        if score > start:
            nearer.append((score, candidate))
        elif score == start and candidate["rank"] == 0:  # a likely slip the smallest case does not show (dv = d)
            level.append(candidate)
        if score == (0,) < start:  # an edit that makes a running file raise: no half of a pair (1 call in 2)
            crashing.add(id(candidate))
    # (of two copies as near, the likelier edit first, then the one at the earlier line: where the values are made,
    # before where they are read: `theta = 10000.0 ** -(...)` before `angle = positions / theta`, which mend alike)
    nearer.sort(key=lambda e: (e[1]["rank"], e[1]["line"]))
    nearer.sort(key=lambda e: _digits(_coarse(e[0])), reverse=True)
    nearer = _ties_apart(nearer, search)
    # a local made and never read, read at a line the localisation saw its step left out (`_linear(h, ...)` for
    # `_linear(a, ...)`, `idle`): the first edit of a pair, however far its copy comes (a slip inside that step)
    unread = _unread_locals(source) if idle else set()
    # (first, wherever the score put them; not the name read on the line that binds it: `act = f(pre)` made `f(act)`)
    first_edits = [c for c in singles if c["line"] in idle and c["now"] in unread and
                   not re.match(rf"^\s*{re.escape(c['now'])}\s*=[^=]", source.splitlines()[c["line"] - 1])]
    nearer = [(start, c) for c in first_edits] + [e for e in nearer if all(e[1] is not c for c in first_edits)]
    if seen is not None:
        seen["nearer"] = nearer
    if one:  # every cause named: an edit after which the rest fits one of them mends another, at its line
        said = _named_beside(nearer, slips, own, search, singles, crashing, source.splitlines(keepends=True))
        if said or not slip_at:
            return said
        # a named slip's fix leaves the file failing: a second slip its values hid (cosines one column early,
        # each holding cos(pos) while `2 * i // d` makes every frequency 1), mended with it
        lines_of = source.splitlines(keepends=True)
        for _, a in [e for e in nearer if e[1]["line"] in slip_at and e[1]["rank"] < 4][:CLOSER]:
            if search.known_slip(a["source"], slips) is not None:  # the named slip is still there
                continue
            found = _second_edit(a, singles, crashing, lines_of, search, frozenset(slip_at))
            if isinstance(found, list) or remote.gone:
                return found if isinstance(found, list) else None
        return None
    # one edit beside a slip the catalogue knows; not one local array for another: that can turn the
    # file into another catalogued slip (the old max for the new: no rescale at all) and fit it
    lines_of = source.splitlines(keepends=True)
    # a verified localisation's change, made in the reference, gave every failing answer: the values
    # leave there, so a pair that mends them edits that statement (a sigmoid for a softmax: 92 pairs
    # of 46 edits tried in vain, none there), and an edit beside a catalogued slip is one there too
    # (var for std beside "eps outside the root" told two slips where one root was left out)
    touches = _statements(source, anchor)
    # (a name swapped for another is such a change too, unless it makes the smallest case pass: the MLP fed x
    # where h belongs, beside a scale by sqrt(d_model))
    for _, a in [e for e in nearer if (e[1]["rank"] < 4 or e[0] == (3,) or e[1]["line"] in idle and
                                       e[1]["now"] in unread) and (not touches or e[1]["line"] in touches)][:CLOSER] \
            if slips else ():
        said = _beside_known(a, slips, own, singles, crashing, lines_of, search)
        if said:
            return said
    # an edit that leaves the smallest case as it was may mend the cases that show its slip, the rest fitting a
    # catalogued one (v's width read for the scale beside a running sum not rescaled)
    for a in level[:LEVEL] if slips and not touches else ():
        said = _beside_known(a, slips, own, singles, crashing, lines_of, search)
        if said or remote.gone:
            return said
    tried = 0
    for _, a in nearer[:CLOSER]:
        found = _second_edit(a, singles, crashing, lines_of, search, touches, PAIRS - tried)
        if isinstance(found, list):
            return found
        tried += found
        if remote.gone:
            return None
        if tried >= PAIRS:
            break
    # on the smallest case both slips may show at once, so that neither edit alone brings it nearer
    # (a running max started at 0 beside an inverted rescale, on scores far below 0): the edits are
    # ranked again on the failing case least like it, and each of the nearest tried with the rest
    unread = _unread(source, entry)
    second = _unlike(first, [c for c in wrong if c is not first and id(c) not in resource], unread)
    if second is None or remote.gone or touches:  # a verified localisation: one difference gave every answer
        return None
    start = search.ask(source, second)
    again = [(search.ask(c["source"], second), c) for c in singles if id(c) not in crashing and not remote.gone]
    # an edit that reads an argument the code never read first (10000.0 for base, on base's case); of those alike
    # there, the nearest on the first case (`c0 + dh - 1` made `c0 + dh`, not `dh` made `T` where T = dh + 1)
    again = sorted([e for e in again if e[0] > start], reverse=True,
                   key=lambda e: (e[1]["now"] in unread, _coarse(e[0]), _coarse(on_first.get(id(e[1]), (0,)))))
    tried = 0
    for _, a in [e for e in again if all(e[1] is not b for _, b in nearer[:CLOSER])][:CLOSER]:
        # an edit this case alone shows (base written as 10000 where the case passes base = 500000)
        said = _beside_known(a, slips, own, singles, crashing, lines_of, search) if a["rank"] < 4 and slips else None
        if said:
            return said
        found = _second_edit(a, singles, crashing, lines_of, search, touches, AGAIN - tried)
        if isinstance(found, list):
            return found
        tried += found
        if tried >= AGAIN or remote.gone:
            return None
    return None


def _coarse(score: tuple) -> tuple:
    """A score whose share of right numbers counts by the hundredth: a few numbers more within tolerance
    by chance (0.1451 of them where a query's first row gives 0.1429) is no nearer than a copy whose
    distance is a third of it (k and q unpacked the wrong way round, beside a scale by sqrt(d_model))."""
    return (score[0], int(score[1] * 100), *score[2:]) if len(score) == 3 else score


def _digits(score: tuple) -> tuple:
    """A score with its distance to three significant digits, and a rounding error's (2.2e-16 against 2.4e-16) 0."""
    if len(score) != 3:
        return score
    return (*score[:2], 0.0 if abs(score[2]) < 1e-12 else float(f"{score[2]:.3g}"))


def _ties_apart(nearer: list, search: Search) -> list:
    """The edits that pass the first case, several of which may (j // Hq, j // Tq and j // group each
    give KV head 0 where there is one): ranked again by how near each comes on the case most of them
    failed next, so the pairs are tried with the likeliest (12 at most, one call each)."""
    from collections import Counter

    top = [e for e in nearer if e[0] == (3,)]
    failed = [search.failed.get(c["source"]) for _, c in top[:TIES]]
    common = Counter(id(f) for f in failed if f is not None).most_common(1)
    if len(top) < 2 or not common or search.remote.gone:
        return nearer
    case = next(f for f in failed if id(f) == common[0][0])
    # (by their scores to three digits: of two edits that each mend the case, one a float's rounding nearer, the
    # likelier first, then the earlier line's, as in the nearer's order)
    ranked = sorted(sorted(top[:TIES], key=lambda e: (e[1]["rank"], e[1]["line"])),
                    key=lambda e: _digits(_coarse(search.ask(e[1]["source"], case))), reverse=True)
    return ranked + top[TIES:] + nearer[len(top):]


def _beside_known(a: dict, slips: list[str], own: list[str], singles: list, crashing: set, lines_of: list,
                  search: Search) -> list[dict] | None:
    """Edit `a` and the catalogued slip (not one of `own`) that the rest of the file fits, or None."""
    known = search.known_slip(a["source"], slips)
    if not known or known in own:
        return None
    from studyxf.grading.judge.families import measured, public

    # the slip the rest fits is a name for what another edit may mend at its line (a row guard on the
    # wrong axis fits "masked rows give NaN"): both edits, where one does
    pair = _second_edit(a, singles, crashing, lines_of, search)
    if isinstance(pair, list):  # the other edit is that slip's fix: said with the catalogue's id, in its words
        return [{**d, "mistake": public(known)} if d["mistake"] == "located" and d["line"] != a["line"] else d
                for d in pair]
    return [mend.entry(a, None, False, known=known),
            {"mistake": public(known), "message": f"(measured: {measured(known)})" if ":" in known else "",
             "verified": True}]


def _unlike(first, others: list, unread: frozenset = frozenset()):
    """Of the other failing cases, the smallest that passes an argument the code never reads (base
    ignored shows on the case with base = 500000 alone), else the smallest whose keyword arguments or
    dtype differ from the first's (another mask, block size or precision shows another slip alone),
    else the smallest."""
    if not others:
        return None
    others = sorted(others, key=_smallest_and_least_alike)

    def sign(c):
        return getattr(c, "dtype", None), repr(sorted((k, repr(v)[:40]) for k, v in getattr(c, "kwargs", {}).items()))

    # another argument first (causal=True shows a mask's slip the first case never ran), then another dtype
    return next((c for c in others if unread & set(getattr(c, "kwargs", {}))), None) or \
        next((c for c in others if sign(c)[1] != sign(first)[1]), None) or \
        next((c for c in others if sign(c) != sign(first)), others[0])


def _unread(source: str, entry: str) -> frozenset:
    """The entry function's parameters its body never reads."""
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return frozenset()
    fn = next((n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef) and n.name == entry), None)
    if fn is None:
        return frozenset()
    read = {n.id for b in fn.body for n in ast.walk(b) if isinstance(n, ast.Name)}
    return frozenset(a.arg for a in [*fn.args.args, *fn.args.kwonlyargs] if a.arg not in read)


def _readers(source: str, line: int) -> list[int]:
    """The lines after `line` that read a name it assigns."""
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return []
    made = {t.id for n in ast.walk(tree) if isinstance(n, ast.Assign) and n.lineno == line for tg in n.targets
            for t in ast.walk(tg) if isinstance(t, ast.Name)}
    return sorted({n.lineno for n in ast.walk(tree) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)
                   and n.id in made and n.lineno > line})


def _unread_locals(source: str, parameters: bool = False) -> set:
    """The names a function of the file binds (unpacking included) and never reads, `_` aside; `parameters`: the
    functions' parameters they never read instead (a kernel's `v_ptr`)."""
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return set()
    out = set()
    for fn in (n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef)):
        bound = {a.arg for a in fn.args.args} if parameters else \
            {n.id for n in ast.walk(fn) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store)}
        read = {n.id for n in ast.walk(fn) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)}
        out |= {n for n in bound - read if not n.startswith("_")}
    return out


def _named_beside(nearer: list, slips: list[str], own: list[str], search: Search, singles: list = (),
                  crashing: set = frozenset(), lines_of: list | None = None) -> list[dict] | None:
    """Where the diagnosis named two catalogued slips (or more): the likeliest edits that brought the
    answer nearer, each asked whether every case it still fails fits one of the named slips; the
    first that does is the fix of another named slip, said with the one the rest fits (repair._merged
    gives its line to the named slip said without one)."""
    from studyxf.grading.judge.families import public

    if len([s for s in own if s in {public(x) for x in slips}]) < 2:
        return None
    for _, a in [e for e in nearer if e[1]["rank"] < 4][:CLOSER]:
        known = search.known_slip(a["source"], slips)
        if known and public(known) in own:
            # the other named slip's own edit, with this one, where one mends the rest (each then at its line);
            # the edits that brought the answer nearer tried first (the other slip's fix is one of them)
            ahead = [e for _, e in nearer]
            pair = _second_edit(a, ahead + [s for s in singles if all(s is not e for e in ahead)], crashing, lines_of,
                                search, most=PAIRS // 3) if lines_of else None
            if isinstance(pair, list):
                return [{**d, "mistake": public(known)} if d["mistake"] == "located" and d["line"] != a["line"] else d
                        for d in pair]
            return [mend.entry(a, None, False, known=known), {"mistake": public(known), "message": "",
                                                              "verified": True}]
        if search.remote.gone:
            break
    return None


def _second_edit(a: dict, singles: list, crashing: set, lines_of: list, search: Search, touches=frozenset(),
                 most: int = PAIRS) -> list[dict] | int:
    """Edit `a` with each other single edit (not at the same place, not one that made the file
    raise; with `touches`, one of the two on those lines): the two causes where both mend every
    case, else how many pairs were tried (at most `most`)."""
    tried = 0
    for b in singles:
        (la, sa, ea), (lb, sb, eb) = a["span"], b["span"]
        if b is a or id(b) in crashing or la == lb and not (eb <= sa or ea <= sb):  # the same place twice
            continue
        if touches and la not in touches and lb not in touches:
            continue
        if tried >= most or search.remote.gone:
            break
        tried += 1
        both = mend.applied(lines_of, [(a["span"], a["now"]), (b["span"], b["now"])])
        # where `a` alone passed the first case, the case it failed next is asked before all the rest:
        # an edit b that leaves that case as it was (a line the first case never runs) costs one call
        probe = search.failed.get(a["source"])
        if search.ask(both, search.first) == (3,) and (probe is None or search.ask(both, probe) == (3,)) and \
                search.passes(both):
            b = _shorter_alike(a, b, singles, crashing, lines_of, search)
            a, b = sorted((a, b), key=lambda e: e["line"])
            said = [mend.entry(a, None, False, both=b), mend.entry(b, None, False, both=a)]
            return _dtype_beside(said, "".join(lines_of), "") if both in search.promoted else _dtype_right(said)
    return tried


def _shorter_alike(a: dict, b: dict, singles: list, crashing: set, lines_of: list, search: Search) -> dict:
    """Where `b` writes more than the learner did (`tril(m)` made `tril(m, -1)`), an edit on another line
    that takes a term out and mends the file with `a` as well (`1:T + 1` made `:T`), if one does: two
    fixes alike on every case, the learner's odd offset undone before the canonical form made odd."""
    if len(b["now"]) <= len(b["was"]):
        return b
    alike = [c for c in singles if len(c["now"]) < len(c["was"]) and c["rank"] < 4 and id(c) not in crashing
             and c["line"] not in (a["line"], b["line"])][:SHORTER]
    for c in alike:
        both = mend.applied(lines_of, [(a["span"], a["now"]), (c["span"], c["now"])])
        if search.ask(both, search.first) == (3,) and search.passes(both):
            return c
        if search.remote.gone:
            break
    return b


def _statements(source: str, lines) -> set[int]:
    """Every line of the statements that begin on these lines (a statement may span several)."""
    if not lines:
        return set()
    tree = ast.parse(source)
    out = set(lines)
    for node in ast.walk(tree):
        if isinstance(node, ast.stmt) and node.lineno in lines and not isinstance(node, (ast.FunctionDef, ast.For,
                                                                                         ast.While, ast.If, ast.With)):
            out.update(range(node.lineno, (node.end_lineno or node.lineno) + 1))
    return out


def repaired(named: list[dict], source: str | None, entry: str, remote, cases: list, wrong: list, framework: str,
             grader, resource=frozenset(), numeric: bool = False, signature: str = "") -> list[dict]:
    """The diagnosis with the causes an edit of the file (`source`; `entry` drill.yaml's) verifies:
    each at its line, in place of what was only measured there. `wrong`, `resource`: as mended's
    (wrong_cases gives them for a function drill's failures); `signature`: the entry as the task
    states it, whose defaults the search writes back where a changed one is named."""
    from studyxf.grading.request import parse_entry

    slips = list(getattr(grader, "SLIPS", []))
    value, unsure = _value_cause(slips), functools.partial(_unsure, numeric=numeric)
    # every cause named: nothing unsure, and a cause of the values (a crash may hide a second slip)
    complete = not any(unsure(d) for d in named) and any(value(d) and d["mistake"] != "raised" for d in named) \
        and not any(_read_only(d) for d in named)  # beside the caches read as returned, a call's own slip
    # a verified localisation replays one change through the reference and gets every failing answer:
    # no second slip hides beside it, and a probe's measured words say the same (a sigmoid for a
    # softmax): an edit alone is sought, for the fix's words, no pair (95 copies of such a file in 3)
    located = [d for d in named if d["mistake"] == "located" and d.get("verified") and not unsure(d)]
    # an argument left unread is seen on the cases that pass it alone: the rest may fail for a slip of their own
    localised = bool(located) and all(d in located or d["mistake"] == "measured" for d in named) and \
        not any((d.get("comparator") or "").endswith("-ignored") or _read_only(d) for d in located)
    # a crash is said where it raised, which need not be the slip's line (a mean without keepdims two
    # lines up): the search looks for the line that mends it
    crashed = any(d["mistake"] == "raised" for d in named)
    # a step left out where the file makes it and never reads it (`a, _ = _gelu(h)`, then `_linear(h, ...)`): the
    # values cannot show a slip inside the step, so the pair is sought with the line that leaves it out
    unread = [d["line"] for d in located if str(d.get("how") or "").endswith("is left out") and d.get("line")] \
        if source and _unread_locals(source) else []
    # (and the lines that read what that line makes: `np.matmul(pre, w2)` below `pre = ...`, where the unread
    # `act` belongs)
    unread += [n for line in unread for n in _readers(source, line) if n not in unread]
    if unread:
        complete = localised = False
    if complete and not crashed and all(d.get("line") for d in named if value(d)):
        # every cause named, each at its line; unless the named slip's fix leaves a case failing
        said = named + _behind(named, source, parse_entry(entry)[0], remote, cases, wrong, framework, slips, value)
        return placing.placed(said, source, parse_entry(entry)[0], remote, wrong, framework, slips)
    complete = complete and not crashed
    one = complete or localised
    lines = [d["line"] for d in named if d.get("line")]
    if source:  # a line that only calls the file's own layer (`layer(x, cache_k, ...)`): its body's lines searched too
        lines += [n for line in lines for n in called_bodies(source, line) if n not in lines]
    anchor = tuple(d["line"] for d in located if d.get("line") and not _read_only(d))  # unsure or read: no anchor
    anchor += tuple(n for n in unread if n not in anchor)  # (a step left out is mended where its value is read)
    # (and the bodies of the functions an anchored line calls, and those they call: `theta = 10000.0 ** ...` in the
    # helper `_angles(T, d, positions, base)` that line 18 calls)
    for _ in range(2 if source else 0):
        anchor += tuple(sorted({n for line in anchor for n in called_bodies(source, line)} - set(anchor)))
    placed, slip_at = named, ()
    if complete and not localised and source:  # the catalogued slips named, each at the one line of its form
        from studyxf.grading.judge import slip_code

        placed = slip_code.placed([dict(d) for d in named], source)
        slip_at = tuple(d["line"] for d in placed if d.get("line") and value(d) and d["mistake"] not in ("located",
                                                                                                        "raised"))
    searched = source
    if source and signature and any(d["mistake"] == "default-changed" for d in named):
        from studyxf.grading.judge import stated

        searched = stated.restored(signature, source) or source  # the cases that leave it out judged past it
    # the steps the localisation saw left, each at its line: an edit that mends one is a first edit (stepwise.py)
    left = tuple((d["line"], d["step"]) for d in named if d["mistake"] == "located" and d.get("line") and d.get("step"))
    fixed = mended(searched, remote, cases, wrong, framework, parse_entry(entry)[0], lines, slips,
                   [d["mistake"] for d in named], one=one, resource=resource, anchor=anchor, slip_at=slip_at,
                   idle=tuple(unread), grader=grader, left=left)
    # a promotion the edits leave out (their copy answers float32 in float32) was a consequence of what they mend
    if fixed and any(f.get(DTYPE_RIGHT) for f in fixed) and all(f.get("line") for f in fixed):
        named = [d for d in named if d["mistake"] != "dtype-promoted"]
    fixed = [{k: v for k, v in f.items() if k != DTYPE_RIGHT} for f in fixed] if fixed else fixed
    if fixed and searched is not source:
        fixed = _made_with(fixed, "the default written as the task states it")
    if fixed and complete and sum(f["mistake"] == "located" for f in fixed) == 2:
        # a pair found beside the named slip: one edit is that slip's fix, said in the catalogue's words at
        # its line, and the other a cause the diagnosis had not named
        fixed = [f for f in fixed if f["line"] not in slip_at] or fixed
        named, complete = placed, False
    said = _merged(named, fixed, slips, complete, unsure) if fixed else named
    # a named slip no edit placed: at the one line of its form, where the file has one (slip_code.placed's
    # entry, in its words)
    form = {(d.get("mistake"), d.get("message")): p for d, p in zip(named, placed) if p.get("line")}
    said = [form.get((d.get("mistake"), d.get("message")), d) if not d.get("line") and d.get("verified") else d
            for d in said]
    # a named slip with no form in the file: at the edit whose copy leaves the other named slips alone
    return placing.placed(said, source, parse_entry(entry)[0], remote, wrong, framework, slips)


def _behind(named: list[dict], source: str | None, entry: str, remote, cases: list, wrong: list, framework: str,
            slips: list[str], value) -> list[dict]:
    """A slip the named one hid: the named slip's fix (an edit at its one line that passes the smallest failing
    case) leaves a case failing (-1e9 for -inf beside a softmax over the queries: a fully masked row comes out
    right only while the axis is wrong); the causes an edit of that copy verifies, said beside it."""
    plain = [c for c in cases if c.validate is None and c.device is None]  # a driven one driven on each copy
    if source is None or "triton" in source or remote.gone or not wrong or len(plain) != len(cases):
        return []
    from studyxf.grading.judge import slip_code

    # (at the line of the slip's form: the class `_Softmax(axis=-2)` builds, not the call that runs it)
    at = {d["line"] for d in slip_code.placed([dict(d) for d in named], source)
          if value(d) and d["mistake"] not in ("located", "raised") and d.get("line")}
    if len(at) != 1:
        return []
    line = at.pop()
    first = min(wrong, key=_smallest_and_least_alike)
    search = Search(remote, [first] + [c for c in plain if c is not first], first)
    at_line = [c for c in edits.candidates(source, framework, [line], kinds(source, entry, first))
               if c["line"] == line and c["rank"] < 4]
    wrong_ids = {id(c) for c in wrong}
    for fix in sorted(at_line, key=lambda c: c["rank"])[:HIDDEN]:
        # the fix: some failing case passes with it (not the smallest, where the hidden slip shows too: a fully
        # masked row needs the max subtracted and the division guarded), and every case that passed still passes
        left = [c for c in wrong if not remote.gone and search.ask(fix["source"], c) != (3,)]
        if remote.gone or len(left) == len(wrong) or any(
                search.ask(fix["source"], c) != (3,) for c in plain if id(c) not in wrong_ids and not remote.gone):
            continue
        if not left and (not search.stress or search.ask(fix["source"], search.stress) == (3,)):
            return []  # the named slip alone
        rest = _mended(fix["source"], remote, cases, left, framework, entry, [], slips,
                       [d["mistake"] for d in named]) if left else None
        said = [{k: v for k, v in d.items() if k != DTYPE_RIGHT} for d in rest or []
                if d.get("line") and d["line"] != line]
        # (not an edit that writes back what the fix took out, or takes out what it wrote: `n_layers` made
        # `n_kv_heads` at one line and `n_heads` made `n_layers` at another is one term moved, not a second slip)
        moved = any(_moved(fix, d) for d in said)
        return [mend.also(d, line, [line] + [x["line"] for x in said]) for d in said] \
            if said and len(said) == len(rest) and not moved else []
    return []


def _moved(fix: dict, said: dict) -> bool:
    """Whether a cause found on the fix's copy only moves a term the fix moved: the names the one writes are
    those the other takes out (`layers` made `batch` at one line, `batch * heads` made `heads` at another)."""
    import re

    found = re.search(r": `(.*)` where (?:`(.*)` belongs|nothing belongs)$", str(said.get("how")))
    if not found:
        return False

    def names(text):
        return set(re.findall(r"[A-Za-z_]\w*", text or ""))
    was, now = found.group(1), found.group(2) or ""
    wrote, took = names(fix["now"]) - names(fix["was"]), names(fix["was"]) - names(fix["now"])
    return bool(wrote & (names(was) - names(now)) or took & (names(now) - names(was)))


def called_bodies(source: str, line: int) -> list[int]:
    """The statement lines of the file's own code that `line` calls: a function by name, a class's
    forward or __call__ (called as `Layer(...)(x)`, or through a name bound to one: `layer = Layer(...)`,
    then `layer(x)`). Empty where the line calls nothing of the file's."""
    import ast

    try:
        tree = ast.parse(source)
    except SyntaxError:
        return []
    functions = {f.name: f for f in tree.body if isinstance(f, ast.FunctionDef)}
    classes = {c.name: c for c in tree.body if isinstance(c, ast.ClassDef)}
    instances = {t.id: n.value.func.id for n in ast.walk(tree) if isinstance(n, ast.Assign)
                 and isinstance(n.value, ast.Call) and isinstance(n.value.func, ast.Name)
                 and n.value.func.id in classes for t in n.targets if isinstance(t, ast.Name)}
    bodies = []
    for call in (n for n in ast.walk(tree) if isinstance(n, ast.Call) and n.lineno <= line <= n.end_lineno):
        f = call.func
        name = f.func.id if isinstance(f, ast.Call) and isinstance(f.func, ast.Name) else \
            f.id if isinstance(f, ast.Name) else None
        if name in functions and not isinstance(f, ast.Call):
            bodies.append(functions[name])
        cls = classes.get(instances.get(name, name) if not isinstance(f, ast.Call) or name in classes else None)
        if cls is not None and (isinstance(f, ast.Call) or name in instances):
            bodies += [m for m in cls.body if isinstance(m, ast.FunctionDef) and m.name in ("forward", "__call__")]
    return sorted({s.lineno for b in bodies for s in ast.walk(b) if isinstance(s, ast.stmt) and s is not b
                   and not isinstance(s, (ast.Expr, ast.FunctionDef))})


def _made_with(said: list[dict], also: str) -> list[dict]:
    """The edits' causes found on a copy the search made first (a default written back, an integer
    table made float): their measured words say that change too."""
    words = {"(measured: with that one change": f"(measured: with that change and {also}",
             "(measured: with this change and the one": f"(measured: with {also}, this change and the one"}

    def told(message: str) -> str:
        for was, now in words.items():
            message = message.replace(was, now)
        return message
    return [{**d, "message": told(d["message"])} if isinstance(d.get("message"), str) else d for d in said]


def _quoted_as_written(said: list[dict], copy: str, source: str) -> list[dict]:
    """Causes found on a copy (the integer table made float) with the learner's own lines quoted, not the copy's."""
    made, written = copy.splitlines(), source.splitlines()
    out = []
    for d in said:
        line = d.get("line")
        if line and 0 < line <= min(len(made), len(written)) and made[line - 1] != written[line - 1]:
            was, now = made[line - 1].strip(), written[line - 1].strip()
            d = {**d, "code": now, **({"message": d["message"].replace(f"`{was}`", f"`{now}`")}
                                      if isinstance(d.get("message"), str) else {})}
        out.append(d)
    return out


def _read_only(d: dict) -> bool:
    """The caches returned as given: a cause read from the values alone, the call not replayed
    (driven._state_off), so a slip of the call's own may stand beside it."""
    return d.get("comparator") == "state-returned-as-given"


def _unsure(d: dict, numeric: bool = False) -> bool:
    """A diagnosis entry that measured, or saw a line it did not verify, or verified a factor at a
    line whose code scales nothing (masked_fill(~m, -inf) cannot make scores 1.6x too large: an
    earlier line, whose value matched no step, did); in a calculator (`numeric`), any factor: the
    product it is seen in may hold the wrong term from another line (`nbytes = 16` two lines up)."""
    if d["mistake"] in ("measured", "localised") or d["mistake"] in ("located", "raised") and not d.get("verified"):
        return True
    if (d.get("comparator") or "").endswith("-constant-unwritten"):  # the value's reading, not its cause
        return True
    if d.get("comparator") == "skipped" and " * " in str(d.get("how")) and "*" in str(d.get("code")):
        # a product left out where the line multiplies: two slips gave the values together (w_gate for w_up
        # beside sigmoid for silu: sigmoid(g) * g is silu(g), read as "silu(gate) * up left out")
        return True
    return d["mistake"] == "located" and d.get("comparator") in ("factor", "offset") and \
        (numeric or not _scales(d.get("code") or ""))


def _scales(code: str) -> bool:
    """Whether a line's code can make a factor or an offset: an operator or a call that computes."""
    import re

    return bool(re.search(r"[*/+-]|\b(sqrt|rsqrt|mul|div|scale|pow|exp|log|mean|sum|norm|einsum|matmul|dot|add|sub)",
                          re.sub(r"(['\"]).*?\1", "", code.split("#")[0])))  # float("-inf") subtracts nothing


def _value_cause(slips: list[str]):
    """Whether an entry is a cause of the values: a catalogued slip, a located line or a crash."""
    from studyxf.grading.judge.families import public

    ids = {*slips, *map(public, slips), "located", "raised"}
    return lambda d: d["mistake"] in ids


def _merged(named: list[dict], fixed: list[dict], slips: list[str], complete: bool, unsure=_unsure) -> list[dict]:
    """The edits' causes beside the diagnosis's. An unverified line gives way to them (a probe's
    measured words are said after them); a cause already said at an edit's line is kept in its own
    words; where the diagnosis had named every cause, an edit only gives its line to the one
    catalogued slip said without one."""
    def base(mistake):
        return (mistake or "").split(":")[0]

    value = _value_cause(slips)

    edited = [f for f in fixed if f["mistake"] == "located"]
    own = {base(d["mistake"]) for d in named}
    known = [f for f in fixed if f["mistake"] != "located" and base(f["mistake"]) not in own]
    # a line seen but not verified gives way; a probe's measured words stay, said after the edits
    kept = [dict(d) for d in named if not unsure(d) or d["mistake"] == "measured"]
    # a crash at an edit's line is what that edit mends (k.T on a batched k): the fix is said first,
    # then the crash as it was read
    mended_crash = {f["line"] for f in edited} & {d.get("line") for d in kept if d["mistake"] == "raised"}
    # ...and dropout left on, said in its own words at its line: the edit that removes it is not said again
    said = {d.get("line") for d in kept if value(d) and d["mistake"] != "raised" or d["mistake"] == "random-output"}
    new = [f for f in edited if f["line"] not in said]
    matched = {base(f["mistake"]) for f in fixed if f["mistake"] != "located"}  # the slip beside the edit: not its
    lineless = [d for d in kept if value(d) and d["mistake"] not in ("located", "raised") and not d.get("line")
                and base(d["mistake"]) not in matched]
    if len(new) == 1 and len(lineless) == 1 and not known:  # one slip, said by the catalogue and by the edit
        lineless[0].update(line=new[0]["line"], code=new[0]["code"])
        new = []
    for f in fixed:  # a named slip's own edit, made with another's (_named_beside's pair): its line
        same = [d for d in kept if not d.get("line") and f.get("line") and base(d["mistake"]) == base(f["mistake"])]
        if same and f["mistake"] != "located":
            same[0].update(line=f["line"], code=f.get("code"))
    if len(new) == 1 and len(lineless) > 1 and not known and all(not d.get("line") for d in lineless):
        # two catalogued readings that together give one line's slip (cos in the even columns, "swapped", and the
        # odd ones a copy of them, "sin only"): the one edit that mends that line says it, in their place
        kept = [d for d in kept if all(d is not x for x in lineless)]
        at = max((i + 1 for i, d in enumerate(kept) if value(d)), default=0)
        return kept[:at] + new + kept[at:]
    if complete:
        return kept  # every cause was named: the edits add no cause of their own
    explained = [d for d in kept if d["mistake"] == "raised" and d.get("line") in mended_crash]
    kept = [d for d in kept if d not in explained]
    at = max((i + 1 for i, d in enumerate(kept) if value(d)), default=0)
    return kept[:at] + new + explained + known + kept[at:]
