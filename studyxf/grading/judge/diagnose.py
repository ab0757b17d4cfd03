"""The report's diagnosis, from what the failing cases left (outputs, exceptions, resource checks)
to its entries, cause first: too slow and too much memory, wrong shapes and dtypes, the catalogue's
slips, the line where the learner's values leave the reference (localise.py, verified by replaying
it), what the probes measured, a crash's reading. Runs in the judge; asks the sandbox for traces."""

from __future__ import annotations

import dataclasses
import functools
from itertools import combinations

from studyxf.grading.judge import crash_trace, diagnosis, exceptions, probes, verify
from studyxf.grading.judge.evidence import Answer, Failure, Mismatch
from studyxf.grading.judge.families import measured, public

TYPE_CHECKING = False
if TYPE_CHECKING:  # annotations only: the judge's side of the sandbox and the request
    from studyxf.grading.request import Request
    from studyxf.grading.judge.runcases import Remote

DTYPE_HINT_TORCH = ("a float64 tensor came into the computation (x.double(), .to(torch.float64), torch.tensor(..., "
                    "dtype=torch.float64), or a NumPy float64 array through torch.from_numpy): compute in the input's "
                    "dtype, or return out.to(x.dtype)")
DTYPE_HINT = ("NumPy 2 promotes a float32 array combined with a NumPy float64 scalar (np.sqrt(d), np.float64(...)) "
              "or a float64 array to float64: use a Python float (d ** 0.5, math.sqrt(d)) or .astype(x.dtype)")



def _source(req: Request) -> str | None:
    """The learner's file, for the lines a diagnosis quotes (None when it cannot be read)."""
    try:
        with open(req.path, encoding="utf-8") as fh:
            return fh.read()
    except OSError:
        return None


def localise_budget(named: list) -> int:
    """Reference runs for the localisation: fewer where a catalogued slip is already named."""
    from studyxf.grading.judge import localise

    return localise.BUDGET_STEPS * 3 // 8 if named else localise.BUDGET_STEPS


def _localise(grader, comparable: list[Mismatch], remote: Remote, req: Request, raising: list | None = None,
              budget: int | None = None) -> dict | None:
    """The learner's smallest failing case traced, its values matched with the grader's STEPS
    (localise.py): the first line that leaves its step, how, and whether that is verified."""
    if not getattr(grader, "STEPS", None) or remote.gone:
        return None
    driven = getattr(grader, "STEP_ARGS", None)  # cases that call the function chunk by chunk (kv-cache)
    cases = [f for f in comparable if f.case is not None and (driven or f.case.driver is None) and f.got is not None]
    if not cases:
        return None
    from studyxf.grading.judge import localise

    def size(f):  # the smallest case whose arrays have no axis of 1 (T = 1 makes every softmax 1)
        arrays = [a for a in f.case.args if hasattr(a, "shape")]
        out = [f.ref] if getattr(f.ref, "ndim", 0) >= 2 else []  # a table made from sizes (T = 1: one row)
        return (any(1 in tuple(a.shape)[-2:] for a in arrays + out), sum(a.numel() for a in arrays),
                sum(a.size for a in out))
    # one case traced; where what it shows does not explain every failing case, the next smallest
    # case with other keyword arguments (a mask, causal=True) is traced too, the search going on
    order, seen = [], set()
    for f in sorted(cases, key=size):
        kinds = tuple(sorted(f.case.kwargs))
        if kinds not in seen:
            seen.add(kinds)
            order.append(f)
    source = _source(req)
    if source is None:
        return None
    deadline = localise.clock() + (budget or localise.BUDGET_STEPS)  # the traces' searches together

    def search(traces: list, carried: dict | None = None, until: int = deadline) -> dict | None:
        result, change, found = None, {}, []
        for traced in traces:
            if localise.clock() > until:
                break
            if traced.module_index is not None:
                answer = remote.ask({"op": "module_trace", "i": traced.module_index, "x": traced.module_x},
                                    remote.limit())
            else:
                answer = remote.trace(traced.index, traced.case)
            if "trace" not in answer:
                break
            try:
                trace = localise.Trace(answer["trace"], source)
                if driven and traced.case.driver is not None:
                    now = _by_call(grader, cases, traced, trace, raising, until, carried)
                else:
                    finder = localise.Localiser(grader, cases, traced, trace, raising)
                    finder.deadline = until
                    now = finder.find(change, found)
            except Exception:  # noqa: BLE001 - a localisation that cannot be made says nothing
                now = None
            if now is None:
                break
            result = now
            if now["verified"] or len(now["_found"]) == len(found):
                break
            change, found = now["_change"], now["_found"]
        return result

    result = search(order[:3])
    if result is not None and result.get("_alone"):
        # verified on one call alone: a case of other sizes may show the other cause (a top-left mask
        # shows only on a chunk of several tokens after the first)
        other = next((f for f in sorted(cases, key=size) if _shapes(f) != _shapes(order[0])), None)
        again = search([other], carried=result, until=localise.clock() + localise.BUDGET_STEPS) \
            if other is not None else None  # a search of its own: the first spent the budget finding one
        if again is not None and again["verified"] and len(again["all"]) > len(result["all"]):
            return again
    if result is None or not result["verified"]:
        # afresh from a case of other proportions (Tq < Tk where the first had Tq > Tk: a mask on
        # the wrong diagonal may leave the first case's scores whole, and so look left out)
        shapes = {_shapes(f) for f in order}
        other = next((f for f in sorted(cases, key=size) if _shapes(f) not in shapes and _ratio(f) != _ratio(order[0])),
                     None)
        again = search([other]) if other is not None else None
        if again is not None and again["verified"]:
            result = again
    return result


def _shapes(f: dict) -> tuple:
    return tuple(tuple(a.shape) for a in f.case.args if hasattr(a, "shape"))


def _ratio(f: dict) -> tuple:
    """Which of each pair of the arrays' second-last axes is longer (Tq against Tk)."""
    lengths = [s[-2] for s in _shapes(f) if len(s) >= 2]
    return tuple((a > b) - (a < b) for a, b in zip(lengths, lengths[1:]))


def _by_call(grader, cases, traced, trace, raising, deadline: int, carried: dict | None = None) -> dict | None:
    """A driven case: its calls in order, the first whose values leave the reference (a verified
    finding preferred)."""
    from studyxf.grading.judge import driven, localise

    state = driven.first_call_off(grader, cases, traced, trace, deadline)  # the returned caches, call by call
    if state is not None and state["verified"]:
        # the first call's output is made from the caches it was given, whatever it returns: where it
        # leaves the reference too, that is a second cause (v rotated beside the old caches returned)
        finder = driven.CallLocaliser(grader, cases, traced, trace, raising, 0)
        finder.deadline = deadline
        try:
            now = finder.find(state["_change"], []) or driven.left_out_beside(grader, finder, state)
        except Exception:  # noqa: BLE001 - the state's cause stands alone
            now = None
        if now and now["verified"] and {p["line"] for p in now["all"]}.isdisjoint(p["line"] for p in state["all"]):
            return {**state, "all": state["all"] + now["all"]}
        return state
    first, alone = None, carried  # a cause verified on one call of another case, replayed here
    for call in range(len(trace.entries)):
        if localise.clock() > deadline:
            break
        finder = driven.CallLocaliser(grader, cases, traced, trace, raising, call)
        finder.deadline = deadline
        if alone is None:
            now = finder.find()
        else:  # a later call, with the cause an earlier one verified alone replayed (then a top-left mask)
            try:
                now = finder.find(alone["_change"], [])
            except Exception:  # noqa: BLE001 - the first cause stands alone
                now = None
            if now and now["verified"] and {p["line"] for p in now["all"]}.isdisjoint(p["line"] for p in alone["all"]):
                return {**alone, "how": alone["how"], "all": alone["all"] + now["all"]}
            continue
        if now and now["verified"] and now.get("_alone"):
            alone = now
            continue
        if now and now["verified"]:
            return now
        first = first or now
    return alone or first or state


