"""The diagnosis generalises: partial slips, slips carried into another drill, slips with ids of
their own, two at once, measured statements where no id fits, and the rules the tasks state."""

import re

import numpy as np
import pytest

from studyxf.grading.judge import probes
from studyxf.grading.judge.families import public
from studyxf.grading.judge.runcases import load_grader
from tests.data.slips import SLIPS
from tests.drill_helpers import DRILLS, grade, sort

pytestmark = pytest.mark.filterwarnings("ignore::RuntimeWarning")  # learners' numpy overflows on purpose


@pytest.mark.parametrize("drill,expected,source", SLIPS, ids=[f"{d}-{'+'.join(e)}" for d, e, _ in SLIPS])
def test_a_learner_slip_fails_and_is_named(tmp_path, drill, expected, source):
    report = grade(tmp_path, drill, source)
    assert report["status"] == "fail"
    named = [sort(d) for d in report["diagnosis"]]
    failing = [(t["name"], t["message"]) for t in report["tests"] if t["status"] != "pass"][:2]
    if "located" in named and any(sort(d) == "located" and d["verified"] for d in report["diagnosis"]):
        # a cause found by localisation and verified stands for a measured statement
        named += ["measured", "localised"]
    assert set(expected) <= set(named), (named, failing)


def _assert_measured(report: dict, said: str) -> None:
    """The diagnosis is one measured statement that says `said`, after the line where the values
    leave the reference when localisation verified it, or the lines an edit mended (repair.py)."""
    dg = report["diagnosis"]
    while dg and sort(dg[0]) == "located":
        assert dg[0]["verified"] and dg[0]["line"], dg
        dg = dg[1:]
    assert [sort(d) for d in dg] == ["measured"], report["diagnosis"]
    assert said in dg[0]["message"], report["diagnosis"]


@pytest.mark.parametrize("drill", sorted(DRILLS))
def test_every_slip_a_grader_tries_is_documented_in_its_drill_yaml(drill):
    grader = load_grader(str(DRILLS[drill].folder))
    tried = [*getattr(grader, "SLIPS", []), *getattr(grader, "NAMED", [])]
    undocumented = {public(s) for s in tried} - set(DRILLS[drill].mistakes)
    assert not undocumented


def test_the_scale_probe_measures_the_factor(tmp_path):
    from tests.data.slips import ATTN_TORCH

    report = grade(tmp_path, "attention", ATTN_TORCH.format(scale="/ 2", fill="float('-inf')", after=".nan_to_num(0.0)"))
    said = " ".join(d["message"] for d in report["diagnosis"])
    assert "scaled by 1/2;" in said and "expected 1/sqrt(d) = 1/4" in said


@pytest.mark.parametrize("scores,said", [
    ("q @ np.swapaxes(k, -1, -2) / np.sqrt(v.shape[-1])", "= 1/sqrt(7), and 7 is dv (v's last axis)"),
    ("q @ np.swapaxes(k, -1, -2) / np.sqrt(k.shape[-2])", "= 1/sqrt(5), and 5 is the number of keys"),
    ("q @ np.swapaxes(k, -1, -2) / d ** 1/2", "d ** 1/2 reads as (d ** 1) / 2 in Python; write d ** 0.5"),
    ("q @ np.swapaxes(k, -1, -2) / d", None),  # an id of its own: scale-d
])
def test_the_scale_probe_says_which_size_the_code_divided_by(tmp_path, scores, said):
    from tests.data.slips import ATTN_NP, KEEP

    report = grade(tmp_path, "attention", ATTN_NP.format(scores=scores, keep=KEEP))
    if said is None:
        assert [sort(d) for d in report["diagnosis"]] == ["scale-d"]
    else:  # the line and the factor first (localisation, verified), then the probe's reading of the size
        first = report["diagnosis"][0]
        assert (sort(first), first["verified"], first["step"]) == ("located", True, "scaled"), first
        assert first["code"].startswith("s = q @ np.swapaxes(k, -1, -2) /")
        assert any(said in d["message"] for d in report["diagnosis"]), report["diagnosis"]


@pytest.mark.parametrize("scores,keep,cause", [
    ("q @ k.T / np.sqrt(d)", ", keepdims=True", ".T and np.transpose(k) reverse every axis of a batched array"),
    ("q @ k.transpose(0, 2, 1) / np.sqrt(d)", ", keepdims=True", "count from the end"),
    ("q @ np.swapaxes(k, -1, -2) / np.sqrt(d)", "", "keep it with keepdims=True"),
])
def test_an_exception_is_read_for_its_usual_cause(tmp_path, scores, keep, cause):
    from tests.data.slips import ATTN_NP

    report = grade(tmp_path, "attention", ATTN_NP.format(scores=scores, keep=keep))
    # where one edit mends the crash, its fix comes first, at the crash's line (repair.py)
    crash = report["diagnosis"][-1]
    assert sort(crash) == "raised" and cause in crash["message"]
    assert all(sort(d) == "located" and d["verified"] and d["line"] == crash["line"]
               for d in report["diagnosis"][:-1]), report["diagnosis"]


@pytest.mark.parametrize("text,shape,cause", [
    ("The numpy boolean negative, the `-` operator, is not supported", (4, 16), "invert it with ~mask"),
    ("mat1 and mat2 shapes cannot be multiplied (5x8 and 5x8)", (5, 8), "needs k's last two axes swapped"),
    ("number of dims don't match in permute", (4, 16), "count from the end"),
    ("The size of tensor a (16) must match the size of tensor b (5) at non-singleton dimension 2", (2, 5, 16),
     "keep it with keepdims=True"),
    ("The size of tensor a (7) must match the size of tensor b (5) at non-singleton dimension 2", (2, 5, 16),
     "Two shapes that do not line up"),
    ("operands could not be broadcast together with shapes (2,5,40) (2,5,16) ", (2, 5, 16),
     "g * x @ w is (g * x) @ w"),
])
def test_exception_texts_and_their_causes(text, shape, cause):
    from studyxf.grading.judge.exceptions import explain

    assert cause in explain([("RuntimeError", text, "a case", False, shape)])[0]


def test_torchs_wording_of_a_dropped_axis_is_read_too(tmp_path):
    source = ("import torch\ndef rms_norm(x, gamma, eps=1e-6):\n"
              "    return x / torch.sqrt(x.pow(2).mean(-1) + eps) * gamma\n")
    report = grade(tmp_path, "rms-norm", source)
    said = next(d for d in report["diagnosis"] if sort(d) == "raised")["message"]
    assert "must match the size of tensor b" in said and "keep it with keepdims=True (torch: keepdim=True)" in said


