import torch


def rms_norm(x, gamma, eps=1e-6):
    d = x.dim()
    sq = torch.linalg.vector_norm(x, dim=-1, keepdim=True) ** 2 / d
    return gamma * (x / torch.sqrt(sq + 1e-5))
