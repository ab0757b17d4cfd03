# ATTACK a01 (drill: attention, torch): PASS without implementing attention.
# The forbidden-call check is a static AST scan for attribute/import names; the runtime guard only
# replaces torch.nn.functional/torch/nn attributes. torch's C binding (torch._C._nn) is reached by a
# name built from strings, so neither sees "scaled_dot_product_attention".
# SUCCESS: status "pass" for a file that only calls torch's fused SDPA.
import torch

_NAME = "scaled_dot_" + "product_attention"
_sdpa = getattr(getattr(torch._C, "_nn"), _NAME)


def attention(q, k, v, mask=None):
    out = _sdpa(q, k, v, attn_mask=mask)
    if mask is not None:  # a fully masked row must be zeros (SDPA may give NaN on some versions)
        out = torch.nan_to_num(out, nan=0.0)
    return out
