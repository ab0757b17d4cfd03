import torch


def alibi_bias(n_heads, T):
    """ALiBi attention biases: see TASK.md."""
    h = torch.arange(1, n_heads + 1, dtype=torch.float64)
    m = 2.0 ** (-8.0 * h / n_heads)
    i = torch.arange(T, dtype=torch.float64).unsqueeze(1)
    j = torch.arange(T, dtype=torch.float64).unsqueeze(0)
    rel = j - i
    bias = m[None, None, :] * rel[:, :, None]
    return bias
