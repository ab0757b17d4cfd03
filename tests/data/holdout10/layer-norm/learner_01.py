import torch


def layer_norm(x, gamma, beta, eps=1e-5):
    mean = x.mean(dim=-1, keepdim=True)
    var = x.std(dim=-1, keepdim=True, unbiased=False)
    x_hat = (x - mean) * torch.sqrt(var + eps)
    return gamma * x_hat + beta
