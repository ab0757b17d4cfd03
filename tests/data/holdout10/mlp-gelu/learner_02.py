import torch
import torch.nn.functional as F


def mlp(x, w1, b1, w2, b2):
    lead = x.shape[:1]
    flat = x.reshape(-1, x.shape[-1])
    hid = F.silu(torch.addmm(b1, flat, w1))
    out = torch.addmm(b2, hid, w2)
    return out.reshape(*lead, w2.shape[1])
