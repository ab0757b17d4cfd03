"""Every contract drill judged in-process (fast): correct submissions in several styles pass,
each listed mistake fails and is named. A few gradings go end to end through the worker in
tests/test_drill_worker.py."""

import numpy as np
import pytest

from studyxf.grading.judge.source_rules import forbidden_uses
from tests.data.submissions import SUBMISSIONS
from tests.drill_helpers import DRILLS, grade, sort

pytestmark = pytest.mark.filterwarnings("ignore::RuntimeWarning")  # learners' numpy overflows on purpose

CORRECT = [(d, i) for d, s in SUBMISSIONS.items() for i in range(len(s["correct"]))]
WRONG = [(d, m) for d, s in SUBMISSIONS.items() for m in s["mistakes"]]


def test_every_contract_drill_has_submissions():
    contract = {"attention", "multi-head-attention", "causal-self-attention", "rope", "sinusoidal", "layer-norm",
                "rms-norm", "swiglu", "gqa", "alibi"}
    # the drills that need an extra (the Triton ones, tests/test_kernels.py) have their own submissions
    assert contract <= set(DRILLS) and set(SUBMISSIONS) == {n for n, d in DRILLS.items() if not d.requires}


@pytest.mark.parametrize("drill,index", CORRECT, ids=[f"{d}-{i}" for d, i in CORRECT])
def test_correct_submission_passes(tmp_path, drill, index):
    report = grade(tmp_path, drill, SUBMISSIONS[drill]["correct"][index])
    failing = [t for t in report["tests"] if t["status"] != "pass"]
    assert report["status"] == "pass", failing
    assert report["diagnosis"] == []


@pytest.mark.parametrize("drill,mistake", WRONG, ids=[f"{d}-{m}" for d, m in WRONG])
def test_each_mistake_fails_and_is_named(tmp_path, drill, mistake):
    assert mistake in DRILLS[drill].mistakes, "every submitted mistake has a hint in drill.yaml"
    report = grade(tmp_path, drill, SUBMISSIONS[drill]["mistakes"][mistake])
    assert report["status"] == "fail"
    named = [sort(d) for d in report["diagnosis"]]
    assert mistake in named and len(named) <= 2, (named, [
        (t["name"], t["message"]) for t in report["tests"] if t["status"] != "pass"][:3])


def test_two_mistakes_at_once_are_both_named(tmp_path):
    from tests.data.submissions import attn

    report = grade(tmp_path, "attention", attn(scale="", mask="~mask"))
    assert report["status"] == "fail"
    assert sorted(sort(d) for d in report["diagnosis"]) == ["mask-inverted", "no-scale"]


def test_the_largest_error_is_said_at_the_first_of_equal_errors_whatever_the_rounding():
    # a bias left out errs by the same amount on every row; rounding made one row or another the largest
    # from run to run: the report names the first of those within rounding of the largest
    from studyxf.grading.judge.judging import compare

    ref = np.zeros((3, 2))
    got = ref + np.array([[0.0, 2.0], [0.0, 2.0 + 4e-16], [0.0, 2.0 + 8e-16]])
    assert "at (0, 1)" in compare(got, ref, "float64", 0.0, "x")
    assert "at (1, 1)" in compare(got + np.array([[0.0, -1.0], [0.0, 0.0], [0.0, 0.0]]), ref, "float64", 0.0, "x")


def test_failing_message_names_shapes_errors_and_tolerance(tmp_path):
    from tests.data.submissions import attn

    report = grade(tmp_path, "attention", attn(scale="/ q.shape[-1]"))
    msg = next(t["message"] for t in report["tests"] if t["status"] == "fail")
    for part in ("q(", "largest absolute error", "relative", "at (", "tolerance", "rtol="):
        assert part in msg, msg


