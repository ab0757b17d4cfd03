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
CORE_STEPS = {"no-scale": "scaled", "scale-d": "scaled", "scale-d-model": "scaled",
              "softmax-axis": "weights", "no-max-subtraction": "weights", "softmax-global-max": "weights"}


def slip_step(grader, slip: str) -> str | None:
    """The reference step the slip alters, where the grader's steps have it."""
    names = [s.name for s in getattr(grader, "STEPS", None) or []]
    step = {**CORE_STEPS, **getattr(grader, "SLIP_STEPS", {})}.get(public(slip))
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
