"""Driven drills (kv-cache's decode_step, called chunk by chunk with the caches it returned): the
first call whose returned state leaves the reference, given the state the learner's own previous
call returned, and which entry (the newest position, the older ones, keys or values) and how,
read from the values alone; the learner's line that made it; verified by driving the change made
in the reference through every failing case. A grader opts in with WRITTEN (the state's position
axis and the positions a call writes) and STATE (each returned state step -> what it holds, in
words). Runs in the judge, before the general search of CallLocaliser (below: a driven case's calls
localised one at a time)."""

from __future__ import annotations

import dataclasses

import numpy as np
import torch

from studyxf.grading.judge import compare, localise, steps as st
from studyxf.grading.judge.judging import matches


def first_call_off(grader, cases: list[dict], traced: dict, trace, deadline: int) -> dict | None:
    """The first call whose returned state differs from the reference's on that call's own
    arguments, read; or a call whose output differs while its state is right, read where one of
    its values is a step with its newest positions left out. None when neither reading holds
    (the general search goes on)."""
    if not getattr(grader, "WRITTEN", None) or not getattr(grader, "STATE", None):
        return None
    for call in range(len(trace.entries)):
        if localise.clock() > deadline:
            return None
        try:
            loc = CallLocaliser(grader, cases, traced, trace, [], call)
            loc.deadline = deadline
            ref = loc._ref({})
            said = _state_off(grader, loc, ref, call)
            if said is not None:
                return said
            if not _output_right(loc, ref):
                return _slice_left_out(grader, loc, ref, call)
        except localise.OutOfTime:
            return None
        except Exception:  # noqa: BLE001 - a reading that cannot be made says nothing
            return None
    return None


def _output_right(loc, ref: dict) -> bool:
    got, want = loc.traced.got, ref[loc.final]
    return want is not None and got.shape == want.shape and compare.same(got, want, loc.rtol * 10, loc.atol * 10)


def _returned(loc, i: int):
    e = next((e for e in loc.trace.events if e["name"] == f"<return>[{i}]"), None)
    return None if e is None else e["value"]


def _called(grader, loc, call: int) -> str:
    axis, span = grader.WRITTEN
    start, stop = span(loc.env)
    new = stop - start
    return (f"call {call + 1} (start_pos = {start}, {new} new token{'s' if new != 1 else ''}, "
            f"position{'s' if new != 1 else ''} {_positions(range(start, stop))})")


def _positions(rows) -> str:
    rows = list(rows)
    if len(rows) == 1:
        return str(rows[0])
    if rows == list(range(rows[0], rows[-1] + 1)):
        return f"{rows[0]}..{rows[-1]}"
    return ", ".join(map(str, rows[:6]))


def _store_step(loc, name: str, ref: dict) -> str:
    """The step the later steps read the state from (cache_k_new), where the returned one is a copy
    of it: the earliest step holding the same values."""
    for n in loc.names:
        if ref[n] is not None and ref[n].shape == ref[name].shape and ref[n].dtype != bool \
                and compare.same(ref[n], ref[name], 1e-12, 1e-12):
            return n
    return name