@pytest.mark.parametrize("weights,said", [
    ("w = e / e.max(-1, keepdims=True)", "you divided by the row's max, not its sum"),
    ("w = e / e.sum()", "your weights sum to 1 over the whole matrix"),
    ("w = 1 / (1 + np.exp(-s))", "your weights are sigmoid(score)"),
    ("w = e / e.sum(-1, keepdims=True)\n    return w.astype(q.dtype)", "return weights @ v, not the weights"),
    ("w = e / (e.sum(-1, keepdims=True) + 1)", "they sum to 0."),
])
def test_the_weights_probe_says_what_the_weights_are(tmp_path, weights, said):
    source = ("import numpy as np\ndef attention(q, k, v, mask=None):\n"
              "    s = q @ np.swapaxes(k, -1, -2) / np.sqrt(q.shape[-1]).astype(q.dtype)\n"
              "    if mask is not None:\n        s = np.where(mask, s, -np.inf)\n"
              "    m = s.max(-1, keepdims=True)\n    e = np.exp(s - np.where(np.isfinite(m), m, 0))\n"
              f"    {weights}\n    return np.nan_to_num(w @ v).astype(q.dtype)\n")
    report = grade(tmp_path, "attention", source)
    assert any(said in d["message"] for d in report["diagnosis"]), report["diagnosis"]


@pytest.mark.parametrize("normalised,said", [
    ("(x - mu) / (var + eps)", "1/s, so you divided by s squared"),
    ("(x - mu) * np.sqrt(var + eps)", "s squared, so x is multiplied by the spread"),
    ("(x - mu) / np.sqrt(var.mean() + eps)", "one divisor shared by every row"),
    ("(x - mu) / np.sqrt(var + eps) / x.shape[-1]", "divided by a constant 16 (d = 16)"),
])
def test_the_norm_probe_says_how_the_output_spread_follows_the_inputs(tmp_path, normalised, said):
    source = ("import numpy as np\ndef layer_norm(x, gamma, beta, eps=1e-5):\n    mu = x.mean(-1, keepdims=True)\n"
              f"    var = x.var(-1, keepdims=True)\n    return ({normalised} * gamma + beta).astype(x.dtype)\n")
    report = grade(tmp_path, "layer-norm", source)
    _assert_measured(report, said)


ROPE_NP = """import numpy as np
def apply_rope(x, positions=None, base=10000.0):
    T, d = x.shape[-2:]
    pos = np.arange(T) if positions is None else np.asarray(positions)
    inv = {inv}
    ang = pos[:, None] * inv[None, :]
    c, s = np.cos(ang).astype(x.dtype), np.sin(ang).astype(x.dtype)
    x0, x1 = x[..., 0::2], x[..., 1::2]
    out = np.empty_like(x)
    out[..., 0::2] = x0 * c - x1 * {s0}
    out[..., 1::2] = x0 * s + x1 * {s1}
    return out
"""


@pytest.mark.parametrize("inv,s0,s1,said", [
    ("base ** (-np.arange(0, d, 2) / (d // 2))", "s", "c", "the exponent is 4i/d"),
    ("1000.0 ** (-np.arange(0, d, 2) / d)", "s", "c", "the frequencies of base 1000 where the base is 10000"),
    ("np.deg2rad(base ** (-np.arange(0, d, 2) / d))", "s", "c", "pi/180: degrees"),
    ("base ** (-np.arange(0, d, 2) / d)", "c", "s", "not a rotation"),
])
def test_the_rope_probe_says_how_the_pairs_turn(tmp_path, inv, s0, s1, said):
    report = grade(tmp_path, "rope", ROPE_NP.format(inv=inv, s0=s0, s1=s1))
    _assert_measured(report, said)


@pytest.mark.parametrize("pos,base,said", [
    ("np.arange(T) / T", "10000", "1/T: the positions divided by the table's length"),
    ("np.arange(T)", "1000", "the frequencies of base 1000 where the base is 10000"),
])
def test_the_sinusoidal_probe_says_where_positions_start_and_how_fast_pairs_turn(tmp_path, pos, base, said):
    source = (f"import numpy as np\ndef sinusoidal_encoding(T, d):\n    pos = ({pos})[:, None]\n"
              f"    ang = pos / {base} ** (np.arange(0, d, 2)[None, :] / d)\n    pe = np.zeros((T, d))\n"
              "    pe[:, 0::2] = np.sin(ang)\n    pe[:, 1::2] = np.cos(ang[:, : d // 2])\n    return pe\n")
    report = grade(tmp_path, "sinusoidal", source)
    _assert_measured(report, said)


def test_sinusoidal_positions_from_1_are_named(tmp_path):
    source = ("import numpy as np\ndef sinusoidal_encoding(T, d):\n    pos = np.arange(1, T + 1)[:, None]\n"
              "    ang = pos / 10000 ** (np.arange(0, d, 2)[None, :] / d)\n    pe = np.zeros((T, d))\n"
              "    pe[:, 0::2] = np.sin(ang)\n    pe[:, 1::2] = np.cos(ang[:, : d // 2])\n    return pe\n")
    assert [sort(d) for d in grade(tmp_path, "sinusoidal", source)["diagnosis"]] == ["sinusoidal-positions-from-1"]


@pytest.mark.parametrize("slope,said", [
    ("2 ** (-(h + 1))", "the 8/n left out, right only for n = 8"),
    ("1 / (h + 1)", "a harmonic series"),
])
def test_the_alibi_probe_reads_the_slopes_back(tmp_path, slope, said):
    source = ("import numpy as np\ndef alibi_bias(n_heads, T):\n"
              f"    m = np.array([{slope} for h in range(n_heads)], dtype=float)\n    pos = np.arange(T)\n"
              "    return -m[:, None, None] * np.abs(pos[None, :, None] - pos[None, None, :])\n")
    report = grade(tmp_path, "alibi", source)
    _assert_measured(report, said)


def test_an_all_zero_output_is_said_as_such():
    assert probes.relation(np.zeros((2, 3)), np.ones((2, 3))) == "measured: your output is all zeros"


def test_a_softmax_over_a_numbered_axis_is_named_with_the_axis(tmp_path):
    from tests.data.slips import MERGE_OK, MHA_TORCH, SPLIT_OK

    source = MHA_TORCH.format(split=SPLIT_OK, merge=MERGE_OK, mask="mask if mask.dim() == 2 else mask[:, None]",
                              proj=" @ w_o").replace("torch.softmax(s, -1)", "torch.softmax(s, 1)")
    report = grade(tmp_path, "multi-head-attention", source)
    first = report["diagnosis"][0]  # with the heads' axis, a key masked for every head is 0/0: masked-row-nan too
    assert sort(first) == "softmax-axis" and first["message"].endswith("(measured: your softmax runs over axis 1)")


def test_localisation_names_the_first_stage_that_differs(tmp_path):
    from tests.data.slips import CSA_HALF_SCALE, block

    report = grade(tmp_path, "causal-self-attention", CSA_HALF_SCALE)
    # the module's forward traced: the line of the scale, verified (the hooks' stage is no longer needed)
    first = report["diagnosis"][0]
    assert (sort(first), first["verified"], first["step"]) == ("located", True, "scaled"), report["diagnosis"]
    half_residual = block(body="x = x + 0.5 * self.attn(self.ln1(x))\n        x = x + self.mlp(self.ln2(x))")
    report = grade(tmp_path, "transformer-block", half_residual)
    said = " ".join(d["message"] for d in report["diagnosis"])
    assert "the first stage that differs is the MLP's input (ln2's output)" in said
    assert "the attention's input (ln1's output), the attention output before its projection match" in said


def test_dropout_in_a_module_is_called_random_not_a_leak_of_the_future(tmp_path):
    from tests.data.slips import block

    report = grade(tmp_path, "transformer-block", block(drop="\n        att = F.dropout(att, 0.1)"))
    tests = {t["name"]: t for t in report["tests"]}
    assert tests["same input, same output"]["status"] == "fail"
    assert "future" not in (tests["causality"]["message"] or "")
    assert [sort(d) for d in report["diagnosis"]] == ["random-output"]


