import torch


def mlp(x, w1, b1, w2, b2):
    flat = x.reshape(-1, x.shape[-1])
    h = torch.mm(flat, w1)
    return torch.addmm(b2, h * torch.sigmoid(1.702 * h), w2).view(*x.shape[:-1], -1)
