import torch


def rms_norm(x, gamma, eps=1e-6):
    """RMSNorm: see TASK.md."""
    ms = x.var(dim=-1, keepdim=True, unbiased=False)
    return gamma * x * torch.rsqrt(ms + eps)