def test_relation_states_a_constant_factor_and_the_rows_that_differ():
    ref = np.arange(12.0).reshape(3, 4) + 1
    assert "times 2" in probes.relation(2 * ref, ref)
    bad = ref.copy()
    bad[2] += 1
    assert "only rows 2 of 3" in probes.relation(bad, ref)
    assert probes.relation(ref + np.random.default_rng(0).normal(size=ref.shape), ref) is None


def test_a_torch_submission_that_edits_its_input_in_place_is_named(tmp_path):
    src = "import torch\ndef rms_norm(x, gamma, eps=1e-6):\n    x.mul_(1.0)\n    x.add_(0.5)\n" \
          "    return x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + eps) * gamma\n"
    report = grade(tmp_path, "rms-norm", src)
    assert report["status"] == "fail"
    # the rule first; the values, judged past it, leave the reference at the line that adds 0.5
    assert [sort(d) for d in report["diagnosis"]] == ["input-modified", "located"]
    assert report["diagnosis"][1]["line"] == 4


def test_kv_cache_written_in_place_fails_and_inputs_are_labelled_by_their_names(tmp_path):
    solution = DRILLS["kv-cache"].solution_text()
    report = grade(tmp_path, "kv-cache", solution.replace("cache_k, cache_v = cache_k.copy(), cache_v.copy()", "pass"))
    assert report["status"] == "fail" and [sort(d) for d in report["diagnosis"]] == ["input-modified"]
    assert all("caches it was given" in t["message"] for t in report["tests"] if t["status"] != "pass")
    report = grade(tmp_path, "kv-cache", solution.replace("pos = np.arange(start_pos, start_pos + T)",
                                                          "pos = np.arange(T)"))
    msg = next(t["message"] for t in report["tests"] if t["status"] == "fail")
    assert "x(1, 7, 16) w_q(16, 16) w_k(16, 16) w_v(16, 16) w_o(16, 16) n_heads=2" in msg
    # np.arange(T) also feeds the solution's mask: two slips, both named
    assert sorted(sort(d) for d in report["diagnosis"]) == ["causal-top-left", "rope-position-offset"]


@pytest.mark.parametrize("drill,call", [("alibi", "alibi_bias(n_heads, T)"), ("sinusoidal", "sinusoidal_encoding(T, d)")])
def test_scalar_inputs_are_named_in_messages(tmp_path, drill, call):
    src = f"import numpy as np\ndef {call.replace('(', '(', 1)}:\n    return np.zeros((1, 1))\n"
    report = grade(tmp_path, drill, src)
    msg = next(t["message"] for t in report["tests"] if t["status"] == "fail")
    assert "(inputs )" not in msg and "=" in msg.split("(inputs ")[1] if "(inputs " in msg else True


def _acting_out(grader, slip):
    """A submission that makes exactly this slip: the grader's own variant, in the input's dtype."""
    import torch

    def fn(*args, **kwargs):
        x = next((a for a in args if isinstance(a, torch.Tensor) and a.is_floating_point()), None)
        up = [a.double() if isinstance(a, torch.Tensor) and a.is_floating_point() else a for a in args]
        out = grader.variant(frozenset({slip}), *up, **{k: v.double() if isinstance(v, torch.Tensor) and
                                                           v.is_floating_point() else v for k, v in kwargs.items()})
        return out.to(x.dtype) if x is not None else out
    return fn


FUNCTION_DRILLS = sorted(n for n, d in DRILLS.items() if d.data["kind"] == "function" and n != "kv-cache")


@pytest.mark.parametrize("drill", FUNCTION_DRILLS)
def test_every_slip_a_function_drill_tries_is_named_when_made_alone(drill, monkeypatch):
    """No two slips of a drill are indistinguishable on its cases, and none is dead weight: each
    one, made alone, is the one named. A slip that changes nothing alone (a NaN row needs another
    slip to empty the row first) is tried only in pairs. The catalogue's naming alone: the edit
    search (repair.py) would edit solution.py, which the acted-out slip never runs."""
    from studyxf.grading import inprocess
    from studyxf.grading.judge import repair, runcases, slip_code
    from studyxf.grading.request import parse_entry

    monkeypatch.setattr(repair, "repaired", lambda named, *args, **kwargs: named)
    # and no slip ruled out by that file's code (its exp(s - max) is not the acted-out slip's)
    monkeypatch.setattr(slip_code, "ruled_out", lambda slip, source: False)

    d = DRILLS[drill]
    grader = load_grader(str(d.folder))
    entry = parse_entry(d.data["entry"])[0]
    cases = grader.cases()
    wrong = []
    for slip in grader.SLIPS:
        outputs = [c.variant_of(frozenset({slip})) for c in cases]
        if all(o is None or np.allclose(o, c.ref(), equal_nan=True) for o, c in zip(outputs, cases)):
            continue  # pair-only
        req = d.request(d.folder / "solution.py")
        report = runcases.run(req, inprocess.LocalRemote(req, {entry: _acting_out(grader, slip)}, "torch"), "torch", [],
                              lambda t: None)
        if report["status"] != "fail" or public(slip) not in [sort(x) for x in report["diagnosis"]]:
            wrong.append((slip, report["status"], report["diagnosis"]))
    assert not wrong


def test_an_exception_is_explained_when_nothing_else_is(tmp_path):
    src = ("import torch\ndef multi_head_attention(x, w_q, w_k, w_v, w_o, n_heads, mask=None):\n"
           "    B, T, D = x.shape\n    dh = D // n_heads\n"
           "    q, k, v = ((x @ w).view(B, T, n_heads, dh).transpose(1, 2) for w in (w_q, w_k, w_v))\n"
           "    s = q @ k.transpose(-2, -1) / dh ** 0.5\n"
           "    if mask is not None:\n        s = s.masked_fill(~mask, float('-inf'))\n"
           "    return (torch.softmax(s, -1) @ v).transpose(1, 2).reshape(B, T, D) @ w_o\n")
    report = grade(tmp_path, "multi-head-attention", src)
    assert [sort(d) for d in report["diagnosis"]] == ["raised"]
    assert "mask[:, None]" in report["diagnosis"][0]["message"]
    stub = "def layer_norm(x, gamma, beta, eps=1e-5):\n    raise NotImplementedError\n"
    report = grade(tmp_path, "layer-norm", stub)
    assert "starter's stub" in report["diagnosis"][0]["message"]


def test_near_equal_values_are_written_with_the_digits_that_tell_them_apart():
    import numpy as np

    from studyxf.grading.judge import judging

    assert judging.distinct(-3.16352, -3.16352 + 1.5e-6) == ("-3.163520", "-3.163518")
    assert judging.distinct(1.0, 2.0) == ("1", "2")
    assert judging.distinct(0.5, 0.5) == ("0.5", "0.5")
    ref = np.array([[-3.16352, 1.0]])
    message = judging.compare(ref + np.array([[1.5e-6, 0.0]]), ref, "float64", 0.0, "x (1, 2)")
    expected, got = message.split("(expected ")[1].split(";")[0].split(", got ")
    assert expected != got and float(got) - float(expected) > 1e-6


