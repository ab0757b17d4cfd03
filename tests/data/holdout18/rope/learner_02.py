import torch


def apply_rope(x, positions=None, base=10000.0):
    T, d = x.shape[-2], x.shape[-1]
    m = torch.arange(T, device=x.device)
    m = m.to(torch.float64)
    i = torch.arange(d // 2, dtype=torch.float64, device=x.device)
    theta = base ** (-2.0 * i / d)                       # theta_i = base^(-2i/d)
    m_theta = m[:, None] * theta[None, :]                # (T, d/2): m * theta_i
    cos_mt = torch.cos(m_theta).to(x.dtype)
    sin_mt = torch.sin(m_theta).to(x.dtype)
    x_2i = x[..., 0::2]                                  # x_{2i}
    x_2i1 = x[..., 1::2]                                 # x_{2i+1}
    y_2i = x_2i * cos_mt - x_2i1 * sin_mt
    y_2i1 = x_2i * sin_mt + x_2i1 * cos_mt
    return torch.cat((y_2i, y_2i1), dim=-1)
