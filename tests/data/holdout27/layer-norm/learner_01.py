import torch


def layer_norm(x, gamma, beta, eps=1e-5):
    mean = x.mean(dim=-1, keepdim=True)
    centred = x - mean
    var = (x * x).mean(dim=-1, keepdim=True)
    inv_std = 1.0 / (torch.sqrt(var) + eps)
    shape = (1,) * (x.dim() - 1) + (x.shape[-1],)
    g = gamma.reshape(shape)
    b = beta.reshape(shape)
    return centred * inv_std * g + b
