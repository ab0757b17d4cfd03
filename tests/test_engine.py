"""The engine against torch's own modules, and its three attention paths against each other."""

import math

import pytest
import torch
import torch.nn.functional as F
from torch.testing import assert_close

from engine import calc
from engine.attention import causal_mask, naive_attention, sdpa_attention, tiled_attention
from engine.config import NAMED, ModelConfig, named
from engine.heads import Attention, grouped_query_attention, multi_head_attention, padding_mask, repeat_kv
from engine.mlp import MLP, SwiGLU, swiglu
from engine.model import Transformer
from engine.norms import layer_norm, rms_norm
from engine.positional import (alibi_bias, alibi_slopes, apply_rope, convert_qk_weight, sinusoidal)

SHAPES = [(1, 1, 1, 1, 8), (2, 3, 5, 5, 16), (1, 2, 7, 13, 8), (3, 1, 13, 7, 32), (2, 4, 1, 9, 16)]


def rnd(*shape, dtype=torch.float64, seed=0):
    g = torch.Generator().manual_seed(seed + sum(shape))
    return torch.randn(*shape, generator=g, dtype=torch.float64).to(dtype)


@pytest.mark.parametrize("B,H,Tq,Tk,d", SHAPES)
@pytest.mark.parametrize("dtype", [torch.float32, torch.float64])
def test_three_attention_paths_agree_with_sdpa(B, H, Tq, Tk, d, dtype):
    q, k, v = rnd(B, H, Tq, d, dtype=dtype), rnd(B, H, Tk, d, dtype=dtype, seed=1), rnd(B, H, Tk, d, dtype=dtype, seed=2)
    mask = rnd(B, 1, Tq, Tk, seed=3) > -0.5
    ref = F.scaled_dot_product_attention(q, k, v, attn_mask=mask)
    ref = ref.masked_fill(~mask.any(-1, keepdim=True), 0.0)
    for out in (naive_attention(q, k, v, mask), sdpa_attention(q, k, v, mask),
                tiled_attention(q, k, v, mask, block_q=4, block_k=3)):
        assert_close(out, ref)


def test_fully_masked_rows_give_zeros_on_every_path():
    q, k, v = rnd(2, 2, 6, 8), rnd(2, 2, 6, 8, seed=1), rnd(2, 2, 6, 8, seed=2)
    mask = causal_mask(6, 6).clone()
    mask[0] = False
    for out in (naive_attention(q, k, v, mask), sdpa_attention(q, k, v, mask), tiled_attention(q, k, v, mask, block_k=2)):
        assert torch.all(out[..., 0, :] == 0) and torch.isfinite(out).all()


@pytest.mark.parametrize("Tq,Tk", [(1, 9), (4, 9), (9, 9), (9, 4)])
def test_causal_is_bottom_right(Tq, Tk):
    q, k, v = rnd(1, 2, Tq, 8), rnd(1, 2, Tk, 8, seed=1), rnd(1, 2, Tk, 8, seed=2)
    explicit = naive_attention(q, k, v, causal_mask(Tq, Tk))
    for path in (naive_attention, sdpa_attention, tiled_attention):
        assert_close(path(q, k, v, causal=True), explicit)
    if Tq == 1:  # SDPA's own is_causal aligns top-left: the single query sees only key 0
        top_left = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        assert_close(top_left, v[..., :1, :])


def test_naive_returns_weights_that_are_distributions():
    q, k, v = rnd(2, 3, 5, 8), rnd(2, 3, 5, 8, seed=1), rnd(2, 3, 5, 8, seed=2)
    out, w = naive_attention(q, k, v, causal=True, return_weights=True)
    assert_close(w.sum(-1), torch.ones(2, 3, 5, dtype=torch.float64))
    assert torch.all(w.triu(1) == 0)


def test_half_precision_accumulates_softmax_in_fp32():
    q, k, v = (rnd(1, 2, 64, 32, dtype=torch.bfloat16, seed=s) * 4 for s in range(3))
    ref = naive_attention(q.double(), k.double(), v.double(), causal=True)
    out = naive_attention(q, k, v, causal=True)
    assert out.dtype == torch.bfloat16
    assert_close(out.double(), ref, rtol=1.6e-2, atol=2e-2)


