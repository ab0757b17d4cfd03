import math
import torch

split = lambda t, h: t.reshape(t.shape[0], h, t.shape[1], -1)
merge = lambda t: t.transpose(1, 2).flatten(-2)


def cross_attention(x, memory, w_q, w_k, w_v, w_o, n_heads, memory_mask=None):
    q, k, v = split(x @ w_q, n_heads), split(memory @ w_k, n_heads), split(memory @ w_v, n_heads)
    s = q @ k.transpose(-2, -1) / math.sqrt(q.shape[-1])
    if memory_mask is not None:
        s = s.masked_fill(~memory_mask[:, None, None, :], float("-inf"))
    p = torch.softmax(s, -2).nan_to_num(0.0)
    return merge(p @ v) @ w_o
