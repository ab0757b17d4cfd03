import numpy as np


def layer_norm(x, gamma, beta, eps=1e-5):
    """LayerNorm (Ba et al., 2016).

    mu = (1/d) sum_j x_j,   sigma^2 = (1/d) sum_j (x_j - mu)^2   (biased),
    y  = gamma * (x - mu) / sqrt(sigma^2 + eps) + beta.
    """
    mu = np.mean(x, axis=-1, keepdims=True)
    sigma2 = np.var(x, axis=-1, keepdims=True, ddof=1)
    sigma = np.sqrt(sigma2) + eps
    x_hat = (x - mu) / sigma
    return gamma * x_hat + beta