def test_wrong_shape_and_dtype_are_named_first(tmp_path):
    report = grade(tmp_path, "attention", "import numpy as np\ndef attention(q, k, v, mask=None):\n    return q\n")
    msgs = [t["message"] for t in report["tests"] if t["status"] == "fail"]
    assert any(m.startswith("shape: expected (2, 3, 7, 12), got (2, 3, 7, 16)") for m in msgs), msgs
    src = SUBMISSIONS["attention"]["correct"][2].replace(
        "return torch.softmax(s, dim=-1).nan_to_num(0.0) @ v", "return (torch.softmax(s, dim=-1).nan_to_num(0.0) @ v).double()")
    report = grade(tmp_path, "attention", src)
    assert any(t["message"] and t["message"].startswith("dtype: expected float32") and "got float64" in t["message"]
               for t in report["tests"])


def test_numpy_float64_result_for_float32_input_fails_and_names_the_promotion(tmp_path):
    src = SUBMISSIONS["attention"]["correct"][0].replace("/ q.shape[-1] ** 0.5", "/ np.sqrt(q.shape[-1])")
    report = grade(tmp_path, "attention", src)
    failing = [t for t in report["tests"] if t["status"] != "pass"]
    assert report["status"] == "fail" and failing and all("float32" in t["name"] for t in failing)
    assert all("got float64" in t["message"] and "np.sqrt(d)" in t["message"] for t in failing)
    assert [sort(d) for d in report["diagnosis"]] == ["dtype-promoted"]


def test_a_promoted_dtype_does_not_hide_another_mistake(tmp_path):
    from tests.data.submissions import attn

    report = grade(tmp_path, "attention", attn(scale="/ np.sqrt(q.shape[-1])", axis="-2"))
    assert [sort(d) for d in report["diagnosis"]] == ["softmax-axis", "dtype-promoted"]


def test_in_place_edits_of_inputs_fail(tmp_path):
    np_src = "import numpy as np\ndef layer_norm(x, gamma, beta, eps=1e-5):\n    x -= x.mean(-1, keepdims=True)\n" \
             "    return x / np.sqrt((x * x).mean(-1, keepdims=True) + eps) * gamma + beta\n"
    report = grade(tmp_path, "layer-norm", np_src)
    assert any("in place" in (t["message"] or "") for t in report["tests"])
    torch_src = "import torch\ndef rms_norm(x, gamma, eps=1e-6):\n    x.mul_(1.0)\n    x.add_(0.0)\n" \
                "    gamma.mul_(2)\n    return x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + eps) * gamma / 2\n"
    report = grade(tmp_path, "rms-norm", torch_src)
    assert any("in place" in (t["message"] or "") for t in report["tests"])


def test_exception_in_a_case_is_that_cases_error_and_others_stand(tmp_path):
    src = "import numpy as np\ndef alibi_bias(n_heads, T):\n    if T == 1:\n        raise RuntimeError('boom')\n" \
          "    s = 2.0 ** (-8.0 * (np.arange(n_heads) + 1) / n_heads)\n" \
          "    i = np.arange(T)\n    return -s[:, None, None] * np.abs(i[:, None] - i[None, :])\n"
    report = grade(tmp_path, "alibi", src)
    statuses = [t["status"] for t in report["tests"]]
    assert report["status"] == "fail" and statuses.count("error") == 1 and statuses.count("pass") == 4
    assert "RuntimeError: boom" in next(t["message"] for t in report["tests"] if t["status"] == "error")


def test_forbidden_names_found_by_the_ast_scan():
    fb = DRILLS["attention"].forbidden
    assert forbidden_uses("import torch.nn.functional as F\nF.scaled_dot_product_attention(1, 2, 3)", fb) == [
        "scaled_dot_product_attention"]
    assert forbidden_uses("from torch.nn.functional import scaled_dot_product_attention as f", fb)
    assert forbidden_uses("import engine.attention", fb) == ["engine"]
    assert forbidden_uses("def attention(q, k, v, mask=None):\n    return q", fb) == []
    own = forbidden_uses("def layer_norm(x, g, b, eps=1e-5):\n    return x\nprint(layer_norm(1, 2, 3))",
                         DRILLS["layer-norm"].forbidden)
    assert own == []  # the learner's own function may share torch's name


