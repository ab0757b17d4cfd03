import math
import torch

NEG = lambda t: torch.finfo(t.dtype).min


def attention(q, k, v, mask=None):
    s = torch.matmul(q, k.transpose(-2, -1)) / math.sqrt(k.size(-2))
    if mask is not None: s = s.masked_fill(mask, NEG(s))
    p = s.softmax(-1)
    if mask is not None: p = p * mask.any(-1, keepdim=True)
    return torch.matmul(p, v)
