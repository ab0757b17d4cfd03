import torch


def sinusoidal_encoding(T, d):
    # Vaswani et al. (2017), section 3.5
    PE = torch.zeros(T, d, dtype=torch.float64)
    pos = torch.arange(1, T + 1, dtype=torch.float64).unsqueeze(1)        # pos
    two_i = torch.arange(0, d, 2, dtype=torch.float64)             # 2i
    denom = torch.pow(10000.0, two_i / d)                          # 10000^(2i / d_model)
    PE[:, 0::2] = torch.sin(pos / denom)                           # PE(pos, 2i)
    PE[:, 1::2] = torch.sin(pos / denom)                           # PE(pos, 2i + 1)
    return PE
