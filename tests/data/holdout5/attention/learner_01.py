import torch
import torch.nn.functional as F


def attention(q, k, v, mask=None):
    d = q.shape[-1]
    scores = torch.einsum("...id,...jd->...ij", q, k) / (d ** 0.5)
    if mask is not None:
        scores = scores.masked_fill(mask == False, float("-inf"))
    probs = F.softmax(scores, dim=-1)
    out = torch.einsum("...ij,...jd->...id", probs, v)
    return out.float()
