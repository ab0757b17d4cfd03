"""A tensor drill's file mended in the sandbox (judge/edits/, judge/repair.py): the edit, or two,
with which every case passes names each slip at its line, with the fix; an edit beside a slip the
catalogue knows names both; an edit that only drops a step (a softmax shifted by a row constant)
is never offered; a module drill's file is edited, built and run as its configs are."""

import json
from pathlib import Path

import pytest

from studyxf.grading.judge import edits
from tests.drill_helpers import DRILLS, grade, sort

TWO_SLIPS = """import numpy as np


def attention(q, k, v, mask=None):
    Tq, d = q.shape[-2], q.shape[-1]
    scores = q @ np.swapaxes(k, -1, -2) / (Tq ** 0.5)
    if mask is not None:
        scores = np.where(mask, scores, -np.inf)
    m = scores.max(axis=-1, keepdims=True)
    w = np.exp(scores - np.where(np.isfinite(m), m, 0.0))
    s = w.sum(axis=-2, keepdims=True)
    return (w / np.where(s == 0, 1.0, s)) @ v
"""

KEEPDIMS_AND_TOP_LEFT = """import numpy as np


def grouped_query_attention(q, k, v, causal=False):
    hq, hkv = q.shape[1], k.shape[1]
    tq, tk = q.shape[2], k.shape[2]
    k = np.repeat(k, hq // hkv, axis=1)
    v = np.repeat(v, hq // hkv, axis=1)
    s = q @ np.swapaxes(k, -1, -2) / np.sqrt(q.shape[-1])
    if causal:
        s = np.where(np.tril(np.ones((tq, tk), dtype=bool)), s, -np.inf)
    m = s.max(axis=-1)
    w = np.exp(s - m)
    return (w / w.sum(axis=-1, keepdims=True)) @ v
"""


def test_two_slips_no_catalogue_knows_are_each_named_at_their_line_with_the_fix(tmp_path):
    report = grade(tmp_path, "attention", TWO_SLIPS)
    assert report["status"] == "fail"
    located = [d for d in report["diagnosis"] if sort(d) == "located" and d["verified"]]
    assert [d["line"] for d in located] == [6, 11]
    assert "write `d` for `Tq`" in located[0]["message"] and "write `-1` for `-2`" in located[1]["message"]
    assert "your code passes every case" in located[0]["message"]


def test_an_edit_beside_a_catalogued_slip_names_both_once_the_crash_is_mended(tmp_path):
    # the row max without keepdims crashes where heads != keys; mended, the cases left fit the
    # top-left causal mask, which the crash had hidden, said where the mask is made
    report = grade(tmp_path, "gqa", KEEPDIMS_AND_TOP_LEFT)
    said = [(sort(d), d.get("line")) for d in report["diagnosis"]]
    assert ("located", 12) in said and ("causal-top-left", 11) in said
    fix = next(d for d in report["diagnosis"] if d.get("line") == 12)
    assert "keepdims=True" in fix["message"] and fix["verified"]


def test_the_edits_listed_follow_the_learners_kinds_and_never_drop_a_step():
    kinds = {"q": "array of rank 4", "k": "array of rank 4", "v": "array of rank 4", "causal": "bool"}
    listed = edits.candidates(KEEPDIMS_AND_TOP_LEFT, "numpy", [13], kinds)
    said = {(e["line"], e["was"], e["now"]) for e in listed}
    assert (12, "s.max(axis=-1)", "s.max(axis=-1, keepdims=True)") in said
    assert (11, "np.tril(np.ones((tq, tk), dtype=bool))", "np.tril(np.ones((tq, tk), dtype=bool), 1)") in said
    assert (7, "-1", "-2") not in said  # np.repeat's axis=1 is no axis literal of -1
    assert (7, "1", "-1") in said
    assert listed[0]["line"] == 13  # the line the diagnosis saw first
    # m is read once: `s - hq` passes every case (a softmax ignores a row constant) and is no fix
    assert not any(e["line"] == 13 and e["was"] == "m" for e in listed)
    assert not any(e["was"] == "causal" for e in listed)  # no input of another kind for a bool


CSA_TWO_SLIPS = """import math
import torch
import torch.nn as nn


class CausalSelfAttention(nn.Module):
    def __init__(self, d_model, n_heads):
        super().__init__()
        self.n_heads, self.d_head = n_heads, d_model // n_heads
        self.qkv = nn.Linear(d_model, 3 * d_model)
        self.proj = nn.Linear(d_model, d_model)

    def forward(self, x):
        B, T, D = x.shape
        k, q, v = self.qkv(x).split(D, dim=-1)
        q = q.view(B, T, self.n_heads, self.d_head).transpose(1, 2)
        k = k.view(B, T, self.n_heads, self.d_head).transpose(1, 2)
        v = v.view(B, T, self.n_heads, self.d_head).transpose(1, 2)
        att = (q @ k.transpose(-2, -1)) / math.sqrt(self.d_head)
        causal = torch.tril(torch.ones(T, T, dtype=torch.bool, device=x.device))
        att = torch.softmax(att.masked_fill(~causal, float("-inf")), dim=1)
        return self.proj((att @ v).transpose(1, 2).reshape(B, T, D))
"""


