"""A catalogued slip the diagnosis named without a line (no form of it in the file: `return ctx` where
`ctx @ w_o` belongs), placed at the one edit whose copy leaves the other named slips alone: on every
failing case the edited file's answer is the reference with only those slips made. The closeness
to the reference cannot find that edit while another slip keeps every number wrong; the other
slips' own output can. Runs in the judge."""

from __future__ import annotations

from itertools import product

from studyxf.grading.judge.families import public
from studyxf.grading.judge.judging import matches

CONFIRM = 2  # failing cases besides the smallest on which the edit's copy must give the other slips' output
UNPLACEABLE = {"located", "raised", "measured", "input-modified", "dtype-promoted", "dtype-lowered"}


def _catalogued(d: dict) -> bool:
    return bool(d.get("verified")) and d.get("mistake") not in UNPLACEABLE and d.get("mistake") is not None


def _ids(mistake: str, slips: list[str]) -> list[str]:
    return [s for s in slips if public(s) == mistake]


def _sets(unplaced: dict, others: list[dict], slips: list[str]) -> list[tuple[str, frozenset]]:
    """Each reading of the named slips in the grader's own ids (a public name may stand for several):
    the unplaced slip's id and the others' set."""
    mine, theirs = _ids(unplaced["mistake"], slips), [_ids(d["mistake"], slips) for d in others]
    if not mine or not all(theirs):
        return []
    return [(m, frozenset(rest)) for m in mine for rest in product(*theirs)][:8]


def placed(named: list[dict], source: str | None, entry: str, remote, wrong: list, framework: str,
           slips: list[str]) -> list[dict]:
    """`named` with each catalogued slip said without a line (or two said at one line) given the line of the
    edit whose copy answers every failing case as the other named catalogued slips alone do (their variant),
    with the fix."""
    from studyxf.grading.judge import edits, mend, repair, slip_code

    # (or said at a line another catalogued slip is said at too: the return both values reach)
    shared = [d for d in named if _catalogued(d) and d.get("line") and
              sum(e.get("line") == d["line"] and _catalogued(e) for e in named) > 1]
    # (not one a form of its own in the file places: slip_code.placed says it there)
    unplaced = [d for d in [e for e in named if _catalogued(e) and not e.get("line")] + shared
                if slip_code.line_of(d["mistake"], source) is None]
    if not unplaced or source is None or "triton" in source or remote.gone:
        return named
    plain = [c for c in wrong if c.validate is None and c.device is None and getattr(c, "driver", None) is None]
    if not plain or len(plain) != len(wrong):
        return named
    order = sorted(plain, key=repair._smallest_and_least_alike)
    search = repair.Search(remote, order, order[0])
    singles = edits.candidates(source, framework, [], repair.kinds(source, entry, order[0]))
    lines = source.splitlines(keepends=True)
    out = list(named)
    for d in unplaced:
        others = [e for e in named if e is not d and _catalogued(e)]
        # the other causes an edit verified, made first (the eps written as its default, beside the axis)
        made = [c for e in named if e is not d and e.get("mistake") == "located" and e.get("verified")
                for c in [_edit_of(e, singles)] if c is not None]
        if not others and not made:
            continue  # the slip alone: an edit that mends it mends every case, which repair's own search tries
        base = mend.applied(lines, [(c["span"], c["now"]) for c in made]) if made else source
        # the reading that gives the learner's answer with the unplaced slip, on the cases where that slip shows
        # (exp overflowing only on large logits: on the rest a copy without it answers the same), then the others'
        # output without it
        reading = None
        for m, o in _sets(d, others, slips):
            shows = [c for c in order if _shows(c, m, o)][:1 + CONFIRM]
            # (on each of them: one token's heads split one way or another alike, a larger case tells them apart)
            if shows and all(_fits(search.answer(base, c)[1], c.variant_of(o | {m}), c.dtype) for c in shows):
                reading = (m, o, shows)
                break
            if remote.gone:
                return out
        if reading is None:
            continue
        (first, *rest), target = reading[2], {id(c): c.variant_of(reading[1]) for c in reading[2]}
        taken = {e.get("line") for e in out if e.get("line") and e.get("line") != d.get("line")}
        for c in singles:
            if remote.gone:
                return out
            if c["line"] in taken or any(_overlap(c, m) for m in made):
                continue
            copy = mend.applied(lines, [(m["span"], m["now"]) for m in made] + [(c["span"], c["now"])]) \
                if made else c["source"]
            if not _fits(search.answer(copy, first)[1], target[id(first)], first.dtype):
                continue
            # (then on every case that failed: the slip's fix leaves them as the others alone make them)
            if all(_fits(search.answer(copy, case)[1], target.get(id(case), case.variant_of(reading[1])), case.dtype)
                   for case in rest + [k for k in order if k not in reading[2]]):
                if c["line"] == d.get("line"):
                    break  # its edit is at the line it is said at already
                fix = f"line {c['line']}: `{c['code']}` with `{c['now']}` for `{c['was']}`" + \
                    "".join(f" and the change at line {m['line']}" for m in made)
                named_left = [e["mistake"] for e in others]
                words = f"(measured: {fix}, every failing case answers as {' and '.join(named_left)} alone " \
                        f"{'does' if len(named_left) == 1 else 'do'})" if named_left else \
                    f"(measured: {fix}, every failing case passes)"
                out[next(i for i, e in enumerate(out) if e is d)] = {
                    **d, "line": c["line"], "code": c["code"], "message": f"{d.get('message') or ''} {words}".strip()}
                break
    return out


def _edit_of(said: dict, singles: list[dict]) -> dict | None:
    """The edit a located cause was verified with (its `how`: "...: `was` where `now` belongs"), of those listed."""
    how = str(said.get("how") or "")
    return next((c for c in singles if c["line"] == said.get("line") and
                 how.endswith(f"`{c['was']}` where `{c['now']}` belongs")), None)


def _overlap(a: dict, b: dict) -> bool:
    (la, sa, ea), (lb, sb, eb) = a["span"], b["span"]
    return la == lb and not (eb <= sa or ea <= sb)


def _shows(case, slip: str, others: frozenset) -> bool:
    """Whether the slip changes this case's output, beside the others."""
    a, b = case.variant_of(others | {slip}), case.variant_of(others)
    return a is not None and b is not None and not _fits(a, b, case.dtype)


def _fits(got, variant, dtype: str) -> bool:
    return got is not None and variant is not None and got.shape == variant.shape and matches(got, variant, dtype)[0]
