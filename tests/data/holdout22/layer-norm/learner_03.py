import numpy as np


def mean_last(a):
    return a.mean(axis=-1, keepdims=True, dtype=np.float64)


def centre(a):
    return a - mean_last(a)


def normalise(a, eps):
    c = centre(a)
    return c / np.sqrt(mean_last(c * c) + eps)


def layer_norm(x, gamma, beta, eps=1e-5):
    """LayerNorm: see TASK.md."""
    return (normalise(x, eps) + beta) * gamma
