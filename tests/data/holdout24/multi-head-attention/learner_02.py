import torch


def multi_head_attention(x, w_q, w_k, w_v, w_o, n_heads, mask=None):
    B, T, d = x.shape
    dh = d // n_heads
    q, k, v = (x @ w for w in (w_q, w_k, w_v))
    allowed = None if mask is None else mask.expand(B, T, T)

    def head(i):
        cols = slice(i * dh, (i + 1) * dh)
        s = q[..., cols] @ k[..., cols].transpose(-2, -1) / d ** 0.5
        if allowed is not None:
            s = s.masked_fill(allowed, float("-inf"))
        p = torch.softmax(s, dim=1)
        return torch.nan_to_num(p, nan=0.0) @ v[..., cols]

    return torch.cat([head(i) for i in range(n_heads)], dim=-1) @ w_o