def _simulated(answers: list[Answer], tests: list[str], slips: list[str]) -> list[dict]:
    """A LeetCode drill whose slips its grader simulates (variant(slips, *args) -> the answer they
    give): the slip, or two at once, whose answers equal the learner's on every case, the passing
    ones included; else the failing cases as measured."""
    def fits(chosen: frozenset) -> bool:
        for f in answers:
            try:
                if f.case.variant(chosen, *f.case.args) != f.value:
                    return False
            except Exception:  # noqa: BLE001 - a simulation that does not apply
                return False
        return True
    for size in (1, 2):
        for chosen in combinations(slips, size):
            # each slip of a pair must change the answers on its own (two that cancel are no slip)
            if fits(frozenset(chosen)) and (size == 1 or not any(fits(frozenset({s})) for s in chosen)) \
                    and all(any(f.case.variant(frozenset({s}), *f.case.args) != f.case.variant(
                        frozenset(), *f.case.args) for f in answers) for s in chosen):
                return [{"mistake": s, "message": "", "verified": True} for s in chosen]
    return [{"mistake": "measured", "message": "measured: no known slip gives your answers on every case: " +
             "; ".join(t for t in tests if t)[:600]}]


def _memory_entry(message: str, where: dict) -> dict:
    said = f"{where['how']}; {message}" if where.get("how") else message
    return {"mistake": "too-much-memory", "message": said, "verified": True, **where}


def _full_matrix(grader, remote: Remote, req: Request) -> dict:
    """Where a memory-hungry submission builds the whole (Tq, Tk) score matrix: the first line of the
    first case (Tk several blocks long) whose value has that shape."""
    from studyxf.grading.judge import localise

    source = _source(req)
    if remote.gone or not hasattr(grader, "cases") or source is None:
        return {}
    for index, case in enumerate(grader.cases()[:2]):
        q, k = (case.args + [None, None])[:2]
        if not hasattr(q, "shape") or not hasattr(k, "shape"):
            continue
        answer = remote.trace(index, case)
        trace = localise.Trace(answer.get("trace") or {}, source)
        full = (q.shape[-2], k.shape[-2])
        hit = next((e for e in trace.events if e["value"].ndim >= 2 and tuple(e["value"].shape[-2:]) == full), None)
        if hit:
            built = f"line {hit['line']} builds a {tuple(hit['value'].shape)} array: the whole score matrix"
            sized = _block_sized(source)
            if sized is not None:  # the blocks made as long as every key (blk = max(block_size, tk)): said there
                return {"line": sized, "code": trace.code(sized), "how": f"line {sized}: `{trace.code(sized)}` makes "
                        f"one block of every key, so {built}"}
            return {"line": hit["line"], "code": trace.code(hit["line"]), "how": built}
    return {}


def _block_sized(source: str) -> int | None:
    """The one line that binds the step of a `for ... in range(0, n, step)` loop to a value made from the
    block_size argument and another size (`blk = max(int(block_size), tk)`), not to block_size itself."""
    import ast

    try:
        tree = ast.parse(source)
    except SyntaxError:
        return None
    steps = {n.iter.args[2].id for n in ast.walk(tree) if isinstance(n, ast.For) and isinstance(n.iter, ast.Call)
             and getattr(n.iter.func, "id", "") == "range" and len(n.iter.args) == 3 and isinstance(n.iter.args[2],
                                                                                                     ast.Name)}
    made = [n.lineno for n in ast.walk(tree) if isinstance(n, ast.Assign) and len(n.targets) == 1
            and isinstance(n.targets[0], ast.Name) and n.targets[0].id in steps and isinstance(n.value, ast.Call)
            and {m.id for m in ast.walk(n.value) if isinstance(m, ast.Name)} >= {"block_size"}
            and len({m.id for m in ast.walk(n.value) if isinstance(m, ast.Name)} - {"block_size", "int"}) >= 2]
    return made[0] if len(made) == 1 else None


def _crash_entry(raised: list, failing: list[Failure], remote: Remote, req: Request, grader=None) -> dict:
    """What the raising cases have in common, where the first raised, and its usual cause when the
    shapes at that line agree with it."""
    at = _raised_at(failing, remote, req, grader)
    own = _own_check_entry(raised, at, req)
    if own:
        return own
    text, caused = exceptions.explain(raised, at)
    # where the shape went wrong before the failing line: a broadcast that grew a value, else a
    # length read from a batched input's first axis (only where two operands do not broadcast)
    earlier = None if caused or not at else at.get("grew") or (crash_trace.length_from_first_axis(
        at, _source(req)) if any(w in raised[0][1] for w in ("broadcast", "must match the size")) else None)
    if earlier:
        said = f"line {earlier['line']}: `{earlier['code']}`: {earlier['how']}. {text}"
        return {"mistake": "raised", "message": said, "verified": True, "line": earlier["line"], "code": earlier["code"]}
    if not at and "in-place operation" in raised[0][1]:  # autograd raised in backward, no line of the
        # learner's: the forward's own in-place edit of its input (x += attn(x)), read from the syntax tree
        at = _in_place_at(req, None)
    return {"mistake": "raised", "message": text, "verified": caused,
            **({"line": at["line"], "code": at["code"]} if at else {})}


def _own_check_entry(raised: list, at: dict | None, req: Request) -> dict | None:
    """The file's own check rejecting an input the task gives: that is the cause, at the `if`."""
    own = crash_trace.own_check(at, _source(req))
    if not own:
        return None
    kind, text, first = raised[0][:3]
    return {"mistake": "raised", "verified": True, "comparator": "own-check", **own, "message": (
        f"line {own['line']}: `{own['code']}`: your own check rejects an input the task gives: "
        f"'{first}' raised {kind} at line {at['line']}: {text[:200].rstrip('.')}. The task's inputs are valid; "
        "let this one through")}


def _raised_at(failing: list[Failure], remote: Remote, req: Request, grader=None) -> dict | None:
    """Where the first raising case raised in the learner's file, and the shapes its names held
    there (the advice must agree with them): {"line", "code", "shapes"}."""
    first = next((f.raised for f in failing if f.raised is not None), None)
    if first is None or remote.gone:
        return None
    if first.module is not None:  # a module drill: its forward traced again on the config's input
        answer = remote.ask({"op": "module_trace", "i": first.module[0], "x": first.module[1]}, remote.limit())
    else:
        answer = remote.trace(first.index, first.case)
    at = (answer.get("trace") or {}).get("raised_at")
    if not at:
        return None
    source = _source(req)
    if source is None:
        return None
    lines = source.splitlines()
    code = lines[at["line"] - 1].strip() if 0 < at["line"] <= len(lines) else ""
    out = {"line": at["line"], "code": code, "shapes": at.get("shapes") or {}}
    from studyxf.grading.judge import localise

    try:
        trace = localise.Trace(answer.get("trace") or {}, source)
        shapes = crash_trace.step_shapes(grader, first.case) if grader is not None else None
        grew = crash_trace.grown(trace, out, shapes) if shapes is not None else None
        # the arguments as the call received them: the values recorded at the first line traced
        top = trace.events[0]["line"] if trace.events else None
        out["entry"] = {e["name"]: tuple(e["value"].shape) for e in trace.events
                        if e["line"] == top and e["depth"] == 0 and e["value"].ndim >= 1}
    except Exception:  # noqa: BLE001 - a trace that cannot be read says nothing more
        grew = None
    return {**out, "grew": grew} if grew else out


def _located_entry(grader, found: dict) -> dict:
    from studyxf.grading.judge import localise

    says = {s.name: s.says for s in grader.STEPS}
    # the comparator's id beside its words: a verified one names the slip of a mistake card (srs/mistakes.py)
    return {"mistake": "located", "message": localise.describe(found, says), "verified": found["verified"],
            **{k: found[k] for k in ("line", "code", "step", "how")}, "comparator": found.get("comparator")}


def _located_entries(grader, found: dict) -> list[dict]:
    """A verified localisation of two differences, at two lines (an erf constant, then a residual):
    one cause each, with its own line, as --json carries every cause; one difference repeated on
    several steps (q, k and v split alike) stays one entry."""
    from studyxf.grading.judge import localise

    parts = found["all"]
    if not found["verified"] or len(parts) < 2 or localise.one_difference(found) or \
            any(p["line"] is None for p in parts):
        return [_located_entry(grader, found)]
    groups: dict = {}
    for part in parts:
        groups.setdefault(localise._shape_of(part["how"]), []).append(part)
    return [_located_entry(grader, {**found, "all": group, **{k: group[0][k] for k in ("line", "code", "step", "how")},
                                    "comparator": group[0]["comparator"] if "comparator" in group[0] else
                                    found.get("comparator") if group[0] is parts[0] else None})
            for group in groups.values()]


