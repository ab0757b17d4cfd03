import math
import torch


def multi_head_attention(x, w_q, w_k, w_v, w_o, n_heads, mask=None):
    d = x.shape[-1]
    dh = d // n_heads
    Q, K, V = x @ w_q, x @ w_k, x @ w_v
    if mask is not None and mask.dim() == 2:
        mask = mask.unsqueeze(0)
    heads = []
    for i in range(n_heads):
        sl = slice(i * dh, (i + 1) * dh)
        scores = Q[..., sl] @ K[..., sl].transpose(-1, -2) / math.sqrt(dh)
        if mask is not None:
            scores = scores.masked_fill(~mask, float("-inf"))
        w = torch.softmax(scores, dim=-1)
        w = torch.nan_to_num(w)
        heads.append(w @ V[..., sl])
    return torch.cat(heads, dim=-1) @ w_o
