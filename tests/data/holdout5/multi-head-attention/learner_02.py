import math
import torch


def multi_head_attention(x, w_q, w_k, w_v, w_o, n_heads, mask=None):
    B, T, d = x.shape
    dh = d // n_heads
    Q, K, V = x @ w_q, x @ w_k, x @ w_v
    if mask is not None and mask.dim() == 2:
        mask = mask.unsqueeze(0).expand(B, T, T)
    outs = []
    for h in range(n_heads):
        sl = slice(h * dh, (h + 1) * dh)
        s = Q[..., sl] @ K[..., sl].transpose(1, 2) / math.sqrt(dh)
        if mask is not None:
            s = s.masked_fill(~mask, float("-inf"))
        w = torch.softmax(s, dim=-1)
        w = torch.nan_to_num(w, nan=0.0)
        outs.append(w @ V[..., sl])
    return torch.cat(outs, dim=-1) @ w_o