def _state_off(grader, loc, ref: dict, call: int) -> dict | None:
    axis, span = grader.WRITTEN
    start, stop = span(loc.env)
    for i, name in enumerate(grader.STEP_RETURN):
        if name not in grader.STATE:
            continue
        mine, want = _returned(loc, i), ref[name]
        if mine is None or want is None or mine.shape != want.shape or compare.same(mine, want, loc.rtol, loc.atol):
            continue
        store = _store_step(loc, name, ref)
        given = st.as_numpy(loc.env[loc.of[name]]) if loc.of.get(name) in loc.env else None
        if given is not None and given.shape == mine.shape and compare.same(mine, given, loc.rtol, loc.atol):
            # returned as it was given, where the reference's holds this call's entries: a fact of the
            # values alone, said at the return (beside a second slip, the whole call is not replayed)
            line = _return_line(loc, i)
            parts = [loc.of.get(n) or n for j, n in enumerate(grader.STEP_RETURN) if n in grader.STATE
                     and _as_given(loc, n, _returned(loc, j), ref)]
            what = " and ".join(grader.STATE[n] for n in grader.STEP_RETURN if (loc.of.get(n) or n) in parts)
            how = (f"{_called(grader, loc, call)} returns the {' and '.join(parts)} it was given: the {what} must "
                   f"hold this call's entries at positions {_positions(range(start, stop))}: return the updated "
                   f"cop{'ies' if len(parts) > 1 else 'y'}, not the one{'s' if len(parts) > 1 else ''} passed in")
            one = {"line": line, "code": loc.trace.code(line) if line else None, "step": _store_step(loc, name, ref),
                   "how": how}
            # the change that replays it (with a second slip's, where one is found beside it)
            change = {n: (lambda e, r, g=loc.of[n]: st.as_numpy(e[g])) for n in grader.STEP_RETURN
                      if n in grader.STATE and loc.of.get(n) in parts}
            return {**one, "comparator": "state-returned-as-given", "verified": True, "all": [one],
                    "_change": change, "_found": []}
        diff = ~compare.close(mine, want, loc.rtol, loc.atol)
        rows = np.nonzero(diff.any(axis=tuple(a for a in range(mine.ndim) if a != axis)))[0].tolist()
        new = list(range(start, stop))
        what = grader.STATE[name]
        reading = _reading(grader, loc, ref, store, mine, want, given, rows, new, axis, what)
        part = loc.of.get(name) or name
        where = ("the newest position" if rows == [stop - 1] else
                 "its new entr" + ("y" if len(rows) == 1 else "ies") if set(rows) <= set(new) else
                 "entries at positions it was not to write")
        which = (f"{where} ({'position' if len(rows) == 1 else 'positions'} {_positions(rows)}"
                 f"{' of the ones it writes, ' + _positions(new) if set(rows) < set(new) else ''})")
        called = _called(grader, loc, call)
        fallback = _line_holding(loc, mine, exclude_return=True, name=part) or _return_line(loc, i)
        if reading is None:
            one = {"line": fallback, "code": loc.trace.code(fallback) if fallback else None, "step": store,
                   "how": f"values differ: in {called}, the first call whose returned {part} (the {what}) leaves "
                          f"the reference, at {which}"}
            return {**one, "comparator": None, "verified": False, "all": [one], "_change": {}, "_found": []}
        how, change, line, kind = reading
        line = line or fallback
        verified = change is not None and loc.reproduces(change)
        text = (f"{called} is the first call whose returned {part} (the {what}) leaves the reference, at {which}: "
                f"{how}" if verified else
                f"values differ: in {called}, the first call whose returned {part} (the {what}) leaves the "
                f"reference, at {which}: {how}")
        one = {"line": line, "code": loc.trace.code(line) if line else None, "step": store, "how": text}
        return {**one, "comparator": kind if verified else None, "verified": verified, "all": [one],
                "_change": change or {}, "_found": []}
    return None


def _as_given(loc, name: str, mine, ref: dict) -> bool:
    """State part `name`, returned as `mine`, is the one the call was given where the reference's differs."""
    given = st.as_numpy(loc.env[loc.of[name]]) if loc.of.get(name) in loc.env else None
    want = ref.get(name)
    return mine is not None and given is not None and want is not None and given.shape == mine.shape \
        and compare.same(mine, given, loc.rtol, loc.atol) and not compare.same(want, given, loc.rtol, loc.atol)


def _return_line(loc, i: int) -> int | None:
    e = next((e for e in loc.trace.events if e["name"] == f"<return>[{i}]"), None)
    return None if e is None else e["line"]


def _slab(a: np.ndarray, axis: int, rows) -> np.ndarray:
    return np.take(a, list(rows), axis=axis)