def test_a_module_s_two_slips_are_each_named_at_their_line_by_editing_the_module(tmp_path):
    # q and k unpacked in the wrong order (invisible at T = 1, where q.k = k.q) and the softmax over the heads
    report = grade(tmp_path, "causal-self-attention", CSA_TWO_SLIPS)
    located = [d for d in report["diagnosis"] if sort(d) == "located" and d["verified"]]
    assert [d["line"] for d in located] == [15, 21], report["diagnosis"]
    assert "write `q, k, v` for `k, q, v`" in located[0]["message"]
    assert "write `-1` for `1`" in located[1]["message"] and "passes every case" in located[1]["message"]


def test_dropout_left_on_is_said_at_its_line_and_the_slip_beside_it_is_named_too(tmp_path):
    # the randomness hid the values: without the dropout the rest fits the catalogue's sqrt(d_model)
    solution = DRILLS["causal-self-attention"].solution_text()
    source = solution.replace("/ (self.d_head ** 0.5)", "/ (D ** 0.5)").replace(
        ".softmax(-1)", ".softmax(-1)\n        att = torch.nn.functional.dropout(att, p=0.1)")
    report = grade(tmp_path, "causal-self-attention", source)
    line = next(i for i, c in enumerate(source.splitlines(), 1) if "dropout" in c)
    scale = next(i for i, c in enumerate(source.splitlines(), 1) if "(D ** 0.5)" in c)  # its one square root
    assert sorted((sort(d), d.get("line")) for d in report["diagnosis"]) == \
        [("random-output", line), ("scale-d-model", scale)], report["diagnosis"]


@pytest.mark.parametrize("file,slip,line", [
    ("transformer-block/learner_01.py", "mask-diagonal", 21),  # triu(0) beside an MLP on x (block-parallel)
    ("flash-attention/learner_02.py", "causal-offset-negated", 11),  # beside a running sum not rescaled
])
def test_two_catalogued_slips_get_the_line_of_the_one_an_edit_mends(tmp_path, file, slip, line):
    """holdout11's: the edit after which the rest fits the other named slip is the first one's line."""
    from pathlib import Path

    path = Path(__file__).parent / "data" / "holdout11" / file
    report = grade(tmp_path, file.split("/")[-2], path.read_text())
    named = {sort(d): d.get("line") for d in report["diagnosis"]}
    assert named.get(slip) == line and len(named) == 2, report["diagnosis"]


def test_an_exponent_s_lost_sign_beside_a_weight_read_for_another_are_both_mended(tmp_path):
    # holdout11's swiglu/01: a sigmoid written with exp(z), and the up projection reading w_gate
    from pathlib import Path

    path = Path(__file__).parent / "data" / "holdout11" / "swiglu" / "learner_01.py"
    report = grade(tmp_path, "swiglu", path.read_text())
    # an edit whose file then fits a catalogued slip is said with that slip's id (the sigmoid's sign at 5)
    fixes = {d["line"]: d["message"] for d in report["diagnosis"] if d["verified"] and "write" in d["message"]}
    assert set(fixes) == {5, 10}, report["diagnosis"]
    assert "write `-z` for `z`" in fixes[5] and "write `w_up` for `w_gate`" in fixes[10]


def test_a_float_mask_given_to_masked_fill_is_explained_at_its_line(tmp_path):
    source = CSA_TWO_SLIPS.replace("k, q, v =", "q, k, v =").replace("dim=1)", "dim=-1)").replace(
        "torch.tril(torch.ones(T, T, dtype=torch.bool, device=x.device))", "torch.ones(T, T).triu(1)").replace(
        "~causal", "causal")
    report = grade(tmp_path, "causal-self-attention", source)
    entry = report["diagnosis"][0]
    assert entry["verified"] and entry["line"] == 21 and "dtype=torch.bool" in entry["message"], report["diagnosis"]


