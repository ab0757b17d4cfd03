"""The grouped-query attention drill's cases and slips (loaded by the grading worker from this folder)."""

from engine.heads import grouped_query_attention
from studyxf.grading.judge import families as fam
from studyxf.grading.judge.case import F32, F64, Case, dtype_name, rnd
from studyxf.grading.judge.probes import attention_scale, attention_weights
from studyxf.grading.judge.steps import Step, attention_steps, causal_lower_right

SLIPS = ["no-scale", "scale-d", "scale-after-softmax", *fam.SOFTMAX_SLIPS, "mask-inverted", "mask-diagonal",
         "mask-diagonal:future", "mask-ignored", "mask-fill-zero", "mask-after-softmax", "masked-row-nan",
         "causal-top-left", "gqa-tiled"]
PROBES = [probe(lambda call, q, k, v: call(q[None], k[None], v[None]))
          for probe in (attention_scale, attention_weights)]

# each KV head serves Hq/Hkv consecutive query heads; the causal mask aligned bottom-right
STEPS = [Step("k_rep", lambda e: e["k"].repeat_interleave(e["q"].shape[1] // e["k"].shape[1], dim=1),
              "k repeated for the query heads: KV head j // (Hq/Hkv) for query head j"),
         Step("v_rep", lambda e: e["v"].repeat_interleave(e["q"].shape[1] // e["k"].shape[1], dim=1),
              "v repeated for the query heads"),
         Step("causal_mask", lambda e: causal_lower_right(e["q"].shape[-2], e["k"].shape[-2]) if e.get("causal")
              else None, "query i sees keys <= i + Tk - Tq"),
         *attention_steps(k="k_rep", v="v_rep", mask="causal_mask")]
# the step each catalogued slip alters first (verify.py: its line is the difference found there)
SLIP_STEPS = {"gqa-tiled": "k_rep"}
QUANTITIES = {"sqrt(d)": lambda e: e["q"].shape[-1] ** 0.5, "d": lambda e: e["q"].shape[-1]}


def reference(q, k, v, causal=False):
    return grouped_query_attention(q, k, v, causal=causal)


def variant(slips, q, k, v, causal=False):
    group = q.shape[1] // k.shape[1]
    if "gqa-tiled" in slips:  # query head j on KV head j % Hkv (tiled) instead of j // group
        k, v = k.repeat(1, group, 1, 1), v.repeat(1, group, 1, 1)
    else:
        k, v = k.repeat_interleave(group, dim=1), v.repeat_interleave(group, dim=1)
    return fam.attend(q, k, v, causal=causal, slips=slips)


def cases():
    out = []
    for i, (B, hq, hkv, tq, tk, d, causal, dtype) in enumerate([
            (2, 8, 2, 5, 5, 16, False, F64), (1, 4, 1, 6, 6, 8, True, F32), (2, 6, 3, 3, 7, 16, True, F64),
            (1, 4, 4, 1, 9, 32, True, F32), (1, 8, 2, 7, 4, 16, True, F64)]):
        q = rnd(B, hq, tq, d, dtype=dtype, seed=i)
        k, v = rnd(B, hkv, tk, d, dtype=dtype, seed=20 + i), rnd(B, hkv, tk, d, dtype=dtype, seed=30 + i)
        kwargs = {"causal": True} if causal else {}
        out.append(Case(f"q {tuple(q.shape)}, k/v {tuple(k.shape)}, causal={causal}, {dtype_name(dtype)}",
                        [q, k, v], kwargs, reference, variant,
                        call="grouped_query_attention(q, k, v" + (", causal=True)" if causal else ")")))
    return out