def _put(r: np.ndarray, axis: int, rows, slab: np.ndarray) -> np.ndarray:
    out = np.array(r, dtype=np.float64, copy=True)
    index = [slice(None)] * out.ndim
    index[axis] = list(rows)
    out[tuple(index)] = slab
    return out


def _reading(grader, loc, ref, store, mine, want, given, rows, new, axis, what):
    """(how, change on the state step, the learner's line, comparator id) or None."""
    span = grader.WRITTEN[1]
    of = loc.of.get(store)

    def new_rows(e):
        start, stop = span(e)
        return list(range(start, stop))

    # 1. new positions left unwritten: they keep what the given state held there (zeros at first)
    if given is not None and set(rows) <= set(new):
        kept = [r for r in rows if compare.same(_slab(mine, axis, [r]), _slab(given, axis, [r]), loc.rtol, loc.atol)]
        if kept == rows:
            k = len(rows)
            if rows == new:
                pick, words = (lambda ns: ns), "the new positions are"
            elif rows == new[len(new) - k:]:
                pick, words = (lambda ns, k=k: ns[len(ns) - k:]), ("the newest position is" if k == 1 else
                                                                   f"the last {k} new positions are")
            elif rows == new[:k]:
                pick, words = (lambda ns, k=k: ns[:k]), ("the first new position is" if k == 1 else
                                                         f"the first {k} new positions are")
            else:
                pick, words = None, "some new positions are"
            how = (f"{words} never written: {'it keeps' if k == 1 else 'they keep'} what the {of} given held there, "
                   f"so this call and the next attend to {'it' if k == 1 else 'them'} as zeros (write every new "
                   f"position, start_pos .. start_pos + T - 1)")
            change = {store: lambda e, r, p=pick: _put(r, axis, p(new_rows(e)),
                                                       _slab(st.as_numpy(e[of]), axis, p(new_rows(e))))} if pick else None
            return how, change, _line_holding(loc, mine, exclude_return=True, name=of), "state-unwritten"
    # 2. the new entries hold something else: another step, or this one with another step's operation
    if set(rows) <= set(new):
        got, right = _slab(mine, axis, new), _slab(want, axis, new)
        for n in loc.names:
            s = ref[n]
            if s is None or s.dtype == bool or n == store:
                continue
            fn = compare.compatible(right.shape, s.shape)
            if fn is None or not compare.same(fn(right), s, loc.rtol, loc.atol):
                continue
            back = compare.compatible(s.shape, right.shape)
            laid = fn(got)
            said = _misplaced(loc, laid, n, ref)
            if said is not None:
                how, change = said
                return how, change, _line_holding(loc, laid, shape_of=s) or _line_holding(loc, mine, True), "misplaced"
            for m in loc.names:
                sm = ref[m]
                if m in (n, store) or sm is None or sm.dtype == bool or sm.shape != s.shape \
                        or not compare.same(laid, sm, loc.rtol, loc.atol) or back is None:
                    continue
                change = {store: lambda e, r, m=m: _put(r, axis, new_rows(e), back(st.as_numpy(e[m])))}
                how = (f"the entries it writes are '{m}' ({loc.says.get(m, '')}) where '{n}' ({loc.says.get(n, '')}) "
                       f"belongs")
                return how, change, _line_holding(loc, mine, True, name=of) or _line_holding(loc, laid, shape_of=s), "state-other"
            break
    # 3. the new entries written at other positions (from 0, not from start_pos)
    if given is not None and not set(rows) <= set(new):
        right = _slab(want, axis, new)
        for at in range(0, mine.shape[axis] - len(new) + 1):
            if at == new[0] or not compare.same(_slab(mine, axis, range(at, at + len(new))), right, loc.rtol, loc.atol):
                continue
            how = (f"the new entries are written at positions {_positions(range(at, at + len(new)))}, not at "
                   f"start_pos .. start_pos + T - 1 = {_positions(new)}")
            change = None
            if at == 0:
                change = {store: lambda e, r: _put(st.as_numpy(e[of]), axis, range(len(new_rows(e))),
                                                   _slab(r, axis, new_rows(e)))}
            return how, change, _line_holding(loc, mine, exclude_return=True, name=of), "state-offset"
    return None