LN_IN_PLACE = """import {lib}
def layer_norm(x, gamma, beta, eps=1e-5):
    m = x.mean(-1, {keep}=True)
    x -= m
    var = (x * x).mean(-1, {keep}=True)
    return x / ({sqrt} + eps) * gamma + beta
"""
ATTN_PROMOTED = """import numpy as np
def attention(q, k, v, mask=None):
    s = q @ np.swapaxes(k, -1, -2) / np.sqrt(q.shape[-1])
    if mask is not None:
        s = np.where(mask, s, {fill})
    m = np.max(s, axis=-1, keepdims=True)
    m = np.where(np.isfinite(m), m, 0)
    e = np.exp(s - m)
    t = e.sum(-1, keepdims=True)
    return np.divide(e, t, out=np.zeros_like(e), where=t > 0) @ v
"""
LN_LOWERED = """import torch
def layer_norm(x, gamma, beta, eps=1e-5):
    x = x.float()
    m = x.mean(-1, keepdim=True)
    var = ((x - m) ** 2).mean(-1, keepdim=True)
    return (x - m) / {denominator} * gamma.float() + beta.float()
"""


@pytest.mark.parametrize("drill,source,causes", [
    ("layer-norm", LN_IN_PLACE.format(lib="numpy as np", keep="keepdims", sqrt="np.sqrt(var)"),
     ["input-modified", "ln-eps-outside-sqrt"]),
    ("layer-norm", LN_IN_PLACE.format(lib="torch", keep="keepdim", sqrt="var.sqrt()"),
     ["input-modified", "ln-eps-outside-sqrt"]),
    ("layer-norm", LN_IN_PLACE.format(lib="torch", keep="keepdim", sqrt="(var + eps).sqrt() - eps"),
     ["input-modified"]),
    ("attention", ATTN_PROMOTED.format(fill="-1e9"), ["mask-fill-finite", "dtype-promoted"]),
    ("attention", ATTN_PROMOTED.format(fill="-np.inf"), ["dtype-promoted"]),
    ("layer-norm", LN_LOWERED.format(denominator="(var.sqrt() + eps)"), ["dtype-lowered", "ln-eps-outside-sqrt"]),
    ("layer-norm", LN_LOWERED.format(denominator="(var + eps).sqrt()"), ["dtype-lowered"]),
], ids=lambda v: "+".join(v) or "none" if isinstance(v, list) else v if len(v) < 30 else "source")
def test_a_double_slip_names_each_cause_and_a_single_rule_only_itself(tmp_path, drill, source, causes):
    """Issue 44 item 2: the values are judged past a dtype or an in-place rule (after the cast, on
    writable copies), so the value slip beside it is named too; where the values pass, the rule
    stands alone."""
    report = grade(tmp_path, drill, source)
    assert report["status"] == "fail"
    assert sorted(sort(d) for d in report["diagnosis"]) == sorted(causes), report["diagnosis"]


def test_a_promoted_dtype_carries_the_line_where_float64_came_in(tmp_path):
    """The line that reads a float32 array and makes a float64 one (a float64 array built from
    nothing float32 before it is no promotion)."""
    report = grade(tmp_path, "attention", ATTN_PROMOTED.format(fill="-1e9"))
    promoted = next(d for d in report["diagnosis"] if sort(d) == "dtype-promoted")
    assert promoted["line"] == 3 and "np.sqrt" in promoted["code"]
    source = ATTN_PROMOTED.format(fill="-np.inf").replace(
        "    s = q @ np.swapaxes(k, -1, -2) / np.sqrt(q.shape[-1])\n",
        "    table = np.arange(4) / 2.0\n    s = q @ np.swapaxes(k, -1, -2)\n    s = s / np.sqrt(q.shape[-1])\n")
    report = grade(tmp_path, "attention", source)
    assert [(sort(d), d["line"], d["code"]) for d in report["diagnosis"]] == \
        [("dtype-promoted", 5, "s = s / np.sqrt(q.shape[-1])")]


KV_FLOAT = """BYTES = {{"fp16": 2, "bf16": 2, "fp32": 4}}
def kv_cache_bytes(config, tokens, batch=1, dtype="fp16"):
    d_head = config["d_model"] {div} config["n_heads"]
    return 2 * config["n_layers"] * config["{heads}"] * d_head * BYTES[dtype] * tokens * batch
"""
LONGEST = """class Solution:
    def lengthOfLongestSubstring(self, s: str) -> int:
        last, left, best = {{}}, 0, 0
        for right, ch in enumerate(s):
            if last.get(ch, -1) >= left:
                left = last[ch] + 1
            last[ch] = right
            best = max(best, right - left{plus})
        return {result}
"""


@pytest.mark.parametrize("drill,source,causes", [
    ("kv-cache-size", KV_FLOAT.format(div="/", heads="n_kv_heads"), ["return-type"]),
    ("kv-cache-size", KV_FLOAT.format(div="/", heads="n_heads"), ["kv-mha", "return-type"]),
    ("kv-cache-size", KV_FLOAT.format(div="//", heads="n_kv_heads"), []),
    ("longest-substring", LONGEST.format(plus=" + 1", result="float(best)"), ["return-type"]),
    ("longest-substring", LONGEST.format(plus="", result="float(best)"), ["window-off-by-one", "return-type"]),
    ("longest-substring", LONGEST.format(plus=" + 1", result="best"), []),
], ids=lambda v: "+".join(v) or "none" if isinstance(v, list) else v if len(v) < 30 else "source")
def test_the_type_a_task_states_is_enforced_and_the_values_still_judged(tmp_path, drill, source, causes):
    """Issue 44 item 8: a float where the task says an int fails (it passed in kv-cache-size); the
    values are judged beside it, so 3.0 for 3 is no pair of slips that cancel, and a real slip beside
    the float is named too."""
    report = grade(tmp_path, drill, source)
    assert report["status"] == ("fail" if causes else "pass")
    assert [sort(d) for d in report["diagnosis"]] == causes, report["diagnosis"]
    if causes:
        assert "the task asks for an int" in report["diagnosis"][-1]["message"]


def test_the_smallest_failing_input_is_shown_with_the_learner_s_answer_and_the_expected_one(tmp_path):
    """Issue 44 item 6: a failing case shrunk while it fails the same way (generic, bounded in calls):
    a window start left on the repeat shows on a two-letter string; an uncatalogued scale on
    one-dimensional vectors."""
    report = grade(tmp_path, "longest-substring", LONGEST.format(plus=" + 1", result="best")
                   .replace("left = last[ch] + 1", "left = last[ch]"))
    small = report["diagnosis"][0]["smallest"]
    assert small == {"inputs": "Solution().lengthOfLongestSubstring('dd')", "expected": "1", "got": "2"}
    source = ATTN_PROMOTED.format(fill="-np.inf").replace("np.sqrt(q.shape[-1])", "(q.shape[-1] + 1) ** 0.5")
    report = grade(tmp_path, "attention", source)
    small = report["diagnosis"][0]["smallest"]
    smallest_test = min(int(np.prod([int(n) for n in re.findall(r"\d+", shape)]))
                        for t in report["tests"] if t["status"] == "fail" for shape in [t["inputs"]["q"].split(")")[0]])
    shape = re.search(r"q = .*?\(shape \(([\d, ]+)\)\)", small["inputs"]).group(1)
    shown = [int(n) for n in shape.split(",") if n.strip()]
    assert int(np.prod(shown)) < smallest_test and shown[-1] == 1  # d = 1 still shows the wrong scale
    assert small["expected"] != small["got"] and "shape" in small["expected"]


