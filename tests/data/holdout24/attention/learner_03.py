import math
import torch


def attention(q, k, v, mask=None):
    att = (q @ k.transpose(-2, -1)) * (1.0 / math.sqrt(k.size(-2)))
    if mask is not None:
        att = att.masked_fill(mask, float('-inf'))
    att = att - att.amax(dim=-1, keepdim=True).nan_to_num(neginf=0.0)
    att = att.exp()
    att = att / att.sum(dim=-1, keepdim=True).clamp_min(1e-30)
    return att @ v
