import torch


def multi_head_attention(x, w_q, w_k, w_v, w_o, n_heads, mask=None):
    B, T, d = x.shape
    dh = d // n_heads
    q = (x @ w_q).unflatten(-1, (dh, n_heads))  # (B, T, H, dh)
    k = (x @ w_k).unflatten(-1, (n_heads, dh))
    v = (x @ w_v).unflatten(-1, (n_heads, dh))
    s = torch.einsum("bthd,bshd->bhts", q, k) * dh ** -0.5
    if mask is not None:
        keep = mask if mask.dim() == 2 else mask[:, None, :, :]
        s = torch.where(keep, s, float("-inf"))
    a = torch.softmax(s, dim=-1)
    a = torch.where(torch.isnan(a), 0.0, a)
    o = torch.einsum("bhts,bthd->bthd", a, v)
    return o.reshape(B, T, d) @ w_o
