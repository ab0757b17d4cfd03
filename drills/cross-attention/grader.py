"""The cross-attention drill's cases and slips (loaded by the grading worker from this folder)."""

import torch

from engine.heads import cross_attention
from studyxf.grading.judge import families as fam
from studyxf.grading.judge.case import F32, F64, Case, dtype_name, rnd
from studyxf.grading.judge.steps import heads_steps

SLIPS = [*fam.SCALE_SLIPS, *fam.SOFTMAX_SLIPS, "mask-inverted", "mask-ignored", "mask-fill-finite", "masked-row-nan",
         "mask-fill-zero", "mask-after-softmax",
         "cross-kv-from-decoder", "cross-causal", "heads-no-transpose", "heads-no-transpose:split",
         "heads-no-transpose:merge", "no-output-projection", "weights-transposed", "weights-transposed:o", *fam.MIXED_SLIPS]

# queries from x, keys and values from the encoder's memory; memory_mask (B, S), True = a real token
STEPS = heads_steps(source_kv="memory", mask=lambda e: None if e.get("memory_mask") is None else
                    e["memory_mask"][:, None, None, :].to(bool))
QUANTITIES = {"sqrt(d_head)": lambda e: (e["x"].shape[-1] // e["n_heads"]) ** 0.5,
              "d_head": lambda e: e["x"].shape[-1] // e["n_heads"],
              "sqrt(d_model)": lambda e: e["x"].shape[-1] ** 0.5, "n_heads": lambda e: e["n_heads"]}


def variant(slips, x, memory, w_q, w_k, w_v, w_o, n_heads, memory_mask=None):
    mask = None
    if memory_mask is not None and "cross-kv-from-decoder" not in slips:
        mask = memory_mask[:, None, :].to(torch.bool)  # (B, 1, S): heads_attention adds the head axis
    slips = set(slips)
    causal = "cross-causal" in slips
    if causal:  # a decoder's causal mask wrongly applied (tril over (T, S): top-left)
        slips.add("causal-top-left")
    return fam.heads_attention(x, w_q, w_k, w_v, w_o, n_heads, mask, frozenset(slips), memory=memory, causal=causal)


def cases():
    out = []
    for i, (B, T, S, d, h, dtype, masked) in enumerate([
            (2, 5, 7, 16, 4, F64, False), (1, 1, 9, 8, 2, F32, True), (3, 6, 4, 24, 3, F32, True),
            (2, 8, 8, 32, 4, F64, True), (3, 4, 5, 16, 2, F32, "empty")]):
        x, mem = rnd(B, T, d, dtype=dtype, seed=i), rnd(B, S, d, dtype=dtype, seed=50 + i)
        ws = [rnd(d, d, dtype=dtype, seed=60 + 10 * i + j, scale=d ** -0.5) for j in range(4)]
        kwargs = {}
        if masked:
            # "empty": the task's rule that a query whose memory is all padding outputs zeros
            lengths = torch.tensor([S, 0, 2] if masked == "empty" else [max(1, S - b) for b in range(B)])
            kwargs["memory_mask"] = torch.arange(S) < lengths.unsqueeze(-1)
        out.append(Case(f"decoder ({B}, {T}, {d}), encoder memory ({B}, {S}, {d}), heads={h}"
                        + (", one memory all padding" if masked == "empty" else ", padding mask" if masked else "")
                        + f", {dtype_name(dtype)}",
                        [x, mem, *ws, h], kwargs, cross_attention, variant,
                        call=f"cross_attention(x, memory, w_q, w_k, w_v, w_o, {h}"
                             + (", memory_mask=memory_mask)" if masked else ")"),
                        labels=["x", "memory", "w_q", "w_k", "w_v", "w_o", "n_heads"]))
    return out
