import torch


def _moments(x):
    if x.shape[-1] == 0:
        return None, None, "empty feature dimension"
    mean = x.mean(dim=-1, keepdim=True)
    var = x.var(dim=-1, keepdim=True)
    return mean, var, None


def layer_norm(x, gamma, beta, eps=1e-5):
    mean, var, err = _moments(x)
    if err is not None:
        raise ValueError(err)
    if gamma.shape[-1] != x.shape[-1] or beta.shape[-1] != x.shape[-1]:
        raise ValueError("gamma and beta must match the last dim of x")
    x_hat = (x - mean) / (torch.sqrt(var) + eps)
    return gamma * x_hat + beta
