"""A catalogued slip said without a line gets the one line whose code has its form (slip_code.py):
never a comment's or a docstring's words, never one of several, never a line another cause holds."""

import pytest

from studyxf.grading.judge.slip_code import line_of, placed, ruled_out

HEAD = '''class Head(nn.Module):
    def forward(self, x):
        """Scores scaled by sqrt(d_head)."""
        B, T, C = x.shape
        k, q = self.key(x), self.query(x)
        wei = q @ k.transpose(-2, -1) * C ** -0.5  # sqrt of the width
        return F.softmax(wei, dim=-1) @ self.value(x)
'''


def test_the_one_line_of_the_slips_form_is_its_line_and_a_docstring_or_comment_is_no_code():
    assert line_of("scale-d-model", HEAD) == 6


def test_two_lines_of_the_form_say_no_line():
    two = HEAD.replace("        return", "        s = math.sqrt(C)\n        return")
    assert line_of("scale-d-model", two) is None


def test_a_slip_without_a_form_or_a_file_says_no_line():
    assert line_of("no-scale", HEAD) is None
    assert line_of("scale-d-model", None) is None


def test_the_flash_accumulators_each_name_their_own_line():
    flash = ("def attention(q, k, v):\n"
             "    for j in range(0, T, B):\n"
             "        o = o + p @ v[j:j + B]\n"
             "        l = l * alpha + p.sum(axis=-1)\n")
    assert line_of("flash-no-rescale-output", flash) == 3
    assert line_of("flash-no-rescale-sum", flash) is None  # l is rescaled: not that slip's form
    assert line_of("flash-no-rescale-sum", flash.replace("l * alpha", "l")) == 4


def test_a_line_another_cause_holds_is_not_given_again():
    said = [{"mistake": "located", "line": 6, "code": "wei = ..."}, {"mistake": "scale-d-model", "message": ""}]
    assert placed(said, HEAD)[1].get("line") is None
    alone = placed([{"mistake": "scale-d-model", "message": ""}], HEAD)[0]
    assert alone["line"] == 6 and alone["code"].startswith("wei = q @ k.transpose")


def test_heads_merged_without_a_transpose_are_said_at_the_merge_not_at_the_split():
    code = ("split = lambda t: t.reshape(B, T, h, dk).permute(0, 2, 1, 3)\n"
            "out = (weights @ v).reshape(B, T, D)\n")
    assert line_of("heads-no-transpose", code) == 2
    assert line_of("heads-no-transpose", code.replace("(weights @ v)", "(weights @ v).transpose(1, 2)")) is None


def test_heads_split_without_a_transpose_too_leave_the_line_to_the_split():
    code = ("q = (x @ w_q).view(B, n_heads, T, dh)\n"
            "out = (attn @ v).view(B, T, d)\n")
    assert line_of("heads-no-transpose", code) is None


def test_rows_of_nan_are_said_at_the_guard_that_misses_them_else_at_the_softmax():
    guarded = ("s = np.where(mask, s, -np.inf)\n"
               "m = s.max(axis=-1, keepdims=True)\n"
               "m[np.isnan(m)] = 0\n"
               "p = np.exp(s - m)\n")
    assert line_of("masked-row-nan", guarded) == 3
    assert line_of("masked-row-nan", guarded.replace("m[np.isnan(m)] = 0\n", "")) is None  # max, exp, sum
    assert line_of("masked-row-nan", "s = s.masked_fill(~m, float('-inf'))\nw = torch.softmax(s, -1)\n") == 2
    said = placed([{"mistake": "masked-row-nan", "line": 4, "code": "p = np.exp(s - m)"}], guarded)
    assert said[0]["line"] == 3  # a guard written is where the slip is, not the line the values left at


def test_an_unused_argument_is_said_where_its_default_is_written_instead():
    from studyxf.grading.judge.slip_code import default_written

    rope = ("def apply_rope(x, positions=None, base=10000.0):\n"
            "    d = x.shape[-1]\n"
            "    freqs = 1.0 / (10000.0 ** (np.arange(0, d, 2) / d))\n")
    assert default_written("base", rope) == 3
    assert default_written("base", rope.replace("10000.0 **", "base **")) is None  # the argument is read
    assert default_written("eps", rope) is None  # no such parameter
    entry = {"mistake": "located", "verified": True, "comparator": "base-ignored",
             "message": "the argument base (here 5.0) is not used (a value written in the code instead of the "
                        "argument?)"}
    said = placed([entry], rope)[0]
    assert said["line"] == 3
    assert said["message"].endswith("(line 3 writes base's default where the argument base belongs)")


