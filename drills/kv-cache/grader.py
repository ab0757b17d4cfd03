"""The KV-cache drill's cases and slips (loaded by the grading worker from this folder): the
learner's decode_step is fed chunk by chunk, its returned caches passed back in, and the chunks'
outputs stacked must equal the full causal pass (RoPE at absolute positions)."""

import torch

from engine.heads import merge_heads, split_heads
from engine.positional import apply_rope, rope_angles
from studyxf.grading.judge import families as fam
from studyxf.grading.judge.case import F32, F64, Case, dtype_name, rnd
from studyxf.grading.judge.steps import Step, attention_steps, merge, split

SLIPS = ["rope-position-offset", "cache-before-rope", "causal-top-left", "no-rope", "rope-rotate-half", "rope-angles-tiled", *fam.SCALE_SLIPS,
         "mask-diagonal", "mask-diagonal:future", "mask-ignored", "no-output-projection", "kv-ignores-cache"]


def _stored(e, cache, new):
    out = e[cache].clone()
    out[:, e["start_pos"]:e["start_pos"] + e["x"].shape[1]] = e[new].transpose(1, 2)
    return out


# one call of decode_step as steps (localise.py drives them chunk by chunk through the case's driver)
STEP_ARGS = ["x", "cache_k", "cache_v", "start_pos", "w_q", "w_k", "w_v", "w_o", "n_heads"]
STEP_RETURN = ["projected", "returned_k", "returned_v"]
STEPS = [Step("positions", lambda e: torch.arange(e["start_pos"], e["start_pos"] + e["x"].shape[1], dtype=F64),
              "start_pos .. start_pos + T - 1: the absolute positions"),
         Step("q_proj", lambda e: e["x"] @ e["w_q"], "x @ w_q", of="x"),
         Step("k_proj", lambda e: e["x"] @ e["w_k"], "x @ w_k", of="x"),
         Step("v_proj", lambda e: e["x"] @ e["w_v"], "x @ w_v", of="x"),
         Step("q", lambda e: split(e["q_proj"], e["n_heads"]), "q split into heads: (B, H, T, d_head)", of="q_proj"),
         Step("k", lambda e: split(e["k_proj"], e["n_heads"]), "k split into heads", of="k_proj"),
         Step("v", lambda e: split(e["v_proj"], e["n_heads"]), "v split into heads", of="v_proj"),
         Step("q_rot", lambda e: apply_rope(e["q"], e["positions"]), "RoPE on q at the absolute positions", of="q"),
         Step("k_rot", lambda e: apply_rope(e["k"], e["positions"]), "RoPE on k at the absolute positions", of="k"),
         Step("cache_k_new", lambda e: _stored(e, "cache_k", "k_rot"),
              "a copy of cache_k with k after RoPE at start_pos .. start_pos + T - 1", of="cache_k"),
         Step("cache_v_new", lambda e: _stored(e, "cache_v", "v"), "a copy of cache_v with v at start_pos ..",
              of="cache_v"),
         Step("keys", lambda e: e["cache_k_new"][:, :e["start_pos"] + e["x"].shape[1]].transpose(1, 2),
              "the cached keys up to start_pos + T: (B, H, S, d_head)", of="cache_k_new"),
         Step("vals", lambda e: e["cache_v_new"][:, :e["start_pos"] + e["x"].shape[1]].transpose(1, 2),
              "the cached values up to start_pos + T", of="cache_v_new"),
         Step("causal", lambda e: torch.ones(e["x"].shape[1], e["start_pos"] + e["x"].shape[1], dtype=torch.bool)
              .tril(e["start_pos"]), "query start_pos + i sees keys <= start_pos + i"),
         *attention_steps(q="q_rot", k="keys", v="vals", mask="causal"),
         Step("merged", lambda e: merge(e["output"]), "the heads merged back: (B, T, d)"),
         Step("projected", lambda e: e["merged"] @ e["w_o"], "merged @ w_o", of="merged"),
         # what is returned for the next call, apart from what this call attends over
         Step("returned_k", lambda e: e["cache_k_new"], "the updated copy of the cache, returned for the next call",
              of="cache_k"),
         Step("returned_v", lambda e: e["cache_v_new"], "the updated copy of the cache, returned for the next call",
              of="cache_v")]
# the step each catalogued slip alters first (verify.py: its line is the difference found there)
SLIP_STEPS = {"rope-rotate-half": "q_rot",
              "rope-angles-tiled": "q_rot",
              "rope-position-offset": "positions",
              "no-rope": "q_rot",
              "cache-before-rope": "cache_k_new",
              "kv-ignores-cache": "keys"}
