import math
import torch


def rms_norm(x, gamma, eps=1e-6):
    d = x.shape[-1]
    rms = torch.linalg.vector_norm(x, dim=-1) / math.sqrt(d)
    denom = rms + eps
    return gamma * x / denom
