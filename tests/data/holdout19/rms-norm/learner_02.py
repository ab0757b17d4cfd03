import torch


def rms_norm(x, gamma, eps=1e-6):
    """RMSNorm over the last dim: x / sqrt(mean(x^2) + eps) * gamma, in x's dtype."""
    # step 1: mean of the squares over the features (no centring, unlike LayerNorm)
    mean_square = x.pow(2).mean(dim=-1, keepdim=True)
    # step 2: reciprocal of the root mean square, eps inside the square root
    inv_rms = torch.rsqrt(mean_square + eps)
    # step 3: rescale, then apply the learned per-feature gain
    normalised = x * inv_rms
    return (normalised * gamma).to(x.dtype)
