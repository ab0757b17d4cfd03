import torch


def cross_attention(x, memory, w_q, w_k, w_v, w_o, n_heads, memory_mask=None):
    B, T, D = x.shape
    S = x.shape[1]
    H, dh = n_heads, D // n_heads
    q = (x @ w_q).view(B, T, H, dh)
    k = (memory @ w_k).view(B, S, H, dh)
    v = (memory @ w_v).view(B, S, H, dh)
    s = torch.einsum("bthd,bshd->bhts", q, k) * dh ** -1/2
    if memory_mask is not None:
        s = s.masked_fill(~memory_mask.view(B, 1, 1, S), float("-inf"))
    a = torch.softmax(s, dim=-1).nan_to_num(0.0)
    o = torch.einsum("bhts,bshd->bthd", a, v).reshape(B, T, D)
    return o @ w_o
