import torch


def alibi_bias(n_heads, T):
    n = n_heads
    b = torch.zeros(n, T, T, dtype=torch.float64)
    h = 0
    while h < n:
        m = 2.0 ** (-(h + 1) / n)
        i = 0
        while i < T:
            j = 0
            while j < T:
                b[h, i, j] = -m * (i - j)
                j += 1
            i += 1
        h += 1
    return b
