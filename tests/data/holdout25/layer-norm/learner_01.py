import torch


def layer_norm(x, gamma, beta, eps=1e-5):
    # per row: D = COUNT(row), E = AVERAGE(row), F = VAR.P(row), G = (x - E) / SQRT(F + eps)
    D = x.shape[-1]
    E = x.sum(dim=-1, keepdim=True) / D
    dev = x - E
    F = (dev * dev).sum(dim=-1, keepdim=True) / D
    G = dev / torch.sqrt(F + eps)
    # output cell = G * gamma + beta
    return G * gamma + beta
