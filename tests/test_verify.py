"""A cause verified by the learner's code as well as by the values (issue 44, item 1), and every
cause of a double or triple slip, each with its line (item 2). The files are in tests/data/verify."""

from pathlib import Path

import pytest

from studyxf.grading.judge import exceptions, verify
from studyxf.grading.judge.runcases import load_grader
from tests.drill_helpers import DRILLS, grade, sort

pytestmark = pytest.mark.filterwarnings("ignore::RuntimeWarning")  # learners' numpy overflows on purpose
DATA = Path(__file__).parent / "data" / "verify"


def _graded(tmp_path, drill: str, name: str) -> tuple[dict, str]:
    source = (DATA / name).read_text()
    return grade(tmp_path, drill, source), source


def _line(source: str, text: str) -> int:
    return next(i for i, line in enumerate(source.splitlines(), 1) if text in line)


@pytest.mark.parametrize("name", ["kv_dhead_from_kv_heads.py", "kv_dhead_from_kv_heads_torch.py"])
def test_a_d_head_from_the_kv_heads_is_not_blamed_on_caching_every_query_head(tmp_path, name):
    # the values are kv-mha's (n_kv_heads x d_model / n_kv_heads = d_model), the code is not
    report, source = _graded(tmp_path, "kv-cache-size", name)
    assert report["status"] == "fail"
    assert "kv-mha" not in [sort(d) for d in report["diagnosis"]]
    first = report["diagnosis"][0]
    assert (sort(first), first["verified"], first["step"]) == ("located", True, "d_head"), first
    assert first["line"] == _line(source, '["d_model"] //')
    assert "n_kv_heads where d_model / n_heads belongs" in first["message"]  # the term, named (units.py)


def test_caching_every_query_head_is_not_said_of_code_that_multiplies_by_the_kv_heads(tmp_path):
    # holdout14's style: the config unpacked from a generator, where the trace cannot tell a step from a
    # line; the product multiplies by n_kv (no query head cached), so the d_head line's edit is the cause
    report, source = _graded(tmp_path, "kv-cache-size", "kv_dhead_unpacked.py")
    assert "kv-mha" not in [sort(d) for d in report["diagnosis"]], report["diagnosis"]
    first = report["diagnosis"][0]
    assert (first["verified"], first["line"]) == (True, _line(source, "d_model // n_kv")), report["diagnosis"]
    assert "write `n_heads` for `n_kv`" in first["message"]


@pytest.mark.parametrize("name", ["kv_mha.py", "kv_mha_torch.py"])
def test_caching_every_query_head_is_still_named_at_its_line(tmp_path, name):
    report, source = _graded(tmp_path, "kv-cache-size", name)
    first = report["diagnosis"][0]
    assert (sort(first), first["verified"]) == ("kv-mha", True), report["diagnosis"]
    assert first["line"] == _line(source, "2 * ")


def test_a_crash_at_p_at_v_gets_no_advice_about_k(tmp_path):
    # the causal range np.arange(start, start + block_size) ignores the last, partial key block: p
    # comes out a block wide where the block has one key, and `p @ v[...]` raises
    report, source = _graded(tmp_path, "flash-attention", "flash_causal_range_partial_block.py")
    entry = next(d for d in report["diagnosis"] if sort(d) == "raised")
    assert entry["line"] == _line(source, "p @ v")
    assert not entry["verified"]
    assert "swapaxes(k" not in entry["message"] and "k^T" not in entry["message"]


@pytest.mark.parametrize("code,shapes,advised", [
    ("s = q @ k / d ** 0.5", {"q": [2, 5, 4], "k": [2, 6, 4]}, True),
    ("s = q @ k.T", {"q": [2, 5, 4], "k": [2, 6, 4]}, True),
    ("s = torch.matmul(q, k)", {"q": [2, 5, 4], "k": [2, 6, 4]}, True),
    ("o = o * corr + p @ v[..., start:end, :]", {"o": [1, 2, 33, 32], "v": [1, 2, 33, 32], "p": [1, 2, 33, 8]}, False),
    ("out = w @ v", {"w": [2, 5, 6], "v": [2, 7, 3]}, False),
])
def test_the_transpose_advice_needs_a_product_on_the_line_whose_operands_fit_it(code, shapes, advised):
    raised = [("ValueError", "matmul: Input operand 1 has a mismatch in its core dimension 0", "case", False, (2, 5, 4))]
    text, verified = exceptions.explain(raised, {"line": 3, "code": code, "shapes": shapes})
    assert ("k^T needs k's last two axes swapped" in text) == advised, text
    assert verified == advised


def test_a_kernel_launched_on_one_program_is_told_its_rows_are_never_written(tmp_path):
    pytest.importorskip("triton")
    report, _ = _graded(tmp_path, "softmax-triton", "softmax_triton_grid_of_one.py")
    said = " ".join(d["message"] for d in report["diagnosis"])
    assert "random-output" not in [sort(d) for d in report["diagnosis"]]  # its advice: mask the load, which it does
    # the grid's coverage read in the sandbox (kernel_localise.py), which says it before any probe
    assert "launches 1 program" in said and "never written" in said and "it does write are right" in said


