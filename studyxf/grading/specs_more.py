"""Cases for the rest of the catalogue: the GELU MLP, cross-attention, flash (tiled) attention,
the two calculators, and the session's two LeetCode problems. Runs inside the grading worker."""

from __future__ import annotations

import random

import numpy as np
import torch

from engine import calc, mistakes as wrong
from engine.config import named
from studyxf.grading.specs import F32, F64, Case, rnd

# -- mlp-gelu -------------------------------------------------------------------------------------


def mlp_cases():
    cases = []
    for i, (lead, d, h, dtype) in enumerate([((2, 5), 16, 64, F64), ((3,), 8, 32, F32), ((1, 1, 1), 32, 128, F32),
                                             ((2, 7), 64, 256, F64)]):
        x = rnd(*lead, d, dtype=dtype, seed=i, scale=2.0)
        w1, w2 = rnd(d, h, dtype=dtype, seed=10 + i, scale=d ** -0.5), rnd(h, d, dtype=dtype, seed=20 + i, scale=h ** -0.5)
        b1, b2 = rnd(h, dtype=dtype, seed=30 + i), rnd(d, dtype=dtype, seed=40 + i)
        cases.append(Case(f"x {(*lead, d)}, hidden {h}, {str(dtype).removeprefix('torch.')}", [x, w1, b1, w2, b2], {},
                          wrong.mlp, lambda m, *a: wrong.mlp(*a, mistake=m), call="mlp(x, w1, b1, w2, b2)"))
    return cases


# -- cross-attention ------------------------------------------------------------------------------


def cross_cases():
    cases = []
    for i, (B, T, S, d, h, dtype, masked) in enumerate([
            (2, 5, 7, 16, 4, F64, False), (1, 1, 9, 8, 2, F32, True), (3, 6, 4, 24, 3, F32, True),
            (2, 8, 8, 32, 4, F64, True)]):
        x, mem = rnd(B, T, d, dtype=dtype, seed=i), rnd(B, S, d, dtype=dtype, seed=50 + i)
        ws = [rnd(d, d, dtype=dtype, seed=60 + 10 * i + j, scale=d ** -0.5) for j in range(4)]
        kwargs = {}
        if masked:
            lengths = torch.tensor([max(1, S - b) for b in range(B)])
            kwargs["memory_mask"] = torch.arange(S) < lengths.unsqueeze(-1)
        cases.append(Case(f"decoder ({B}, {T}, {d}), encoder memory ({B}, {S}, {d}), heads={h}"
                          + (", padding mask" if masked else "") + f", {str(dtype).removeprefix('torch.')}",
                          [x, mem, *ws, h], kwargs, wrong.cross_attention,
                          lambda m, *a, **k: wrong.cross_attention(*a, **k, mistake=m),
                          call=f"cross_attention(x, memory, w_q, w_k, w_v, w_o, {h}"
                               + (", memory_mask=memory_mask)" if masked else ")")))
    return cases


# -- flash-attention ------------------------------------------------------------------------------


def _flash_memory(call):
    """At T = 8192 (one head, d = 32, fp32) the full score matrix takes 256 MiB; a tiled pass with
    128-key blocks keeps a few (T, 128) temporaries, well under half of that (peak RSS growth
    during the call, after resetting the peak)."""
    T = 8192
    q, k, v = (rnd(1, 1, T, 32, dtype=F32, seed=90 + s) for s in range(3))
    full = T * T * 4

    def status(key):
        with open("/proc/self/status") as fh:
            for line in fh:
                if line.startswith(key):
                    return int(line.split()[1]) * 1024
        raise OSError(key)

    try:
        with open("/proc/self/clear_refs", "w") as fh:
            fh.write("5")
        before = status("VmRSS:")
    except OSError:
        return None  # no way to measure a peak here: the check is skipped, not failed
    call(q, k, v, causal=True, block_size=128)
    grew = status("VmHWM:") - before
    if grew > 0.4 * full:
        return (f"peak memory grew by {grew / 2 ** 20:.0f} MiB at T={T}: the full score matrix takes "
                f"{full / 2 ** 20:.0f} MiB; a tiled pass (block_size=128) should stay well under half of that")
    return None