class Context:
    """What the rules share: the drill's grader, the sandbox's remote and the request (the work the
    value rules share is done once on Values)."""

    def __init__(self, grader, remote: Remote, req: Request):
        self.grader, self.remote, self.req = grader, remote, req

    def diagnose(self, failing: list[Failure]) -> list[dict]:
        for rule in RULES:
            said = rule(self, failing)
            if said is not None:
                return said
        return []


def diagnose(grader, failing: list[Failure], remote: Remote, req: Request) -> list[dict]:
    """The causes, cause first (docs/grading.md, the order of the causes): the first rule of RULES
    that applies says them; the rules about the values go on in VALUE_RULES. A default the task
    states and the file changes is said beside them wherever a failing case leaves it out (a
    double slip's other cause: the rule is the task's, read from the def)."""
    said = Context(grader, remote, req).diagnose(failing)
    if not any(d["mistake"] == "default-changed" for d in said):
        cases = [f.case for f in failing if f.case is not None and f.validated is None]
        changed = _stated_defaults(cases, req, every=False)
        if not changed and said and cases:  # the case that leaves it out passed: another slip may cancel it there
            try:  # (fp32's 4 bytes where K and V's factor 2 is missing: 4 x 1 = 2 x 2)
                changed = _stated_defaults([c for c in grader.cases() if c.validate is None], req, every=False)
            except Exception:  # noqa: BLE001 - a grader whose cases cannot be listed here: no such reading
                changed = []
        said += changed
    return said


def widened_where(said: list[dict]) -> list[dict]:
    """The causes, each with its line (slip_code.placed has placed the catalogued ones): a float64
    asked for on purpose is said at the return that gives it back uncast, unless another cause is
    said at that line (the return computing a slip of its own); then at the line that widens the
    values, so that each cause keeps a line of its own."""
    out = []
    for entry in said:
        returned = entry.get("returned")
        if returned is not None:
            taken = any(d is not entry and d.get("line") == returned["line"] for d in said)
            entry = {**{k: v for k, v in entry.items() if k != "returned"}, **({} if taken else returned)}
        out.append(entry)
    return out


def random_output(ctx: Context, failing: list[Failure]) -> list[dict] | None:
    if any(f.random for f in failing):
        return [{"mistake": "random-output", "message": "", **_random_at(ctx.req)}]
    return None


def _random_at(req: Request) -> dict:
    """The one line of the learner's file that draws at random (F.dropout, whose training flag is
    True by default; torch.rand*, np.random): {"line", "code"}, or {} where none or several do."""
    import ast

    source = _source(req)
    try:
        tree = ast.parse(source or "")
    except SyntaxError:
        return {}
    lines = sorted({n.lineno for n in ast.walk(tree) if isinstance(n, ast.Call) and (
        isinstance(n.func, ast.Attribute) and (n.func.attr in ("dropout", "rand", "randn", "randint", "rand_like",
                                                               "randn_like", "bernoulli", "multinomial", "normal")
                                               or isinstance(n.func.value, ast.Attribute) and
                                               n.func.value.attr == "random"))})
    if len(lines) != 1:
        return {}
    return {"line": lines[0], "code": source.splitlines()[lines[0] - 1].strip()}


def return_type(ctx: Context, failing: list[Failure]) -> list[dict] | None:
    """The stated type broken: what the values say first (a unit's factor explains a float too), then
    the type; the failing values, and every answer of a validated drill (its slips are fitted to
    all of them)."""
    typed = next((f.type_rule for f in failing if f.type_rule), None)
    if not typed:
        return None
    valued = [dataclasses.replace(f, type_rule=None) for f in failing
              if not f.type_rule or f.values is not None or f.answer is not None]
    at = _float_made_at(_source(ctx.req)) if "asks for an int" in typed else None
    where = {"line": at, "code": _source(ctx.req).splitlines()[at - 1].strip()} if at else {}
    return (ctx.diagnose(valued) if valued else []) + \
        [{"mistake": "return-type", "message": typed, "verified": True, **where}]


def _float_made_at(source: str | None) -> int | None:
    """The one line of the file that can make an int a float: a true division (`d_model / n_heads`), a float
    written (`* 2.0`) or a float() call; None where there is none or more than one (defaults aside)."""
    import ast

    try:
        tree = ast.parse(source or "")
    except SyntaxError:
        return None
    defaults = {id(d) for f in ast.walk(tree) if isinstance(f, (ast.FunctionDef, ast.Lambda))
                for d in [*f.args.defaults, *f.args.kw_defaults] if d is not None}
    lines = {n.lineno for n in ast.walk(tree) if isinstance(n, ast.BinOp) and isinstance(n.op, ast.Div) or
             isinstance(n, ast.Constant) and type(n.value) is float and id(n) not in defaults or
             isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id == "float"}
    return lines.pop() if len(lines) == 1 else None


def out_of_bounds(ctx: Context, failing: list[Failure]) -> list[dict] | None:
    """A Triton kernel's load or store past a tensor's end (kept in bounds in the sandbox): what the
    values say (judged as returned, a slip beside it named too), then the access at its line where no
    reading of the values names that line."""
    past = next((f.bounds for f in failing if f.bounds), None)
    if not past:
        return None
    source, line = _source(ctx.req), past.get("line")
    code = source.splitlines()[line - 1].strip() if source and line and line <= len(source.splitlines()) else None
    said = {"mistake": "located", "message": (f"line {line}: `{code}`: " if code else "") + past["message"],
            "verified": True, "comparator": "out-of-bounds", **({"line": line, "code": code} if code else {})}
    valued = [f for f in failing if not f.bounds or f.values is not None]
    values = _diagnose_values(ctx, valued) if valued else []
    # the values' reading of that line says more (a row's lanes unmasked, a stride misread): it alone
    # (or names it as the access its words are about: the load at that line, its addresses made above)
    return values if line and any(d.get("line") == line or d.get("comparator") == "kernel-misread" and
                                  f"the load at line {line}:" in str(d.get("message")) for d in values) \
        else values + [said]


def input_modified(ctx: Context, failing: list[Failure]) -> list[dict] | None:
    """An input edited in place, at the editing line, then what the values say (judged past it:
    runcases._past_the_rule), so that a value slip made beside the edit is named too."""
    rule = next((f.rule for f in failing if f.rule), None)
    if not rule:
        return None
    valued = [f for f in failing if not f.rule or f.values is not None]
    arrays = {a for f in failing if f.rule for a in f.arrays}
    # none of the case's arrays edited plainly: one its driver passed (kv-cache's caches), any parameter
    at = _in_place_at(ctx.req, arrays) or _in_place_at(ctx.req, None)
    return [{"mistake": "input-modified", "message": rule, **at}] + \
        (_diagnose_values(ctx, valued) if valued else [])


def resources_then_values(ctx: Context, failing: list[Failure]) -> list[dict]:
    """Too slow and too much memory, measured by the judge, and a module's layout: first, then what
    the values say."""
    slow = [f.resource.message for f in failing if f.resource and f.resource.kind == "slow"]
    memory = [f.resource.message for f in failing if f.resource and f.resource.kind == "memory"]
    first = ([{"mistake": "too-slow", "message": slow[0], "verified": True}] if slow else []) + \
        ([_memory_entry(memory[0], _full_matrix(ctx.grader, ctx.remote, ctx.req))] if memory else [])
    layout = next((f.layout for f in failing if f.layout), None)
    if layout:  # the module's layers do not have the shapes the task asks for
        from studyxf.grading.judge import slip_code

        source = _source(ctx.req) if "ignores mlp_ratio" in layout else None
        at = slip_code.line_of("mlp-ratio-written", source)  # where the width is written
        first.append({"mistake": "layout", "message": layout, "verified": True,
                      **({"line": at, "code": source.splitlines()[at - 1].strip()} if at else {})})
    rest = [f for f in failing if not (f.resource or f.layout)]
    if first and not any(f.answer is None or f.answer.failed for f in rest):
        return first
    return first + _diagnose_values(ctx, rest)


# the order in which causes are tried: each rule says the causes (and ends the diagnosis) or None
RULES = [random_output, return_type, out_of_bounds, input_modified, resources_then_values]


