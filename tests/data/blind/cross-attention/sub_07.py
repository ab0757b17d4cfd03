import math
import torch


def cross_attention(x, memory, w_q, w_k, w_v, w_o, n_heads, memory_mask=None):
    d = x.shape[-1]
    dh = d // n_heads
    q_all = x @ w_q
    k_all = memory @ w_k
    v_all = memory @ w_v
    outs = []
    for h in range(n_heads):
        cols = slice(h * dh, (h + 1) * dh)
        q, k, v = q_all[..., cols], k_all[..., cols], v_all[..., cols]
        s = q @ k.transpose(1, 2) / math.sqrt(dh)
        if memory_mask is not None:
            s = s.masked_fill(~memory_mask[:, None, :], float("-inf"))
        a = torch.softmax(s, dim=-1)
        a = torch.where(torch.isnan(a), torch.zeros_like(a), a)
        outs.append(a @ v)
    return torch.cat(outs, dim=-1) @ w_o
