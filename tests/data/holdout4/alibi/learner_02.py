import torch


def alibi_bias(n_heads, T):
    """ALiBi attention biases: see TASK.md."""
    h = torch.arange(n_heads, dtype=torch.float64)
    slopes = torch.pow(2.0, -8.0 * h / n_heads)
    pos = torch.arange(T, dtype=torch.float64)
    rel = pos[None, :] - pos[:, None]
    return slopes[:, None, None] * rel[None, :, :]
