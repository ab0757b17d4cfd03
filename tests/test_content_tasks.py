"""Every rule a drill's grader enforces is stated in its task.md (issue 45). The rules are read from
the drill itself (its metadata, its grader's cases, slips and constants), not from a list kept by
hand, so a new case or slip that the task does not state fails here."""

from __future__ import annotations

import re

import pytest
import torch

from studyxf.grading import catalogue
from studyxf.grading.judge import runcases

DRILLS = catalogue.all_drills()
SHIPPED = sorted(n for n, d in DRILLS.items() if d.folder.parent.name == "drills")

# how a task says each rule (a regex, case-insensitive, on the text with its lines joined)
SAYS = {
    "dtype": r"(input|q|a|x)'s (shape and )?dtype|same shape and dtype",
    "unmodified": r"must not be modified|must stay unmodified",
    "zeros": r"outputs? zeros",
    "bottom-right": r"bottom-right",
    "tril(Tk - Tq)": r"Tk - Tq",
    "SDPA's is_causal is top-left": r"is_causal.{0,80}top-left|top-left.{0,80}is_causal",
    "exact GELU": r"exact.{0,40}(erf|GELU)",
    "floating output, torch or NumPy": r"floating dtype.{0,60}torch\s+tensor",
    "ints": r"\bints?\b",
    "no NumPy form": r"no NumPy form",
}


def _default(entry: str, name: str):
    found = re.search(rf"\b{name}=(\w+)", entry)
    return {"True": True, "False": False}.get(found.group(1)) if found else None


def enforced(drill) -> dict[str, list[str]]:
    """The rules the drill's grader enforces -> the regexes (all required) that state them."""
    grader = runcases.load_grader(str(drill.folder))
    slips = set(getattr(grader, "SLIPS", []))
    rules: dict[str, list[str]] = {}
    if drill.data["kind"] == "module":  # an nn.Module: torch only, in the dtypes of its configurations
        from studyxf.grading.judge.module_drill import CONFIGS

        rules["no NumPy form"] = [SAYS["no NumPy form"]]
        configs = getattr(grader, "CONFIGS", CONFIGS)
        for dtype in {str(c[4]).removeprefix("torch.") for c in configs}:
            rules[f"input dtype {dtype}"] = [re.escape(dtype)]
        for name in {k for c in configs if len(c) > 5 for k in c[5]}:  # a parameter the configs vary
            rules[f"parameter {name}"] = [re.escape(name)]
    else:
        cases = grader.cases()
        floats = {str(a.dtype).removeprefix("torch.") for c in cases for a in c.tensor_args()}
        tensors = any(isinstance(a, torch.Tensor) for c in cases for a in c.args)
        for dtype in floats:
            rules[f"input dtype {dtype}"] = [re.escape(dtype)]
        if any(c.out_type and c.out_type[0] is int for c in cases):  # the result's type, enforced
            rules["returns an int"] = [r"\bint\b"]
        if any(c.out_dtype is None and c.tensor_args() for c in cases):
            rules["dtype"] = [SAYS["dtype"]]
        if tensors:
            rules["unmodified"] = [SAYS["unmodified"]]
        if any(c.out_dtype == "float" for c in cases):
            rules["floating output, torch or NumPy"] = [SAYS["floating output, torch or NumPy"]]
        if not floats and any(type(a) is int for c in cases for a in c.args) and drill.data["kind"] == "function":
            rules["ints"] = [SAYS["ints"]]
        default = _default(drill.data["entry"], "causal")
        modes = {c.kwargs.get("causal", default) for c in cases} - {None}
        if modes == {True, False}:  # both graded: the task says both
            rules["causal=True and causal=False"] = [r"causal=True", r"causal=False"]
        bound = getattr(grader, "MEMORY_BOUND", None)
        if bound is not None:
            rules[f"memory bound {bound}"] = [re.escape(f"{bound}x")]
    if "causal-top-left" in slips:  # the mask aligned bottom-right, unlike SDPA's is_causal
        for rule in ("bottom-right", "tril(Tk - Tq)", "SDPA's is_causal is top-left"):
            rules[rule] = [SAYS[rule]]
    if "masked-row-nan" in slips and drill.data["kind"] != "module":
        rules["zeros"] = [SAYS["zeros"]]
    if "gelu-tanh" in slips:
        rules["exact GELU"] = [SAYS["exact GELU"]]
    return rules


def missing(drill, text: str) -> list[str]:
    flat = " ".join(text.split())  # a phrase may wrap across lines
    return [rule for rule, phrases in enforced(drill).items()
            if not all(re.search(p, flat, re.I | re.S) for p in phrases)]


def _task(drill) -> str:
    return (drill.folder / drill.data.get("task", "task.md")).read_text(encoding="utf-8")


@pytest.mark.parametrize("name", SHIPPED)
def test_the_task_states_every_rule_the_grader_enforces(name):
    drill = DRILLS[name]
    assert not missing(drill, _task(drill)), f"{name}/task.md does not state: {missing(drill, _task(drill))}"


def test_the_rules_are_read_from_the_drills_and_a_statement_without_them_fails():
    """The derivation finds the audit's rules, and the texts it read before this issue fail."""
    rules = {n: set(enforced(DRILLS[n])) for n in ("gqa", "flash-attention", "flash-attention-triton", "mlp-gelu",
                                                     "sinusoidal", "transformer-block", "causal-self-attention")}
    assert {"bottom-right", "SDPA's is_causal is top-left", "zeros", "dtype", "unmodified",
            "input dtype float32", "input dtype float64"} <= rules["gqa"]
    assert {"memory bound 0.4", "SDPA's is_causal is top-left"} <= rules["flash-attention"]
    assert "causal=True and causal=False" in rules["flash-attention-triton"]
    assert {"exact GELU", "unmodified"} <= rules["mlp-gelu"]
    assert {"ints", "floating output, torch or NumPy"} <= rules["sinusoidal"] and "unmodified" not in rules["sinusoidal"]
    assert {"exact GELU", "no NumPy form"} <= rules["transformer-block"]
    assert "no NumPy form" in rules["causal-self-attention"]
    flash = DRILLS["flash-attention"]
    before = _task(flash).replace("0.4x", "well under half of")
    assert "memory bound 0.4" in missing(flash, before)
    gqa = DRILLS["gqa"]
    assert "SDPA's is_causal is top-left" in missing(gqa, _task(gqa).split("This is not")[0])


def test_no_bottom_right_drill_gives_tril_0_as_the_fix():
    """Where causal is bottom-right (the grader names `causal-top-left`), tril(0) is that very slip
    as soon as Tq != Tk: the mask-diagonal message gives the aligned diagonal instead (audit 1.4)."""
    for name in SHIPPED:
        drill = DRILLS[name]
        if "causal-top-left" in getattr(runcases.load_grader(str(drill.folder)), "SLIPS", []):
            message = drill.mistakes.get("mask-diagonal", "")
            assert "tril(0) for what may be seen" not in message and "tril(0), not" not in message, name
            assert "only" in message and "tril(0)" in message, name  # says where tril(0) is right