def test_mha_against_nn_multiheadattention():
    torch.manual_seed(0)
    d, h, T = 32, 4, 7
    ref = torch.nn.MultiheadAttention(d, h, batch_first=True, dtype=torch.float64)
    x = rnd(2, T, d)
    w_q, w_k, w_v = ref.in_proj_weight.detach().chunk(3)
    mask = causal_mask(T, T)
    expected, _ = ref(x, x, x, attn_mask=~mask, need_weights=False)  # True there means "not allowed"
    b_q, b_k, b_v = ref.in_proj_bias.detach().chunk(3)
    ours = Attention(d, h, causal=True, path="naive").double()
    with torch.no_grad():
        for lin, w, b in ((ours.wq, w_q, b_q), (ours.wk, w_k, b_k), (ours.wv, w_v, b_v),
                          (ours.wo, ref.out_proj.weight, ref.out_proj.bias)):
            lin.weight.copy_(w)
            lin.bias.copy_(b)
    assert_close(ours(x), expected)
    fn = multi_head_attention(x, w_q.T, w_k.T, w_v.T, ref.out_proj.weight.detach().T, h, mask)
    zero_bias = torch.nn.MultiheadAttention(d, h, batch_first=True, bias=False, dtype=torch.float64)
    with torch.no_grad():
        zero_bias.in_proj_weight.copy_(ref.in_proj_weight)
        zero_bias.out_proj.weight.copy_(ref.out_proj.weight)
    assert_close(fn, zero_bias(x, x, x, attn_mask=~mask, need_weights=False)[0])


def test_encoder_padding_mask_matches_key_padding_mask():
    torch.manual_seed(1)
    d, h, T = 16, 2, 6
    ref = torch.nn.MultiheadAttention(d, h, batch_first=True, bias=False, dtype=torch.float64)
    x = rnd(2, T, d)
    lengths = torch.tensor([6, 3])
    expected, _ = ref(x, x, x, key_padding_mask=~padding_mask(lengths, T).view(2, T), need_weights=False)
    ours = Attention(d, h, causal=False, bias=False, path="naive").double()
    with torch.no_grad():
        for lin, w in zip((ours.wq, ours.wk, ours.wv), ref.in_proj_weight.chunk(3)):
            lin.weight.copy_(w)
        ours.wo.weight.copy_(ref.out_proj.weight)
    assert_close(ours(x, mask=padding_mask(lengths, T)), expected)


def test_cross_attention_reads_keys_and_values_from_memory():
    torch.manual_seed(2)
    attn = Attention(16, 2, causal=True, path="naive").double()
    x, memory = rnd(1, 3, 16), rnd(1, 5, 16, seed=4)
    out = attn(x, memory=memory)
    assert out.shape == (1, 3, 16)
    changed = memory.clone()
    changed[:, -1] += 1  # the decoder sees every encoder position, the last one included
    assert not torch.allclose(attn(x, memory=changed)[:, 0], out[:, 0])


