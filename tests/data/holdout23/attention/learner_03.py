import torch


def attention(q, k, v, mask=None):
    scale = k.shape[-2] ** -0.5
    logits = torch.einsum("...id,...jd->...ij", q, k) * scale
    if mask is not None:
        logits = logits.masked_fill(torch.logical_not(mask), 0.0)
    peak = logits.amax(-1, keepdim=True).nan_to_num(neginf=0.0)
    w = torch.exp(logits - peak)
    w = w / w.sum(-1, keepdim=True).clamp_min(1e-30)
    return torch.einsum("...ij,...jd->...id", w, v)
