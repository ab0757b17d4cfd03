import torch
import torch.nn.functional as F


def attention(q, k, v, mask=None):
    q, k, v = q.float(), k.float(), v.float()  # work in fp32 for stability
    scale = q.size(-1) ** -0.5
    att = (q @ k.transpose(-1, -2)) * scale
    if mask is not None:
        att = att.masked_fill(mask, float("-inf"))
    # a query that may look at nothing: softmax would give nan, zero it afterwards
    no_key = torch.isinf(att).all(dim=-1, keepdim=True)
    att = att.masked_fill(no_key, 0.0)
    p = F.softmax(att, dim=-1)
    p = p.masked_fill(no_key, 0.0)
    return p @ v
