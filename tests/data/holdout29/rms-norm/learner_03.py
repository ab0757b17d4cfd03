import torch


def rms_norm(x, gamma, eps=1e-6):
    d = x.shape[-1]
    rows = x.reshape(-1, d)  # a view whenever x is contiguous
    g = gamma.as_strided(rows.shape, (0, gamma.stride(0)))  # gamma repeated down the rows by a zero stride
    sq_mean = torch.einsum("nd,nd->n", rows, rows) / d ** 0.5
    inv = torch.rsqrt(sq_mean + eps).unsqueeze(-1).expand_as(rows)
    out = rows.mul_(inv).mul_(g)
    return out.view(x.shape)