# the state a call returns (driven.py): its position axis and the positions a call writes, and what it holds
WRITTEN = (1, lambda e: (e["start_pos"], e["start_pos"] + e["x"].shape[1]))
STATE = {"returned_k": "keys' cache", "returned_v": "values' cache"}
ATTENDED = "masked"  # the scores whose last axis is the positions attended (a position left out = unseen there)
QUANTITIES = {"sqrt(d_head)": lambda e: (e["x"].shape[-1] // e["n_heads"]) ** 0.5,
              "sqrt(d_model)": lambda e: e["x"].shape[-1] ** 0.5}


def _rope_tiled(t, pos):
    """RoPE on interleaved pairs with the angles tiled [a0 .. a(d/2-1), a0 ..] (the rotate_half
    layout's cos and sin), the rope drill's rope-angles-tiled: (B, H, T, d_head)."""
    ang = rope_angles(pos, t.shape[-1])
    cos, sin = (torch.cat((f, f), -1).to(t.dtype) for f in (ang.cos(), ang.sin()))
    rot = torch.stack((-t[..., 1::2], t[..., 0::2]), dim=-1).flatten(-2)
    return t * cos + rot * sin


def decode(x, w_q, w_k, w_v, w_o, n_heads, chunks, slips=frozenset(), caches=False):
    """x (B, L, d) decoded chunk by chunk with a cache of keys after RoPE; one chunk is the full pass.
    `caches`: the caches after the last chunk instead, k after RoPE and v at positions 0 .. L - 1, side
    by side on the last axis: (B, L, n_heads, 2 d_head)."""
    keys, values, outs, start = [], [], [], 0
    for size in chunks:
        xs = x[:, start:start + size]
        q, k, v = (split_heads(xs @ w, n_heads) for w in (w_q, w_k, w_v))
        pos = torch.arange(size) if "rope-position-offset" in slips else torch.arange(start, start + size)
        if "no-rope" not in slips:
            convention = "half" if "rope-rotate-half" in slips else "interleaved"
            rope = _rope_tiled if "rope-angles-tiled" in slips else lambda t, p: apply_rope(t, p, convention=convention)
            q = rope(q, pos)
            if "cache-before-rope" not in slips:
                k = rope(k, pos)
        keys.append(k)
        values.append(v)
        K, V = (k, v) if "kv-ignores-cache" in slips else (torch.cat(keys, 2), torch.cat(values, 2))
        out = merge_heads(fam.attend(q, K, V, causal=True, slips=slips, d_model=x.shape[-1]))
        outs.append(out if "no-output-projection" in slips else out @ w_o)
        start += size
    if caches:
        return torch.cat((torch.cat(keys, 2), torch.cat(values, 2)), -1).transpose(1, 2)
    return torch.cat(outs, dim=1)


CACHE_WRITTEN = ("decode_step wrote into the caches it was given: return updated copies (cache_k = cache_k.clone() "
                 "/ .copy() first), as the task asks, so a caller's cache is never changed behind its back")


def driver(chunks, max_seq, caches=False):
    """Feed the learner's decode_step chunk by chunk, passing back the caches it returns, and
    stack every chunk's output: (B, L, d), to compare with the full forward pass. (The caches it
    is given must come back untouched: the sandbox hands them over read-only or checks them after
    the call, and the case's modified_message says what that means here.) `caches`: the caches the
    last call returned instead, as decode's, for the task's step 3 (k stored after RoPE): a cache
    whose layout differs in q and k alike (RoPE's pairs written as two halves) leaves every output right."""
    def drive(fn, x, w_q, w_k, w_v, w_o, n_heads):
        B, L, d = x.shape
        cache_k = torch.zeros((B, max_seq, n_heads, d // n_heads), dtype=x.dtype, device=x.device)
        cache_v = cache_k.clone()
        outs, start = [], 0
        for size in chunks:
            result = fn(x[:, start:start + size], cache_k, cache_v, start, w_q, w_k, w_v, w_o, n_heads)
            if not isinstance(result, (tuple, list)) or len(result) != 3:
                raise TypeError("decode_step must return (out, cache_k, cache_v)")
            out, cache_k, cache_v = result
            outs.append(out)
            start += size
        if caches:
            return torch.cat((cache_k[:, :start], cache_v[:, :start]), -1)
        return torch.cat(outs, dim=1)
    return drive


def cases():
    out = []
    for i, (B, d, h, chunks, dtype) in enumerate([
            (1, 16, 2, [4, 1, 1, 1], F64), (2, 32, 4, [1] * 6, F32), (1, 32, 2, [5, 2, 1, 3], F64),
            (2, 16, 4, [3, 1, 2], F32)]):
        L = sum(chunks)
        x = rnd(B, L, d, dtype=dtype, seed=i)
        ws = [rnd(d, d, dtype=dtype, seed=20 + 4 * i + j, scale=d ** -0.5) for j in range(4)]

        def reference(x, w_q, w_k, w_v, w_o, n_heads):
            return decode(x, w_q, w_k, w_v, w_o, n_heads, [x.shape[1]])  # one chunk: the full pass

        out.append(Case(f"B={B}, d={d}, heads={h}, chunks {chunks}, {dtype_name(dtype)}",
                        [x, *ws, h], {}, reference, lambda slips, *a, _c=chunks: decode(*a, _c, slips),
                        driver=driver(chunks, L + 2), modified_message=CACHE_WRITTEN, labels=["x", "w_q", "w_k", "w_v", "w_o", "n_heads"],
                        call=f"for each chunk in {chunks}: out, cache_k, cache_v = decode_step(x_chunk, cache_k, "
                             f"cache_v, start_pos, w_q, w_k, w_v, w_o, {h})"))
        if i == 2:  # the caches the calls return, held against k after RoPE and v (task step 3)
            def stored(x, w_q, w_k, w_v, w_o, n_heads):
                return decode(x, w_q, w_k, w_v, w_o, n_heads, [x.shape[1]], caches=True)

            out.append(Case(f"the caches after chunks {chunks}: k after RoPE and v, (B, L, heads, d_head) each, "
                            f"{dtype_name(dtype)}", [x, *ws, h], {}, stored,
                            lambda slips, *a, _c=chunks: decode(*a, _c, slips, caches=True),
                            driver=driver(chunks, L + 2, caches=True), modified_message=CACHE_WRITTEN,
                            labels=["x", "w_q", "w_k", "w_v", "w_o", "n_heads"],
                            call=f"for each chunk in {chunks}: out, cache_k, cache_v = decode_step(x_chunk, cache_k, "
                                 f"cache_v, start_pos, w_q, w_k, w_v, w_o, {h}); then torch.cat((cache_k[:, :{L}], "
                                 f"cache_v[:, :{L}]), -1)"))
    return out
