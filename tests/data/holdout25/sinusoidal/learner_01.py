import torch


def sinusoidal_encoding(T, d):
    t0 = torch.arange(T, dtype=torch.float64)[:, None]                  # %pos   (T, 1)
    t1 = torch.arange(0, d, 2, dtype=torch.float64)                     # %2i    (d/2,)
    t2 = t1 / d                                                         # %2i/d
    t3 = torch.pow(torch.tensor(10000.0, dtype=torch.float64), t2)      # %10000^(2i/d)
    t4 = t0 / t3                                                        # %angle (T, d/2)
    t5 = torch.sin(t4)                                                  # %sin
    t6 = torch.cos(t4)                                                  # %cos
    t7 = torch.stack((t5, t6), dim=-1)                                  # %pairs (T, d/2, 2)
    t8 = t7.reshape(T, d)                                               # %pe    (interleaved)
    return t8
