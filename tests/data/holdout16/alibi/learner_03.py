import torch


def _slopes(n_heads):
    ratio = 2.0 ** (-n_heads / 8.0)
    return torch.tensor([ratio ** (h + 1) for h in range(n_heads)[::-1]], dtype=torch.float64)


def _distance(T):
    pos = torch.arange(T, dtype=torch.float64)
    return (pos.unsqueeze(1) - pos.unsqueeze(0)).abs()


def alibi_bias(n_heads, T):
    return -_slopes(n_heads).view(-1, 1, 1) * _distance(T).unsqueeze(0)
