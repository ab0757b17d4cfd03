import torch


def rms_norm(x, gamma, eps=1e-6):
    """RMSNorm: see TASK.md."""
    d = x.shape[-1]
    flat = x.reshape(-1, d)
    n = flat.shape[0]
    out = flat
    for r in range(n):
        ss = torch.sum(flat[r] * flat[r])
        rms = torch.sqrt(ss / (d - 1) + eps)
        out[r] = flat[r] / rms * gamma
    return out.reshape(x.shape)