def test_a_small_default_is_found_through_the_constant_that_holds_it_not_as_any_factor_of_2():
    from studyxf.grading.judge.slip_code import default_written

    cost = ("FP16_BYTES = 2\n\n\n"
            "def attention_cost(batch, heads, tokens, bytes_per_element=2):\n"
            "    n = batch * heads * tokens * tokens\n"
            "    flops = n * 2 * 2\n"
            "    return {'flops': flops, 'memory_bytes': n * FP16_BYTES}\n")
    assert default_written("bytes_per_element", cost) == 7
    assert default_written("bytes_per_element", cost.replace("n * FP16_BYTES", "n * 2")) is None


def test_rotated_pairs_put_back_as_halves_are_said_where_they_are_stacked():
    rope = ("even, odd = x[..., ::2], x[..., 1::2]\n"
            "rotated = torch.stack([even * c - odd * s, even * s + odd * c], dim=-2)\n"
            "return rotated.flatten(-2)\n")
    assert line_of("rope-output-halves", rope) == 2
    assert line_of("rope-output-halves", rope.replace("dim=-2", "dim=-1")) is None  # interleaved: right


def test_a_crash_said_at_the_slips_line_does_not_take_the_line_from_it():
    ln = ("var = ((x - mu) ** 2).mean(axis=-1)\n"
          "x_hat = (x - mu) / (np.sqrt(var) + eps)\n")
    said = [{"mistake": "raised", "line": 2, "verified": True}, {"mistake": "ln-eps-outside-sqrt", "message": ""}]
    assert placed(said, ln)[1]["line"] == 2


# holdout12 (a blind corpus): each cause at the line where it is written, not where its value is used
WRITTEN = {
    "gqa/learner_01.py": [11, 14],  # positions compared (<) one off; the all-masked guard's any() on the wrong axis
    "gqa/learner_03.py": [13],  # tril(Tq - Tk) made a line above the masked_fill that applies it
    "attention-cost/learner_03.py": [7, 9],  # heads in d_model, then * heads again; GiB for bytes
    "two-sum/learner_01.py": [5, 6],  # nums[i] - target; the membership test that never asks j != i
    # an int table filled by a loop, its entry calling a helper that returns first; i and j both made as
    # columns: the row made at line 11 mends it as at line 12 (|i - j| is symmetric), said on j's line,
    # the copy of i's
    "alibi/learner_02.py": [12, 13],
}


def test_an_element_stored_before_its_lookup_and_a_sigmoid_without_its_minus_have_their_lines():
    stored = "class Solution:\n    def twoSum(self, nums, target):\n        seen = {}\n" \
             "        for i, x in enumerate(nums):\n            seen[x] = i\n            if target - x in seen:\n" \
             "                return [seen[target - x], i]\n"
    assert line_of("two-sum-same-element", stored) == 5
    assert line_of("swiglu-sigmoid-sign", "def sigmoid(z):\n    return 1.0 / (1.0 + np.exp(z))\n") == 2
    assert line_of("swiglu-sigmoid-sign", "def sigmoid(z):\n    return 1.0 / (1.0 + np.exp(-z))\n") is None


@pytest.mark.parametrize("name", sorted(WRITTEN))
def test_a_cause_is_said_where_it_is_written(tmp_path, name):
    from pathlib import Path

    from tests.drill_helpers import grade

    source = (Path(__file__).parent / "data" / "holdout12" / name).read_text()
    diagnosis = grade(tmp_path, name.split("/")[0], source)["diagnosis"]
    assert sorted(d.get("line") for d in diagnosis) == WRITTEN[name], diagnosis


