import torch


def grouped_query_attention(q, k, v, causal=False):
    b, hq, tq, d = q.shape
    hkv, tk = k.shape[1], k.shape[2]
    k = torch.repeat_interleave(k, hq // hkv, dim=1)
    v = torch.repeat_interleave(v, hq // hkv, dim=1)
    scores = torch.matmul(q, k.transpose(2, 3)) * d ** -0.5
    if causal:
        visible = torch.tril(torch.ones(tq, tk, dtype=torch.bool), diagonal=tk - tq - 1)
        scores = scores.masked_fill(~visible, float("-inf"))
    weights = torch.softmax(scores, dim=-1)
    weights = torch.where(torch.isnan(weights), torch.zeros_like(weights), weights)
    out = torch.matmul(weights, v)
    return out.transpose(1, 2)
