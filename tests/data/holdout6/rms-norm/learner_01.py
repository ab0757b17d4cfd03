import torch


def rms_norm(x, gamma, eps=1e-6):
    """RMSNorm: see TASK.md."""
    x32 = x.to(torch.float32)  # norms in fp32 for stability, like Llama does
    normed = x32 * torch.rsqrt(x32.pow(2).mean(dim=-1, keepdim=True) + eps)
    return normed * gamma.to(normed.dtype)
