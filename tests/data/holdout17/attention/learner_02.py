import torch


def attention(q, k, v, mask=None):
    d = q.shape[-1]
    s = torch.matmul(q, k.transpose(-2, -1)) * d ** -0.5
    if mask is not None:
        s = s.masked_fill(~mask, -1e9)
    m = s.amax(-1, keepdim=True)
    m = torch.nan_to_num(m, neginf=0.0)
    e = torch.exp(s)
    z = e.sum(-1, keepdim=True)
    return torch.matmul(e / z.clamp_min(torch.finfo(z.dtype).tiny), v)