@pytest.mark.parametrize("slip, code, line", [
    # the one division by the row sums, where a row with no key gives 0/0
    ("masked-row-nan", "P = np.exp(S - m)\nP = P / P.sum(axis=-1, keepdims=True)\nreturn P @ v\n", 2),
    ("masked-row-nan", "for j in blocks:\n    l = l + p.sum(-1)\nreturn o / l[..., None]\n", 3),
    # -inf where the mask itself is True (a string is no code, yet float("-inf") is a fill)
    ("mask-inverted", 'att = att.masked_fill(mask, float("-inf"))\natt = att.masked_fill(no_key, 0.0)\n', 1),
    ("mask-inverted", 'att = att.masked_fill(~mask, float("-inf"))\n', None),
    # holdout15's styles: an inverted mask read under a new name, a division by a sum assigned above, d with no
    # root, positions made inside np.outer, a mean of a square under another name, a bare window length, the one
    # GELU or ReLU
    ("mask-inverted", "keep = np.ones((B, S), bool) if m is None else ~m_mask\nz = np.where(keep, s, -np.inf)\n", 1),
    ("masked-row-nan", "E = np.exp(S - S.max(-1, keepdims=True))\nZ = np.sum(E, axis=-1)\nP = E / Z\n", 3),
    ("scale-d", "d = q.shape[-1]\nscale = 1.0 / d\ns = q @ k.T * scale\n", 2),
    ("scale-d", "s = q @ k.T / np.sqrt(d)\n", None),
    ("rope-position-offset", "def step(x, start_pos):\n    T = x.shape[0]\n    a = np.outer(np.arange(T), f)\n"
     "    m = np.arange(T)[None, :] > np.arange(start_pos, T)[:, None]\n", 3),
    ("ln-var-not-centred", "mu = x.mean(-1, keepdims=True)\ns2 = (x * x).mean(-1, keepdims=True)\n", 2),
    ("window-off-by-one", "for right, ch in enumerate(s):\n    length = right - left\n    best = max(best, length)\n",
     2),
    ("swiglu-gelu", "def f(x):\n    gate = F.gelu(x @ w_gate)\n", 2),
    ("mlp-relu", "self.mlp = nn.Sequential(\n    nn.Linear(d, 4 * d),\n    nn.ReLU(),\n)\n", 3),
    # a kernel's one masked load whose lanes are not -inf; not where a tl.where zeroes them after it (holdout13)
    ("softmax-pad-zero", "x = tl.load(X + n, mask=inside)\ne = tl.exp(x - tl.max(x, 0))\n", 1),
    ("softmax-pad-zero", "x = tl.load(X + n, mask=inside, other=0.0)\nx = tl.where(inside, x, 0.0)\n", None),
    ("mask-ignored", 's = q @ k.T\ns.masked_fill(mask == 0, float("-inf"))\nw = s.softmax(-1)\n', 2),
    ("ln-beta-before-gamma", "y = (x - mu) / sd\nreturn ((y + beta) * gamma).astype(x.dtype)\n", 2),
    ("alibi-slope-order", "exps = np.arange(n_heads, 0, -1)\nslopes = 2.0 ** (-8.0 * exps / n_heads)\n", 1),
    ("two-sum-values", "if other in seen:\n    return [other, x]\nreturn []\n", 2),
    ("two-sum-values", "if want in seen:\n    return [want, nums[i]]\nreturn []\n", 2),
    ("sinusoidal-sin-cos-swapped", "pe[:, 0::2], pe[:, 1::2] = np.cos(a), np.sin(a)\n", 1),
    ("sinusoidal-sin-cos-swapped", "pe[:, 0::2] = np.sin(a)\npe[:, 1::2] = np.cos(a)\n", None),
    ("shape", "out = torch.matmul(w, v)\nreturn out.transpose(1, 2)\n", 2),
    ("mlp-bias-after-activation", "a = 0.5 * z * (1.0 + torch.erf(z / 2 ** 0.5)) + b1\nreturn a @ w2 + b2\n", 1),
    # a chunk's positions from 0, in a function given its start
    ("rope-position-offset", "def decode_step(x, cache_k, start_pos):\n    pos = np.arange(T)\n", 2),
    ("rope-position-offset", "def apply_rope(x, positions=None):\n    pos = np.arange(T)\n", None),
])
def test_more_slips_are_said_at_the_one_line_of_their_form(slip, code, line):
    assert line_of(slip, code) == line


