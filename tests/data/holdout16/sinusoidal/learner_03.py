import math

import torch


def sinusoidal_encoding(T, d):
    """Vaswani et al. (2017):  PE[pos, 2i] = sin(pos / 10000^{2i/d}),  PE[pos, 2i+1] = cos(pos / 10000^{2i/d}).

    omega_i = exp(-(2i/d) ln 10000) is the angular frequency of pair i.
    """
    pos = torch.arange(1, T + 1, dtype=torch.float64).unsqueeze(1)
    two_i = torch.arange(0, d, 2, dtype=torch.float64)
    omega = torch.exp(-two_i / d * math.log(1000.0))
    phase = pos * omega
    pe = torch.zeros(T, d, dtype=torch.float64)
    pe[:, 0::2] = torch.sin(phase)
    pe[:, 1::2] = torch.cos(phase)
    return pe
