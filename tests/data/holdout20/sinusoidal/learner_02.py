import torch


def sinusoidal_encoding(T, d):
    # pos: (t,), two_i: (k,) with k = d / 2
    pos = torch.arange(T, dtype=torch.float64)
    two_i = torch.arange(0, d // 2, dtype=torch.float64)
    inv_freq = 10000.0 ** (-two_i / d)
    # angles[t, k] = pos[t] * inv_freq[k]
    angles = torch.einsum("t,k->tk", pos, inv_freq)
    # stack to (t k two), flatten to (t (k two)): sin on even columns, cos on odd ones
    pe = torch.cat([torch.sin(angles), torch.cos(angles)], dim=-1)
    return pe.reshape(T, d)
