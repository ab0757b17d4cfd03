"""A catalogued slip verified by the learner's code as well as by the values (issue 44, item 1): two
slips may give the same numbers (a d_head taken from the KV heads gives the full multi-head cache,
as caching every query head does), so a slip that fits the values is said only where the step at
which the learner's values leave the reference (localise.py) is one the slip can alter.

Each slip alters one step of the drill's reference (steps.py): the grader's SLIP_STEPS names it
(`{"kv-mha": "per_token_layer"}`), the attention core's slips have it below. A slip without a step
is judged by its values alone, as before. Runs in the judge; plain data, no torch."""

from __future__ import annotations

from studyxf.grading.judge.families import public

# the attention core's slips (families.attend) and the steps of steps.attention_steps they alter
# (the earliest step each alters: a mask slip leaves the scores as they are and alters 'masked')
CORE_STEPS = {"no-scale": "scaled", "scale-d": "scaled", "scale-d-model": "scaled", "scale-after-softmax": "scaled",
              "softmax-axis": "weights", "no-max-subtraction": "weights", "softmax-global-max": "weights",
              **dict.fromkeys(["mask-inverted", "mask-diagonal", "mask-ignored", "mask-fill-zero", "mask-fill-finite",
                               "mask-transposed", "mask-added", "mask-first-batch", "mask-after-softmax",
                               "causal-top-left", "cross-causal"], "masked"),
              "masked-row-nan": "weights", "weights-transposed": "output", "weights-mixed": "output",
              "heads-no-transpose": "q", "no-output-projection": "projected", "cross-kv-from-decoder": "k_proj",
              # a slip's parameter may say which step it alters: the merge alone, the output projection's weights
              "heads-no-transpose:split": "q", "heads-no-transpose:merge": "merged",
              "weights-transposed:o": "projected"}


def slip_step(grader, slip: str) -> str | None:
    """The reference step the slip alters, where the grader's steps have it."""
    names = [s.name for s in getattr(grader, "STEPS", None) or []]
    known = {**CORE_STEPS, **getattr(grader, "SLIP_STEPS", {})}
    step = known.get(slip) or known.get(public(slip))
    return step if step in names else None


def contradicted(grader, slip: str, found: dict | None) -> bool:
    """Whether the learner's code contradicts the slip: the localisation, verified (the change it
    found, made in the reference, gives the learner's outputs on every failing case), puts every
    difference at a step before the one the slip alters, a step the slip leaves as the reference's.
    A difference at that step or after it (a line that computes several steps at once) agrees."""
    step = slip_step(grader, slip)
    if step is None or not found or not found.get("verified") or not found.get("all"):
        return False
    names = [s.name for s in grader.STEPS]
    at = [f.get("step") for f in found["all"]]
    if any(s not in names for s in at):
        return False
    return all(names.index(s) < names.index(step) for s in at)


def agreeing(grader, named: list[str], found: dict | None) -> list[str]:
    """The named slips the learner's code does not contradict."""
    return [s for s in named if not contradicted(grader, s, found)]


# slips whose values differ only where they are NaN: no line's values tell where the guard is missing
NAN_ONLY = {"masked-row-nan"}


def _looped(source: str | None) -> set[int]:
    """The lines inside a loop of the learner's file: there a per-head loop's value may match a step
    by its shape alone (out[:, h] = ... holds the heads so far)."""
    import ast

    try:
        tree = ast.parse(source or "")
    except SyntaxError:
        return set()
    return {ln for n in ast.walk(tree) if isinstance(n, (ast.For, ast.While))
            for ln in range(n.lineno + 1, (n.end_lineno or n.lineno) + 1)}


def lines(grader, named: list[str], found: dict | None, source: str | None = None) -> dict[str, dict]:
    """Each named slip's line, code, step and comparator from the localisation's differences (the
    contract's `line`: the first line whose value leaves the step it tracks): the difference at
    the step the slip alters, else, where the localisation found one difference only, that one
    at a later step (a line computing several steps at once), given to one slip; never a
    difference the localisation could not describe, but for the attention core's slips at their
    very step on a line outside any loop of `source` (the learner's file). A slip without a known
    step gets the line only where it is the one slip named and the localisation found one difference."""
    if not found or not found.get("all"):
        return {}
    names = [s.name for s in getattr(grader, "STEPS", None) or []]
    # a difference the localisation could not describe ("values differ") may sit on a line that
    # only happened to match the step (a loop's stacked heads, a size): no line is said from it
    diffs = [d for d in found["all"] if d.get("line") is not None and d.get("step") in names
             and d.get("how") != "values differ"]
    # ...but the attention core's steps are made one per line in every style (the scores masked, the
    # heads merged): where the slip the values verify alters that very step, a line outside any loop
    # whose values leave it is where the slip acts (over the goldens: 9 such lines the manifests', 0
    # other; the drills' own steps, RoPE's angles or a KV head's copies, gave 29 wrong lines in 46)
    looped = _looped(source)
    plain = [d for d in found["all"] if d.get("how") == "values differ" and d.get("line") is not None
             and d.get("step") in names and d["line"] not in looped] if source is not None else []
    out, claimed = {}, set()
    for slip in named:
        step = slip_step(grader, slip)
        exact = next((i for i, d in enumerate(diffs) if step is not None and d["step"] == step), None)
        core = public(slip) in CORE_STEPS and public(slip) not in NAN_ONLY
        same = next((d for d in plain if core and d["step"] == step and all(d["line"] != e["line"] for e in diffs)),
                    None) if exact is None else None
        if same is not None:
            diffs.append(same)
            exact = len(diffs) - 1
        if exact is not None:
            out[slip], claimed = diffs[exact], claimed | {exact}
    # later steps, the slip nearest to them first
    rest = sorted((s for s in named if s not in out and slip_step(grader, s) is not None),
                  key=lambda s: -names.index(slip_step(grader, s)))
    # one line where every difference starts: verified, or a loop's line (bias[h, i, j] = m * (j - i) makes
    # every step at once); an unverified region at 'masked' may be what q and k rotated otherwise on a line
    # of their own left below the diagonal
    for slip in rest if len(found["all"]) == 1 else []:
        at = names.index(slip_step(grader, slip))
        later = next((i for i, d in enumerate(diffs) if i not in claimed and names.index(d["step"]) > at
                      and not str(d.get("how", "")).startswith("values differ")  # a described one
                      and (found.get("verified") or source is None or d["line"] in looped)), None)
        if later is not None:
            out[slip], claimed = diffs[later], claimed | {later}
    if len(named) == 1 and not out and slip_step(grader, named[0]) is None and len(diffs) == 1 \
            and len(found["all"]) == 1:
        out[named[0]] = diffs[0]
    return {s: {k: d.get(k) for k in ("line", "code", "step", "how")} for s, d in out.items()}


def with_topics(grader, entries: list[dict]) -> list[dict]:
    """Each cause localised at a step of the reference (no catalogued id) with `topics`: the ids of
    the catalogued slips that alter that step, which the drill's hints are tagged with, so that the
    hint on that step comes first (a sigmoid at 'weights': the softmax's hint)."""
    if not getattr(grader, "STEPS", None):
        return entries
    slips = {public(s) for s in getattr(grader, "SLIPS", [])}
    known = [s for s in {**CORE_STEPS, **getattr(grader, "SLIP_STEPS", {})} if s in slips]  # as the table has them
    out = []
    for d in entries:
        step = d.get("step")
        if d.get("mistake") in (None, "located", "localised") and step:
            ids = [s for s in known if slip_step(grader, s) == step]
            if ids:
                d = {**d, "topics": ids}
        out.append(d)
    return out