def _in_place_at(req: Request, arrays: set | None) -> dict:
    """The first line of the entry function (a module's forward) that edits an array parameter
    (`arrays`: the names the case gave arrays; None: every parameter) in place while the name is
    still the input (`x -= m`, `x[...] = 0`, `x.add_(1)`, `np.exp(x, out=x)`), read from the syntax
    tree: {"line", "code"}, or {} when no such line is written plainly (a helper did it). Through an
    alias (`y = x; y -= m`, or `out = x` handed to a Triton kernel) the alias's line is said."""
    import ast

    source = _source(req)
    if source is None or req.kind not in ("function", "module"):
        return {}
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return {}
    if req.kind == "module":  # the module's forward: its inputs are every parameter but self
        cls = next((n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == req.entry), None)
        fn = next((n for n in cls.body if isinstance(n, ast.FunctionDef) and n.name == "forward"), None) if cls else None
    else:
        fn = next((n for n in tree.body if isinstance(n, ast.FunctionDef) and n.name == req.entry), None)
    if fn is None:
        return {}
    params = {a.arg for a in [*fn.args.posonlyargs, *fn.args.args, *fn.args.kwonlyargs]} - {"self"}
    inputs = params & set(arrays) if arrays is not None else params
    said = _edited_in(fn, inputs, tree, source)
    # (or in the function or class the entry hands an input to: `DecodeStep(...)(x, cache_k, ...)`, whose
    # __call__ writes into cache_k; two deep)
    todo, seen = [(fn, inputs)], {id(fn)}
    for _ in range(0 if said else 2):
        handed = []
        for f, names in todo:
            for callee, given in _handed(f, names, tree):
                if id(callee) not in seen:
                    seen.add(id(callee))
                    handed.append((callee, given))
        todo = handed
        for callee, given in todo:
            said = said or _edited_in(callee, given, tree, source)
    return said


def _handed(fn, inputs: set, tree) -> list:
    """The file's functions (or a class's __call__ or forward, a method called on self) that `fn` calls with
    one of `inputs` as an argument, each with the parameters those inputs are passed to."""
    import ast

    functions = {n.name: n for n in tree.body if isinstance(n, ast.FunctionDef)}
    classes = {n.name: n for n in tree.body if isinstance(n, ast.ClassDef)}
    owner = next((c for c in classes.values() if fn in c.body), None)

    def method(cls, name):
        return next((m for m in cls.body if isinstance(m, ast.FunctionDef) and m.name == name), None) if cls else None
    out = []
    for call in (n for n in ast.walk(fn) if isinstance(n, ast.Call)):
        f, callee = call.func, None
        if isinstance(f, ast.Name) and f.id in functions:
            callee = functions[f.id]
        elif isinstance(f, ast.Call) and isinstance(f.func, ast.Name) and f.func.id in classes:  # Cls(...)(x)
            cls = classes[f.func.id]
            callee = method(cls, "__call__") or method(cls, "forward")
        elif isinstance(f, ast.Attribute) and isinstance(f.value, ast.Name) and f.value.id == "self":
            callee = method(owner, f.attr)
        if callee is None or callee is fn:
            continue
        params = [a.arg for a in [*callee.args.posonlyargs, *callee.args.args] if a.arg != "self"]
        given = {params[i] for i, a in enumerate(call.args) if i < len(params) and isinstance(a, ast.Name)
                 and a.id in inputs}
        given |= {k.arg for k in call.keywords if isinstance(k.value, ast.Name) and k.value.id in inputs}
        if given:
            out.append((callee, given))
    return out


def _edited_in(fn, inputs: set, tree, source: str) -> dict:
    """The first line of `fn` that edits one of `inputs` in place while the name still holds it (see _in_place_at)."""
    import ast

    def named(node) -> str | None:
        return node.id if isinstance(node, ast.Name) else None

    found, launches, kernel_calls = [], [], []
    for node in ast.walk(fn):
        line = getattr(node, "lineno", None)
        if isinstance(node, ast.AugAssign) and named(node.target):
            found.append((line, named(node.target)))
        elif isinstance(node, ast.Assign):  # (out[..., 0::2], out[..., 1::2] = a, b: each element a target)
            for target in (e for t in node.targets for e in (t.elts if isinstance(t, ast.Tuple) else [t])):
                if isinstance(target, ast.Subscript) and named(target.value):
                    found.append((line, named(target.value)))
        elif isinstance(node, ast.Call):
            f = node.func
            if isinstance(f, ast.Attribute) and f.attr.endswith("_") and not f.attr.startswith("_") and named(f.value):
                found.append((line, named(f.value)))
            for kw in node.keywords:
                if kw.arg == "out" and named(kw.value):
                    found.append((line, named(kw.value)))
            if isinstance(f, ast.Subscript):  # a Triton launch, kernel[grid](...): it may write any pointer given
                launches += [(line, named(a.target if isinstance(a, ast.NamedExpr) else a)) for a in node.args
                             if named(a.target if isinstance(a, ast.NamedExpr) else a)]
                kernel_calls.append(node)
    # which names hold an input's memory, line by line: the inputs, and a name bound to one of them or
    # to a view of it (y = x, v = cache_v, y = x[:, 0], y = x.view(...)); a name bound to anything
    # else (x = x.copy()) no longer does. An edit on a line that also binds its name (q = q.mul_(s))
    # ran while the name still held the input.
    binds = []
    for node in ast.walk(fn):
        if isinstance(node, ast.Assign):
            for target in node.targets:
                if isinstance(target, ast.Tuple) and isinstance(node.value, ast.Tuple) and \
                        len(target.elts) == len(node.value.elts):
                    pairs = [(t, _viewed(v)) for t, v in zip(target.elts, node.value.elts)]
                else:  # one value, or one unpacked into several names (q, k = (t.clone() for t in ...))
                    pairs = [(target, _viewed(node.value))] if isinstance(target, ast.Name) else \
                        [(leaf, None) for leaf in ast.walk(target)]
                binds += [(node.lineno, t.id, v) for t, v in pairs if isinstance(t, ast.Name)]
        elif isinstance(node, ast.NamedExpr):  # (out := x) inside a launch's arguments
            binds.append((node.lineno, node.target.id, _viewed(node.value)))
    holding = dict.fromkeys(inputs)  # name -> the line that bound it to an input's memory (None: a parameter)
    aliases = {}  # name -> the line that bound it to another name's memory (out = x)
    edits, launched = [], []
    # (on one line, in the order written: `c = x; c -= m` binds c to x before it edits it)
    cols = {(n.lineno, t.id): n.col_offset for n in ast.walk(fn) if isinstance(n, (ast.Assign, ast.NamedExpr))
            for t in (n.targets if isinstance(n, ast.Assign) else [n.target]) if isinstance(t, ast.Name)}
    edit_cols = {(n.lineno, n.target.id): n.col_offset for n in ast.walk(fn) if isinstance(n, ast.AugAssign)
                 and isinstance(n.target, ast.Name)}
    for line, kind, name, source_name in sorted(
            [(ln, 0, n, None) for ln, n in found] + [(ln, 2, n, None) for ln, n in launches] +
            [(ln, 1, n, v) for ln, n, v in binds],
            key=lambda e: (e[0], (edit_cols if e[1] == 0 else cols).get((e[0], e[2]), {0: -1, 1: 0, 2: 10 ** 6}[e[1]]),
                           e[1])):
        if kind == 0 and name in holding:
            edits.append((line, holding[name]))
        elif kind == 2 and name in aliases and name in holding:  # an alias of an input handed to a kernel
            launched.append((line, aliases[name]))
        elif kind == 1 and source_name in holding:  # cache_k, cache_v = cache_k.copy(), cache_v: no copy made here
            holding[name] = line
            if source_name != name:
                aliases[name] = line
        elif kind == 1:
            holding.pop(name, None)
            aliases.pop(name, None)
    edits = edits or launched  # no edit of its own: the kernel wrote through the alias (out = x)
    if not edits:
        stored = _stored_through(tree, kernel_calls, {n for n, at in holding.items() if n not in aliases})
        return {"line": stored, "code": source.splitlines()[stored - 1].strip()} if stored else {}
    # an alias edited in place (y = x; y -= m): the copy belongs where the alias was made
    line = edits[0][1] or edits[0][0]
    return {"line": line, "code": source.splitlines()[line - 1].strip()}


def _stored_through(tree, launches: list, inputs: set) -> int | None:
    """The one `tl.store` of a kernel launched here whose pointer is built from the parameter an input was
    passed to (`kernel[grid](x, y, ...)` and `tl.store(X + offs, ...)`, X the kernel's first parameter)."""
    import ast

    kernels = {n.name: n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef)}
    lines = set()
    for call in launches:
        kernel = kernels.get(getattr(call.func.value, "id", None))
        if kernel is None:
            continue
        params = [a.arg for a in kernel.args.args]
        given = {params[i] for i, a in enumerate(call.args) if i < len(params) and isinstance(a, ast.Name)
                 and a.id in inputs}
        given |= {kw.arg for kw in call.keywords if isinstance(kw.value, ast.Name) and kw.value.id in inputs}
        for node in ast.walk(kernel):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "store" \
                    and node.args and {n.id for n in ast.walk(node.args[0]) if isinstance(n, ast.Name)} & given:
                lines.add(node.lineno)
    return lines.pop() if len(lines) == 1 else None


