"""The CausalSelfAttention module drill (loaded by the grading worker from this folder): reference
weights copied into the learner's Linear layers, the output compared with the seed's module, and a
failure localised before or after the output projection."""

from studyxf.grading import families as fam
from studyxf.grading.module_drill import find_layers, load_reference

SLIPS = [*fam.SCALE_SLIPS, "softmax-axis", "mask-inverted", "mask-diagonal", "mask-future", "mask-ignored",
         "mask-fill-zero", "mask-after-softmax",
         "heads-no-transpose", "heads-no-transpose-split", "heads-no-transpose-merge", "no-output-projection",
         "masked-row-nan"]


def load(module, d, h, seed):
    """Weights into the learner's module; returns ref(x, slips, trace) and the layers to tap."""
    layers = find_layers(module, d)
    weights = load_reference(layers, d, seed)

    def ref(x, slips=frozenset(), trace=None):
        return fam.fused_attention(x, *(None if w is None else w.to(x.dtype) for w in weights), h, slips, trace)

    return ref, [(fam.ATTN_PRE_PROJ, layers["out"])]
