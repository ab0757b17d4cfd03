import math
import torch


def multi_head_attention(x, w_q, w_k, w_v, w_o, n_heads, mask=None):
    d = x.shape[-1]
    d_head = d // n_heads
    Q, K, V = x @ w_q, x @ w_k, x @ w_v
    outs = []
    for h in range(n_heads):
        sl = slice(h * d_head, (h + 1) * d_head)
        att = Q[..., sl] @ K[..., sl].transpose(-1, -2) / math.sqrt(d_head)
        if mask is not None:
            att = att.masked_fill(~mask, -1e9)
        att = torch.softmax(att, dim=-1)
        att = torch.where(torch.isnan(att), torch.zeros_like(att), att)
        outs.append(att @ V[..., sl])
    return torch.cat(outs, dim=-1) @ w_o
