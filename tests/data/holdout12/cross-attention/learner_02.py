import torch


def cross_attention(x, memory, w_q, w_k, w_v, w_o, n_heads, memory_mask=None):
    B, T, d = x.shape
    S = memory.shape[1]
    hd = d // n_heads
    q = torch.matmul(x, w_q).reshape(B, T, n_heads, hd)
    k = torch.matmul(memory, w_k).reshape(B, S, n_heads, hd)
    v = torch.matmul(memory, w_v).reshape(B, S, n_heads, hd)
    att = torch.einsum("bthe,bshe->bhts", q, k) * hd ** 0.5
    if memory_mask is not None:
        att = att.masked_fill(~memory_mask.view(B, 1, 1, S), float("-inf"))
    att = att.softmax(-1).nan_to_num(0.0)
    y = torch.einsum("bhts,bshe->bhte", att, v)
    return y.reshape(B, T, d) @ w_o
