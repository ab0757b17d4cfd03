import torch


def layer_norm(x, gamma, beta, eps=1e-5):
    d = x.shape[-1]
    mean = x.sum(-1, keepdim=True) / d
    centred = x - mean
    var = (centred * centred).sum(-1, keepdim=True) / d
    return centred / torch.sqrt(var + 1e-5) * gamma + beta
