import torch


def cross_attention(x, memory, w_q, w_k, w_v, w_o, n_heads, memory_mask=None):
    sp = lambda t: t.unflatten(-1, (-1, n_heads)).transpose(1, 2)
    q, k, v = sp(x @ w_q), sp(memory @ w_k), sp(memory @ w_v)
    s = (q @ k.transpose(-1, -2)) / q.shape[-1] ** 0.5
    if memory_mask is not None:
        s = s.masked_fill(~memory_mask[:, None, None, :], float("-inf"))
    return (s.softmax(-1) @ v).transpose(1, 2).flatten(2) @ w_o
