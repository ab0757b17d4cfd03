import torch


def layer_norm(x, gamma, beta, eps=1e-5):
    """LayerNorm: see TASK.md."""
    mu = x.mean(dim=-1, keepdim=True)
    var = x.var(dim=-1, keepdim=True)
    x_hat = (x - mu) / torch.sqrt(var + eps)
    return gamma * x_hat + beta
