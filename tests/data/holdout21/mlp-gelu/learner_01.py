import torch
import torch.nn.functional as F


def mlp(x, w1, b1, w2, b2):
    h = F.gelu(torch.addmm(b1, x.reshape(-1, x.size(-1)), w1), approximate='tanh')
    y = torch.addmm(b2, h, w2)
    return y.reshape(*x.shape[:-1], w2.size(-1))