def test_rope_properties_are_checked(tmp_path):
    from tests.data.submissions import rope

    report = grade(tmp_path, "rope", rope(write="out[..., 0::2] = x0 * cos; out[..., 1::2] = x1 * cos"))
    names = {t["name"]: t["status"] for t in report["tests"]}
    assert names["norm preservation"] == "fail" and names["relative position"] == "fail"


def test_module_drill_checks_causality_and_gradients(tmp_path):
    from tests.data.submissions import csa

    no_mask = csa().replace("att = att.masked_fill(mask == 0, float('-inf')).softmax(-1)", "att = att.softmax(-1)")
    report = grade(tmp_path, "causal-self-attention", no_mask)
    causality = next(t for t in report["tests"] if t["name"] == "causality")
    assert causality["status"] == "fail" and "a later position reaches an earlier one" in causality["message"]
    detached = csa().replace("return self.proj(out)", "return self.proj(out.detach())")
    report = grade(tmp_path, "causal-self-attention", detached)
    grads = next(t for t in report["tests"] if t["name"] == "gradients reach every parameter")
    assert grads["status"] == "fail" and "qkv.weight" in grads["message"]


@pytest.mark.parametrize("drill", sorted(n for n, d in DRILLS.items() if not d.requires))  # Triton's: test_kernels
def test_shipped_reference_solution_passes(tmp_path, drill):
    text = DRILLS[drill].solution_text()
    assert text and DRILLS[drill].data.get("after_pass")
    assert grade(tmp_path, drill, text)["status"] == "pass"


@pytest.mark.parametrize("drill,source", [("two-sum", "TWO_SUM_SLOW"), ("longest-substring", "LONGEST_SLOW")])
def test_quadratic_leetcode_solution_is_correct_but_too_slow(tmp_path, drill, source):
    from tests.data import submissions

    report = grade(tmp_path, drill, getattr(submissions, source))
    failing = [t for t in report["tests"] if t["status"] != "pass"]
    assert report["status"] == "fail" and failing
    assert "correct on the small cases, but too slow" in failing[0]["message"]
    # a time-out ends the run: two-sum's second large case (its pair at the start) is not run
    assert all(t["message"].startswith("not run") for t in failing[1:]), failing


def test_flash_attention_that_builds_the_full_matrix_fails_the_memory_check(tmp_path):
    from tests.data.submissions import FLASH_FULL

    report = grade(tmp_path, "flash-attention", FLASH_FULL)
    mem = next(t for t in report["tests"] if t["name"].startswith("memory"))
    assert mem["status"] == "fail" and "MiB" in mem["message"]


@pytest.mark.parametrize("drill", ["attention", "multi-head-attention", "gqa", "layer-norm", "rms-norm", "swiglu",
                                   "rope"])
def test_half_precision_cases_judge_a_torch_submission(tmp_path, drill):
    """What --device cuda adds, run here on the CPU: fp16 and bf16 copies of the float32 cases,
    judged against the float64 reference. A correct function written plainly in half precision
    (a norm's x - mean rounded to fp16) passes them."""
    source = next(s for s in SUBMISSIONS[drill]["correct"] if "import torch" in s)
    report = grade(tmp_path, drill, source, half_device="cpu")
    names = [t["name"] for t in report["tests"]]
    assert any("float16 on cpu" in n for n in names) and any("bfloat16 on cpu" in n for n in names)
    assert report["status"] == "pass", [(t["name"], t["message"]) for t in report["tests"] if t["status"] != "pass"]


def test_half_precision_is_judged_normwise_and_float32_is_not():
    from studyxf.grading.judge import judging

    ref = np.array([8.0, 0.01, -3.0])
    one_eps = ref + np.array([0.0, 8.0 * 2 ** -10, 0.0])  # 1 eps of the largest |expected|, on the small one
    assert judging.compare(one_eps, ref, "float16", 0.0, "x(3,)") is None
    ten_eps = ref + np.array([0.0, 80.0 * 2 ** -10, 0.0])
    assert "4 eps of the largest |expected|" in judging.compare(ten_eps, ref, "float16", 0.0, "x(3,)")
    assert judging.compare(ref + np.array([0.0, 1e-3, 0.0]), ref, "float32", 0.0, "x(3,)") is not None