def _misplaced(loc, v: np.ndarray, name: str, ref: dict) -> tuple[str, dict] | None:
    """The entries written are step `name` with the operation of other steps applied (RoPE on the
    values): every step whose computation, made from `name`'s value, gives them."""
    env = {**loc.env, **{n: st.to_torch(r) for n, r in ref.items() if r is not None}}
    ops = []
    for step in loc.steps:
        if step.name == name or not step.of or step.of not in env or step.of == name:
            continue
        try:
            w = st.as_numpy(step.compute({**env, step.of: st.to_torch(ref[name])}))
        except Exception:  # noqa: BLE001 - an operation that does not fit this value
            continue
        if w is not None and w.shape == v.shape and compare.same(v, w, loc.rtol, loc.atol) \
                and not compare.same(w, ref[name], loc.rtol, loc.atol):
            ops.append(step)
    if not ops:
        return None
    step = ops[0]
    names = " and ".join(f"'{s.name}'" for s in ops)
    how = (f"they are '{name}' ({loc.says.get(name, '')}) with the operation of {names} ({step.says}) applied: "
           f"it belongs to {' and '.join(repr(s.of) for s in ops)} alone, not to '{name}'")
    change = {name: lambda e, r, s=step: st.as_numpy(s.compute({**e, s.of: st.to_torch(r)}))}
    return how, change


def _line_holding(loc, value: np.ndarray, exclude_return: bool = False, shape_of=None,
                  name: str | None = None) -> int | None:
    """The first line of the call whose value is this one (in a layout of `shape_of`'s shape), and
    no step's right value (the keys' cache written right holds what a values' cache written wrong does)."""
    ref = loc._ref({})
    held = []
    for i, e in enumerate(loc.trace.events):
        if exclude_return and e["name"].startswith("<return>"):
            continue
        v = e["value"]
        if v.dtype == bool or v.size < 2:
            continue
        if shape_of is None:
            fn = (lambda a: a) if v.shape == value.shape else None
        else:
            fn = compare.compatible(v.shape, shape_of.shape)
        try:
            if fn is not None and compare.same(fn(v).astype(np.float64), value, loc.rtol, loc.atol):
                held.append(i)
        except ValueError:
            continue
    # the name the part was given (cache_v written wrong), else a value that is no step's right one
    for i in [i for i in held if name is not None and loc.trace.events[i]["name"] == name] + \
            [i for i in held if loc._matches(loc.trace.events[i]["value"], ref) is None] + held:
        return loc._call_site(i)
    return None


def left_out_beside(grader, loc, state: dict) -> dict | None:
    """Beside a returned state read on its own (the old cache returned; `state`, its reading), the
    first call's output, made from the caches it was given whatever it returns: a step read with its
    newest positions left out (keys over cache[:, :end - 1]), verified with the state's change, or None."""
    ref = loc._ref({})
    return None if _output_right(loc, ref) else _slice_left_out(grader, loc, ref, loc.call, state["_change"])


