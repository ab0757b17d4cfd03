import math
import torch


def cross_attention(x, memory, w_q, w_k, w_v, w_o, n_heads, memory_mask=None):
    d = x.shape[-1]
    hd = d // n_heads
    Q = torch.einsum("btd,de->bte", x, w_q)
    K = torch.einsum("bsd,de->bse", memory, w_k)
    V = torch.einsum("bsd,de->bse", memory, w_v)
    heads = []
    for h in range(n_heads):
        q, k, v = (t[..., h * hd:(h + 1) * hd] for t in (Q, K, V))
        s = torch.einsum("btc,bsc->bts", q, k) / math.sqrt(hd)
        if memory_mask is not None:
            s = s.masked_fill(~memory_mask[:, :, None], -float("inf"))
        p = torch.softmax(s, dim=-1)
        heads.append(torch.nan_to_num(p, nan=0.0) @ v)
    return torch.cat(heads, dim=-1) @ w_o
