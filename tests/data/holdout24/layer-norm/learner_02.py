import torch


def layer_norm(x, gamma, beta, eps=1e-5):
    n = x.shape[-1]
    dc = x.sum(dim=-1, keepdim=True) / n                 # DC component of each frame
    ac = x - dc                                          # remove it
    power = (ac * ac).sum(dim=-1, keepdim=True) / (n - 1)      # mean power of what is left
    ac *= torch.rsqrt(power + eps)                       # normalise to unit power
    return ac * gamma + beta