def test_no_smallest_input_is_claimed_where_no_smaller_one_fails(tmp_path):
    report = grade(tmp_path, "longest-substring", LONGEST.format(plus="", result="best"))
    # ' ' (one character) is already the smallest failing case: nothing smaller fails
    assert [sort(d) for d in report["diagnosis"]] == ["window-off-by-one"]
    assert "smallest" not in report["diagnosis"][0]
    walk = report["diagnosis"][0]["walk"]  # still stepped through, as the case it is
    assert (walk["inputs"], walk["expected"], walk["got"]) == ("Solution().lengthOfLongestSubstring(' ')", "1", "0")


TWO_SUM_IF_J = """class Solution:
    def twoSum(self, nums, target):
        index_of = {}
        for i, n in enumerate(nums):
            j = index_of.get(target - n)
            if j:
                return [j, i]
            index_of[n] = i
"""


def test_an_algorithmic_slip_no_catalogue_knows_is_shown_as_the_learner_s_loop_on_the_smallest_input(tmp_path):
    """Issue 44 item 6: `if j:` is False for index 0. Two-sum's lists shrink too (the pair kept the
    only one), and the learner's loop is walked on the smallest failing input: j = 0, then the
    condition lets it pass."""
    report = grade(tmp_path, "two-sum", TWO_SUM_IF_J)
    walk = report["diagnosis"][0]["walk"]
    assert (walk["inputs"], walk["expected"], walk["got"]) == ("Solution().twoSum([3, 3], 6)", "[0, 1]", "None")
    steps = walk["steps"]
    assert "line 5: j = index_of.get(target - n)  -> j = 0" in steps
    assert steps[steps.index("line 5: j = index_of.get(target - n)  -> j = 0") + 1] == "line 6: if j:"
    assert steps[-1] == "line 4: for i, n in enumerate(nums):  -> the loop ends; returns None"
    # a list shrunk, its pair kept the only one: neighbours alone fail [0, 4, 3, 0] as [0, 3, 0]
    neighbours = ("class Solution:\n    def twoSum(self, nums, target):\n        for i in range(1, len(nums)):\n"
                  "            if nums[i - 1] + nums[i] == target:\n                return [i - 1, i]\n")
    report = grade(tmp_path, "two-sum", neighbours)
    small = report["diagnosis"][0]["smallest"]
    assert small == {"inputs": "Solution().twoSum([0, 3, 0], 0)", "expected": "[0, 2]", "got": "None"}, small


def test_a_condition_that_reads_a_valid_zero_as_not_found_is_named_only_where_mending_it_passes(tmp_path):
    """`if j:` on an index: verified by the learner's file run again with `j is not None` there (every
    case then passes); beside a second slip that the change does not mend, it is not claimed."""
    report = grade(tmp_path, "two-sum", TWO_SUM_IF_J)
    [entry] = report["diagnosis"]
    assert (entry["kind"], entry["verified"], entry["line"], entry["code"]) == ("located", True, 6, "if j:")
    assert "write `j is not None` for `j`" in entry["message"] and "passes every case;" in entry["message"]
    assert entry["walk"]["inputs"] == "Solution().twoSum([3, 3], 6)"
    # beside a second slip that the change does not mend, it is claimed only with the edit that mends that one
    report = grade(tmp_path, "two-sum", TWO_SUM_IF_J.replace("return [j, i]", "return [j, i + 1]"))
    said = {d["line"]: d["message"] for d in report["diagnosis"] if d["verified"]}
    assert "write `j is not None` for `j`" in said.get(6, "") and "write `i` for `i + 1`" in said.get(7, "") and \
        "with this change and the one at line 7" in said[6], report["diagnosis"]
    # a crash beside it is a second cause, with its own line; the change is said to mend the answers
    source = LONGEST.format(plus=" + 1", result="best").replace("if last.get(ch, -1) >= left:", "j = last.get(ch)\n"
                                                                 "            if j and j >= left:")
    source = source.replace("return best", "return best if s else max([])")
    report = grade(tmp_path, "longest-substring", source)
    assert [(d["kind"], d["verified"], d["line"]) for d in report["diagnosis"]] == [("located", True, 6),
                                                                                    ("raised", True, 10)]
    assert "every case that gave a wrong answer" in report["diagnosis"][0]["message"]
    assert "max(values, default=0)" in report["diagnosis"][1]["message"]


def test_an_assignment_that_leaves_its_name_as_it_was_is_said_in_the_walk(tmp_path):
    report = grade(tmp_path, "longest-substring", LONGEST.format(plus=" + 1", result="best")
                   .replace("left = last[ch] + 1", "left = max(left, last[ch])"))
    steps = report["diagnosis"][0]["walk"]["steps"]
    assert any("-> left = 0 (unchanged)" in step for step in steps), steps
    # and the one edit that mends it, verified on every case
    entry = report["diagnosis"][0]
    assert (entry["kind"], entry["verified"], entry["line"]) == ("located", True, 6)
    assert "write `last[ch] + 1` for `last[ch]`" in entry["message"]


def test_a_double_slip_of_a_loop_is_mended_by_two_edits_each_said_at_its_line(tmp_path):
    # the loop starts at 1 (line 4) and the window start stays on the repeat (line 6); and a
    # stored 0 read as "not found" through .get()
    source = ("class Solution:\n    def lengthOfLongestSubstring(self, s):\n        last, left, best = {}, 0, 0\n"
              "        for i in range(1, len(s)):\n            if s[i] in last:\n"
              "                left = max(left, last[s[i]])\n            last[s[i]] = i\n"
              "            best = max(best, i - left + 1)\n        return best\n")
    report = grade(tmp_path, "longest-substring", source)
    said = [(d["kind"], d["verified"], d["line"]) for d in report["diagnosis"]]
    assert said == [("located", True, 4), ("located", True, 6)], report["diagnosis"]
    assert "write `0` for `1`" in report["diagnosis"][0]["message"]
    assert "with this change and the one at line 4" in report["diagnosis"][1]["message"]
    report = grade(tmp_path, "two-sum", TWO_SUM_IF_J.replace("j = index_of.get(target - n)\n            if j:",
                                                             "if index_of.get(target - n):")
                   .replace("return [j, i]", "return [index_of[target - n], i]"))
    assert "write `index_of.get(target - n) is not None`" in report["diagnosis"][0]["message"], report["diagnosis"]


def test_no_edit_is_claimed_where_none_mends_every_case(tmp_path):
    # a window that never moves: no single edit of a comparison, a lookup or a difference mends it
    source = LONGEST.format(plus=" + 1", result="best").replace("left = last[ch] + 1", "pass")
    report = grade(tmp_path, "longest-substring", source)
    assert [d["verified"] for d in report["diagnosis"]] == [False], report["diagnosis"]