def test_a_calculator_s_missing_parentheses_and_bits_for_bytes_are_named_at_their_lines(tmp_path):
    # the layers multiply QK^T only, and the memory holds T x d_head where T x T belongs: a diagnosis
    # that had nothing to say gets both, each with its fix
    source = ("def attention_cost(batch, layers, heads, head_dim, tokens, bytes_per_element=2):\n"
              "    qk = 2 * batch * heads * tokens * tokens * head_dim\n"
              "    av = 2 * batch * heads * tokens * tokens * head_dim\n"
              "    flops = layers * qk + av\n"
              "    memory = batch * heads * tokens * head_dim * bytes_per_element\n"
              "    return {\"flops\": flops, \"memory_bytes\": memory}\n")
    report = grade(tmp_path, "attention-cost", source)
    located = [d for d in report["diagnosis"] if sort(d) == "located" and d["verified"]]
    assert [d["line"] for d in located] == [4, 5], report["diagnosis"]
    assert "write `layers * (qk + av)`" in located[0]["message"] and "write `tokens` for `head_dim`" in \
        located[1]["message"]
    # an element size read from the dtype's name ('fp16' -> 16) is bits
    source = ("def kv_cache_bytes(config, tokens, batch=1, dtype=\"fp16\"):\n    size = int(dtype[-2:])\n"
              "    d_head = config[\"d_model\"] // config[\"n_heads\"]\n"
              "    count = 2 * config[\"n_layers\"] * config[\"n_kv_heads\"] * d_head * tokens * batch\n"
              "    return int(count * size)\n")
    report = grade(tmp_path, "kv-cache-size", source)
    entry = next(d for d in report["diagnosis"] if d.get("verified"))
    assert entry["line"] == 2 and "counts bits where bytes belong" in entry["message"], report["diagnosis"]


def test_a_rescale_on_the_wrong_term_and_a_scale_read_from_v_are_both_named(tmp_path):
    # o + corr * pv where o * corr + pv belongs, and 1/sqrt(dv) where 1/sqrt(d) belongs (the drill's
    # cases give v a width of its own, as the task's (..., Tk, dv) says)
    source = ("import numpy as np\n\n\ndef flash_attention(q, k, v, causal=False, block_size=64):\n"
              "    tq, tk = q.shape[-2], k.shape[-2]\n    scale = 1.0 / np.sqrt(v.shape[-1])\n"
              "    m = np.full(q.shape[:-1] + (1,), -np.inf)\n    l = np.zeros(q.shape[:-1] + (1,))\n"
              "    o = np.zeros(q.shape[:-1] + (v.shape[-1],))\n    rows = np.arange(tq)[:, None] + (tk - tq)\n"
              "    for start in range(0, tk, block_size):\n        stop = min(start + block_size, tk)\n"
              "        s = q @ np.swapaxes(k[..., start:stop, :], -1, -2) * scale\n        if causal:\n"
              "            s = np.where(np.arange(start, stop)[None, :] > rows, -np.inf, s)\n"
              "        m_new = np.maximum(m, s.max(axis=-1, keepdims=True))\n"
              "        shift = np.where(np.isinf(m_new), 0.0, m_new)\n        p = np.exp(s - shift)\n"
              "        corr = np.exp(m - shift)\n        l = l * corr + p.sum(axis=-1, keepdims=True)\n"
              "        o = o + corr * (p @ v[..., start:stop, :])\n        m = m_new\n"
              "    return (o / np.where(l == 0, 1.0, l)).astype(q.dtype)\n")
    report = grade(tmp_path, "flash-attention", source)
    located = [d for d in report["diagnosis"] if sort(d) == "located" and d["verified"]]
    assert [d["line"] for d in located] == [6, 21], report["diagnosis"]
    assert "write `q` for `v`" in located[0]["message"]
    assert "multiplies the wrong term of the sum" in located[1]["message"]


def test_a_new_axis_in_the_wrong_place_and_a_line_unlike_its_sibling_are_edits():
    source = ("import torch\n\n\ndef f(q, k, v, mask):\n    k = k.repeat_interleave(2, dim=1)\n"
              "    v = v.repeat(1, 2, 1, 1)\n    m = mask[None]\n    return q, k, v, m\n")
    kinds = {"q": "array of rank 4", "k": "array of rank 4", "v": "array of rank 4", "mask": "array of rank 3"}
    said = {(e["line"], e["was"], e["now"]) for e in edits.candidates(source, "torch", [], kinds)}
    assert (6, "v.repeat(1, 2, 1, 1)", "v.repeat_interleave(2, dim=1)") in said
    assert (5, "k.repeat_interleave(2, dim=1)", "k.repeat(1, 2, 1, 1)") in said
    assert (7, "mask[None]", "mask[:, None]") in said


def test_annotated_lines_named_constants_and_exchanged_names_are_edits():
    """holdout26's typed persona: `h: Array_t = silu(u) * g` is edited as a plain assignment (u and g
    exchanged, not the two factors of the product), a module's `kAxis: Final[int] = 0` where the axis is
    written, a fill constant where it is written; a helper returning its gate without its input."""
    source = ("import numpy as np\nfrom typing import Final\n\nkAxis: Final[int] = 0\nkFill: Final[float] = 0.0\n\n\n"
              "def gelu(*, z):\n    phi = 0.5 * (1 + np.tanh(z))\n    return phi\n\n\n"
              "def f(x, g, u, m):\n    h: np.ndarray = gelu(z=u) * g\n    s = np.where(m, h, kFill)\n"
              "    return np.mean(s, axis=kAxis)\n")
    listed = edits.candidates(source, "numpy", [])
    said = {(e["line"], e["was"], e["now"]) for e in listed}
    assert any(e["line"] == 14 and "h: np.ndarray = gelu(z=g) * u\n" in e["source"] for e in listed)
    assert (4, "0", "-1") in said
    assert (5, "0.0", 'float("-inf")') in said
    assert (10, "phi", "z * phi") in said