MINUS_1E9 = """import numpy as np
def attention(q, k, v, mask=None):
    s = q @ np.swapaxes(k, -1, -2){scale}
    if mask is not None:
        s = np.where(mask, s, np.float32(-1e9))  # a fully masked row then averages the values
    w = np.exp(s - s.max(-1, keepdims=True))
    return w / w.sum(-1, keepdims=True) @ v
"""


def test_a_minus_1e9_mask_fill_is_named_on_the_fully_masked_row_and_does_not_hide_another_mistake(tmp_path):
    report = grade(tmp_path, "attention", MINUS_1E9.format(scale=" / q.shape[-1] ** 0.5"))
    failing = [t for t in report["tests"] if t["status"] != "pass"]
    assert [t["name"] for t in failing] == ["a fully masked row (3, 5, 8), float64"]
    assert "should be all zeros: that query has no key it may attend to" in failing[0]["message"]
    assert [sort(d) for d in report["diagnosis"]] == ["mask-fill-finite"]
    report = grade(tmp_path, "attention", MINUS_1E9.format(scale=""))
    assert sorted(sort(d) for d in report["diagnosis"]) == ["mask-fill-finite", "no-scale"]


def test_a_block_whose_mlp_ignores_mlp_ratio_fails_with_the_width_said(tmp_path):
    from tests.data.submissions import BLOCK_SEED

    assert "4 * d_model" in BLOCK_SEED or "mlp_ratio * d_model" in BLOCK_SEED
    narrow = BLOCK_SEED.replace("mlp_ratio * d_model", "2 * d_model").replace("4 * d_model", "2 * d_model")
    report = grade(tmp_path, "transformer-block", narrow)
    assert report["status"] == "fail"
    assert any("has mlp_ratio = 4" in (t["message"] or "") for t in report["tests"])


def test_a_wrapped_solution_line_keeps_its_indentation():
    import io

    from rich.console import Console

    from studyxf.render import WrappedCode, wrap_code

    code = "def f(x):\n    if x:\n        return g(alpha_one, alpha_two, alpha_three, alpha_four, alpha_five)\n    return x"
    lines = wrap_code(code, 40).splitlines()
    assert all(len(line) <= 40 for line in lines) and lines[0] == "def f(x):"
    pieces = lines[2:-1]
    assert len(pieces) >= 2 and pieces[0].startswith("        return")
    assert all(p.startswith(" " * 12) and p.strip() for p in pieces[1:])  # under its line, four in
    console = Console(file=io.StringIO(), width=40, color_system=None)
    console.print(WrappedCode(code))
    assert console.file.getvalue().splitlines()[3].startswith(" " * 12)


def _report(status, mistakes=()):
    return {"version": 2, "status": status, "message": None, "drill": "layer-norm", "framework": "numpy",
            "diagnosis": [{"mistake": m, "message": ""} for m in mistakes],
            "tests": [{"name": "case", "status": status, "message": None, "output": None}]}