def test_an_input_modified_in_place_carries_the_line_that_edits_it(tmp_path):
    """The rule's line: the first in-place edit of an array input while its name still holds it (a
    scalar's `eps += 0` and an edit after `x = x.copy()` are no such line)."""
    source = ("import numpy as np\ndef layer_norm(x, gamma, beta, eps=1e-5):\n    eps += 0\n    x = x.copy()\n"
              "    x -= x.mean(-1, keepdims=True)\n    gamma[0] = gamma[0]\n"
              "    return x / np.sqrt((x * x).mean(-1, keepdims=True) + eps) * gamma + beta\n")
    report = grade(tmp_path, "layer-norm", source)
    assert [(sort(d), d.get("line"), d.get("code")) for d in report["diagnosis"]] == \
        [("input-modified", 6, "gamma[0] = gamma[0]")]
    report = grade(tmp_path, "layer-norm", LN_IN_PLACE.format(lib="torch", keep="keepdim", sqrt="var.sqrt()"))
    assert (report["diagnosis"][0]["line"], report["diagnosis"][0]["code"]) == (4, "x -= m")


def test_an_alias_of_an_input_edited_in_place_is_said_where_the_alias_was_made(tmp_path):
    # y = x shares x's memory: y -= m edits the caller's x, and the copy belongs at the alias
    source = ("import torch\ndef layer_norm(x, gamma, beta, eps=1e-5):\n    y = x\n    y -= y.mean(-1, keepdim=True)\n"
              "    return y / torch.sqrt((y * y).mean(-1, keepdim=True) + eps) * gamma + beta\n")
    report = grade(tmp_path, "layer-norm", source)
    assert [(sort(d), d.get("line")) for d in report["diagnosis"]] == [("input-modified", 3)], report["diagnosis"]
    # a cache bound to itself beside a copied one: the line that copies one and not the other
    solution = DRILLS["kv-cache"].solution_text()
    report = grade(tmp_path, "kv-cache", solution.replace("cache_k.copy(), cache_v.copy()", "cache_k.copy(), cache_v"))
    line = next(i for i, c in enumerate(solution.splitlines(), 1) if "cache_k.copy(), cache_v.copy()" in c)
    assert [(sort(d), d.get("line")) for d in report["diagnosis"]] == [("input-modified", line)], report["diagnosis"]


def test_a_value_slip_beside_a_wrong_shape_is_named_too(tmp_path):
    """Issue 44 item 2: the values judged past a shape, where the axes align one way only (here a
    trailing axis of 1): the scale left out is named, and the shape said beside it."""
    source = ATTN_PROMOTED.format(fill="-np.inf").replace(" / np.sqrt(q.shape[-1])", "").replace(
        "where=t > 0) @ v", "where=t > 0) @ v)[..., None]").replace("return np.divide", "return (np.divide")
    report = grade(tmp_path, "attention", source)
    assert [sort(d) for d in report["diagnosis"]] == ["no-scale", "shape"], report["diagnosis"]
    assert "(2, 5, 8, 1)" in report["diagnosis"][1]["message"]


def test_an_integer_output_is_named_at_the_line_that_allocated_it(tmp_path):
    source = ("import numpy as np\n\n\ndef alibi_bias(n_heads, T):\n    idx = np.arange(T)\n"
              "    dist = np.abs(idx[:, None] - idx[None, :])\n    bias = np.zeros_like(np.stack([dist] * n_heads))\n"
              "    for h in range(n_heads):\n        bias[h] = -2 ** (-8 * (h + 1) / n_heads) * dist\n    return bias\n")
    report = grade(tmp_path, "alibi", source)
    [entry] = report["diagnosis"]
    assert (entry["mistake"], entry["verified"], entry["line"]) == ("dtype-integer", True, 7), entry
    assert "your output is int64" in entry["message"]


def test_a_size_read_from_the_front_of_the_shape_is_named_by_that_reading(tmp_path):
    # d = q.shape[1] is right for a (T, d) q, and T for a batched one: the scale is 1/sqrt(q.shape[1])
    source = ("import torch\n\n\ndef attention(q, k, v, mask=None):\n    d = q.shape[1]\n"
              "    s = q @ k.transpose(-1, -2) / d ** 0.5\n    if mask is not None:\n"
              "        s = s.masked_fill(~mask, float('-inf'))\n    m = s.amax(-1, keepdim=True)\n"
              "    p = torch.exp(s - torch.where(torch.isinf(m), torch.zeros_like(m), m))\n"
              "    return p / p.sum(-1, keepdim=True).clamp_min(1e-30) @ v\n")
    report = grade(tmp_path, "attention", source)
    entry = report["diagnosis"][0]
    assert entry["verified"] and entry["line"] == 6 and "1/sqrt(q.shape[1])" in entry["message"], report["diagnosis"]


def test_a_kv_cache_whose_rope_rotates_halves_is_named(tmp_path):
    solution = DRILLS["kv-cache"].folder.joinpath("solution.py").read_text()
    halves = solution.replace("x0, x1 = x[..., 0::2], x[..., 1::2]", "x0, x1 = x[..., : d // 2], x[..., d // 2:]") \
        .replace("out[..., 0::2] = x0 * cos - x1 * sin", "out[..., : d // 2] = x0 * cos - x1 * sin") \
        .replace("out[..., 1::2] = x0 * sin + x1 * cos", "out[..., d // 2:] = x0 * sin + x1 * cos")
    assert halves != solution
    report = grade(tmp_path, "kv-cache", halves)
    assert [sort(d) for d in report["diagnosis"]] == ["rope-rotate-half"], report["diagnosis"]


def test_a_new_axis_in_the_wrong_place_is_said_and_the_values_past_it_are_named(tmp_path):
    # (T, T, n_heads) for (n_heads, T, T), the two T axes of one length kept in their order, and a
    # signed distance beside it
    source = ("import torch\n\n\ndef alibi_bias(n_heads, T):\n"
              "    m = torch.tensor([2 ** (-8 * (h + 1) / n_heads) for h in range(n_heads)], dtype=torch.float64)\n"
              "    i = torch.arange(T)\n    rel = (i[None, :] - i[:, None]).to(torch.float64)\n"
              "    return -m[None, None, :] * rel[:, :, None]\n")
    report = grade(tmp_path, "alibi", source)
    said = {sort(d): d for d in report["diagnosis"]}
    assert said["alibi-signed-distance"]["verified"] and said["shape"]["verified"], report["diagnosis"]
    assert "axes are in another order" in said["shape"]["message"]


def test_a_running_best_started_one_off_is_mended_beside_a_second_edit(tmp_path):
    source = LONGEST.format(plus="", result="best").replace("last, left, best = {}, 0, 0",
                                                            "last, left = {}, 0\n        best = 1")
    report = grade(tmp_path, "longest-substring", source)
    said = [(d["kind"], d["verified"], d["line"]) for d in report["diagnosis"]]
    assert said == [("located", True, 4), ("located", True, 9)], report["diagnosis"]
    assert "write `0` for `1`" in report["diagnosis"][0]["message"]


