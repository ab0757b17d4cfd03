import torch


def cross_attention(x, memory, w_q, w_k, w_v, w_o, n_heads, memory_mask=None):
    d = x.shape[-1]
    hd = d // n_heads
    Q = x @ w_q
    K = memory @ w_k.T
    V = memory @ w_v
    heads = []
    for i in range(n_heads):
        sl = slice(i * hd, (i + 1) * hd)
        scores = Q[..., sl] @ K[..., sl].transpose(1, 2) / hd ** 0.5
        if memory_mask is not None:
            scores = scores.masked_fill(~memory_mask[:, None, :], float("-inf"))
        weights = torch.softmax(scores, dim=1)
        weights = torch.nan_to_num(weights, nan=0.0)
        heads.append(weights @ V[..., sl])
    return torch.cat(heads, dim=-1) @ w_o
