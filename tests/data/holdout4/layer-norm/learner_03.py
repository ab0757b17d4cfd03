import numpy as np


def layer_norm(x, gamma, beta, eps=1e-5):
    """LayerNorm: see TASK.md."""
    x = x.astype(np.float64)
    mean = x.mean(-1, keepdims=True)
    std = np.sqrt(((x - mean) ** 2).mean(-1, keepdims=True))
    return gamma * (x - mean) / (std + eps) + beta