def test_a_window_start_that_can_move_back_is_mended_with_max_beside_a_best_started_one_off(tmp_path):
    # 'abba': on the second a, left jumps back to 1; and best = 1 answers 1 for ''
    source = ("class Solution:\n    def lengthOfLongestSubstring(self, s):\n        last = {}\n        left = 0\n"
              "        best = 1\n        for right, ch in enumerate(s):\n            if ch in last:\n"
              "                left = last[ch] + 1\n            last[ch] = right\n"
              "            best = max(best, right - left + 1)\n        return best\n")
    report = grade(tmp_path, "longest-substring", source)
    said = [(d["kind"], d["verified"], d["line"]) for d in report["diagnosis"]]
    assert said == [("located", True, 5), ("located", True, 8)], report["diagnosis"]
    assert "write `max(left, last[ch] + 1)` for `last[ch] + 1`" in report["diagnosis"][1]["message"]


def test_a_difference_with_its_sides_swapped_is_mended_and_its_crashes_with_it(tmp_path):
    # x - target looked up, target - x read: wrong answers and a KeyError, one slip
    source = ("class Solution:\n    def twoSum(self, nums, target):\n        seen = {}\n"
              "        for i, x in enumerate(nums):\n            if x - target in seen:\n"
              "                return [seen[target - x], i]\n            seen[x] = i\n        return []\n")
    report = grade(tmp_path, "two-sum", source)
    [entry] = report["diagnosis"]
    assert (entry["kind"], entry["verified"], entry["line"]) == ("located", True, 5), report["diagnosis"]
    assert "write `target - x` for `x - target`" in entry["message"] and "passes every case;" in entry["message"]
    # a value returned for its index, beside a stored 0 read as "not found"
    source = source.replace("if x - target in seen:", "if seen.get(target - x):").replace("], i]", "], x]")
    report = grade(tmp_path, "two-sum", source)
    said = [(d["kind"], d["verified"], d["line"]) for d in report["diagnosis"]]
    assert said == [("located", True, 5), ("located", True, 6)], report["diagnosis"]
    assert "write `i` for `x`" in report["diagnosis"][1]["message"]


def test_one_edit_beside_a_slip_the_validator_knows_names_both(tmp_path):
    # the loop starts at 1, and the values are returned where their indices belong
    source = ("class Solution:\n    def twoSum(self, nums, target):\n        seen = {}\n"
              "        for i in range(1, len(nums)):\n            if target - nums[i] in seen:\n"
              "                return [target - nums[i], nums[i]]\n            seen[nums[i]] = i\n")
    report = grade(tmp_path, "two-sum", source)
    said = [(sort(d), d["verified"], d["line"]) for d in report["diagnosis"]]
    # the values' slip at the return that pairs them (slip_code's form for `return [target - x, x]`)
    assert said == [("located", True, 4), ("two-sum-values", True, 6)], report["diagnosis"]
    assert "write `0` for `1`" in report["diagnosis"][0]["message"]


@pytest.mark.parametrize("first,second,said", [
    ("x = self.ln1(x + self.attn(x))", "x = x + self.mlp(self.ln2(x))", "only the attention sublayer is post-norm"),
    ("x = x + self.attn(self.ln1(x))", "x = self.ln2(x + self.mlp(x))", "only the MLP sublayer is post-norm"),
])
def test_one_sublayer_post_norm_is_named_with_which(tmp_path, first, second, said):
    solution = DRILLS["transformer-block"].folder.joinpath("solution.py").read_text()
    source = solution.replace("x = x + self.attn(self.ln1(x))", first).replace("x = x + self.mlp(self.ln2(x))", second)
    assert source != solution
    report = grade(tmp_path, "transformer-block", source)
    assert [sort(d) for d in report["diagnosis"]] == ["post-norm"] and said in report["diagnosis"][0]["message"]


def test_a_mean_divided_by_d_minus_1_beside_a_second_slip_names_both_at_their_lines(tmp_path):
    # the factor d / (d - 1) read as that, not as one case's number: replayed on every case, the
    # second slip (gamma added) is found after it and the whole is verified
    src = ("import numpy as np\n\n\ndef rms_norm(x, gamma, eps=1e-6):\n    d = x.shape[-1]\n"
           "    ms = np.sum(x * x, axis=-1, keepdims=True) / (d - 1)\n    rms = np.sqrt(ms + eps)\n"
           "    return (x / rms + gamma).astype(x.dtype)\n")
    report = grade(tmp_path, "rms-norm", src)
    located = [d for d in report["diagnosis"] if sort(d) == "located"]  # one cause each, at its line
    assert [(d["line"], d["verified"]) for d in located] == [(6, True), (8, True)], located
    assert "d / (d - 1)" in located[0]["message"]


def test_a_hidden_diagonal_with_a_plain_softmax_names_the_mask_and_the_scale_not_the_nan_row(tmp_path):
    # tril(-1) leaves the first query nothing to see; F.softmax makes it NaN. That NaN is no slip
    # of its own in a causal drill (no row is empty otherwise): the two slips are named, alone
    src = DRILLS["causal-self-attention"].solution_text().replace(
        "torch.tril(torch.ones(T, T, device=x.device))", "torch.tril(torch.ones(T, T, device=x.device), diagonal=-1)")
    report = grade(tmp_path, "causal-self-attention", src)
    assert [sort(d) for d in report["diagnosis"]] == ["mask-diagonal"]
    report = grade(tmp_path, "causal-self-attention", src.replace("(self.d_head ** 0.5)", "(D ** 0.5)"))
    assert sorted(sort(d) for d in report["diagnosis"]) == ["mask-diagonal", "scale-d-model"]


def test_a_finite_mask_fill_beside_a_transposed_output_projection_names_both(tmp_path):
    # both seen in two blind corpora: -1e9 for the masked scores, and y @ w_o.T while x @ w_q is right
    src = DRILLS["multi-head-attention"].solution_text()
    src = src.replace("s = np.where(m, s, -np.inf)", "s = np.where(m, s, -1e9)").replace(
        "reshape(B, T, D) @ w_o", "reshape(B, T, D) @ w_o.T")
    report = grade(tmp_path, "multi-head-attention", src)
    assert sorted(sort(d) for d in report["diagnosis"]) == ["mask-fill-finite", "weights-transposed"]
    assert "only the output projection" in " ".join(d["message"] for d in report["diagnosis"])


def test_a_mask_broadcast_on_the_query_axis_is_named_where_it_grew_the_scores_not_where_it_crashed(tmp_path):
    # (B, 1, S, 1) for (B, 1, 1, S): the scores grow from (B, H, T, S) to (B, H, S, S) at the mask's
    # line, and the crash comes later at the merge's reshape (seen in three blind corpora)
    src = DRILLS["cross-attention"].solution_text().replace("memory_mask[:, None, None, :]", "memory_mask[:, None, :, None]")
    report = grade(tmp_path, "cross-attention", src)
    crash = [d for d in report["diagnosis"] if sort(d) == "raised"]
    assert crash and crash[0]["verified"] and crash[0]["line"] == 13
    assert "broadcast it along axis 2 (1 -> 9)" in crash[0]["message"], crash[0]["message"]
    # x taken for memory: the scores are (B, H, T, T) and a right mask broadcasts them to (B, H, T, S):
    # that growth is no cause, the scores were already wrong
    src = DRILLS["cross-attention"].solution_text()
    assert "memory @ w_k" in src
    report = grade(tmp_path, "cross-attention", src.replace("memory @ w_k", "x @ w_k"))
    assert not any("broadcast it along" in d["message"] for d in report["diagnosis"])


