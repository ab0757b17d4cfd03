import math
import torch


def rms_norm(x, gamma, eps=1e-6):
    d = x.shape[-1]
    rms = x.norm(dim=-1, keepdim=True) / math.sqrt(d)
    return x / (rms + eps) * gamma