def test_local_axes_kept_inputs_partial_blocks_and_kernel_bounds_are_edits():
    """holdout27's edits: an axis written as a local number in a branch (`axis = 0`), an input a class keeps and never
    reads (applied where its method's result leaves the class, with the kind of the argument it was made with), a
    loop over full blocks only, and in a kernel a lane bound by its tile's own end and tiles counted along another
    axis."""
    source = ("import numpy as np\n\n\nclass Linear:\n    def __init__(self, w, b):\n        self.w, self.b = w, b\n\n"
              "    def __call__(self, t):\n        return t @ self.w\n\n\n"
              "def f(x, w1, b1, block):\n    if x.ndim == 1:\n        axis = 0\n    else:\n        axis = 0\n"
              "    for s in range(0, x.shape[0] - block + 1, block):\n        x = x - x[s:s + block].mean(axis=axis)\n"
              "    return Linear(w1, b1)(x)\n")
    kinds = {"x": "array of rank 2", "w1": "array of rank 2", "b1": "array of rank 1", "block": "int"}
    said = {(e["line"], e["was"], e["now"]) for e in edits.candidates(source, "numpy", [], kinds)}
    assert {(14, "0", "-1"), (16, "0", "-1")} <= said
    assert (9, "t @ self.w", "(t @ self.w) + self.b") in said
    assert (17, "x.shape[0] - block + 1", "x.shape[0]") in said
    kernel = ("import triton\nimport triton.language as tl\n\n\n@triton.jit\n"
              "def k(x_ptr, M, N, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):\n"
              "    pid = tl.program_id(0)\n    n_tiles = tl.cdiv(M, BLOCK_M)\n    start = (pid % n_tiles) * BLOCK_N\n"
              "    offs = start + tl.arange(0, BLOCK_N)\n    ok = offs < start + BLOCK_N\n"
              "    tl.store(x_ptr + offs, offs, mask=ok)\n")
    said = {(e["line"], e["was"], e["now"]) for e in edits.candidates(kernel, "torch", [])}
    assert (8, "tl.cdiv(M, BLOCK_M)", "tl.cdiv(N, BLOCK_N)") in said
    assert (11, "start + BLOCK_N", "N") in said


def test_values_tiled_beside_keys_interleaved_are_named_at_the_values_line(tmp_path):
    source = ("import math\nimport torch\n\n\ndef grouped_query_attention(q, k, v, causal=False):\n"
              "    g = q.shape[1] // k.shape[1]\n    k = k.repeat_interleave(g, dim=1)\n    v = v.repeat(1, g, 1, 1)\n"
              "    tq, tk = q.shape[-2], k.shape[-2]\n    s = q @ k.transpose(-2, -1) / math.sqrt(q.shape[-1])\n"
              "    if causal:\n        keep = torch.ones(tq, tk, dtype=torch.bool).tril(diagonal=tk - tq)\n"
              "        s = s.masked_fill(~keep, float('-inf'))\n    return s.softmax(dim=-1).nan_to_num(0.0) @ v\n")
    report = grade(tmp_path, "gqa", source)
    entry = next(d for d in report["diagnosis"] if d.get("verified"))
    assert entry["line"] == 8 and "write `v.repeat_interleave(g, dim=1)`" in entry["message"], report["diagnosis"]


def test_the_edits_cover_roots_squares_einsums_terms_calls_layers_and_block_positions():
    source = ("import numpy as np\n\n\ndef gelu(z):\n    return z\n\n\n"
              "def f(x, w, block):\n"
              "    s = np.einsum('bqd,bkd->bkq', x, x) * x.shape[-1] ** 0.5\n"  # 9
              "    ms = np.mean(x, axis=-1) ** 2 + np.linalg.norm(x, axis=-1)\n"  # 10
              "    t = np.outer(w, w) + x\n"  # 11
              "    for j0 in range(0, 8, block):\n"  # 12
              "        pos = np.arange(block)\n"  # 13
              "    return gelu(np.exp(s) + ms)\n"  # 14
              "\n\nclass M:\n    def __init__(self):\n        self.query = make()\n        self.value = make()\n\n"
              "    def forward(self, x):\n        a = self.query(x)\n        v = self.query(a)\n"
              "        return self.value(a + v)\n")
    kinds = {"x": "array of rank 3", "w": "array of rank 1", "block": "int"}
    said = {(e["line"], e["was"], e["now"]) for e in edits.candidates(source, "numpy", [], kinds)}
    assert (9, "0.5", "-0.5") in said  # the root multiplies where it divides
    assert (9, "'bqd,bkd->bkq'", "'bqd,bkd->bqk'") in said  # the output's axes
    assert (10, "np.mean(x, axis=-1) ** 2", "np.mean(x ** 2, axis=-1)") in said
    assert (10, "np.linalg.norm(x, axis=-1)", "np.linalg.norm(x, axis=-1) ** 2") in said
    assert (11, "w, w", "w, w") not in said and (11, "np.outer(w, w) + x", "np.outer(w, w)") in said
    assert (13, "block", "j0, j0 + block") in said  # positions local to the block
    assert (14, "gelu(np.exp(s) + ms)", "np.exp(s) + ms") in said and (14, "exp", "exp2") in said
    assert (14, "np.exp(s) + ms", "np.exp(s) * ms") in said
    assert (24, "query", "value") in said  # one layer called for another (self.value is called elsewhere)
    assert (24, "a", "x") in said  # a module's input for a local


