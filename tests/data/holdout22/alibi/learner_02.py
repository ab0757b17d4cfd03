import torch


def alibi_bias(n_heads, T):
    """ALiBi attention biases: see TASK.md."""
    H = n_heads
    n = T
    out = torch.empty((H, n, n), dtype=torch.float64)
    for h in range(H):
        m_h = 2.0 ** (-8.0 * h / H)
        for i in range(n):
            for j in range(n):
                out[h, i, j] = -m_h * abs(i - j)
    return out
