import torch
import torch.nn.functional as F


def attention(q, k, v, mask=None):
    d_k = q.size(-1)
    att = torch.einsum("...id,...jd->...ij", q, k) / d_k ** 0.5
    if mask is not None:
        att = att.masked_fill(~mask, float("-inf"))
    att = F.softmax(att, dim=-1)
    return torch.einsum("...ij,...jd->...id", att, v)
