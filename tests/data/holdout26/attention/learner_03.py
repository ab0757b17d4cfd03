import torch


def attention(q, k, v, mask=None):
    out_dtype = q.dtype
    q64 = q.to(torch.float64)
    k64 = k.to(torch.float64)
    v64 = v.to(torch.float64)
    d = q64.shape[-1]
    scores = torch.matmul(q64, k64.transpose(-2, -1)) / d
    if mask is not None:
        scores = scores.masked_fill(mask.logical_not(), -torch.inf)
    row_max = scores.max(dim=-1, keepdim=True).values
    row_max = torch.nan_to_num(row_max, neginf=0.0)
    p = torch.exp(scores - row_max)
    z = p.sum(dim=-1, keepdim=True)
    p = p / z.clamp_min(1e-300)
    out = torch.matmul(p, v64)
    return out
