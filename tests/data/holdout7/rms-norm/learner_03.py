import torch


def rms_norm(x, gamma, eps=1e-6):
    # root of the mean square over the feature dim
    ms = x.pow(2).mean(dim=-1, keepdim=True)
    normed = x / (ms.sqrt() + eps)
    return normed * (1.0 + gamma)
