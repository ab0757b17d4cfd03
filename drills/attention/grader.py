"""The attention drill's cases and slips (loaded by the grading worker from this folder)."""

from engine.attention import causal_mask, naive_attention
from studyxf.grading.judge import families as fam
from studyxf.grading.judge.case import F32, Case, rnd
from studyxf.grading.judge.probes import attention_scale, attention_weights
from studyxf.grading.judge.steps import attention_steps

SLIPS = [s for s in fam.CORE_SLIPS if s != "scale-d-model"]  # no d_model here: q has one head
PROBES = [attention_scale(lambda call, q, k, v: call(q, k, v), dv=7),  # dv apart from d and Tk
          attention_weights(lambda call, q, k, v: call(q, k, v))]

STEPS = attention_steps()
QUANTITIES = {"sqrt(d)": lambda e: e["q"].shape[-1] ** 0.5, "d": lambda e: e["q"].shape[-1]}


def reference(q, k, v, mask=None):
    return naive_attention(q, k, v, mask)


def variant(slips, q, k, v, mask=None):
    return fam.attend(q, k, v, mask, slips=slips)


def cases():
    out = []

    def add(name, q, k, v, mask=None):
        kwargs = {} if mask is None else {"mask": mask}
        call = "attention(q, k, v" + (", mask=mask)" if mask is not None else ")")
        out.append(Case(name, [q, k, v], kwargs, reference, variant, call=call,
                        input_dtype_slips=frozenset(fam.MAX_SLIPS)))

    add("batch (2, 5, 8), float64", rnd(2, 5, 8), rnd(2, 5, 8, seed=1), rnd(2, 5, 8, seed=2))
    add("no batch dims (4, 16), float32", *(rnd(4, 16, dtype=F32, seed=s) for s in range(3)))
    add("T = 1, float32", *(rnd(1, 1, 16, dtype=F32, seed=s) for s in range(3)))
    add("Tq != Tk and dv != d (2, 3, 7 vs 11, 16 -> 12), float64",
        rnd(2, 3, 7, 16), rnd(2, 3, 11, 16, seed=1), rnd(2, 3, 11, 12, seed=2))
    add("causal mask (6, 6) broadcast over (2, 6, 32), float32",
        *(rnd(2, 6, 32, dtype=F32, seed=s) for s in range(3)), causal_mask(6, 6))
    m = causal_mask(5, 5).clone()
    m[0] = False
    add("a fully masked row (3, 5, 8), float64", *(rnd(3, 5, 8, seed=s) for s in range(3)), m)
    add("heads (2, 4, 9, 32), mask (2, 1, 9, 9), float32",
        *(rnd(2, 4, 9, 32, dtype=F32, seed=s) for s in range(3)), causal_mask(9, 9).expand(2, 1, 9, 9).clone())
    add("odd d = 7, float64", *(rnd(3, 5, 7, seed=s) for s in range(3)))
    q = rnd(1, 6, 64, dtype=F32, seed=5, scale=4.0)
    add("scaled logits above 90, float32", q, q * 1.5, rnd(1, 6, 64, dtype=F32, seed=6))
    # beyond float64's exp range too (> 709), for code that computes in float64 whatever it is given
    q = rnd(2, 5, 32, seed=7, scale=10.0)
    add("scaled logits above 1000, float64", q, q * 2.0, rnd(2, 5, 32, seed=8))
    return out
