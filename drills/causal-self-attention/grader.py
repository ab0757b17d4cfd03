"""The CausalSelfAttention module drill (loaded by the grader from this folder): reference weights
copied into the learner's Linear layers (in the sandbox), the output compared with the seed's module
(in the judge, from the layout the sandbox reports), and a failure localised before or after the
output projection."""

from studyxf.grading.judge import families as fam
from studyxf.grading.judge.module_drill import attention_layout, attention_tensors, copy_in, find_layers
from studyxf.grading.judge.steps import Step, attention_steps, merge, split

SLIPS = [*fam.SCALE_SLIPS, *fam.SOFTMAX_SLIPS, "mask-inverted", "mask-inverted:diagonal", "mask-diagonal", "mask-diagonal:future",
         "mask-ignored", "mask-fill-zero", "mask-after-softmax",
         "heads-no-transpose", "heads-no-transpose:split", "heads-no-transpose:merge", "no-output-projection",
         "masked-row-nan", "mask-transposed", "qkv-per-head"]


def _causal(e):
    T = e["x"].shape[-2]
    import torch
    return torch.ones(T, T, dtype=torch.bool).tril()


def _bias(b):
    return 0 if b is None else b


# the seed's module as steps, from x and the weights copied into the learner's layers
STEPS = [Step("qkv", lambda e: e["x"] @ e["w_qkv"].T + _bias(e.get("b_qkv")), "x @ W_qkv^T + b: (B, T, 3d)", of="x"),
         Step("q_proj", lambda e: e["qkv"][..., : e["x"].shape[-1]], "the first d columns of qkv", of="qkv"),
         Step("k_proj", lambda e: e["qkv"][..., e["x"].shape[-1]: 2 * e["x"].shape[-1]], "the next d columns",
              of="qkv"),
         Step("v_proj", lambda e: e["qkv"][..., 2 * e["x"].shape[-1]:], "the last d columns", of="qkv"),
         Step("q", lambda e: split(e["q_proj"], e["n_heads"]), "q split into heads: (B, H, T, d_head)", of="q_proj"),
         Step("k", lambda e: split(e["k_proj"], e["n_heads"]), "k split into heads", of="k_proj"),
         Step("v", lambda e: split(e["v_proj"], e["n_heads"]), "v split into heads", of="v_proj"),
         Step("causal", _causal, "query i sees keys <= i"),
         *attention_steps(mask="causal"),
         Step("merged", lambda e: merge(e["output"]), "the heads merged back: (B, T, d)", of="output"),
         Step("projected", lambda e: e["merged"] @ e["w_proj"].T + _bias(e.get("b_proj")), "merged @ W_proj^T + b",
              of="merged")]
# the step each catalogued slip alters first (verify.py: its line is the difference found there)
SLIP_STEPS = {"qkv-per-head": "q_proj"}
QUANTITIES = {"sqrt(d_head)": lambda e: (e["x"].shape[-1] // e["n_heads"]) ** 0.5,
              "sqrt(d_model)": lambda e: e["x"].shape[-1] ** 0.5, "n_heads": lambda e: e["n_heads"]}


def step_inputs(layout, d, h, seed, x):
    """Judge side: what STEPS start from for one config: x and the weights installed in the sandbox."""
    w_qkv, b_qkv, w_proj, b_proj = attention_tensors(layout, d, seed)["fused"]
    return {"x": x, "w_qkv": w_qkv, "b_qkv": b_qkv, "w_proj": w_proj, "b_proj": b_proj, "n_heads": h}


def layout(module, d):
    """Sandbox side: the learner's layers, and what of them the reference needs to know."""
    layers = find_layers(module, d)
    return attention_layout(layers), layers


def install(layers, layout, d, seed):
    for key, (w, b) in attention_tensors(layout, d, seed)["per_layer"].items():
        copy_in(layers[key], w, b)


def stages(layers):
    return [(fam.ATTN_PRE_PROJ, layers["out"])]


def reference(layout, d, h, seed):
    """Judge side: ref(x, slips, trace), the seed's module with the same weights."""
    weights = attention_tensors(layout, d, seed)["fused"]

    def ref(x, slips=frozenset(), trace=None):
        return fam.fused_attention(x, *(None if w is None else w.to(x.dtype) for w in weights), h, slips, trace)

    return ref
