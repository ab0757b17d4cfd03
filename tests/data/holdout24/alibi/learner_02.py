import torch


def alibi_bias(n_heads, T):
    slopes = (2 ** (-(h + 1) / n_heads) for h in range(n_heads))
    planes = (
        [[-s * max(i - j, 0) for j in range(T)] for i in range(T)]
        for s in slopes
    )
    return torch.tensor(list(planes), dtype=torch.float64)