def test_a_slip_the_code_contradicts_is_not_named_in_a_simulated_drill(tmp_path):
    """holdout15's longest-substring/learner_01 (a window that drops one character per repeat, and the new one
    from its set) answers 4 on 'pwwkew', the count of its distinct characters: its code writes a window's length
    (end - self.start + 1), so 'you counted the distinct characters' is not said."""
    from pathlib import Path

    from tests.drill_helpers import grade

    path = Path(__file__).parent / "data" / "holdout15" / "longest-substring" / "learner_01.py"
    report = grade(tmp_path, "longest-substring", path.read_text())
    assert report["status"] == "fail"
    assert not any(d["mistake"] == "distinct-characters" for d in report["diagnosis"]), report["diagnosis"]
    assert ruled_out("distinct-characters", "return end - start + 1\n")
    assert not ruled_out("distinct-characters", "return len(set(s))\n")


def test_forms_in_other_styles_give_their_slips_lines():
    # SiLU defined as the sigmoid in a lambda, and given the product of gate and up, each at its own line
    glu = ("silu = lambda z: 1.0 / (1.0 + np.exp(-z))\n"
           "def swiglu(x, w_gate, w_up, w_down):\n"
           "    g, u = (x @ w for w in (w_gate, w_up))\n"
           "    return silu(g * u) @ w_down\n")
    assert line_of("swiglu-sigmoid", glu) == 1 and line_of("swiglu-silu-after-product", glu) == 4
    assert line_of("swiglu-sigmoid", glu.replace("1.0 / (1.0 +", "z / (1.0 +")) is None  # that is SiLU
    # a row with no key given uniform weights (no finite fill written)
    assert line_of("mask-fill-finite", "if best == -np.inf:\n    return np.full_like(row, 1.0 / len(row))\n") == 2
    # exp of a name that a line above copied from the input: the max belongs in that copy
    assert line_of("no-max-subtraction", "x = tl.load(X + c)\nz = x\ne = tl.exp(z)\n") == 2
    assert line_of("no-max-subtraction", "e = np.exp(s)\n") == 1
    # a causal limit i + 1 in a loop, where i + 1 + Tk - Tq belongs
    assert line_of("causal-top-left", "for i in range(Tq):\n    n_visible = Tk\n    if causal:\n"
                                      "        n_visible = i + 1\n") == 4
    # the positions' default is no slip; a loop's row index taken as the position is
    rope = ("def apply_rope(x, positions=None, base=10000.0):\n"
            "    if positions is None:\n        positions = np.arange(T)\n"
            "    for t in range(T):\n        m = float(t)\n")
    assert line_of("rope-ignores-positions", rope) == 5
    assert line_of("rope-ignores-positions", "def apply_rope(x, positions):\n    pos = np.arange(T)\n") == 2