def flash_cases():
    cases = []
    for i, (shape_q, tk, causal, block, dtype) in enumerate([
            ((2, 3, 70, 16), 70, False, 16, F64), ((1, 2, 33, 32), 33, True, 8, F32), ((1, 1, 1, 8), 20, True, 64, F32),
            ((2, 2, 5, 16), 9, True, 4, F64), ((1, 4, 128, 64), 128, True, 32, F32)]):
        B, H, tq, d = shape_q
        q = rnd(B, H, tq, d, dtype=dtype, seed=i, scale=3.0)
        k, v = rnd(B, H, tk, d, dtype=dtype, seed=70 + i, scale=3.0), rnd(B, H, tk, d, dtype=dtype, seed=80 + i)
        kwargs = {"causal": True} if causal else {}
        kwargs["block_size"] = block
        cases.append(Case(f"q {shape_q}, Tk={tk}, causal={causal}, block_size={block}, {str(dtype).removeprefix('torch.')}",
                          [q, k, v], kwargs, wrong.tiled_attention,
                          lambda m, *a, **kw: wrong.tiled_attention(*a, **kw, mistake=m),
                          call="flash_attention(q, k, v" + (", causal=True" if causal else "") + f", block_size={block})"))
    cases[-1].checks = [("memory stays O(T) at T=8192", _flash_memory)]
    return cases


# -- the calculators ------------------------------------------------------------------------------


def _figures(keys):
    def convert(out):
        if not isinstance(out, dict):
            raise TypeError(f"expected a dict with keys {', '.join(keys)}, got {type(out).__name__}")
        return np.array([float(out[k]) for k in keys])
    return convert


COST_KEYS = ("flops", "memory_bytes")


def _cost(batch, layers, heads, head_dim, tokens, bytes_per_element=2, mistake=None):
    a = calc.attention(batch, layers, heads, head_dim, tokens)
    flops, mem = a["flops"], a["matrix_bytes_per_layer"] // 2 * bytes_per_element
    if mistake == "flops-no-factor-2":  # a multiply-add counted as 1 FLOP (or AV forgotten: the same number)
        flops //= 2
    elif mistake == "per-layer-vs-all":
        flops //= layers
    elif mistake == "memory-all-layers":
        mem *= layers
    elif mistake == "memory-fp32":
        mem *= 2
    return np.array([flops, mem], dtype=np.float64)


def cost_cases():
    configs = [(1, 32, 32, 128, 4096, 2), (2, 12, 12, 64, 1024, 2), (1, 80, 64, 128, 8192, 2), (4, 6, 8, 64, 256, 4)]
    return [Case(f"B={b}, L={l}, h={h}, d_head={dh}, T={t}, {e}-byte elements", [b, l, h, dh, t],
                 {"bytes_per_element": e}, _cost, lambda m, *a, **k: _cost(*a, **k, mistake=m),
                 convert=_figures(COST_KEYS), call=f"attention_cost({b}, {l}, {h}, {dh}, {t}, bytes_per_element={e})")
            for b, l, h, dh, t, e in configs]


BYTES = {"fp16": 2, "bf16": 2, "fp32": 4}


def _kv(config, tokens, batch=1, dtype="fp16", mistake=None):
    heads = config["n_heads"] if mistake == "kv-mha" else config["n_kv_heads"]
    d_head = config["d_model"] // config["n_heads"]
    layers = 1 if mistake == "kv-per-layer" else config["n_layers"]
    factor = 1 if mistake == "kv-no-factor-2" else 2
    size = 4 if mistake == "kv-fp32" else BYTES[dtype]
    return np.array([factor * layers * heads * d_head * size * tokens * batch], dtype=np.float64)