def test_the_first_hint_answers_the_diagnosed_cause_and_the_order_then_stays(home, tmp_path):
    """Issue 44 item 10: the hint whose topic is the cause of the latest attempt comes first; once a
    hint is out the order is kept (no hint twice, none skipped) whatever later attempts name."""
    from studyxf.grading.attempts import grade_and_record
    from studyxf.srs import drills as drill_srs
    from studyxf.study import open_study

    study = open_study()
    d = DRILLS["layer-norm"]
    path = tmp_path / "ln.py"
    path.write_text("first")
    grade_and_record(study, d, path, 0, lambda _d, _p: _report("fail", ["ln-eps-outside-sqrt"]))
    first = drill_srs.next_hint(study.conn, d)
    assert first == f"hint 1/{len(d.hints)}: {d.hints[2]}"  # eps inside the square root, not hint 1's axis
    path.write_text("second")
    grade_and_record(study, d, path, 1, lambda _d, _p: _report("fail", ["ln-unbiased-variance"]))
    shown = [drill_srs.next_hint(study.conn, d) for _ in d.hints]
    assert [h.split(": ", 1)[1] for h in shown[:len(d.hints) - 1]] == [d.hints[0], d.hints[1]]
    assert shown[-1] is None
    assert drill_srs.shown_hints(study.conn, d) == [d.hints[2], d.hints[0], d.hints[1]]


def test_a_cause_localised_at_a_step_puts_that_step_s_hint_first(home, tmp_path):
    """A sigmoid for the softmax is said at the step 'weights' with no catalogued id: the hint on the
    softmax comes first, not hint 1's transpose of k."""
    from studyxf.grading.attempts import grade_and_record
    from studyxf.grading.judge import verify
    from studyxf.grading.judge.runcases import load_grader
    from studyxf.srs import drills as drill_srs
    from studyxf.study import open_study

    d = DRILLS["attention"]
    [entry] = verify.with_topics(load_grader(str(d.folder)), [{"mistake": None, "step": "weights", "message": ""}])
    assert entry["topics"][0] == "softmax-axis"
    study = open_study()
    path = tmp_path / "att.py"
    path.write_text("w = sigmoid(s)")
    report = {**_report("fail"), "drill": "attention", "diagnosis": [entry]}
    grade_and_record(study, d, path, 0, lambda _d, _p: report)
    first = drill_srs.next_hint(study.conn, d)
    assert "Softmax over the last axis" in first and "transpose" not in first, first


def test_a_file_graded_again_unchanged_records_no_new_attempt(home, tmp_path):
    """Issue 44 item 10: the same bytes graded to the same result (--hint after a pass) add no
    attempt and schedule nothing; a changed file, or another result, is an attempt."""
    from studyxf.grading.attempts import grade_and_record
    from studyxf.study import open_study

    study = open_study()
    d = DRILLS["layer-norm"]
    path = tmp_path / "ln.py"
    path.write_text("x = 1\n")

    def attempts():
        return [r[0] for r in study.conn.execute("SELECT status FROM drill_attempts ORDER BY id")]
    _, schedule = grade_and_record(study, d, path, 0, lambda _d, _p: _report("pass"))
    assert attempts() == ["pass"] and schedule
    for hints in (1, 2, 3):
        report, schedule = grade_and_record(study, d, path, hints, lambda _d, _p: _report("pass"))
        assert report["status"] == "pass" and schedule is None
    assert attempts() == ["pass"]
    grade_and_record(study, d, path, 3, lambda _d, _p: _report("fail", ["ln-no-beta"]))  # another result
    path.write_text("x = 2\n")
    grade_and_record(study, d, path, 3, lambda _d, _p: _report("fail", ["ln-no-beta"]))  # other bytes
    assert attempts() == ["pass", "fail", "fail"]


def test_a_block_whose_mlp_width_ignores_mlp_ratio_fails_on_the_config_that_varies_it(tmp_path):
    """Issue 44 item 8: the task names mlp_ratio; a config builds the block with mlp_ratio=2, so a
    hidden width hard-coded as 4 * d_model (which every other config accepts) fails, named."""
    source = DRILLS["transformer-block"].solution_text().replace("mlp_ratio * d_model", "4 * d_model")
    report = grade(tmp_path, "transformer-block", source)
    assert report["status"] == "fail"
    failing = [t["name"] for t in report["tests"] if t["status"] != "pass"]
    assert failing == ["d_model=32, n_heads=4, mlp_ratio=2, x (2, 5, 32), float32"]
    assert [sort(d) for d in report["diagnosis"]] == ["layout"]
    assert "ignores mlp_ratio" in report["diagnosis"][0]["message"]
