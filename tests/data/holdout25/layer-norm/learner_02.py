import torch


def layer_norm(x, gamma, beta, eps=1e-5):
    t0 = x.mean(dim=0, keepdim=True)          # %mu
    t1 = x - t0                                # %xc
    t2 = t1.pow(2)                             # %xc2
    t3 = t2.mean(dim=-1, keepdim=True)         # %var
    t4 = t3 + eps                              # %var_eps
    t5 = torch.rsqrt(t4)                       # %inv_std
    t6 = t1 * t5                               # %xhat
    t7 = t6 * gamma                            # %scaled
    t8 = t6 + beta                             # %y
    return t8
