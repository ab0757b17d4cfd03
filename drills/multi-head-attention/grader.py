"""The multi-head attention drill's cases and slips (loaded by the grading worker from this folder)."""

from engine.attention import causal_mask
from engine.heads import multi_head_attention
from studyxf.grading.judge import families as fam
from studyxf.grading.judge.case import F32, F64, Case, dtype_name, rnd
from studyxf.grading.judge.steps import heads_steps

SLIPS = [*fam.SCALE_SLIPS, *fam.SOFTMAX_SLIPS, "mask-inverted", "mask-diagonal", "mask-diagonal:future", "mask-ignored",
         "mask-fill-zero", "mask-fill-finite", "mask-after-softmax",
         "masked-row-nan", "heads-no-transpose", "heads-no-transpose:split", "heads-no-transpose:merge",
         "no-output-projection", "mask-first-batch", "weights-transposed", "weights-transposed:o", "mask-transposed", *fam.MIXED_SLIPS]

# the mask (T, T) or (B, T, T) is shared by the heads
STEPS = heads_steps(mask=lambda e: None if e.get("mask") is None else
                    (e["mask"][:, None] if e["mask"].dim() == 3 else e["mask"]).to(bool))
QUANTITIES = {"sqrt(d_head)": lambda e: (e["x"].shape[-1] // e["n_heads"]) ** 0.5,
              "d_head": lambda e: e["x"].shape[-1] // e["n_heads"],
              "sqrt(d_model)": lambda e: e["x"].shape[-1] ** 0.5, "n_heads": lambda e: e["n_heads"]}


def reference(x, w_q, w_k, w_v, w_o, n_heads, mask=None):
    return multi_head_attention(x, w_q, w_k, w_v, w_o, n_heads, mask)


def variant(slips, x, w_q, w_k, w_v, w_o, n_heads, mask=None):
    return fam.heads_attention(x, w_q, w_k, w_v, w_o, n_heads, mask, slips)


def cases():
    out = []
    for i, (B, T, d, h, dtype, mask) in enumerate([
            (2, 5, 16, 4, F64, None), (1, 1, 8, 2, F32, None), (3, 7, 24, 3, F32, causal_mask(7, 7)),
            (2, 6, 32, 8, F64, "batch"), (2, 9, 64, 1, F64, causal_mask(9, 9)), (3, 5, 48, 2, F32, "empty row")]):
        x = rnd(B, T, d, dtype=dtype, seed=i)
        ws = [rnd(d, d, dtype=dtype, seed=10 * i + j, scale=d ** -0.5) for j in range(4)]
        if mask == "batch":
            mask = rnd(B, T, T, seed=99) > -0.7
            mask[..., 0] = True
        elif mask == "empty row":  # the task's rule: a query whose mask row is all False outputs zeros
            mask = causal_mask(T, T).expand(B, T, T).clone()
            mask[1, 2] = False  # B = 3 against 2 heads: a mask broadcast on the wrong axis still fails here
        kwargs = {} if mask is None else {"mask": mask}
        name = f"B={B}, T={T}, d={d}, heads={h}, {dtype_name(dtype)}" + ("" if mask is None else f", mask {tuple(mask.shape)}")
        out.append(Case(name, [x, *ws, h], kwargs, reference, variant,
                        call=f"multi_head_attention(x, w_q, w_k, w_v, w_o, {h}" + (", mask=mask)" if kwargs else ")"),
                        labels=["x", "w_q", "w_k", "w_v", "w_o", "n_heads"]))
    return out