# (drill, file, the causes a learner must read, each with a line where the code shows it)
DOUBLES = [
    ("attention", "double_attention_promoted_no_scale.py", {"no-scale": "q @ np.swapaxes", "dtype-promoted": "np.float64(0)"}),
    ("attention", "double_attention_torch_inplace_scale_d.py", {"input-modified": "q /=", "scale-d": "q @ k"}),
    ("attention", "double_attention_torch_lowered_inverted.py", {"dtype-lowered": None, "mask-inverted": None}),
    ("layer-norm", "double_ln_inplace_unbiased.py", {"input-modified": "x -= mean", "ln-unbiased-variance": None}),
    ("layer-norm", "double_ln_promoted_no_beta.py", {"ln-no-beta": None, "dtype-promoted": "np.float64(eps)"}),
    ("layer-norm", "double_ln_torch_double_eps_outside.py", {"ln-eps-outside-sqrt": None, "dtype-promoted": "x.double()"}),
    ("rms-norm", "double_rms_promoted_no_gamma.py", {"rms-no-gamma": None, "dtype-promoted": "np.float64(eps)"}),
    ("rms-norm", "double_rms_torch_inplace_subtracts_mean.py", {"input-modified": "x.sub_", "rms-subtracts-mean": None}),
    ("swiglu", "double_swiglu_promoted_gelu.py", {"swiglu-gelu": None, "dtype-promoted": None}),
    ("layer-norm", "triple_ln_inplace_promoted_unbiased.py",
     {"input-modified": "x -= mean", "ln-unbiased-variance": None, "dtype-promoted": "np.float64(eps)"}),
]


@pytest.mark.parametrize("drill,name,causes", DOUBLES, ids=[d[1].removesuffix(".py") for d in DOUBLES])
def test_every_cause_of_a_double_slip_is_named(tmp_path, drill, name, causes):
    report, source = _graded(tmp_path, drill, name)
    named = {sort(d): d for d in report["diagnosis"]}
    assert set(causes) <= set(named), [(sort(d), d["line"]) for d in report["diagnosis"]]
    for mistake, text in causes.items():
        assert named[mistake].get("verified", True), named[mistake]  # an id: verified (runner._contract)
        if text is not None:  # the cause's own line, where the code shows it
            assert named[mistake]["line"] == _line(source, text), (mistake, named[mistake])




def test_a_slip_is_contradicted_only_by_a_verified_difference_before_its_step():
    grader = load_grader(str(DRILLS["kv-cache-size"].folder))
    at = lambda *steps, ok=True: {"verified": ok, "all": [{"step": s} for s in steps]}  # noqa: E731
    assert verify.contradicted(grader, "kv-mha", at("d_head"))
    assert not verify.contradicted(grader, "kv-mha", at("per_token_layer"))
    assert not verify.contradicted(grader, "kv-mha", at("output"))  # one line computing every step
    assert not verify.contradicted(grader, "kv-mha", at("d_head", ok=False))  # unverified: values alone, as before
    assert not verify.contradicted(grader, "kv-mha", None)
    attention = load_grader(str(DRILLS["attention"].folder))
    assert verify.slip_step(attention, "no-scale") == "scaled"
    assert verify.contradicted(attention, "softmax-axis:1", at("scaled"))
    assert verify.slip_step(attention, "mask-inverted") == "masked"
    assert verify.slip_step(attention, "kv-mha") is None  # not a step of this drill: judged by its values


def test_every_catalogued_slip_of_a_drill_with_steps_names_the_step_it_alters():
    # its line in the report is the localised difference at that step (verify.lines)
    from studyxf.grading.judge.families import public

    for name, drill in DRILLS.items():
        grader = load_grader(str(drill.folder))
        steps = [s.name for s in getattr(grader, "STEPS", None) or []]
        if steps:
            assert [s for s in getattr(grader, "SLIPS", []) if verify.slip_step(grader, s) is None] == [], name
            assert all(v in steps and k in {public(s) for s in grader.SLIPS}
                       for k, v in getattr(grader, "SLIP_STEPS", {}).items()), name


def test_a_catalogued_slip_takes_the_line_of_the_difference_at_its_step_and_no_guessed_one():
    attention = load_grader(str(DRILLS["attention"].folder))
    diff = lambda line, step, how="yours is ...": {"line": line, "code": "c", "step": step, "how": how}  # noqa: E731
    two = {"verified": False, "all": [diff(9, "scaled"), diff(12, "weights")]}
    said = verify.lines(attention, ["no-scale", "softmax-axis:1"], two)
    assert (said["no-scale"]["line"], said["softmax-axis:1"]["line"]) == (9, 12)  # a double slip, each at its own line
    one = {"verified": False, "all": [diff(14, "output")]}
    assert verify.lines(attention, ["mask-inverted"], one)["mask-inverted"]["line"] == 14  # one line computing all
    # several differences: a later step's line is another slip's, never guessed for this one
    assert verify.lines(attention, ["mask-inverted"], two) == {}
    # a difference the localisation could not describe gives no line
    assert verify.lines(attention, ["no-scale"], {"verified": False, "all": [diff(9, "scaled", "values differ")]}) == {}
    assert verify.lines(attention, ["no-scale"], None) == {}
    # ...unless the slip is the attention core's and alters that very step, at a line outside any loop
    plain = {"verified": False, "all": [diff(3, "scaled", "values differ")]}
    flat, looped = "a\nb\nc\n", "for h in range(2):\n    a\n    c\n"
    assert verify.lines(attention, ["no-scale"], plain, flat)["no-scale"]["line"] == 3
    assert verify.lines(attention, ["no-scale"], plain, looped) == {}
    nan = {"verified": False, "all": [diff(3, "weights", "values differ")]}
    assert verify.lines(attention, ["masked-row-nan"], nan, flat) == {}  # NaN rows only: no line's values tell


