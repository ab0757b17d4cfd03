import math
import torch


def attention(q, k, v, mask=None):
    scale = 1.0 / math.sqrt(k.size(-2))
    att = torch.matmul(q, k.transpose(-2, -1)) * scale
    if mask is not None:
        att = att.masked_fill(~mask, float("-inf"))
    att = torch.softmax(att, dim=-2)
    att = torch.nan_to_num(att, nan=0.0)  # rows with nothing to attend to
    return att @ v
