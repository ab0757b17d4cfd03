import torch


def attention(q, k, v, mask=None):
    d_k = q.size(-1)
    logits = torch.matmul(q, k.transpose(-2, -1)) * d_k ** -0.5
    if mask is not None:
        logits = logits.masked_fill(~mask, float("-inf"))
    m = logits.amax(dim=-2, keepdim=True)
    m = torch.where(torch.isnan(m), torch.zeros_like(m), m)
    p = torch.exp(logits - m)
    z = p.sum(dim=-1, keepdim=True)
    p = p / torch.where(z == 0, torch.ones_like(z), z)
    return p @ v