def kv_cases():
    cases = []
    for model, tokens, batch, dtype in (("llama-3-70b", 4096, 1, "fp16"), ("llama-2-70b", 4096, 1, "fp16"),
                                        ("mistral-7b", 1000, 3, "bf16"), ("llama-3-8b", 8192, 2, "fp16"),
                                        ("gpt2", 1024, 1, "fp32")):
        cfg = named(model)
        config = {"n_layers": cfg.n_layers, "n_heads": cfg.n_heads, "n_kv_heads": cfg.kv_heads, "d_model": cfg.d_model}
        assert _kv(config, tokens, batch, dtype)[0] == calc.kv_cache(cfg, tokens, batch, dtype)["bytes"]
        cases.append(Case(f"{model}, T={tokens}, batch {batch}, {dtype}", [config, tokens],
                          {"batch": batch, "dtype": dtype}, _kv, lambda m, *a, **k: _kv(*a, **k, mistake=m),
                          convert=lambda out: np.array([float(out)]),
                          call=f"kv_cache_bytes({config}, {tokens}, batch={batch}, dtype={dtype!r})"))
    return cases


# -- LeetCode -------------------------------------------------------------------------------------

SLOW = ("correct on the small cases, but too slow here: still running after {s:g} s on n = {n:,} "
        "(an O(n^2) solution? a hash map makes it O(n))")


def _two_sum_check(nums, target):
    def validate(out):
        try:
            i, j = list(out)
        except (TypeError, ValueError):
            return f"expected two indices [i, j], got {out!r:.100}"
        if not (isinstance(i, int) and isinstance(j, int)) or i == j or not (0 <= i < len(nums) and 0 <= j < len(nums)):
            return f"expected two different valid indices, got {[i, j]!r:.100}"
        if nums[i] + nums[j] != target:
            return f"nums[{i}] + nums[{j}] = {nums[i] + nums[j]}, not the target {target}"
        return None
    return validate


def two_sum_cases():
    rng = random.Random(5)
    small = [([2, 7, 11, 15], 9), ([3, 2, 4], 6), ([3, 3], 6), ([-1, -2, -3, -4, -5], -8), ([0, 4, 3, 0], 0),
             ([1, 5, 1000000000, -1000000000], 0), ([5, 75, 25], 100)]
    cases = [Case(f"nums={nums}, target={t}", [list(nums), t], {}, None, validate=_two_sum_check(nums, t),
                  call=f"Solution().twoSum({nums}, {t})") for nums, t in small]
    n = 100_000
    big = rng.sample(range(-10 ** 9, 10 ** 9), n)
    big[-2:] = [10 ** 9 + 1, 10 ** 9 + 2]  # the only pair summing to the target sits at the end
    target = 2 * 10 ** 9 + 3
    cases.append(Case(f"n = {n:,} (the answer at the end)", [big, target], {}, None,
                      validate=_two_sum_check(big, target), time_limit=2.0, slow_message=SLOW.format(s=2.0, n=n),
                      call=f"Solution().twoSum(nums, {target})  # len(nums) = {n}"))
    return cases


def _longest(s: str) -> int:
    last, left, best = {}, 0, 0
    for right, ch in enumerate(s):
        if last.get(ch, -1) >= left:
            left = last[ch] + 1
        last[ch] = right
        best = max(best, right - left + 1)
    return best


def _equals(want):
    def validate(out):
        if isinstance(out, bool) or not isinstance(out, int):
            return f"expected an int, got {type(out).__name__} {out!r:.60}"
        return None if out == want else f"expected {want}, got {out}"
    return validate