def test_two_inputs_exchanged_an_offset_dropped_and_an_exponent_s_parentheses_are_edits():
    source = ("import math\n\n\ndef f(x, gamma, beta, d):\n"
              "    for i in range(0, d - 2, 2):\n"  # 5
              "        x[i] = math.cos(i / 10000 ** i / d)\n"  # 6
              "    return x * beta + gamma\n")  # 7
    kinds = {"x": "array of rank 2", "gamma": "array of rank 1", "beta": "array of rank 1", "d": "int"}
    said = {(e["line"], e["was"], e["now"]) for e in edits.candidates(source, "numpy", [], kinds)}
    assert (7, "x * beta + gamma", "x * gamma + beta") in said
    assert (5, "d - 2", "d") in said
    assert (6, "i / 10000 ** i / d", "i / 10000 ** (i / d)") in said


def test_an_int_too_large_for_a_float_is_a_wrong_answer_not_a_crash_of_the_judge(tmp_path):
    source = ("def attention_cost(batch, layers, heads, head_dim, tokens, bytes_per_element=2):\n"
              "    flops = 4 * batch * layers * heads * tokens ** 1000 * head_dim\n"
              "    return {\"flops\": flops, \"memory_bytes\": batch * heads * tokens * tokens * bytes_per_element}\n")
    report = grade(tmp_path, "attention-cost", source)
    # an int past a float's range (and past JSON's 4300 digits) comes back as inf: the sandbox lives on
    assert report["status"] == "fail" and "NaN or inf in the output" in json.dumps(report["tests"]), report["tests"]
    assert all(t["status"] == "fail" for t in report["tests"])


def test_a_running_max_started_at_zero_fails_and_is_named_beside_an_inverted_rescale(tmp_path):
    # every score near -1000 (flash-attention's last case): exp underflows unless the max subtracted
    # is the scores' own; on the smallest case both slips show at once, so neither edit alone brings
    # it nearer: the pair is found on a case unlike it
    solution = (DRILLS["flash-attention"].folder / "solution.py").read_text()
    zero = solution.replace("m = np.full(q.shape[:-1] + (1,), -np.inf, dtype=q.dtype)",
                            "m = np.zeros(q.shape[:-1] + (1,), dtype=q.dtype)")
    both = zero.replace("np.exp(m - safe)", "np.exp(safe - m)")
    assert solution != zero != both
    for source, lines in ((zero, {6}), (both, {6, 18})):
        report = grade(tmp_path, "flash-attention", source)
        assert report["status"] == "fail"
        fixes = {d["line"]: d for d in report["diagnosis"] if d.get("line") and d["verified"]}
        assert set(fixes) == lines, report["diagnosis"]
        assert "np.full(q.shape[:-1] + (1,), -np.inf, dtype=q.dtype)" in fixes[6]["message"]


