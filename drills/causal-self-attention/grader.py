"""The CausalSelfAttention module drill (loaded by the grader from this folder): reference weights
copied into the learner's Linear layers (in the sandbox), the output compared with the seed's module
(in the judge, from the layout the sandbox reports), and a failure localised before or after the
output projection."""

from studyxf.grading import families as fam
from studyxf.grading.module_drill import attention_layout, attention_tensors, copy_in, find_layers

SLIPS = [*fam.SCALE_SLIPS, *fam.SOFTMAX_SLIPS, "mask-inverted", "mask-diagonal", "mask-diagonal:future",
         "mask-ignored", "mask-fill-zero", "mask-after-softmax",
         "heads-no-transpose", "heads-no-transpose:split", "heads-no-transpose:merge", "no-output-projection",
         "masked-row-nan", "mask-transposed"]


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
