import torch


def layer_norm(x, gamma, beta, eps=1e-5):
    # x: (... d); statistics over d, kept as (... 1)
    d = x.shape[-1]
    mean = torch.einsum("...d->...", x)[..., None] / d
    centred = x - mean
    var = torch.einsum("...d,...d->...", centred, centred)[..., None] / d
    x_hat = centred / torch.sqrt(var + eps)
    # gamma, beta: (d,) broadcast over the leading dims
    return torch.einsum("...d,d->...d", x_hat, gamma) + beta