def longest_cases():
    small = ["abcabcbb", "bbbbb", "pwwkew", "", " ", "au", "dvdf", "abba", "tmmzuxt", "a!b@c#a!"]
    cases = [Case(f"s={s!r}", [s], {}, None, validate=_equals(_longest(s)), call=f"Solution().lengthOfLongestSubstring({s!r})")
             for s in small]
    n = 200_000
    # 20,000 distinct characters cycling: windows are long, so checking every start is O(n * 20,000)
    big = "".join(chr(0x4E00 + i % 20_000) for i in range(n))
    cases.append(Case(f"n = {n:,}", [big], {}, None, validate=_equals(_longest(big)), time_limit=2.0,
                      slow_message=SLOW.format(s=2.0, n=n).replace("a hash map makes it O(n)",
                                                                   "a sliding window makes it O(n)"),
                      call="Solution().lengthOfLongestSubstring(s)  # len(s) = 200,000"))
    return cases


CASES = {"mlp-gelu": mlp_cases, "cross-attention": cross_cases, "flash-attention": flash_cases,
         "attention-cost": cost_cases, "kv-cache-size": kv_cases, "two-sum": two_sum_cases,
         "longest-substring": longest_cases}
ENTRY = {"mlp-gelu": "mlp", "cross-attention": "cross_attention", "flash-attention": "flash_attention",
         "attention-cost": "attention_cost", "kv-cache-size": "kv_cache_bytes", "two-sum": "Solution",
         "longest-substring": "Solution"}
METHOD = {"two-sum": "twoSum", "longest-substring": "lengthOfLongestSubstring"}


# -- kv-cache ---------------------------------------------------------------------------------------


def _decode_driver(chunks, max_seq):
    """Feed the learner's decode_step chunk by chunk, passing back the caches it returns, and
    stack every chunk's output: (B, L, d), to compare with the full forward pass."""
    def drive(fn, x, w_q, w_k, w_v, w_o, n_heads):
        is_torch = isinstance(x, torch.Tensor)
        B, L, d = x.shape
        shape = (B, max_seq, n_heads, d // n_heads)
        cache_k = torch.zeros(shape, dtype=x.dtype) if is_torch else np.zeros(shape, dtype=x.dtype)
        cache_v = cache_k.clone() if is_torch else cache_k.copy()
        outs, start = [], 0
        for size in chunks:
            result = fn(x[:, start:start + size], cache_k, cache_v, start, w_q, w_k, w_v, w_o, n_heads)
            if not isinstance(result, (tuple, list)) or len(result) != 3:
                raise TypeError("decode_step must return (out, cache_k, cache_v)")
            out, cache_k, cache_v = result
            outs.append(out)
            start += size
        return torch.cat(outs, dim=1) if is_torch else np.concatenate(outs, axis=1)
    return drive


def kv_decode_cases():
    cases = []
    for i, (B, d, h, chunks, dtype) in enumerate([
            (1, 16, 2, [4, 1, 1, 1], F64), (2, 32, 4, [1] * 6, F32), (1, 32, 2, [5, 2, 1, 3], F64),
            (2, 16, 4, [3, 1, 2], F32)]):
        L = sum(chunks)
        x = rnd(B, L, d, dtype=dtype, seed=i)
        ws = [rnd(d, d, dtype=dtype, seed=20 + 4 * i + j, scale=d ** -0.5) for j in range(4)]

        def reference(x, w_q, w_k, w_v, w_o, n_heads, _chunks=chunks):
            return wrong.cached_decode(x, w_q, w_k, w_v, w_o, n_heads, [x.shape[1]])  # one chunk: the full pass

        cases.append(Case(f"B={B}, d={d}, heads={h}, chunks {chunks}, {str(dtype).removeprefix('torch.')}",
                          [x, *ws, h], {}, reference,
                          lambda m, *a, _c=chunks: wrong.cached_decode(*a, _c, mistake=m),
                          driver=_decode_driver(chunks, L + 2),
                          call=f"for each chunk in {chunks}: out, cache_k, cache_v = decode_step(x_chunk, cache_k, "
                               f"cache_v, start_pos, w_q, w_k, w_v, w_o, {h})"))
    return cases


CASES["kv-cache"] = kv_decode_cases
ENTRY["kv-cache"] = "decode_step"