@pytest.mark.parametrize("file,lines", [
    ("layer-norm/learner_02.py", {7}),  # (var + eps) ** 1/2: the base's own parentheses kept in the fix
    ("swiglu/learner_01.py", {7}),  # gate * gate / (1 + exp(-gate)): a factor twice
    ("multi-head-attention/learner_01.py", {14}),  # sqrt(n_heads) for sqrt(d_head): a size input for a local
    ("multi-head-attention/learner_04.py", {12}),  # mask[None, :, :, :] for mask[:, None, :, :]
    ("kv-cache-size/learner_02.py", {3}),  # nbytes = 16 in a branch on the dtype: bits
    ("alibi/learner_02.py", {5, 8}),  # 2 ** -8 / n_heads, and keys counted from 1
    ("attention/learner_02.py", {5, 15}),  # a max without keepdims, and k.T on a batched k (the crash's line)
    ("flash-attention/learner_02.py", {6, 23}),  # q.shape[-2] for d, and blk_max where ref (an array named unalike)
    ("layer-norm/learner_03.py", {5, 9}),  # x.shape[0] for the features, and 1e-5 written for eps
    ("rms-norm/learner_01.py", {5, 7}),  # x.dim() for a size, and 1e-5 for eps=1e-6
    ("sinusoidal/learner_01.py", {6, 8}),  # range(1, T), and pos / 10000 ** 2 * i / d
    ("swiglu/learner_02.py", {6, 7}),  # selu for silu, and torch.matmul(x, w_up.T)
    ("gqa/learner_02.py", {18}),  # an einsum's output axes beside `q *= scale` (said by the in-place rule, line 11)
    ("cross-attention/learner_01.py", {12, 13}),  # torch.zeros without x's dtype, and range(n_heads - 1)
    # config["n_kv_heads"] for config["n_heads"], and dtype == "fp16" (said as the calculator's two readings, units.py)
    ("kv-cache-size/learner_01.py", {5, 6}),
    ("transformer-block/learner_04.py", {17, 44}),  # self.key for self.value, and gelu(fc2(...)) for fc2(gelu(...))
    ("transformer-block/learner_01.py", {30}),  # an MLP ending in GELU, beside x += (said where autograd raised)
    ("../holdout9/flash-attention/learner_03.py", {9, 24}),  # both slips show at once on the smallest case
    ("longest-substring/learner_01.py", {6, 7}),  # range(len(s) - 1), and seen.get(ch, 0) for -1 (mend.py)
    ("two-sum/learner_01.py", {4, 9}),  # hi from len(nums) - 2, and s > target moving lo up (mend.py)
])
def test_blind_slips_are_mended_at_their_lines(tmp_path, file, lines):
    """holdout10's files (written blind from the tasks) whose slips the edits of this kind mend."""
    from pathlib import Path

    path = Path(__file__).parent / "data" / "holdout10" / file
    report = grade(tmp_path, file.split("/")[-2], path.read_text())
    assert report["status"] == "fail"
    if file.startswith("gqa"):
        assert any(sort(d) == "input-modified" and d["line"] == 11 for d in report["diagnosis"])
    if file == "transformer-block/learner_01.py":  # the in-place x += found from the syntax tree
        assert any(sort(d) == "raised" and d["line"] == 33 for d in report["diagnosis"])
    fixed = {d["line"] for d in report["diagnosis"]  # an edit said in its own words, or with a catalogued id
             if sort(d) not in ("measured", "raised") and d["verified"] and
             ("write" in d["message"] or file.startswith("kv-cache-size") and "together" in d["message"])}
    assert fixed == lines, report["diagnosis"]


def test_torchs_unbiased_var_beside_a_hard_coded_eps_are_each_named_at_their_line(tmp_path):
    """holdout11 layer-norm/02: x.var's default divisor n - 1 (line 6) and 1e-5 for eps (line 7); neither
    edit alone mends a case, the pair mends every one."""
    from pathlib import Path

    path = Path(__file__).parent / "data" / "holdout11" / "layer-norm" / "learner_02.py"
    report = grade(tmp_path, "layer-norm", path.read_text())
    lines = {d.get("line"): d.get("message") or "" for d in report["diagnosis"] if d.get("verified")}
    assert set(lines) >= {6, 7}, report["diagnosis"]
    assert "unbiased=False" in lines[6] and "eps" in lines[7]


def test_a_slip_beside_an_integer_table_is_found_past_the_truncation(tmp_path):
    """holdout11 sinusoidal/03: np.zeros((T, d), dtype=int) truncates every sine (line 8), which hid the
    exponent's missing parentheses (line 7): the edits are judged in a copy with the table made float."""
    from pathlib import Path

    path = Path(__file__).parent / "data" / "holdout11" / "sinusoidal" / "learner_03.py"
    report = grade(tmp_path, "sinusoidal", path.read_text())
    lines = {d.get("line"): d for d in report["diagnosis"] if d.get("verified")}
    assert lines[8]["mistake"] == "dtype-integer", report["diagnosis"]
    assert "10000 ** (two_i / d)" in lines[7]["message"] and "integer table at line 8 made float" in lines[7]["message"]


def test_a_distance_clamped_at_zero_beside_floor_division_are_each_named_at_their_line(tmp_path):
    """holdout11 alibi/01: `// n_heads` in the slopes' exponent (line 5) and max(i - j, 0) where |i - j|
    belongs (line 7): the pair of edits mends every case."""
    from pathlib import Path

    path = Path(__file__).parent / "data" / "holdout11" / "alibi" / "learner_01.py"
    report = grade(tmp_path, "alibi", path.read_text())
    lines = {d.get("line"): d.get("message") or "" for d in report["diagnosis"] if d.get("verified")}
    assert "// where / belongs" in lines[5] and "np.abs(pos[:, None] - pos[None, :])" in lines[7], report["diagnosis"]


