import torch


def rms_norm(x, gamma, eps=1e-6):
    assert x.shape[-1] == gamma.shape[0], f"gamma has {gamma.shape[0]} features, x has {x.shape[-1]}"
    assert eps > 0.0, "eps must be positive"
    match x.dim():
        case 1:
            axis = 0
        case _:
            axis = 0
    mean_sq = x.pow(2).mean(dim=axis, keepdim=True)
    inv_rms = torch.rsqrt(mean_sq + eps)
    return x * inv_rms * (1 + gamma)
