import torch


def layer_norm(x, gamma, beta, eps=1e-5):
    """LayerNorm: see TASK.md."""
    raise NotImplementedError("write layer_norm here")