def test_a_truthy_lookup_beside_a_swapped_complement_are_each_named_at_their_line(tmp_path):
    """holdout11 two-sum/01: nums[j] - target for target - nums[j] (line 5) kept every lookup empty, so the
    walk never saw `if i:` read a found 0 (line 7): the pair of edits mends every case."""
    from pathlib import Path

    path = Path(__file__).parent / "data" / "holdout11" / "two-sum" / "learner_01.py"
    report = grade(tmp_path, "two-sum", path.read_text())
    lines = {d.get("line"): d.get("message") or "" for d in report["diagnosis"] if d.get("verified")}
    assert "target - nums[j]" in lines[5] and "i is not None" in lines[7], report["diagnosis"]


def test_an_edit_that_lets_float32_cases_run_into_a_promotion_says_the_dtype_too(tmp_path):
    """holdout11 cross-attention/03: T for S (line 9) made every T != S case raise, which hid that
    np.sqrt(hd) promotes float32 to float64; with the edit the values pass and the dtype does not: the
    edit says so, and the dtype is a cause at the return, where the cast back belongs (line 19)."""
    from pathlib import Path

    path = Path(__file__).parent / "data" / "holdout11" / "cross-attention" / "learner_03.py"
    report = grade(tmp_path, "cross-attention", path.read_text())
    lines = {d.get("line"): d for d in report["diagnosis"] if d.get("verified")}
    assert "passes every case" not in lines[9]["message"] and "float64" in lines[9]["message"], report["diagnosis"]
    assert lines[19]["mistake"] == "dtype-promoted"


RMS = """import numpy as np


def rms_norm(x, gamma, eps=1e-6):
    xf = x.astype(np.float64)
    norm = np.sqrt((xf * xf).sum(axis=-1, keepdims=True) / (xf.shape[-1] + eps))
    y = xf / norm
    return (y * gamma).astype(x.dtype)
"""


def test_eps_taken_into_the_divisor_is_the_parentheses_not_a_constant(tmp_path):
    """s / (d + eps): eps reaches the result too weakly to show, which reads as 'eps = 1e-8 whatever is
    passed'; no line writes 1e-8, so the edit search runs and names the parentheses."""
    diagnosis = grade(tmp_path, "rms-norm", RMS)["diagnosis"]
    assert [d["line"] for d in diagnosis] == [6], diagnosis
    assert "/ xf.shape[-1] + eps" in diagnosis[0]["message"] and "whatever is passed" not in diagnosis[0]["message"]


def test_a_hard_coded_eps_is_said_where_the_code_computes_with_it(tmp_path):
    source = "import numpy as np\n\nEPS = 1e-5\n\n\ndef rms_norm(x, gamma, eps=1e-6):\n" \
             "    return gamma * x / np.sqrt((x * x).mean(-1, keepdims=True) + EPS)\n"
    first = grade(tmp_path, "rms-norm", source)["diagnosis"][0]
    assert first["line"] == 7 and "eps = 1e-05 whatever is passed" in first["message"], first


def test_the_edits_a_module_file_needs_are_listed():
    """The other triangle, a permutation's neighbours, a view's sizes swapped with the permute after it
    following, a keyword that does not belong, a layer applied to a name where the name belongs, and two
    halves concatenated where the pairs interleave."""
    source = ("import torch\nimport torch.nn as nn\n\n\n"
              "def f(self, x, T, B, C):\n"
              "    future = torch.ones(T, T).tril(-1).bool()\n"  # 6
              "    out = x.permute(0, 2, 3, 1)\n"  # 7
              "    qkv = x.view(B, T, self.h, 3, C).permute(3, 0, 2, 1, 4)\n"  # 8
              "    g = nn.GELU(approximate='tanh')\n"  # 9
              "    y = self.ln_1(x) + self.attn(x)\n"  # 10
              "    r = torch.cat((-x[..., 1::2], x[..., ::2]), dim=-1)\n"  # 11
              "    return future, out, qkv, g, y, r\n")
    said = {(e["line"], e["was"], e["now"]) for e in edits.candidates(source, "torch", [])}
    assert (6, "tril(-1)", "triu(1)") in said
    assert (7, "0, 2, 3, 1", "0, 2, 1, 3") in said
    assert (8, "view(B, T, self.h, 3, C).permute(3, 0, 2, 1, 4)", "view(B, T, 3, self.h, C).permute(2, 0, 3, 1, 4)") \
        in said
    assert (9, "approximate='tanh'", "") in said
    assert (10, "self.ln_1(x)", "x") in said
    assert (11, "torch.cat((-x[..., 1::2], x[..., ::2]), dim=-1)",
            "torch.stack((-x[..., 1::2], x[..., ::2]), dim=-1).flatten(-2)") in said


