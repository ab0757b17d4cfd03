import torch


def layer_norm(x, gamma, beta, eps=1e-5):
    z = x.to(torch.float64)
    n = z.shape[-1]
    centred = z - z.sum(dim=-1, keepdim=True) / n
    var = (centred * centred).sum(dim=-1, keepdim=True) / n
    y = centred * torch.rsqrt(var + eps)
    y = y * gamma.to(torch.float64) + beta.to(torch.float64)
    return y.to(x.dtype)
