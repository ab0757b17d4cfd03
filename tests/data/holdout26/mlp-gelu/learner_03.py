import math

import torch


def mlp(x, w1, b1, w2, b2):
    out_dtype = x.dtype
    x64, w1_64, b1_64 = x.double(), w1.double(), b1.double()
    w2_64, b2_64 = w2.double(), b2.double()
    hidden = torch.matmul(x64, w1_64) + b1_64
    cdf = torch.sigmoid(1.702 * hidden)
    gelu = hidden * cdf
    out = torch.matmul(hidden, w2_64) + b2_64
    return out.to(torch.float32)