BLOCK_THREE_SLIPS = '''import math
from dataclasses import dataclass

import torch
import torch.nn as nn
import torch.nn.functional as F


@dataclass
class BlockConfig:
    d_model: int
    n_heads: int
    mlp_ratio: int = 4


class Attention(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.cfg = cfg
        self.qkv = nn.Linear(cfg.d_model, 3 * cfg.d_model)
        self.proj = nn.Linear(cfg.d_model, cfg.d_model)

    def forward(self, x):
        B, T, D = x.shape
        H = self.cfg.n_heads
        q, k, v = (t.view(B, T, H, D // H).transpose(1, 2) for t in self.qkv(x).split(D, dim=-1))
        att = q @ k.transpose(-2, -1) / math.sqrt(D)
        future = torch.triu(torch.ones(T, T, dtype=torch.bool, device=x.device), diagonal=0)
        att = att.masked_fill(future, float("-inf")).softmax(dim=-1)
        return self.proj((att @ v).transpose(1, 2).reshape(B, T, D))


class TransformerBlock(nn.Module):
    def __init__(self, d_model, n_heads, mlp_ratio=4):
        super().__init__()
        cfg = BlockConfig(d_model, n_heads, mlp_ratio)
        self.ln1, self.attn = nn.LayerNorm(d_model), Attention(cfg)
        self.ln2 = nn.LayerNorm(d_model)
        wide = mlp_ratio * d_model
        self.mlp = nn.Sequential(nn.Linear(d_model, wide), nn.GELU(), nn.Linear(wide, d_model))

    def forward(self, x):
        h = x + self.attn(self.ln1(x))
        return h + self.mlp(self.ln2(x))
'''


def test_three_slips_in_a_module_with_a_dataclass_are_each_named_at_their_line(tmp_path):
    # the scale by sqrt(d_model), the diagonal masked (row 0 all -inf: NaN) and the MLP fed x where h belongs:
    # no pair of edits mends it, so the nearest edit is made first and the copy searched again (the copies
    # are compiled with the module registered, as @dataclass needs)
    report = grade(tmp_path, "transformer-block", BLOCK_THREE_SLIPS)
    said = {d.get("line"): d for d in report["diagnosis"] if d.get("verified")}
    assert set(said) == {27, 28, 44}, report["diagnosis"]
    assert said[27]["mistake"] == "scale-d-model"
    assert "write `1` for `0`" in said[28]["message"] and "write `h` for `x`" in said[44]["message"]
    assert "lines 28 and 44" in said[27]["message"]  # (its edit, sqrt(D // H), is itself one of the three)


def test_a_cause_the_edits_find_replaces_the_words_that_nothing_names_one(tmp_path):
    # holdout16 flash-attention/learner_03: a class holds the running state, and neither the steps nor the
    # catalogue read the values (said as such, with the smallest input); the edits then find the scale read from
    # v's width (which the smallest case does not show) beside a running sum not rescaled
    source = (Path(__file__).parent / "data" / "holdout16" / "flash-attention" / "learner_03.py").read_text()
    said = grade(tmp_path, "flash-attention", source)["diagnosis"]
    assert {d.get("line") for d in said if d.get("verified")} == {18, 30}, said
    assert not any("no step of the reference" in (d.get("message") or "") for d in said), said


def test_a_layer_made_and_never_called_is_an_edit_of_the_return(tmp_path):
    from studyxf.grading.judge.edits import candidates

    source = CSA_TWO_SLIPS.replace("return self.proj((att @ v)", "return ((att @ v)")
    found = [c for c in candidates(source, "torch") if c["line"] == 22 and c["now"].startswith("self.proj(")]
    assert found and "never called" in found[0]["why"], [c["now"] for c in candidates(source, "torch") if c["line"] == 22]


def test_the_edits_swap_a_products_factors_read_a_rows_stride_and_add_the_accumulator_once():
    source = ("import torch\n\n\n"
              "def f(a, b, p, v, x, q, kernel):\n"
              "    c = tl.dot(b, a, input_precision='ieee')\n"  # 5
              "    d = b @ a\n"  # 6
              "    o = (p @ v).reshape(x.shape)\n"  # 7
              "    kernel[(1,)](q, q.stride(3))\n"  # 8
              "    c += tl.dot(a, b, c)\n"  # 9
              "    return c, d, o\n")
    said = {(e["line"], e["was"], e["now"]) for e in edits.candidates(source, "torch", [])}
    assert (5, "tl.dot(b, a, input_precision='ieee')", "tl.dot(a, b, input_precision='ieee')") in said
    assert (6, "b @ a", "a @ b") in said
    assert (7, "(p @ v).reshape(x.shape)", "(p @ v).swapaxes(1, 2).reshape(x.shape)") in said
    assert (8, "3", "2") in said
    assert (9, "tl.dot(a, b, c)", "tl.dot(a, b)") in said  # the accumulator added inside tl.dot and again around it
