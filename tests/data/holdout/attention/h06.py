import math

import torch
import torch.nn.functional as F


def attention(q, k, v, mask=None):
    scale = 1.0 / math.sqrt(v.size(-1))
    att = torch.matmul(q, k.transpose(-1, -2)) * scale
    if mask is not None:
        att = att.masked_fill(mask.logical_not(), float("-inf"))
    att = F.softmax(att, dim=-1)
    att = att.masked_fill(att.isnan(), 0.0)
    return torch.matmul(att, v)
