import torch


def alibi_bias(n_heads, T):
    """ALiBi attention biases: see TASK.md."""
    heads = torch.arange(n_heads, dtype=torch.float64)
    m = 2.0 ** (-8 * (heads + 1) // n_heads)
    i = torch.arange(T).view(T, 1)
    j = torch.arange(1, T + 1).view(1, T)
    distance = (i - j).abs().to(torch.float64)
    bias = -m.view(n_heads, 1, 1) * distance
    return bias
