import numpy as np


def layer_norm(x, gamma, beta, eps=1e-5):
    """LayerNorm: see TASK.md."""
    d = x.shape[-1]
    mu = x.sum(axis=-1) / d
    diff = x - mu
    sigma2 = (diff * diff).sum(axis=-1, keepdims=True) / d
    y = diff / np.sqrt(sigma2 + eps)
    out = beta * y + gamma
    return out.astype(x.dtype)