def _viewed(node) -> str | None:
    """The name whose memory an expression shares: a bare name, a plain slice of one, or a view
    method of one (.view, .reshape, .T, .transpose, ...); None for anything that makes new memory."""
    import ast

    while True:
        if isinstance(node, ast.Name):
            return node.id
        if isinstance(node, ast.Subscript) and not isinstance(node.slice, (ast.List, ast.Name, ast.Compare, ast.Call)):
            node = node.value
        elif isinstance(node, ast.Attribute) and node.attr in ("T", "mT", "real"):
            node = node.value
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in (
                "view", "reshape", "transpose", "permute", "squeeze", "unsqueeze", "swapaxes", "view_as",
                "expand", "narrow", "select", "unflatten", "flatten", "ravel", "contiguous", "detach"):  # x itself
            node = node.func.value
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and (
                node.func.attr in ("to", "double", "float", "type_as")
                and not any(k.arg == "copy" for k in node.keywords)
                or node.func.attr == "astype" and any(k.arg == "copy" and isinstance(k.value, ast.Constant) and
                                                      k.value.value is False for k in node.keywords)):
            node = node.func.value  # a cast that returns x itself where its dtype is already the one asked for
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.args and (
                node.func.attr in ("asarray", "asanyarray", "as_tensor") or node.func.attr == "array" and any(
                    k.arg == "copy" and isinstance(k.value, ast.Constant) and k.value.value is False
                    for k in node.keywords)):  # np.asarray(x), np.array(x, copy=False): x's own memory
            node = node.args[0]
        else:
            return None


def _promoted_at(failing: list[Failure], remote: Remote, req: Request) -> dict:
    """Where a float32 case's values became float64 in the learner's file: the first traced line
    that reads a float32 array and makes a float64 one ({} when no trace shows one)."""
    import re

    import torch

    from studyxf.grading.judge import localise

    first = next((f for f in failing if f.promoted_case is not None), None)
    source = _source(req)
    if first is None or source is None or remote.gone:
        return {}
    # the array returned is a float64 buffer the values are written into: its dtype is decided there (unless the
    # inputs are widened in so many words: then the return, read below, is where the cast back belongs)
    buffer = _default_buffer(source) if not re.search(r"\b(float64|double|f8)\b",
                                                      re.sub(r"\b(np|numpy)\.float64\(", "", source)) else {}
    if buffer:
        return buffer
    index, case = first.promoted_case
    answer = remote.trace(index, case)
    trace = localise.Trace(answer.get("trace") or {}, source)
    # a float64 table of angles built from positions alone is no promotion yet
    narrow = {name for name, v in case.labelled().items() if isinstance(v, torch.Tensor) and v.dtype == torch.float32}
    scalars: dict[str, int] = {}  # a NumPy float64 scalar held in a name (scale = 1 / np.sqrt(d)), by its line
    # an array allocated float64 by its dtype argument (`acc = torch.zeros(..., dtype=torch.float64)`), by its line
    # (all zeros, the trace records no value for it)
    allocated = {m.group(1): n for n, text in enumerate(source.splitlines(), 1) for m in [re.match(
        r"^\s*(\w+)\s*=\s*[\w.]*\b(zeros|empty|ones|full)(_like)?\(.*\bdtype\s*=\s*(torch|np|numpy)\.float64\b", text)]
        if m}
    params = _parameters_by_line(source)
    # by depth: the names a helper's frame has shown, and its parameters that came in float64
    seen: dict[int, set] = {}
    arrived: dict[int, set] = {}
    for e in trace.events:
        depth = e.get("depth", 0)
        seen = {d: names for d, names in seen.items() if d <= depth}  # (a frame left: its names forgotten)
        arrived = {d: names for d, names in arrived.items() if d <= depth}
        first = e["name"] not in seen.setdefault(depth, set())
        seen[depth].add(e["name"])
        if depth and first and e.get("dtype") == "float64" and e["value"].ndim and \
                e["name"] in params.get(e["line"], ()):
            # (`def _erf(z)` called as `_erf(z / root2)`: widened at the call, which reads root2)
            arrived.setdefault(depth, set()).add(e["name"])
            continue
        if e["value"].ndim == 0:
            assigned = re.search(rf"\b{re.escape(e['name'])}\s*=(?!=)", trace.code(e["line"]))
            if e.get("dtype") == "float64" and re.search(r"\b(np|numpy)\.", trace.code(e["line"])) and not (
                    e["name"] in scalars and not assigned):
                scalars[e["name"]] = e["line"]  # made here (not a helper's parameter, seen on its def's line)
            elif e.get("dtype") != "float64":  # (one passed on, the helper's parameter, keeps where it was made)
                scalars.pop(e["name"], None)
            continue
        if e.get("dtype") == "float32":
            narrow.add(e["name"])
        elif e.get("dtype") == "float64":
            read = set(re.findall(r"[A-Za-z_]\w*", trace.code(e["line"]))) - arrived.get(depth, set())
            if read & narrow:
                # the scalar made above is where the float64 comes from (np.sqrt returns one): said there
                # (made before it in the run: a helper defined above may read it, passed as an argument;
                # or a buffer allocated float64, `acc = torch.zeros(..., dtype=torch.float64)`, added into)
                made = {scalars[n] for n in read if n in scalars} or {allocated[n] for n in read if n in allocated}
                held = _held_wide(source, trace.code(e["line"]))
                if held:  # a module's own float64 buffer or attribute (register_buffer("gamma", gamma.double()))
                    return {"line": held, "code": trace.code(held),
                            "message": f"Line {held} (`{trace.code(held).strip()}`) stores it as float64, and what "
                                       f"line {e['line']} computes with it is float64 too: keep the parameter's own "
                                       f"dtype there (or cast the result back: .to(x.dtype))."}
                if len(made) == 1 and not _widened_on_purpose(trace, e):
                    line = made.pop()
                    return {"line": line, "code": trace.code(line)}
                return _widened_on_purpose(trace, e) or {"line": e["line"], "code": trace.code(e["line"])}
            narrow.discard(e["name"])
    # a value the trace does not record (a complex view of x.to(torch.float64)): an input widened in so
    # many words, by the code
    given = "|".join(re.escape(n) for n in case.labelled() if n in narrow)
    widen = re.compile(rf"\b({given})\s*\.\s*(double\(\)|(to|type|astype)\([^)]*float64)") if given else None
    line = next((n for n, text in enumerate(source.splitlines(), 1) if widen and widen.search(text)), None)
    return (_widened_on_purpose(trace, {"line": line}) or {"line": line, "code": trace.code(line)}) if line else {}


def _parameters_by_line(source: str) -> dict[int, set]:
    """Each line of a function's body, with that function's parameter names."""
    import ast

    try:
        tree = ast.parse(source)
    except SyntaxError:
        return {}
    out: dict[int, set] = {}
    for fn in ast.walk(tree):
        if isinstance(fn, (ast.FunctionDef, ast.Lambda)):
            names = {a.arg for a in fn.args.posonlyargs + fn.args.args + fn.args.kwonlyargs}
            for n in range(fn.lineno, (fn.end_lineno or fn.lineno) + 1):
                out[n] = out.get(n, set()) | names  # (a nested function's lines hold both: the inner one's too)
    return out


def _held_wide(source: str, code: str) -> int | None:
    """The one line that stores, widened to float64, an attribute the code reads (`self.gamma`, made by
    `self.register_buffer("gamma", gamma.double())` or `self.gamma = g.to(torch.float64)`), else None."""
    import re

    wide = r"(\.double\(\)|float64)"
    hits = {n for attr in set(re.findall(r"\bself\.(\w+)", code))
            for n, text in enumerate(source.splitlines(), 1)
            if re.search(rf"(\bself\.{attr}\s*=(?!=)|register_buffer\(\s*['\"]{attr}['\"]).*{wide}", text)}
    return hits.pop() if len(hits) == 1 else None


