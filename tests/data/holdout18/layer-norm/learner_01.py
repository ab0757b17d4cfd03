import torch


def layer_norm(x, gamma, beta, eps=1e-5):
    mu = x.mean(dim=-1, keepdim=True)                          # mu = 1/d sum_i x_i
    sigma2 = (x ** 2).mean(dim=-1, keepdim=True)        # sigma^2 = 1/d sum_i (x_i - mu)^2
    denom = torch.sqrt(sigma2 + eps)                           # sqrt(sigma^2 + eps)
    x_hat = x.sub_(mu).div_(denom)                                   # x_hat = (x - mu) / sqrt(sigma^2 + eps)
    y = gamma * x_hat + beta                                   # y = gamma * x_hat + beta
    return y
