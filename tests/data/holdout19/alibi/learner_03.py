import torch


def alibi_bias(n_heads, T):
    slope = lambda h: 2.0 ** (-8.0 * (h + 1) / n_heads)
    m = torch.tensor([slope(h) for h in reversed(range(n_heads))], dtype=torch.float64)
    return m[:, None, None] * ((r := torch.arange(T, dtype=torch.float64))[None, :] - r[:, None]).abs()
