import numpy as np


def layer_norm(x, gamma, beta, eps=1e-5):
    """LayerNorm: see TASK.md."""
    mean = np.mean(x, axis=-1, keepdims=True)
    var = np.var(x, axis=-1, ddof=1, keepdims=True)
    x_hat = (x - mean) / np.sqrt(var + eps)
    return (gamma * x_hat + beta).astype(x.dtype)