def test_a_double_slip_of_the_catalogue_gives_each_cause_its_own_line(tmp_path):
    source = """import numpy as np


def attention(q, k, v, mask=None):
    scores = q @ k.swapaxes(-1, -2)
    if mask is not None:
        scores = np.where(mask, scores, -np.inf)
    e = np.exp(scores - scores.max(axis=-1, keepdims=True))
    w = e / e.sum(axis=-1, keepdims=True)
    return w @ v
"""
    report = grade(tmp_path, "attention", source)  # no scale, and NaN where a query sees no key
    named = {sort(d): d.get("line") for d in report["diagnosis"]}
    assert named.get("no-scale") == 5 and named.get("masked-row-nan") == 9, report["diagnosis"]


def test_heads_merged_without_the_transpose_beside_a_scale_slip_each_get_their_line(tmp_path):
    solution = DRILLS["multi-head-attention"].solution_text()
    source = solution.replace("/ dh ** 0.5", "/ D ** 0.5").replace("out.transpose(0, 2, 1, 3).reshape(B, T, D)",
                                                                    "out.reshape(B, T, D)")
    report = grade(tmp_path, "multi-head-attention", source)
    lines = source.splitlines()
    named = {sort(d): d.get("line") for d in report["diagnosis"]}
    assert named.get("scale-d-model") == next(i for i, c in enumerate(lines, 1) if "D ** 0.5" in c), named
    assert named.get("heads-no-transpose") == len(lines), report["diagnosis"]


@pytest.mark.parametrize("kind,text,code,shapes,masked,says", [
    ("ValueError", "too many values to unpack (expected 3)", "q, k, v = qkv.split(self.n_heads, dim=-1)",
     {"qkv": [2, 7, 96]}, False, "torch's split takes the size of each chunk"),
    ("InterpreterError", "ValueError(\"arange's range must be a power of 2\")", "cols = tl.arange(0, BLOCK)", {},
     False, "triton.next_power_of_2(n_cols)"),
    ("RuntimeError", "The size of tensor a (40) must match the size of tensor b (16) at non-singleton dimension 2",
     "hidden = F.silu(x @ w_gate) * x @ w_up", {"x": [2, 5, 16], "w_gate": [16, 40], "w_up": [16, 40]}, False,
     "g * x @ w is (g * x) @ w"),
    ("RuntimeError", "The size of tensor a (7) must match the size of tensor b (3) at non-singleton dimension 1",
     "att = att.masked_fill(~mask.unsqueeze(1), float('-inf'))", {"mask": [7, 7], "att": [3, 3, 7, 7]}, True,
     "add the head axis only to a (B, T, T) mask"),
    ("RuntimeError", "The size of tensor a (2) must match the size of tensor b (5) at non-singleton dimension 0",
     "scores = torch.matmul(q, k.transpose(0, 1)) / math.sqrt(d)", {"q": [2, 5, 8], "k": [2, 5, 8]}, False,
     "k.transpose(-2, -1)"),
    ("ValueError", "operands could not be broadcast together with shapes (1,2,6,6) (2,8,6,6) ()",
     "scores = np.where(mask, scores, -np.inf)", {"mask": [1, 2, 6, 6], "scores": [2, 8, 6, 6]}, True,
     "the head axis goes second, mask[:, None] (B, 1, T, T)"),
])
def test_a_crash_is_explained_from_its_message_and_the_shapes_at_its_line(kind, text, code, shapes, masked, says):
    text, verified = exceptions.explain([(kind, text, "case", masked, (2, 5, 16))],
                                        {"line": 6, "code": code, "shapes": shapes})
    assert says in text and verified, text
    assert "`w_gate` (16, 40) and `x`" not in text  # a line mixing * and @: no reading of two of its names


def test_a_crash_whose_message_names_its_cause_is_verified_without_a_line():
    text, verified = exceptions.explain([("RuntimeError", "a leaf Variable that requires grad is being used in an "
                                          "in-place operation.", "gradients reach every parameter", False, (2, 7, 32))])
    assert verified and "Write x = x + ..." in text
    # an unpacking elsewhere than at a split is not told about split
    text, verified = exceptions.explain([("ValueError", "too many values to unpack (expected 2)", "case", False, ())],
                                        {"line": 3, "code": "a, b = pairs", "shapes": {}})
    assert "split" not in text and not verified
