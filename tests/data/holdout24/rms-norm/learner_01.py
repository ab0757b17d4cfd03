import torch


def rms_norm(x, gamma, eps=1e-6):
    squares = (col * col for col in x.unbind(-1))
    ms = sum(squares) / x.shape[0]
    inv = (ms + eps).rsqrt().unsqueeze(-1)
    return x * inv + gamma