def _slice_left_out(grader, loc, ref: dict, call: int, beside: dict | None = None) -> dict | None:
    """A call whose state is right and whose output is not: a value of the call that is a step with
    its last (newest) entries along one axis left out (keys over cache[:, :start_pos + T - 1])."""
    start, stop = grader.WRITTEN[1](loc.env)
    first, beside = None, beside or {}
    for i, e in enumerate(loc.trace.events):
        v = e["value"]
        if v.dtype == bool or v.ndim < 2 or e["name"].startswith("<return>") or loc._matches(v, ref) is not None:
            continue  # a step's right value (v, which the cache holds as its first rows) is not this
        for n in reversed(loc.names):  # the latest step of that shape ('keys', which 'k_rot' equals at first)
            s = ref[n]
            if s is None or s.dtype == bool or s.ndim != v.ndim or s.shape == v.shape:
                continue
            short = _short_of(v, s, stop, loc)
            if short is None:
                continue
            a, k = short
            newest = True
            which = f"its newest position{'s' if k > 1 else ''} ({_positions(range(stop - k, stop))})"
            line = _bound_made(loc, loc._call_site(i), k)
            fact = (f"in {_called(grader, loc, call)} '{n}' ({loc.says.get(n, '')}) is there without {which}: "
                    f"{s.shape[a] - k} of {s.shape[a]} along axis {a - s.ndim}")
            attended = getattr(grader, "ATTENDED", None)
            change = {attended: lambda e, r, k=k: _unseen(r, grader.WRITTEN[1](e)[1], k)} if attended and newest else {}
            verified = bool(change) and loc.reproduces({**beside, **change})
            how = (f"{fact}: the newest position{'s are' if k > 1 else ' is'} left out of the attention (the query "
                   f"at start_pos + i sees the keys and values up to start_pos + i, itself included: attend over "
                   f"[:, :start_pos + T])" if verified else f"values differ: {fact}")
            one = {"line": line, "code": loc.trace.code(line), "step": n, "how": how}
            said = {**one, "comparator": "newest-left-out" if verified else None, "verified": verified, "all": [one],
                    "_change": change if verified else {}, "_found": []}
            if verified:
                return said
            first = first or said
    return first


def _short_of(v: np.ndarray, s: np.ndarray, stop: int, loc) -> tuple[int, int] | None:
    """(the axis, how many) where value v, in step s's layout or another order of its axes (keys kept
    (B, S, h, d) where the step holds (B, h, S, d)), is s with its last positions along the axis that
    counts every position written so far (start_pos + T) left out; else None."""
    from itertools import permutations

    for order in permutations(range(v.ndim)):
        w = v.transpose(order)
        apart = [a for a in range(s.ndim) if s.shape[a] != w.shape[a]]
        if len(apart) != 1 or w.shape[apart[0]] >= s.shape[apart[0]] or w.shape[apart[0]] == 0:
            continue
        a = apart[0]
        if s.shape[a] == stop and compare.same(w, _slab(s, a, range(w.shape[a])), loc.rtol, loc.atol):
            return a, s.shape[a] - w.shape[a]
    return None


def _bound_made(loc, line: int, k: int) -> int:
    """The line that made the slice's bound k short (`L = start_pos + T - 1` above `cache_k[:, :L]`),
    where the slice reads a name so made; else the slice's own line."""
    import re

    code = loc.trace.code(line)
    bounds = set(re.findall(r":\s*(\w+)\s*[\],]", code))
    made = [j + 1 for j, text in enumerate(loc.trace.lines[:line - 1])
            if (m := re.match(r"\s*(\w+)\s*=\s*(.+?)\s*-\s*(\d+)\s*(#.*)?$", text))
            and m.group(1) in bounds and int(m.group(3)) == k]
    return made[0] if len(made) == 1 else line


def _unseen(r: np.ndarray, stop: int, k: int) -> np.ndarray:
    """Scores with the last k positions before `stop` along the last axis unseen (-inf)."""
    out = np.array(r, dtype=np.float64, copy=True)
    out[..., stop - k:stop] = -np.inf
    return out