def _default_buffer(source: str) -> dict:
    """The line that allocates, with NumPy's default float64 (np.zeros(shape), np.empty(x.shape)), the
    array a function returns after writing into it (out[..., 0::2] = ...): whatever dtype the values
    written have, they are stored as float64 there, so that is where the input's dtype belongs; {}
    where no returned array is so made."""
    import ast

    from studyxf.grading.judge.edits import written_into

    try:
        tree = ast.parse(source)
    except SyntaxError:
        return {}
    lines = source.splitlines()
    for fn in (n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef)):
        returned = {_viewed(n.value) for n in ast.walk(fn) if isinstance(n, ast.Return) and n.value is not None} - \
            {None}  # (out, or a view of it: out.reshape(x.shape))
        # (or added into in place, `out += (a * u) @ w_down[j:j + B]`: a float64 buffer stays float64)
        written = written_into(fn) | {n.target.id for n in ast.walk(fn) if isinstance(n, ast.AugAssign)
                                      and isinstance(n.target, ast.Name)}
        for n in ast.walk(fn):
            call = n.value if isinstance(n, ast.Assign) else None
            if len(getattr(n, "targets", ())) == 1 and isinstance(n.targets[0], ast.Name) and \
                    n.targets[0].id in returned & written and isinstance(call, ast.Call) and \
                    isinstance(call.func, ast.Attribute) and call.func.attr in ("zeros", "empty", "ones", "full") \
                    and isinstance(call.func.value, ast.Name) and call.func.value.id in ("np", "numpy") \
                    and not any(k.arg == "dtype" for k in call.keywords) and len(call.args) <= 1:
                name, code = n.targets[0].id, lines[n.lineno - 1].strip()
                return {"line": n.lineno, "code": code,
                        "message": f"Line {n.lineno} (`{code}`) allocates {name} with NumPy's default float64, and what is "
                                   f"written into it is stored as float64: allocate it with the input's dtype "
                                   f"(dtype=x.dtype)"}
    return {}


def _widened_on_purpose(trace, e: dict) -> dict:
    """A float64 asked for in so many words (`np.asarray(x, dtype=np.float64)`, `x.double()`): the
    learner computes in float64 on purpose, and what is missing is the cast back, at the return that
    gives the values back uncast; said there, the line that widens them named beside it (5 of the 6
    such causes in the corpora's manifests are at the return) ({} otherwise: a float64 scalar or a
    vectorised math.erf promotes where it is used, unasked, and is said there)."""
    import re

    code = trace.code(e["line"])
    # the values widened (astype, dtype=, .double(), .to(torch.float64)), not a float64 scalar made
    if not re.search(r"\b(float64|double|f8)\b", re.sub(r"\b(np|numpy)\.float64\(", "", code)):
        return {}
    back = next((r for r in reversed(trace.events) if r["name"] == "<return>" and r.get("depth", 0) == 0), None)
    if back is None or back["line"] == e["line"]:
        return {}
    return {"line": e["line"], "code": code, "returned": {"line": back["line"], "code": trace.code(back["line"])},
            "message": f"Your values are "
                       f"float64 from line {e['line']} (`{code.strip()}`), which widens them, and line {back['line']} "
                       f"returns them so: cast the result back (.astype(x.dtype), or .to(x.dtype) for a tensor)."}


class Values:
    """The failing values (no resource, rule or type among them) and the work the value rules share,
    each done once when a rule first asks: the comparable values, the catalogue's slips, the
    localisation, the promoted dtype's entry, a wrong shape said beside."""

    def __init__(self, ctx: Context, failing: list[Failure]):
        self.ctx = ctx
        self.grader, self.remote, self.req = ctx.grader, ctx.remote, ctx.req
        self.answered = [f for f in failing if f.answer is not None]  # a validated drill's answers, passing too
        self.failing = [f for f in failing if f.answer is None]

    @functools.cached_property
    def comparable(self) -> list[Mismatch]:
        return [f.values for f in self.failing if f.values is not None and f.values.variant_of]

    @functools.cached_property
    def promoted(self) -> list[dict]:
        kinds = {f.promoted for f in self.failing if f.promoted}
        return [{"mistake": "dtype-promoted", "message": DTYPE_HINT_TORCH if kinds == {"torch"} else DTYPE_HINT,
                 **_promoted_at(self.failing, self.remote, self.req)}] if kinds else []

    @functools.cached_property
    def beside(self) -> list[dict]:
        """Said after any value cause: the promoted dtype, a wrong shape measured."""
        return self.promoted + _shape_apart(self.failing, _source(self.req), self.req.entry)

    @functools.cached_property
    def single(self) -> list[str]:
        """The catalogue's one slip that fits every failing case, if any."""
        return diagnosis.name_slips(self.comparable, list(getattr(self.grader, "SLIPS", [])), pairs=False)

    @functools.cached_property
    def catalogued(self) -> list[str]:
        """The catalogue's slip, or pair of slips, that fits; no pair is sought where the
        localisation verified one described difference that gives every failing case (the simpler
        cause, and a failing verdict's largest search saved)."""
        if self.single:
            return self.single
        from studyxf.grading.judge.localise import one_difference

        found = self.found
        # a described difference (heads split by stride), not a bare factor, which two slips of
        # one formula line can make together (n_heads / n_kv_heads / 2)
        if found and found["verified"] and found.get("comparator") not in (None, "", "factor", "offset", "combined") \
                and one_difference(found):
            return []
        return diagnosis.name_slips(self.comparable, list(getattr(self.grader, "SLIPS", [])))

    @functools.cached_property
    def found(self) -> dict | None:
        """The localisation; a slip the catalogue named only wants its line: a shorter search (watch
        mode re-grades on every save)."""
        raising = [f.raised.case for f in self.failing if f.raised is not None]
        return _localise(self.grader, self.comparable, self.remote, self.req, raising,
                         localise_budget(self.single))

    @functools.cached_property
    def named(self) -> list[str]:
        from studyxf.grading.judge import slip_code

        # a slip the learner's line contradicts is not said, nor one whose code has what the slip lacks
        # (every query head cached, where the product multiplies by n_kv_heads: a d_head from the KV heads)
        named = verify.agreeing(self.grader, self.catalogued, self.found)
        kept = [s for s in named if not slip_code.ruled_out(s, _source(self.req))]
        return kept if len(kept) == len(named) or len(named) == 1 else []  # half a pair fits no case alone


def _diagnose_values(ctx: Context, failing: list[Failure]) -> list[dict]:
    """The failing values' diagnosis: the first rule of VALUE_RULES that applies."""
    values = Values(ctx, failing)
    for rule in VALUE_RULES:
        said = rule(values)
        if said is not None:
            return said + _own_check_beside(values, said)
    return []


def _own_check_beside(v: Values, said: list[dict]) -> list[dict]:
    """A case the file's own check rejected, beside values wrong for another cause: a second cause
    (a dtype the check leaves out, beside an inverted mask), said where the values' rule did not."""
    if any(d["mistake"] == "raised" for d in said) or not any(f.raised is not None for f in v.failing):
        return []
    own = _own_check_entry([f.raised.said() for f in v.failing if f.raised is not None],
                           _raised_at(v.failing, v.remote, v.req, v.grader), v.req)
    return [own] if own else []


def simulated_answers(v: Values) -> list[dict] | None:
    """A wrong answer of a validated drill whose grader simulates its slips (a crash is said by the
    crash entry)."""
    if not any(f.answer.failed for f in v.answered):
        return None
    from studyxf.grading.judge import slip_code

    # not a slip the code contradicts (the distinct characters counted, where a window's length is written)
    named = [s for s in getattr(v.grader, "NAMED", []) if not slip_code.ruled_out(s, _source(v.req))]
    return _simulated([f.answer for f in v.answered], [f.test for f in v.answered if f.answer.failed], named) + \
        _crashed(v)


def _crashed(v: Values) -> list[dict]:
    """A validated drill's case that raised beside wrong answers: a second cause, said with its line."""
    raised = [f.raised.said() for f in v.failing if f.raised is not None]
    return [_crash_entry(raised, v.failing, v.remote, v.req, v.grader)] if raised else []


def validator_readings(v: Values) -> list[dict] | None:
    """A slip a validator recognised, only when every failing case fits it ([0, 0] for nums
    [0, 4, 3, 0] fits two)."""
    read = [f.readings for f in v.failing if f.readings is not None]
    if not read:
        return None
    common = [m for m in read[0] if all(m in r for r in read[1:])]
    if common:
        return [{"mistake": common[0], "message": "", "verified": True}] + _crashed(v)
    return [{"mistake": "measured", "message": "measured: the failing cases fit no one known slip: " + "; ".join(
        f.test for f in v.failing if f.test and f.raised is None)[:600]}] + _crashed(v)