@pytest.mark.parametrize("hq,hkv", [(8, 2), (4, 1), (4, 4)])
def test_gqa_query_head_j_uses_kv_head_j_over_group(hq, hkv):
    q, k, v = rnd(2, hq, 5, 8), rnd(2, hkv, 7, 8, seed=1), rnd(2, hkv, 7, 8, seed=2)
    out = grouped_query_attention(q, k, v, causal=True)
    group = hq // hkv
    for j in range(hq):
        assert_close(out[:, j], naive_attention(q[:, j], k[:, j // group], v[:, j // group], causal=True))
    assert_close(repeat_kv(k, group)[:, group - 1], k[:, 0])


def test_layer_and_rms_norm_against_torch():
    x = rnd(3, 5, 64) * 1e-2  # small variance: where eps placement shows
    g, b = rnd(64, seed=1), rnd(64, seed=2)
    assert_close(layer_norm(x, g, b), F.layer_norm(x, (64,), g, b, eps=1e-5))
    assert_close(rms_norm(x, g), F.rms_norm(x, (64,), g, eps=1e-6))
    ln = torch.nn.LayerNorm(64, dtype=torch.float64)
    assert_close(layer_norm(x, ln.weight, ln.bias), ln(x))
    rn = torch.nn.RMSNorm(64, eps=1e-6, dtype=torch.float64)
    assert_close(rms_norm(x, rn.weight), rn(x))


@pytest.mark.parametrize("approximate", ["none", "tanh"])
def test_mlp_gelu_and_swiglu(approximate):
    torch.manual_seed(3)
    mlp = MLP(16, 64, approximate=approximate).double()
    x = rnd(2, 3, 16)
    assert_close(mlp(x), mlp.c_proj(F.gelu(mlp.c_fc(x), approximate=approximate)))
    sw = SwiGLU(16, 40).double()
    assert_close(sw(x), swiglu(x, sw.w1.weight.T, sw.w3.weight.T, sw.w2.weight.T))


def test_sinusoidal_matches_the_formula():
    pe = sinusoidal(50, 16, dtype=torch.float64)
    pos, i = 37, 3
    assert math.isclose(pe[pos, 2 * i].item(), math.sin(pos / 10000 ** (2 * i / 16)), rel_tol=1e-12)
    assert math.isclose(pe[pos, 2 * i + 1].item(), math.cos(pos / 10000 ** (2 * i / 16)), rel_tol=1e-12)


@pytest.mark.parametrize("convention", ["interleaved", "half"])
def test_rope_keeps_norms_and_depends_only_on_the_offset(convention):
    q, k = rnd(1, 16), rnd(1, 16, seed=1)
    assert_close(apply_rope(q.expand(10, 16).clone(), convention=convention).norm(dim=-1), q.norm().expand(10))
    def score(m, n):
        return (apply_rope(q, torch.tensor([m]), convention=convention) @
                apply_rope(k, torch.tensor([n]), convention=convention).T).item()
    assert math.isclose(score(7, 3), score(104, 100), rel_tol=1e-9)
    assert not math.isclose(score(7, 3), score(7, 4), rel_tol=1e-3)


def test_rope_conventions_agree_after_weight_conversion():
    torch.manual_seed(4)
    n_heads, d_head, d = 2, 8, 16
    wq, wk = torch.randn(n_heads * d_head, d, dtype=torch.float64), torch.randn(n_heads * d_head, d, dtype=torch.float64)
    x = rnd(6, d)

    def scores(wq, wk, convention):
        q = (x @ wq.T).view(6, n_heads, d_head).transpose(0, 1)
        k = (x @ wk.T).view(6, n_heads, d_head).transpose(0, 1)
        return apply_rope(q, convention=convention) @ apply_rope(k, convention=convention).transpose(-2, -1)

    inter = scores(wq, wk, "interleaved")
    half = scores(convert_qk_weight(wq, n_heads), convert_qk_weight(wk, n_heads), "half")
    assert_close(inter, half)
    assert_close(convert_qk_weight(convert_qk_weight(wq, n_heads), n_heads, to="interleaved"), wq)
    assert not torch.allclose(inter, scores(wq, wk, "half"))


def test_ntk_scaling_keeps_high_frequencies_and_stretches_low_ones():
    x = rnd(1, 64)
    pos = torch.tensor([1000])
    base = apply_rope(x, pos)
    scaled = apply_rope(x, pos, ntk_factor=4.0)
    assert_close(scaled[..., :2], base[..., :2], rtol=1e-2, atol=5e-2)  # fastest pair barely moves
    assert not torch.allclose(scaled[..., -2:], base[..., -2:])


def test_alibi_slopes_and_bias():
    assert_close(alibi_slopes(8), torch.tensor([2.0 ** -(i + 1) for i in range(8)], dtype=torch.float64))
    s6 = alibi_slopes(6)  # not a power of two: 4 slopes of n=4, then every other of n=8
    assert_close(s6, torch.tensor([2 ** -2, 2 ** -4, 2 ** -6, 2 ** -8, 2 ** -1, 2 ** -3], dtype=torch.float64))
    bias = alibi_bias(4, 5, dtype=torch.float64)
    assert bias.shape == (4, 5, 5) and bias[1, 4, 1].item() == -(2 ** -4) * 3 and bias[0, 2, 2] == 0


@pytest.mark.parametrize("style,kv,window", [("gpt", None, None), ("llama", 2, None), ("llama", 1, None), ("llama", 2, 4)])
def test_cached_generation_equals_uncached(style, kv, window):
    torch.manual_seed(5)
    cfg = ModelConfig(vocab_size=40, d_model=32, n_layers=2, n_heads=4, n_kv_heads=kv, max_seq=48, style=style,
                      bias=style == "gpt", tied=style == "gpt", sliding_window=window)
    model = Transformer(cfg).double().eval()
    idx = torch.randint(0, 40, (2, 6))
    a, la = model.generate(idx, 10, greedy=True, use_cache=True, return_logits=True)
    b, lb = model.generate(idx, 10, greedy=True, use_cache=False, return_logits=True)
    assert torch.equal(a, b)
    assert_close(la, lb)
    g1, g2 = torch.Generator().manual_seed(9), torch.Generator().manual_seed(9)
    s1 = model.generate(idx, 8, temperature=0.8, top_k=5, generator=g1)
    s2 = model.generate(idx, 8, temperature=0.8, top_k=5, generator=g2, use_cache=False)
    assert torch.equal(s1, s2)


def test_kv_cache_layout_and_keys_after_rope():
    torch.manual_seed(6)
    cfg = ModelConfig(vocab_size=20, d_model=32, n_layers=1, n_heads=4, n_kv_heads=2, max_seq=16, style="llama",
                      bias=False, tied=False)
    model = Transformer(cfg).double().eval()
    cache = model.new_cache(batch=3)
    assert tuple(cache.k[0].shape) == (3, 16, 2, 8)  # (batch, max_seq, n_kv_heads, head_dim)
    idx = torch.randint(0, 20, (3, 5))
    model(idx, cache=cache)
    attn = model.blocks[0].attn
    h = model.blocks[0].ln_1(model.wte(idx))
    k = attn.wk(h).view(3, 5, 2, 8).transpose(1, 2)
    assert_close(cache.k[0][:, :5], apply_rope(k, torch.arange(5)).transpose(1, 2))


def test_param_counts_equal_the_built_modules():
    small = ModelConfig(vocab_size=100, d_model=48, n_layers=3, n_heads=4, n_kv_heads=2, d_ff=96, max_seq=32,
                        style="llama", bias=False, tied=False)
    for cfg in (small, small.with_(style="gpt", bias=True, tied=True, n_kv_heads=None, d_ff=None)):
        model = Transformer(cfg)
        assert calc.params(cfg)["total"] == sum(p.numel() for p in model.parameters())
    for name in NAMED:
        cfg = named(name)
        with torch.device("meta"):
            model = Transformer(cfg)
        counted = sum(p.numel() for p in model.parameters())
        block = model.blocks[0]
        assert calc.params(cfg)["total"] == counted, name
        assert calc.block_params(cfg)["attention"] == sum(p.numel() for p in block.attn.parameters()), name
        assert calc.block_params(cfg)["mlp"] == sum(p.numel() for p in block.mlp.parameters()), name


def test_calculator_figures_for_the_seeds_examples():
    a = calc.attention(1, 32, 32, 128, 4096)
    assert a["flops_per_layer"] == 274_877_906_944 and a["flops"] == 8_796_093_022_208
    assert a["matrix_bytes_per_layer"] == 2 ** 30
    assert calc.attention(1, 32, 32, 128, 32768)["matrix_bytes_per_layer"] == 64 * 2 ** 30  # per layer
    kv = calc.kv_cache(named("llama-3-70b"), 4096)
    assert kv["bytes"] == 1.25 * 2 ** 30 and kv["bytes_without_gqa"] == 10 * 2 ** 30
    b = calc.block_params(named("llama-3-8b"))
    assert (round(b["attention"] / 1e6, 1), round(b["mlp"] / 1e6, 1)) == (41.9, 176.2)
    assert calc.params(named("gpt2"))["total"] == 124_439_808
    assert calc.params(named("llama-3-70b"))["total"] == 70_553_706_496


def test_engine_imports_nothing_from_studyxf_and_calc_is_light():
    import subprocess
    import sys

    from tests.conftest import ROOT

    code = ("import sys, engine, engine.calc, engine.config; "
            "print(sorted(m for m in ('torch', 'numpy', 'studyxf') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=str(ROOT)).stdout
    assert out.strip() == "[]"
    for path in (ROOT / "engine").glob("*.py"):
        assert "studyxf" not in path.read_text().replace("`studyxf`", "").split('"""', 2)[-1], path


def test_post_norm_block_follows_the_original_formula():
    from engine.block import Block

    torch.manual_seed(7)
    cfg = ModelConfig(vocab_size=10, d_model=16, n_layers=1, n_heads=2, max_seq=8, style="gpt")
    post = Block(cfg, norm_first=False, path="naive").double()
    x = rnd(2, 5, 16)
    h = post.ln_1(x + post.attn(x))
    assert_close(post(x), post.ln_2(h + post.mlp(h)))
    pre = Block(cfg, norm_first=True, path="naive").double()
    h = x + pre.attn(pre.ln_1(x))
    assert_close(pre(x), h + pre.mlp(pre.ln_2(h)))


def test_forward_flops_match_the_formulas():
    cfg = named("llama-3-8b")
    f = calc.forward_flops(cfg, 4096)["per_layer"]
    assert f["qk"] == f["av"] == 2 * 32 * 4096 ** 2 * 128
    assert f["mlp"] == 2 * 4096 * 3 * 4096 * 14336
    assert f["projections"] == 2 * 4096 * (2 * 4096 ** 2 + 2 * 4096 * 1024)
    assert round(f["mlp"] / sum(f.values()), 2) == 0.70  # the session's "MLPs ~2/3 of FLOPs at T<4k"


def test_the_drills_function_references_are_pinned_to_torchs_own():
    """The references the drills are graded against, each against torch's own function."""
    from engine.heads import cross_attention, merge_heads, split_heads
    from engine.mlp import gelu_mlp, swiglu

    g = torch.Generator().manual_seed(3)
    x = torch.randn(2, 5, 16, generator=g, dtype=torch.float64)
    w1, w2 = torch.randn(16, 64, generator=g, dtype=torch.float64), torch.randn(64, 16, generator=g, dtype=torch.float64)
    b1, b2 = torch.randn(64, generator=g, dtype=torch.float64), torch.randn(16, generator=g, dtype=torch.float64)
    assert_close(gelu_mlp(x, w1, b1, w2, b2), F.linear(F.gelu(F.linear(x, w1.T, b1)), w2.T, b2))
    wg, wu = torch.randn(16, 40, generator=g, dtype=torch.float64), torch.randn(16, 40, generator=g, dtype=torch.float64)
    wd = torch.randn(40, 16, generator=g, dtype=torch.float64)
    assert_close(swiglu(x, wg, wu, wd), (F.silu(x @ wg) * (x @ wu)) @ wd)
    memory = torch.randn(2, 7, 16, generator=g, dtype=torch.float64)
    ws = [torch.randn(16, 16, generator=g, dtype=torch.float64) for _ in range(4)]
    keep = torch.arange(7) < torch.tensor([[7], [4]])
    q, k, v = split_heads(x @ ws[0], 4), split_heads(memory @ ws[1], 4), split_heads(memory @ ws[2], 4)
    sdpa = F.scaled_dot_product_attention(q, k, v, attn_mask=keep[:, None, None, :])
    assert_close(cross_attention(x, memory, *ws, 4, keep), merge_heads(sdpa) @ ws[3])