def test_a_length_read_from_the_batch_axis_is_named_where_it_was_read(tmp_path):
    # positions = arange(x.shape[0]): right for an unbatched x, the batch for a batched one, and the
    # crash comes where cos (B, d/2) meets x's (..., T, d/2) (two blind corpora)
    src = DRILLS["rope"].solution_text()
    assert "x.shape[-2]" in src, src
    report = grade(tmp_path, "rope", src.replace("x.shape[-2]", "x.shape[0]", 1))
    crash = [d for d in report["diagnosis"] if sort(d) == "raised"]
    assert crash and crash[0]["verified"], report["diagnosis"]
    assert "the length is read from axis 0 where x.shape[-2] is meant" in crash[0]["message"]
    assert "x.shape[0]" in crash[0]["code"]


def test_kv_cache_angles_tiled_on_interleaved_pairs_is_named(tmp_path):
    # the rope drill's rope-angles-tiled, written inside decode_step (holdout7)
    src = DRILLS["kv-cache"].solution_text().replace(
        "    out = np.empty_like(x)\n    x0, x1 = x[..., 0::2], x[..., 1::2]\n"
        "    out[..., 0::2] = x0 * cos - x1 * sin\n    out[..., 1::2] = x0 * sin + x1 * cos\n    return out\n",
        "    cos, sin = np.concatenate([cos, cos], -1), np.concatenate([sin, sin], -1)\n"
        "    rot = np.stack([-x[..., 1::2], x[..., 0::2]], -1).reshape(x.shape)\n    return x * cos + rot * sin\n")
    assert "np.concatenate([cos, cos], -1)" in src
    report = grade(tmp_path, "kv-cache", src)
    assert [sort(d) for d in report["diagnosis"]] == ["rope-angles-tiled"], report["diagnosis"]


def test_a_big_smallest_input_shows_shapes_first_and_where_the_answers_part():
    # arrays too big to read whole: the shape first (never cut off), and the first position where the
    # expected and the learner's answers differ (their first numbers are often equal)
    from studyxf.grading.judge import shrink

    x = np.arange(40.0).reshape(2, 4, 5)
    assert shrink._text(x).startswith("shape (2, 4, 5), [0., 1., 2., 3., ...]")
    got = x.copy()
    got[1, 2, 3] += 1
    expected, yours = shrink._apart(x, got)
    assert expected == "shape (2, 4, 5), first apart at (1, 2, 3): 33" and yours.endswith(": 34")
    assert shrink._apart(np.zeros(4), np.ones(4)) is None  # few numbers: shown whole


def test_one_index_read_for_another_is_mended_beside_an_answer_started_one_off(tmp_path):
    # the set loses s[r] where s[l] leaves the window, and ans = 1 answers 1 for ''
    source = ("class Solution:\n    def lengthOfLongestSubstring(self, s):\n        window = set()\n        l = 0\n"
              "        ans = 1\n        for r in range(len(s)):\n            while s[r] in window:\n"
              "                window.remove(s[r])\n                l += 1\n            window.add(s[r])\n"
              "            ans = max(ans, r - l + 1)\n        return ans\n")
    report = grade(tmp_path, "longest-substring", source)
    said = [(d["kind"], d["verified"], d["line"]) for d in report["diagnosis"]]
    assert said == [("located", True, 5), ("located", True, 8)], report["diagnosis"]
    assert "write `l` for `r`" in report["diagnosis"][1]["message"]


def test_a_random_output_is_said_at_the_one_line_that_draws(tmp_path):
    # F.dropout's training flag defaults to True: the module's outputs change from call to call
    src = DRILLS["causal-self-attention"].solution_text().replace(
        ".softmax(-1)", ".softmax(-1)\n        att = torch.nn.functional.dropout(att, p=0.1)")
    assert "dropout" in src
    report = grade(tmp_path, "causal-self-attention", src)
    said = [d for d in report["diagnosis"] if sort(d) == "random-output"]
    assert said and said[0]["line"] == next(i for i, l in enumerate(src.splitlines(), 1) if "dropout" in l)


def test_a_float32_buffer_filled_by_slices_is_said_where_it_was_allocated(tmp_path):
    """np.empty_like(x, dtype=np.float32) then out[..., 0::2] = ...: the empty buffer's values are not
    traced until written, but its dtype was chosen at the allocation (holdout11 rope/01, line 12)."""
    from pathlib import Path

    source = (Path(__file__).parent / "data" / "holdout11" / "rope" / "learner_01.py").read_text()
    report = grade(tmp_path, "rope", source)
    lowered = [d for d in report["diagnosis"] if d["mistake"] == "dtype-lowered"]
    assert [d["line"] for d in lowered] == [12], report["diagnosis"]
    assert "np.empty_like(x, dtype=np.float32)" in lowered[0]["code"]


def test_a_float64_scalar_made_by_numpy_above_is_where_the_dtype_is_said(tmp_path):
    """holdout15's attention/learner_01: `scale = 1/np.sqrt(d)` (line 6) is a NumPy float64 that widens the
    float32 scores at line 7: said at line 6, where the float64 comes from; its two other causes keep their lines."""
    from pathlib import Path

    path = Path(__file__).parent / "data" / "holdout15" / "attention" / "learner_01.py"
    report = grade(tmp_path, "attention", path.read_text())
    lines = {d["mistake"]: d.get("line") for d in report["diagnosis"]}
    assert lines.get("dtype-promoted") == 6 and lines.get("masked-row-nan") == 14, report["diagnosis"]


OWN_CHECK = '''import numpy as np


def attention(q, k, v, mask=None):
    if q.dtype != np.float32:
        raise TypeError(f"float32 only, got {q.dtype}")
    s = q @ np.swapaxes(k, -1, -2) / np.sqrt(q.shape[-1]).astype(q.dtype)
    if mask is not None:
        s = np.where(mask, s, -np.inf)
    m = s.max(axis=-1, keepdims=True)
    e = np.exp(s - np.where(np.isfinite(m), m, 0))
    total = e.sum(axis=-1, keepdims=True)
    return (e / np.where(total > 0, total, 1)) @ v
'''


def test_a_check_of_the_files_own_that_rejects_an_input_the_task_gives_is_said_at_its_if(tmp_path):
    report = grade(tmp_path, "attention", OWN_CHECK)
    own = [d for d in report["diagnosis"] if d.get("line") == 5]
    assert report["status"] == "fail" and own and own[0]["verified"], report["diagnosis"]
    assert "your own check rejects an input the task gives" in own[0]["message"] and "float64" in own[0]["message"]


def test_a_check_on_a_value_the_file_computed_is_not_said_as_rejecting_the_input():
    from studyxf.grading.judge.crash_trace import own_check

    computed = ("def attention(q, k, v, mask=None):\n    s = q @ np.swapaxes(k, -1, -2)\n"
                "    if s.shape[-1] != k.shape[-2]:\n        raise ValueError('keys')\n    return s @ v\n")
    assert own_check({"line": 4}, computed) is None  # s is the file's: a slip above may be what the check caught
    assert own_check({"line": 6}, OWN_CHECK) == {"line": 5, "code": "if q.dtype != np.float32:"}
