import torch


def layer_norm(x, gamma, beta, eps=1e-5):
    """LayerNorm: see TASK.md."""
    mu = x.mean(dim=-1, keepdim=True)
    centered = x - mu
    var = (centered ** 2).mean(dim=-1, keepdim=True)
    std = torch.sqrt(var)
    normed = centered / (std + eps)
    return normed * gamma + beta