def axes_reordered(v: Values) -> list[dict] | None:
    shaped = [f.shape for f in v.failing if f.shape]
    if shaped and all(f.shape for f in v.failing if f.shape or f.shape_fact):
        at = _axes_set_at(_source(v.req), v.req.entry)
        return [{"mistake": "shape", "message": shaped[0], "verified": True,
                 **({"line": at, "code": _source(v.req).splitlines()[at - 1].strip()} if at else {})}]
    return None


def dtype_lowered(v: Values) -> list[dict] | None:
    """The dtype, then what the values say past it (the values judged after the cast)."""
    lowered = [f.dtype_lowered for f in v.failing if f.dtype_lowered]
    if not lowered:
        return None
    valued = [dataclasses.replace(f, dtype_lowered=None) for f in v.failing
              if f.values is not None or not f.dtype_lowered]
    return [{"mistake": "dtype-lowered", "message": lowered[0], "verified": True,
             **_made_at(v, "dtype_lowered", lambda dtype: dtype in ("float32", "float16", "bfloat16"))}] + \
        (_diagnose_values(v.ctx, valued) if valued else [])


def dtype_integer(v: Values) -> list[dict] | None:
    """An integer output where floats belong, at the line that made the returned array, then what
    the other failing cases say."""
    said = [f.dtype_integer for f in v.failing if f.dtype_integer]
    if not said:
        return None
    rest = [f for f in v.failing if not f.dtype_integer]
    return [{"mistake": "dtype-integer", "message": said[0], "verified": True,
             **_made_at(v, "dtype_integer", lambda dtype: dtype.startswith(("int", "uint")))}] + \
        (_diagnose_values(v.ctx, rest) if rest else [])


def _made_at(v: Values, field: str, narrow) -> dict:
    """The first line of the learner's file that made an array of the output's shape in a dtype
    `narrow` accepts (an integer or float32 allocation the values were written into), from the
    trace of the first case whose Failure has `field` set; {} where the trace shows none."""
    from studyxf.grading.judge import localise

    f = next(f for f in v.failing if getattr(f, field))
    source = _source(v.req)
    if source is None or v.remote.gone or f.promoted_case is None:
        return {}
    index, case = f.promoted_case
    trace = localise.Trace(v.remote.trace(index, case).get("trace") or {}, source)
    # the entry's own return, the last (a helper it calls returns before it: get_slopes(n))
    out = next((e for e in reversed(trace.events) if e["name"] == "<return>"), None)
    # an allocation filled later is where its dtype was chosen (or, where none has the output's shape, one of its
    # size: an (n, d) buffer returned reshaped to x's leading axes)
    for alike in (lambda a, b: a.shape == b.shape, lambda a, b: a.size == b.size and len(a.shape) >= 2):
        for e in trace.every:
            if narrow(e.get("dtype") or "") and e["name"] != "<return>" and out is not None \
                    and hasattr(e["value"], "size") and alike(e["value"], out["value"]):
                line = _allocated(source, e["name"], e["line"])
                return {"line": line, "code": trace.code(line)}
    import re

    # made in the return itself: `return out.float()`
    if out is not None and re.search(r"\.(float|half|int|long)\(\)|float32|float16|bfloat16|int32|int64|astype",
                                     trace.code(out["line"])):
        return {"line": out["line"], "code": trace.code(out["line"])}
    return {}


def _allocated(source: str, name: str, line: int) -> int:
    """The line that bound `name` last before `line`, where `line` only writes into it (`out[..., 0::2] =
    ...`: an np.empty's garbage is not traced until the slices are written, but its dtype was chosen
    where it was made) or binds no name (a Triton launch writing through the pointer); else `line`."""
    import ast

    try:
        tree = ast.parse(source)
    except SyntaxError:
        return line
    here = [n for n in ast.walk(tree) if isinstance(n, (ast.Assign, ast.AugAssign)) and n.lineno == line]
    targets = [t for n in here for t in (n.targets if isinstance(n, ast.Assign) else [n.target])]
    # slices written, or a line that binds nothing of that name (a Triton launch writing through a pointer)
    if not all(isinstance(t, ast.Subscript) and isinstance(t.value, ast.Name) and t.value.id == name for t in targets) \
            or any(isinstance(t, ast.Name) and t.id == name for t in targets):
        return line
    bound = [n.lineno for n in ast.walk(tree) if isinstance(n, ast.Assign) and n.lineno < line
             and any(isinstance(t, ast.Name) and t.id == name for t in n.targets)]
    return max(bound, default=line)


def dtype_promoted_alone(v: Values) -> list[dict] | None:
    """The dtype alone: the values pass once cast."""
    if v.promoted and not v.comparable and not any(f.raised for f in v.failing):
        return v.promoted
    return None


def grid_not_covered(v: Values) -> list[dict] | None:
    """Outputs no program of a Triton grid writes: not random, the grid. Where only a larger case
    showed the grid, and nothing of the program's values was found, the other cases are diagnosed
    too (a K loop that keeps only the last product, beside tiles that overlap)."""
    kernel = _kernel_entries(v.grader, v.comparable, v.remote, v.req, values=False)
    if not kernel:
        return None
    shown = {d.pop("_case") for d in kernel if "_case" in d}
    rest = [f for f in v.failing if not (f.values is not None and f.values.case is not None
                                         and f.values.case.name in shown)]
    if shown and rest and all(d.get("step") == "grid" for d in kernel):
        lines = {d.get("line") for d in kernel}
        kernel += [d for d in _diagnose_values(v.ctx, rest) if d.get("line") not in lines or d.get("line") is None]
        return kernel
    return kernel + v.beside


def changes_between_calls(v: Values) -> list[dict] | None:
    if not v.comparable or v.comparable[0].case is None:
        return None
    case = v.comparable[0].case
    if case.driver or v.remote.gone:
        return None
    try:
        again = probes.repeatable(v.remote.call, case.args, case.kwargs)
    except Exception:  # noqa: BLE001 - a probe that cannot run says nothing
        again = None
    return [_random_entry(v.remote, case, v.comparable[0].ref, again)] if again else None


def default_changed(v: Values) -> list[dict] | None:
    """The failing cases are those that leave out an argument whose default the file changed."""
    kept = _stated_defaults([f.case for f in v.comparable if f.case is not None], v.req)
    return kept + v.beside if kept else None


def catalogued_slip(v: Values) -> list[dict] | None:
    """The catalogue's slips that fit every failing case, with the line where localisation verified
    one difference (an unverified line, or one of several, may be another's)."""
    if not v.named:
        return None
    from studyxf.grading.judge.localise import one_difference

    found = v.found
    # (a calculator's values leaving at a line that only calls the file's own class or helper: the slip's line is
    # in that body, read as its term by units.placed, not the call)
    called = found and getattr(v.grader, "FORMULA", None) and _source(v.req) and found.get("line") and \
        _calls_own(_source(v.req), found["line"])
    if called:
        where = {}
    elif found and found["verified"] and one_difference(found):
        where = dict.fromkeys(v.named, {k: found[k] for k in ("line", "code", "step", "how")})
    else:  # each slip at the difference found at the step it alters
        where = verify.lines(v.grader, v.named, found, _source(v.req))
    if getattr(v.grader, "FORMULA", None) and _source(v.req):
        # a calculator's slip read as its term in the code (the n_heads of `2 * n_heads * d_head`), where the values
        # left at a later line that only carries the product on (`bytes = int(elements) * size`); a number left out
        # only where that line calls the file's own code
        from studyxf.grading.judge import units

        for s in v.named:
            at = units.slip_line(v.grader, s, _source(v.req), named_only=not called)
            if at is not None:
                where[s] = {"line": at, "code": _source(v.req).splitlines()[at - 1].strip()}
    named = [{"mistake": public(s), "message": f"(measured: {measured(s)})" if ":" in s else "", "verified": True,
              **where.get(s, {})} for s in v.named]
    # the slips fit the cases that ran; a case that raised is another cause (a 2-D mask given the
    # axis a 3-D one needs), said beside them
    raised = [f.raised.said() for f in v.failing if f.raised is not None]
    crash = _crash_entry(raised, v.failing, v.remote, v.req, v.grader) if raised else None
    return named + ([crash] if crash and crash["verified"] else []) + v.beside  # else the slips may explain it


