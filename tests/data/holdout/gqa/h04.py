import torch


def grouped_query_attention(q, k, v, causal=False):
    n_rep = q.size(1) // k.size(1)
    k = k.repeat_interleave(n_rep, dim=1)
    v = v.repeat_interleave(n_rep, dim=1)
    Tq, Tk = q.size(2), k.size(2)
    att = q @ k.transpose(-2, -1) / (q.size(-1) ** 0.5)
    if causal:
        causal_mask = torch.tril(torch.ones(Tq, Tk, dtype=torch.bool))
        att = att.masked_fill(~causal_mask, float("-inf"))
    att = torch.softmax(att, dim=-1)
    att = torch.nan_to_num(att, nan=0.0)
    return att @ v
