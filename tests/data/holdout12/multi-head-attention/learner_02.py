import torch


def multi_head_attention(x, w_q, w_k, w_v, w_o, n_heads, mask=None):
    d = x.shape[-1]
    hs = d // n_heads
    Q, K, V = x @ w_q, x @ w_k, x @ w_v
    outs = []
    for i in range(n_heads):
        sl = slice(i, i + hs)
        att = Q[..., sl] @ K[..., sl].transpose(-2, -1) / hs ** 0.5
        if mask is not None:
            att = att.masked_fill(~mask, float("-inf"))
        att = torch.softmax(att, dim=-1)
        att = torch.nan_to_num(att)
        outs.append(att @ V[..., sl])
    return torch.cat(outs, dim=-1) @ w_o.T
