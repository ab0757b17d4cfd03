import torch


def alibi_bias(n_heads, T):
    """ALiBi attention biases: see TASK.md."""
    slopes = torch.tensor([2 ** (-8 * h / n_heads) for h in range(n_heads)], dtype=torch.float32)
    i = torch.arange(T).view(T, 1)
    j = torch.arange(T).view(1, T)
    dist = (i - j).abs().float()
    return -slopes.view(n_heads, 1, 1) * dist
