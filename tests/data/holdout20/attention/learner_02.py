import torch


def attention(q, k, v, mask=None):
    # q: (... i d), k: (... j d), v: (... j e)
    d = q.shape[-1]
    logits = torch.einsum("...id,...jd->...ij", q, k) / d ** -0.5
    if mask is not None:
        logits = logits.masked_fill(mask, float("-inf"))
    # row max over the keys j: (... i 1)
    row_max = logits.amax(dim=-1, keepdim=True)
    row_max = torch.where(torch.isfinite(row_max), row_max, torch.zeros_like(row_max))
    p = torch.exp(logits - row_max)
    # normaliser over j: (... i 1)
    z = p.sum(dim=-1, keepdim=True)
    p = p / z
    out = torch.einsum("...ij,...je->...ie", p, v)
    return out.to(q.dtype)