class CallLocaliser(localise.Localiser):
    """A drill whose cases drive the learner's function call by call (kv-cache's decode_step, fed
    chunk by chunk): one call's values are matched with the grader's STEPS on that call's arguments
    (STEP_ARGS), and a change is checked by driving the changed steps through the case's own driver
    (STEP_RETURN names what the function returns), the outputs of every chunk compared."""

    def __init__(self, grader, failing: list, traced, trace: localise.Trace, raising, call: int):
        super().__init__(grader, failing, traced, trace.of_call(call), raising)
        self.call = call
        self.env = dict(zip(grader.STEP_ARGS, trace.entries[call]))
        x = self.env[grader.STEP_ARGS[0]]
        start, size = self.env.get("start_pos", 0), x.shape[1]
        self.whole = traced.got
        self.traced = dataclasses.replace(traced, got=traced.got[:, start:start + size])

    def _drive(self, case, change: dict):
        names = self.grader.STEP_ARGS

        def step_fn(*args):
            env = {n: (v if not hasattr(v, "detach") else v.detach().to(torch.float64)) for n, v in zip(names, args)}
            out = st.run(self.steps, env, self._wrap(change))
            return tuple(out[n] for n in self.grader.STEP_RETURN)
        return localise._np(case.driver(step_fn, *st.inputs64(case).values()))

    def reproduces(self, change: dict, drop: str | None = None, swap: tuple | None = None) -> bool:
        self._tick()
        if drop or swap:
            return False
        for f in self.failing:
            try:
                out = self._drive(f.case, change)
            except Exception:  # noqa: BLE001 - a change that cannot be made on that case
                return False
            if out is None or out.shape != f.got.shape or not matches(f.got, out, f.dtype)[0]:
                return False
        return True

    def find(self, change: dict | None = None, found: list | None = None) -> dict | None:
        """As for one call; then what the call returned: each part of the returned tuple against the
        step it must be (STEP_RETURN), for a call whose values were right but whose return was not
        (the caches returned unchanged)."""
        result = super().find(change, found)
        if result is not None and result["verified"]:
            return result
        try:
            return self._returned(result)
        except localise.OutOfTime:
            return result

    def _returned(self, result: dict | None) -> dict | None:
        """The parts of the returned tuple against STEP_RETURN (find's last reading)."""
        ref = self._ref({})
        quantities = self.quantities()
        change, parts = {}, []
        for i, name in enumerate(self.grader.STEP_RETURN):
            e = next((e for e in self.trace.events if e["name"] == f"<return>[{i}]"), None)
            s = ref[name]
            if e is None or s is None or e["value"].shape != s.shape or compare.same(e["value"], s, self.rtol, self.atol):
                continue
            prev_name = self.of[name] or self._before(self.names.index(name), ref)
            finding = compare.explain(e["value"].astype(np.float64), s, self._value(prev_name, ref), prev_name, self.env,
                                      quantities, self.rtol, self.atol, self.traced.case.dtype)
            if finding is None or finding.change is None:
                return result
            change[name] = finding.change
            how = (f"it returns '{prev_name}' as it was given, not {self.says.get(name) or name}"
                   if finding.kind == "skipped" and prev_name in self.env else
                   f"what the call returns as its part {i}: {finding.how}")
            parts.append({"line": e["line"], "code": self.trace.code(e["line"]), "step": name, "how": how,
                          "comparator": finding.kind or None})
        if parts and self.reproduces(change):  # every part returned otherwise, checked together
            return {**parts[0], "verified": True, "all": parts, "_change": change, "_found": []}
        return result

    def _holds_alone(self, change: dict) -> bool:
        """The change gives this call's own output exactly: a cause, whatever a later call shows beside it."""
        return localise.Localiser._reproduces_here(self, change)

    def _alone_words(self) -> str:
        return (f" (this change gives call {self.call + 1}'s output exactly; a later call leaves the reference "
                f"for another reason too)")

    def _reproduces_here(self, change: dict) -> bool:
        self._tick()
        try:
            out = self._drive(self.traced.case, change)
        except Exception:  # noqa: BLE001
            return False
        return out.shape == self.whole.shape and matches(self.whole, out, self.traced.dtype)[0]