def test_more_forms_from_a_blind_corpus_give_their_slips_lines():
    assert line_of("scale-d", "s = q @ k.transpose(-2, -1) * q.shape[-1] ** -1\n") == 1
    assert line_of("softmax-axis", "p = s.exp()\nreturn p / p.sum(-2, keepdim=True) @ v\n") == 2
    assert line_of("no-max-subtraction", "p = s.exp()\nreturn p / p.sum(-1, keepdim=True) @ v\n") == 1
    assert line_of("window-start-backwards", "for i, c in enumerate(s):\n    lo = last.get(c, lo - 1) + 1\n") == 2
    # a guard on the max is right: the NaN of a row with no key comes from the division below it
    guarded = ("e = np.exp(s - np.nan_to_num(s.max(-1, keepdims=True), neginf=0))\n"
               "p = e / e.sum(-1, keepdims=True)\n")
    assert line_of("masked-row-nan", guarded) == 2
    assert line_of("masked-row-nan", "lse = _logsumexp(S)\nP = np.exp(S - lse)\n") == 2
    # the given mask bound under another name as it is, then filled where it holds: where it is bound
    bound = ("pad = memory_mask.bool()\n"
             "scores = scores.masked_fill(pad[:, None, None, :], float('-inf'))\n")
    assert line_of("mask-inverted", bound) == 1
    assert line_of("mask-inverted", bound.replace("pad = memory_mask", "pad = ~memory_mask")) == 2
    # a name for the head's width bound to the model's: where it is bound; D itself: at the root
    assert line_of("scale-d-model", "d_head = x.shape[-1]\ns = q @ k / np.sqrt(d_head)\n") == 1
    assert line_of("scale-d-model", "B, T, D = x.shape\ns = q @ k / math.sqrt(D)\n") == 2
    assert line_of("ln-shared", "x = x + self.attn(self.ln_1(x))\nreturn x + self.mlp(self.ln_1(x))\n") == 2
    assert line_of("flops-no-factor-2", "FLOPS_PER_MAC = 1\n\ndef cost(T, d):\n    return T * T * d\n") == 1
    # a helper returning a product's multiply-adds (Go-style, with its error), called for QK^T and A.V: its return;
    # not where a 2 is written anywhere (then the slip is elsewhere: A.V left out)
    macs = "def macs(m, k, n):\n    return m * k * n, None\n\nqk, e = macs(T, d, T)\nav, e = macs(T, T, d)\nf = {}\n"
    assert line_of("flops-no-factor-2", macs.format("qk + av")) == 2
    assert line_of("flops-no-factor-2", macs.format("2 * qk")) is None
    # holdout27: the window's start set when a sentinel test passes (`!= NOT_SEEN`); the best length taken as the count
    # of characters kept; exponentials stored with their quotient made and never read; a max guarded as NaN
    window = "for hi in range(n):\n    if last[c] != NOT_SEEN:\n        lo = last[c] + 1\n    best = hi - lo + 1\n"
    assert line_of("window-start-backwards", window) == 2
    assert line_of("distinct-characters", "self.best = max(self.best, len(self.last))\n") == 1
    stored = "e = tl.exp(x)\ny = e / tl.sum(e, axis=0)\ntl.store(out_ptr + cols, e, mask=ok)\n"
    assert line_of("softmax-not-normalised", stored) == 3
    assert line_of("softmax-not-normalised", stored.replace(", e, mask", ", y, mask")) is None
    assert line_of("masked-row-nan", "m = s.amax(-1)\nm = torch.where(torch.isnan(m), torch.zeros_like(m), m)\n") == 2
    # a sigmoid written inline and multiplied by another projection; by its own argument it is SiLU
    assert line_of("swiglu-sigmoid", "g, u = x @ w_gate, x @ w_up\nreturn (1 / (1 + np.exp(-g)) * u) @ w_down\n") == 2
    assert line_of("swiglu-sigmoid", "g, u = x @ w_gate, x @ w_up\nreturn (g / (1 + np.exp(-g)) * u) @ w_down\n") is None
    assert line_of("swiglu-sigmoid", "return (1 / (1 + np.exp(-g)) * g * u) @ w_down\n") is None


def test_forms_from_a_third_blind_corpus_give_their_slips_lines():
    assert line_of("alibi-slope-order", "e = torch.arange(n_heads, 0, -1, dtype=torch.float64)\n") == 1
    repeat_kv = "h = h[:, None, :, :, :].expand(batch, n_rep, num_key_value_heads, slen, head_dim)\n"
    assert line_of("gqa-tiled", repeat_kv) == 1
    assert line_of("gqa-tiled", repeat_kv.replace("batch, n_rep, num_key_value_heads", "batch, num_kv, n_rep")) is None
    assert line_of("cross-causal", "m = memory_mask[:, None] & torch.ones(T, S, dtype=torch.bool).tril()\n") == 1
    assert line_of("too-slow", "for i, c in enumerate(s):\n    p = max((k for k in range(i) if s[k] == c), default=None)\n") == 2
    assert line_of("too-slow", "for i, v in enumerate(nums):\n    j = nums.index(t - v) if t - v in nums else None\n") == 2
    # the MLP's output returned alone: at the return where a name was made for it, where the stream is overwritten
    fresh = "def forward(self, h):\n    h = h + self.attn(h)\n    ff = self.mlp(self.ln_2(h))\n    return ff\n"
    assert line_of("no-residual-mlp", fresh) == 4
    assert line_of("no-residual-mlp", fresh.replace("ff = ", "h = ").replace("return ff", "return h")) == 3


def test_a_query_loop_s_key_range_is_the_mask_left_out_only_where_it_ignores_the_query():
    loop = ("def f(q, K, p, t):\n    for i in range(t):\n        m = p + {end}\n"
            "        a = q[i] @ K[:, :m].T\n    return a\n")
    assert line_of("mask-ignored", loop.format(end="t")) == 3
    assert line_of("mask-ignored", loop.format(end="i + 1")) is None
