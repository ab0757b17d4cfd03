import torch


def mlp(x, w1, b1, w2, b2):
    """The GPT-2 MLP with exact GELU: see TASK.md."""
    raise NotImplementedError("write mlp here")
