"""A first edit chosen by the step it mends: where the localisation saw the values leave a step at a line
and no one or two edits mend the file (a third slip beside two, or a pair whose answers no single edit
brings nearer), each edit of that line is traced on a failing case, and those whose value there becomes
the reference's step are made first, before the search for the rest (repair.mended). The output's
closeness cannot guide that choice when a later slip scrambles every number; the step's own value can.
Runs in the judge."""

from __future__ import annotations

import types

import numpy as np

MOST = 24  # edits of the localised lines traced (one call each)
CASES = 2  # failing cases tried until one shows the departure at the line
FEEDING = 2  # lines that assign what the localised line reads, whose edits are traced after its own


def _values_at(trace, line: int) -> list[np.ndarray]:
    return [e["value"] for e in trace.every if e["line"] == line]


def _reached(localiser, values: list, step: str, ref: dict) -> int:
    """How far past `step` the values recorded at the line go: -1 where none is the step's value nor a later
    step's (up to the layouts the localisation reads), else the index of the latest step one of them is, counted
    from `step` (a line that computes the scores and scales them holds the scaled scores: 1 past 'scores')."""
    from studyxf.grading.judge import compare

    names = localiser.names
    if step not in names:
        return -1
    best = -1
    for value in values:
        want = ref.get(step)
        if want is not None and value.shape == want.shape and value.dtype != bool and want.dtype != bool and \
                compare.same(value.astype(np.float64), want, localiser.rtol, localiser.atol):
            best = max(best, 0)
        seen = localiser._matches(value, ref)
        if seen and seen in names and names.index(seen) >= names.index(step):
            best = max(best, names.index(seen) - names.index(step))
    return best


def _trace(remote, case, source: str, original: bool):
    from studyxf.grading.judge import localise

    if hasattr(case, "request"):  # a module drill's config: the copy built, loaded and its forward traced
        ask = {**case.request(source), "trace": True}
    else:
        ask = {**remote.patched_request(case, source), "op": "trace", **({"source": None} if original else {})}
    answer = remote.ask(ask, remote.limit(case))
    if "trace" not in answer:
        return None
    return localise.Trace(answer["trace"], source)


def first_edits(source: str, framework: str, grader, remote, wrong: list, left: tuple, kinds_of) -> list[dict]:
    """The edits of the localised lines (`left`: (line, step) pairs) after which the value at that line is
    the reference's step on a failing case the learner's file leaves there, the likeliest first;
    `kinds_of(case)`: the entry's inputs' kinds (edits.candidates)."""
    from studyxf.grading.judge import edits, flow, localise, steps as st

    if not getattr(grader, "STEPS", None) or not left or remote.gone:
        return []
    out = []
    for line, step in left:
        for case in [c for c in wrong if getattr(c, "driver", None) is None][:CASES]:
            try:
                trace = _trace(remote, case, source, original=True)
                if trace is None:
                    continue
                localiser = localise.Localiser(grader, [], types.SimpleNamespace(case=case), trace)
                ref = {n: localise._np(v) for n, v in st.run(grader.STEPS, st.inputs64(case)).items()
                       if n in localiser.names}
            except Exception:  # noqa: BLE001 - a case the reference cannot run: the next
                continue
            if _reached(localiser, _values_at(trace, line), step, ref) >= 0:
                continue  # this case leaves the step elsewhere
            at = [c for c in edits.candidates(source, framework, [line], kinds_of(case)) if c["line"] == line]
            # (then the edits of the nearest lines that assign what it reads: `s4_mask = torch.triu(...)` above
            # `s3_scores.masked_fill(~s4_mask, ...)`, the mask made wrong where it is filled in)
            feeding = flow.feeding(source, line)[:FEEDING]
            fed = [c for c in edits.candidates(source, framework, feeding, kinds_of(case)) if c["line"] in feeding]
            mends = []
            for candidate in sorted(at, key=lambda c: c["rank"])[:MOST] + sorted(fed, key=lambda c: c["rank"])[:MOST]:
                if remote.gone:
                    return out
                copy = _trace(remote, case, candidate["source"], original=False)
                far = _reached(localiser, _values_at(copy, line), step, ref) if copy is not None else -1
                if far >= 0:
                    mends.append((far, candidate))
            # the furthest first: `sqrt(d_model)` made `sqrt(d_model // h)` gives the scaled scores, `sqrt(B)` with
            # B = 1 only the unscaled ones the step before
            out += [c for _, c in sorted(mends, key=lambda e: (-e[0], e[1]["rank"]))]
            break
    return out
