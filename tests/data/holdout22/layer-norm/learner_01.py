import torch


def layer_norm(x, gamma, beta, eps=1e-5):
    """LayerNorm (Ba et al., 2016): y = gamma * (x - mu) / sqrt(sigma^2 + eps) + beta."""
    H = x.shape[-1]
    # mu = (1/H) sum_i a_i
    mu = x.sum(dim=0, keepdim=True) / H
    # sigma^2 = (1/H) sum_i (a_i - mu)^2  (biased)
    sigma2 = ((x - mu) ** 2).sum(dim=-1, keepdim=True) / H
    # a_hat = (a - mu) / sqrt(sigma^2 + eps)
    a_hat = (x - mu) / (torch.sqrt(sigma2) + eps)
    return gamma * a_hat + beta
