import torch


def rms_norm(x, gamma, eps=1e-6):
    """Scale by exp(-0.5 * log(E[x^2] + eps)): the second moment handled in log space."""
    second_moment = x.pow(2).mean(dim=-1, keepdim=True)
    log_scale = -0.5 * torch.log(second_moment + eps)
    return x * torch.exp(log_scale) * gamma
