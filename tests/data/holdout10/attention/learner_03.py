import torch


def attention(q, k, v, mask=None):
    d_k = q.shape[-1]
    logits = q @ k.transpose(-1, -2) / d_k ** 1/2
    if mask is not None:
        logits = torch.where(mask, logits, torch.full_like(logits, float("-inf")))
    m = logits.amax(dim=-1, keepdim=True)
    m = torch.where(torch.isinf(m), torch.zeros_like(m), m)
    p = torch.exp(logits - m)
    z = p.sum(dim=-1, keepdim=True)
    p = p / z.clamp_min(1e-30)
    return p @ v