def _calls_own(source: str, line: int) -> bool:
    """Whether `line` calls a function or class of the file."""
    from studyxf.grading.judge.repair import called_bodies

    return bool(called_bodies(source, line))


def units_and_terms(v: Values) -> list[dict] | None:
    """A calculator's figures read as a unit or a term, each with its line."""
    calculated = _units_and_terms(v.grader, v.comparable, v.found, v.req)
    return calculated + v.beside if calculated else None


def kernel_steps(v: Values) -> list[dict] | None:
    """A Triton program instance's value off the kernel's steps, or the keys it never loads."""
    kernel = _kernel_entries(v.grader, v.comparable, v.remote, v.req)
    return kernel + v.beside if kernel else None


def located_measured_raised(v: Values) -> list[dict]:
    """The verified localisation, then what raised, then the probes' words; unverified, the measured
    facts first, the line where the values leave the reference where nothing else is said."""
    found, failing, remote = v.found, v.failing, v.remote
    raised = [f.raised.said() for f in failing if f.raised is not None]
    out = []
    for probe in getattr(v.grader, "PROBES", []) if not remote.gone else []:
        try:
            said = probe(remote.call)
        except Exception:  # noqa: BLE001
            said = None
        if said:
            out.append({"mistake": "measured", "message": said})
    local = next((f.localised for f in failing if f.localised), None)
    if local:
        out.append({"mistake": "localised", "message": local})
    crash = _crash_entry(raised, failing, remote, v.req, v.grader) if raised else None
    if found and found["verified"]:
        return _located_entries(v.grader, found) + ([crash] if crash else []) + \
            [d for d in out if d["mistake"] != "localised"] + v.beside  # the hooks' stage: the line
    # where the values leave the reference, unverified (before a module's stage, which says no line; after a probe's
    # measured words, whose line the edit search needs: `x.mean(keepdims=True)` a line above the centred values)
    if found and not (raised or any(d["mistake"] != "localised" for d in out)):
        out.insert(0, _located_entry(v.grader, found))
    elif found and found.get("line") and not raised:
        out.append({**_located_entry(v.grader, found), SEARCH_ONLY: True})  # (dropped unless an edit verifies it)
    # a difference verified at its own step (an argument the step does not use) is a cause whatever
    # else leaves the reference after it
    out[:0] = [_located_entry(v.grader, {**part, "verified": True, "comparator": part["finding"].kind,
                                         "how": part["finding"].how,
                                         "all": [{**part, "how": part["finding"].how}]})
               for part in (found or {}).get("_found", []) if not found["verified"] and part["finding"].exact]
    if not out and v.comparable:
        said = probes.relation(v.comparable[0].got, v.comparable[0].ref)
        if said:
            out.append({"mistake": "measured", "message": said})
    if crash and not any(d["mistake"] == "measured" for d in out):
        out.insert(0, crash)
    facts = [f.shape_fact for f in failing if f.shape_fact]
    if not out and facts:
        out.append({"mistake": "measured", "message": facts[0]})
    if not out and v.comparable:  # nothing names a cause: say so, the smallest input that fails shown with it
        n, first = len(v.comparable), v.comparable[0].case
        out.append({"mistake": "measured", "comparator": "nothing",  # dropped where the edits find a cause
                    "message": f"no step of the reference and no known slip gives your values: "
                               f"{n} case{'s' if n != 1 else ''} differ"
                               + (f", the first {first.name}" if first is not None else "")})
    return out + v.beside


# an entry given to the edit search for its line alone: said only where an edit verified a cause there
SEARCH_ONLY = "search_only"

# the order in which the values' causes are tried: each rule says the causes or None
VALUE_RULES = [simulated_answers, validator_readings, axes_reordered, dtype_lowered, dtype_integer, dtype_promoted_alone,
               grid_not_covered, changes_between_calls, default_changed, catalogued_slip, units_and_terms,
               kernel_steps, located_measured_raised]


def _random_entry(remote: Remote, case, ref, again: str) -> dict:
    """Outputs that differ from call to call: whole rows never written, measured, where the rest is
    right (the drill's usual cause, an unmasked load, would contradict a kernel that masks its
    loads); else the random output as before."""
    try:
        rows = probes.unwritten(remote.call, case.args, case.kwargs, ref) if ref is not None else None
    except Exception:  # noqa: BLE001 - a probe that cannot run says nothing
        rows = None
    return {"mistake": "measured", "message": rows} if rows else {"mistake": "random-output", "message": again}


def _stated_defaults(cases: list, req: Request, every: bool = True) -> list[dict]:
    """A default the task states that the learner's `def` changes (stated.py), where every failing
    case (or, `every` False, one of them) leaves that argument out: the cause, at the def line."""
    from studyxf.grading.judge import stated

    source = _source(req)
    if source is None or not cases or not req.signature or req.signature.lstrip().startswith("class "):
        return []
    out = []
    for d in stated.differing(req.signature, source):
        at = d["position"]
        left_out = [d["name"] not in c.kwargs and len(c.args) <= at for c in cases if hasattr(c, "kwargs")]
        if at >= 0 and left_out and (all if every else any)(left_out):
            out.append({"mistake": "default-changed", "message": d["message"], "verified": True, "line": d["line"],
                        "code": d["code"]})
    return out


def _units_and_terms(grader, comparable: list[Mismatch], found: dict | None, req: Request) -> list[dict]:
    """A calculator drill's wrong figures named as a unit or a term (units.py), or []."""
    if not getattr(grader, "FORMULA", None):
        return []
    from studyxf.grading.judge import units

    return units.causes(grader, comparable, found, _source(req))


def _kernel_entries(grader, comparable: list[Mismatch], remote: Remote, req: Request, values: bool = True) -> list[dict]:
    """A Triton kernel in the interpreter localised per program instance (kernel_localise.py)."""
    from studyxf.grading.judge import kernel_localise

    if not comparable or not kernel_localise.applies(grader):
        return []
    try:
        return kernel_localise.diagnose(grader, comparable, remote, req, values)
    except Exception:  # noqa: BLE001 - a localisation that cannot be made says nothing
        return []


def _shape_apart(failing: list[Failure], source: str | None = None, entry: str = "") -> list[dict]:
    """A wrong shape said beside the value causes found past it (the values judged with the axes
    aligned: runcases._aligned), as the measured fact it is; the axes in another order said where the
    returned array's axes are set, where one line does."""
    fact = next((f.shape_fact for f in failing if f.shape_fact and f.values is not None), None)
    if not fact:
        return []
    # a measured shape, or the task's axes in another order (read from the shapes themselves)
    verified = not fact.startswith("measured")
    at = _axes_set_at(source, entry) if verified else None
    where = {"line": at, "code": source.splitlines()[at - 1].strip()} if at else {}
    return [{"mistake": "shape", "message": fact, "verified": verified, **where}]


def _axes_set_at(source: str | None, entry: str) -> int | None:
    """The line that makes what the entry function returns, where that line sets its axes' order (a broadcast by
    `None`, a transpose, a stack, an einsum, a reshape): where an axis put elsewhere is put there."""
    import ast

    try:
        tree = ast.parse(source or "")
    except SyntaxError:
        return None
    fn = next((n for n in tree.body if isinstance(n, ast.FunctionDef) and n.name == entry), None)
    returns = [r for r in ast.walk(fn) if isinstance(r, ast.Return) and r.value is not None] if fn else []
    if len(returns) != 1:
        return None
    made = returns[0]
    if isinstance(made.value, ast.Name):  # return bias: the one assignment that made it
        assigns = [n for n in ast.walk(fn) if isinstance(n, ast.Assign) and len(n.targets) == 1
                   and isinstance(n.targets[0], ast.Name) and n.targets[0].id == made.value.id]
        if len(assigns) != 1:
            return None
        made = assigns[0]
    sets_axes = any(isinstance(n, ast.Constant) and n.value is None
                    for p in ast.walk(made.value) if isinstance(p, ast.Subscript) for n in ast.walk(p.slice)) or \
        any(isinstance(n, ast.Call) and (getattr(n.func, "attr", None) or getattr(n.func, "id", None)) in
            ("transpose", "permute", "swapaxes", "moveaxis", "stack", "einsum", "reshape", "view", "expand_dims",
             "unsqueeze", "broadcast_to") for n in ast.walk(made.value)) or \
        any(isinstance(n, ast.Attribute) and n.attr in ("T", "mT") for n in ast.walk(made.value))
    return made.lineno if sets_axes and made.lineno == made.end_lineno else None
